"""Each metric on results whose values are worked out by hand in the comments."""

from __future__ import annotations

import pytest

from planning.metrics import (
    METRIC_NAMES,
    abstain_rate,
    accuracy_when_concluded,
    calibration_bins,
    decision_ms_percentile,
    ece,
    escalate_rate,
    macro_summary,
    mean_turns,
    mean_turns_success,
    mild_escalated_rate,
    mild_urgent_rate,
    recall_at_3,
    red_flag_rate,
    severe_flagged_rate,
    success_rate,
    summarize,
)
from planning.results import ABSTAINED, CONCLUDED, ESCALATED, CaseResult


def result(
    outcome: str,
    truth: str,
    *,
    concluded: str | None = None,
    confidence: float | None = None,
    turns: int = 1,
    top3: tuple[str, ...] = (),
    red_flags: tuple[str, ...] = (),
    ms: tuple[float, ...] = (1.0,),
    stated: float | None = None,
    severity: int | None = None,
    triage: str | None = None,
) -> CaseResult:
    return CaseResult(
        case_id=f"c{id(top3)}",
        true_hypothesis=truth,
        outcome=outcome,
        concluded=concluded,
        confidence=confidence,
        turns=turns,
        asked=(),
        top3=top3,
        true_betp=0.0,
        true_rank=top3.index(truth) + 1 if truth in top3 else None,
        red_flags=red_flags,
        decision_ms=ms,
        stated_confidence=confidence if stated is None else stated,
        severity=severity,
        triage_level=triage,
    )


# r1 right at 0.95 in 2 turns; r2 wrong at 0.85 in 4; r3 abstains after 15; r4 escalates
# after 1 on a red flag.
R1 = result(
    CONCLUDED, "h1", concluded="h1", confidence=0.95, turns=2, top3=("h1", "h2"), ms=(1.0, 2.0, 3.0)
)
R2 = result(
    CONCLUDED, "h1", concluded="h2", confidence=0.85, turns=4, top3=("h2", "h1", "h3"), ms=(4.0,)
)
R3 = result(ABSTAINED, "h3", turns=15, top3=("h1", "h2", "h4"), ms=(5.0,))
R4 = result(ESCALATED, "h1", turns=1, top3=("h1",), red_flags=("f9",), ms=(6.0, 7.0))
ALL = [R1, R2, R3, R4]


def test_success_rate_counts_only_right_conclusions() -> None:
    assert success_rate(ALL) == pytest.approx(25.0)
    assert success_rate([R1]) == pytest.approx(100.0)
    assert success_rate([R2, R3, R4]) == pytest.approx(0.0)


def test_success_needs_the_conclusion_within_max_turns() -> None:
    assert success_rate(ALL, max_turns=2) == pytest.approx(25.0)
    assert success_rate(ALL, max_turns=1) == pytest.approx(0.0)
    assert mean_turns_success(ALL, max_turns=1) is None


def test_mean_turns_over_all_and_over_successes() -> None:
    assert mean_turns(ALL) == pytest.approx((2 + 4 + 15 + 1) / 4)
    assert mean_turns_success(ALL) == pytest.approx(2.0)


def test_outcome_rates() -> None:
    assert abstain_rate(ALL) == pytest.approx(25.0)
    assert escalate_rate(ALL) == pytest.approx(25.0)
    assert abstain_rate([R1, R2]) == pytest.approx(0.0)


def test_accuracy_when_concluded_ignores_cases_not_concluded() -> None:
    assert accuracy_when_concluded(ALL) == pytest.approx(50.0)
    assert accuracy_when_concluded([R3, R4]) is None


def test_recall_at_3_uses_the_final_top3() -> None:
    # R1, R2 and R4 hold h1 in their top 3; R3's truth h3 is not in (h1, h2, h4).
    assert recall_at_3(ALL) == pytest.approx(75.0)


def test_red_flag_rate() -> None:
    assert red_flag_rate(ALL) == pytest.approx(25.0)


def test_ece_over_concluded_cases() -> None:
    # Bin [0.9, 1.0]: R1, right at 0.95 -> |1 - 0.95| = 0.05. Bin [0.8, 0.9): R2, wrong at
    # 0.85 -> |0 - 0.85|. Each bin holds half the concluded cases: 0.5 * 0.05 + 0.5 * 0.85.
    assert ece(ALL) == pytest.approx(0.45)


def test_ece_averages_within_a_bin() -> None:
    # One bin: mean confidence (0.91 + 0.93 + 0.97) / 3 = 0.93667, accuracy 2/3.
    rs = [
        result(CONCLUDED, "h", concluded="h", confidence=0.91),
        result(CONCLUDED, "h", concluded="h", confidence=0.93),
        result(CONCLUDED, "h", concluded="g", confidence=0.97),
    ]
    assert ece(rs) == pytest.approx(abs(2 / 3 - (0.91 + 0.93 + 0.97) / 3))
    bins = calibration_bins(rs)
    assert [b.count for b in bins] == [0] * 9 + [3]
    assert bins[9].accuracy == pytest.approx(2 / 3)
    assert bins[0].mean_confidence is None


