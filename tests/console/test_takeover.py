"""A case in a person's hands, end to end through the web chat runtime and the console actions:
silence after the hand-off, the one wait notice, every user message reaching the operator,
hand-back to the bot, close with CSAT and reopen; and the operator tools around it (canned
replies, internal notes, CSV export, assignment rules, readable labels, honesty flags)."""

from __future__ import annotations

import csv
import io
import secrets
import uuid
from typing import Any

import pytest
from django.test import Client

from bots import inbox
from bots.messages import Inbound
from bots.models import Case, CaseStatus, OutboundMessage, Role
from console import casework
from console.models import AssignmentRule, AuditLog, CannedReply, CaseNote
from tests.console.conftest import client_for, make_user

pytestmark = pytest.mark.django_db


def say(token: str, text: str = "", button: str = "") -> None:
    inbox.accept(
        Inbound(channel="web", event_id=f"web:{token}:{uuid.uuid4().hex}", thread_id=token,
                text=text or button, button=button, meta={"new": False}),
        limit=False,
    )


def chat(token: str) -> list[dict[str, Any]]:
    return list(Client().get(f"/chat/api/cases/{token}/messages").json()["messages"])


def bot_messages(token: str) -> list[dict[str, Any]]:
    return [m for m in chat(token) if m["role"] != "user"]


@pytest.fixture
def handed_off(converse: Any) -> Any:
    conversation = converse("my laptop does not work", "human")
    conversation.case.refresh_from_db()
    assert conversation.case.status == CaseStatus.HANDED_OFF
    return conversation


def test_after_the_hand_off_the_bot_is_silent_and_the_user_is_told_once(
    handed_off: Any, operator: Any
) -> None:
    token, case = handed_off.token, handed_off.case
    told = bot_messages(token)[-1]
    assert told["kind"] == "handoff"
    assert "We aim to answer within about 4 hours" in told["text"]
    assert "yours is next in line" in told["text"]
    before = len(bot_messages(token))
    for words in ("hello?? anyone there", "its a dell xps 13 if that helps",
                  "also the fan is really loud now"):
        say(token, words)
    # Nothing more from the bot: no question, no conclusion, no second notice.
    assert len(bot_messages(token)) == before
    # Every message reached the case, as the operator's console shows it.
    user_turns = list(case.turns.filter(role=Role.USER).order_by("index")
                      .values_list("text", flat=True))
    assert user_turns[-3:] == ["hello?? anyone there", "its a dell xps 13 if that helps",
                               "also the fan is really loud now"]
    page = client_for(operator).get(f"/cases/{case.pk}/api/").json()
    assert "also the fan is really loud now" in page["regions"]["transcript"]
    queue = client_for(operator).get("/queue/").content.decode()
    assert f'<tr data-case="{case.pk}"' in queue and "new message" in queue


def test_claiming_a_running_case_silences_the_bot_until_it_is_handed_back(
    converse: Any, operator: Any, django_capture_on_commit_callbacks: Any
) -> None:
    conversation = converse("my laptop does not work")
    token, case = conversation.token, conversation.case
    case.refresh_from_db()
    assert case.status == CaseStatus.ACTIVE and case.pending_finding
    casework.claim(case.pk, operator)
    case.refresh_from_db()
    assert case.status == CaseStatus.HANDED_OFF and case.waiting_since is not None
    asked = len([m for m in bot_messages(token) if m["kind"] == "question"])
    say(token, "answer:yes", "answer:yes")
    notice = bot_messages(token)[-1]
    # Told once that a person has it (and the answer was not taken by the bot).
    assert notice["kind"] == "handoff" and "A person from our team has your case" in notice["text"]
    say(token, "no")
    assert bot_messages(token)[-1] == notice
    assert len([m for m in bot_messages(token) if m["kind"] == "question"]) == asked
    # Hand back: the bot resumes from its belief and asks its next question at once.
    belief_before = case.state.get("belief")
    with django_capture_on_commit_callbacks(execute=True):
        out = casework.hand_back(case.pk, operator)
    case.refresh_from_db()
    assert case.status in (CaseStatus.ACTIVE, CaseStatus.ABSTAINED, CaseStatus.CONCLUDED)
    assert case.assigned_to is None
    back = bot_messages(token)[-1]
    assert back["id"] == f"out-{out.pk}"
    assert back["text"].startswith("I'm the assistant again")
    if case.status == CaseStatus.ACTIVE:
        assert back["kind"] == "question"
        say(token, "answer:no")
        assert bot_messages(token)[-1]["id"] != back["id"]  # the bot answers again
    assert belief_before is not None and case.state.get("belief")  # resumed, not restarted
    assert AuditLog.objects.filter(case=case, action="hand_back", username="olga").exists()


