"""The dialogue engine (planning.engine) and the case results built from where it ends
(planning.results), on a tiny network whose outcomes can be worked out by hand.

Network: hypotheses h1, h2, h3. Finding ``f1`` (yes/no): under h1 ``m({yes}) = 0.8,
m(Theta) = 0.2``; under h2 and h3 ``m({no}) = 0.8, m(Theta) = 0.2``. Answering "yes" gives
weights w = (1, 0.2, 0.2); in product form m({h1}) = 0.64, m({h1,h2}) = m({h1,h3}) = 0.16,
m({h1,h2,h3}) = 0.04, so BetP(h1) = 0.64 + 0.16 + 0.04/3 = 0.81333..., BetP(h2) = BetP(h3) =
0.08 + 0.04/3 = 0.09333... ``f2`` separates h2 (yes) from h3 (no) crisply and says nothing about
h1. ``f3`` is a red flag when "yes" and says nothing about anyone. ``f4``: every hypothesis
says "no" crisply, so "yes" contradicts them all.
"""

from __future__ import annotations

import pytest

from planning.actions import Abstain, Action, Ask, Conclude, Escalate, Rationale
from planning.dialogue import DialogueState, Policy, StoppingRule
from planning.engine import Confirm, Decision, Dialogue, Engine, EngineError, Rules
from planning.evidence import Answer
from planning.network import EvidentialNetwork, Finding, Hypothesis, Link, RedFlag
from planning.results import ABSTAINED, CONCLUDED, ESCALATED, CaseResult, ResultError
from planning.simulation import Case, SimulatedUser
from tests.unit.engine_driver import run_case

BETP_H1_AFTER_YES = 0.64 + 0.16 + 0.04 / 3
BETP_OTHER_AFTER_YES = 0.08 + 0.04 / 3


def make_network() -> EvidentialNetwork:
    hyps = [Hypothesis(h, h.upper()) for h in ("h1", "h2", "h3")]
    findings = [Finding(f, f"{f}?") for f in ("f1", "f2", "f3", "f4")]
    links = [
        Link.make("h1", "f1", {"yes": 0.8, ("yes", "no"): 0.2}),
        Link.make("h2", "f1", {"no": 0.8, ("yes", "no"): 0.2}),
        Link.make("h3", "f1", {"no": 0.8, ("yes", "no"): 0.2}),
        Link.make("h2", "f2", {"yes": 1.0}),
        Link.make("h3", "f2", {"no": 1.0}),
        *(Link.make(h, "f4", {"no": 1.0}) for h in ("h1", "h2", "h3")),
    ]
    return EvidentialNetwork(
        "tiny", hyps, findings, links, red_flags=[RedFlag("f3", ("yes",), "danger")]
    )


def ask(finding: str) -> Ask:
    return Ask(finding, Rationale((), 0.0, {}))


class ScriptedPolicy:
    """Asks its script in order (skipping what is already known), then concludes the leader.

    On a red flag it escalates when the stopping rule says so; past ``max_turns`` it abstains.
    """

    def __init__(self, script: list[str], stopping: StoppingRule, conclude: str | None = None):
        self.script = script
        self.stopping = stopping
        self.conclude = conclude

    def choose(self, state: DialogueState, network: EvidentialNetwork) -> Action:
        ranking = state.ranking(network)
        if state.red_flags and self.stopping.red_flags == "escalate":
            return Escalate("red_flag", state.red_flags[0].reason, tuple(ranking))
        for finding in self.script:
            if finding not in state.asked:
                if state.turns >= self.stopping.max_turns:
                    return Abstain("max_turns", tuple(ranking))
                return ask(finding)
        best, p = ranking[0]
        return Conclude(self.conclude or best, p)


class ReAsker:
    def choose(self, state: DialogueState, network: EvidentialNetwork) -> Action:
        return ask("f1")


class NeverStops:
    def choose(self, state: DialogueState, network: EvidentialNetwork) -> Action:
        remaining = [f.id for f in network.findings if f.id not in state.asked]
        return ask(remaining[0])


STOP = StoppingRule(tau=0.85, max_turns=3, red_flags="flag")
NET = make_network()


def case(
    case_id: str, truth: str, answers: dict[str, str], opening: tuple[Answer, ...] = ()
) -> Case:
    return Case(case_id, truth, answers, opening)


