"""The first questions follow the complaint (planning.focus): what was said, not base rates,
decides which conditions are plausible; history and signs of none of them are held back."""

from __future__ import annotations

import numpy as np

from planning.dialogue import DialogueState
from planning.evidence import Answer
from planning.focus import early_exclusions, plausible_hypotheses, typical_topics
from planning.network import EvidentialNetwork, Finding, Hypothesis, Link


def _linked(
    name: str,
    hypotheses: list[Hypothesis],
    findings: list[Finding],
    signs: dict[str, dict[str, float]],
) -> EvidentialNetwork:
    """Every hypothesis linked to every finding: "yes" with its listed plausibility, else a
    closed-world trace."""
    links = []
    for h in hypotheses:
        for f in findings:
            yes = signs[h.id].get(f.id, 0.005)
            links.append(Link.make(h.id, f.id, {"no": 1 - yes, ("yes", "no"): yes}))
    return EvidentialNetwork(name, hypotheses, findings, links)


def _network() -> EvidentialNetwork:
    # "cold" is common (prior 1), "cluster" and "anemia" are rare (0.1).
    hypotheses = [
        Hypothesis("cold", "Common cold", prior=1.0),
        Hypothesis("cluster", "Cluster headache", prior=0.1),
        Hypothesis("anemia", "Anemia", prior=0.1),
    ]
    findings = [
        Finding(f, f"{f}?", default_state="no")
        for f in ("cough", "tears", "eye_pain", "pale", "smokes")
    ]
    signs = {
        "cold": {"cough": 0.8, "smokes": 0.3},
        "cluster": {"tears": 0.7, "eye_pain": 0.9, "smokes": 0.4},
        "anemia": {"pale": 0.8, "smokes": 0.2},
    }
    return _linked("toy", hypotheses, findings, signs)


def test_plausible_ignores_the_base_rate() -> None:
    network = _network()
    # The complaint's words point at the cluster headache (the router's prior), the base
    # rate at the cold: the cluster headache is what the complaint is about.
    complaint = np.array([0.3, 1.0, 0.3])
    state = DialogueState.start(network, complaint)
    assert state.ranking(network)[0][0] == "cold"  # by BetP the common cold leads
    plausible = plausible_hypotheses(state, network, ratio=0.7)
    assert [network.hypotheses[i].id for i in plausible] == ["cluster"]


def test_nothing_said_holds_back_only_history() -> None:
    network = _network()
    state = DialogueState.start(network, None)
    assert plausible_hypotheses(state, network).size == 0
    assert early_exclusions(state, network, {"smokes"}) == {"smokes"}


def test_signs_of_implausible_conditions_and_history_are_held_back() -> None:
    network = _network()
    state = DialogueState.start(network, np.array([0.3, 1.0, 0.3]))
    held = early_exclusions(state, network, {"smokes"}, ratio=0.7)
    assert held == {"cough", "pale", "smokes"}  # asked: tears, eye pain


def test_a_denied_fact_moves_the_focus_and_is_never_held_or_offered() -> None:
    network = _network()
    state = DialogueState.start(network, np.array([1.0, 1.0, 1.0]))
    # "no eye pain at all, just pale": the denial and the statement both count.
    state.apply(Answer("eye_pain", ("no",)), network, asked=False)
    state.apply(Answer("pale", ("yes",)), network, asked=False)
    plausible = plausible_hypotheses(state, network, ratio=0.7)
    assert [network.hypotheses[i].id for i in plausible] == ["anemia"]
    held = early_exclusions(state, network, {"smokes"}, ratio=0.7)
    assert "eye_pain" not in held and "pale" not in held  # answered: not candidates at all
    assert held == {"cough", "tears", "smokes"}


def _topics_network() -> EvidentialNetwork:
    # A cough's three plausible causes: two list chest pain, one a rash.
    hypotheses = [
        Hypothesis(h, h, prior=1.0) for h in ("pneumonia", "bronchitis", "measles", "migraine")
    ]
    findings = [Finding(f, f"{f}?", default_state="no") for f in ("cough", "pain", "rash")]
    signs = {
        "pneumonia": {"cough": 0.9, "pain": 0.7},
        "bronchitis": {"cough": 0.9, "pain": 0.5},
        "measles": {"cough": 0.9, "rash": 0.9},
        "migraine": {"pain": 0.9},
    }
    return _linked("topics", hypotheses, findings, signs)


def test_a_topic_most_plausible_causes_list_is_typical_and_one_few_list_is_not() -> None:
    network = _topics_network()
    state = DialogueState.start(network)
    state.apply(Answer("cough", ("yes",)), network, asked=False)
    # Pain is a sign of two of the three causes of a cough (migraine is not plausible), a
    # rash of one.
    assert typical_topics(state, network, {"pain", "rash"}, share=0.5) == {"pain"}
    # Two of three is not the default three quarters; asking for one of three, both.
    assert typical_topics(state, network, {"pain", "rash"}) == frozenset()
    assert typical_topics(state, network, {"pain", "rash"}, share=0.3) == {"pain", "rash"}


def test_no_topic_is_typical_when_nothing_said_points_anywhere() -> None:
    network = _topics_network()
    state = DialogueState.start(network)
    assert typical_topics(state, network, {"pain", "rash"}, share=0.0) == frozenset()
