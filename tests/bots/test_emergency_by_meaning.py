"""Emergencies the rules have no words for, read by meaning (stop 46), through the service the
web chat uses: the patient is told to call emergency services in the first reply, staff see
that it was read by meaning and near what; a look-alike goes on to the questions, and a message
to the IT bot is never read as a patient's."""

from __future__ import annotations

import json
from typing import Any

import pytest

from bots.messages import Inbound
from bots.models import Case, CaseStatus, Role, Turn
from bots.safety.emergency import emergency_kinds

PACK = "patient-intake"

# Lay words the rules do not read (each is checked below, so a rule that learns them does not
# leave this test passing on the rules alone).
BY_MEANING = [
    (
        "back has been bad and now i cant tell if ive been to the toilet, numb round my backside",
        "spinal cord compression",
    ),
    (
        "my husband has been shivering like mad, hes mottled and blotchy and barely making "
        "sense, had a water infection",
        "sepsis",
    ),
]


def _open(service: Any, thread: str, text: str, pack: str = PACK) -> tuple[Any, Case]:
    reply = service.handle(Inbound("web", thread, text, user_id="u1", pack=pack))
    return reply, Case.objects.get(external_thread_id=thread)


@pytest.mark.django_db
@pytest.mark.parametrize(("opening", "kind"), BY_MEANING)
def test_the_opening_is_escalated_by_meaning(service_factory: Any, opening: str, kind: str) -> None:
    assert emergency_kinds(opening) == []
    reply, case = _open(service_factory(), f"meaning-{kind}", opening)
    assert reply.triage_level == "emergency"
    assert "This may be an emergency. Call emergency services" in reply.parts[0]
    # The patient reads the instruction, not what the words were taken to be.
    assert kind not in reply.text.lower()
    assert case.status == CaseStatus.ESCALATED and case.triage_level == "emergency"
    assert f"said:{kind}" in json.dumps(case.state)
    turn = Turn.objects.get(case=case, role=Role.USER)
    assert "by meaning" in turn.interpretation["detail"]


@pytest.mark.django_db
@pytest.mark.parametrize(
    "opening",
    [
        "my back aches after gardening, no numbness, weeing fine",
        "my baby is a bit sleepy after her jabs but feeding well",
    ],
)
def test_a_look_alike_is_not_escalated(service_factory: Any, opening: str) -> None:
    reply, case = _open(service_factory(), f"meaning-mild-{len(opening)}", opening)
    assert reply.triage_level != "emergency"
    assert "This may be an emergency" not in reply.text
    # Asked about, or handed to a nurse (a baby is not the pack's), never escalated.
    assert case.status in (CaseStatus.ACTIVE, CaseStatus.HANDED_OFF)


@pytest.mark.django_db
def test_a_message_to_the_it_bot_is_not_read_as_a_patients(service_factory: Any) -> None:
    opening, _ = BY_MEANING[0]
    reply, case = _open(service_factory(), "meaning-it", opening, pack="it-laptop")
    assert reply.triage_level != "emergency"
    assert case.status != CaseStatus.ESCALATED
