"""Hazards a troubleshooting user mentions: smoke from a laptop, brakes that sink to the floor.

A helpdesk that answers "Is the AC adapter humming?" to someone whose charger is smoking has
missed the one thing that matters. The troubleshooting packs (FloDial charts) declare no red
flags, and their questions are not the place for it: a hazard is said in the user's own words,
often in the opening. So each message in a troubleshooting pack is read for a short list of
hazards, and the first mention of each gets one line of safety advice before the reply; the
troubleshooting goes on (the user may still need the fix, and nothing here is a diagnosis).
A negated mention ("no smoke or anything") does not count.

Patients have their own, much larger emergency reading (:mod:`bots.safety.emergency`); this
module never runs in a patient pack.
"""

from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass(frozen=True)
class Hazard:
    kind: str
    pattern: re.Pattern[str]
    advice: str
    # False where the words are themselves a negation ("brakes don't work", "can't stop").
    negatable: bool = True
    # Words anywhere in the message that make the mention harmless (see its use).
    unless: re.Pattern[str] | None = None


def _rx(*alternatives: str) -> re.Pattern[str]:
    return re.compile(r"\b(?:" + "|".join(alternatives) + r")")


_W = r"(?:[a-z0-9']+ ){0,4}"  # up to four words between

WHEELS_ADVICE = (
    "Safety first: don't drive the car until the steering and wheels have been checked; if "
    "it has to be moved, have it towed."
)

BRAKES_ADVICE = (
    "Safety first: don't drive the car until the brakes have been checked; if it has to be "
    "moved, have it towed."
)

HAZARDS: tuple[Hazard, ...] = (
    Hazard(
        "fire",
        _rx(
            r"smok(?:e|es|ed|ing)\b",
            r"burn(?:ing|t|ed)? (?:plastic |rubber |electrical )?(?:smell|smells|smelling|odou?r)",
            r"smell\w* (?:of |like )?(?:something )?(?:burn|burning|burnt|melting|plastic)",
            r"sparks?\b",
            r"sparking",
            r"flames?\b",
            r"on fire",
            r"caught fire",
            r"melt(?:ed|ing)\b",
            r"scorch(?:ed|ing)? (?:mark|marks)",
            # Arcing at the mains end; "the screen flashes" or "speakers crackle" are not fire.
            r"(?:charger|plug|socket|adapter|cable|power brick|brick|lead|port|jack) "
            + _W
            + r"(?:crackl\w*|arc(?:s|ed|ing)\b|flash\w*|pop(?:s|ped|ping)?\b|bang\w*)",
            r"(?:crackl\w*|arcing|flash\w*|pop|bang) " + _W + r"(?:from|in|at|out of) the "
            r"(?:charger|plug|socket|adapter|cable|power brick|brick|lead|port|jack)",
        ),
        "Safety first: if you see smoke, sparks or smell burning, unplug it at the wall and "
        "don't use it until it has been checked. If there are flames, get away from it and call "
        "the fire service.",
    ),
    Hazard(
        "battery",
        _rx(
            r"battery " + _W + r"(?:swell\w*|swollen|bulg\w*|puff\w*|hiss\w*|leak\w*)",
            r"(?:swollen|swelling|bulging|puffed up|puffy) battery",
            r"too hot to (?:touch|hold)",
            r"burn(?:s|ed|t)? my (?:legs?|lap|hands?|fingers?)",
        ),
        "Safety first: a swollen, leaking or very hot battery can catch fire. Unplug it, stop "
        "charging it, don't press on it, keep it on a hard surface away from anything that "
        "burns, and don't use it until it has been checked.",
    ),
    Hazard(
        "brakes",
        _rx(
            r"(?:brakes?|pedal) " + _W + r"(?:to|on|hits?|touch\w*|near|nearly to) the floor",
            r"brakes? (?:have |has |are |is )?(?:gone|failed|fail\w*|stopped working)",
        ),
        BRAKES_ADVICE,
    ),
    Hazard(
        "brakes",
        _rx(
            r"brakes? (?:are |is )?(?:not working|don't work|dont work|aren't working"
            r"|arent working|do nothing)",
            # "won't stop" about the car, not "won't stop beeping".
            r"(?:can't|cant|cannot|won't|wont|couldn't|couldnt|doesn't|doesnt|didn't|didnt) "
            r"stop\b(?! \w+ing\b)",
            r"no brakes",
        ),
        BRAKES_ADVICE,
        negatable=False,
    ),
    Hazard(
        "overheating engine",
        _rx(
            r"steam\w*",
            r"(?:temp|temperature|gauge|needle)\w* " + _W + r"(?:in|into|to|on) the red",
            r"(?:temp|temperature|gauge|needle)\w* " + _W + r"(?:max|maxed|maxing|off the scale)",
            r"coolant " + _W + r"boil\w*",
        ),
        "Safety first: pull over when it is safe and switch the engine off. Don't open the "
        "radiator or coolant cap while the engine is hot: the coolant can scald.",
    ),
    Hazard(
        "fuel",
        _rx(
            r"(?:smell|stink|reek)\w* (?:of )?(?:petrol|gas|gasoline|fuel|diesel)",
            r"(?:petrol|gasoline|fuel|diesel) (?:is |keeps |has been |was )?"
            r"(?:smell|leak|leaking|dripping|pouring|everywhere)",
            r"(?:leaking|dripping) (?:petrol|gasoline|fuel|diesel)",
        ),
        "Safety first: a fuel smell or leak can catch fire. Don't start or drive the car, keep "
        "flames and cigarettes away, and have it checked.",
    ),
    Hazard(
        "wheels and steering",
        _rx(r"steering " + _W + r"(?:lock(?:s|ed)?|seiz\w*|jamm\w*|went solid|goes solid)\b"),
        WHEELS_ADVICE,
        # A parked car's steering lock holding the key ("the steering wheel is locked and the
        # key won't turn") is part of a car that won't start, not a steering failure; on the
        # move it is one.
        unless=re.compile(
            r"^(?!.*\b(?:driving|drove|drive|speed|mph|motorway|highway|roundabout|corner|"
            r"road|turning into)\b).*\b(?:key|ignition)\b"
        ),
    ),
    Hazard(
        "wheels and steering",
        _rx(
            r"(?:wheel|lug) nuts? " + _W + r"(?:loose|came off|coming off|fell off|missing)",
            r"loose (?:wheel|lug) nuts?",
            r"wheel " + _W + r"(?:came off|coming off|fell off|falling off|hanging off)",
        ),
        WHEELS_ADVICE,
    ),
    Hazard(
        "electric shock",
        _rx(
            r"(?:electric )?shock(?:ed|s)? me",
            r"(?:got|get|gets|getting|gave me|gives me|giving me|had) (?:a |an )?"
            r"(?:[a-z]+ ){0,2}shocks?\b",
            r"zapp(?:ed|ing|s) me",
            r"tingl\w* when i touch",
            # A tingle or buzz felt off the case, not heard from it.
            r"(?:tingl\w*|buzz\w*) (?:feeling )?(?:off|from|in my (?:fingers?|hands?)) ",
            r"(?:tingl\w*|buzz\w*) (?:feeling )?when (?:i|you) touch",
        ),
        "Safety first: if it gives you a shock, unplug it at the wall and don't touch it again "
        "until it has been checked.",
    ),
)

