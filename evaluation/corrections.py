"""What the users' corrections of a conclusion changed (bots.conversation.basis).

A simulated user presses "That's not what I said" only when a fact the conclusion says it
went by contradicts its own case (:func:`evaluation.play.misread`). The dialogue up to the
first conclusion is the one the service has without the correction, so each run gives both
figures: the first outcome (as without corrections) and the final one, with the questions
each cost.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .play import Played


def corrections_report(played: Mapping[str, Sequence[Played]]) -> dict[str, Any]:
    """``corrections``: per policy, the dialogs the user corrected, the corrections made, and
    success and mean questions before (the first outcome) and after (the final one)."""
    return {"corrections": {name: _summary(runs) for name, runs in played.items()}}


def _summary(runs: Sequence[Played]) -> dict[str, Any]:
    n = len(runs)
    before_ok = before_turns = 0
    for p in runs:
        first = p.extra.get("first_conclusion")
        if first:
            before_ok += first.get("concluded") == p.result.true_hypothesis
            before_turns += int(first.get("turns", p.result.turns))
        else:
            before_ok += bool(p.result.correct)
            before_turns += p.result.turns
    corrected = [p for p in runs if p.extra.get("corrections")]
    return {
        "dialogs": len(corrected),
        "corrections": sum(int(p.extra["corrections"]) for p in corrected),
        "right_after": sum(bool(p.result.correct) for p in corrected),
        "success_before": round(before_ok / n, 4) if n else None,
        "success_after": round(sum(bool(p.result.correct) for p in runs) / n, 4) if n else None,
        "turns_before": round(before_turns / n, 3) if n else None,
        "turns_after": round(sum(p.result.turns for p in runs) / n, 3) if n else None,
    }
