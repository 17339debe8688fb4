"""Conditional red flags (stop 39): a flag with companions is its level only with a companion
answered or said, "urgent" (its ``alone``) without one, and no flag while the patient's words
explain the complaint; unconditional flags are unchanged."""

from __future__ import annotations

from planning.dialogue import DialogueState
from planning.evidence import Answer
from planning.network import EvidentialNetwork, Finding, Hypothesis, Link, RedFlag
from planning.recovery import replace_answer

EXERTION = RedFlag("exertion", ("yes",), "worse with exertion", "emergency", ("chest", "sweat"))
STRIDOR = RedFlag("stridor", ("yes",), "high-pitched breath in", "emergency")


def _network() -> EvidentialNetwork:
    findings = [
        Finding(f, f"{f}?", ("yes", "no"), default_state="no")
        for f in ("exertion", "chest", "sweat", "stridor")
    ]
    links = [Link.make("angina", f.id, {"yes": 0.6, ("yes", "no"): 0.4}) for f in findings]
    return EvidentialNetwork(
        name="flags",
        hypotheses=[Hypothesis("angina", "Angina"), Hypothesis("strain", "Strain")],
        findings=findings,
        links=links,
        red_flags=[EXERTION, STRIDOR],
    )


def _levels(state: DialogueState) -> list[tuple[str, str]]:
    return [(f.finding, f.level) for f in state.red_flags]


def test_without_a_companion_the_flag_is_urgent() -> None:
    net = _network()
    state = DialogueState.start(net)
    state.apply(Answer("exertion", ("yes",)), net)
    assert _levels(state) == [("exertion", "urgent")]


def test_a_companion_answered_later_raises_it_to_an_emergency() -> None:
    net = _network()
    state = DialogueState.start(net)
    state.apply(Answer("exertion", ("yes",)), net)
    state.apply(Answer("sweat", ("no",)), net)
    assert ("exertion", "emergency") not in _levels(state)
    state.apply(Answer("chest", ("yes",)), net)
    assert ("exertion", "emergency") in _levels(state)


def test_an_explained_complaint_raises_no_flag_until_a_companion() -> None:
    net = _network()
    state = DialogueState.start(net)
    state.flag_context = "explained"
    state.apply(Answer("exertion", ("yes",)), net)
    assert state.red_flags == []
    state.apply(Answer("sweat", ("yes",)), net)
    assert _levels(state) == [("exertion", "emergency")]


def test_a_companion_said_in_words_makes_it_an_emergency() -> None:
    net = _network()
    state = DialogueState.start(net)
    state.apply(Answer("exertion", ("yes",)), net)
    state.flag_context = "companion"
    state.raise_flags(net)
    assert ("exertion", "emergency") in _levels(state)


def test_an_unconditional_flag_escalates_whatever_the_context() -> None:
    net = _network()
    state = DialogueState.start(net)
    state.flag_context = "explained"
    state.apply(Answer("stridor", ("yes",)), net)
    assert _levels(state) == [("stridor", "emergency")]


def test_a_replayed_state_keeps_the_context() -> None:
    net = _network()
    state = DialogueState.start(net)
    state.flag_context = "explained"
    state.apply(Answer("chest", ("no",)), net)
    state.apply(Answer("exertion", ("yes",)), net)
    rebuilt = replace_answer(state, net, 0, Answer("chest", ("no",)), volunteered=0)
    assert rebuilt.flag_context == "explained"
    assert rebuilt.red_flags == []


def test_the_condition_survives_the_network_file() -> None:
    net = EvidentialNetwork.from_dict(_network().to_dict())
    assert net.red_flags == [EXERTION, STRIDOR]
    assert "companions" not in _network().to_dict()["red_flags"][1]
