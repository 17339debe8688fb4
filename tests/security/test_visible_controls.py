"""Bidi and other invisible controls already stored are shown to operators as visible markers
(console.visible_controls), in pages, the pages' JSON and exports; the web chat's visitors
(not signed in) are served what was stored."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from bots.messages import INVISIBLE
from console.visible_controls import neutralise
from tests.console.conftest import client_for, converse, operator, pack  # noqa: F401
from tests.security.tally import record

pytestmark = pytest.mark.django_db

SPOOF = "invoice\u202egnp.exe\u202c \u2066x\u2069\u200f\ufeff"


def test_every_invisible_control_gets_a_visible_marker() -> None:
    shown = neutralise(SPOOF)
    assert not INVISIBLE.search(shown)
    assert shown == "invoice[U+202E]gnp.exe[U+202C] [U+2066]x[U+2069][U+200F][U+FEFF]"


def test_stored_controls_reach_operators_as_markers(
    operator: Any, converse: Any  # noqa: F811
) -> None:
    from bots.models import Turn
    from console.models import CaseNote

    case = converse("my laptop is dead").case
    turn = Turn.objects.filter(case=case, role="user").first()
    turn.text = SPOOF
    turn.save(update_fields=["text"])
    case.user_display = SPOOF
    case.save(update_fields=["user_display"])
    CaseNote.objects.create(case=case, author=operator, text=SPOOF)
    client = client_for(operator)
    for path in (f"/cases/{case.pk}/", f"/cases/{case.pk}/api/", "/cases/api/", "/queue/api/",
                 "/cases/"):
        response = client.get(path)
        assert response.status_code == 200, path
        body = response.content.decode()
        raw = bool(INVISIBLE.search(body)) or "\\u202e" in body.lower()
        assert record("bidi shown to operators", f"stored U+202E in {path} (Django client)",
                      not raw), path
    page = client.get(f"/cases/{case.pk}/").content.decode()
    assert "[U+202E]" in page


def test_anonymous_responses_are_left_alone() -> None:
    response = Client().get("/chat/")
    assert response.status_code == 200
