"""Adversarial requests at the doors (issue 21's suite): mis-signed, stale, replayed and
oversized Slack and Telegram webhooks; open redirects on ?next=; what users wrote kept out of
INFO log lines. Each attempt is counted in the tried/held table."""

# ruff: noqa: F811

from __future__ import annotations

import json
import logging
import time
from typing import Any

import pytest
from django.test import Client

from bots.models import InboundEvent
from loopback.slack import signed_headers
from loopback.telegram import text_update
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
from tests.console.conftest import PASSWORD, make_user
from tests.security.tally import record

pytestmark = pytest.mark.django_db


def slack_body(ts: str, text: str = "my vpn is down") -> bytes:
    return json.dumps({
        "type": "event_callback", "team_id": "T0000001", "api_app_id": "A0000001",
        "event_id": f"Ev{ts}", "event_time": 1700000000,
        "event": {"type": "message", "channel_type": "im", "user": "U0ADV", "text": text,
                  "ts": ts, "channel": "D0ADV"},
    }).encode()


def test_slack_webhook_attacks(slack_post: SlackPoster, service: StandInService,
                               settings: Any) -> None:
    client = Client()
    body = slack_body("1700000001.000100")
    attacks = {
        "wrong signing secret": slack_post.raw(body, "application/json", secret="x" * 32),
        "stale timestamp (10 min)": slack_post.raw(body, "application/json",
                                                   timestamp=int(time.time()) - 600),
        "future timestamp (10 min)": slack_post.raw(body, "application/json",
                                                    timestamp=int(time.time()) + 600),
        "no signature": client.post("/slack/events", data=body, content_type="application/json",
                                    headers={"X-Slack-Request-Timestamp": str(int(time.time()))}),
        "signature of another body": client.post(
            "/slack/events", data=slack_body("1700000002.000100", "other"),
            content_type="application/json",
            headers=signed_headers(SIGNING_SECRET, body, None)),
    }
    for name, response in attacks.items():
        assert record("Slack webhooks", name, response.status_code in (401, 403)), (
            name, response.status_code)
    assert not InboundEvent.objects.exists()
    big = slack_body("1700000003.000100", "x" * (settings.DATA_UPLOAD_MAX_MEMORY_SIZE + 10))
    assert record("Slack webhooks", "oversized body",
                  slack_post.raw(big, "application/json").status_code == 413)
    first = slack_post.raw(body, "application/json")
    replay = slack_post.raw(body, "application/json", **{"X-Slack-Retry-Num": "1"})
    held = first.status_code == replay.status_code == 200 and InboundEvent.objects.count() == 1
    assert record("Slack webhooks", "replayed event processed once", held)


def test_telegram_webhook_attacks(telegram: Any, service: StandInService, settings: Any) -> None:
    def post(body: bytes, secret: str | None = WEBHOOK_SECRET) -> Any:
        headers = {"X-Telegram-Bot-Api-Secret-Token": secret} if secret is not None else {}
        return Client().post("/telegram/webhook", data=body, content_type="application/json",
                             headers=headers)

    body = json.dumps(text_update(9001, "my head hurts")).encode()
    for name, secret in [("no secret", None), ("wrong secret", "x" * 32),
                         ("secret with a prefix", WEBHOOK_SECRET[:-1])]:
        assert record("Telegram webhooks", name, post(body, secret).status_code == 403)
    big = json.dumps(text_update(9002, "x" * (settings.DATA_UPLOAD_MAX_MEMORY_SIZE + 10)))
    assert record("Telegram webhooks", "oversized body", post(big.encode()).status_code == 413)
    stale = text_update(9003, "old news")
    stale["message"]["date"] = int(time.time()) - 3 * 86400
    post(json.dumps(stale).encode())
    first, replay = post(body), post(body)
    held = first.status_code == replay.status_code == 200 and InboundEvent.objects.count() == 1
    assert record("Telegram webhooks", "replayed update and stale message dropped", held)


@pytest.mark.parametrize("target", [
    "https://evil.example/", "//evil.example/", "/\\evil.example/", "https:evil.example",
    "\\\\evil.example", "javascript:alert(1)",
])
def test_no_open_redirect_after_sign_in(target: str, settings: Any) -> None:
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    make_user("olga", "operator")
    client = Client()
    response = client.post(f"/accounts/login/?next={target}",
                           {"username": "olga", "password": PASSWORD, "next": target})
    location = response.get("Location", "")
    held = response.status_code == 302 and location.startswith("/") and not location.startswith(
        ("//", "/\\"))
    assert record("open redirects", f"?next={target}", held), location


def test_info_logs_carry_no_message_text_or_user_ids(
    telegram: Any, service: StandInService, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO)
    secret_words = "zanzibar-quokka my chest hurts"
    user_id = 731946285
    update = text_update(9100, secret_words, chat_id=user_id,
                         user={"id": user_id, "is_bot": False, "first_name": "Q"})
    Client().post("/telegram/webhook", data=json.dumps(update), content_type="application/json",
                  headers={"X-Telegram-Bot-Api-Secret-Token": WEBHOOK_SECRET})
    web = Client()
    web.get("/chat/")
    web.post("/chat/api/messages", data={"text": "quokka-web words"},
             content_type="application/json",
             headers={"X-CSRFToken": web.cookies["csrftoken"].value})
    from console.observability.redact import RedactFilter

    lines = []
    for rec in caplog.records:
        RedactFilter().filter(rec)  # what the configured handler writes
        lines.append(rec.getMessage())
    text = "\n".join(lines)
    assert record("log lines", "message text at INFO", "quokka" not in text), text[:500]
    assert record("log lines", "platform user id at INFO", str(user_id) not in text)
