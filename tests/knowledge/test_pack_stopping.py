"""The patient-intake pack's stopping rule concludes at BetP 0.97 only a mild leader (severity 4)
that no one answer carries and whose own red flags were asked; any other leader is asked about
up to 0.99 (docs/planner-robustness.md, stops 39-40: the questions that lifted such a leader
from 0.97 to 0.99 changed no conclusion of 500 DDXPlus dev patients, but for a moderate or
severe leader they were where a red flag came out: unstable angina's "chest pain even at
rest?", a COPD exacerbation's "severe COPD?" after a wheeze)."""

from __future__ import annotations

import pytest

from knowledge.packs.importers import example_policy
from planning.actions import Ask, Conclude
from planning.dialogue import DialogueState, StoppingRule
from planning.evidence import Answer
from planning.network import EvidentialNetwork, Finding, Hypothesis, Link, RedFlag
from planning.policies import make_policy
from planning.policies.asking import early_conclusion_safe
from planning.policies.base import survives_one_wrong_answer

INTAKE = StoppingRule(**example_policy("patient-intake")["stopping"])


def _causes(severity: int | None) -> list[Hypothesis]:
    return [Hypothesis(f"h{i}", f"Cause {i}", severity=severity, prior=1.0) for i in range(1, 4)]


def agreeing(severity: int | None = 4, flag: bool = False) -> EvidentialNetwork:
    """Eight questions, each a modest sign of h1 and mildly against the others; with ``flag``,
    a ninth that h1 makes likely and the others do not, a red flag."""
    causes = _causes(severity)
    links = [
        Link.make(
            h.id,
            f"q{i}",
            {"yes": 0.6, ("yes", "no"): 0.4} if h.id == "h1" else {"no": 0.5, ("yes", "no"): 0.5},
        )
        for i in range(1, 9)
        for h in causes
    ]
    findings = [Finding(f"q{i}", f"Question {i}?") for i in range(1, 9)]
    flags = []
    if flag:
        links += [
            Link.make(
                h.id,
                "alarm",
                {"yes": 0.7, ("yes", "no"): 0.3}
                if h.id == "h1"
                else {"no": 0.9, ("yes", "no"): 0.1},
            )
            for h in causes
        ]
        findings.append(Finding("alarm", "Chest pain even at rest?"))
        flags.append(RedFlag("alarm", ("yes",), "a cardinal sign of cause 1", "urgent"))
    return EvidentialNetwork("agreeing", causes, findings, links, red_flags=flags)


def one_strong_sign() -> EvidentialNetwork:
    """One question the other causes almost never show; one that tells h2 apart a little."""
    links = []
    for h in _causes(4):
        strong = (
            {"yes": 0.9, ("yes", "no"): 0.1} if h.id == "h1" else {"no": 0.98, ("yes", "no"): 0.02}
        )
        weak = {"yes": 0.5, ("yes", "no"): 0.5} if h.id == "h2" else {("yes", "no"): 1.0}
        links += [Link.make(h.id, "s", strong), Link.make(h.id, "w", weak)]
    findings = [Finding("s", "Strong sign?"), Finding("w", "Weak sign?")]
    return EvidentialNetwork("strong", _causes(4), findings, links)


def six_yes(net: EvidentialNetwork) -> DialogueState:
    state = DialogueState.start(net)
    for i in range(1, 7):
        state.apply(Answer.crisp(f"q{i}", "yes"), net)
    leader, betp = state.ranking(net)[0]
    assert leader == "h1" and 0.97 <= betp < 0.99
    assert survives_one_wrong_answer(state, net, 0, 0.5)
    return state


def test_a_mild_leader_no_one_answer_carries_is_concluded_short_of_099() -> None:
    net = agreeing(severity=4)
    state = six_yes(net)
    action = make_policy("infogatherer", stopping=INTAKE).choose(state, net)
    assert isinstance(action, Conclude) and action.hypothesis == "h1"
    assert action.confidence == state.ranking(net)[0][1]  # the belief's own figure


@pytest.mark.parametrize("severity", [1, 2, 3, 5, None])
def test_any_other_leader_is_asked_about_up_to_099(severity: int | None) -> None:
    """Moderate and severe leaders, self-care advice, and a cause of unknown severity keep the
    pack's 0.99: a later answer may raise the triage (dev 326, 178) or spread the belief."""
    net = agreeing(severity=severity)
    state = six_yes(net)
    assert isinstance(make_policy("infogatherer", stopping=INTAKE).choose(state, net), Ask)


