"""Warnings next to a case's conclusion when its belief does not back a plain "Concluded 91%".

A conclusion is flagged when the conflict between the answers and the knowledge (K) or the
open-world mass (the belief that it is none of the pack's hypotheses) after the last bot turn
is at or above its threshold: ``CONSOLE_CONFLICT_FLAG`` (default 0.3) and
``CONSOLE_OPEN_WORLD_FLAG`` (default 0.2). The planner escalates only at its own, higher
thresholds, so a case can conclude under conflict that an operator should still see.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.conf import settings

from bots.models import Case


def thresholds() -> tuple[float, float]:
    return (
        float(getattr(settings, "CONSOLE_CONFLICT_FLAG", 0.3)),
        float(getattr(settings, "CONSOLE_OPEN_WORLD_FLAG", 0.2)),
    )


def honesty_flags(case: Case, final_belief: Mapping[str, Any]) -> list[str]:
    """Sentences for the operator; empty when the case has no conclusion or nothing to flag."""
    if not case.conclusion:
        return []
    conflict_at, open_at = thresholds()
    flags = []
    conflict = final_belief.get("conflict")
    if isinstance(conflict, int | float) and conflict >= conflict_at:
        flags.append(
            f"High conflict: K = {conflict:.2f} (≥ {conflict_at:.2f}); the answers disagree with "
            "each other or with the knowledge, so the confidence overstates the evidence."
        )
    open_world = final_belief.get("open_world")
    if isinstance(open_world, int | float) and open_world >= open_at:
        flags.append(
            f"Open-world mass {open_world:.0%} (≥ {open_at:.0%}): it may be none of the pack's "
            "known causes."
        )
    return flags
