"""The shown-confidence calibration of ``manage.py evaluate`` (evaluation.shown) and the
certainty claims it counts (evaluation.play.CERTAIN)."""

from __future__ import annotations

import pytest

from evaluation.play import CERTAIN, Played
from evaluation.shown import ece, shown_report
from planning.results import CaseResult


def _played(outcome: str, concluded: str | None, shown: float | None, certain: bool = False):
    result = CaseResult(
        case_id="c",
        true_hypothesis="right",
        outcome=outcome,
        concluded=concluded,
        confidence=1.0 if concluded else None,
        turns=3,
        asked=(),
        top3=(),
        true_betp=1.0,
        true_rank=1,
        red_flags=(),
        decision_ms=(),
    )
    extra = {} if shown is None else {"shown": shown, "claims_certainty": certain}
    return Played(result, 4, 0, 0, (), extra)


def test_ece_is_the_gap_between_shown_confidence_and_accuracy() -> None:
    # Four conclusions shown at 0.95, three right: 0.95 - 0.75.
    pairs = [(0.95, True), (0.95, True), (0.95, True), (0.95, False)]
    assert ece(pairs) == pytest.approx(0.20)
    # Two bins, each calibrated on its own.
    assert ece([(0.55, True), (0.55, False), (0.95, True)]) == pytest.approx(
        (2 / 3) * 0.05 + (1 / 3) * 0.05
    )


def test_report_scores_only_concluded_cases_and_counts_certainty() -> None:
    runs = [
        _played("concluded", "right", 0.9),
        _played("concluded", "wrong", 0.9, certain=True),
        _played("abstained", None, None),
    ]
    report = shown_report({"infogatherer": runs})["shown_confidence"]
    assert report["concluded"] == 2
    assert report["accuracy"] == 0.5
    assert report["ece"] == pytest.approx(0.4)
    assert report["max"] == 0.9
    assert report["claims_certainty"] == 1
    assert report["policies"]["infogatherer"]["concluded"] == 2


def test_no_conclusion_gives_no_calibration() -> None:
    report = shown_report({"p": [_played("abstained", None, None)]})["shown_confidence"]
    assert report["concluded"] == 0 and report["ece"] is None


@pytest.mark.parametrize(
    ("text", "claims"),
    [
        ("The most likely fix: tighten the lug nuts (about 100% sure).", True),
        ("I am 100 percent sure", True),
        ("about 100 % sure", True),
        ("The most likely fix: replace the belt (about 96% sure).", False),
        ("Spend 1000% less", False),
    ],
)
def test_certainty_is_recognised_in_what_the_user_reads(text: str, claims: bool) -> None:
    assert bool(CERTAIN.search(text)) is claims
