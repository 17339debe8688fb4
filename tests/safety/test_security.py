"""Security (issue 8): signed webhooks with a replay window, rate limits, roles on every URL,
session and cookie settings with a content security policy, secrets only from the environment,
and the dependency audit.

Webhook requests are real signed requests through Django's test client into the real Slack Bolt
adapter and the Telegram view; replies go through the real SDKs to the loopback Slack and
Telegram APIs of tests/channels. The dependency audit runs bin/audit against a loopback OSV
service. Nothing leaves the machine.
"""

# The fixtures imported from tests/channels and tests/console are parameters of the tests.
# ruff: noqa: F811

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest
from django.test import Client, RequestFactory
from django.urls import URLPattern, URLResolver, get_resolver, reverse

from bots import ratelimit
from bots.channels import slack as slack_channel
from bots.channels.telegram import STALE_AFTER, is_stale
from bots.models import InboundEvent, OutboundMessage
from console.security import secret_problems
from loopback.slack import FakeSlack, signed_headers
from loopback.telegram import FakeTelegram, text_update
from tests.channels.conftest import (  # noqa: F401  (fixtures)
    SIGNING_SECRET,
    WEBHOOK_SECRET,
    SlackPoster,
    StandInService,
    service,
    slack,
    slack_post,
    telegram,
)
from tests.console.conftest import (  # noqa: F401  (fixtures)
    client_for,
    converse,
    make_user,
    nobody,
    operator,
    pack,
)

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]
CHANNEL = "C0SECURITY"
USER = "U0SECURITY"


def mention(
    ts: str, text: str = "my laptop won't charge", user: str = USER, channel: str = CHANNEL
) -> dict[str, Any]:
    return {
        "type": "app_mention",
        "user": user,
        "text": f"<@UBOT0001> {text}",
        "ts": ts,
        "channel": channel,
        "event_ts": ts,
    }


def dm(ts: str, text: str, user: str = USER, channel: str = "D0SECURITY") -> dict[str, Any]:
    return {
        "type": "message",
        "channel_type": "im",
        "user": user,
        "text": text,
        "ts": ts,
        "channel": channel,
    }


def envelope(event: dict[str, Any], event_id: str) -> bytes:
    return json.dumps(
        {
            "token": "legacy",
            "team_id": "T0000001",
            "api_app_id": "A0000001",
            "type": "event_callback",
            "event_id": event_id,
            "event_time": 1700000000,
            "event": event,
        }
    ).encode()


def post_update(update: dict[str, Any], secret: str | None = WEBHOOK_SECRET) -> Any:
    headers = {} if secret is None else {"X-Telegram-Bot-Api-Secret-Token": secret}
    return Client().post(
        "/telegram/webhook",
        data=json.dumps(update),
        content_type="application/json",
        headers=headers,
    )


# -- Slack: signature over the timestamp, replay window, de-duplication ------------------------


def test_slack_signed_requests_outside_the_replay_window_are_refused(
    slack: FakeSlack, slack_post: SlackPoster, service: StandInService
) -> None:
    now = int(time.time())
    body = envelope(mention("1700000100.000001"), "EvOld")
    # Correctly signed over their own timestamps, but too old or from the future.
    for ts in (now - 6 * 60, now + 6 * 60, now - 24 * 3600):
        response = slack_post.raw(body, "application/json", timestamp=ts)
        assert response.status_code == 401, ts
    # A valid signature over a fresh timestamp, sent with another timestamp: refused.
    fresh = signed_headers(SIGNING_SECRET, body, now)
    moved = slack_post.client.post(
        "/slack/events",
        data=body,
        content_type="application/json",
        headers={**fresh, "X-Slack-Request-Timestamp": str(now - 1)},
    )
    assert moved.status_code == 401
    assert not InboundEvent.objects.exists() and not service.seen
    # Inside the window (4 minutes old) the same request is accepted.
    assert slack_post.raw(body, "application/json", timestamp=now - 4 * 60).status_code == 200
    assert InboundEvent.objects.count() == 1


def test_bolt_itself_refuses_a_stale_signature(slack: FakeSlack, service: StandInService) -> None:
    """The view checks the window before Bolt; Bolt's own check is the second line."""
    built = slack_channel.bolt_app()
    assert built is not None
    _, handler = built
    body = envelope(mention("1700000101.000001"), "EvBolt")
    stale = signed_headers(SIGNING_SECRET, body, int(time.time()) - 10 * 60)
    request = RequestFactory().post(
        "/slack/events", data=body, content_type="application/json", headers=stale
    )
    assert handler.handle(request).status_code == 401
    fresh = RequestFactory().post(
        "/slack/events",
        data=body,
        content_type="application/json",
        headers=signed_headers(SIGNING_SECRET, body),
    )
    assert handler.handle(fresh).status_code == 200


