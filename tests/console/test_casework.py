"""Taking over cases: claim, assign, reply through the case's own channel, close, label."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from bots.models import Case, OutboundMessage, Outcome, Role
from console import casework
from console.models import AuditLog, CaseHandling
from tests.channels.conftest import slack  # noqa: F401  (the loopback Slack fixture)
from tests.console.conftest import client_for, make_user

pytestmark = pytest.mark.django_db


@pytest.fixture
def abstained(converse: Any) -> Any:
    conversation = converse("my laptop does not work", *["answer:unsure"] * 3)
    conversation.case.refresh_from_db()
    assert conversation.case.status == "abstained"
    return conversation


def audit(case: Case) -> list[tuple[str, str]]:
    return list(
        AuditLog.objects.filter(case=case).order_by("id").values_list("action", "username")
    )


def test_claiming_a_case_someone_else_holds_needs_a_deliberate_take_over(
    abstained: Any, operator: Any
) -> None:
    case = abstained.case
    other = make_user("otto", "operator")
    assert client_for(operator).post(f"/cases/{case.pk}/claim/").status_code == 302
    page = client_for(other).post(f"/cases/{case.pk}/claim/", follow=True)
    assert b"already claimed by olga" in page.content
    case.refresh_from_db()
    assert case.assigned_to == operator
    client_for(other).post(f"/cases/{case.pk}/claim/", {"force": "1"})
    case.refresh_from_db()
    assert case.assigned_to == other
    assert audit(case) == [("claim", "olga"), ("claim", "otto")]
    assert CaseHandling.objects.get(case=case).bot_status == "abstained"


def test_a_case_is_only_assigned_to_someone_who_can_work_it(
    abstained: Any, operator: Any, editor: Any
) -> None:
    case = abstained.case
    client = client_for(operator)
    page = client.post(f"/cases/{case.pk}/assign/", {"user": editor.pk}, follow=True)
    assert b"choose an operator to assign the case to" in page.content
    with pytest.raises(casework.CaseworkError, match="ed cannot work cases"):
        casework.assign(case.pk, operator, editor.pk)
    other = make_user("otto", "operator")
    client.post(f"/cases/{case.pk}/assign/", {"user": other.pk})
    case.refresh_from_db()
    assert case.assigned_to == other
    entry = AuditLog.objects.get(case=case, action="assign")
    assert (entry.username, entry.target) == ("olga", "otto")


def test_a_reply_reaches_the_web_chat_and_closes_the_case(
    abstained: Any, operator: Any, django_capture_on_commit_callbacks: Any
) -> None:
    case = abstained.case
    with django_capture_on_commit_callbacks(execute=True):
        page = client_for(operator).post(
            f"/cases/{case.pk}/reply/",
            {"text": "Hi, this is Olga. Is the laptop plugged in?", "close": "on"},
            follow=True,
        )
    assert page.status_code == 200
    case.refresh_from_db()
    assert (case.status, case.assigned_to) == ("closed", operator)
    turn = case.turns.get(role=Role.OPERATOR)
    assert turn.text == "Hi, this is Olga. Is the laptop plugged in?" and turn.operator == operator
    sent = OutboundMessage.objects.get(turn=turn)
    assert (sent.status, sent.channel, sent.payload["role"]) == ("sent", "web", "operator")
    # The user's web chat reads it back from the same transcript API the chat page polls.
    chat = Client().get(f"/chat/api/cases/{abstained.token}/messages").json()
    assert chat["messages"][-2]["role"] == "operator"
    assert chat["messages"][-2]["text"] == "Hi, this is Olga. Is the laptop plugged in?"
    # Closing tells the user, asks for a rating and offers a way back.
    closing = chat["messages"][-1]
    assert closing["kind"] == "closed" and "closed this conversation" in closing["text"]
    payloads = [b["payload"] for b in closing["buttons"]]
    assert payloads == ["csat:1", "csat:2", "csat:3", "csat:4", "csat:5", "reopen"]
    assert audit(case) == [("reply", "olga"), ("close", "olga")]
    handling = CaseHandling.objects.get(case=case)
    assert (handling.bot_status, handling.replies, handling.closed_by) == (
        "abstained", 1, operator
    )


def test_a_reply_to_a_slack_case_is_posted_in_its_thread(
    slack: Any,  # noqa: F811
    pack: Any,
    operator: Any,
    settings: Any,
    django_capture_on_commit_callbacks: Any,
) -> None:
    settings.BOT_CHANNEL_PACKS = {"slack": "tiny"}
    case = Case.objects.create(
        channel="slack", external_thread_id="C0123:1700000001.000100", pack="tiny",
        status="escalated",
    )
    with django_capture_on_commit_callbacks(execute=True):
        client_for(operator).post(f"/cases/{case.pk}/reply/", {"text": "On it."})
    (post,) = slack.calls_to("chat.postMessage")
    assert (post.body["channel"], post.body["thread_ts"]) == ("C0123", "1700000001.000100")
    assert "On it." in post.body["text"]
    assert OutboundMessage.objects.get(case=case).status == "sent"


def test_empty_and_closed_replies_are_refused(abstained: Any, operator: Any) -> None:
    case = abstained.case
    client = client_for(operator)
    page = client.post(f"/cases/{case.pk}/reply/", {"text": "  "}, follow=True)
    assert b"This field is required" in page.content
    client.post(f"/cases/{case.pk}/close/")
    page = client.post(f"/cases/{case.pk}/reply/", {"text": "hello"}, follow=True)
    assert f"case {case.pk} is closed".encode() in page.content
    assert not case.turns.filter(role=Role.OPERATOR).exists()


def test_labelling_takes_a_hypothesis_of_the_pack_or_other_with_a_note(
    abstained: Any, operator: Any, editor: Any
) -> None:
    case = abstained.case
    client = client_for(operator)
    page = client.post(f"/cases/{case.pk}/label/", {"hypothesis": "h-unknown"}, follow=True)
    assert b"Select a valid choice" in page.content
    page = client.post(f"/cases/{case.pk}/label/", {"hypothesis": "__other__"}, follow=True)
    assert b"needs a note" in page.content
    assert not Outcome.objects.filter(case=case).exists()
    client.post(f"/cases/{case.pk}/label/", {"hypothesis": "h-driver"})
    outcome = Outcome.objects.get(case=case)
    assert (outcome.hypothesis, outcome.other, outcome.labelled_by) == ("h-driver", False, operator)
    client.post(f"/cases/{case.pk}/label/", {"hypothesis": "__other__", "note": "Loose cable"})
    outcome.refresh_from_db()
    assert (outcome.hypothesis, outcome.other, outcome.note) == ("", True, "Loose cable")
    labels = AuditLog.objects.filter(case=case, action="label").order_by("id")
    assert [(e.target, e.detail["relabel"]) for e in labels] == [
        ("h-driver", False), ("other", True)
    ]
    # A knowledge editor may not label.
    assert client_for(editor).post(f"/cases/{case.pk}/label/",
                                   {"hypothesis": "h-dead"}).status_code == 403