def test_close_asks_for_a_rating_and_the_user_can_reopen(
    handed_off: Any, operator: Any, django_capture_on_commit_callbacks: Any
) -> None:
    token, case = handed_off.token, handed_off.case
    with django_capture_on_commit_callbacks(execute=True):
        casework.reply(case.pk, operator, "Try another charger, then tell me.", close=True)
    closing = bot_messages(token)[-1]
    assert [b["payload"] for b in closing["buttons"]][-1] == "reopen"
    say(token, "4", "csat:4")
    case.refresh_from_db()
    assert (case.status, case.csat_score) == (CaseStatus.CLOSED, 4)
    assert "Thank you for rating" in bot_messages(token)[-1]["text"]
    # A typed message on the closed case: the two ways forward, not a dead end.
    say(token, "it still does not charge")
    assert {b["payload"] for b in bot_messages(token)[-1]["buttons"]} == {"reopen", "restart"}
    say(token, "Reopen", "reopen")
    case.refresh_from_db()
    assert case.status == CaseStatus.HANDED_OFF and case.closed_at is None
    assert case.assigned_to == operator  # back to the person who had it
    assert bot_messages(token)[-1]["text"].startswith("Reopened.")
    say(token, "still broken")
    assert bot_messages(token)[-1]["text"].startswith("Reopened.")  # silent again
    dashboard = client_for(operator).get("/dashboard/").content.decode()
    assert 'id="kpi-csat"' in dashboard and "4.0/5" in dashboard
    assert 'class="chart csat-chart"' in dashboard and 'data-n="1"' in dashboard


def test_canned_replies_fill_in_the_case_and_notes_never_reach_the_user(
    handed_off: Any, operator: Any
) -> None:
    case = handed_off.case
    CannedReply.objects.create(title="Greeting", pack="tiny",
                               text="Hi {name}, {operator} here about case {case_id}.")
    CannedReply.objects.create(title="Other pack", pack="car", text="not offered here")
    operator.first_name = "Olga"
    operator.save()
    client = client_for(operator)
    html = client.get(f"/cases/{case.pk}/").content.decode()
    assert f"Hi there, Olga here about case {case.pk}." in html
    assert "not offered here" not in html
    client.post(f"/cases/{case.pk}/note/", {"text": "Customer is a VIP, be quick"})
    assert CaseNote.objects.get(case=case).text == "Customer is a VIP, be quick"
    assert "Customer is a VIP" in client.get(f"/cases/{case.pk}/").content.decode()
    assert not any("VIP" in m["text"] for m in chat(handed_off.token))
    assert not any("VIP" in str(o.payload) for o in OutboundMessage.objects.filter(case=case))
    assert AuditLog.objects.filter(case=case, action="note").count() == 1


def test_csv_export_follows_the_filters_and_is_audited(converse: Any, operator: Any) -> None:
    kept = converse("my laptop does not work", "human").case
    other = converse("my laptop does not work").case
    client = client_for(operator)
    response = client.get("/cases/export.csv", {"what": "cases", "status": "handed_off"})
    assert response["Content-Type"].startswith("text/csv")
    rows = list(csv.DictReader(io.StringIO(b"".join(response.streaming_content).decode())))
    assert [int(r["id"]) for r in rows] == [kept.pk]
    assert rows[0]["status"] == "handed_off" and int(rows[0]["turns"]) >= 3
    turns = client.get("/cases/export.csv", {"what": "turns", "status": "handed_off"})
    lines = list(csv.DictReader(io.StringIO(b"".join(turns.streaming_content).decode())))
    assert {int(r["case_id"]) for r in lines} == {kept.pk}
    assert lines[0]["text"] == "my laptop does not work" and lines[0]["role"] == "user"
    assert other.pk not in {int(r["case_id"]) for r in lines}
    assert client.get("/cases/export.csv", {"what": "everything"}).status_code == 400
    assert AuditLog.objects.filter(action="export_csv", username="olga").count() == 2


