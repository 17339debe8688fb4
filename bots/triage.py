"""Triage for patient intake: the level, the advice, the disclaimer, and emergency phrases.

Patients get the level and what to do; the conditions themselves stay with staff. The level
rule itself is :mod:`planning.triage`, shared with the evaluation harness so that what the
harness measures is what patients get.

Emergency phrases are checked on every message of a patient-facing case, before the message
is read as an answer and before the planner: words such as "I can't breathe" escalate at once
whatever question is pending, even after the case has ended. The list is short and explicit on
purpose (a reviewer can read all of it); negations are not parsed, because "I'm not sure I can
breathe" must not slip through and a false alarm only costs a nurse's look.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from planning.network import RedFlag
from planning.triage import (
    TRIAGE_BY_SEVERITY,
    TRIAGE_FLOOR,
    TRIAGE_LEVELS,
    URGENT_LEVELS,
    most_urgent,
    red_flag_level,
)
from planning.triage import triage_level as _triage_level

__all__ = [
    "EMERGENCY_PHRASES",
    "INTAKE_DISCLAIMER",
    "NOT_A_DIAGNOSIS",
    "SELF_HARM_ADVICE",
    "TRIAGE_ADVICE",
    "TRIAGE_BY_SEVERITY",
    "TRIAGE_FLOOR",
    "TRIAGE_LEVELS",
    "URGENT_LEVELS",
    "emergency_advice",
    "emergency_kinds",
    "most_urgent",
    "red_flag_level",
    "said_flag",
    "triage_level",
]

TRIAGE_ADVICE = {
    "emergency": (
        "Call emergency services (112 or 911) now, or go to the nearest emergency department. "
        "Do not drive yourself."
    ),
    "urgent": (
        "Please seek medical care today: an urgent care centre, the emergency department, or "
        "your doctor's urgent line."
    ),
    "routine": (
        "Please book an appointment with your doctor in the next few days, and seek care "
        "sooner if your symptoms get worse or new ones appear."
    ),
    "self-care": (
        "Self-care is usually enough at first: rest, drink fluids, and ask a pharmacist for "
        "advice. Contact your doctor if symptoms last more than a week or get worse."
    ),
}
NOT_A_DIAGNOSIS = "This is not a diagnosis: a nurse will review your answers."
INTAKE_DISCLAIMER = (
    "Before we start: I'm an automated intake assistant, not a doctor or nurse. I can't "
    "diagnose you or tell you what you have; I ask about your symptoms, suggest how soon to "
    "seek care, and pass your answers to a nurse. If you think this is an emergency, call "
    "emergency services (112 or 911) now."
)
SELF_HARM_ADVICE = (
    "If you are thinking about harming yourself, you can also call or text a crisis line now "
    "(988 in the US and Canada, 116 123 in the UK and Ireland). You don't have to go through "
    "this alone."
)

# kind -> patterns over the normalised message (lower case, straight apostrophes, single
# spaces). Each kind is an emergency on its own: no follow-up question would change the advice.
EMERGENCY_PHRASES: Mapping[str, tuple[str, ...]] = {
    "breathing": (
        r"\b(can ?not|can't|cant|unable to|could ?n't|couldn't) (catch my )?breathe?\b",
        r"\b(not|stopped|isn't|is not|wasn't) breathing\b",
        r"\bchoking\b",
        r"\bgasping for (air|breath)\b",
        r"\b(lips|face) (are|is|turning|went|have gone) (blue|grey|gray)\b",
    ),
    "chest pain": (
        r"\bcrushing\b.{0,30}\bchest\b",
        r"\bchest\b.{0,30}\bcrushing\b",
        r"\b(elephant|weight) (on|sitting on) my chest\b",
        r"\b(having|is having|think i'm having|think i am having) a heart attack\b",
    ),
    "self-harm": (
        r"\b(kill|hurt|harm|cut) (myself|my self)\b",
        r"\bsuicid(e|al)\b",
        r"\b(end|take) (my|my own) life\b",
        r"\bend it all\b",
        r"\b(want|wanna|going) to die\b",
        r"\bdon't want to (live|be alive|wake up)\b",
        r"\b(overdose|overdosed|took too many (pills|tablets))\b",
    ),
    "stroke": (
        r"\b(face|mouth|smile) (is )?(drooping|droops|drooped)\b",
        r"\bslurred speech\b|\bslurring my words\b",
        r"\b(can't|cannot) (move|feel) (my )?(arm|leg|face|one side)\b",
        r"\bhaving a stroke\b",
    ),
    "bleeding": (
        r"\bbleeding (heavily|a lot|badly|won't stop|that won't stop)\b",
        r"\b(can't|cannot) stop (the )?bleeding\b",
        r"\b(vomiting|throwing up) blood\b",
    ),
    "unconscious": (
        r"\b(unconscious|unresponsive|won't wake up|not waking up)\b",
        r"\bhaving a seizure\b|\bseizing\b",
    ),
    "anaphylaxis": (
        r"\bthroat (is )?(closing|swelling)( up)?\b",
        r"\btongue (is )?swelling\b",
    ),
}
_COMPILED = {
    kind: tuple(re.compile(p) for p in patterns) for kind, patterns in EMERGENCY_PHRASES.items()
}


def _normalise(text: str) -> str:
    text = text.lower().replace("\u2019", "'").replace("\u2018", "'")
    return re.sub(r"\s+", " ", text)


def emergency_kinds(text: str) -> list[str]:
    """The kinds of emergency the message's words signal, in ``EMERGENCY_PHRASES`` order."""
    if not text or not text.strip():
        return []
    said = _normalise(text)
    return [kind for kind, patterns in _COMPILED.items() if any(p.search(said) for p in patterns)]


def emergency_advice(kinds: Sequence[str]) -> tuple[str, ...]:
    """What to tell a patient whose words signal an emergency, instruction first."""
    parts = [f"This may be an emergency. {TRIAGE_ADVICE['emergency']}"]
    if "self-harm" in kinds:
        parts.append(SELF_HARM_ADVICE)
    return tuple(parts)


def said_flag(kind: str) -> RedFlag:
    """The red flag recorded in the dialogue state for an emergency phrase (its finding is
    ``said:<kind>``, not a finding of the pack), so staff see it with the other red flags."""
    return RedFlag(
        finding=f"said:{kind}",
        states=("said",),
        reason=f"The patient's own words signal an emergency ({kind}).",
        level="emergency",
    )


def triage_level(differential: Sequence[Mapping[str, Any]], flags: Sequence[RedFlag] = ()) -> str:
    """:func:`planning.triage.triage_level` over ``Case.differential`` entries (most likely
    first, each with ``betp`` and ``severity``)."""
    ranked = []
    for item in differential:
        severity = item.get("severity")
        ranked.append(
            (int(severity) if severity is not None else None, float(item.get("betp", 0.0)))
        )
    return _triage_level(ranked, flags)
