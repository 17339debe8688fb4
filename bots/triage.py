"""Triage for patient intake: the level, the advice, the disclaimer, and emergency phrases.

Patients get the level and what to do; the conditions themselves stay with staff. The level
rule itself is :mod:`planning.triage`, shared with the evaluation harness so that what the
harness measures is what patients get.

Emergencies in the patient's words are checked on every message of a patient-facing case,
before the message is read as an answer and before the planner: "I can't breathe", "short of
breath all of a sudden, even sitting down", "the pressure goes into my jaw" escalate at once
whatever question is pending, even after the case has ended. They are read by meaning, with
negation scope, in :mod:`bots.safety.emergency`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bots.safety.emergency import emergency_kinds as _emergency_kinds
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
    "ESCALATION_DISCLAIMER",
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
    "said_urgent_flag",
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
# The disclaimer of a first reply that is an escalation: with the instruction, in the same
# message and before it, short enough not to delay it (the full one is about the questions to
# come, which an escalation does not ask).
ESCALATION_DISCLAIMER = (
    "I'm an automated assistant, not a doctor or nurse, and I can't diagnose you."
)
SELF_HARM_ADVICE = (
    "If you are thinking about harming yourself, you can also call or text a crisis line now "
    "(988 in the US and Canada, 116 123 in the UK and Ireland). You don't have to go through "
    "this alone."
)


def emergency_kinds(text: str) -> list[str]:
    """The kinds of emergency the message's words signal (:mod:`bots.safety.emergency`)."""
    return _emergency_kinds(text)


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


def said_urgent_flag(kind: str) -> RedFlag:
    """The red flag an urgent sign in the patient's own words (:mod:`bots.safety.urgent`)
    adds to a case's triage: seen today, whatever the differential says."""
    return RedFlag(
        finding=f"said:{kind}",
        states=("said",),
        reason=f"The patient's own words show an urgent sign ({kind}).",
        level="urgent",
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
    against = [bool(item.get("contradicted", False)) for item in differential]
    unfit = [bool(item.get("unsupported", False)) for item in differential]
    return _triage_level(ranked, flags, contradicted=against, unsupported=unfit)
