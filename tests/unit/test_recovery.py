"""Confirming a misread answer (planning.recovery, applied by planning.engine) on a four-cause
flowchart.

Chart: q1 yes -> q2 (yes -> A, no -> B); q1 no -> q3 (yes -> C, no -> D). Each cause fixes the
answers on its path crisply and says nothing about the other questions, as FloDial charts do.
The case is cause D (q1 = no, q3 = no); the user below misreads one answer, answers "not sure"
off the case's path, and answers a confirmation with the truth.
"""

from __future__ import annotations

from collections.abc import Mapping

import pytest

from planning.actions import Ask, Rationale
from planning.dialogue import DialogueState, StoppingRule
from planning.engine import Rules
from planning.evidence import Answer
from planning.network import EvidentialNetwork, Finding, Hypothesis, Link
from planning.policies import make_policy
from planning.recovery import confirmation_candidate, is_stalled, replace_answer
from planning.simulation import Case, SimulatedUser
from tests.unit.engine_driver import run_case

STOP = StoppingRule(red_flags="flag")


def run_case_recovering(  # type: ignore[no-untyped-def]
    policy, network, case, user, stopping, *, max_confirmations=3, confirm_below=0.95
):
    rules = Rules(stopping, max_confirmations=max_confirmations, confirm_below=confirm_below)
    return run_case(policy, network, case, user, stopping, rules=rules)


def chart() -> EvidentialNetwork:
    paths = {
        "A": {"q1": "yes", "q2": "yes"},
        "B": {"q1": "yes", "q2": "no"},
        "C": {"q1": "no", "q3": "yes"},
        "D": {"q1": "no", "q3": "no"},
    }
    links = [Link.make(h, q, {s: 1.0}) for h, path in paths.items() for q, s in path.items()]
    return EvidentialNetwork(
        "chart",
        [Hypothesis(h, h) for h in paths],
        [Finding(q, f"{q}?") for q in ("q1", "q2", "q3")],
        links,
        flow={
            "q1": {"yes": "q2", "no": "q3"},
            "q2": {"yes": "A", "no": "B"},
            "q3": {"yes": "C", "no": "D"},
        },
        flow_root="q1",
    )


CASE = Case("d", "D", {"q1": "no", "q3": "no"})


class MisreadingUser:
    """Answers the case, except that ``misread`` findings come back as the other state."""

    def __init__(self, misread: Mapping[str, float]) -> None:
        self.misread = dict(misread)  # finding -> the reader's confidence in the misreading
        self.exact = SimulatedUser(CASE)
        self.confirmed: list[str] = []

    @property
    def opening(self) -> tuple[Answer, ...]:
        return ()

    def answer(self, finding_id: str, states: tuple[str, ...]) -> Answer:
        truth = CASE.answers.get(finding_id)
        if truth is None:
            return Answer.unsure(finding_id)
        if finding_id in self.misread:
            return Answer.crisp(finding_id, "yes" if truth == "no" else "no")
        return Answer.crisp(finding_id, truth)

    def reading_confidence(self, finding_id: str) -> float:
        return self.misread.get(finding_id, 1.0)

    def confirm(self, finding_id: str, states: tuple[str, ...]) -> Answer:
        self.confirmed.append(finding_id)
        self.misread.pop(finding_id, None)
        return self.exact.answer(finding_id, states)


@pytest.fixture
def policy():  # type: ignore[no-untyped-def]
    return make_policy("infogatherer", stopping=STOP)


def test_a_misread_on_the_path_stalls_without_confirmations(policy) -> None:  # type: ignore[no-untyped-def]
    result = run_case(policy, chart(), CASE, MisreadingUser({"q1": 0.5}), STOP)
    assert not result.correct
    assert result.outcome == "abstained"  # q2 is off the case's path: "not sure", nothing left


def test_the_stall_confirms_the_answer_it_rests_on_and_recovers(policy) -> None:  # type: ignore[no-untyped-def]
    user = MisreadingUser({"q1": 0.5})
    result = run_case_recovering(policy, chart(), CASE, user, STOP)
    assert result.correct
    assert user.confirmed == ["q1"]
    # q3 is still on the chart's frontier; its answer cannot revive C or D (q1 ruled them out),
    # so the confirmation goes past it to q1, asked for the second time.
    assert result.asked == ("q1", "q2", "q3", "q1")
    assert result.turns == 4


def test_no_confirmation_left_means_no_recovery(policy) -> None:  # type: ignore[no-untyped-def]
    user = MisreadingUser({"q1": 0.5})
    result = run_case_recovering(policy, chart(), CASE, user, STOP, max_confirmations=0)
    assert not result.correct and user.confirmed == []