def play(policy: Policy, c: Case, stopping: StoppingRule = STOP, **user: float) -> CaseResult:
    return run_case(policy, NET, c, SimulatedUser(c, **user), stopping)


def test_one_question_then_conclude_matches_the_hand_computed_belief() -> None:
    result = play(ScriptedPolicy(["f1"], STOP), case("a", "h1", {"f1": "yes"}))
    assert result.outcome == CONCLUDED
    assert result.concluded == "h1" and result.correct
    assert result.turns == 1 and result.asked == ("f1",)
    assert result.confidence == pytest.approx(BETP_H1_AFTER_YES)
    assert result.true_betp == pytest.approx(BETP_H1_AFTER_YES)
    assert result.top3[0] == "h1" and set(result.top3) == {"h1", "h2", "h3"}
    assert len(result.decision_ms) == 2  # the question and the conclusion
    assert all(t >= 0.0 for t in result.decision_ms)
    assert result.red_flags == ()


def test_a_wrong_conclusion_is_recorded_with_its_confidence() -> None:
    # The patient has h2 but answers f1 "yes" (allowed by h2's ignorance mass): h1 leads.
    result = play(ScriptedPolicy(["f1"], STOP), case("b", "h2", {"f1": "yes"}))
    assert result.concluded == "h1" and not result.correct
    assert result.confidence == pytest.approx(BETP_H1_AFTER_YES)
    assert result.true_betp == pytest.approx(BETP_OTHER_AFTER_YES)
    # h2 ties with h3 behind h1: counted pessimistically it ranks third, still in the top 3.
    assert result.true_rank == 3 and result.in_top3


def test_a_truth_tied_with_too_many_others_is_not_in_the_top3() -> None:
    # Four hypotheses, one finding linked to none: the belief stays flat at 1/4 each. Network
    # order lists a1 first, but a1 is no more plausible than the three others.
    flat = EvidentialNetwork(
        "flat", [Hypothesis(h, h) for h in ("a1", "a2", "a3", "a4")], [Finding("g", "g?")], []
    )
    c = case("q", "a1", {"g": "yes"})
    result = run_case(ScriptedPolicy(["g"], STOP), flat, c, SimulatedUser(c), STOP)
    assert result.correct and result.confidence == pytest.approx(0.25)
    assert result.top3 == ("a1", "a2", "a3")
    assert result.true_rank == 4 and not result.in_top3


def test_confidence_is_recomputed_not_taken_from_the_policy() -> None:
    policy = ScriptedPolicy(["f1"], STOP, conclude="h3")
    result = play(policy, case("c", "h3", {"f1": "yes"}))
    assert result.correct
    assert result.confidence == pytest.approx(BETP_OTHER_AFTER_YES)
    assert result.stated_confidence == pytest.approx(BETP_H1_AFTER_YES)


def test_opening_costs_no_turn_and_is_not_listed_as_asked() -> None:
    c = case("d", "h2", {"f1": "no", "f2": "yes"}, opening=(Answer.crisp("f1", "no"),))
    result = play(ScriptedPolicy(["f1", "f2"], STOP), c)
    assert result.asked == ("f2",) and result.turns == 1
    # f1 = no then f2 = yes: w = (0.2, 1, 0), so m({h2}) = 0.8, m({h1, h2}) = 0.2.
    assert result.concluded == "h2" and result.confidence == pytest.approx(0.9)


def test_ruled_out_hypotheses_leave_the_top3() -> None:
    result = play(ScriptedPolicy(["f1", "f2"], STOP), case("e", "h2", {"f1": "no", "f2": "yes"}))
    # f2 = yes gives h3 plausibility 0; h1 keeps 0.2 from f1's ignorance mass.
    assert result.top3 == ("h2", "h1")


def test_red_flag_is_recorded_and_the_dialogue_goes_on_in_flag_mode() -> None:
    c = case("f", "h1", {"f3": "yes", "f1": "yes"})
    result = play(ScriptedPolicy(["f3", "f1"], STOP), c)
    assert result.red_flags == ("f3",)
    assert result.outcome == CONCLUDED and result.turns == 2


def test_red_flag_escalates_in_escalate_mode() -> None:
    stopping = StoppingRule(max_turns=3, red_flags="escalate")
    c = case("g", "h1", {"f3": "yes", "f1": "yes"})
    result = play(ScriptedPolicy(["f3", "f1"], stopping), c, stopping)
    assert result.outcome == ESCALATED and result.reason == "red_flag"
    assert result.turns == 1 and result.concluded is None and result.confidence is None


