"""At the question budget, a leader short of the budget floor is concluded when the last
answers were lifting it, and handed on when it stalled or sits level with a twin
(StoppingRule.rising_floor, planning.policies.asking.rising_leader)."""

from __future__ import annotations

import pytest

from planning.actions import Abstain, Conclude
from planning.dialogue import DialogueState, StoppingRule
from planning.evidence import Answer
from planning.network import EvidentialNetwork, Finding, Hypothesis, Link
from planning.policies import make_policy

LIFTS = {"yes": 0.6, ("yes", "no"): 0.4}
AGAINST = {"no": 0.3, ("yes", "no"): 0.7}
SAYS_NOTHING = {("yes", "no"): 1.0}


def network(twin: bool = False) -> EvidentialNetwork:
    """q1-q3 tell the four causes nothing; q4-q6 point to h1 (and, with ``twin``, to h2
    almost as much)."""
    hyps = [Hypothesis(f"h{i}", f"Cause {i}", prior=1.0) for i in range(1, 5)]
    findings = [Finding(f"q{i}", f"Question {i}?") for i in range(1, 7)]
    links = []
    for i in range(1, 7):
        for h in hyps:
            if i <= 3:
                mass = SAYS_NOTHING
            elif h.id == "h1" or (twin and h.id == "h2"):
                mass = LIFTS if h.id == "h1" else {"yes": 0.55, ("yes", "no"): 0.45}
            else:
                mass = AGAINST
            links.append(Link.make(h.id, f"q{i}", mass))
    return EvidentialNetwork("rising", hyps, findings, links)


def answered(net: EvidentialNetwork, order: list[int]) -> DialogueState:
    state = DialogueState.start(net)
    for i in order:
        state.apply(Answer.crisp(f"q{i}", "yes"), net)
    return state


RULE = StoppingRule(tau=0.95, max_turns=6, budget_floor=0.7, rising_floor=0.4)


@pytest.mark.parametrize("name", ["infogatherer", "uot"])
def test_a_leader_the_last_answers_lifted_is_concluded_with_its_own_confidence(name: str) -> None:
    net = network()
    state = answered(net, [1, 2, 3, 4, 5, 6])
    (leader, betp), (_, second) = state.ranking(net)[:2]
    assert leader == "h1" and 0.4 <= betp < 0.7 and betp >= 1.5 * second  # below the floor
    action = make_policy(name, stopping=RULE).choose(state, net)
    assert isinstance(action, Conclude) and action.hypothesis == "h1"
    # Honest: the confidence is the leader's BetP, not tau or the floor.
    assert action.confidence == pytest.approx(betp)
    # Off (the default), the budget ends in a hand-off as before.
    off = StoppingRule(tau=0.95, max_turns=6, budget_floor=0.7)
    assert isinstance(make_policy(name, stopping=off).choose(state, net), Abstain)


@pytest.mark.parametrize("name", ["infogatherer", "uot"])
def test_a_leader_that_stalled_is_handed_on(name: str) -> None:
    # The same answers, the lifting ones first: the same belief, but the last three answers
    # moved nothing, so the dialogue was no longer getting closer.
    net = network()
    state = answered(net, [4, 5, 6, 1, 2, 3])
    assert state.ranking(net)[0][0] == "h1"
    action = make_policy(name, stopping=RULE).choose(state, net)
    assert isinstance(action, Abstain) and action.reason == "max_turns"


def test_a_rising_leader_level_with_its_twin_is_handed_on() -> None:
    net = network(twin=True)
    state = answered(net, [1, 2, 3, 4, 5, 6])
    (leader, betp), (_, second) = state.ranking(net)[:2]
    assert leader == "h1" and betp < 1.5 * second
    action = make_policy("infogatherer", stopping=RULE).choose(state, net)
    assert isinstance(action, Abstain) and action.reason == "max_turns"


def test_the_rule_is_checked() -> None:
    with pytest.raises(ValueError):
        StoppingRule(rising_floor=1.5)
    with pytest.raises(ValueError):
        StoppingRule(rising_odds=0.5)


def test_a_lead_one_yes_carries_is_handed_on() -> None:
    # h2 leads on its prior until a last "yes" that h1 alone explains: the lead rose, and is
    # clear, but taking that one answer back hands it to h2 (a flipped "no" looks like this).
    hyps = [Hypothesis("h1", "Cause 1", prior=0.7), Hypothesis("h2", "Cause 2", prior=1.0)]
    hyps += [Hypothesis(f"h{i}", f"Cause {i}", prior=0.7) for i in (3, 4)]
    findings = [Finding(f"q{i}", f"Question {i}?") for i in range(1, 7)]
    links = [Link.make(h.id, f"q{i}", SAYS_NOTHING) for i in range(1, 6) for h in hyps]
    links += [Link.make("h1", "q6", {"yes": 0.5, ("yes", "no"): 0.5})]
    links += [Link.make(h.id, "q6", {"no": 0.6, ("yes", "no"): 0.4}) for h in hyps[1:]]
    net = EvidentialNetwork("one-yes", hyps, findings, links)
    state = answered(net, [1, 2, 3, 4, 5, 6])
    (leader, betp), (_, second) = state.ranking(net)[:2]
    assert leader == "h1" and 0.4 <= betp < 0.7 and betp >= 1.5 * second
    without = answered(net, [1, 2, 3, 4, 5])
    assert without.ranking(net)[0][0] == "h2"
    action = make_policy("infogatherer", stopping=RULE).choose(state, net)
    assert isinstance(action, Abstain) and action.reason == "max_turns"
