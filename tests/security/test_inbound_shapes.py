"""No 500 from input: every inbound parser answers 4xx to bodies nested too deeply, of the
wrong types or too large, and stores nothing (issue 25). Signed where the channel signs, so
each body reaches the schema check and not only the signature check; the service is the
two-turn stand-in (these tests are about the door, not the conversation).
"""

# ruff: noqa: F811

from __future__ import annotations

import json
from typing import Any
from urllib.parse import urlencode

import pytest
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bots.models import Case, InboundEvent
from loopback.telegram import text_update
from tests.channels.conftest import (  # noqa: F401  (fixtures)
    WEBHOOK_SECRET,
    SlackPoster,
    StandInService,
    service,
    slack,
    slack_post,
    telegram,
)
from tests.security.tally import record

pytestmark = pytest.mark.django_db

FUZZ = settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[
        HealthCheck.function_scoped_fixture,
        HealthCheck.too_slow,
        HealthCheck.data_too_large,
    ],
)


def deep(levels: int) -> Any:
    value: Any = "x"
    for _ in range(levels):
        value = [value]
    return value


def deep_text(levels: int) -> str:
    return "[" * levels + "]" * levels  # a body json.loads cannot even finish


def with_deep(body: Any, levels: int) -> str:
    """``body`` as JSON with its "__DEEP__" string replaced by ``levels`` nested lists (past
    what json.dumps itself can write)."""
    return json.dumps(body).replace('"__DEEP__"', deep_text(levels))


def web_post(body: bytes | str) -> Any:
    data = body.encode() if isinstance(body, str) else body
    return Client().post("/chat/api/messages", data=data, content_type="application/json")


def tg_post(body: bytes | str) -> Any:
    data = body.encode() if isinstance(body, str) else body
    return Client().post(
        "/telegram/webhook",
        data=data,
        content_type="application/json",
        headers={"X-Telegram-Bot-Api-Secret-Token": WEBHOOK_SECRET},
    )


def slack_event_body(event: Any, **top: Any) -> bytes:
    return json.dumps(
        {
            "token": "legacy",
            "team_id": "T0000001",
            "api_app_id": "A0000001",
            "type": "event_callback",
            "event_id": "EvShape1",
            "event_time": 1700000000,
            "event": event,
            **top,
        }
    ).encode()


def good_dm(**change: Any) -> dict[str, Any]:
    event = {
        "type": "message",
        "channel_type": "im",
        "user": "U0SHAPE",
        "text": "my laptop is slow",
        "ts": "1700000000.000100",
        "channel": "D0SHAPE",
    }
    event.update(change)
    return event


def interaction(**change: Any) -> dict[str, Any]:
    body = {
        "type": "block_actions",
        "user": {"id": "U0SHAPE", "username": "ada"},
        "channel": {"id": "D0SHAPE"},
        "container": {"channel_id": "D0SHAPE", "message_ts": "1700000000.000200"},
        "message": {"ts": "1700000000.000200", "text": "Is it plugged in?", "blocks": []},
        "trigger_id": "1.2.3",
        "actions": [{"action_id": "askfew:0", "value": "answer:yes",
                     "text": {"type": "plain_text", "text": "Yes"}}],
    }
    body.update(change)
    return body


def nothing_stored() -> bool:
    return not InboundEvent.objects.exists() and not Case.objects.exists()


# -- the findings of the review, replayed --------------------------------------------------------


def test_a_deeply_nested_web_chat_body_is_a_400(service: StandInService) -> None:
    for name, body in [
        ("1000-deep list beside text", with_deep({"text": "x", "n": "__DEEP__"}, 1000)),
        ("100000-deep brackets", with_deep({"text": "x", "n": "__DEEP__"}, 100_000)),
        ("40-deep", json.dumps({"text": "x", "n": deep(40)})),
    ]:
        response = web_post(body)
        held = response.status_code == 400 and "nests deeper" in response.json()["error"]
        assert record("no 500 from input", f"web chat: {name}", held), response.content[:200]
    assert nothing_stored()


def test_a_deeply_nested_signed_slack_body_is_a_400(
    slack_post: SlackPoster, service: StandInService
) -> None:
    for name, body in [
        ("1000-deep event field",
         with_deep(json.loads(slack_event_body(good_dm(extra="__DEEP__"))), 1000).encode()),
        ("100000-deep brackets", b'{"type": "event_callback", "x": ' + deep_text(100_000).encode()
         + b"}"),
        ("deep interaction payload", urlencode(
            {"payload": with_deep(interaction(state="__DEEP__"), 1000)}).encode()),
    ]:
        content_type = (
            "application/json" if body.startswith(b"{") else "application/x-www-form-urlencoded"
        )
        response = slack_post.raw(body, content_type)
        assert record("no 500 from input", f"Slack: {name}", response.status_code == 400)
    assert nothing_stored()


