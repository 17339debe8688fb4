"""Urgent signs and paraphrased emergencies in a patient's own words, through the service
(stop 38): the level a patient is told is at least what their words show, whatever the
differential of the pack's (DDXPlus) conditions says."""

from __future__ import annotations

from typing import Any

import pytest

from bots.messages import Inbound
from bots.models import Case, CaseStatus

PACK = "patient-intake"


def _say(service: Any, thread: str, text: str) -> Any:
    return service.handle(Inbound("web", thread, text, user_id="u1", pack=PACK))


def _to_the_end(
    service: Any, thread: str, opening: str, yes: tuple[str, ...], later: str = ""
) -> Case:
    """The opening, then "yes" to a question on what it said (``yes``: words of the question)
    and "no" to the rest, as the web chat probe i38-bringing-up-blood answers; ``later`` is
    typed as the second answer."""
    reply = _say(service, thread, opening)
    for turn in range(40):
        case = Case.objects.get(external_thread_id=thread)
        if case.status != CaseStatus.ACTIVE:
            return case
        if later and turn == 1:
            reply = _say(service, thread, later)
            continue
        asked = reply.text.lower()
        reply = _say(service, thread, "yes" if any(w in asked for w in yes) else "no")
    raise AssertionError(f"no end after 40 answers: {reply.parts}")


@pytest.mark.django_db
def test_a_paraphrased_emergency_escalates_at_once(service_factory: Any) -> None:
    # Before: "Where do you feel pain?" (the worst pain ever, about to pass out: shock).
    reply = _say(
        service_factory(),
        "urgent-words-shock",
        "worst pain ive ever had in my back going through to my tummy, i feel like im about to "
        "pass out",
    )
    assert reply.kind == "escalation" and reply.triage_level == "emergency"
    assert "Call emergency services" in reply.text


COUGH = ("cough", "blood", "sputum", "phlegm")


@pytest.mark.django_db
def test_blood_coughed_up_is_seen_today(service_factory: Any) -> None:
    # Before: handed to a nurse with routine advice ("if things get worse ...").
    case = _to_the_end(
        service_factory(),
        "urgent-words-blood",
        "keep bringing up blood when i cough, been going on for 2 days",
        COUGH,
    )
    assert case.triage_level in ("urgent", "emergency")
    last = case.turns.filter(role="bot").order_by("-index").first()
    assert "today" in last.text or "emergency services (112 or 911) now" in last.text


@pytest.mark.django_db
def test_a_sign_typed_later_in_the_case_counts(service_factory: Any) -> None:
    case = _to_the_end(
        service_factory(),
        "urgent-words-later",
        "chesty cough for 2 days",
        COUGH,
        later="no but theres been blood in what i cough up",
    )
    assert case.triage_level in ("urgent", "emergency")
