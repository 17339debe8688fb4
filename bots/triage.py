"""Triage for patient intake: a level from the plausible conditions' severities, and advice.

Patients get the level and what to do; the conditions themselves stay with staff.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from planning.network import RedFlag

# A hypothesis this plausible counts when the triage level is set from the differential.
TRIAGE_FLOOR = 0.1
TRIAGE_LEVELS = ("emergency", "urgent", "routine", "self-care")
TRIAGE_BY_SEVERITY = {1: "emergency", 2: "urgent", 3: "routine", 4: "routine", 5: "self-care"}
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


def red_flag_level(flags: Iterable[RedFlag]) -> str:
    """The most urgent level among red flags (an unknown level counts as an emergency)."""
    levels = [f.level if f.level in TRIAGE_LEVELS else "emergency" for f in flags]
    return most_urgent(levels) or "emergency"


def triage_level(differential: Sequence[Mapping[str, Any]], flags: Sequence[RedFlag] = ()) -> str:
    """The most urgent level among the plausible hypotheses (the leading one and any with
    BetP >= TRIAGE_FLOOR) by their severities, and any red flag; routine when nothing says
    more."""
    levels = []
    for position, item in enumerate(differential):
        if position == 0 or float(item.get("betp", 0.0)) >= TRIAGE_FLOOR:
            severity = item.get("severity")
            if severity is not None:
                levels.append(TRIAGE_BY_SEVERITY.get(int(severity), "routine"))
    if flags:
        levels.append(red_flag_level(flags))
    return most_urgent(levels) or "routine"


def most_urgent(levels: Iterable[str]) -> str | None:
    known = [level for level in levels if level in TRIAGE_LEVELS]
    return min(known, key=TRIAGE_LEVELS.index) if known else None
