"""Scope and pickers through the conversation service, as a web chat user meets them: a
complaint no pack covers is said so and handed over at once; typed replies to the topic and
section pickers (the exact label, "none of those") are understood; "Something else" never
starts a chart the user did not choose."""

from __future__ import annotations

from typing import Any

import pytest

from bots.models import Case, CaseStatus

from .test_service import Service, say

pytestmark = pytest.mark.django_db


def web(service: Any, thread: str, text: str = "", **kw: Any) -> Any:
    return say(service, thread, text, channel="web", **kw)


def test_a_patients_chat_says_what_it_helps_with(service_factory: Service) -> None:
    """Out of scope in the patient intake chat: the patient is told what this chat helps with,
    not the troubleshooting packs (stop 46: "I can help with cars and laptops; this looks like
    a pet problem" to someone asking about their dog)."""
    service = service_factory()
    reply = web(service, "w-pet", "my dog keeps being sick", pack="patient-intake")
    assert reply.kind == "handoff"
    assert "pet problem" in reply.text
    assert "health" in reply.text and "laptop" not in reply.text, reply.text


def test_a_printer_problem_is_recognised_and_handed_over(service_factory: Service) -> None:
    service = service_factory()
    reply = web(service, "w1", "my printer says paper jam but theres no paper in it")
    assert reply.kind == "handoff"
    assert "this looks like a printer problem" in reply.text
    # The test database has the laptop and patient packs: a non-patient complaint is told
    # what the troubleshooting packs cover.
    assert "I can help with laptops;" in reply.text
    case = Case.objects.get(pk=reply.case_id)
    assert case.status == CaseStatus.HANDED_OFF


def test_a_phone_in_the_laptop_pack_is_not_run_through_laptop_charts(
    service_factory: Service,
) -> None:
    service = service_factory()
    reply = web(service, "w2", "not a laptop sorry, my phone stopped charging", pack="it-laptop")
    assert reply.kind == "handoff" and "phone problem" in reply.text


def test_in_scope_complaints_are_not_turned_away(service_factory: Service) -> None:
    service = service_factory()
    reply = web(service, "w3", "wifi keeps dropping on my laptop but my phone is fine")
    assert reply.kind in ("question", "prompt")


def _to_section_picker(service: Any, thread: str) -> Any:
    reply = web(service, thread, "need a hand with my work laptop please", pack="it-laptop")
    assert reply.kind == "prompt" and any(b.payload.startswith("section:") for b in reply.buttons)
    return reply


def test_typing_a_sections_exact_label_picks_it(service_factory: Service) -> None:
    service = service_factory()
    picker = _to_section_picker(service, "w4")
    label = picker.buttons[0].label
    reply = web(service, "w4", label)
    assert reply.kind == "question"
    case = Case.objects.get(pk=reply.case_id)
    assert case.state["section"] == picker.buttons[0].payload.split(":", 1)[1]


def test_none_of_those_then_none_of_these_goes_to_a_person(service_factory: Service) -> None:
    service = service_factory()
    picker = _to_section_picker(service, "w5")
    first = {b.payload for b in picker.buttons}
    others = web(service, "w5", "none of those really")
    assert others.kind == "prompt"
    shown = {b.payload for b in others.buttons if b.payload.startswith("section:")}
    # The other sections, never the ones already declined, and no chart started.
    assert shown and not (shown - {"section:*"}) & first
    assert "None of these" in [b.label for b in others.buttons]
    final = web(service, "w5", button="section:*")
    assert final.kind == "handoff"
    assert Case.objects.get(pk=final.case_id).state.get("version") is None


def test_typing_a_topic_at_the_topic_picker(service_factory: Service) -> None:
    service = service_factory()
    reply = web(service, "w6", "hello there")
    assert reply.kind == "prompt" and reply.buttons
    topic = next(b.label for b in reply.buttons if "laptop" in b.label.lower())
    chosen = web(service, "w6", topic.lower())
    assert chosen.kind == "prompt"
    assert Case.objects.get(pk=chosen.case_id).pack == "it-laptop"


def test_a_person_is_offered_after_two_messages_that_get_nowhere(
    service_factory: Service,
) -> None:
    service = service_factory()
    first = web(service, "w7", "hi", pack="it-laptop")
    assert first.kind == "prompt" and "human" not in [b.payload for b in first.buttons]
    web(service, "w7", "hello?")
    third = web(service, "w7", "hey")
    assert "human" in [b.payload for b in third.buttons]
    handed = web(service, "w7", button="human")
    assert handed.kind == "handoff"


def test_the_topic_picker_always_has_a_way_to_a_person(service_factory: Service) -> None:
    """A complaint the router cannot place: the picker offers "None of these", and a reply
    that still names no topic goes to a person instead of the same picker again (typing
    "no idea" there once repeated the picker for the whole conversation)."""
    service = service_factory()
    reply = web(
        service, "w8", "my parcel says delivered but its not here and the neighbours dont have it"
    )
    assert reply.kind == "prompt"
    assert "None of these" in [b.label for b in reply.buttons]
    again = web(service, "w8", "no idea")
    assert again.kind == "handoff"
    assert Case.objects.get(pk=again.case_id).status == CaseStatus.HANDED_OFF


def _into_a_chart(service: Any, thread: str, complaint: str) -> Any:
    """The complaint in the laptop pack, the first section offered picked: a chart question."""
    first = web(service, thread, complaint, pack="it-laptop")
    while first.kind == "prompt":
        first = web(service, thread, button=first.buttons[0].payload)
    assert first.kind == "question"
    return first


def test_a_subject_corrected_mid_chart_is_handed_over_not_answered(
    service_factory: Service,
) -> None:
    # Stop 37 (lead13): "its not a laptop, its my printer", said three times to wireless
    # questions, was read as "no" and ended in "Turn ON the wireless adapter (about 97%)".
    service = service_factory()
    _into_a_chart(service, "w20", "my laptop wont connect to the wifi")
    reply = web(service, "w20", "its not a laptop, its my printer")
    assert reply.kind == "handoff" and "printer problem" in reply.text
    case = Case.objects.get(pk=reply.case_id)
    assert case.status == CaseStatus.HANDED_OFF


def test_asking_for_a_person_in_other_words_mid_chart(service_factory: Service) -> None:
    service = service_factory()
    _into_a_chart(service, "w21", "my laptop battery dies really fast")
    hello = web(service, "w21", "hello?")
    assert hello.kind == "question" and "Here is how to check" not in hello.text
    reply = web(service, "w21", "this isnt working, please put me through to a human")
    assert reply.kind == "handoff"
    assert Case.objects.get(pk=reply.case_id).status == CaseStatus.HANDED_OFF
