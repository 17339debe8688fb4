"""Dizziness the pack has no cause for (stop 48): a room that spins when the patient turns over
in bed or looks up, or a dizzy spell on standing, got "pain somewhere?" and "fatigued?" first
(the pack's nearest causes, anaemia and a racing heart, asked their signs). The nurse's table
asks what a nurse asks of it (the NHS's reasons to call emergency services, then to be seen
today) in words the complaint's are not; plain dizziness, or dizziness with the heart, stays the
pack's."""

from __future__ import annotations

from typing import Any

import pytest

from bots.messages import Inbound
from bots.models import Case, Role

PACK = "patient-intake"
# The development probes' openings (intake40-43, lead14).
POSITIONAL = [
    "the whole room spins for a few seconds whenever i turn over in bed or look up",
    "every time i lie down or roll over in bed the room spins for like 20 seconds",
    "dizzy spells when i get up too quick from the sofa, goes after a few seconds",
]


def _say(service: Any, thread: str, text: str) -> Any:
    return service.handle(Inbound("web", thread, text, user_id="u1", pack=PACK))


def _action(thread: str) -> dict[str, Any]:
    case = Case.objects.get(external_thread_id=thread)
    turn = case.turns.filter(role=Role.BOT).order_by("-pk").first()
    return dict(turn.action or {})


@pytest.mark.parametrize("opening", POSITIONAL)
@pytest.mark.django_db
def test_positional_dizziness_is_asked_its_red_flags_then_a_doctor_if_it_returns(
    service_factory: Any, opening: str
) -> None:
    service = service_factory()
    reply = _say(service, "dz", opening)
    asked = []
    while reply.kind == "question" and len(asked) < 6:
        asked.append(_action("dz").get("question"))
        reply = _say(service, "dz", "no")
    assert asked == ["dizzy_stroke", "dizzy_heart", "dizzy_seen"], asked
    assert reply.kind == "conclusion" and reply.triage_level == "self-care", reply.text
    assert "See your doctor if it keeps coming back" in reply.text, reply.text


@pytest.mark.django_db
def test_a_stroke_sign_said_yes_is_an_emergency(service_factory: Any) -> None:
    service = service_factory()
    _say(service, "dz-yes", POSITIONAL[0])
    reply = _say(service, "dz-yes", "yes my face has drooped on one side")
    assert reply.triage_level == "emergency" and "Call emergency services" in reply.text


@pytest.mark.parametrize(
    "opening",
    [
        "I feel slightly dizzy or lightheaded.",  # a DDXPlus opening: anaemia, a racing heart
        "keep feeling dizzy and my heart races when i stand up",
        "dizzy when i got up and then i passed out for a few seconds",
    ],
)
@pytest.mark.django_db
def test_dizziness_with_the_packs_signs_keeps_the_packs_questions(
    service_factory: Any, opening: str
) -> None:
    service = service_factory()
    reply = _say(service, "dz-pack", opening)
    assert "dizzy" not in str(_action("dz-pack").get("question", "")), reply.text