def test_a_replayed_fresh_slack_request_is_processed_once(
    slack: FakeSlack, slack_post: SlackPoster, service: StandInService
) -> None:
    """Bolt does not de-duplicate (it keeps no event ids); the runtime's unique event id does.
    Replaying the exact signed bytes inside the window, for each kind of request:"""
    client = slack_post.client
    event_body = envelope(mention("1700000200.000001"), "EvReplay")
    headers = signed_headers(SIGNING_SECRET, event_body)
    for _ in range(3):
        assert (
            client.post(
                "/slack/events", data=event_body, content_type="application/json", headers=headers
            ).status_code
            == 200
        )
    assert InboundEvent.objects.count() == 1
    assert len(slack.calls_to("chat.postMessage")) == 1

    # A button press replayed.
    question = slack.posted()[0]
    button = next(e for b in question["blocks"] if b["type"] == "actions" for e in b["elements"])
    press = {
        "payload": json.dumps(
            {
                "type": "block_actions",
                "user": {"id": USER, "username": "ada"},
                "container": {
                    "type": "message",
                    "message_ts": question["ts"],
                    "channel_id": CHANNEL,
                },
                "trigger_id": "555.666.ccc",
                "team": {"id": "T0000001"},
                "channel": {"id": CHANNEL},
                "message": question,
                "actions": [
                    {
                        "action_id": button["action_id"],
                        "block_id": "b",
                        "text": button["text"],
                        "value": button["value"],
                        "type": "button",
                        "action_ts": "1700000201.1",
                    }
                ],
            }
        )
    }
    from urllib.parse import urlencode

    press_body = urlencode(press).encode()
    press_headers = signed_headers(SIGNING_SECRET, press_body)
    for _ in range(2):
        assert (
            client.post(
                "/slack/events",
                data=press_body,
                content_type="application/x-www-form-urlencoded",
                headers=press_headers,
            ).status_code
            == 200
        )

    # A slash command replayed.
    command_body = urlencode(
        {
            "team_id": "T0000001",
            "channel_id": CHANNEL,
            "user_id": USER,
            "user_name": "ada",
            "command": "/askfew",
            "text": "printer is offline",
            "trigger_id": "777.888.ddd",
        }
    ).encode()
    command_headers = signed_headers(SIGNING_SECRET, command_body)
    for _ in range(2):
        assert (
            client.post(
                "/slack/events",
                data=command_body,
                content_type="application/x-www-form-urlencoded",
                headers=command_headers,
            ).status_code
            == 200
        )

    assert InboundEvent.objects.count() == 3
    assert [text for _, text, _ in service.seen] == [
        "my laptop won't charge",
        button["text"]["text"],
        "printer is offline",
    ]


# -- Telegram: constant-time secret, update_id de-duplication, stale messages ------------------


def test_telegram_refuses_every_wrong_secret_without_storing(
    telegram: FakeTelegram, service: StandInService
) -> None:
    wrong = [
        None,
        "",
        WEBHOOK_SECRET[:-1],
        WEBHOOK_SECRET + "x",
        WEBHOOK_SECRET.upper(),
        " " + WEBHOOK_SECRET,
        "é" * len(WEBHOOK_SECRET),
    ]
    for n, secret in enumerate(wrong, start=1):
        assert post_update(text_update(n, "hello"), secret=secret).status_code == 403, secret
    assert not InboundEvent.objects.exists() and not telegram.calls
    source = Path(slack_channel.__file__).with_name("telegram.py").read_text()
    assert "hmac.compare_digest(given.encode(), expected.encode())" in source


def test_a_replayed_telegram_update_id_is_dropped_even_with_other_content(
    telegram: FakeTelegram, service: StandInService
) -> None:
    assert post_update(text_update(41, "my head hurts")).status_code == 200
    forged = text_update(41, "ignore that, I am fine")
    assert post_update(forged).status_code == 200
    assert InboundEvent.objects.count() == 1
    assert [text for _, text, _ in service.seen] == ["my head hurts"]


def test_telegram_drops_messages_older_than_it_could_still_be_retrying(
    telegram: FakeTelegram, service: StandInService
) -> None:
    retried = text_update(51, "still feverish")  # Telegram retried for 23 hours: kept
    retried["message"]["date"] = int(time.time()) - 23 * 3600
    replayed = text_update(52, "old message")  # beyond Telegram's 24 h retention: a replay
    replayed["message"]["date"] = int(time.time()) - 27 * 3600
    assert post_update(retried).status_code == 200
    assert post_update(replayed).status_code == 200
    assert [text for _, text, _ in service.seen] == ["still feverish"]
    assert timedelta(hours=24) <= STALE_AFTER


def test_is_stale_only_judges_new_messages() -> None:
    from telegram import Update

    now = datetime(2026, 1, 2, tzinfo=UTC)
    old = int((now - timedelta(days=3)).timestamp())
    message = text_update(1, "hi")
    message["message"]["date"] = old
    assert is_stale(Update.de_json(message, None), now)
    press = {
        "update_id": 2,
        "callback_query": {
            "id": "q",
            "from": {"id": 1, "is_bot": False, "first_name": "A"},
            "chat_instance": "c",
            "data": "answer:yes",
            "message": dict(message["message"]),
        },
    }
    assert not is_stale(Update.de_json(press, None), now)  # a press under an old question


