"""Fixtures for the production-profile tests: requirement checks, a loopback Slack wired into
settings, and the it-laptop example pack in the test database."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.test import Client

from ops.loadtest import postgres, redis_server
from ops.loadtest.capture import Captured, capturing_slack
from ops.loadtest.users import SlackUser

SIGNING_SECRET = "production-tests-signing-secret"
SLACK_TOKEN = "xoxb-production-tests"
ROOT = Path(__file__).resolve().parents[2]


def require_stack() -> None:
    """Skip unless PostgreSQL, redis-server and the shared datasets are all here."""
    for reason in (postgres.missing_reason(), redis_server.missing_reason()):
        if reason:
            pytest.skip(reason)
    datasets = Path(settings.DATASETS_DIR)
    if not (datasets / "flodial").is_dir() or not (datasets / "ddxplus").is_dir():
        pytest.skip(f"the shared datasets (flodial, ddxplus) are not in {datasets}")


@pytest.fixture
def it_pack(settings: Any, tmp_path: Path, db: None) -> str:
    """The it-laptop example pack imported into the test database (embedded search in tmp)."""
    from knowledge.datasets.common import DatasetError
    from knowledge.packs.importers import build_example_pack
    from knowledge.packs.store import import_pack
    from knowledge.packs.validate import validate_pack

    settings.SEARCH_BACKEND = "embedded"
    settings.SEARCH_INDEX_DIR = tmp_path / "search"
    try:
        pack = build_example_pack("it-laptop", settings.DATASETS_DIR)
    except DatasetError as exc:
        pytest.skip(f"example pack it-laptop cannot be built: {exc}")
    import_pack(validate_pack(pack, check_schema=False), replace=True)
    return "it-laptop"


class SlackSession:
    """A simulated Slack user talking to the in-process app through the signed webhook."""

    def __init__(self, replies: list[Captured]) -> None:
        import random

        self.client = Client()
        self.replies = replies
        self.user = SlackUser(7, random.Random(7), signing_secret=SIGNING_SECRET,
                              typed_share=0.0)
        self.user.new_conversation()

    def send(self, request: Any) -> Captured:
        before = len(self.replies)
        response = self.client.post(request.path, data=request.body,
                                    content_type=request.content_type,
                                    headers=request.headers)
        response.close()  # as a WSGI server does: runs the turn deferred until after the ack
        assert response.status_code == 200, response.content
        assert len(self.replies) == before + 1, "expected exactly one reply per message"
        return self.replies[-1]

    def open(self, text: str) -> Captured:
        return self.send(self.user.opening(text))

    def press_an_answer(self, reply: Captured) -> Captured | None:
        choice = self.user.choose(reply)
        if choice is None:
            return None
        return self.send(self.user.answer(reply, choice))


@pytest.fixture
def slack_session(settings: Any) -> Iterator[SlackSession]:
    replies: list[Captured] = []
    with capturing_slack(replies.append, SLACK_TOKEN) as fake:
        settings.SLACK_BOT_TOKEN = SLACK_TOKEN
        settings.SLACK_SIGNING_SECRET = SIGNING_SECRET
        settings.SLACK_API_URL = fake.url
        settings.SLACK_APP_TOKEN = ""
        yield SlackSession(replies)


def json_lines(text: str) -> list[dict[str, Any]]:
    """Every line of a log stream as JSON (a line that is not JSON fails the test)."""
    entries = []
    for line in text.splitlines():
        if line.strip():
            entries.append(json.loads(line))
    return entries


