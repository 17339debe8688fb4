"""Asking a "not sure" again: InfoGatherer's ``ask_again_unsure`` and the engine's contract
(a finding is asked twice only after "not sure", never a third time).

Network: two causes A and B that the one "key" question separates (A says no, B says yes,
each link soft: 0.9 on its state, 0.1 of ignorance). The case is cause A (key = no).
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from planning.actions import Ask, Rationale
from planning.dialogue import DialogueState, StoppingRule
from planning.engine import Engine, EngineError, Rules
from planning.evidence import Answer
from planning.network import EvidentialNetwork, Finding, Hypothesis, Link
from planning.policies import make_policy
from planning.simulation import Case
from tests.unit.engine_driver import run_case

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


def test_infogatherer_asks_a_not_sure_again_outside_a_flowchart(policy) -> None:  # type: ignore[no-untyped-def]
    user = ScriptedUser({"key": [None, "no"]})
    result = run_case(policy, network(), CASE, user, STOP)
    assert result.correct and result.asked == ("key", "key")


def test_infogatherer_can_be_told_not_to_ask_again() -> None:
    policy = make_policy("infogatherer", stopping=STOP, ask_again_unsure=False)
    result = run_case(policy, network(), CASE, ScriptedUser({"key": [None, "no"]}), STOP)
    assert result.asked == ("key",) and result.outcome == "abstained"


class Asks:
    """Asks ``finding`` whatever the state."""

    def __init__(self, finding: str) -> None:
        self.finding = finding

    def choose(self, state: DialogueState, network: EvidentialNetwork) -> Ask:
        return Ask(self.finding, Rationale((), 0.0, {}))


def test_the_engine_allows_a_second_ask_only_after_not_sure() -> None:
    net = network()
    rules = Rules(STOP, max_confirmations=0)
    dialogue = Engine(Asks("key"), rules).start(net)
    Engine(Asks("key"), rules).answer(dialogue, net, Answer.unsure("key"))
    Engine(Asks("key"), rules).answer(dialogue, net, Answer.crisp("other", "yes"))
    state = dialogue.state
    assert state.asked_again_allowed("key") and not state.asked_again_allowed("other")
    second = Engine(Asks("key"), rules).decide(dialogue, net, escalate_red_flags=False)
    assert isinstance(second, Ask)
    Engine(Asks("key"), rules).answer(dialogue, net, Answer.unsure("key"))
    with pytest.raises(EngineError, match="re-asked finding 'key'"):
        Engine(Asks("key"), rules).decide(dialogue, net, escalate_red_flags=False)
    with pytest.raises(EngineError, match="re-asked finding 'other'"):
        Engine(Asks("other"), rules).decide(dialogue, net, escalate_red_flags=False)


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
