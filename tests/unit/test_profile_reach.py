"""Short profiles reached before the budget (planning.policies.profile; docs/planner-robustness.md,
stop 43): with a diffuse belief, the information-gain choice asks what splits the common causes
the belief spreads over, and never the few signs of a plausible cause with a short profile. The
patient-intake rule asks among those signs while the leader is below ``reach_below``."""

from __future__ import annotations

import numpy as np
import pytest

from planning.actions import Ask
from planning.dialogue import DialogueState, StoppingRule
from planning.evidence import Answer
from planning.network import EvidentialNetwork, Finding, Hypothesis, Link
from planning.policies import make_policy
from planning.policies.profile import profile_signs, short_leaders

OWN = ("own1", "own2")  # the short-profile cause's signs
SHARED = ("shared1", "shared2", "shared3")  # what both common causes show


def clinic() -> EvidentialNetwork:
    """Two common causes (``cold``, ``flu``: prior 1, five and four signs) that ``split`` tells
    apart, and ``croup`` (prior 0.3), whose only signs are ``own1`` and ``own2``. Every finding
    has the default answer "no", as a symptom a patient does not mention."""
    causes = [
        Hypothesis("cold", "Cold", prior=1.0),
        Hypothesis("flu", "Flu", prior=1.0),
        Hypothesis("croup", "Croup", prior=0.3),
    ]
    links = []
    for h in ("cold", "flu"):
        for f in SHARED:
            links.append(Link.make(h, f, {"yes": 0.5, ("yes", "no"): 0.45, "no": 0.05}))
        for f in OWN:
            links.append(Link.make(h, f, {"no": 0.9, ("yes", "no"): 0.1}))
        links.append(Link.make(h, "fever", {"yes": 0.6, ("yes", "no"): 0.4}))
    links.append(Link.make("cold", "split", {"yes": 0.8, ("yes", "no"): 0.2}))
    links.append(Link.make("flu", "split", {"no": 0.8, ("yes", "no"): 0.2}))
    for f in OWN:
        links.append(Link.make("croup", f, {"yes": 0.5, ("yes", "no"): 0.5}))
    for f in (*SHARED, "split", "fever"):
        links.append(Link.make("croup", f, {"no": 0.9, ("yes", "no"): 0.1}))
    findings = [Finding(f, f"{f}?", default_state="no") for f in (*SHARED, *OWN, "split", "fever")]
    return EvidentialNetwork("clinic", causes, findings, links)


def reach(**changes: float) -> StoppingRule:
    settings: dict[str, float] = {"tau": 0.99, "reach_below": 0.5, "reach_profile": 2}
    settings.update(changes)
    return StoppingRule(**settings)  # type: ignore[arg-type]


def asked(rule: StoppingRule, answers: dict[str, str] | None = None) -> str:
    network = clinic()
    state = DialogueState.start(network)
    for finding, value in (answers or {"fever": "yes"}).items():
        state.apply(Answer(finding, (value,)), network)
    action = make_policy("infogatherer", stopping=rule).choose(state, network)
    assert isinstance(action, Ask)
    return action.finding


def test_the_signs_are_read_off_the_links() -> None:
    network = clinic()
    signs = profile_signs(network)
    ids = [h.id for h in network.hypotheses]
    findings = [f.id for f in network.findings]
    own = [findings[int(j)] for j in np.flatnonzero(signs[:, ids.index("croup")])]
    assert own == list(OWN)  # a "no" it expects is not a sign, nor is ignorance
    assert signs.sum(axis=0).tolist() == [5, 4, 2]  # cold: shared, split, fever; flu: shared, fever


def test_a_diffuse_belief_asks_what_splits_the_common_causes() -> None:
    assert asked(StoppingRule(tau=0.99)) not in OWN


def test_the_short_profile_cause_among_the_leaders_has_its_sign_asked() -> None:
    assert asked(reach()) in OWN


def test_a_leader_at_reach_below_is_asked_about_as_before() -> None:
    clear = {"fever": "yes", "split": "yes", "shared1": "yes"}
    assert asked(reach(reach_below=0.3), clear) == asked(StoppingRule(tau=0.99), clear)


def test_the_first_questions_are_left_to_the_policy() -> None:
    network = clinic()
    state = DialogueState.start(network)
    state.apply(Answer("fever", ("yes",)), network)
    known = np.array([0.4, 0.4, 0.2])
    assert short_leaders(state, network, known, reach(reach_after=2)).size == 0
    assert asked(reach(reach_after=2)) == asked(StoppingRule(tau=0.99))


def test_the_last_questions_are_left_to_the_policy() -> None:
    # One question asked (fever): a rule that stops before the second leaves the choice alone.
    assert asked(reach(reach_before=1)) == asked(StoppingRule(tau=0.99))
    assert asked(reach(reach_before=2)) in OWN


def test_a_cause_outside_the_leaders_or_with_a_long_profile_is_not_reached() -> None:
    assert asked(reach(reach_top=2)) == asked(StoppingRule(tau=0.99))
    assert asked(reach(reach_profile=1)) == asked(StoppingRule(tau=0.99))


@pytest.mark.parametrize(
    "bad",
    [
        {"reach_below": 1.5},
        {"reach_top": 0},
        {"reach_profile": 0},
        {"reach_after": -1},
        {"reach_before": -1},
    ],
)
def test_the_settings_are_checked(bad: dict[str, float]) -> None:
    with pytest.raises(ValueError):
        StoppingRule(**bad)  # type: ignore[arg-type]
