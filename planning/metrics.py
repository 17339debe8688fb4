"""Metrics over the results of one policy on a set of cases (design section 8).

Rates are percentages of all cases unless said otherwise. A metric with nothing to average
(turns of successful cases when none succeeded, accuracy when nothing was concluded, latency
without decisions) is ``None``, never 0, so a table does not pass off "undefined" as "bad".

``ece`` is a fraction in [0, 1], not a percentage: the expected calibration error of the
confidence at conclusion (BetP of the concluded hypothesis) against correctness, over the
concluded cases, with ``ECE_BINS`` equal-width bins ``[0, 0.1), [0.1, 0.2), ..., [0.9, 1.0]``:
``sum_b (n_b / n) |accuracy_b - mean confidence_b|``. ``ece_stated`` is the same over the
confidence the policy stated when concluding: it equals ``ece`` for the evidential policies,
which conclude on BetP, and differs for a Bayesian baseline deciding on its own posterior.

Safety rates are over the cases whose true hypothesis has a severity (DDXPlus: 1 most severe ..
5), ``None`` where there are none (FloDial). ``severe_flagged_rate``: of the cases with
severity <= ``SEVERE``, the percentage escalated (or tripping a red flag, which escalates in
the product) or given an emergency or urgent triage level before the case ends.
``mild_escalated_rate``: of the cases with severity >= ``MILD``, the percentage escalated
(``CaseResult.escalated``: an escalation, a red flag, or an emergency triage level, each of
which escalates a patient's case in the product).
``mild_urgent_rate``: of those, the percentage escalated or given emergency or urgent: the
over-triage that ``severe_flagged_rate`` could otherwise buy by calling everyone urgent.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from .results import ABSTAINED, CONCLUDED, ESCALATED, CaseResult

ECE_BINS = 10
SEVERE = 2  # severity 1-2 must be flagged
MILD = 4  # severity 4-5 should not be escalated

METRIC_NAMES = (
    "success_rate",
    "mean_turns",
    "mean_turns_success",
    "abstain_rate",
    "escalate_rate",
    "accuracy_when_concluded",
    "recall_at_3",
    "ece",
    "ece_stated",
    "decision_ms_p50",
    "decision_ms_p99",
    "red_flag_rate",
    "severe_flagged_rate",
    "mild_escalated_rate",
    "mild_urgent_rate",
)


def _percent(hits: int, total: int) -> float | None:
    return 100.0 * hits / total if total else None


def succeeded(result: CaseResult, max_turns: int | None = None) -> bool:
    """Concluded on the true hypothesis, within ``max_turns`` questions when given."""
    return result.correct and (max_turns is None or result.turns <= max_turns)


def success_rate(results: Sequence[CaseResult], max_turns: int | None = None) -> float | None:
    return _percent(sum(succeeded(r, max_turns) for r in results), len(results))


def mean_turns(results: Sequence[CaseResult]) -> float | None:
    return float(np.mean([r.turns for r in results])) if results else None


def mean_turns_success(results: Sequence[CaseResult], max_turns: int | None = None) -> float | None:
    return mean_turns([r for r in results if succeeded(r, max_turns)])


def outcome_rate(results: Sequence[CaseResult], outcome: str) -> float | None:
    if outcome not in (CONCLUDED, ABSTAINED, ESCALATED):
        raise ValueError(f"unknown outcome {outcome!r}")
    return _percent(sum(r.outcome == outcome for r in results), len(results))


def abstain_rate(results: Sequence[CaseResult]) -> float | None:
    return outcome_rate(results, ABSTAINED)


def escalate_rate(results: Sequence[CaseResult]) -> float | None:
    return outcome_rate(results, ESCALATED)


def accuracy_when_concluded(results: Sequence[CaseResult]) -> float | None:
    concluded = [r for r in results if r.outcome == CONCLUDED]
    return _percent(sum(r.correct for r in concluded), len(concluded))


def recall_at_3(results: Sequence[CaseResult]) -> float | None:
    """Cases whose true hypothesis is among the three highest-BetP ones at the end."""
    return _percent(sum(r.in_top3 for r in results), len(results))


def red_flag_rate(results: Sequence[CaseResult]) -> float | None:
    """Cases in which at least one answer (the opening included) tripped a red-flag rule."""
    return _percent(sum(bool(r.red_flags) for r in results), len(results))


def _severe(results: Sequence[CaseResult]) -> list[CaseResult]:
    return [r for r in results if r.severity is not None and r.severity <= SEVERE]


def _mild(results: Sequence[CaseResult]) -> list[CaseResult]:
    return [r for r in results if r.severity is not None and r.severity >= MILD]


def severe_flagged_rate(results: Sequence[CaseResult]) -> float | None:
    """Severe cases escalated or triaged emergency/urgent (module docstring)."""
    severe = _severe(results)
    return _percent(sum(r.flagged_urgent for r in severe), len(severe))


def mild_escalated_rate(results: Sequence[CaseResult]) -> float | None:
    """Mild cases escalated (module docstring)."""
    mild = _mild(results)
    return _percent(sum(r.escalated for r in mild), len(mild))


def routine_under_conflict(results: Sequence[CaseResult]) -> int:
    """Cases told routine or self-care advice although the answers contradict the conclusion
    or fit no known cause (``planning.triage.uncertain``): must be 0. What the user was told
    (``told_level``, from the conversation service's reply) where it is known: the harness
    itself turns such an outcome into an abstention, so its own outcome cannot show it."""
    routine = ("routine", "self-care")
    return sum(
        1
        for r in results
        if r.uncertain
        and (
            r.told_level in routine
            if r.told_level is not None
            else r.outcome == CONCLUDED and r.triage_level in routine
        )
    )


def withheld_uncertain(results: Sequence[CaseResult]) -> int:
    """Cases handed to a nurse instead of routine advice (``planning.triage.uncertain``)."""
    return sum(1 for r in results if r.reason == "uncertain")


def mild_urgent_rate(results: Sequence[CaseResult]) -> float | None:
    """Mild cases escalated or triaged emergency/urgent (module docstring)."""
    mild = _mild(results)
    return _percent(sum(r.flagged_urgent for r in mild), len(mild))


@dataclass(frozen=True)
class CalibrationBin:
    low: float
    high: float
    count: int
    mean_confidence: float | None
    accuracy: float | None  # fraction in [0, 1]


def _confidences(
    results: Sequence[CaseResult], stated: bool
) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
    pairs = [
        (r.stated_confidence if stated else r.confidence, r.correct)
        for r in results
        if r.outcome == CONCLUDED
    ]
    known = [(c, ok) for c, ok in pairs if c is not None]
    conf = np.array([c for c, _ in known], dtype=np.float64)
    correct = np.array([ok for _, ok in known], dtype=np.float64)
    if np.any((conf < 0.0) | (conf > 1.0)):
        raise ValueError("a confidence outside [0, 1]")
    return conf, correct


def calibration_bins(
    results: Sequence[CaseResult], bins: int = ECE_BINS, *, stated: bool = False
) -> list[CalibrationBin]:
    """The reliability diagram's bins over the concluded cases (equal width on [0, 1])."""
    if bins < 1:
        raise ValueError(f"bins must be >= 1, got {bins}")
    conf, correct = _confidences(results, stated)
    # Bin b holds [b/bins, (b+1)/bins); a confidence of exactly 1 goes to the last bin.
    index = np.minimum(np.floor(conf * bins).astype(np.intp), bins - 1)
    out: list[CalibrationBin] = []
    for b in range(bins):
        members = index == b
        count = int(members.sum())
        out.append(
            CalibrationBin(
                low=b / bins,
                high=(b + 1) / bins,
                count=count,
                mean_confidence=float(conf[members].mean()) if count else None,
                accuracy=float(correct[members].mean()) if count else None,
            )
        )
    return out


def ece(
    results: Sequence[CaseResult], bins: int = ECE_BINS, *, stated: bool = False
) -> float | None:
    table = calibration_bins(results, bins, stated=stated)
    total = sum(b.count for b in table)
    if not total:
        return None
    return float(
        sum(
            b.count / total * abs(b.accuracy - b.mean_confidence)
            for b in table
            if b.count and b.accuracy is not None and b.mean_confidence is not None
        )
    )


def decision_ms_percentile(results: Sequence[CaseResult], q: float) -> float | None:
    """The ``q``-th percentile (linear interpolation) of every decision's time, pooled."""
    times = [t for r in results for t in r.decision_ms]
    return float(np.percentile(times, q)) if times else None


def summarize(
    results: Sequence[CaseResult], max_turns: int | None = None
) -> dict[str, float | None]:
    """Every metric in ``METRIC_NAMES`` for one policy's results."""
    return {
        "success_rate": success_rate(results, max_turns),
        "mean_turns": mean_turns(results),
        "mean_turns_success": mean_turns_success(results, max_turns),
        "abstain_rate": abstain_rate(results),
        "escalate_rate": escalate_rate(results),
        "accuracy_when_concluded": accuracy_when_concluded(results),
        "recall_at_3": recall_at_3(results),
        "ece": ece(results),
        "ece_stated": ece(results, stated=True),
        "decision_ms_p50": decision_ms_percentile(results, 50.0),
        "decision_ms_p99": decision_ms_percentile(results, 99.0),
        "red_flag_rate": red_flag_rate(results),
        "severe_flagged_rate": severe_flagged_rate(results),
        "mild_escalated_rate": mild_escalated_rate(results),
        "mild_urgent_rate": mild_urgent_rate(results),
    }


# The metrics a pathology-balanced (macro) summary averages: each is first computed over the
# cases of one true hypothesis, then averaged over the hypotheses where it is defined.
MACRO_METRIC_NAMES = (
    "success_rate",
    "mean_turns",
    "abstain_rate",
    "escalate_rate",
    "accuracy_when_concluded",
    "recall_at_3",
)


def macro_summary(
    results: Sequence[CaseResult], max_turns: int | None = None
) -> dict[str, float | int | None]:
    """The pathology-balanced view: each of ``MACRO_METRIC_NAMES`` averaged over the true
    hypotheses (every hypothesis weighs the same, however many cases it has), so a policy
    that fails the rare ones cannot hide behind the common ones. ``n_hypotheses`` counts the
    hypotheses present; a hypothesis where a metric is undefined (nothing concluded) is left
    out of that metric's average, and ``worst_success_rate`` names the weakest one's rate."""
    groups: dict[str, list[CaseResult]] = {}
    for result in results:
        groups.setdefault(result.true_hypothesis, []).append(result)
    out: dict[str, float | int | None] = {"n_hypotheses": len(groups)}
    per_group = [summarize(group, max_turns) for group in groups.values()]
    for name in MACRO_METRIC_NAMES:
        values = [v for s in per_group if (v := s[name]) is not None]
        out[name] = float(np.mean(values)) if values else None
    rates = [v for s in per_group if (v := s["success_rate"]) is not None]
    out["worst_success_rate"] = float(min(rates)) if rates else None
    return out
