"""What a triage nurse says about bites, stings and mild injuries (stop 40).

The patient-intake pack's causes come from DDXPlus, whose population holds no insect bite, no
sting, no animal bite and no sprain. Its differential for "a wasp got my hand, red and puffy"
leads with anaphylaxis (an emergency), and for "rolled my ankle, I can walk on it" with some
cause it cannot rule out ("seek care today"). Neither is what the patient needs. This is the
reviewed table a nurse's telephone triage uses for these complaints (NHS 111's bites and
stings, animal bites and sprains pathways, simplified), read from the patient's own words the
way emergencies are (:func:`bots.safety.emergency.read_kinds`: normalised, clause by clause, a
negated, hypothetical or past sign discarded):

========================  =======================================================  ==========
complaint                 sign                                                     level
========================  =======================================================  ==========
bite or sting             swelling lips/tongue/throat/face, trouble breathing or   emergency
                          swallowing, wheeze, faint or dizzy, hives all over
                          (the emergency reader's anaphylaxis; here too so that
                          the level never falls below it)
bite or sting             a snake; a sting inside the mouth or throat              emergency
bite or sting             spreading redness, a red streak, hot, pus, a fever       urgent
tick bite                 a ring or bullseye rash, a fever or flu-like aches       urgent
animal or human bite      through the skin (bled, a puncture, deep); a bat         urgent
injury                    takes no weight, cannot move or use it, a crack or       urgent
                          snap heard, out of shape, numb or cold; a knock to the
                          head
bite or sting, injury     none of the above                                        self-care
========================  =======================================================  ==========

The level is the table's, not the differential's (which knows no such cause); the curated
emergency and urgent readers, red flags and a companion sign (chest pain, breathlessness,
sweating, a faint: :mod:`bots.safety.flag_context`) still come first
(:func:`bots.conversation.safety.triage`). The advice says plainly that the intake has no
diagnosis for the complaint.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping
from dataclasses import dataclass

from bots.safety import emergency, flag_context, urgent
from bots.safety.emergency import Rule, normalise, read_kinds

__all__ = ["Care", "minor_care", "said_of", "signs_said"]

_INSECT = (
    r"mosquito\w*|mozzie\w*|midges?|gnats?|bees?|bumble ?bees?|wasps?|hornets?|horse ?fly|"
    r"horse ?flies|flies|fly|ants?|spiders?|fleas?|bed ?bugs?|insects?|bugs?|jelly ?fish|"
    r"(?:a|the) ticks?|nettles?"
)
_ANIMAL = (
    r"dogs?|puppy|pup|cats?|kitten|hamsters?|rats?|mouse|mice|ferrets?|fox|horses?|parrot|"
    r"rabbit|guinea pig|monkey"
)
# "bit" is a bite only with what it bit: "a bit swollen", "she is a bit off" are not.
_BIT = r"bit (?:me|my|him|his|her|us|them|into|through)|nipped (?:me|my|him|his|her)"
_BITE = rf"{_BIT}|bites?|bitten|stings?|stung"
CONCEPTS: Mapping[str, str] = {
    # A bite or sting by an insect, spider, tick or jellyfish: the creature and the bite in
    # one clause, or a bite said of the body ("bites on my legs"). A "stinging pain", "it
    # stings when I pee" or "something a bit off" is no bite.
    "insect": (
        rf"\b(?:{_INSECT}) (?:\w+ ){{0,2}}(?:{_BITE})\b|\b(?:bitten|stung) (?:\w+ ){{0,3}}by "
        rf"(?:\w+ ){{0,3}}(?:{_INSECT}|something)\b|\bbites? (?:on|all over|up|down) "
        rf"(?:my|his|her)\b|\bgot (?:bitten|stung)\b|\bi (?:was|been|got|have been) (?:bitten|"
        rf"stung)\b|\bstung (?:me|my|on)\b|\bsomething (?:has |must have )?(?:{_BIT}|bitten|"
        rf"stung)\b|\beaten alive\b|\bticks? bites?\b|\b(?:{_INSECT}) got (?:me|my|him|his|her)\b"
    ),
    # An animal's or a person's bite ("the dog bit me", "bitten by next door's cat", "my
    # toddler bit my arm"); "he bites his nails" is no bite.
    "animal_bite": (
        rf"\b(?:{_ANIMAL}) (?:\w+ ){{0,2}}(?:{_BITE})\b|\b(?:child|toddler|kid|son|daughter|"
        rf"baby|person|someone|somebody|he|she|they) (?:\w+ ){{0,2}}(?:{_BIT})\b|\bbitten by "
        rf"(?:a |an |the |my |our |\w+ ){{0,2}}(?:{_ANIMAL}|child|toddler|kid|person|someone)\b|"
        rf"\b(?:dog|cat|animal|human) bites?\b"
    ),
    "bat": r"\bbats?\b",
    "snake": r"\bsnakes?\b|\badders?\b|\bvipers?\b|\brattle ?snake\b",
    "tick": r"\b(?:a|the) ticks?\b|\bticks? bites?\b",
    "in_mouth": (
        r"\b(?:stung|bitten|bit) (?:\w+ ){0,2}(?:in|on|inside) (?:my |the |his |her )?"
        r"(?:mouth|throat|tongue)\b|\bswallowed a (?:bee|wasp|hornet)\b"
    ),
    "anaphylaxis": (
        emergency.CONCEPTS["swelling_airway"]
        + "|"
        + emergency.CONCEPTS["swelling_face"]
        + "|"
        + urgent.CONCEPTS["breath"]
        + "|"
        + flag_context.CONCEPTS["faint"]
        + r"|\bwheez\w*|\bdizzy\b|\blight ?headed\b|\bwoozy\b|\bhives (?:all over|everywhere)\b|"
        r"\b(?:whole|entire) body\b|\ball over (?:my )?body\b"
    ),
    "infection": (
        r"\bspread\w* (?:\w+ ){0,3}(?:red\w*|up|out|further)\b|\bred\w* (?:\w+ ){0,3}spread\w*|"
        # A red line that tracks away from the bite; a jellyfish's lines where it touched are not.
        r"\bred (?:line|streak)s? (?:\w+ ){0,2}(?:up|spreading|going|tracking|moving)\b|"
        r"\b(?:it is|its|it\'s|feels?|gone|getting|red and|"
        r"swollen and) (?:\w+ ){0,1}(?:hot|warm)\b|\bhot to (?:the )?touch\b|\bpus\b|\boozing\b|"
        r"\bweeping\b|"
        r"\bfevers?\b|\bhigh temp\w*|\btemperature\b|\bshiver\w*|\bshaky and hot\b"
    ),
    "lyme": (
        r"\brings?\b|\bbulls? ?eye\b|\btarget\b|\bcircle\b|\bfevers?\b|\btemperature\b|"
        r"\bflu ?like\b|\bfluey\b|\bflu\b|\bachy joints\b|\bjoints? (?:ache|aching|hurt\w*)\b"
    ),
    "broke_skin": (
        r"\bbroke (?:the )?skin\b|\bbroken (?:the )?skin\b|\bbreak (?:the )?skin\b|"
        r"\bthrough (?:the |my )?skin\b|"
        r"\bbled\b|\bbleed\w*|\bblood\b|\bpunctur\w*|\bdeep\b|"
        r"\bteeth (?:marks? )?(?:went|sank|go)\b|"
        r"\bholes?\b|\bgash\w*|\bopen wound\b|\btorn\b|\bripped\b"
    ),
    # Signs of an illness said beside an injury ("fell over last week and since then a
    # fever and a cough"): the pack's causes, not the sprain table, decide.
    "illness": (
        r"\bfevers?\b|\btemperature\b|\bcough\w*|\bvomit\w*|\bbeing sick\b|\bthrow\w* up\b|"
        r"\bdiarrh?o?ea\b|\bheadaches?\b|\brash\b|\bsore throat\b|\bflu\b|\bfluey\b|"
        r"\bshiver\w*|\bnight sweats\b|\bweight loss\b|\bchest\b|\bstomach\b|\btummy\b|"
        r"\bbelly\b|\babdom\w*|\bpee\b|\burin\w*|\bblood\b"
    ),
    "injury": flag_context.CONCEPTS["hurt"]
    + r"|\brolled (?:my|his|her|an?) \w+\b|\bwent over on\b|\bgone over on\b|\bstubbed\b|"
    r"\bjammed\b|\bpulled (?:\w+ ){0,2}(?:muscle|hamstring|calf|groin|back)\b",
    "serious_injury": (
        r"\b(?:can not|cannot|unable to|could not) (?:\w+ ){0,3}(?:weight|walk|stand|move|"
        r"use|grip|bend|straighten|lift|hold)\b|\bno weight\b|"
        r"\b(?:can )?(?:barely|hardly|only just) (?:\w+ ){0,2}(?:walk|hobble|stand|limp|move)\b|"
        r"\bheard (?:a |it )?(?:crack|snap|"
        r"pop|crunch)\w*|\b(?:crack|snap)(?:ed)? (?:sound|noise)\b|\bdeformed\b|"
        r"\bwrong (?:shape|angle|way)\b|\bout of (?:shape|place)\b|\bbent\b|\bsticking out\b|"
        r"\bbone (?:showing|through)\b|\bnumb\w*|\bpins and needles\b|\btingl\w*|"
        r"\b(?:cold|blue|white) (?:and \w+ )?(?:toes|fingers|foot|hand)\b|\bmassive\w*|"
        r"\bhuge\b|\bballooned\b|\b(?:hit|bang\w*|knock\w*|bash\w*|smack\w*) (?:\w+ ){0,2}head\b"
    ),
}
_COMPILED = {name: re.compile(pattern) for name, pattern in CONCEPTS.items()}
RULES: Mapping[str, tuple[Rule, ...]] = {name: (Rule((name,)),) for name in CONCEPTS}
_OWN_NEGATION = frozenset({"anaphylaxis", "serious_injury"})
# What bit or what happened is the complaint even when it was last month ("tick bite last
# month and now a fever"), and a sign of what follows a bite is read in that same sentence:
# the past does not discard them (negation still does).
_CLASSES = frozenset(
    {"insect", "tick", "animal_bite", "bat", "snake", "injury", "lyme", "infection"}
)

_NO_DIAGNOSIS = (
    "The questions I ask come from a medical dataset that has no {what} in it, so I can't "
    "suggest a cause; this is what a nurse would usually advise."
)
_BITE_HOME = (
    "For a bite or sting with a local swelling and itch: wash it, hold something cold on it, "
    "keep the area raised, try not to scratch, and ask a pharmacist about an antihistamine or "
    "a cream. If your lips, tongue or throat swell, it gets hard to breathe or swallow, or you "
    "feel faint, call emergency services (112 or 911) at once. See a doctor if the redness "
    "spreads, it oozes, or you get a fever."
)
_TICK_HOME = (
    "After a tick bite: if any of the tick is still in, remove it with fine tweezers close to "
    "the skin and wash the area. Watch the skin for the next month: see a doctor if a red ring "
    "or spreading rash appears, or you get a fever or flu-like aches."
)
_ANIMAL_HOME = (
    "For an animal bite that did not break the skin: wash it with soap and water. Get it seen "
    "today if the skin is broken, it bleeds, or it becomes red, hot or swollen."
)
_INJURY_HOME = (
    "For a sprain or strain you can still put weight on or use: rest it for a day or two, hold "
    "ice wrapped in a towel on it for up to 20 minutes every few hours, keep it raised, and ask "
    "a pharmacist about pain relief. Get it seen today if you can no longer put weight on it or "
    "use it, it looks out of shape, or it goes numb; see your doctor if it is not improving "
    "after a week."
)
_SEEN = {
    "bite": "A bite through the skin needs to be cleaned and checked today (antibiotics, tetanus).",
    "bat": "A bat bite or scratch needs to be seen today, even a small one (rabies).",
    "infection": "Spreading redness, heat, pus or a fever after a bite or sting can be an "
    "infection that needs to be seen today.",
    "lyme": "A ring-shaped rash or a fever after a tick bite needs to be seen by a clinician "
    "(today or at the first appointment): it may need antibiotics.",
    "injury": "An injury that takes no weight, will not move, looks out of shape, went numb or "
    "came with a knock to the head needs to be checked today (an X-ray, a minor injuries unit "
    "or urgent care).",
}


@dataclass(frozen=True)
class Care:
    """The table's answer: what the complaint is (for the log and the nurse), its level, and
    what to tell the patient (honest that the pack has no diagnosis for it)."""

    complaint: str
    level: str
    advice: tuple[str, ...]
    # Which of the table's complaints ("insect", "tick", "animal", "injury"): what the nurse
    # asks about it (bots.conversation.nurse_questions).
    kind: str = ""


def said_of(text: str, sign: str) -> bool:
    """Whether ``text`` speaks of the table's ``sign`` at all, said or denied ("it didn't
    break the skin" answers "did it break the skin?" as much as "it bled" does)."""
    return _COMPILED[sign].search(normalise(text)) is not None


