"""The service confirms a doubtful answer the way the evaluation does (planning.recovery).

On the it-laptop battery chart the user's cause is t16 (the laptop does not power up without
the charger, q1 = no; the adapter's voltage is off, q15 = no). "It needs the charger" means
no, but the offline reader hears "yes" (a restatement, confidence about 0.5): the dialogue
walks into the other branch, whose questions the user cannot answer. (The misreading used
before, "only when the charger is in", is read right since stop 35: "only" under the
condition the question excludes is a no.)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from bots.case_store import load_state
from bots.grounding import Grounding, StoredPacks
from bots.messages import Inbound, Reply
from bots.models import Case, CaseStatus, Role
from planning.network import EvidentialNetwork

pytestmark = pytest.mark.django_db

Service = Callable[..., Any]
Q1, Q15, TRUTH = "laptop_battery:q1", "laptop_battery:q15", "laptop_battery:t16"
MISREAD_NO = "it needs the charger"


def say(service: Any, thread: str, text: str = "", *, button: str | None = None) -> Reply:
    reply: Reply = service.handle(
        Inbound(channel="slack", thread_id=thread, text=text, button=button)
    )
    return reply


def battery() -> EvidentialNetwork:
    return Grounding(StoredPacks()).section_network("it-laptop", "laptop_battery")


def bot_actions(case_id: int) -> list[dict[str, Any]]:
    turns = Case.objects.get(pk=case_id).turns.filter(role=Role.BOT).order_by("index")
    return [t.action for t in turns]


def test_a_stalled_dialogue_confirms_the_misread_answer_and_recovers(
    service_factory: Service,
) -> None:
    thread = "C9:1"
    # Each message goes to a fresh service, as to another worker: the state carries it all.
    first = say(service_factory(), thread, "My laptop battery won't charge")
    assert first.question == Q1
    reply = say(service_factory(), thread, MISREAD_NO)
    case = Case.objects.get(pk=first.case_id)
    assert case.state["answers"][-1]["states"] == ["yes"]  # the misreading
    assert 0.0 < case.state["confidence"][Q1] < 0.95
    # The questions of the wrong branch: the user cannot answer them.
    off_path = []
    while len(off_path) < 2:
        assert reply.kind == "question" and reply.question not in (Q1, Q15)
        off_path.append(reply.question)
        reply = say(service_factory(), thread, "not sure")
    assert reply.kind == "question" and reply.question == Q1
    assert reply.text.startswith("Just to be sure: ")
    assert [b.payload for b in reply.buttons][:3] == ["answer:yes", "answer:no", "answer:unsure"]
    case = Case.objects.get(pk=first.case_id)
    stored = load_state(case.state, battery())
    assert stored.pending is not None and stored.pending.replaces == 0
    turn = case.turns.filter(role=Role.BOT).order_by("-index").first()
    assert turn is not None
    assert turn.action == {"type": "confirm", "finding": Q1, "replaces": 0}
    assert turn.rationale["reason"] == "stalled"
    assert turn.rationale["earlier"]["states"] == ["yes"]
    assert '"yes"' in turn.rationale["explanation"]

    # "Why?" explains the confirmation and asks it again.
    why = say(service_factory(), thread, button="why")
    assert "misread" in why.text and why.text.endswith(reply.text)

    reply = say(service_factory(), thread, "no")  # the correction replaces the misreading
    assert reply.question == Q15
    case = Case.objects.get(pk=first.case_id)
    answers = case.state["answers"]
    assert answers[0]["finding"] == Q1 and answers[0]["states"] == ["no"]
    assert [a["finding"] for a in answers] == [Q1, *off_path]  # replaced, not added
    assert case.state["confirmed"] == [Q1]
    assert case.state["turns"] == 4  # q1, two "not sure", the confirmation

    last = say(service_factory(), thread, button="answer:no")
    assert last.kind == "conclusion" and last.status == CaseStatus.CONCLUDED
    case = Case.objects.get(pk=first.case_id)
    assert case.conclusion == TRUTH
    actions = [a["type"] for a in bot_actions(case.pk)]
    assert actions == ["ask", "ask", "ask", "confirm", "why", "ask", "conclude"]


def test_a_conclusion_resting_on_a_doubtful_reading_is_confirmed_first(
    service_factory: Service,
) -> None:
    service = service_factory()
    thread = "C9:2"
    first = say(service, thread, "My laptop battery won't charge")
    assert say(service, thread, button="answer:no").question == Q15
    # Read right, but from the user's own words (confidence 0.9): the conclusion rests on it.
    reply = say(service, thread, "the reading is lower than the label says")
    assert reply.kind == "question" and reply.question == Q15
    assert reply.text.startswith("Just to be sure: ")
    assert bot_actions(first.case_id)[-1] == {"type": "confirm", "finding": Q15, "replaces": 1}
    last = say(service, thread, button="answer:no")
    assert last.kind == "conclusion"
    case = Case.objects.get(pk=first.case_id)
    assert case.conclusion == TRUTH and case.state["confirmed"] == [Q15]
    assert case.state["turns"] == 3
    # An explicit "no" is not questioned: the same case typed plainly concludes at once.
    other = "C9:3"
    say(service, other, "My laptop battery won't charge")
    say(service, other, "no")
    assert say(service, other, "no").kind == "conclusion"
    assert "confirm" not in [
        a["type"]
        for a in bot_actions(Case.objects.get(channel="slack", external_thread_id=other).pk)
    ]


def test_button_answers_are_never_confirmed(service_factory: Service) -> None:
    service = service_factory()
    thread = "C9:4"
    first = say(service, thread, "My laptop battery won't charge")
    # The same wrong turn as above, pressed instead of typed: nothing was read, nothing misread.
    reply = say(service, thread, button="answer:yes")
    for _ in range(15):
        if reply.kind != "question":
            break
        assert not reply.text.startswith("Just to be sure")
        reply = say(service, thread, button="answer:unsure")
    assert reply.kind != "question"
    case = Case.objects.get(pk=first.case_id)
    assert "confirm" not in [a["type"] for a in bot_actions(case.pk)]
    assert case.state["confirmed"] == []
    assert case.conclusion != TRUTH
