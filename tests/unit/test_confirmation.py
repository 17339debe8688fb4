"""Asking again: the answer a conclusion rests on (planning.confirmation) and a "not sure"
(InfoGatherer's ``ask_again_unsure``, the harness contract).

Network: two causes A and B that the one "key" question separates (A says no, B says yes,
each link soft: 0.9 on its state, 0.1 of ignorance). The case is cause A (key = no).
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from planning.actions import Ask
from planning.confirmation import decisive_answer, majority, run_case_confirming_decisive
from planning.dialogue import DialogueState, StoppingRule
from planning.evidence import Answer
from planning.harness import HarnessError, ask_user, run_case
from planning.network import EvidentialNetwork, Finding, Hypothesis, Link
from planning.policies import make_policy
from planning.simulation import Case

STOP = StoppingRule(tau=0.85, max_turns=10, red_flags="flag")
CASE = Case("a", "A", {"key": "no"})


def network() -> EvidentialNetwork:
    return EvidentialNetwork(
        "pair",
        [Hypothesis("A", "A"), Hypothesis("B", "B")],
        [Finding("key", "Key?"), Finding("other", "Other?")],
        [
            Link.make("A", "key", {"no": 0.9, ("yes", "no"): 0.1}),
            Link.make("B", "key", {"yes": 0.9, ("yes", "no"): 0.1}),
        ],
    )


class ScriptedUser:
    """Answers each finding with its script, one reply per time asked; then the truth."""

    def __init__(self, script: dict[str, Sequence[str | None]]) -> None:
        self.script = {k: list(v) for k, v in script.items()}
        self.asked: list[str] = []

    @property
    def opening(self) -> tuple[Answer, ...]:
        return ()

    def answer(self, finding_id: str, states: tuple[str, ...]) -> Answer:
        self.asked.append(finding_id)
        replies = self.script.get(finding_id, [])
        reply = replies.pop(0) if replies else CASE.answers[finding_id]
        return Answer.unsure(finding_id) if reply is None else Answer.crisp(finding_id, reply)

    def answer_question(self, question: str, options: object) -> tuple[Answer, ...]:
        raise AssertionError("no multi-choice questions here")


@pytest.fixture
def policy():  # type: ignore[no-untyped-def]
    return make_policy("infogatherer", stopping=STOP)


def test_a_slip_on_the_deciding_question_decides_the_plain_harness(policy) -> None:  # type: ignore[no-untyped-def]
    result = run_case(policy, network(), CASE, ScriptedUser({"key": ["yes"]}), STOP)
    assert (result.outcome, result.concluded) == ("concluded", "B")


def test_the_slip_is_asked_again_and_a_third_reply_settles_the_disagreement(policy) -> None:  # type: ignore[no-untyped-def]
    user = ScriptedUser({"key": ["yes", "no", "no"]})
    result = run_case_confirming_decisive(policy, network(), CASE, user, STOP)
    assert result.correct
    assert result.asked == ("key", "key", "key")
    assert result.turns == 3  # every reply is a turn


def test_a_confirmed_answer_stands_after_one_more_question(policy) -> None:  # type: ignore[no-untyped-def]
    # The user really means "yes": the confirmation agrees and the conclusion stands.
    user = ScriptedUser({"key": ["yes", "yes"]})
    result = run_case_confirming_decisive(policy, network(), CASE, user, STOP)
    assert (result.concluded, result.asked, result.turns) == ("B", ("key", "key"), 2)


def test_no_confirmations_allowed_plays_like_the_plain_harness(policy) -> None:  # type: ignore[no-untyped-def]
    user = ScriptedUser({"key": ["yes", "no", "no"]})
    result = run_case_confirming_decisive(policy, network(), CASE, user, STOP, max_confirmations=0)
    assert (result.concluded, result.asked) == ("B", ("key",))


@pytest.mark.parametrize(("budget", "asked"), [(1, ("key",)), (2, ("key", "key"))])
def test_no_reply_is_asked_past_the_turn_budget(budget: int, asked: tuple[str, ...]) -> None:
    stop = StoppingRule(tau=0.85, max_turns=budget, red_flags="flag")
    policy = make_policy("infogatherer", stopping=stop)
    user = ScriptedUser({"key": ["yes", "no", "no"]})
    result = run_case_confirming_decisive(policy, network(), CASE, user, stop)
    assert result.asked == asked and result.turns == budget


def test_decisive_answer_names_only_an_answer_that_would_overturn_the_conclusion() -> None:
    net = network()
    state = DialogueState.start(net)
    state.apply(Answer.crisp("other", "yes"), net)
    state.apply(Answer.crisp("key", "yes"), net)
    assert decisive_answer(state, net, "B", volunteered=0, skip=set()) == 1
    assert decisive_answer(state, net, "B", volunteered=0, skip={"key"}) is None
    # The opening complaint is not re-examined.
    assert decisive_answer(state, net, "B", volunteered=2, skip=set()) is None


def test_a_not_sure_that_could_overturn_the_conclusion_is_decisive() -> None:
    net = network()
    state = DialogueState.start(net)
    state.apply(Answer.unsure("key"), net)
    assert decisive_answer(state, net, "A", volunteered=0, skip=set()) == 0


def test_majority_of_the_replies() -> None:
    yes, no, unsure = Answer.crisp("k", "yes"), Answer.crisp("k", "no"), Answer.unsure("k")
    assert majority(yes, yes) is yes
    assert majority(yes, no, no) == no
    assert majority(yes, no) == unsure  # two different states cancel
    assert majority(yes, no, unsure) == unsure
    assert majority(yes, unsure) is yes  # "not sure" adds nothing
    assert majority(unsure, no) == no


def test_infogatherer_asks_a_not_sure_again_outside_a_flowchart(policy) -> None:  # type: ignore[no-untyped-def]
    user = ScriptedUser({"key": [None, "no"]})
    result = run_case(policy, network(), CASE, user, STOP)
    assert result.correct and result.asked == ("key", "key")


def test_infogatherer_can_be_told_not_to_ask_again() -> None:
    policy = make_policy("infogatherer", stopping=STOP, ask_again_unsure=False)
    result = run_case(policy, network(), CASE, ScriptedUser({"key": [None, "no"]}), STOP)
    assert result.asked == ("key",) and result.outcome == "abstained"


def test_the_harness_allows_a_second_ask_only_after_not_sure() -> None:
    net = network()
    state = DialogueState.start(net)
    state.apply(Answer.unsure("key"), net)
    state.apply(Answer.crisp("other", "yes"), net)
    assert state.asked_again_allowed("key") and not state.asked_again_allowed("other")
    user = ScriptedUser({"key": [None, None]})
    ask_user("key", state, net, CASE, user, STOP)  # the second ask: allowed
    state.apply(Answer.unsure("key"), net)
    with pytest.raises(HarnessError, match="re-asked finding 'key'"):
        ask_user("key", state, net, CASE, user, STOP)  # a third: refused
    with pytest.raises(HarnessError, match="re-asked finding 'other'"):
        ask_user("other", state, net, CASE, user, STOP)


def test_a_flowchart_question_answered_not_sure_is_not_asked_again() -> None:
    # Off the user's path a flowchart question can only get "not sure" again.
    chart = EvidentialNetwork(
        "chart",
        [Hypothesis("A", "A"), Hypothesis("B", "B")],
        [Finding("key", "Key?")],
        [Link.make("A", "key", {"no": 1.0}), Link.make("B", "key", {"yes": 1.0})],
        flow={"key": {"no": "A", "yes": "B"}},
        flow_root="key",
    )
    policy = make_policy("infogatherer", stopping=STOP)
    state = DialogueState.start(chart)
    state.apply(Answer.unsure("key"), chart)
    assert not isinstance(policy.choose(state, chart), Ask)