# -- web chat: CSRF ----------------------------------------------------------------------------


def test_web_chat_posts_need_the_csrf_token_and_a_same_origin(service: StandInService) -> None:
    client = Client(enforce_csrf_checks=True)
    page = client.get("/chat/")
    token = client.cookies["csrftoken"].value
    body = json.dumps({"text": "my laptop is slow", "client_id": "c1"})
    missing = client.post("/chat/api/messages", data=body, content_type="application/json")
    wrong = client.post(
        "/chat/api/messages",
        data=body,
        content_type="application/json",
        headers={"X-CSRFToken": "x" * 32},
    )
    cross_site = client.post(
        "/chat/api/messages",
        data=body,
        content_type="application/json",
        headers={"X-CSRFToken": token, "Origin": "https://evil.example"},
    )
    assert page.status_code == 200
    assert (missing.status_code, wrong.status_code, cross_site.status_code) == (403, 403, 403)
    assert not InboundEvent.objects.exists()
    good = client.post(
        "/chat/api/messages",
        data=body,
        content_type="application/json",
        headers={"X-CSRFToken": token, "Origin": "http://testserver"},
    )
    assert good.status_code == 201


def test_a_web_chat_is_readable_only_with_its_token(service: StandInService) -> None:
    client = Client()
    client.get("/chat/")
    created = client.post(
        "/chat/api/messages",
        data={"text": "printer jams"},
        content_type="application/json",
        headers={"X-CSRFToken": client.cookies["csrftoken"].value},
    ).json()
    assert Client().get(f"/chat/api/cases/{created['token']}/messages").status_code == 200
    guess = created["token"][:-1] + ("A" if created["token"][-1] != "A" else "B")
    assert Client().get(f"/chat/api/cases/{guess}/messages").status_code == 404
    assert len(created["token"]) >= 32  # 24 random bytes


# -- rate limits --------------------------------------------------------------------------------


def test_sliding_window_counts_the_previous_window_by_its_overlap(settings: Any) -> None:
    limit = ratelimit.Limit(count=4, window_s=60)
    start = 6000.0  # the start of a window
    assert [ratelimit.hit("k", limit, start + i)[0] for i in range(5)] == [True] * 4 + [False]
    # Half-way through the next window half of the previous one still counts: 2 + new <= 4.
    assert [ratelimit.hit("k", limit, start + 90 + i)[0] for i in range(3)] == [True, True, False]
    # Two windows later nothing is left.
    assert all(ratelimit.hit("k", limit, start + 180 + i)[0] for i in range(4))
    # A refused hit says how long until the window turns over.
    allowed, retry_after = ratelimit.hit("k", limit, start + 190)
    assert not allowed and 49 <= retry_after <= 51


def test_slack_user_over_the_limit_is_told_once_and_not_processed(
    slack: FakeSlack, slack_post: SlackPoster, service: StandInService, settings: Any
) -> None:
    settings.RATELIMIT_USER_COUNT = 3
    for n in range(6):
        response = slack_post.event(dm(f"1700000300.00000{n}", f"message {n}"), f"EvRl{n}")
        assert response.status_code == 200  # acknowledged: Slack must not retry
    assert [text for _, text, _ in service.seen] == ["message 0", "message 1", "message 2"]
    assert InboundEvent.objects.count() == 3
    posted = [c.body["text"] for c in slack.calls_to("chat.postMessage")]
    assert posted.count(ratelimit.SLOW_DOWN) == 1  # one notice per window, not per message
    (notice,) = [
        m for m in OutboundMessage.objects.all() if m.payload.get("kind") == ratelimit.NOTICE_KIND
    ]
    assert notice.status == "sent" and notice.case.external_thread_id.startswith("D0SECURITY:")
    # Slack's retry of a message already stored is not counted (and still dropped once).
    assert (
        slack_post.event(dm("1700000300.000000", "message 0"), "EvRl0", retry_num=1).status_code
        == 200
    )
    assert posted.count(ratelimit.SLOW_DOWN) == 1


def test_a_slash_command_over_the_limit_gets_the_notice_as_its_answer(
    slack: FakeSlack, slack_post: SlackPoster, service: StandInService, settings: Any
) -> None:
    settings.RATELIMIT_USER_COUNT = 1

    def command(trigger: str) -> Any:
        return slack_post.form(
            {
                "team_id": "T0000001",
                "channel_id": CHANNEL,
                "user_id": USER,
                "user_name": "ada",
                "command": "/askfew",
                "text": "vpn down",
                "trigger_id": trigger,
            }
        )

    assert "thread" in command("1.1.a").content.decode()
    refused = command("1.1.b")
    assert refused.status_code == 200
    assert "faster than I can read" in refused.content.decode()
    assert InboundEvent.objects.count() == 1 and len(service.seen) == 1


