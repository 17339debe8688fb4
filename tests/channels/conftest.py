"""Fixtures for the channel tests: loopback Slack and Telegram APIs wired into settings, a
stand-in conversation service, and the example packs for full conversations."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from django.test import Client

from bots.runtime import Answered
from loopback.slack import FakeSlack, signed_headers
from loopback.telegram import FakeTelegram

SIGNING_SECRET = "8f742231b10e8888abcd99yyyzzz85a5"
WEBHOOK_SECRET = "telegram-secret_token-123"


@pytest.fixture
def slack(settings: Any) -> Iterator[FakeSlack]:
    with FakeSlack(token="xoxb-1-test") as fake:
        settings.SLACK_BOT_TOKEN = fake.token
        settings.SLACK_SIGNING_SECRET = SIGNING_SECRET
        settings.SLACK_API_URL = fake.url
        settings.SLACK_APP_TOKEN = ""
        yield fake


@pytest.fixture
def telegram(settings: Any) -> Iterator[FakeTelegram]:
    with FakeTelegram() as fake:
        settings.TELEGRAM_BOT_TOKEN = fake.token
        settings.TELEGRAM_WEBHOOK_SECRET = WEBHOOK_SECRET
        settings.TELEGRAM_API_URL = fake.url
        yield fake
        from bots.channels.telegram import close_runners

        close_runners()


class SlackPoster:
    """Signs and POSTs requests to /slack/events as Slack does."""

    def __init__(self, client: Client) -> None:
        self.client = client

    def event(self, event: dict[str, Any], event_id: str, retry_num: int | None = None,
              **headers: str) -> Any:
        body = json.dumps({
            "token": "legacy-verification-token",
            "team_id": "T0000001",
            "api_app_id": "A0000001",
            "type": "event_callback",
            "event_id": event_id,
            "event_time": 1700000000,
            "event": event,
            "authorizations": [{"team_id": "T0000001", "user_id": "UBOT0001", "is_bot": True}],
        }).encode()
        extra = dict(headers)
        if retry_num is not None:
            extra["X-Slack-Retry-Num"] = str(retry_num)
            extra["X-Slack-Retry-Reason"] = "http_timeout"
        return self.raw(body, "application/json", **extra)

    def form(self, fields: dict[str, str]) -> Any:
        from urllib.parse import urlencode

        return self.raw(urlencode(fields).encode(), "application/x-www-form-urlencoded")

    def raw(self, body: bytes, content_type: str, secret: str = SIGNING_SECRET,
            timestamp: int | None = None, **headers: str) -> Any:
        signed = signed_headers(secret, body, timestamp)
        signed.update(headers)
        # The test client closes the response as a WSGI server does once it has sent it, which
        # runs the work the view deferred until after the ack.
        return self.client.post("/slack/events", data=body, content_type=content_type,
                                headers=signed)


@pytest.fixture
def slack_post(slack: FakeSlack) -> SlackPoster:
    return SlackPoster(Client())


# -- a stand-in conversation service --------------------------------------------------------------
# The channel tests check verification, threading, rendering, de-duplication and delivery; a
# two-turn stand-in keeps them fast and makes what the service was given visible. The full
# conversations (test_slack, test_telegram, test_webchat) run the real bots.service.

BUTTONS = [
    {"label": "Yes", "payload": "answer:yes"},
    {"label": "No", "payload": "answer:no"},
    {"label": "Not sure", "payload": "answer:unsure"},
    {"label": "Why?", "payload": "why"},
]


class StandInService:
    """Asks one yes/no question, concludes on the answer; records what it was given."""

    def __init__(self) -> None:
        self.seen: list[tuple[int, str, str]] = []  # (case id, text, button)
        self.fail_on: str = ""

    def __call__(self, received: Any, case: Any) -> Answered:
        self.seen.append((case.pk, received.text, received.button))
        if self.fail_on and received.text == self.fail_on:
            raise RuntimeError("stand-in service failure")
        if received.button.startswith("answer:"):
            case.status = "concluded"
            case.save(update_fields=["status"])
            return Answered({"role": "bot", "parts": ["Most likely: the Wi-Fi switch is off."],
                             "buttons": [], "kind": "conclusion", "status": "concluded"})
        return Answered({"role": "bot", "parts": [f"Noted: {received.text}",
                                                  "Is the Wi-Fi switch on?"],
                         "buttons": BUTTONS, "kind": "question", "status": "active"})


@pytest.fixture
def service(monkeypatch: pytest.MonkeyPatch) -> StandInService:
    stand_in = StandInService()
    monkeypatch.setattr("bots.runtime._reply_for", stand_in)
    return stand_in


# -- example packs for full conversations ------------------------------------------------------

_BUILT: dict[str, Any] = {}


def built_pack(name: str) -> Any:
    """An example pack built from the shared datasets once per test session (a ValidPack)."""
    if name not in _BUILT:
        from django.conf import settings

        from knowledge.datasets.common import DatasetError
        from knowledge.packs.importers import build_example_pack
        from knowledge.packs.validate import validate_pack

        try:
            pack = build_example_pack(name, settings.DATASETS_DIR)
        except DatasetError as exc:
            pytest.skip(f"example pack {name} cannot be built: {exc}")
        _BUILT[name] = validate_pack(pack, source=f"example pack {name}", check_schema=False)
    return _BUILT[name]


@pytest.fixture
def import_example(settings: Any, tmp_path: Any) -> Any:
    """Import an example pack into the test database (its documents into a throwaway index)."""
    from knowledge.packs.store import import_pack

    settings.SEARCH_BACKEND = "embedded"
    settings.SEARCH_INDEX_DIR = tmp_path / "search"

    def load(name: str) -> Any:
        valid = built_pack(name)
        # replace=True: another suite may have imported the same pack already (a no-op then).
        import_pack(valid, replace=True)
        return valid

    return load


def plausible_state(network: dict[str, Any], hypothesis: str, finding: str) -> str | None:
    """The state a user with ``hypothesis`` gives for ``finding`` (None: the pack says nothing,
    the user is not sure): the singleton with the most mass in the pack's link."""
    for link in network["links"]:
        if link["hypothesis"] == hypothesis and link["finding"] == finding:
            singles = [m for m in link["masses"] if len(m["states"]) == 1]
            if singles:
                return str(max(singles, key=lambda m: m["mass"])["states"][0])
    return None


def answer_button(buttons: list[dict[str, Any]], state: str | None) -> int:
    """Index of the button a user whose true answer is ``state`` presses."""
    payloads = [b["payload"] for b in buttons]
    if state is not None and f"answer:{state}" in payloads:
        return payloads.index(f"answer:{state}")
    return payloads.index("answer:unsure")
