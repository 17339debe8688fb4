"""The confidence users are shown when the bot concludes, and how well it is calibrated.

``planning.metrics.ece`` scores the policy's own belief (BetP), which on a flowchart with crisp
links is 1.0 at every conclusion. What a user reads is the service's ``shown_confidence``
(:mod:`bots.conclusions`: BetP discounted by how reliably each answer it rests on was read,
capped below certainty). This module scores that figure, as :func:`evaluation.play.play_case`
recorded it from the bot's own turn, with the same equal-width bins as the other ECE, and
counts conclusions whose text claimed certainty ("100%").
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from planning.metrics import ECE_BINS

from .play import Played


def shown_report(played: Mapping[str, Sequence[Played]], bins: int = ECE_BINS) -> dict[str, Any]:
    """``shown_confidence``: per policy and pooled, the concluded cases' shown confidence
    (mean, max), their accuracy, its ECE, and how many claimed certainty."""
    per_policy = {name: _summary(runs, bins) for name, runs in played.items()}
    pooled = _summary([p for runs in played.values() for p in runs], bins)
    return {"shown_confidence": {**pooled, "policies": per_policy}}


def _summary(runs: Sequence[Played], bins: int) -> dict[str, Any]:
    pairs = [
        (float(p.extra["shown"]), bool(p.result.correct))
        for p in runs
        if p.result.outcome == "concluded" and p.extra.get("shown") is not None
    ]
    certain = sum(bool(p.extra.get("claims_certainty")) for p in runs)
    if not pairs:
        return {
            "concluded": 0,
            "ece": None,
            "mean": None,
            "max": None,
            "accuracy": None,
            "claims_certainty": certain,
        }
    return {
        "concluded": len(pairs),
        "ece": round(ece(pairs, bins), 4),
        "mean": round(sum(c for c, _ in pairs) / len(pairs), 4),
        "max": round(max(c for c, _ in pairs), 4),
        "accuracy": round(sum(ok for _, ok in pairs) / len(pairs), 4),
        "claims_certainty": certain,
    }


def ece(pairs: Sequence[tuple[float, bool]], bins: int = ECE_BINS) -> float:
    """Expected calibration error of (confidence, right) pairs over equal-width bins (a
    confidence of exactly 1 in the last bin), as ``planning.metrics.ece``."""
    groups: list[list[tuple[float, bool]]] = [[] for _ in range(bins)]
    for confidence, right in pairs:
        groups[min(int(confidence * bins), bins - 1)].append((confidence, right))
    total = len(pairs)
    return sum(
        len(g) / total * abs(sum(ok for _, ok in g) / len(g) - sum(c for c, _ in g) / len(g))
        for g in groups
        if g
    )