def test_abstain_at_max_turns() -> None:
    stopping = StoppingRule(max_turns=1, red_flags="flag")
    c = case("h", "h2", {"f1": "no", "f2": "yes"})
    result = play(ScriptedPolicy(["f1", "f2"], stopping), c, stopping)
    assert result.outcome == ABSTAINED and result.reason == "max_turns"
    assert result.turns == 1 and not result.correct and result.confidence is None


def test_noisy_user_answers_reach_the_belief() -> None:
    # flip_rate 1 turns the true "yes" into "no": the leader is no longer h1.
    result = play(ScriptedPolicy(["f1"], STOP), case("i", "h1", {"f1": "yes"}), flip_rate=1.0)
    assert result.concluded != "h1"
    assert result.true_betp < 0.1


def test_unsure_answer_costs_a_turn_and_changes_nothing() -> None:
    result = play(ScriptedPolicy(["f1"], STOP), case("j", "h1", {}))
    assert result.turns == 1
    assert result.confidence == pytest.approx(1 / 3)


def test_open_world_takes_the_mass_when_every_hypothesis_is_contradicted() -> None:
    c = case("k", "h1", {"f4": "yes"})
    result = run_case(ScriptedPolicy(["f4"], STOP), NET, c, SimulatedUser(c), STOP, open_world=0.5)
    assert result.top3 == ()  # every known hypothesis has BetP 0
    assert result.true_betp == 0.0
    # A conclusion that goes against the user's answer is never shown: the policy's
    # Conclude(h1) becomes an abstention (the answer was pressed, so not asked back).
    assert result.outcome == ABSTAINED and result.concluded is None
    assert result.reason == "the likeliest cause goes against an answer you gave"


def test_re_asking_a_finding_is_an_error() -> None:
    c = case("l", "h1", {"f1": "yes"})
    with pytest.raises(EngineError, match="re-asked finding 'f1'"):
        play(ReAsker(), c)


def test_re_asking_the_opening_finding_is_an_error() -> None:
    c = case("m", "h1", {"f1": "yes"}, opening=(Answer.crisp("f1", "yes"),))
    with pytest.raises(EngineError, match="re-asked"):
        play(ReAsker(), c)


def test_asking_past_max_turns_is_an_error() -> None:
    c = case("n", "h1", {"f1": "yes"})
    with pytest.raises(EngineError, match="past max_turns=3"):
        play(NeverStops(), c)


def test_a_case_whose_truth_is_not_in_the_network_is_an_error() -> None:
    with pytest.raises(ResultError, match="'h9' is not in network 'tiny'"):
        play(ScriptedPolicy(["f1"], STOP), case("o", "h9", {}))


# -- the confirmation rule ---------------------------------------------------------------------


def started(confidence: float) -> tuple[Engine, object]:
    engine = Engine(ScriptedPolicy(["f1"], STOP), Rules(STOP))
    dialogue = engine.start(NET)
    engine.answer(dialogue, NET, Answer.crisp("f1", "yes"), confidence=confidence)
    return engine, dialogue


def test_a_conclusion_on_a_doubtful_reading_confirms_it_first() -> None:
    engine, dialogue = started(0.7)
    decision = engine.decide(dialogue, NET, escalate_red_flags=False)  # type: ignore[arg-type]
    assert isinstance(decision, Confirm)
    assert (decision.index, decision.finding, decision.reason) == (0, "f1", "doubtful_reading")
    assert isinstance(decision.instead, Conclude) and decision.instead.hypothesis == "h1"


def test_a_button_answer_is_never_confirmed() -> None:
    engine, dialogue = started(1.0)
    decision = engine.decide(dialogue, NET, escalate_red_flags=False)  # type: ignore[arg-type]
    assert isinstance(decision, Conclude) and decision.hypothesis == "h1"


def test_the_reply_to_a_confirmation_replaces_the_answer_and_costs_a_turn() -> None:
    engine, dialogue = started(0.7)
    engine.answer(dialogue, NET, Answer.crisp("f1", "no"), confidence=0.7, replaces=0)  # type: ignore[arg-type]
    state = dialogue.state  # type: ignore[attr-defined]
    assert [a.states for a in state.answers] == [("no",)] and state.turns == 2
    assert dialogue.confirmed == ["f1"]  # type: ignore[attr-defined]
    # Confirmed once, never again: the engine now concludes on the confirmed answer.
    decision = engine.decide(dialogue, NET, escalate_red_flags=False)  # type: ignore[arg-type]
    assert isinstance(decision, Conclude) and decision.hypothesis in ("h2", "h3")


