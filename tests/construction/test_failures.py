"""knowledge.construction.failures: why a dialog failed on a built pack, on a small network
written for this test (no benchmark chart or article)."""

from __future__ import annotations

from knowledge.construction.failures import classify, tally
from knowledge.construction.matching import Matching
from planning.evidence import Answer
from planning.network import EvidentialNetwork, Finding, Hypothesis, Link
from planning.results import CaseResult
from planning.simulation import Case

# Chart: q1 (toner light on?) yes -> t1 empty toner; no -> q2 (paper jam?) yes -> t2, no -> t3.
PATHS = {
    "c:t1": [[("c:q1", "yes")]],
    "c:t2": [[("c:q1", "no"), ("c:q2", "yes")]],
    "c:t3": [[("c:q1", "no"), ("c:q2", "no")]],
}


def network(links: list[Link]) -> EvidentialNetwork:
    return EvidentialNetwork(
        name="printer",
        hypotheses=[Hypothesis("b:h1", "Empty toner"), Hypothesis("b:h2", "Paper jam")],
        findings=[Finding("b:f1", "Is the toner light on?", ("yes", "no"))],
        links=links,
    )


def crisp(h: str, f: str, state: str) -> Link:
    return Link(h, f, ((frozenset({state}), 1.0),))


def result(case: Case, concluded: str | None, asked: tuple[str, ...]) -> CaseResult:
    return CaseResult(
        case_id=case.id,
        true_hypothesis=case.true_hypothesis,
        outcome="concluded" if concluded else "abstained",
        concluded=concluded,
        confidence=None,
        turns=len(asked),
        asked=asked,
        top3=(),
        true_betp=0.0,
        true_rank=None,
        red_flags=(),
        decision_ms=(),
    )


CAUSES = Matching({"c:t1": "b:h1", "c:t2": "b:h2"}, {"c:t1": 1.0, "c:t2": 1.0})
CHECKS = Matching({"c:q1": "b:f1"}, {"c:q1": 1.0})


def test_a_terminal_no_cause_matches_is_a_missing_cause() -> None:
    case = Case("d1", "c:t3", {"c:q1": "no", "c:q2": "no"})
    got = classify(
        chart_paths=PATHS,
        network=network([]),
        causes=CAUSES,
        checks=CHECKS,
        case=case,
        translated=None,
        result=None,
    )
    assert got.kind == "missing_cause"


def test_an_answer_against_the_true_causes_link_is_a_wrong_link() -> None:
    net = network([crisp("b:h2", "b:f1", "yes"), crisp("b:h1", "b:f1", "no")])
    case = Case("d2", "c:t2", {"c:q1": "no", "c:q2": "yes"})
    built = Case("d2", "b:h2", {"b:f1": "no"})
    got = classify(
        chart_paths=PATHS,
        network=net,
        causes=CAUSES,
        checks=CHECKS,
        case=case,
        translated=built,
        result=result(built, "b:h1", ("b:f1",)),
        answers=(Answer.crisp("b:f1", "no"),),
    )
    assert got.kind == "wrong_link"
    assert "toner light" in got.detail


def test_an_unbuilt_question_that_tells_the_causes_apart_is_a_missing_check() -> None:
    # Links right, but q2 (paper jam?) has no built check, and it is what tells t2 from t3.
    causes = Matching(
        {"c:t1": "b:h1", "c:t2": "b:h2", "c:t3": "b:h3"}, {"c:t1": 1, "c:t2": 1, "c:t3": 1}
    )
    net = EvidentialNetwork(
        name="printer",
        hypotheses=[Hypothesis("b:h1", "a"), Hypothesis("b:h2", "b"), Hypothesis("b:h3", "c")],
        findings=[Finding("b:f1", "Is the toner light on?", ("yes", "no"))],
        links=[crisp("b:h2", "b:f1", "no"), crisp("b:h3", "b:f1", "no")],
    )
    case = Case("d3", "c:t2", {"c:q1": "no", "c:q2": "yes"})
    built = Case("d3", "b:h2", {"b:f1": "no"})
    got = classify(
        chart_paths=PATHS,
        network=net,
        causes=causes,
        checks=CHECKS,
        case=case,
        translated=built,
        result=result(built, "b:h3", ("b:f1",)),
        answers=(Answer.crisp("b:f1", "no"),),
    )
    assert got.kind == "missing_check"
    assert got.detail == "c:q2"
    counted = tally([got, got])
    assert counted == {"missing_check": {"dialogs": 2, "examples": ["d3: c:q2", "d3: c:q2"]}}