def test_telegram_user_over_the_limit_is_told_once(
    telegram: FakeTelegram, service: StandInService, settings: Any
) -> None:
    settings.RATELIMIT_USER_COUNT = 2
    for n in range(1, 6):
        assert post_update(text_update(100 + n, f"symptom {n}")).status_code == 200
    assert [text for _, text, _ in service.seen] == ["symptom 1", "symptom 2"]
    texts = [c.params["text"] for c in telegram.calls_to("sendMessage")]
    assert texts.count(ratelimit.SLOW_DOWN) == 1
    assert len(texts) == 3


def test_one_noisy_channel_is_limited_without_touching_others(
    telegram: FakeTelegram, service: StandInService, settings: Any
) -> None:
    settings.RATELIMIT_USER_COUNT = 100
    settings.RATELIMIT_CHANNEL_COUNT = 4
    group, quiet = -1001, -1002
    for n in range(8):  # eight members of one group chat, one message each
        user = {"id": 500 + n, "is_bot": False, "first_name": f"U{n}"}
        post_update(text_update(200 + n, f"group {n}", chat_id=group, user=user))
    post_update(
        text_update(
            300, "quiet chat", chat_id=quiet, user={"id": 900, "is_bot": False, "first_name": "Q"}
        )
    )
    seen = [text for _, text, _ in service.seen]
    assert seen == ["group 0", "group 1", "group 2", "group 3", "quiet chat"]


def test_web_chat_over_the_limit_answers_429_with_the_notice(
    service: StandInService, settings: Any
) -> None:
    settings.RATELIMIT_USER_COUNT = 2
    client = Client()
    client.get("/chat/")
    headers = {"X-CSRFToken": client.cookies["csrftoken"].value}
    first = client.post(
        "/chat/api/messages",
        data={"text": "hi", "client_id": "a"},
        content_type="application/json",
        headers=headers,
    ).json()
    codes = [
        client.post(
            "/chat/api/messages",
            data={"text": f"again {n}", "token": first["token"], "client_id": f"b{n}"},
            content_type="application/json",
            headers=headers,
        )
        for n in range(3)
    ]
    assert [c.status_code for c in codes] == [201, 429, 429]
    assert codes[1].json()["error"] == ratelimit.SLOW_DOWN
    assert 1 <= int(codes[1]["Retry-After"]) <= 60
    assert InboundEvent.objects.count() == 2
    # Another address has its own limit (behind one trusted proxy, X-Forwarded-For says who).
    settings.RATELIMIT_PROXY_HOPS = 1
    other = client.post(
        "/chat/api/messages",
        data={"text": "me too", "client_id": "c"},
        content_type="application/json",
        headers={**headers, "X-Forwarded-For": "203.0.113.9"},
    )
    assert other.status_code == 201


def test_client_address_trusts_only_the_configured_proxies(settings: Any) -> None:
    factory = RequestFactory()
    request = factory.get("/", REMOTE_ADDR="10.0.0.2", HTTP_X_FORWARDED_FOR="6.6.6.6, 198.51.100.7")
    settings.RATELIMIT_PROXY_HOPS = 0
    assert ratelimit.client_address(request) == "10.0.0.2"
    settings.RATELIMIT_PROXY_HOPS = 1
    assert ratelimit.client_address(request) == "198.51.100.7"  # not the forged 6.6.6.6


def test_a_down_cache_lets_messages_through(
    telegram: FakeTelegram, service: StandInService, settings: Any
) -> None:
    import socket

    with socket.socket() as probe:  # a port nothing listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    settings.CACHES = {
        "default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"},
        "down": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": f"redis://127.0.0.1:{port}/0",
            "OPTIONS": {"socket_connect_timeout": 0.5},
        },
    }
    settings.RATELIMIT_CACHE = "down"
    settings.RATELIMIT_USER_COUNT = 1
    for n in range(3):
        assert post_update(text_update(400 + n, f"msg {n}")).status_code == 200
    assert len(service.seen) == 3


# -- console roles on every URL ----------------------------------------------------------------

# Open on purpose: signing in and out, the start page, the web chat (anonymous users; a chat is
# reached only with its unguessable token) and the webhooks (their signature is the check,
# tested above), and the guide pages a conclusion links to (a pack's public documents, nothing
# about any case). /healthz, /readyz and /metrics are answered by middleware, not the URLconf.
PUBLIC = {
    "home",
    "console:login",
    "console:logout",
    "admin:login",
    "admin:logout",
    "bots:webchat",
    "bots:webchat-post",
    "bots:webchat-messages",
    "bots:webchat-transcript",
    "bots:guide",
}
WEBHOOKS = {"bots:slack-events", "bots:telegram-webhook"}