class StopsAtTau:
    """Asks nothing; concludes the leader at ``tau``, otherwise has nothing left to ask."""

    def __init__(self, tau: float) -> None:
        self.tau = tau

    def choose(self, state: DialogueState, network: EvidentialNetwork) -> Action:
        ranking = state.ranking(network)
        best, p = ranking[0]
        if p >= self.tau:
            return Conclude(best, p)
        return Abstain("no_questions", tuple(ranking))


def test_a_doubtful_fact_said_in_passing_is_asked_back_at_a_dead_end() -> None:
    # "no" to f1 read in passing with doubt (0.7) settles nothing, even taken as said (h2
    # and h3 stay tied); "yes" would (BetP 0.813): at a dead end asking it back beats
    # handing the case on.
    stop = StoppingRule(tau=0.8, max_turns=3, red_flags="flag")
    engine = Engine(StopsAtTau(0.8), Rules(stop))
    dialogue = engine.start(NET)
    engine.volunteer(dialogue, NET, [Answer("f1", ("no",), 0.7)])
    decision = engine.decide(dialogue, NET, escalate_red_flags=False)
    assert isinstance(decision, Confirm) and decision.finding == "f1"
    assert decision.reason == "stalled"
    engine.answer(dialogue, NET, Answer.crisp("f1", "yes"), replaces=decision.index)
    decision = engine.decide(dialogue, NET, escalate_red_flags=False)
    assert isinstance(decision, Conclude) and decision.hypothesis == "h1"


def test_a_plain_typed_answer_is_not_asked_back_at_a_dead_end() -> None:
    # "no, the battery's fine" is read at confirm_below (0.95): as settled as a button, so a
    # stalled case does not ask it back ("Just to be sure: ..." after a plain answer); a
    # hedged reading of the same answer is still asked back.
    stop = StoppingRule(tau=0.8, max_turns=3, red_flags="flag")
    for confidence, asked_back in ((0.95, False), (0.7, True)):
        engine = Engine(StopsAtTau(0.8), Rules(stop))
        dialogue = engine.start(NET)
        engine.volunteer(dialogue, NET, [Answer("f1", ("no",), confidence)])
        decision = engine.decide(dialogue, NET, escalate_red_flags=False)
        assert isinstance(decision, Confirm) is asked_back, (confidence, decision)


class AsksOnBelowTau:
    """Concludes the leader at ``tau``; below it asks f2, f3, f4 in turn, then abstains."""

    def __init__(self, tau: float) -> None:
        self.tau = tau

    def choose(self, state: DialogueState, network: EvidentialNetwork) -> Action:
        ranking = state.ranking(network)
        best, p = ranking[0]
        if p >= self.tau:
            return Conclude(best, p)
        for finding in ("f2", "f3", "f4"):
            if finding not in state.asked:
                return ask(finding)
        return Abstain("no_questions", tuple(ranking))


def test_a_fact_the_user_said_is_not_asked_back_when_they_cannot_answer_what_follows() -> None:
    # The opening's fact read with doubt (0.7) leaves h1 short of tau, and the user says "not
    # sure" to the questions that follow. They are not asked again what they said while there
    # is something else to ask ("Just to be sure: ..." after every two "not sure" read as not
    # listening); once nothing is left, asking it back beats handing the case on.
    stop = StoppingRule(tau=0.8, max_turns=6, red_flags="flag")
    engine = Engine(AsksOnBelowTau(0.8), Rules(stop))
    dialogue = engine.start(NET)
    engine.volunteer(dialogue, NET, [Answer("f1", ("no",), 0.7)])
    for finding in ("f2", "f3", "f4"):
        decision = engine.decide(dialogue, NET, escalate_red_flags=False)
        assert isinstance(decision, Ask) and decision.finding == finding
        engine.answer(dialogue, NET, Answer.unsure(finding))
    decision = engine.decide(dialogue, NET, escalate_red_flags=False)
    assert isinstance(decision, Confirm) and decision.finding == "f1"
    assert decision.reason == "stalled" and isinstance(decision.instead, Abstain)


