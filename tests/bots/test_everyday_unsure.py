""" "Not sure" to the everyday screen's flags (stop 48): lead22's itchy scalp answered "not
sure" to "much worse quickly, or a fever?" and was told to seek medical care today. A patient
who cannot say is no evidence of urgency: the screen stops there (asking on, or asking again,
adds questions that are not about the complaint: the relevance probes of period pains, gout
and shingles failed on them), and the patient gets a pharmacist's advice with each flag not
ruled out to seek care today for; a yes is still care today."""

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
def test_not_sure_is_a_pharmacist_with_every_flag_to_watch_for(service_factory: Any) -> None:
    reply, asked = _play(service_factory(), "eu-unsure", {})
    assert asked == ["everyday_worse"], asked
    assert reply.kind == "conclusion" and reply.triage_level == "self-care", reply.text
    # Told when to seek care today, in plain words, for each flag it did not rule out.
    for flag in ("high temperature", "not keeping fluids down", "a baby under a year old"):
        assert flag in reply.text, (flag, reply.text)
    assert WATCH in reply.text and "Please seek medical care today" not in reply.text
    # The next step named is the pharmacist's; what to watch for follows it.
    step = next(p for p in reply.parts if p.startswith("Recommended next step"))
    assert "a pharmacist is a good place to start" in step, step


@pytest.mark.django_db
def test_not_sure_after_a_no_watches_only_what_was_not_ruled_out(service_factory: Any) -> None:
    reply, asked = _play(service_factory(), "eu-later", {"everyday_worse": "no"})
    assert asked == ["everyday_worse", "everyday_body"], asked
    assert reply.kind == "conclusion" and reply.triage_level == "self-care", reply.text
    assert "As you were not sure" not in reply.text, reply.text  # the worse flag was a no
    assert "not keeping fluids down" in reply.text, reply.text


@pytest.mark.django_db
def test_a_yes_is_still_care_today(service_factory: Any) -> None:
    reply, asked = _play(
        service_factory(),
        "eu-yes",
        {"everyday_worse": "no", "everyday_body": "yes i cant keep fluids down"},
    )
    assert asked == ["everyday_worse", "everyday_body"], asked
    assert reply.kind == "conclusion" and reply.triage_level == "urgent", reply.text


@pytest.mark.django_db
def test_no_to_every_flag_is_a_pharmacist_without_the_unsure_advice(
    service_factory: Any,
) -> None:
    no = {k: "no" for k in ("everyday_worse", "everyday_body", "everyday_vulnerable")}
    reply, asked = _play(service_factory(), "eu-no", no)
    assert asked == ["everyday_worse", "everyday_body", "everyday_vulnerable"], asked
    assert reply.kind == "conclusion" and reply.triage_level == "self-care", reply.text
    assert "As you were not sure" not in reply.text, reply.text
