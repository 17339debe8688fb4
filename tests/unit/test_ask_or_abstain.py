"""Ask or abstain by expected value when the leader stalls below tau (planning.policies.asking)."""

from __future__ import annotations

import pytest

from planning.actions import Abstain, Ask
from planning.dialogue import DialogueState, StoppingRule
from planning.evidence import Answer
from planning.network import EvidentialNetwork, Finding, Hypothesis, Link
from planning.policies import POLICY_NAMES, make_policy


def network(with_separating: bool) -> EvidentialNetwork:
    """h1 and h2 answer the weak questions w1..w5 almost alike; "sep" tells them apart."""
    hyps = [Hypothesis("h1", "First", prior=1.0), Hypothesis("h2", "Second", prior=0.8)]
    findings = [Finding(f"w{i}", f"Weak {i}?") for i in range(1, 6)]
    links = []
    for i in range(1, 6):
        links.append(Link.make("h1", f"w{i}", {"yes": 0.50, ("yes", "no"): 0.50}))
        links.append(Link.make("h2", f"w{i}", {"yes": 0.45, ("yes", "no"): 0.55}))
    if with_separating:
        findings.append(Finding("sep", "Separating?"))
        links += [Link.make("h1", "sep", {"yes": 1.0}), Link.make("h2", "sep", {"no": 1.0})]
    return EvidentialNetwork("stall", hyps, findings, links)


def stalled_state(net: EvidentialNetwork) -> DialogueState:
    state = DialogueState.start(net)
    for i in (1, 2, 3):
        state.apply(Answer.crisp(f"w{i}", "yes"), net)
    return state


RULE = StoppingRule(tau=0.95, max_turns=30, question_cost=0.02)


@pytest.mark.parametrize("name", ["infogatherer", "uot", "ig-bayesian", "tot"])
def test_a_stalled_leader_with_nothing_worth_asking_abstains(name: str) -> None:
    net = network(with_separating=False)
    action = make_policy(name, stopping=RULE).choose(stalled_state(net), net)
    assert isinstance(action, Abstain) and action.reason == "not_worth_asking"
    assert {h for h, _ in action.differential} == {"h1", "h2"}


@pytest.mark.parametrize("name", ["infogatherer", "uot", "ig-bayesian", "tot"])
def test_a_question_worth_its_cost_is_still_asked(name: str) -> None:
    net = network(with_separating=True)
    action = make_policy(name, stopping=RULE).choose(stalled_state(net), net)
    # Not abstaining is the rule's part; which question is the policy's (UoT's sharpened reward
    # prefers an evenly split weak question).
    assert isinstance(action, Ask)


def test_the_rule_is_off_by_default_and_needs_a_stall() -> None:
    net = network(with_separating=False)
    off = StoppingRule(tau=0.95, max_turns=30)
    assert isinstance(
        make_policy("infogatherer", stopping=off).choose(stalled_state(net), net), Ask
    )
    # Only two questions asked: no stall yet, whatever the value of the next one.
    state = DialogueState.start(net)
    for i in (1, 2):
        state.apply(Answer.crisp(f"w{i}", "yes"), net)
    assert isinstance(make_policy("infogatherer", stopping=RULE).choose(state, net), Ask)


def test_question_cost_is_checked() -> None:
    with pytest.raises(ValueError, match="question_cost"):
        StoppingRule(question_cost=1.5)
    with pytest.raises(ValueError, match="value_window"):
        StoppingRule(value_window=0)
    assert "tot" in POLICY_NAMES
