"""Bites, stings and mild injuries where what decides the level comes out only when it is asked
(stop 41): the opening names the bite or the injury and little else, and the patient tells the
danger sign, the broken skin or the weight it takes only in answer to a question. Written before
any change of stop 41; ``DEV`` is tuned on, ``HELD_OUT`` is measured once at the start and once
at the end.

A row: the opening, the patient's replies (the first rule whose words appear in the question is
typed; "no" otherwise) and what a triage nurse would conclude ("home", "seen", "emergency", as
in ``tests/bots/minor_care_table.py``). The words a rule listens for are the ones any way of
asking would use (lips, throat, breathe, skin, bleed, weight, walk), not one question's text.
"""

from __future__ import annotations

from tests.bots.minor_care_table import Replies, Row

_SCALES: Replies = (
    (("how intense", "how severe", "scale", "how much"), "3"),
    (("how precisely",), "5"),
    (("how fast",), "6"),
)
_AIRWAY = ("lips", "tongue", "throat", "mouth", "breath", "swallow", "faint", "dizzy", "wheez")
_SKIN = ("break the skin", "broke the skin", "broken the skin", "bleed", "blood", "puncture")
_WEIGHT = ("weight", "walk", "stand", "move it", "use it", "use your", "move your")
_SPREAD = ("spread", "fever", "temperature", "hot", "pus", "streak")


def _where(where: str) -> Replies:
    return (
        (("where", "located", "which part"), where),
        (("swelling", "swollen"), "yes a bit"),
        (("rash", "lesion", "skin"), f"yes on my {where}"),
    )


DEV: list[Row] = [
    (
        "got stung by a bee on my finger while gardening, its a bit puffy and sore",
        (*_SCALES, *_where("finger"), (_AIRWAY, "no nothing like that")),
        "home",
    ),
    (
        "mozzie bites all over my legs from the holiday, they wont stop itching",
        (*_SCALES, *_where("legs"), (("itch",), "yes so itchy"), (_AIRWAY, "no")),
        "home",
    ),
    (
        "a wasp got me on the arm about 5 minutes ago, it really hurts",
        (*_SCALES, (_AIRWAY, "yes my throat feels tight and its hard to swallow"), *_where("arm")),
        "emergency",
    ),
    (
        "bee sting on my neck just now and i feel a bit weird",
        (
            *_SCALES,
            (_AIRWAY, "yeah im feeling really lightheaded like i might faint"),
            *_where("neck"),
        ),
        "emergency",
    ),
    (
        "my friends dog bit my hand when i went to stroke it",
        (
            *_SCALES,
            (_SKIN, "yes there are two puncture marks and it bled quite a bit"),
            *_where("hand"),
        ),
        "seen",
    ),
    (
        "the cat nipped my finger when i picked her up",
        (*_SCALES, (_SKIN, "no it didnt break the skin, just a red mark"), *_where("finger")),
        "home",
    ),
    (
        "hurt my ankle coming down the stairs this morning, its swollen",
        (*_SCALES, (_WEIGHT, "no i cant put any weight on it at all"), *_where("ankle")),
        "seen",
    ),
    (
        "twisted my knee playing football yesterday, its sore",
        (*_SCALES, (_WEIGHT, "yes i can walk on it, just limping a bit"), *_where("knee")),
        "home",
    ),
    (
        "i got bitten by something on my leg a few days ago",
        (*_SCALES, (_SPREAD, "yes the redness is spreading up my leg and its hot"), *_where("leg")),
        "seen",
    ),
    (
        "horsefly bite on my thigh from yesterday, big lump",
        (*_SCALES, (_SPREAD, "no its not spreading and no fever"), *_where("thigh")),
        "home",
    ),
]

HELD_OUT: list[Row] = [
    (
        "stung by something on my ankle at the park, sore and a bit swollen",
        (*_SCALES, *_where("ankle"), (_AIRWAY, "no im fine apart from the sting")),
        "home",
    ),
    (
        "wasp sting on my face about 10 mins ago",
        (*_SCALES, (_AIRWAY, "my lips are starting to swell up actually"), *_where("cheek")),
        "emergency",
    ),
    (
        "got bitten by a spider i think, on my arm",
        (*_SCALES, (_AIRWAY, "no"), (_SPREAD, "no just a small red bump"), *_where("arm")),
        "home",
    ),
    (
        "a dog bit my leg when i was out running",
        (*_SCALES, (_SKIN, "yeah the teeth went in and its bleeding"), *_where("calf")),
        "seen",
    ),
    (
        "fell off the trampoline and hurt my wrist",
        (*_SCALES, (_WEIGHT, "i can move it but it hurts, i can still use it"), *_where("wrist")),
        "home",
    ),
    (
        "jammed my finger in the car door, its throbbing",
        (
            *_SCALES,
            (_WEIGHT, "no i cant bend it at all and it looks a funny shape"),
            *_where("finger"),
        ),
        "seen",
    ),
    (
        "bitten by ants on my feet, lots of little bumps",
        (*_SCALES, *_where("feet"), (("itch",), "yes"), (_AIRWAY, "no")),
        "home",
    ),
    (
        "bee stung me on the hand a couple of minutes ago",
        (*_SCALES, (_AIRWAY, "i am a bit wheezy and it feels hard to breathe"), *_where("hand")),
        "emergency",
    ),
]
