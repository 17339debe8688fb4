# ruff: noqa: E501  (a data table: one row a line)
"""Cuts and grazes, skin contact reactions (nettles, plants, a new product) and sunburn, as
patients type them (stop 43): complaints DDXPlus, the patient-intake pack's knowledge, has no
cause for (stop 42: lead17's onion cut, lead18's paper cut, lead17's nettle rash and lead18's
sunburn were asked 15-18 of the pack's questions and never concluded). Written before any
change of stop 43; ``DEV`` is developed on, ``HELD_OUT`` is measured once at the end.

A row, as in ``tests/bots/minor_care_table.py``: the opening, the patient's replies (the first
rule whose words appear in the question is typed; "no" otherwise) and what a triage nurse
would say (NHS 111's cuts, sunburn and skin-reaction advice, simplified):

- ``"home"``: a small clean cut whose bleeding stopped, a graze, sunburn without blisters over a
  large area or feeling unwell, a nettle or contact rash with nothing away from the skin;
- ``"seen"``: care today: a cut that gapes, is deep, numb beyond it, or was from something
  dirty or rusty; sunburn blistered over a large area, or with a fever, shivers, dizziness or
  sickness; a contact rash that spreads, blisters and weeps, or is hot with pus;
- ``"emergency"``: bleeding that will not stop with pressure; sunburn with confusion or
  fainting; a contact reaction with the face, lips or tongue swelling or trouble breathing.

The words a rule listens for are the ones any way of asking would use (bleed, stop, gape,
numb, dirty, blister, fever, dizzy, lips, breathe), not one question's text. A "home" row
answers the bleeding question "stopped": "no" there is the sign.
"""

from __future__ import annotations

from tests.bots.minor_care_table import Replies, Row

_SCALES: Replies = (
    (("how intense", "how severe", "scale", "how much"), "3"),
    (("how precisely",), "5"),
    (("how fast",), "6"),
)
_BLEED = ("bleed", "blood", "stopped")
_CUT = ("gap", "open", "numb", "dirty", "rust", "deep", "tingl", "feeling", "stitch", "soil")
_SUN = ("blister", "fever", "temperature", "dizzy", "confus", "sick", "shiver", "faint", "unwell")
_AIRWAY = (
    "lips",
    "tongue",
    "throat",
    "mouth",
    "breath",
    "swallow",
    "face",
    "faint",
    "dizzy",
    "wheez",
)
_SPREAD = ("spread", "fever", "temperature", "hot", "pus", "weep", "blister")

DEV: list[Row] = [
    (
        "cut my finger chopping onions, its only small but it keeps oozing a bit",
        (*_SCALES, (_BLEED, "yes its stopped now"), (_CUT, "no its a small clean cut")),
        "home",
    ),
    (
        "sliced my palm open on a broken glass washing up, its been pouring blood for 20 mins even with a towel pressed on it",
        (*_SCALES, (_BLEED, "no it wont stop")),
        "emergency",
    ),
    (
        "caught my leg on a rusty nail in the shed, not a big cut",
        (*_SCALES, (_BLEED, "yes its stopped"), (_CUT, "it was a rusty old nail")),
        "seen",
    ),
    (
        "cut my thumb on a tin lid, it's quite deep and the edges gape open",
        (*_SCALES, (_BLEED, "yeah mostly stopped")),
        "seen",
    ),
    (
        "grazed both knees coming off my bike, they sting like mad",
        (*_SCALES, (_BLEED, "yes stopped ages ago"), (_CUT, "no just grazes, ive washed them")),
        "home",
    ),
    ("paper cut on my finger, annoyingly sore", (*_SCALES, (_BLEED, "yes"), (_CUT, "no")), "home"),
    (
        "got sunburnt at the beach yesterday, my shoulders are red and sore",
        (
            *_SCALES,
            (_SUN, "no, just sore"),
        ),
        "home",
    ),
    (
        "badly sunburnt all over my back, its come up in big blisters and i feel shivery",
        (*_SCALES,),
        "seen",
    ),
    (
        "fell asleep in the sun in the garden and burnt my face and arms, now i feel dizzy and a bit sick",
        (*_SCALES,),
        "seen",
    ),
    (
        "my husband got really sunburnt at the cricket and now hes confused and not making sense",
        (*_SCALES,),
        "emergency",
    ),
    (
        "fell in a patch of nettles, my legs are covered in itchy white bumps",
        (*_SCALES, (_AIRWAY, "no nothing like that"), (_SPREAD, "no")),
        "home",
    ),
    (
        "brushed against some plant in the garden and my arm came up in an itchy red rash, and now my lips are swelling",
        (*_SCALES,),
        "emergency",
    ),
    (
        "new washing powder and now ive got an itchy rash on my tummy",
        (*_SCALES, (_AIRWAY, "no its just my tummy"), (_SPREAD, "no")),
        "home",
    ),
]

HELD_OUT: list[Row] = [
    (
        "nicked my finger with a kitchen knife, bled a fair bit but its stopped now",
        (*_SCALES, (_CUT, "no its clean and closed up")),
        "home",
    ),
    (
        "stood on a rusty bit of metal in the garden barefoot, it went into my foot",
        (*_SCALES, (_BLEED, "yes its stopped")),
        "seen",
    ),
    (
        "cut my hand on a tin can and its numb past the cut, cant feel my fingertip properly",
        (*_SCALES, (_BLEED, "yes its stopped")),
        "seen",
    ),
    (
        "my son cut his knee open on the patio, blood everywhere and it wont stop even pressing on it",
        (*_SCALES,),
        "emergency",
    ),
    (
        "scraped my elbow on the pavement when i tripped, just a graze",
        (*_SCALES, (_BLEED, "yep stopped"), (_CUT, "no")),
        "home",
    ),
    (
        "red raw from the sun after the festival, my neck and arms are burning",
        (*_SCALES, (_SUN, "no none of that")),
        "home",
    ),
    (
        "sunburn on my legs has blistered really badly, most of both legs, and ive got a temperature",
        (*_SCALES,),
        "seen",
    ),
    (
        "touched some nettles while weeding, my hand is tingly and bumpy",
        (*_SCALES, (_AIRWAY, "no"), (_SPREAD, "no")),
        "home",
    ),
    (
        "rash where my new watch strap sits, and now my face and lips have puffed up and im wheezy",
        (*_SCALES,),
        "emergency",
    ),
    (
        "been pulling weeds and got a blistery rash on my forearms where the plants touched, its spreading and weeping",
        (*_SCALES, (_AIRWAY, "no")),
        "seen",
    ),
]