def routes(
    resolver: Any = None, prefix: str = "", namespace: str = "", groups: tuple[str, ...] = ()
) -> Iterator[tuple[str, tuple[str, ...], Any, str]]:
    """(full name, path parameter names, view, route) of every URL pattern in the project."""
    resolver = resolver or get_resolver()
    for entry in resolver.url_patterns:
        pattern = entry.pattern
        names = tuple(getattr(pattern, "converters", {}) or pattern.regex.groupindex)
        if isinstance(entry, URLResolver):
            inner = ":".join(n for n in (namespace, entry.namespace or "") if n)
            yield from routes(entry, prefix + str(pattern), inner, groups + names)
        elif isinstance(entry, URLPattern):
            name = ":".join(n for n in (namespace, entry.name or "") if n) if entry.name else ""
            yield name, groups + names, entry.callback, prefix + str(pattern)


@pytest.fixture
def project_urls(pack: Any, converse: Any) -> list[tuple[str, str, Any]]:
    """(name, concrete path, view) for every URL pattern, with real objects in the path."""
    chat = converse("my laptop does not work", "answer:unsure")
    samples = {
        "case_id": chat.case.pk,
        "pack": "tiny",
        "version_id": pack.current_version_id,
        "doc_id": "tiny:guide",
        "chart": "guide",
        "token": chat.token,
        "object_id": "1",
        "content_type_id": "1",
        "id": "1",
        "app_label": "auth",
        "pk": "1",
    }
    found = []
    for name, params, view, route in routes():
        if not name:
            # Unnamed: the admin's catch-all and its old change-page redirects, which the admin
            # guards like its pages.
            assert route.startswith("admin/"), f"unnamed URL pattern {route!r}"
            if "(?P<url>" in route:
                path = "/admin/nothing-here/"
            else:
                path = "/" + re.sub(r"<(?:\w+:)?(\w+)>", lambda m: str(samples[m[1]]), route)
            found.append((f"admin:unnamed {route}", path, view))
            continue
        kwargs = {p: samples[p] for p in params if p != "url"}
        found.append((name, reverse(name, kwargs=kwargs or None), view))
    assert len(found) > 40  # console, admin and channels
    return found


def test_every_url_is_guarded_or_deliberately_public(
    project_urls: list[tuple[str, str, Any]],
) -> None:
    for name, path, view in project_urls:
        needed = getattr(view, "required_permission", None)
        if name in PUBLIC or name in WEBHOOKS:
            continue
        if name.startswith("admin:"):
            continue  # the admin site checks is_staff itself (next tests)
        assert needed, f"{name} ({path}) is neither wrapped in roles.requires nor allow-listed"


def test_anonymous_visitors_get_nothing_but_a_way_to_sign_in(
    project_urls: list[tuple[str, str, Any]],
    settings: Any,
    service: StandInService,
) -> None:
    settings.SLACK_BOT_TOKEN = "xoxb-1-test"
    settings.SLACK_SIGNING_SECRET = SIGNING_SECRET
    settings.TELEGRAM_WEBHOOK_SECRET = WEBHOOK_SECRET
    client = Client()
    for name, path, _ in project_urls:
        if name in PUBLIC:
            continue
        for method in ("get", "post"):
            response = getattr(client, method)(path)
            code = response.status_code
            if name in WEBHOOKS:
                assert code in (401, 403, 405), (name, method, code)
            elif name.startswith("admin:"):
                assert code == 302 and response["Location"].startswith("/admin/login/"), (
                    name,
                    method,
                    code,
                )
            else:
                assert code in (302, 405), (name, method, code)
                if code == 302:
                    assert response["Location"].startswith("/accounts/login/?next="), name
    assert not InboundEvent.objects.filter(channel__in=["slack", "telegram"]).exists()


def test_signed_in_users_without_a_role_are_refused_everywhere(
    project_urls: list[tuple[str, str, Any]],
    nobody: Any,
    operator: Any,
) -> None:
    for user in (nobody, operator):  # an operator is not staff: no admin site either
        client = client_for(user)
        for name, path, _ in project_urls:
            if name in PUBLIC or name in WEBHOOKS:
                continue
            if name.startswith("admin:"):
                response = client.get(path)
                assert response.status_code == 302, (user.username, name)
                assert response["Location"].startswith("/admin/login/")
                continue
            if user is operator:
                continue  # what each role may do is tests/console/test_access.py's business
            for method in ("get", "post"):
                code = getattr(client, method)(path).status_code
                assert code in (403, 405), (name, method, code)


# -- headers, cookies, content security policy -------------------------------------------------


