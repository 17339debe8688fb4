"""Red flags learned from DDXPlus, through the service (stop 39): an injury, a strain or an
everyday ache that answers yes to one of them ("worse with exertion, better with rest", "the
pain goes to the shoulder") is not told to call emergency services, and a heart presentation
that answers the same questions still is (the table: ``tests/bots/derived_flag_table.py``;
``pytest -s`` prints each part's numbers)."""

from __future__ import annotations

from typing import Any

import pytest

from bots.messages import Inbound
from bots.models import Case, CaseStatus
from tests.bots.derived_flag_table import DEV, HELD_OUT, Replies, Row

PACK = "patient-intake"
# The emergency instruction (bots.triage.TRIAGE_ADVICE); the opening's disclaimer names the
# number too, so the instruction is known by its first words.
EMERGENCY = "This may be an emergency."


def _reply_to(question: str, replies: Replies) -> str:
    asked = question.lower()
    if "didn't understand" in asked:
        return "not sure"  # a patient who is not understood twice gives up on that question
    for words, text in replies:
        if any(w in asked for w in words):
            return text
    return "no"


def _play(service: Any, thread: str, row: Row) -> tuple[str, bool]:
    """(the level the case ended with, whether the patient was told to call emergency
    services), the row's patient answering every question until the case stops."""
    opening, replies, _ = row

    def say(text: str) -> Any:
        return service.handle(Inbound("web", thread, text, user_id="u1", pack=PACK))

    reply = say(opening)
    told = reply.triage_level == "emergency" or EMERGENCY in reply.text
    for _ in range(30):
        case = Case.objects.get(external_thread_id=thread)
        if case.status != CaseStatus.ACTIVE:
            break
        reply = say(_reply_to(reply.text, replies))
        told = told or reply.triage_level == "emergency" or EMERGENCY in reply.text
    case = Case.objects.get(external_thread_id=thread)
    return case.triage_level or "", told


def _measure(service: Any, rows: list[Row], part: str) -> dict[str, list[str]]:
    wrong: dict[str, list[str]] = {"mild": [], "emergency": [], "seen": []}
    counts = {"mild": 0, "emergency": 0, "seen": 0}
    for i, row in enumerate(rows):
        level, told = _play(service, f"derived-{part}-{i}", row)
        want = row[2]
        counts[want] += 1
        if want == "mild" and (told or level == "emergency"):
            wrong["mild"].append(row[0])
        elif want == "emergency" and not (told or level == "emergency"):
            wrong["emergency"].append(f"{row[0]} -> {level}")
        elif want == "seen" and level not in ("emergency", "urgent"):
            wrong["seen"].append(f"{row[0]} -> {level}")
        print(f"  [{part}] want {want:9} got {level or '-':9} told 112: {told}  {row[0][:70]}")
    print(
        f"\n{part}: mild sent to emergency services {len(wrong['mild'])}/{counts['mild']}, "
        f"emergencies told {counts['emergency'] - len(wrong['emergency'])}/{counts['emergency']}"
        f", seen today or sooner {counts['seen'] - len(wrong['seen'])}/{counts['seen']}"
    )
    return wrong


@pytest.mark.django_db
def test_development_part(service_factory: Any) -> None:
    wrong = _measure(service_factory(), DEV, "dev")
    assert not wrong["emergency"], wrong["emergency"]
    assert not wrong["seen"], wrong["seen"]
    assert not wrong["mild"], wrong["mild"]


@pytest.mark.django_db
def test_held_out_part(service_factory: Any) -> None:
    wrong = _measure(service_factory(), HELD_OUT, "held-out")
    assert not wrong["emergency"], wrong["emergency"]
    assert not wrong["seen"], wrong["seen"]
    assert len(wrong["mild"]) <= 1, wrong["mild"]
