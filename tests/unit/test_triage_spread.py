"""Triage of a belief that spreads the severe causes thin (docs/planner-robustness.md, stop 36).

DDXPlus dev 233 (PSVT) was handed on at the question budget with PSVT at BetP 0.07 among five
diffuse causes: each cause under the 0.1 floor, so the hand-off was triaged routine although
the severe causes together held more than the floor."""

from __future__ import annotations

from bots.triage import triage_level as case_triage_level
from planning.dialogue import DialogueState
from planning.evidence import Answer
from planning.network import EvidentialNetwork, Finding, Hypothesis, Link
from planning.triage import (
    TRIAGE_FLOOR,
    singles_out,
    spread_level,
    triage_level,
    unsupported_flags,
)

# Severity 3 leads; four severe causes follow, each under the floor, 0.26 together.
DIFFUSE_SEVERE = [(3, 0.3), (2, 0.08), (3, 0.08), (2, 0.07), (1, 0.06), (2, 0.05), (4, 0.05)]


def test_severe_causes_spread_thin_make_a_hand_off_urgent() -> None:
    assert all(p < TRIAGE_FLOOR for _, p in DIFFUSE_SEVERE[1:])
    assert triage_level(DIFFUSE_SEVERE) == "urgent"


def test_the_same_spread_over_mild_causes_stays_routine() -> None:
    """The sum is over the severe causes only: a diffuse belief over mild ones is no reason
    to hurry, or an intake that cannot decide would escalate everyone."""
    mild = [(3, 0.3), (4, 0.08), (3, 0.08), (5, 0.07), (2, 0.02), (4, 0.05), (1, 0.01)]
    assert triage_level(mild) == "routine"


def test_a_spread_belief_is_urgent_never_an_emergency() -> None:
    """Several severity-1 causes, each under the floor: a nurse today, not an ambulance; one
    cause at the floor, which the answers single out, is still an emergency."""
    thin = [(4, 0.5), (1, 0.06), (1, 0.05), (1, 0.04)]
    assert triage_level(thin) == "urgent"
    assert triage_level([(4, 0.5), (1, 0.1)]) == "emergency"
    assert spread_level({"emergency": 0.09, "urgent": 0.0}) == "routine"
    assert spread_level({"emergency": 0.06, "urgent": 0.05}) == "urgent"


def test_the_case_differential_staff_see_is_triaged_the_same_way() -> None:
    """The product triages an abstention from ``Case.differential`` (bots.triage)."""
    differential = [
        {"id": f"h{i}", "betp": p, "severity": severity}
        for i, (severity, p) in enumerate(DIFFUSE_SEVERE)
    ]
    assert case_triage_level(differential) == "urgent"


def test_a_severe_cause_not_excluded_against_the_leader_makes_a_hand_off_urgent() -> None:
    """Dev 233's belief at the budget: PSVT (severity 2) at 0.07, a quarter of the leader's
    0.27, the severe causes 0.08 together (under the floor either way). The answers have not
    made it ten times less likely than the leader: urgent. A severe cause the answers made
    more than ten times less likely than the leader is excluded: routine."""
    dev_233 = [(4, 0.27), (5, 0.21), (3, 0.19), (3, 0.16), (2, 0.07), (3, 0.04), (2, 0.005)]
    assert spread_level({"urgent": 0.075}) == "routine"
    assert triage_level(dev_233) == "urgent"
    excluded = [(4, 0.5), (5, 0.21), (3, 0.19), (3, 0.06), (2, 0.04)]
    assert triage_level(excluded) == "routine"


def _swelling_network() -> EvidentialNetwork:
    """A localized edema (mild) and an acute pulmonary edema (severity 1): both give swelling
    and pain nearly always; only the second gives breathlessness."""
    hypotheses = [
        Hypothesis("edema", "Localized edema", severity=4),
        Hypothesis("lungs", "Acute pulmonary edema", severity=1),
    ]
    findings = [
        Finding("swelling", "Swelling?"),
        Finding("pain", "Pain?"),
        Finding("sob", "Breathless?"),
    ]
    links = [
        Link.make("edema", "swelling", {"yes": 0.95, ("yes", "no"): 0.05}),
        Link.make("lungs", "swelling", {"yes": 0.9, ("yes", "no"): 0.1}),
        Link.make("edema", "pain", {"yes": 0.9, ("yes", "no"): 0.1}),
        Link.make("lungs", "pain", {"yes": 0.9, ("yes", "no"): 0.1}),
        Link.make("edema", "sob", {"no": 0.9, ("yes", "no"): 0.1}),
        Link.make("lungs", "sob", {"yes": 0.9, ("yes", "no"): 0.1}),
    ]
    return EvidentialNetwork("swelling", hypotheses, findings, links)


def test_a_severe_cause_behind_the_leader_is_an_emergency_only_when_singled_out() -> None:
    """Stop 37 (lead12's rolled ankle): swelling and pain, nothing asked about breathing, and a
    pulmonary edema behind the leader made an emergency. Answers every cause gives do not
    single it out (urgent); breathlessness, which only it gives, does (emergency)."""
    net = _swelling_network()
    common = DialogueState.start(net)
    for finding in ("swelling", "pain"):
        common.apply(Answer(finding, ("yes",)), net)
    assert not singles_out(common, net, "lungs", "edema")
    assert unsupported_flags(common, net, ["edema", "lungs"]) == [False, True]
    ranked = [(4, 0.6), (1, 0.3)]
    assert triage_level(ranked, unsupported=[False, True]) == "urgent"
    breathless = DialogueState.start(net)
    for finding in ("swelling", "sob"):
        breathless.apply(Answer(finding, ("yes",)), net)
    assert singles_out(breathless, net, "lungs", "edema")
    assert unsupported_flags(breathless, net, ["edema", "lungs"]) == [False, False]
    assert triage_level(ranked, unsupported=[False, False]) == "emergency"