def test_every_page_carries_the_security_headers(
    project_urls: list[tuple[str, str, Any]],
    db: Any,
) -> None:
    admin = make_user("root")
    admin.is_superuser = admin.is_staff = True
    admin.save()
    signed_in = client_for(admin)
    pages = 0
    for name, path, _ in project_urls:
        if name in WEBHOOKS or name.endswith(("-api", "logout")) or name.startswith("admin:"):
            continue
        response = signed_in.get(path)
        if response.status_code != 200 or "html" not in response.get("Content-Type", ""):
            continue
        pages += 1
        csp = response["Content-Security-Policy"]
        assert "script-src 'self'" in csp and "style-src 'self'" in csp, name
        assert "unsafe-inline" not in csp and "frame-ancestors 'none'" in csp
        assert response["X-Frame-Options"] == "DENY"
        assert response["Referrer-Policy"] == "same-origin"
        assert response["X-Content-Type-Options"] == "nosniff"
        assert response["Cache-Control"] == "no-store, private", name
        html = response.content.decode()
        # What the policy would block: inline style attributes and inline scripts.
        assert not re.search(r"\sstyle=", html), name
        assert not re.search(r"<script(?![^>]*\ssrc=)[^>]*>", html), name
        assert not re.search(r"\son[a-z]+=", html), name
    assert pages >= 10
    anonymous = Client().get("/chat/")
    assert "Content-Security-Policy" in anonymous and "Cache-Control" not in anonymous


def test_templates_have_no_inline_script_or_style() -> None:
    templates = [*ROOT.glob("console/templates/**/*.html"), *ROOT.glob("bots/templates/**/*.html")]
    assert len(templates) > 10
    for path in templates:
        html = path.read_text()
        assert "<style" not in html and not re.search(r"\sstyle=", html), path
        assert not re.search(r"<script(?![^>]*\ssrc=)[^>]*>", html), path
        assert not re.search(r"\son[a-z]+=|javascript:", html), path


def test_session_and_csrf_cookies(operator: Any) -> None:
    client = Client()
    client.get("/accounts/login/")
    signed = client.post(
        "/accounts/login/", {"username": "olga", "password": "a-long-test-password-42"}
    )
    assert signed.status_code == 302
    session = signed.cookies["sessionid"]
    assert session["httponly"] and session["samesite"] == "Lax"
    assert 0 < int(session["max-age"]) <= 24 * 3600
    csrf = client.cookies["csrftoken"]
    assert csrf["samesite"] == "Lax"
    assert not csrf["httponly"]  # the web chat's script reads it for X-CSRFToken


def production(tmp_path: Path, **extra: str) -> dict[str, str]:
    env = {
        "PATH": os.environ.get("PATH", ""),
        "HOME": str(tmp_path),
        "DJANGO_SETTINGS_MODULE": "console.settings",
        "PYTHONPATH": str(ROOT),
        "DATA_DIR": str(tmp_path / "data"),
        "DEBUG": "0",
        "SECRET_KEY": "k7Qw-3xZp9Lr2Vt8Nb5Hc1Jd6Fg4Sa0Ye7Ui3Oo9Pm2Lk5Jh8Gf1Dd4Ss6Aa0Zz3Xx",
        "FIELD_ENCRYPTION_KEYS": "Zk1pQ2xWb0FvX3NlY3VyaXR5LXRlc3Qta2V5LTMyYnk=",
        "ALLOWED_HOSTS": "askfew.example.com",
        "DATABASE_URL": "postgres://askfew:pw@db.internal:5432/askfew",
        "METRICS_TOKEN": "Vh3-metrics-scrape-token-for-tests-9Qz",
    }
    env.update(extra)
    return env


def python_in(env: dict[str, str], code: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )


def test_production_cookie_settings(tmp_path: Path) -> None:
    done = python_in(
        production(tmp_path),
        (
            "import json, django; django.setup(); from django.conf import settings as s; "
            "print(json.dumps([s.SESSION_COOKIE_SECURE, s.SESSION_COOKIE_HTTPONLY, "
            "s.SESSION_COOKIE_SAMESITE, s.CSRF_COOKIE_SECURE, s.CSRF_COOKIE_SAMESITE, "
            "s.SESSION_COOKIE_AGE, s.X_FRAME_OPTIONS, s.SECURE_HSTS_SECONDS > 0, "
            "s.CACHES['default']['BACKEND']]))"
        ),
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout.splitlines()[-1]) == [
        True,
        True,
        "Lax",
        True,
        "Lax",
        12 * 3600,
        "DENY",
        True,
        "django.core.cache.backends.locmem.LocMemCache",
    ]
    redis = python_in(
        production(tmp_path, REDIS_URL="redis://redis.internal:6379/0"),
        (
            "import django; django.setup(); from django.conf import settings as s; "
            "print(s.CACHES['default']['BACKEND'])"
        ),
    )
    assert redis.stdout.strip().endswith("RedisCache"), redis.stderr


# -- secrets only from the environment ---------------------------------------------------------


