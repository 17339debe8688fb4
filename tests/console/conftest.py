"""Fixtures for the console tests: a small pack, users in each role, and real conversations.

Cases are made the way production makes them: messages go through the web chat runtime
(``bots.inbox.accept``) to the real conversation service on the pack imported here.
"""

from __future__ import annotations

import copy
import secrets
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client

from bots.models import Case
from console.roles import ADMIN, KNOWLEDGE_EDITOR, OPERATOR, ensure_roles, grant
from tests.knowledge.conftest import TINY_PACK

PASSWORD = "a-long-test-password-42"


def console_pack() -> dict[str, Any]:
    """The knowledge tests' tiny pack with a third cause, so questions have something to do."""
    pack = copy.deepcopy(TINY_PACK)
    network = pack["network"]
    network["hypotheses"].append(
        {"id": "h-screen", "name": "Broken screen", "resolution": "Replace the panel.",
         "citations": [{"passage_id": "tiny:notes#0"}]}
    )
    network["findings"].append(
        {"id": "q3", "question": "Is the screen black?", "states": ["yes", "no"],
         "citations": [{"passage_id": "tiny:notes#0"}]}
    )
    network["links"] += [
        {"hypothesis": "h-screen", "finding": "q3",
         "masses": [{"states": ["yes"], "mass": 0.8}, {"states": ["no", "yes"], "mass": 0.2}],
         "citations": [{"passage_id": "tiny:notes#0", "document_id": "tiny:notes"}]},
        {"hypothesis": "h-dead", "finding": "q3",
         "masses": [{"states": ["yes"], "mass": 0.6}, {"states": ["no", "yes"], "mass": 0.4}]},
        {"hypothesis": "h-screen", "finding": "q1",
         "masses": [{"states": ["yes"], "mass": 0.9}, {"states": ["no", "yes"], "mass": 0.1}]},
    ]
    pack["routing"]["groups"][0]["hypotheses"].append("h-screen")
    return pack


@pytest.fixture
def pack(settings: Any, tmp_path: Any) -> Any:
    """The pack, imported (its documents into a throwaway embedded index)."""
    from knowledge.models import Pack
    from knowledge.packs.store import import_pack

    settings.SEARCH_BACKEND = "embedded"
    settings.SEARCH_INDEX_DIR = tmp_path / "search"
    import_pack(console_pack())
    return Pack.objects.select_related("current_version").get(name="tiny")


def make_user(username: str, *roles: str) -> User:
    ensure_roles()
    user = User.objects.create_user(username, f"{username}@example.org", PASSWORD)
    if roles:
        grant(user, *roles)
    return user


@pytest.fixture
def operator(db: Any) -> User:
    return make_user("olga", OPERATOR)


@pytest.fixture
def editor(db: Any) -> User:
    return make_user("ed", KNOWLEDGE_EDITOR)


@pytest.fixture
def admin_user(db: Any) -> User:
    return make_user("ada", ADMIN)


@pytest.fixture
def nobody(db: Any) -> User:
    return make_user("nora")


def client_for(user: User) -> Client:
    client = Client()
    client.force_login(user)
    return client


@dataclass
class Conversation:
    token: str
    case: Case


@pytest.fixture
def converse(pack: Any) -> Callable[..., Conversation]:
    """Play a web chat conversation: the complaint, then button payloads; returns the case."""
    from bots import inbox
    from bots.messages import Inbound

    def play(complaint: str, *buttons: str) -> Conversation:
        token = secrets.token_urlsafe(24)
        messages = [(complaint, "")] + [("", b) for b in buttons]
        for i, (text, button) in enumerate(messages):
            inbox.accept(
                Inbound(
                    channel="web",
                    event_id=f"web:{token}:{uuid.uuid4().hex}",
                    thread_id=token,
                    text=text or button,
                    button=button,
                    pack="tiny" if i == 0 else "",
                    meta={"new": i == 0},
                ),
                limit=False,
            )
        case = Case.objects.get(channel="web", external_thread_id=token)
        return Conversation(token, case)

    return play


def answer_all(answer: str, n: int = 4) -> tuple[str, ...]:
    return tuple(f"answer:{answer}" for _ in range(n))
