""""Not sure" to the everyday screen's flags (stop 48): lead22's itchy scalp answered "not
sure" to "much worse quickly, or a fever?" and was told to seek medical care today. A patient
who cannot say is no evidence of urgency: the flag is asked once more in other words, and if
still unknown the patient gets a pharmacist's advice with the flag to seek care today for; a
yes to either asking is still care today."""

from __future__ import annotations

from typing import Any

import pytest

from bots.messages import Inbound
from bots.models import Case, Role

PACK = "patient-intake"
# lead22's probe opening (development): read by meaning as an everyday complaint (dandruff).
SCALP = "scalp is really itchy with white flakes all over my shoulders, gets worse in winter"
WATCH = "seek medical care today"


def _say(service: Any, thread: str, text: str = "", button: str = "") -> Any:
    inbound = Inbound("web", thread, text, button=button or None, user_id="u1", pack=PACK)
    return service.handle(inbound)


def _question(thread: str) -> str:
    case = Case.objects.get(external_thread_id=thread)
    turn = case.turns.filter(role=Role.BOT).order_by("-pk").first()
    return str((turn.action or {}).get("question", ""))


def _play(service: Any, thread: str, answer: dict[str, str]) -> tuple[Any, list[str]]:
    """The screen played to its end: the answer to each question by its key ("not sure"
    otherwise), and the questions' keys in order."""
    reply = _say(service, thread, SCALP)
    asked: list[str] = []
    while reply.kind == "question" and len(asked) < 8:
        key = _question(thread)
        asked.append(key)
        reply = _say(service, thread, answer.get(key, "not sure"))
    return reply, asked


@pytest.mark.django_db
def test_not_sure_is_asked_again_then_a_pharmacist_with_what_to_watch_for(
    service_factory: Any,
) -> None:
    reply, asked = _play(service_factory(), "eu-unsure", {})
    assert asked[:2] == ["everyday_worse", "everyday_worse_again"], asked
    assert len(asked) == len(set(asked)) <= 6, asked  # each flag asked at most twice
    assert reply.kind == "conclusion" and reply.triage_level == "self-care", reply.text
    # Told when to seek care today, in plain words, for each flag it could not say.
    assert WATCH in reply.text and "high temperature" in reply.text, reply.text
    assert "Please seek medical care today" not in reply.text, reply.text


@pytest.mark.django_db
def test_a_yes_after_not_sure_is_still_care_today(service_factory: Any) -> None:
    reply, asked = _play(
        service_factory(),
        "eu-yes",
        {"everyday_worse_again": "yes its loads worse since yesterday"},
    )
    assert asked[:2] == ["everyday_worse", "everyday_worse_again"], asked
    assert reply.kind == "conclusion" and reply.triage_level == "urgent", reply.text


@pytest.mark.django_db
def test_no_to_every_flag_is_a_pharmacist_without_the_unsure_advice(
    service_factory: Any,
) -> None:
    no = {k: "no" for k in ("everyday_worse", "everyday_body", "everyday_vulnerable")}
    reply, asked = _play(service_factory(), "eu-no", no)
    assert not [k for k in asked if k.endswith("_again")], asked
    assert reply.kind == "conclusion" and reply.triage_level == "self-care", reply.text
    assert "You could not say" not in reply.text, reply.text