def test_production_refuses_placeholder_or_unusable_secrets(tmp_path: Path) -> None:
    base = dict(production(tmp_path))
    assert secret_problems(base) == []
    cases = {
        "SECRET_KEY must be set": {"SECRET_KEY": ""},
        "SECRET_KEY looks like a placeholder": {
            "SECRET_KEY": "change-me-to-50-or-more-random-characters-python-c-import-secrets"
        },
        "shorter than 32": {"SECRET_KEY": "s3cr3t-but-short"},
        "Slack's requests could not be verified": {"SLACK_BOT_TOKEN": "xoxb-1-2-abc"},
        "must be a bot token": {"SLACK_BOT_TOKEN": "xapp-1-2", "SLACK_SIGNING_SECRET": "f" * 32},
        "TELEGRAM_WEBHOOK_SECRET must be": {"TELEGRAM_WEBHOOK_SECRET": "short"},
        "is a placeholder": {"METRICS_TOKEN": "change-me"},
        "METRICS_TOKEN must be set": {"METRICS_TOKEN": ""},
    }
    for expected, change in cases.items():
        problems = secret_problems({**base, **change})
        assert any(expected in p for p in problems), (expected, problems)
    # The settings refuse to load with one of them: the process does not start.
    done = subprocess.run(
        [sys.executable, "manage.py", "check"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        env=production(tmp_path, SLACK_BOT_TOKEN="xoxb-1-2-abc"),
    )
    assert done.returncode != 0
    assert "refusing to start" in done.stderr and "SLACK_SIGNING_SECRET" in done.stderr


def _pattern(*parts: str) -> re.Pattern[str]:
    # Assembled from parts so that this file does not match its own patterns.
    return re.compile("".join(parts))


SECRET_PATTERNS = {
    "Slack bot token": _pattern(r"xox", r"b-\d{6,}-\d{6,}-[A-Za-z0-9]{16,}"),
    "Slack app token": _pattern(r"xap", r"p-\d-[A-Z0-9]{8,}-\d{6,}-[a-f0-9]{32,}"),
    "Slack user token": _pattern(r"xox", r"[pas]-\d{6,}-\d{6,}-[A-Za-z0-9-]{16,}"),
    "Telegram bot token": _pattern(r"\b\d{8,10}", r":AA[A-Za-z0-9_-]{33}\b"),
    "private key": _pattern(r"-----BEGIN ([A-Z]+ )?PRIV", r"ATE KEY-----"),
    "AWS access key": _pattern(r"\bAKI", r"A[0-9A-Z]{16}\b"),
    "OpenAI key": _pattern(r"\bsk-", r"(proj-)?[A-Za-z0-9]{40,}\b"),
}
# Test fixtures with fake credentials in real formats (none today; list a file here only
# with its fake values reviewed).
FIXTURES: set[str] = set()


def tracked_files() -> list[str]:
    done = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, timeout=60)
    if done.returncode != 0:
        pytest.skip("not a git checkout")
    return [p for p in done.stdout.decode().split("\0") if p]


def test_no_secrets_in_tracked_files() -> None:
    found = []
    files = tracked_files()
    for rel in files:
        path = ROOT / rel
        if rel in FIXTURES or not path.is_file() or path.stat().st_size > 5_000_000:
            continue
        text = path.read_bytes()[:5_000_000].decode("utf-8", errors="ignore")
        for kind, pattern in SECRET_PATTERNS.items():
            for match in pattern.finditer(text):
                found.append(f"{rel}: {kind} {match.group(0)[:12]}...")
    assert len(files) > 100
    assert not found, found


def test_the_secret_patterns_catch_real_looking_secrets() -> None:
    samples = {
        "Slack bot token": "xox" + "b-123456789012-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx",
        "Slack app token": "xap" + "p-1-A0123ABCDEF-1234567890123-" + "ab12" * 16,
        "Telegram bot token": "123456789:AA" + "Hdqwe_ZxcvbnmAsdfghjklQwertyuiop1",
        "private key": "-----BEGIN RSA PRIV" + "ATE KEY-----",
    }
    for kind, sample in samples.items():
        assert SECRET_PATTERNS[kind].search(f"token = {sample}\n"), kind
    # The fakes the tests use are not mistaken for real ones.
    for fake in ("xoxb-1-test", "123456:TEST-token", "700000001:loadtest-token"):
        assert not any(p.search(fake) for p in SECRET_PATTERNS.values()), fake


# -- /metrics ----------------------------------------------------------------------------------


def test_metrics_take_the_bearer_token_when_one_is_set(settings: Any) -> None:
    settings.METRICS_TOKEN = "m3tr1cs-token-for-tests"
    client = Client()
    assert client.get("/metrics").status_code == 401
    assert client.get("/metrics", headers={"Authorization": "Bearer nope"}).status_code == 401
    ok = client.get("/metrics", headers={"Authorization": "Bearer m3tr1cs-token-for-tests"})
    assert ok.status_code == 200 and b"askfew" in ok.content
    assert client.post("/metrics").status_code == 405


# -- dependency audit --------------------------------------------------------------------------


