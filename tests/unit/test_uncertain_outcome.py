"""Routine advice only on evidence that fits it (planning.triage.uncertain, the case results)."""

from __future__ import annotations

from dataclasses import replace

from planning.actions import Conclude
from planning.dialogue import DialogueState
from planning.evidence import Answer
from planning.metrics import routine_under_conflict, withheld_uncertain
from planning.network import EvidentialNetwork, Finding, Hypothesis, Link
from planning.results import ABSTAINED, CONCLUDED
from planning.results import case_result as _result
from planning.simulation import Case
from planning.triage import contradictions, uncertain

EPS = 0.005  # the DDXPlus closed world: an unlisted symptom


def network() -> EvidentialNetwork:
    hypotheses = [
        Hypothesis("hernia", "Hernia", severity=4),
        Hypothesis("cold", "Cold", severity=4),
    ]
    findings = [
        Finding("lump", "Lump?"),
        Finding("cough", "Cough?"),
        Finding("chest", "Chest pain?"),
    ]
    links = [
        Link.make("hernia", "lump", {"yes": 0.9, ("yes", "no"): 0.1}),
        Link.make("hernia", "cough", {"no": 0.6, ("yes", "no"): 0.4}),
        Link.make("hernia", "chest", {"no": 1 - EPS, ("yes", "no"): EPS}),
        Link.make("cold", "lump", {"no": 1 - EPS, ("yes", "no"): EPS}),
        Link.make("cold", "cough", {"yes": 0.9, ("yes", "no"): 0.1}),
        Link.make("cold", "chest", {"no": 1 - EPS, ("yes", "no"): EPS}),
    ]
    return EvidentialNetwork("toy", hypotheses, findings, links)


def state_after(net: EvidentialNetwork, *answers: tuple[str, str]) -> DialogueState:
    state = DialogueState.start(net)
    for finding, said in answers:
        state.apply(Answer(finding, (said,)), net)
    return state


def test_answers_that_fit_the_leader_leave_routine_advice_alone() -> None:
    net = network()
    state = state_after(net, ("lump", "yes"), ("cough", "no"), ("chest", "no"))
    assert state.ranking(net)[0][0] == "hernia"
    assert contradictions(state, net, "hernia") == 0
    assert uncertain(state, net) == ""


def test_a_chest_pain_the_leader_cannot_explain_withholds_routine_advice() -> None:
    net = network()
    state = state_after(net, ("lump", "yes"), ("cough", "no"), ("chest", "yes"))
    assert state.ranking(net)[0][0] == "hernia"
    assert contradictions(state, net, "hernia") == 1
    assert "contradict" in uncertain(state, net)
    case = Case("c1", "hernia", {"lump": "yes", "cough": "no", "chest": "yes"})
    result = _result(case, net, state, Conclude("hernia", 0.9), ("lump",), ())
    assert result.outcome == ABSTAINED and result.reason == "uncertain"
    assert routine_under_conflict([result]) == 0 and withheld_uncertain([result]) == 1


def test_the_metric_counts_routine_advice_given_under_conflict() -> None:
    net = network()
    state = state_after(net, ("lump", "yes"), ("chest", "yes"))
    case = Case("c2", "hernia", {"lump": "yes", "chest": "yes"})
    result = _result(case, net, state, Conclude("hernia", 0.9), ("lump",), ())
    told_routine = result.__class__(**{**result.__dict__, "outcome": CONCLUDED, "reason": ""})
    assert routine_under_conflict([told_routine]) == 1


def test_the_metric_counts_what_the_service_told_the_user() -> None:
    # The harness turns a routine conclusion under conflict into an abstention, so the metric
    # reads the level the conversation service told the user (told_level).
    net = network()
    state = state_after(net, ("lump", "yes"), ("chest", "yes"))
    case = Case("c3", "hernia", {"lump": "yes", "chest": "yes"})
    result = _result(case, net, state, Conclude("hernia", 0.9), ("lump",), ())
    assert result.outcome == ABSTAINED and routine_under_conflict([result]) == 0
    told = replace(result, told_level="routine")
    assert routine_under_conflict([told]) == 1
    assert routine_under_conflict([replace(result, told_level="urgent")]) == 0


def test_a_contradicted_severe_hypothesis_makes_a_case_urgent_not_an_emergency() -> None:
    from planning.triage import triage_level

    ranked = [(4, 0.4), (1, 0.2)]  # a mild leader, and a severe condition above the floor
    assert triage_level(ranked) == "emergency"
    assert triage_level(ranked, contradicted=[False, True]) == "urgent"
    assert triage_level(ranked, contradicted=[True, False]) == "emergency"
    # A red flag is an emergency whatever the answers contradict.
    from planning.network import RedFlag

    flag = RedFlag("chest", ("yes",), "chest pain", "emergency")
    assert triage_level(ranked, [flag], contradicted=[True, True]) == "emergency"


def test_a_severe_condition_nothing_affirmed_fits_makes_a_case_urgent_not_an_emergency() -> None:
    """Answers of "no" exclude conditions; they are no evidence for the one left over. A
    patient who said "no" to everything and affirmed nothing the severe leader predicts is told
    to seek care today, not to call emergency services; one affirmed symptom that fits it
    restores the emergency."""
    from planning.network import Finding as F
    from planning.triage import state_triage_level, supports

    base = network()
    net = EvidentialNetwork(
        "toy-severe",
        [*base.hypotheses, Hypothesis("gbs", "Guillain-Barre syndrome", severity=1)],
        [F(f.id, f.question, default_state="no") for f in base.findings],
        [
            *base.links,
            Link.make("gbs", "lump", {"no": 1 - EPS, ("yes", "no"): EPS}),
            Link.make("gbs", "cough", {"no": 0.9, ("yes", "no"): 0.1}),
            Link.make("gbs", "chest", {"yes": 0.3, "no": 0.6, ("yes", "no"): 0.1}),
        ],
    )
    all_no = state_after(net, ("lump", "no"), ("cough", "no"))
    assert all_no.ranking(net)[0][0] == "gbs"
    assert supports(all_no, net, "gbs") == 0
    assert state_triage_level(all_no, net) == "urgent"
    said_chest = state_after(net, ("lump", "no"), ("cough", "no"), ("chest", "yes"))
    assert supports(said_chest, net, "gbs") == 1
    assert state_triage_level(said_chest, net) == "emergency"
