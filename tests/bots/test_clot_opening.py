"""A leg clot gone to the lungs, said in the opening message (stop 44), through the service the
web chat uses: the patient is told to call emergency services in the first reply, is not told
staff were alerted when nobody was paged, and staff see the kind; a strained calf is not sent
there."""

from __future__ import annotations

import json
from typing import Any

import pytest

from bots import alerts
from bots.messages import Inbound
from bots.models import Case, CaseStatus

PACK = "patient-intake"


def _open(service: Any, thread: str, text: str) -> tuple[Any, Case]:
    reply = service.handle(Inbound("web", thread, text, user_id="u1", pack=PACK))
    return reply, Case.objects.get(external_thread_id=thread)


@pytest.mark.django_db
@pytest.mark.parametrize(
    "opening",
    [
        "sharp pain in my chest when i breathe in and im short of breath, got back from a long "
        "flight yesterday and my calf is sore",
        "my left leg is swollen and tight and now i get puffed going up the stairs",
    ],
)
def test_the_opening_is_escalated_as_an_emergency(service_factory: Any, opening: str) -> None:
    reply, case = _open(service_factory(), f"clot-{len(opening)}", opening)
    assert reply.triage_level == "emergency"
    # The instruction comes in the first part, after the one-line disclaimer.
    assert "This may be an emergency. Call emergency services" in reply.parts[0]
    # No staff alert target in the tests: the patient must not be told anyone was alerted.
    assert "alerted" not in reply.text and alerts.QUEUED in reply.text
    assert case.status == CaseStatus.ESCALATED and case.triage_level == "emergency"
    assert "said:blood clot" in json.dumps(case.state)


@pytest.mark.django_db
def test_a_strained_calf_is_not_sent_to_emergency_services(service_factory: Any) -> None:
    reply, case = _open(
        service_factory(),
        "clot-calf-strain",
        "pulled my calf playing football on saturday, sore when i walk on it",
    )
    assert reply.triage_level != "emergency"
    assert "This may be an emergency" not in reply.text
    assert case.status == CaseStatus.ACTIVE


# Stop 44: each message alone says no emergency; together they do. The second message comes as
# a reply to whatever the intake asked first.
ACROSS = [
    (
        "my right calf has been swollen and sore since the flight home",
        "and now im really short of breath",
    ),
    (
        "my left leg has gone tight and puffy over the last couple of days",
        "theres a sharp pain in my chest when i breathe in now",
    ),
]


@pytest.mark.django_db
@pytest.mark.parametrize("opening,later", ACROSS, ids=[a[1] for a in ACROSS])
def test_a_clot_said_over_two_messages_is_an_emergency(
    service_factory: Any, opening: str, later: str
) -> None:
    service = service_factory()
    thread = f"clot-across-{len(later)}"
    first, case = _open(service, thread, opening)
    assert first.triage_level != "emergency" and case.status == CaseStatus.ACTIVE
    reply = service.handle(Inbound("web", thread, later, user_id="u1", pack=PACK))
    assert reply.triage_level == "emergency"
    assert "This may be an emergency. Call emergency services" in reply.text
    case.refresh_from_db()
    assert "said:blood clot" in json.dumps(case.state)


@pytest.mark.django_db
def test_a_strained_calf_then_a_cold_is_not_an_emergency(service_factory: Any) -> None:
    # The sport explains the calf, in its own message as in its own clause.
    service = service_factory()
    thread = "clot-across-strain"
    _open(service, thread, "pulled my calf playing football on saturday, sore to walk on")
    later = service.handle(
        Inbound(
            "web", thread, "bit chesty and short of breath with this cold", user_id="u1", pack=PACK
        )
    )
    assert later.triage_level != "emergency" and "This may be an emergency" not in later.text