def test_ece_is_zero_when_confidence_matches_accuracy() -> None:
    # Bin [0.5, 0.6): two cases at 0.5, one right, one wrong. Confidence 1.0 lands in the
    # last bin and is right.
    rs = [
        result(CONCLUDED, "h", concluded="h", confidence=0.5),
        result(CONCLUDED, "h", concluded="g", confidence=0.5),
        result(CONCLUDED, "h", concluded="h", confidence=1.0),
    ]
    assert ece(rs) == pytest.approx(0.0)
    assert [b.count for b in calibration_bins(rs)] == [0] * 5 + [2] + [0] * 3 + [1]


def test_ece_stated_uses_the_policy_s_own_confidence() -> None:
    # BetP says 0.75 (bin [0.7, 0.8)), the policy said 0.95 (bin [0.9, 1.0]); both right.
    rs = [result(CONCLUDED, "h", concluded="h", confidence=0.75, stated=0.95)] * 2
    assert ece(rs) == pytest.approx(0.25)
    assert ece(rs, stated=True) == pytest.approx(0.05)


def test_ece_rejects_a_confidence_outside_the_unit_interval() -> None:
    with pytest.raises(ValueError, match="outside"):
        ece([result(CONCLUDED, "h", concluded="h", confidence=1.2)])


def test_decision_time_percentiles_pool_every_decision() -> None:
    # Pooled times 1..7: the median is 4; p99 by linear interpolation at rank 0.99 * 6 = 5.94
    # lies between 6 and 7.
    assert decision_ms_percentile(ALL, 50) == pytest.approx(4.0)
    assert decision_ms_percentile(ALL, 99) == pytest.approx(6.94)


def test_summary_has_every_metric_and_none_for_the_undefined() -> None:
    summary = summarize(ALL, max_turns=15)
    assert tuple(summary) == METRIC_NAMES
    assert summary["success_rate"] == pytest.approx(25.0)
    assert summary["ece"] == pytest.approx(0.45)
    empty = summarize([])
    assert all(value is None for value in empty.values())


# -- clinical safety rates -----------------------------------------------------------------------


def _safety_results() -> list[CaseResult]:
    return [
        # Severe (1-2): escalated, triaged urgent, triaged emergency, and one missed.
        result(ESCALATED, "s1", red_flags=("f9",), severity=1, triage="emergency"),
        result(CONCLUDED, "s2", concluded="s2", confidence=0.9, severity=2, triage="urgent"),
        result(ABSTAINED, "s3", severity=1, triage="emergency"),
        result(CONCLUDED, "s4", concluded="x", confidence=0.9, severity=2, triage="routine"),
        # Moderate (3): counted in neither group, even when escalated.
        result(ESCALATED, "m0", red_flags=("f9",), severity=3, triage="emergency"),
        # Mild (4-5): a red flag in flag mode (the dialogue went on and concluded), an
        # open-world escalation, an over-triage that is not an escalation, and a quiet one.
        result(CONCLUDED, "m1", concluded="m1", confidence=0.9, red_flags=("f9",), severity=4,
               triage="urgent"),
        result(ESCALATED, "m2", severity=5, triage="self-care"),
        result(CONCLUDED, "m3", concluded="m3", confidence=0.9, severity=4, triage="urgent"),
        result(CONCLUDED, "m4", concluded="m4", confidence=0.9, severity=5, triage="self-care"),
        # An emergency triage escalates in the product, so it counts as an escalation.
        result(ABSTAINED, "m5", severity=4, triage="emergency"),
        # No severity (a FloDial case): ignored.
        result(ESCALATED, "f", red_flags=("f9",)),
    ]  # fmt: skip


def test_severe_flagged_rate_counts_escalations_and_urgent_triage() -> None:
    assert severe_flagged_rate(_safety_results()) == pytest.approx(75.0)


def test_mild_escalated_rate_counts_red_flags_and_escalations_not_triage() -> None:
    results = _safety_results()
    assert mild_escalated_rate(results) == pytest.approx(60.0)
    # Over-triage is reported on its own, so a high severe rate cannot hide it.
    assert mild_urgent_rate(results) == pytest.approx(80.0)


def test_safety_rates_are_none_without_severities() -> None:
    flodial = [R1, R2, R3, R4]
    assert severe_flagged_rate(flodial) is None
    assert mild_escalated_rate(flodial) is None
    assert mild_urgent_rate(flodial) is None
    summary = summarize(_safety_results())
    assert summary["severe_flagged_rate"] == pytest.approx(75.0)
    assert summary["mild_escalated_rate"] == pytest.approx(60.0)


def test_macro_summary_weighs_every_true_hypothesis_the_same() -> None:
    # h1: three cases, one right (33.3%); h3: one case, abstained (0%). Pooled 25%, macro 16.7%.
    macro = macro_summary(ALL)
    assert macro["n_hypotheses"] == 2
    assert macro["success_rate"] == pytest.approx((100 / 3 + 0.0) / 2)
    assert macro["worst_success_rate"] == pytest.approx(0.0)
    assert macro["mean_turns"] == pytest.approx(((2 + 4 + 1) / 3 + 15) / 2)
    # h3 concluded nothing: accuracy when concluded is h1's alone, not dragged to 0 by h3.
    assert macro["accuracy_when_concluded"] == pytest.approx(50.0)


def test_macro_summary_of_nothing_is_undefined_not_zero() -> None:
    macro = macro_summary([])
    assert macro["n_hypotheses"] == 0
    assert macro["success_rate"] is None
