"""The nurse's safety follow-up (bots.conversation.safety_check), through the service.

An emergency affirmed only through a screening question's wording gets one follow-up in plain
words before escalating; a patient who says yes to it (pressed or typed), or states the
emergency in their own words at any time, is escalated at once; a "no" lets the questions go
on, and the same kind is not raised again by a later screening answer.
"""

from __future__ import annotations

from typing import Any

import pytest

from bots.messages import Inbound
from bots.models import Case, CaseStatus
from evaluation.play import CODE
from tests.bots.test_answer_paths import _ask_now

PACK = "patient-intake"


def _open(service: Any, thread: str, opening: str = "been wheezy and coughing all week") -> None:
    first = service.handle(Inbound("web", thread, opening, user_id="u1", pack=PACK))
    assert first.kind == "question", first.parts


def _say(service: Any, thread: str, text: str = "", button: str = "") -> Any:
    return service.handle(Inbound("web", thread, text, button=button or None, user_id="u1"))


def _case(thread: str) -> Case:
    return Case.objects.get(external_thread_id=thread)


def _last_action(thread: str) -> dict[str, Any]:
    return _case(thread).turns.order_by("-pk").first().action


def _screened_yes(service: Any, thread: str, finding: str = "E_66", answer: str = "") -> Any:
    _ask_now(service, thread, finding)
    if answer:
        return _say(service, thread, answer)
    return _say(service, thread, button="answer:yes")


@pytest.mark.django_db
@pytest.mark.parametrize("yes", ["button:answer:yes", "yes", "yeah it's bad", "not sure"])
def test_yes_to_the_follow_up_escalates(service_factory: Any, yes: str) -> None:
    service = service_factory()
    thread = f"check-yes-{yes}"
    _open(service, thread)
    check = _screened_yes(service, thread)
    assert check.kind == "question" and check.triage_level != "emergency"
    assert "right now" in check.text and not CODE.search(check.text)
    assert [b.label for b in check.buttons] == ["Yes", "No", "Not sure"]
    assert _case(thread).status == CaseStatus.ACTIVE
    if yes.startswith("button:"):
        reply = _say(service, thread, button=yes.removeprefix("button:"))
    else:
        reply = _say(service, thread, yes)
    case = _case(thread)
    assert case.status == CaseStatus.ESCALATED and case.triage_level == "emergency"
    assert reply.parts[0].startswith("This may be an emergency.")
    assert any(f["finding"] == "said:breathing" for f in case.state["red_flags"])


@pytest.mark.django_db
def test_own_words_in_the_reply_escalate(service_factory: Any) -> None:
    service = service_factory()
    thread = "check-own-words"
    _open(service, thread)
    _screened_yes(service, thread)
    reply = _say(service, thread, "no i mean i literally cant breathe")
    assert _case(thread).status == CaseStatus.ESCALATED
    assert reply.parts[0].startswith("This may be an emergency.")


@pytest.mark.django_db
def test_no_goes_on_once_per_kind_and_own_words_still_escalate(service_factory: Any) -> None:
    service = service_factory()
    thread = "check-no"
    _open(service, thread)
    _screened_yes(service, thread)
    reply = _say(service, thread, "no, only when i walk up the stairs")
    case = _case(thread)
    assert case.status == CaseStatus.ACTIVE and case.triage_level != "emergency"
    assert reply.kind == "question" and _last_action(thread)["type"] in ("ask", "confirm")
    # The screening answer is kept for the diagnosis.
    assert any(a["finding"] == "E_66" and a["states"] == ["yes"] for a in case.state["answers"])
    # A second screening yes of the same kind: no second follow-up, no escalation.
    again = _screened_yes(service, thread, "E_75")
    assert _case(thread).status == CaseStatus.ACTIVE, again.parts
    assert _last_action(thread)["type"] != "safety_check"
    # The patient's own words still escalate at once.
    _say(service, thread, "now im suddenly really short of breath even sitting down")
    assert _case(thread).status == CaseStatus.ESCALATED


@pytest.mark.django_db
def test_why_is_explained_and_an_unread_reply_twice_escalates(service_factory: Any) -> None:
    service = service_factory()
    thread = "check-why"
    _open(service, thread)
    _screened_yes(service, thread)
    why = _say(service, thread, "why are you asking that?")
    assert why.kind == "question" and "emergency" in why.text and "right now" in why.text
    assert _case(thread).status == CaseStatus.ACTIVE
    _say(service, thread, "purple monkey dishwasher")
    assert _case(thread).status == CaseStatus.ESCALATED


@pytest.mark.django_db
def test_a_carer_is_asked_about_the_patient(service_factory: Any) -> None:
    service = service_factory()
    thread = "check-carer"
    _open(service, thread, "my son has been wheezing and coughing since friday")
    check = _screened_yes(service, thread)
    assert check.text.startswith("Is he struggling to breathe right now"), check.text