def test_a_cause_resting_on_a_fact_said_in_passing_is_concluded_at_face_value() -> None:
    # "yes" to f1 read in passing with doubt (0.7) leaves h1 below tau 0.8 (BetP 0.69); the
    # questions that could close the gap are about h2 and h3, which the user's case never
    # reaches ("not sure" to each until the question budget hands the case on). Taken as said,
    # h1 reaches tau (0.813) and leads anyway: it is concluded now, with the discounted
    # belief's confidence, and the user is not asked again what they said.
    chart = EvidentialNetwork(
        "chart",
        NET.hypotheses,
        NET.findings,
        NET.links,
        flow={"f1": {"yes": "h1", "no": "f2"}, "f2": {"yes": "h2", "no": "h3"}},
        flow_root="f1",
    )
    stop = StoppingRule(tau=0.8, max_turns=6, red_flags="flag")
    engine = Engine(AsksOnBelowTau(0.8), Rules(stop))
    dialogue = engine.start(chart)
    engine.volunteer(dialogue, chart, [Answer("f1", ("yes",), 0.7)])
    decision = engine.decide(dialogue, chart, escalate_red_flags=False)
    assert isinstance(decision, Conclude) and decision.hypothesis == "h1"
    assert decision.confidence == pytest.approx(dialogue.state.ranking(chart)[0][1])
    assert decision.confidence < 0.8
    # The same reading after a question asked with a button is not taken at face value: an
    # answer the user gave to a question is only ever confirmed, never assumed.
    dialogue = engine.start(chart)
    engine.answer(dialogue, chart, Answer("f1", ("yes",), 0.7), confidence=0.7)
    decision = engine.decide(dialogue, chart, escalate_red_flags=False)
    assert isinstance(decision, Ask) and decision.finding == "f2"
    # Without a chart every finding can be answered: the questions after the fact settle it.
    dialogue = engine.start(NET)
    engine.volunteer(dialogue, NET, [Answer("f1", ("yes",), 0.7)])
    decision = engine.decide(dialogue, NET, escalate_red_flags=False)
    assert isinstance(decision, Ask) and decision.finding == "f2"


def test_the_last_question_asks_back_a_doubtful_fact_rather_than_hand_the_case_on() -> None:
    # On a chart, f1 = "no" read in passing with doubt (0.7) sends the dialogue after h2 and
    # h3; the user cannot answer what follows ("not sure"). With one question left in the
    # budget the case is about to be handed on (a dead end): the fact whose other answer would
    # conclude is asked back instead of a last question about another branch. Never earlier
    # (the questions before it are asked as the policy chose), and not where every finding can
    # be answered (no chart: not measured there).
    chart = EvidentialNetwork(
        "chart",
        NET.hypotheses,
        NET.findings,
        NET.links,
        flow={"f1": {"yes": "h1", "no": "f2"}, "f2": {"yes": "h2", "no": "h3"}},
        flow_root="f1",
    )
    stop = StoppingRule(tau=0.8, max_turns=3, red_flags="flag")
    engine = Engine(AsksOnBelowTau(0.8), Rules(stop))

    def two_answers(network: EvidentialNetwork) -> tuple[Dialogue, Decision]:
        dialogue = engine.start(network)
        engine.volunteer(dialogue, network, [Answer("f1", ("no",), 0.7)])
        for finding in ("f2", "f3"):
            decision = engine.decide(dialogue, network, escalate_red_flags=False)
            assert isinstance(decision, Ask) and decision.finding == finding
            engine.answer(dialogue, network, Answer.unsure(finding))
        return dialogue, engine.decide(dialogue, network, escalate_red_flags=False)

    dialogue, decision = two_answers(chart)
    assert isinstance(decision, Confirm) and decision.finding == "f1" and decision.index == 0
    assert isinstance(decision.instead, Ask) and decision.instead.finding == "f4"
    engine.answer(dialogue, chart, Answer.crisp("f1", "yes"), replaces=decision.index)
    decision = engine.decide(dialogue, chart, escalate_red_flags=False)
    assert isinstance(decision, Conclude) and decision.hypothesis == "h1"
    assert dialogue.state.turns == 3
    _, decision = two_answers(NET)
    assert isinstance(decision, Ask) and decision.finding == "f4"


