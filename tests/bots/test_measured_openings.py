"""The opening as the evaluation and the product read it.

- A sentence that restates a whole question with a plain polarity ("I have had diarrhea or an
  increase in stool frequency") is read as crisply as a pressed "yes"; a partial restatement
  stays discounted (bots.language.volunteer.WHOLE_RESTATEMENT).
- Restating a multi-choice question's stem ("I have pain somewhere") says nothing about its
  options ("nowhere").
- Emergency words in the opening escalate for patients; only an evaluation's configuration
  that measures diagnosis and triage apart (red flags recorded, not escalated) goes on, with
  the emergency kept as the case's red flag.
"""

from __future__ import annotations

from typing import Any

from bots.config import ServiceConfig
from bots.language.volunteer import VOLUNTEER_RELIABILITY, volunteered_facts
from bots.messages import Inbound
from planning.dialogue import StoppingRule

BREATHLESS = "I am experiencing shortness of breath or difficulty breathing in a significant way."


def _read(service: Any, text: str) -> dict[str, tuple[tuple[str, ...] | None, float]]:
    network = service.packs.network("patient-intake")
    return {a.finding: (a.states, a.reliability) for a in volunteered_facts(text, network)}


def test_a_whole_restatement_is_crisp_and_a_partial_one_is_discounted(
    service_factory: Any,
) -> None:
    service = service_factory()
    read = _read(service, "I have had diarrhea or an increase in stool frequency.")
    assert read["E_51"] == (("yes",), 1.0)
    both = _read(service, "my nose is runny and I have a cough")
    assert both["E_201"] == (("yes",), 1.0)  # "Do you have a cough?", all of it
    # "nasal congestion or a clear runny nose": partly said, so read with the discount.
    assert both["E_181"] == (("yes",), VOLUNTEER_RELIABILITY)


def test_a_stem_says_nothing_about_the_options_and_the_specific_question_wins(
    service_factory: Any,
) -> None:
    service = service_factory()
    read = _read(service, "I have pain somewhere, related to my reason for consulting.")
    assert read.get("E_53") == (("yes",), 1.0)
    assert not [finding for finding in read if "@" in finding]
    assert "E_45" in _read(service, "I have been coughing up blood.")  # not only "a cough"


def _open(service: Any, thread: str) -> Any:
    return service.handle(Inbound("web", thread, text=BREATHLESS, pack="patient-intake"))


def test_emergency_words_escalate_patients_and_are_recorded_when_measuring(
    service_factory: Any,
) -> None:
    assert _open(service_factory(), "product").kind == "escalation"
    measuring = ServiceConfig(
        stopping=StoppingRule(red_flags="flag"), patient_red_flags_escalate=False
    )
    service = service_factory(config=measuring)
    reply = _open(service, "measured")
    assert reply.kind == "question"
    from bots.models import Case

    case = Case.objects.get(pk=reply.case_id)
    flags = [flag["finding"] for flag in case.state.get("red_flags") or []]
    assert "said:breathing" in flags
