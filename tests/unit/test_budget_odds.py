"""At the question budget, a leader short of the budget floor is concluded when it holds the
runner-up's BetP several times over, and handed on when a near twin holds most of the rest
(StoppingRule.budget_odds_floor / budget_odds, planning.policies.base.at_budget_odds)."""

from __future__ import annotations

import numpy as np
import pytest

from planning.actions import Abstain, Conclude
from planning.dialogue import StoppingRule
from planning.network import EvidentialNetwork, Finding, Hypothesis, Link
from planning.policies import make_policy
from planning.policies.base import at_budget_odds
from tests.unit.test_budget_floor import at_budget

# Each "yes" is a sign of h1; h2 is either h1's near twin (it says "yes" almost as often) or,
# like h3, a rival that expects "no".
SIGN = {"yes": 0.6, ("yes", "no"): 0.4}
RIVAL = {"no": 0.3, ("yes", "no"): 0.7}
TWIN = {"yes": 0.5, "no": 0.12, ("yes", "no"): 0.38}


def network(second: dict[object, float], third_prior: float = 1.0) -> EvidentialNetwork:
    hyps = [
        Hypothesis("h1", "First"),
        Hypothesis("h2", "Second"),
        Hypothesis("h3", "Third", prior=third_prior),
    ]
    findings = [Finding(f"q{i}", f"Question {i}?") for i in range(1, 5)]
    links = []
    for i in range(1, 5):
        links.append(Link.make("h1", f"q{i}", SIGN))
        links.append(Link.make("h2", f"q{i}", second))
        links.append(Link.make("h3", f"q{i}", RIVAL))
    return EvidentialNetwork("odds", hyps, findings, links)


RULE = StoppingRule(tau=0.95, max_turns=3, budget_floor=0.8, budget_odds_floor=0.6)


@pytest.mark.parametrize("name", ["infogatherer", "uot"])
def test_a_leader_its_rivals_share_the_rest_with_is_concluded(name: str) -> None:
    net = network(RIVAL)
    state = at_budget(net)
    (leader, p), (_, q), _ = state.ranking(net)
    assert leader == "h1" and 0.6 < p < 0.8 and p > 2 * q  # short of the budget floor
    action = make_policy(name, stopping=RULE).choose(state, net)
    assert isinstance(action, Conclude) and action.hypothesis == "h1"
    # Without the rule, or with odds the leader does not hold, the budget hands it on.
    for rule in (
        StoppingRule(tau=0.95, max_turns=3, budget_floor=0.8),
        StoppingRule(tau=0.95, max_turns=3, budget_floor=0.8, budget_odds_floor=0.6, budget_odds=5),
    ):
        action = make_policy(name, stopping=rule).choose(state, net)
        assert isinstance(action, Abstain) and action.reason == "max_turns"


def test_a_leader_level_with_its_twin_is_handed_on() -> None:
    # The twin says "yes" almost as often as the leader: the two split what the answers
    # found, and a rare third cause leaves the leader past the odds floor all the same.
    net = network(TWIN, third_prior=0.01)
    state = at_budget(net)
    (leader, p), (twin, q), _ = state.ranking(net)
    assert (leader, twin) == ("h1", "h2") and 0.6 < p < 0.8 and p < 2 * q
    action = make_policy("infogatherer", stopping=RULE).choose(state, net)
    assert isinstance(action, Abstain) and action.reason == "max_turns"
    # The same leader is concluded where its runner-up's share is read as odds it clears.
    looser = StoppingRule(
        tau=0.95, max_turns=3, budget_floor=0.8, budget_odds_floor=0.6, budget_odds=1.5
    )
    assert isinstance(make_policy("infogatherer", stopping=looser).choose(state, net), Conclude)


def test_odds_and_floor_both_hold() -> None:
    assert at_budget_odds(np.array([0.64, 0.29, 0.07]), 0.6, 2.0)
    assert not at_budget_odds(np.array([0.61, 0.38, 0.01]), 0.6, 2.0)  # a near twin
    assert not at_budget_odds(np.array([0.55, 0.10, 0.35]), 0.6, 2.0)  # short of the floor
    assert not at_budget_odds(np.array([0.64, 0.29, 0.07]), 0.0, 2.0)  # off
    assert not at_budget_odds(np.array([0.5, 0.5]), 0.5, 1.0)  # tied leaders, never


def test_settings_are_checked() -> None:
    with pytest.raises(ValueError, match="budget_odds_floor"):
        StoppingRule(budget_odds_floor=1.5)
    with pytest.raises(ValueError, match="budget_odds"):
        StoppingRule(budget_odds=0.5)
