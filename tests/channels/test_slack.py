"""Slack over HTTP: signed requests into Django, replies through the real slack_sdk client to a
loopback Web API (loopback/slack.py)."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest

from bots.models import Case, EventStatus, InboundEvent, OutboundMessage, OutboundStatus
from loopback.slack import (
    BOT_ID,
    BOT_USER_ID,
    FakeSlack,
    FakeSocketMode,
    signed_headers,
)
from tests.channels.conftest import (
    SIGNING_SECRET,
    SlackPoster,
    StandInService,
    answer_button,
    plausible_state,
)

pytestmark = pytest.mark.django_db

CHANNEL = "C0HELPDESK"
USER = "U0EMPLOYEE"


def mention(ts: str, text: str = "my laptop won't connect to Wi-Fi", thread_ts: str = "") -> dict:
    event = {
        "type": "app_mention",
        "user": USER,
        "text": f"<@{BOT_USER_ID}> {text}",
        "ts": ts,
        "channel": CHANNEL,
        "event_ts": ts,
    }
    if thread_ts:
        event["thread_ts"] = thread_ts
    return event


def click(message: dict[str, Any], index: int, trigger: str = "111.222.aaa") -> dict[str, str]:
    """The block_actions request Slack sends when a button of ``message`` is pressed."""
    button = [
        e for b in message["blocks"] if b["type"] == "actions" for e in b["elements"]
    ][index]
    payload = {
        "type": "block_actions",
        "user": {"id": USER, "username": "ada", "name": "ada", "team_id": "T0000001"},
        "api_app_id": "A0000001",
        "token": "legacy-verification-token",
        "container": {"type": "message", "message_ts": message["ts"], "channel_id": CHANNEL,
                      "is_ephemeral": False},
        "trigger_id": trigger,
        "team": {"id": "T0000001", "domain": "askfew-test"},
        "channel": {"id": CHANNEL, "name": "helpdesk"},
        "message": message,
        "response_url": "https://hooks.slack.com/actions/T0000001/1/xyz",
        "actions": [{
            "action_id": button["action_id"],
            "block_id": "askfew-answers-0",
            "text": button["text"],
            "value": button["value"],
            "type": "button",
            "action_ts": "1700000300.000001",
        }],
    }
    return {"payload": json.dumps(payload)}


def test_url_verification_answers_the_challenge(slack: FakeSlack, slack_post: SlackPoster) -> None:
    body = json.dumps({"token": "t", "challenge": "3eZbrw1aBm2rZgRNFdxV", "type":
                       "url_verification"}).encode()
    response = slack_post.raw(body, "application/json")
    assert response.status_code == 200
    assert b"3eZbrw1aBm2rZgRNFdxV" in response.content
    assert not InboundEvent.objects.exists()


def test_mention_is_answered_in_its_thread_with_buttons(
    slack: FakeSlack, slack_post: SlackPoster, service: StandInService
) -> None:
    response = slack_post.event(mention("1700000001.000100"), event_id="Ev01")
    assert response.status_code == 200

    event = InboundEvent.objects.get()
    assert event.status == EventStatus.PROCESSED
    assert event.case.external_thread_id == f"{CHANNEL}:1700000001.000100"
    assert service.seen == [(event.case_id, "my laptop won't connect to Wi-Fi", "")]

    (post,) = slack.calls_to("chat.postMessage")
    assert post.body["channel"] == CHANNEL
    assert post.body["thread_ts"] == "1700000001.000100"
    assert "Is the Wi-Fi switch on?" in post.body["text"]
    buttons = post.buttons()
    assert [b["text"]["text"] for b in buttons] == ["Yes", "No", "Not sure", "Why?"]
    assert [b["value"] for b in buttons] == ["answer:yes", "answer:no", "answer:unsure", "why"]
    assert len({b["action_id"] for b in buttons}) == 4  # Slack requires unique action ids

    reply = OutboundMessage.objects.get()
    assert reply.in_reply_to == event
    assert reply.status == OutboundStatus.SENT
    assert reply.external_id == slack.posted()[0]["ts"]


def test_button_press_answers_and_takes_the_buttons_off(
    slack: FakeSlack, slack_post: SlackPoster, service: StandInService
) -> None:
    slack_post.event(mention("1700000001.000100"), event_id="Ev01")
    question = slack.posted()[0]

    response = slack_post.form(click(question, index=0))
    assert response.status_code == 200

    press = InboundEvent.objects.order_by("pk").last()
    assert press.case.external_thread_id == f"{CHANNEL}:1700000001.000100"
    assert service.seen[-1] == (press.case_id, "Yes", "answer:yes")
    # The question now says what was answered instead of offering the buttons again.
    (update,) = slack.calls_to("chat.update")
    assert update.body["ts"] == question["ts"]
    updated = slack.posted()[0]
    assert not [b for b in updated["blocks"] if b["type"] == "actions"]
    assert "answered: *Yes*" in json.dumps(updated["blocks"])
    # The conclusion goes to the same thread.
    posts = slack.calls_to("chat.postMessage")
    assert len(posts) == 2
    assert posts[1].body["thread_ts"] == "1700000001.000100"
    assert "Most likely" in posts[1].body["text"]
    assert Case.objects.get().status == "concluded"


def test_slash_command_opens_a_thread_that_later_messages_continue(
    slack: FakeSlack, slack_post: SlackPoster, service: StandInService
) -> None:
    response = slack_post.form({
        "token": "legacy", "team_id": "T0000001", "channel_id": CHANNEL, "channel_name": "helpdesk",
        "user_id": USER, "user_name": "ada", "command": "/askfew",
        "text": "laptop <wifi> keeps dropping", "api_app_id": "A0000001",
        "response_url": "https://hooks.slack.com/commands/1/2/3", "trigger_id": "999.888.bbb",
    })
    assert response.status_code == 200
    assert "thread" in response.content.decode()  # the ephemeral acknowledgement

    (post,) = slack.calls_to("chat.postMessage")
    assert "thread_ts" not in post.body  # the reply starts the thread
    assert f"<@{USER}> asked: laptop &lt;wifi&gt; keeps dropping" in post.body["text"]
    thread_ts = slack.posted()[0]["ts"]
    case = Case.objects.get()
    assert case.external_thread_id == f"{CHANNEL}:{thread_ts}"

    # A reply in that thread (no mention needed) is the next turn of the same case.
    slack_post.event({"type": "message", "channel_type": "channel", "user": USER,
                      "text": "it started yesterday", "ts": "1700000500.000200",
                      "thread_ts": thread_ts, "channel": CHANNEL}, event_id="Ev02")
    assert [s[1] for s in service.seen] == ["laptop <wifi> keeps dropping", "it started yesterday"]
    assert {s[0] for s in service.seen} == {case.pk}
    assert slack.calls_to("chat.postMessage")[1].body["thread_ts"] == thread_ts


def test_direct_messages_continue_the_active_case(
    slack: FakeSlack, slack_post: SlackPoster, service: StandInService
) -> None:
    dm = "D0DIRECT"

    def dm_message(ts: str, text: str) -> dict:
        return {"type": "message", "channel_type": "im", "user": USER, "text": text, "ts": ts,
                "channel": dm}

    slack_post.event(dm_message("1700000001.000001", "printer jams"), event_id="Ev01")
    slack_post.event(dm_message("1700000002.000001", "every page"), event_id="Ev02")
    assert Case.objects.count() == 1
    assert [p.body["thread_ts"] for p in slack.calls_to("chat.postMessage")] == [
        "1700000001.000001",
        "1700000001.000001",
    ]


def test_bad_signature_missing_or_stale_timestamp_are_refused(
    slack: FakeSlack, slack_post: SlackPoster, service: StandInService
) -> None:
    body = json.dumps({"type": "event_callback", "event_id": "Ev09",
                       "event": mention("1700000009.000100")}).encode()
    wrong_secret = slack_post.raw(body, "application/json", secret="not-the-secret")
    stale = slack_post.raw(body, "application/json", timestamp=int(time.time()) - 6 * 60)
    unsigned = slack_post.client.post("/slack/events", data=body, content_type="application/json")
    forged = slack_post.client.post(
        "/slack/events", data=body, content_type="application/json",
        headers={"X-Slack-Request-Timestamp": str(int(time.time())),
                 "X-Slack-Signature": "v0=" + "0" * 64},
    )
    for response in (wrong_secret, stale, unsigned, forged):
        assert response.status_code == 401
    assert not InboundEvent.objects.exists()
    assert not slack.calls_to("chat.postMessage")


def test_slack_retries_are_stored_once_and_answered_once(
    slack: FakeSlack, slack_post: SlackPoster, service: StandInService
) -> None:
    event = mention("1700000001.000100")
    first = slack_post.event(event, event_id="Ev01")
    retry = slack_post.event(event, event_id="Ev01", retry_num=1)
    # Slack also delivers the same message as a message.channels event: still one message.
    as_message = dict(event, type="message", channel_type="channel")
    other_delivery = slack_post.event(as_message, event_id="Ev01b")
    assert (first.status_code, retry.status_code, other_delivery.status_code) == (200, 200, 200)
    assert InboundEvent.objects.count() == 1
    assert len(slack.calls_to("chat.postMessage")) == 1
    assert len(service.seen) == 1


def test_rate_limit_is_retried_after_retry_after_and_sent_once(
    slack: FakeSlack, slack_post: SlackPoster, service: StandInService
) -> None:
    slack.fail("chat.postMessage", status=429, retry_after=1)
    slack_post.event(mention("1700000001.000100"), event_id="Ev01")

    calls = slack.calls_to("chat.postMessage")
    assert len(calls) == 2
    assert calls[1].at - calls[0].at >= 0.9  # waited for Retry-After: 1
    assert len(slack.posted()) == 1
    reply = OutboundMessage.objects.get()
    assert (reply.status, reply.attempts) == (OutboundStatus.SENT, 2)
    assert "_retry_at" not in reply.payload


def _posted_but_not_marked(slack: FakeSlack) -> OutboundMessage:
    """A reply Slack accepted from a worker that died before marking it SENT."""
    from bots.channels.slack import send

    case = Case.objects.get()
    outbound = OutboundMessage.objects.create(
        case=case, channel="slack", attempts=1,
        payload={"role": "bot", "parts": ["Is the Wi-Fi light on?"], "buttons": []},
    )
    send(outbound)  # Slack has it now; the worker is gone before the UPDATE
    return outbound


def test_a_reply_slack_accepted_before_its_worker_died_is_not_posted_again(
    slack: FakeSlack, slack_post: SlackPoster, service: StandInService
) -> None:
    from bots.outbound import deliver

    slack_post.event(mention("1700000001.000100"), event_id="Ev01")
    outbound = _posted_but_not_marked(slack)
    posts = len(slack.calls_to("chat.postMessage"))
    landed_ts = slack.posted()[-1]["ts"]

    delivered = deliver(outbound.pk)  # the task redelivered after the crash

    assert len(slack.calls_to("chat.postMessage")) == posts  # looked up, not posted again
    (lookup,) = slack.calls_to("conversations.replies")
    assert lookup.body["ts"] == "1700000001.000100"
    assert (delivered.status, delivered.external_id, delivered.attempts) == (
        OutboundStatus.SENT, landed_ts, 2)
    assert [m["text"] for m in slack.posted()].count("Is the Wi-Fi light on?") == 1


def test_without_history_access_a_retried_reply_is_posted_again(
    slack: FakeSlack, slack_post: SlackPoster, service: StandInService
) -> None:
    from bots.outbound import deliver

    slack_post.event(mention("1700000001.000100"), event_id="Ev01")
    outbound = _posted_but_not_marked(slack)
    slack.fail("conversations.replies", error="missing_scope")

    delivered = deliver(outbound.pk)

    assert delivered.status == OutboundStatus.SENT
    assert [m["text"] for m in slack.posted()].count("Is the Wi-Fi light on?") == 2


@pytest.mark.django_db(transaction=True)
def test_a_sent_reply_waits_out_a_database_outage_instead_of_being_sent_again(
    slack: FakeSlack, slack_post: SlackPoster, service: StandInService, monkeypatch: Any
) -> None:
    from django.db import OperationalError, connection

    monkeypatch.setattr("bots.outbound.MARK_SENT_PATIENCE_S", 10.0)
    refused: list[str] = []

    def database_restarting(execute: Any, sql: str, *args: Any) -> Any:
        if sql.startswith('UPDATE "bots_outboundmessage" SET "status"') and len(refused) < 2:
            refused.append(sql)
            raise OperationalError("server closed the connection unexpectedly")
        return execute(sql, *args)

    with connection.execute_wrapper(database_restarting):
        slack_post.event(mention("1700000001.000100"), event_id="Ev01")

    assert len(refused) == 2
    assert len(slack.calls_to("chat.postMessage")) == 1
    reply = OutboundMessage.objects.get()
    assert (reply.status, reply.attempts) == (OutboundStatus.SENT, 1)


def test_server_errors_are_retried_with_growing_backoff(
    slack: FakeSlack, slack_post: SlackPoster, service: StandInService, monkeypatch: Any
) -> None:
    monkeypatch.setattr("bots.outbound.BACKOFF_BASE_S", 0.2)
    slack.fail("chat.postMessage", status=500, error="internal_error")
    slack.fail("chat.postMessage", status=503, error="service_unavailable")
    slack_post.event(mention("1700000001.000100"), event_id="Ev01")
    calls = slack.calls_to("chat.postMessage")
    assert len(calls) == 3
    assert calls[1].at - calls[0].at >= 0.2 and calls[2].at - calls[1].at >= 0.4
    reply = OutboundMessage.objects.get()
    assert (reply.status, reply.attempts) == (OutboundStatus.SENT, 3)


def test_a_reply_that_keeps_failing_is_given_up_after_the_last_attempt(
    slack: FakeSlack, slack_post: SlackPoster, service: StandInService, monkeypatch: Any
) -> None:
    monkeypatch.setattr("bots.outbound.BACKOFF_BASE_S", 0.01)
    monkeypatch.setattr("bots.outbound.MAX_ATTEMPTS", 3)
    for _ in range(5):
        slack.fail("chat.postMessage", status=500, error="internal_error")
    slack_post.event(mention("1700000001.000100"), event_id="Ev01")
    assert len(slack.calls_to("chat.postMessage")) == 3
    reply = OutboundMessage.objects.get()
    assert reply.status == OutboundStatus.FAILED
    assert "gave up after 3 attempts" in reply.last_error


def test_permanent_errors_fail_the_reply_without_retrying(
    slack: FakeSlack, slack_post: SlackPoster, service: StandInService
) -> None:
    slack.fail("chat.postMessage", error="not_in_channel")
    slack_post.event(mention("1700000001.000100"), event_id="Ev01")
    assert len(slack.calls_to("chat.postMessage")) == 1
    reply = OutboundMessage.objects.get()
    assert reply.status == OutboundStatus.FAILED
    assert "not_in_channel" in reply.last_error


def test_own_messages_and_edits_are_ignored(
    slack: FakeSlack, slack_post: SlackPoster, service: StandInService
) -> None:
    own = {"type": "message", "channel_type": "im", "user": BOT_USER_ID, "bot_id": BOT_ID,
           "text": "Is the Wi-Fi switch on?", "ts": "1700000001.000001", "channel": "D0DIRECT"}
    edit = {"type": "message", "subtype": "message_changed", "channel_type": "im",
            "channel": "D0DIRECT", "ts": "1700000002.000001", "message": {"text": "x"}}
    chatter = {"type": "message", "channel_type": "channel", "user": USER, "text": "lunch?",
               "ts": "1700000003.000001", "channel": CHANNEL}
    for n, event in enumerate((own, edit, chatter)):
        assert slack_post.event(event, event_id=f"Ev{n}").status_code == 200
    assert not InboundEvent.objects.exists()
    assert not slack.calls_to("chat.postMessage")


def test_a_failing_service_still_answers_once(
    slack: FakeSlack, slack_post: SlackPoster, service: StandInService
) -> None:
    service.fail_on = "boom"
    slack_post.event(mention("1700000001.000100", text="boom"), event_id="Ev01")
    event = InboundEvent.objects.get()
    assert event.status == EventStatus.FAILED
    assert "stand-in service failure" in event.error
    (post,) = slack.calls_to("chat.postMessage")
    assert "something went wrong" in post.body["text"]


def test_unconfigured_slack_says_what_is_missing(settings: Any, client: Any) -> None:
    settings.SLACK_BOT_TOKEN = ""
    response = client.post("/slack/events", data=b"{}", content_type="application/json")
    assert response.status_code == 503
    assert b"SLACK_BOT_TOKEN" in response.content


LAPTOP_TRUTH = "laptop_battery:t4"  # "You should replace the power adapter."
LAPTOP_THREAD = "1700000001.000100"


def play_laptop_case(slack: FakeSlack, slack_post: SlackPoster, network: dict) -> OutboundMessage:
    """A user whose adapter is failing: a mention, then a button press per question, until the
    bot stops asking. Returns the last reply."""
    # The complaint must not contradict the truth: the service reads volunteered facts from it.
    slack_post.event(mention(LAPTOP_THREAD, text="something is wrong with my laptop battery"),
                     event_id="Ev0")
    for turn in range(1, 30):
        reply = OutboundMessage.objects.order_by("pk").last()
        assert reply.status == OutboundStatus.SENT, reply.last_error
        if reply.payload["kind"] != "question":
            return reply
        state = plausible_state(network, LAPTOP_TRUTH, reply.payload["question"])
        message = next(m for m in slack.posted() if m["ts"] == reply.external_id)
        index = answer_button(reply.payload["buttons"], state)
        slack_post.form(click(message, index, trigger=f"trigger-{turn}"))
    raise AssertionError("the bot kept asking past 30 questions")


def test_a_laptop_complaint_is_diagnosed_in_one_thread(
    slack: FakeSlack, slack_post: SlackPoster, import_example: Any
) -> None:
    """The real service and the it-laptop pack, through Slack from complaint to conclusion."""
    network = import_example("it-laptop").data["network"]
    last = play_laptop_case(slack, slack_post, network)

    assert last.payload["kind"] == "conclusion", last.payload["parts"]
    assert "replace the power adapter" in " ".join(last.payload["parts"])
    case = Case.objects.get()
    assert (case.pack, case.status, case.conclusion) == ("it-laptop", "concluded", LAPTOP_TRUTH)
    assert last.payload["status"] == "concluded"
    # Every message got exactly one reply, in the thread; every answered question lost its
    # buttons; questions carried the answer buttons.
    events = InboundEvent.objects.count()
    posts = slack.calls_to("chat.postMessage")
    assert events == len(posts) == OutboundMessage.objects.count() >= 3
    assert all(e.status == EventStatus.PROCESSED for e in InboundEvent.objects.all())
    assert {p.body["thread_ts"] for p in posts} == {LAPTOP_THREAD}
    assert len(slack.calls_to("chat.update")) == events - 1
    assert not any(b["type"] == "actions" for m in slack.posted()[:-1] for b in m["blocks"])
    assert [b["value"] for b in posts[0].buttons()][:3] == [
        "answer:yes", "answer:no", "answer:unsure",
    ]


@pytest.mark.django_db(transaction=True)  # the Socket Mode client works in its own threads
def test_socket_mode_acknowledges_first_and_drops_redeliveries(
    slack: FakeSlack, service: StandInService, settings: Any
) -> None:
    from bots.channels.slack import socket_mode_handler

    settings.SLACK_APP_TOKEN = slack.app_token
    body = {"type": "event_callback", "event_id": "Ev01", "team_id": "T0000001",
            "api_app_id": "A0000001", "event": mention("1700000001.000100")}
    with FakeSocketMode(slack) as socket_mode:
        handler = socket_mode_handler()
        handler.connect()
        try:
            socket_mode.send_event(body, envelope_id="envelope-1")
            ack = socket_mode.wait_for_ack("envelope-1")
            (post,) = slack.wait_for("chat.postMessage", 1)
            # Slack redelivers an event it thinks was lost, in a new envelope.
            socket_mode.send_event(body, envelope_id="envelope-2", retry_attempt=1)
            socket_mode.wait_for_ack("envelope-2")
        finally:
            handler.close()
    assert ack.at <= post.at  # acknowledged before the reply was worked out and sent
    assert post.body["thread_ts"] == "1700000001.000100"
    assert InboundEvent.objects.count() == 1
    assert len(slack.calls_to("chat.postMessage")) == 1
    assert [c.method for c in slack.calls if c.method.startswith("apps.")] == [
        "apps.connections.open"
    ]


def test_over_http_the_reply_is_worked_out_after_the_ack_is_sent(
    slack: FakeSlack, service: StandInService
) -> None:
    """Without a broker the task runs in-process, but only once the server has sent the ack
    (Django calls ``close()`` on a response after writing it)."""
    from django.test import RequestFactory

    from bots.channels.slack import events_view

    body = json.dumps({"type": "event_callback", "event_id": "Ev01",
                       "event": mention("1700000001.000100")}).encode()
    request = RequestFactory().post("/slack/events", data=body, content_type="application/json",
                                    headers=signed_headers(SIGNING_SECRET, body))
    response = events_view(request)
    assert response.status_code == 200
    assert InboundEvent.objects.get().status == EventStatus.RECEIVED
    assert not slack.calls_to("chat.postMessage")

    response.close()
    assert InboundEvent.objects.get().status == EventStatus.PROCESSED
    assert len(slack.calls_to("chat.postMessage")) == 1


def test_runbot_slack_explains_what_socket_mode_needs(slack: FakeSlack) -> None:
    from django.core.management import CommandError, call_command

    with pytest.raises(CommandError, match=r"SLACK_APP_TOKEN is not set.*/slack/events"):
        call_command("runbot", "slack")


def test_serve_starts_only_what_is_configured(slack: FakeSlack, settings: Any) -> None:
    from bots.channels import start_configured_bots
    from console import startup

    startup.register_defaults()
    startup.register_defaults()
    assert startup.BOT_STARTERS.count(start_configured_bots) == 1
    settings.TELEGRAM_BOT_TOKEN = "123:abc"
    settings.TELEGRAM_WEBHOOK_SECRET = "s3cret"
    assert list(start_configured_bots()) == [
        "Slack: events over HTTP at /slack/events (SLACK_APP_TOKEN unset, no Socket Mode)",
        "Telegram: webhook at /telegram/webhook (TELEGRAM_WEBHOOK_SECRET set, no polling)",
    ]
    settings.SLACK_BOT_TOKEN = settings.TELEGRAM_BOT_TOKEN = ""
    assert list(start_configured_bots()) == []