class FakeOSV:
    """An OSV-compatible /v1/query on loopback that knows one advisory."""

    def __init__(self, vulnerable: str = "") -> None:
        self.vulnerable = vulnerable
        self.queries: list[dict[str, Any]] = []
        fake = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, format: str, *args: Any) -> None:
                pass

            def do_POST(self) -> None:
                query = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                fake.queries.append(query)
                name = query["package"]["name"]
                body: dict[str, Any] = {}
                if name == fake.vulnerable:
                    body = {
                        "vulns": [
                            {
                                "id": "GHSA-test-0000-0001",
                                "summary": "a test advisory",
                                "affected": [
                                    {
                                        "package": {"name": name, "ecosystem": "PyPI"},
                                        "ranges": [
                                            {
                                                "type": "ECOSYSTEM",
                                                "events": [{"introduced": "0"}, {"fixed": "999.0"}],
                                            }
                                        ],
                                    }
                                ],
                            }
                        ]
                    }
                data = json.dumps(body).encode()
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/v1/query"

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


def audit(**env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(ROOT / "bin" / "audit")],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        env={**os.environ, **env},
    )


@pytest.mark.skipif(
    not (ROOT / ".venv" / "bin" / "pip-audit").exists(),
    reason="needs pip-audit in .venv (bin/setup installs the dev extra)",
)
def test_the_audit_fails_on_a_known_vulnerability_and_warns_when_it_cannot_look() -> None:
    osv = FakeOSV(vulnerable="django")
    try:
        found = audit(AUDIT_OSV_URL=osv.url)
    finally:
        osv.close()
    assert found.returncode == 1, found.stdout + found.stderr
    assert "GHSA-test-0000-0001" in found.stdout and "django" in found.stdout
    assert "fixed in 999.0" in found.stdout
    assert {q["package"]["name"] for q in osv.queries} >= {"django", "slack-bolt", "celery"}

    clean_osv = FakeOSV()
    try:
        clean = audit(AUDIT_OSV_URL=clean_osv.url)
    finally:
        clean_osv.close()
    assert clean.returncode == 0, clean.stdout + clean.stderr
    assert "no known vulnerabilities" in clean.stdout
    assert "uv.lock is in sync" in clean.stdout and "consistent (pip check)" in clean.stdout

    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        closed = f"http://127.0.0.1:{probe.getsockname()[1]}/v1/query"
    unreachable = audit(AUDIT_OSV_URL=closed)
    assert unreachable.returncode == 0
    assert "WARNING: audit: vulnerability advisories could not be fetched" in (unreachable.stdout)
    assert audit(AUDIT_OSV_URL=closed, AUDIT_STRICT="1").returncode == 1


def test_ci_runs_the_audit_before_pytest() -> None:
    script = (ROOT / "bin" / "test").read_text()
    assert script.index("bin/audit") < script.index("exec pytest")


# -- the policy in a real browser ---------------------------------------------------------------

CHROMIUM = Path("/usr/bin/chromium")


@pytest.mark.browser
@pytest.mark.skipif(not CHROMIUM.exists(), reason="needs /usr/bin/chromium")
@pytest.mark.django_db(transaction=True)
def test_the_console_runs_under_its_policy_in_a_browser(
    live_server: Any, pack: Any, converse: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Chromium reports every blocked script or style on the console: none may be blocked,
    and the bars the policy forced into SVG still draw."""
    sync_api = pytest.importorskip("playwright.sync_api")
    from tests.console.conftest import PASSWORD

    monkeypatch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")  # ORM beside Playwright's loop
    root = make_user("root")
    root.is_superuser = root.is_staff = True
    root.save()
    case = converse("my laptop does not work", "answer:yes", "answer:unsure").case
    base = live_server.url
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=str(CHROMIUM), args=["--no-sandbox", "--disable-gpu"]
        )
        page = browser.new_page()
        page.set_default_timeout(15000)
        refused: list[str] = []
        page.on(
            "console",
            lambda m: refused.append(m.text) if "Content Security Policy" in m.text else None,
        )
        page.goto(f"{base}/accounts/login/")
        page.fill("#id_username", "root")
        page.fill("#id_password", PASSWORD)
        page.click("form.stacked button[type=submit]")
        page.wait_for_url(f"{base}/")
        for path in (
            f"/cases/{case.pk}/",
            "/dashboard/",
            "/knowledge/tiny/",
            "/queue/",
            "/admin/",
            "/chat/",
        ):
            page.goto(f"{base}{path}")
            page.wait_for_load_state("load")
        page.goto(f"{base}/cases/{case.pk}/")
        widths = page.eval_on_selector_all(
            "svg.bar rect", "rs => rs.map(r => r.getBoundingClientRect().width)"
        )
        # An injected inline script is refused (the check that the policy is really on).
        page.evaluate(
            "() => { const s = document.createElement('script'); "
            "s.textContent = 'window.injected = 1'; document.body.appendChild(s); }"
        )
        injected = page.evaluate("() => window.injected === 1")
        browser.close()
    assert not injected
    assert any("script" in r for r in refused)  # the injected one, and only that:
    assert [r for r in refused if "inline script" not in r or "style" in r] == [], refused
    assert len(refused) == 1, refused
    assert widths and max(widths) > 0
