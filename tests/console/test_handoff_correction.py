"""A hand-off that went by a fact read from the user's words, corrected while it waits in the
operators' queue: the case leaves the queue (a system turn and an audit line), the console
shows it, and an operator can neither answer into the case the bot runs again nor find a case
they answered or claimed taken from them (bots.conversation.correction, console.casework)."""

from __future__ import annotations

import uuid
from typing import Any

import pytest

from bots import inbox
from bots.messages import Inbound
from bots.models import CaseStatus, Role
from console import casework
from console.models import AuditLog
from tests.console.conftest import Conversation, answer_all, client_for

pytestmark = pytest.mark.django_db

WENT_BY = "I went by what you told me: Is the screen black? yes."


def handed_off(converse: Any) -> Conversation:
    # "the screen is black" is read from the opening; the user is not sure of anything after
    # it, and the case is handed to a person.
    conversation = converse("my laptop screen is black", *answer_all("unsure", 2))
    conversation.case.refresh_from_db()
    assert conversation.case.status == CaseStatus.ABSTAINED
    return conversation


def say(conversation: Conversation, text: str = "", button: str = "") -> None:
    inbox.accept(
        Inbound(
            channel="web",
            event_id=f"web:{conversation.token}:{uuid.uuid4().hex}",
            thread_id=conversation.token,
            text=text or button,
            button=button,
        ),
        limit=False,
    )
    conversation.case.refresh_from_db()


def test_the_handoff_says_what_it_went_by(converse: Any, operator: Any) -> None:
    case = handed_off(converse).case
    handed = case.turns.filter(role=Role.BOT, action__type="abstain").get()
    assert WENT_BY in handed.text
    assert handed.action["basis"][0]["shown"] == "Is the screen black? yes"
    html = client_for(operator).get(f"/cases/{case.pk}/").content.decode()
    assert "Went by (read from the user's words)</span>" in html
    assert case.pk in {c.pk for c in casework_queue()}


def casework_queue() -> list[Any]:
    from bots.models import Case

    return list(Case.objects.filter(status__in=casework.QUEUE_STATUSES))


def test_a_correction_no_operator_has_answered_takes_the_case_out_of_the_queue(
    converse: Any, operator: Any
) -> None:
    conversation = handed_off(converse)
    case = conversation.case
    seen = case.status  # the operator opens the case while it waits
    say(conversation, button="correct")
    assert case.status == CaseStatus.ACTIVE
    assert case.pk not in {c.pk for c in casework_queue()}
    last = case.turns.order_by("-index").first()
    assert last.role == Role.BOT and "Let me ask it properly: Is the screen black?" in last.text
    system = case.turns.filter(role=Role.SYSTEM).get()
    assert system.text.startswith("left the operators' queue: the user corrected")
    audit = AuditLog.objects.filter(case=case, action="left_queue").get()
    assert audit.user is None and "Is the screen black? yes" in audit.detail["reason"]
    html = client_for(operator).get(f"/cases/{case.pk}/").content.decode()
    assert (
        "Reopened</span> the user said, with the button, that the hand-off to a person "
        "misread them: Is the screen black? yes"
    ) in html
    assert "left the operators&#x27; queue" in html
    # The operator's reply, written to the case as it waited, takes nothing over.
    with pytest.raises(casework.CaseworkError, match="left the queue after you opened it"):
        casework.reply(case.pk, operator, "Hi, I'm looking at it", seen_status=seen)
    assert not case.turns.filter(role=Role.OPERATOR).exists()
    case.refresh_from_db()
    assert case.status == CaseStatus.ACTIVE and case.assigned_to is None


@pytest.mark.parametrize("taken_up", ["reply", "claim"])
def test_a_case_an_operator_took_up_is_not_reopened(
    converse: Any, operator: Any, taken_up: str
) -> None:
    conversation = handed_off(converse)
    case = conversation.case
    if taken_up == "reply":
        casework.reply(case.pk, operator, "Hi, I'm looking at it", seen_status=case.status)
    else:
        casework.claim(case.pk, operator)
    say(conversation, button="correct")
    assert case.status == CaseStatus.ABSTAINED
    assert not case.turns.filter(role=Role.SYSTEM).exists()
    assert not AuditLog.objects.filter(case=case, action="left_queue").exists()
    # The correction is a message for the operator: stored, no dialogue turn answers it.
    last = case.turns.order_by("-index").first()
    assert last.role == Role.USER and last.text == "correct"
    assert last.interpretation["intent"] == "to_operator"