def test_a_doubtful_reading_is_confirmed_before_concluding_on_it(policy) -> None:  # type: ignore[no-untyped-def]
    doubtful = MisreadingUser({"q3": 0.5})
    result = run_case_recovering(policy, chart(), CASE, doubtful, STOP, confirm_below=0.95)
    assert result.correct and doubtful.confirmed == ["q3"]
    # An explicit answer (confidence at the threshold) is not questioned: the wrong
    # conclusion stands, as it would without confirmations.
    explicit = MisreadingUser({"q3": 0.95})
    result = run_case_recovering(policy, chart(), CASE, explicit, STOP, confirm_below=0.95)
    assert result.concluded == "C" and explicit.confirmed == []


def test_right_answers_are_never_confirmed(policy) -> None:  # type: ignore[no-untyped-def]
    network = chart()
    plain = run_case(policy, network, CASE, SimulatedUser(CASE), STOP)
    user = MisreadingUser({})
    recovering = run_case_recovering(policy, network, CASE, user, STOP, confirm_below=0.95)
    assert recovering.correct and user.confirmed == []
    assert (recovering.asked, recovering.turns) == (plain.asked, plain.turns)


def test_replace_answer_replays_the_belief_and_keeps_the_turns() -> None:
    network = chart()
    state = DialogueState.start(network)
    state.apply(Answer.crisp("q1", "yes"), network)
    state.apply(Answer.unsure("q2"), network)
    ruled_out = dict(state.ranking(network))
    assert ruled_out["D"] == 0.0  # a crisp link cannot be divided back out
    fixed = replace_answer(
        state, network, 0, Answer.crisp("q1", "no"), volunteered=0, extra_turns=1
    )
    ranking = dict(fixed.ranking(network))
    assert ranking["A"] == ranking["B"] == 0.0 and ranking["D"] > 0.0
    assert fixed.turns == 3 and fixed.asked == {"q1", "q2"}
    with pytest.raises(ValueError):
        replace_answer(state, network, 0, Answer.crisp("q2", "no"), volunteered=0)


def test_the_suspect_is_the_latest_answer_whose_opposite_reopens_the_dialogue(policy) -> None:  # type: ignore[no-untyped-def]
    network = chart()
    state = DialogueState.start(network)
    state.apply(Answer.crisp("q1", "yes"), network)
    state.apply(Answer.unsure("q2"), network)
    pick = confirmation_candidate(state, network, policy, volunteered=0, confirmed=set())
    assert pick == 0  # q2's "not sure" is the user's own: only a reading failure is re-asked
    assert confirmation_candidate(state, network, policy, volunteered=0, confirmed={"q1"}) is None
    unread = confirmation_candidate(
        state, network, policy, volunteered=0, confirmed={"q1"}, confidence=lambda f: 0.0
    )
    assert unread == 1  # words the reader could not read are worth asking again


class MisreadOpening(MisreadingUser):
    """Says nothing wrong when asked, but the opening was read (with ``reliability``) as
    q1 = yes, which the case contradicts."""

    def __init__(self, reliability: float) -> None:
        super().__init__({})
        self.reliability = reliability

    @property
    def opening(self) -> tuple[Answer, ...]:
        return (Answer("q1", ("yes",), self.reliability),)


def test_a_fact_misread_in_passing_is_confirmed_when_the_dialogue_rests_on_it(policy) -> None:  # type: ignore[no-untyped-def]
    assert not run_case(policy, chart(), CASE, MisreadOpening(0.8), STOP).correct
    user = MisreadOpening(0.8)
    result = run_case_recovering(policy, chart(), CASE, user, STOP)
    assert result.correct and user.confirmed == ["q1"]


def test_a_fact_read_crisply_in_passing_is_not_asked_back(policy) -> None:  # type: ignore[no-untyped-def]
    user = MisreadOpening(1.0)
    result = run_case_recovering(policy, chart(), CASE, user, STOP)
    assert user.confirmed == [] and not result.correct


def test_answers_recorded_without_weight_are_not_a_stall() -> None:
    # "Nowhere" to pain, to a rash and to swelling records each place with no weight (its
    # parent's "no" counts it, bots.conversation.follow_ups.implied): three answers, not
    # three "not sure".
    ask = Ask("q1", Rationale((), 0.1, {}))
    unsure = [Answer.unsure(f"q{i}") for i in (1, 2, 3)]
    implied = [Answer(f"q{i}", ("no",), 0.0) for i in (1, 2, 3)]
    assert is_stalled(ask, unsure, since_confirmation=3, window=3)
    assert not is_stalled(ask, implied, since_confirmation=3, window=3)
