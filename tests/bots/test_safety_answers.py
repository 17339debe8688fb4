"""How a simulated DDXPlus patient answers the nurse's "right now" follow-up
(evaluation.safety_answers): from its own recorded findings, where a finding asked about now or
before alike ("feel like you are (or were) choking") says nothing about now, and findings that
together signal the emergency (wheezing with a known severe food allergy) do.
"""

from __future__ import annotations

from typing import Any

from evaluation.safety_answers import corroborated, now_or_before
from planning.simulation import Case, SimulatedUser

SCREENING = "E_66"  # shortness of breath or difficulty breathing in a significant way


def _patient(network: Any, *findings: str) -> SimulatedUser:
    answers = {f.id: f.default_state for f in network.findings if f.default_state is not None}
    answers.update({SCREENING: "yes"} | dict.fromkeys(findings, "yes"))
    return SimulatedUser(Case(id="t", true_hypothesis="x", answers=answers))


def test_a_finding_of_now_or_before_does_not_say_right_now(service_factory: Any) -> None:
    network = service_factory().packs.network("patient-intake")
    assert now_or_before(network.finding("E_75").question)  # "(or were) choking"
    assert not now_or_before(network.finding("E_214").question)  # wheezing
    choking = _patient(network, "E_75")
    assert not corroborated(choking, network, ["breathing"], [SCREENING])
    allergic = _patient(network, "E_214", "E_12")  # wheezing, a known severe food allergy
    assert corroborated(allergic, network, ["breathing"], [SCREENING])
