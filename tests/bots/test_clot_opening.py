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