def test_a_formula_typed_by_a_user_is_not_run_by_a_spreadsheet(
    converse: Any, operator: Any
) -> None:
    converse("=HYPERLINK(\"http://x\") my laptop does not work")
    body = b"".join(
        client_for(operator).get("/cases/export.csv", {"what": "turns"}).streaming_content
    ).decode()
    assert "'=HYPERLINK" in body


def test_assignment_rules_give_new_queue_cases_to_their_operator(
    converse: Any, operator: Any
) -> None:
    otto = make_user("otto", "operator")
    AssignmentRule.objects.create(pack="car", assignee=operator, position=0)
    AssignmentRule.objects.create(pack="tiny", channel="web", assignee=otto, position=1)
    conversation = converse("my laptop does not work", "human")
    case = Case.objects.get(pk=conversation.case.pk)
    assert case.assigned_to == otto
    entry = AuditLog.objects.get(case=case, action="auto_assign")
    assert entry.target == "otto" and entry.detail["rule"]
    running = converse("my laptop does not work").case
    assert Case.objects.get(pk=running.pk).assigned_to is None  # not in the queue: no rule


def test_the_outcome_dropdown_is_sorted_readable_and_without_repeats(
    handed_off: Any, operator: Any
) -> None:
    from console.labels import outcome_choices
    from planning.network import EvidentialNetwork, Hypothesis

    network = EvidentialNetwork(
        name="x",
        hypotheses=[
            Hypothesis("GERD", "GERD"),
            Hypothesis("Anemia", "Anemia"),
            Hypothesis("laptop_battery:t6", "battery should be managed by ACPI no  APM"),
            Hypothesis("laptop_battery:t2", "replace adapter"),
            Hypothesis("laptop_battery:t9", "Replace adapter"),
        ],
        findings=[],
        links=[],
    )
    choices = outcome_choices(network)
    assert choices[:2] == [("Anemia", "Anemia"), ("GERD", "GERD")]
    group, options = choices[2]
    assert group == "Laptop battery"
    assert options == [
        ("laptop_battery:t6", "Battery should be managed by ACPI no APM"),
        ("laptop_battery:t2", "Replace adapter (1)"),
        ("laptop_battery:t9", "Replace adapter (2)"),
    ]
    html = client_for(operator).get(f"/cases/{handed_off.case.pk}/").content.decode()
    assert "(h-dead)" not in html  # no "name (id)" options


def test_a_conclusion_under_high_conflict_is_flagged(converse: Any, operator: Any) -> None:
    case = converse("my laptop does not work", "answer:yes").case
    case.refresh_from_db()
    assert case.status == CaseStatus.CONCLUDED
    client = client_for(operator)
    assert 'id="honesty-flags"' not in client.get(f"/cases/{case.pk}/").content.decode()
    last = case.turns.filter(role=Role.BOT).order_by("-index").first()
    last.belief = {**last.belief, "conflict": 0.45, "open_world": 0.3}
    last.save(update_fields=["belief"])
    html = client.get(f"/cases/{case.pk}/").content.decode()
    assert 'id="honesty-flags"' in html
    assert "High conflict: K = 0.45" in html and "Open-world mass 30%" in html


def test_only_a_waiting_case_can_be_handed_back(converse: Any, operator: Any) -> None:
    case = converse("my laptop does not work", "answer:yes").case
    with pytest.raises(casework.CaseworkError, match="only a case waiting"):
        casework.hand_back(case.pk, operator)
    token = secrets.token_urlsafe(24)
    assert not Case.objects.filter(external_thread_id=token).exists()