def signs_said(text: str) -> frozenset[str]:
    """The table's signs and classes ``text`` says (negated ones discarded)."""
    return frozenset(
        read_kinds(text, _COMPILED, RULES, qualifiers=_CLASSES, own_negation=_OWN_NEGATION)
    )


def minor_care(text: str, told: Collection[str] = ()) -> Care | None:
    """The nurse's level and advice for a bite, sting or mild injury said in ``text`` (what
    the patient typed in the case), or None when none is said. ``told``: the table's signs
    the patient affirmed in answer to the nurse's own questions (a bare "yes" to "did it
    break the skin?" says no sign in words)."""
    found = set(signs_said(text)) | set(told)
    sting = bool(found & {"insect", "tick", "snake"})
    animal = bool(found & {"animal_bite"}) or ("bat" in found and "insect" in found)
    if sting or animal:
        what = "animal bites" if animal else "insect bites or stings"
        note = _NO_DIAGNOSIS.format(what=what)
        kind = "animal" if animal else "tick" if "tick" in found else "insect"
        if "snake" in found or "in_mouth" in found or "anaphylaxis" in found:
            return Care("bite or sting", "emergency", (note,), kind)
        seen = [
            _SEEN[key]
            for key, holds in (
                ("bat", "bat" in found),
                ("bite", animal and "broke_skin" in found),
                ("lyme", "tick" in found and "lyme" in found),
                ("infection", "infection" in found),
            )
            if holds
        ]
        if seen:
            return Care("bite or sting", "urgent", (note, *seen), kind)
        home = _TICK_HOME if "tick" in found else _ANIMAL_HOME if animal else _BITE_HOME
        return Care("bite or sting", "self-care", (note, home), kind)
    if "injury" in found and "illness" not in found:
        note = _NO_DIAGNOSIS.format(what="sprains, strains or other injuries")
        if "serious_injury" in found:
            return Care("injury", "urgent", (note, _SEEN["injury"]), "injury")
        return Care("injury", "self-care", (note, _INJURY_HOME), "injury")
    return None