def test_signed_slack_bodies_of_the_wrong_types_open_no_case(
    slack_post: SlackPoster, service: StandInService
) -> None:
    wrong = {
        "channel as object": good_dm(channel={"a": 1}),
        "user as list": good_dm(user=["U1"]),
        "ts as number": good_dm(ts=1700000000.1),
        "text as object": good_dm(text={"t": "x"}),
        "thread_ts as bool": good_dm(thread_ts=True),
    }
    for name, event in wrong.items():
        response = slack_post.raw(slack_event_body(event), "application/json")
        assert record("no 500 from input", f"Slack event {name}", response.status_code == 400)
    for name, body in {
        "actions not a list": interaction(actions={"a": 1}),
        "user id number": interaction(user={"id": 5}),
        "button value object": interaction(actions=[{"action_id": "askfew:0", "value": {}}]),
        "message blocks string": interaction(message={"ts": "1.2", "blocks": "x"}),
    }.items():
        form = urlencode({"payload": json.dumps(body)}).encode()
        response = slack_post.raw(form, "application/x-www-form-urlencoded")
        held = response.status_code == 400
        assert record("no 500 from input", f"Slack interaction {name}", held)
    no_trigger = urlencode({"command": "/askfew", "channel_id": "C1", "text": "vpn"}).encode()
    response = slack_post.raw(no_trigger, "application/x-www-form-urlencoded")
    assert record("no 500 from input", "slash command without trigger_id",
                  response.status_code == 400)
    assert nothing_stored()
    # The right shape still goes through.
    assert slack_post.raw(slack_event_body(good_dm()), "application/json").status_code == 200
    assert InboundEvent.objects.count() == 1


def test_telegram_updates_of_the_wrong_types_are_refused(
    telegram: Any, service: StandInService
) -> None:
    def update(**change: Any) -> dict[str, Any]:
        body = text_update(41, "my head hurts")
        body["message"].update(change)
        return body

    cases = {
        "text as object": update(text={"a": 1}),
        "chat id as string": update(chat={"id": "12", "type": "private"}),
        "date as string": update(date="yesterday"),
        "from as list": update(**{"from": [1]}),
        "update_id as string": {**text_update(42, "x"), "update_id": "42"},
        "1000-deep entity": update(entities="__DEEP__"),
        "100000-deep entity": update(entities="__DEEP2__"),
    }
    for name, body in cases.items():
        raw = json.dumps(body).replace('"__DEEP__"', deep_text(1000))
        raw = raw.replace('"__DEEP2__"', deep_text(100_000))
        response = tg_post(raw)
        assert record("no 500 from input", f"Telegram {name}", response.status_code == 400)
    assert nothing_stored()
    assert tg_post(json.dumps(text_update(43, "my head hurts"))).status_code == 200
    assert InboundEvent.objects.count() == 1


# -- a property test: nested, wrongly typed and huge values in every field ---------------------

# Any JSON value, nested up to 60 levels (past the schema's limit of 32) or a few wide.
json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False)
    | st.text(max_size=50) | st.just("x" * 70_000),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner,
                                                                 max_size=3),
    max_leaves=60,
)
nested = st.integers(min_value=30, max_value=900).map(deep)  # json.dumps stops near 990
values = st.one_of(json_values, nested)


def put(body: dict[str, Any], path: tuple[str, ...], value: Any) -> dict[str, Any]:
    copy = json.loads(json.dumps(body))
    node = copy
    for key in path[:-1]:
        if not isinstance(node.get(key), dict):
            node[key] = {}
        node = node[key]
    node[path[-1]] = value
    return copy


WEB_FIELDS = [("text",), ("button",), ("token",), ("pack",), ("client_id",), ("extra",)]
SLACK_FIELDS = [("type",), ("event",), ("event", "channel"), ("event", "user"), ("event", "ts"),
                ("event", "text"), ("event", "thread_ts"), ("event", "type")]
ACTION_FIELDS = [("user",), ("channel",), ("message",), ("actions",), ("container",),
                 ("trigger_id",), ("message", "blocks"), ("user", "id")]
TELEGRAM_FIELDS = [("update_id",), ("message",), ("message", "text"), ("message", "chat"),
                   ("message", "from"), ("message", "date"), ("callback_query",),
                   ("message", "chat", "id")]


@FUZZ
@given(field=st.sampled_from(WEB_FIELDS), value=values)
def test_property_web_chat_never_500(service: StandInService, field: Any, value: Any) -> None:
    body = put({"text": "printer jams"}, field, value)
    response = web_post(json.dumps(body))
    assert response.status_code < 500
    assert response["Content-Type"].startswith("application/json")


@FUZZ
@given(field=st.sampled_from(SLACK_FIELDS), value=values)
def test_property_slack_events_never_500(
    slack_post: SlackPoster, service: StandInService, field: Any, value: Any
) -> None:
    body = put(json.loads(slack_event_body(good_dm())), field, value)
    response = slack_post.raw(json.dumps(body).encode(), "application/json")
    assert response.status_code < 500
    for event in InboundEvent.objects.all():  # whatever was stored has the types it needs
        received = event.payload["received"]
        assert all(isinstance(received[k], str) for k in ("text", "thread_id", "user_id"))


@FUZZ
@given(field=st.sampled_from(ACTION_FIELDS), value=values)
def test_property_slack_interactions_never_500(
    slack_post: SlackPoster, service: StandInService, field: Any, value: Any
) -> None:
    body = urlencode({"payload": json.dumps(put(interaction(), field, value))}).encode()
    response = slack_post.raw(body, "application/x-www-form-urlencoded")
    assert response.status_code < 500


@FUZZ
@given(field=st.sampled_from(TELEGRAM_FIELDS), value=values)
def test_property_telegram_updates_never_500(
    telegram: Any, service: StandInService, field: Any, value: Any
) -> None:
    body = put(text_update(7, "my head hurts"), field, value)
    response = tg_post(json.dumps(body))
    assert response.status_code < 500
