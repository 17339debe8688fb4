"""At the question budget, a clear leader short of tau is concluded rather than abstained on
(StoppingRule.budget_floor, planning.policies.base.at_budget_floor)."""

from __future__ import annotations

import numpy as np
import pytest

from planning.actions import Abstain, Ask, Conclude
from planning.dialogue import DialogueState, StoppingRule
from planning.evidence import Answer
from planning.network import EvidentialNetwork, Finding, Hypothesis, Link
from planning.policies import make_policy
from planning.policies.base import at_budget_floor


def network(second_prior: float) -> EvidentialNetwork:
    hyps = [Hypothesis("h1", "First", prior=1.0), Hypothesis("h2", "Second", prior=second_prior)]
    findings = [Finding(f"q{i}", f"Question {i}?") for i in range(1, 5)]
    links = []
    for i in range(1, 5):
        links.append(Link.make("h1", f"q{i}", {"yes": 0.6, ("yes", "no"): 0.4}))
        links.append(Link.make("h2", f"q{i}", {"no": 0.3, ("yes", "no"): 0.7}))
    return EvidentialNetwork("budget", hyps, findings, links)


def at_budget(net: EvidentialNetwork, turns: int = 3) -> DialogueState:
    state = DialogueState.start(net)
    for i in range(1, turns + 1):
        state.apply(Answer.crisp(f"q{i}", "yes"), net)
    return state


@pytest.mark.parametrize("name", ["infogatherer", "uot", "ig-bayesian"])
def test_a_clear_leader_at_the_budget_is_concluded_above_the_floor(name: str) -> None:
    net = network(second_prior=1.0)
    state = at_budget(net)
    leader = state.ranking(net)[0]
    assert leader[0] == "h1" and 0.6 < leader[1] < 0.95  # short of tau
    floor = StoppingRule(tau=0.95, max_turns=3, budget_floor=0.6)
    action = make_policy(name, stopping=floor).choose(state, net)
    assert isinstance(action, Conclude) and action.hypothesis == "h1"
    # Above the leader's BetP, or off: the budget ends in an abstention as before.
    for rule in (
        StoppingRule(tau=0.95, max_turns=3, budget_floor=0.97),
        StoppingRule(tau=0.95, max_turns=3),
    ):
        action = make_policy(name, stopping=rule).choose(state, net)
        assert isinstance(action, Abstain) and action.reason == "max_turns"
    # Before the budget the floor changes nothing: the policy asks on.
    early = StoppingRule(tau=0.95, max_turns=4, budget_floor=0.6)
    assert isinstance(make_policy(name, stopping=early).choose(state, net), Ask)


def test_tied_leaders_are_never_concluded() -> None:
    assert not at_budget_floor(np.array([0.5, 0.5]), 0.5)
    assert at_budget_floor(np.array([0.6, 0.4]), 0.5)
    assert not at_budget_floor(np.array([0.6, 0.4]), 0.0)  # off


def test_budget_floor_is_checked() -> None:
    with pytest.raises(ValueError, match="budget_floor"):
        StoppingRule(budget_floor=1.5)