def test_a_mild_leader_with_its_own_red_flag_unasked_is_asked_about() -> None:
    net = agreeing(severity=4, flag=True)
    state = six_yes(net)
    action = make_policy("infogatherer", stopping=INTAKE).choose(state, net)
    assert isinstance(action, Ask)
    assert not early_conclusion_safe(state, net, 0, INTAKE)
    # Once its own red flag was asked ("no": nothing to escalate), it no longer holds it back.
    state.apply(Answer.crisp("alarm", "no"), net)
    assert early_conclusion_safe(state, net, 0, INTAKE)


def test_a_leader_one_answer_carries_is_still_asked_about() -> None:
    net = one_strong_sign()
    state = DialogueState.start(net)
    state.apply(Answer.crisp("s", "yes"), net)
    leader, betp = state.ranking(net)[0]
    assert leader == "h1" and 0.97 <= betp < 0.99
    assert not survives_one_wrong_answer(state, net, 0, 0.5)
    action = make_policy("infogatherer", stopping=INTAKE).choose(state, net)
    assert isinstance(action, Ask)


def test_the_pack_metadata_list_is_the_rule_tuple() -> None:
    """A pack's metadata comes from JSON (a list); the engine keys its cache by the rule."""
    rule = StoppingRule(tau=0.97, flags_before=0.99, early_severities=[4])  # type: ignore[arg-type]
    assert rule.early_severities == (4,) and hash(rule) == hash(
        StoppingRule(tau=0.97, flags_before=0.99, early_severities=(4,))
    )


def test_the_intake_checks_a_settled_leader_against_its_runner_up() -> None:
    # Near twins (stable / unstable angina) settle below tau: the pack hands the case on when
    # the answers, read as probabilities, favour the runner-up (planning.policies.pair;
    # docs/planner-robustness.md stop 41).
    assert INTAKE.pair_check
    assert not StoppingRule(**example_policy("it-laptop")["stopping"]).pair_check


def test_the_intake_asks_the_next_split_after_a_not_sure() -> None:
    # A "not sure" to the question that splits a settled leader from its runner-up: the pack
    # asks the next question that tells the two apart (stop 42); the troubleshooting packs
    # conclude as before.
    assert INTAKE.pair_lost_gain > 0.0 and INTAKE.pair_split_gain > 0.0
    laptop = StoppingRule(**example_policy("it-laptop")["stopping"])
    assert laptop.pair_lost_gain == 0.0 and laptop.pair_split_gain == 0.0


def test_the_intake_asks_back_a_slip_a_settle_rests_on_and_names_no_twin_on_a_coin_toss() -> None:
    # A settle resting on a "yes" the runner-up gives only by mistake is asked back once, and
    # near twins the two readings leave near even are handed on (stop 45); the
    # troubleshooting packs do neither.
    assert 0.0 < INTAKE.confirm_misreport < 0.5 and INTAKE.pair_margin > 0.0
    laptop = StoppingRule(**example_policy("it-laptop")["stopping"])
    assert laptop.confirm_misreport == 0.0 and laptop.pair_margin == 0.0


def test_the_intake_reaches_the_short_profiles_between_the_first_and_last_questions() -> None:
    # A diffuse belief after the complaint's questions: the intake asks among the signs of
    # the short-profile leaders (planning.policies.profile, stop 43) and leaves the first and
    # the last questions to the policy; the troubleshooting packs never do.
    assert 0.0 < INTAKE.reach_below < INTAKE.budget_floor
    assert 0 < INTAKE.reach_after < INTAKE.reach_before < INTAKE.max_turns
    assert StoppingRule(**example_policy("it-laptop")["stopping"]).reach_below == 0.0


def test_the_pair_gains_are_bits_of_one_choice() -> None:
    with pytest.raises(ValueError):
        StoppingRule(pair_lost_gain=1.5)
    with pytest.raises(ValueError):
        StoppingRule(pair_split_gain=-0.1)


def test_the_intake_concludes_a_clear_leader_at_the_budget_short_of_its_floor() -> None:
    # At the budget a leader short of the floor but at twice its runner-up's BetP is
    # concluded (stop 47); a near twin's split, and the troubleshooting packs, are not.
    assert 0.0 < INTAKE.budget_odds_floor < INTAKE.budget_floor and INTAKE.budget_odds > 1.5
    laptop = StoppingRule(**example_policy("it-laptop")["stopping"])
    assert laptop.budget_odds_floor == 0.0