# A negation this close before a hazard's words takes it back ("no smoke", "hasn't
# overheated", "never any sparks"); a clause break ends its reach.
_NEGATION = re.compile(
    r"\b(?:no|not|never|without|none|nor|neither|isn't|isnt|wasn't|wasnt|aren't|arent|"
    r"haven't|havent|hasn't|hasnt|hadn't|hadnt|doesn't|doesnt|don't|dont|didn't|didnt|"
    r"nothing|any sign of)\b(?:\W+\w+){0,3}\W*$"
)
_NEGATED_WORD = re.compile(r"\b(?:no|not|never|n't|isnt|doesnt|dont|didnt|hasnt|havent)\b|n't\b")
_CLAUSE = re.compile(r"[.,;!?\n]|\bbut\b|\bthough\b|\balthough\b|\bhowever\b")


def _normalise(text: str) -> str:
    text = text.lower().replace("\u2019", "'")
    return re.sub(r"\s+", " ", text)


def _negated(text: str, start: int) -> bool:
    before = _CLAUSE.split(text[:start])[-1]
    return bool(_NEGATION.search(before))


def hazards(text: str) -> list[Hazard]:
    """The hazards ``text`` mentions (each once, in :data:`HAZARDS` order), negated ones left
    out."""
    said = _normalise(text)
    found: list[Hazard] = []
    for hazard in HAZARDS:
        if any(h.kind == hazard.kind for h in found):
            continue
        if hazard.unless is not None and hazard.unless.search(said):
            continue
        for match in hazard.pattern.finditer(said):
            # A negation before the words, or inside them ("the gauge never goes into the red").
            negated = bool(_NEGATED_WORD.search(match.group(0))) or _negated(said, match.start())
            if not hazard.negatable or not negated:
                found.append(hazard)
                break
    return found