def test_no_confirmation_when_the_rules_allow_none() -> None:
    engine = Engine(ScriptedPolicy(["f1"], STOP), Rules(STOP, max_confirmations=0))
    dialogue = engine.start(NET)
    engine.answer(dialogue, NET, Answer.crisp("f1", "yes"), confidence=0.5)
    assert isinstance(engine.decide(dialogue, NET, escalate_red_flags=False), Conclude)


def test_a_red_flag_escalates_before_the_policy_when_the_caller_says_so() -> None:
    engine = Engine(ScriptedPolicy(["f3", "f1"], STOP), Rules(STOP))
    dialogue = engine.start(NET)
    engine.answer(dialogue, NET, Answer.crisp("f3", "yes"))
    assert isinstance(engine.decide(dialogue, NET, escalate_red_flags=False), Ask)
    decision = engine.decide(dialogue, NET, escalate_red_flags=True)
    assert isinstance(decision, Escalate) and decision.reason == "red_flag"


# -- triage ----------------------------------------------------------------------------------------


def make_triage_network() -> EvidentialNetwork:
    """The tiny network with severities: h1 mild (5), h2 severe (1), h3 moderate (3)."""
    base = make_network()
    severity = {"h1": 5, "h2": 1, "h3": 3}
    hyps = [Hypothesis(h.id, h.name, severity=severity[h.id]) for h in base.hypotheses]
    flags = [RedFlag("f3", ("yes",), "danger", level="urgent")]
    return EvidentialNetwork("triage", hyps, base.findings, base.links, red_flags=flags)


TRIAGE_NET = make_triage_network()


def play_triage(script: list[str], c: Case, stopping: StoppingRule = STOP) -> CaseResult:
    return run_case(ScriptedPolicy(script, stopping), TRIAGE_NET, c, SimulatedUser(c), stopping)


def test_a_severe_cause_the_answers_have_not_excluded_keeps_the_case_urgent() -> None:
    # After "yes" to f1, h2 and h3 keep BetP 0.093 each: below the 0.1 floor, but the severe
    # h2 is not ten times less likely than the leading h1 (0.81; planning.triage.SEVERE_ODDS,
    # stop 36): urgent, not the leader's self-care, and no emergency on that alone. (Before
    # stop 36 triage followed the leader here; dev 233, PSVT spread thin, was left routine.)
    result = play_triage(["f1"], case("t1", "h1", {"f1": "yes"}))
    assert result.severity == 5 and result.triage_level == "urgent"
    assert not result.escalated and result.flagged_urgent


def test_a_plausible_severe_hypothesis_makes_the_case_an_emergency() -> None:
    # After "no" to f1 (a finding with no default state, so the answer is a statement that
    # fits h2 and h3), h2 and h3 share the belief: the severe h2 is plausible and supported.
    stopping = StoppingRule(max_turns=1, red_flags="flag")
    result = play_triage(["f1", "f2"], case("t2", "h3", {"f1": "no", "f2": "no"}), stopping)
    assert result.outcome == ABSTAINED
    assert result.severity == 3 and result.triage_level == "emergency"
    # The product escalates a patient's emergency whatever the outcome, so the harness does.
    assert result.flagged_urgent and result.escalated


def test_a_severe_hypothesis_nothing_said_supports_makes_the_case_urgent() -> None:
    # Nothing asked: every hypothesis has BetP 1/3, so the severe h2 is plausible, but no
    # answer fits it (planning.triage.supports): seen today, not an emergency.
    stopping = StoppingRule(max_turns=0, red_flags="flag")
    result = play_triage(["f1"], case("t2", "h3", {"f1": "no"}), stopping)
    assert result.outcome == ABSTAINED
    assert result.severity == 3 and result.triage_level == "urgent"
    assert result.flagged_urgent and not result.escalated


def test_a_red_flag_raises_the_level_and_counts_as_an_escalation() -> None:
    result = play_triage(["f3", "f1"], case("t3", "h1", {"f3": "yes", "f1": "yes"}))
    assert result.outcome == CONCLUDED and result.red_flags == ("f3",)
    assert result.triage_level == "urgent"  # the flag's level beats h1's self-care
    assert result.escalated and result.flagged_urgent
    assert result.to_dict()["triage_level"] == "urgent" and result.to_dict()["severity"] == 5


def test_no_triage_on_a_network_without_severities() -> None:
    result = play(ScriptedPolicy(["f1"], STOP), case("t4", "h1", {"f1": "yes"}))
    assert result.severity is None and result.triage_level is None
