"""Privacy of transcripts (issue 25): no-store on every transcript response, the page's own
poll carries the token in a header, another browser's token gets nothing, and every web chat
refusal (CSRF included) is JSON the page can show."""

# ruff: noqa: F811

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from tests.channels.conftest import StandInService, service  # noqa: F401  (fixture)
from tests.security.tally import record

pytestmark = pytest.mark.django_db


def open_chat() -> tuple[Client, str]:
    client = Client(enforce_csrf_checks=True)
    client.get("/chat/")
    response = client.post(
        "/chat/api/messages", data={"text": "I feel dizzy", "client_id": "p1"},
        content_type="application/json",
        headers={"X-CSRFToken": client.cookies["csrftoken"].value},
    )
    assert response.status_code == 201
    assert record("transcript privacy", "POST says no-store",
                  "no-store" in response["Cache-Control"])
    return client, response.json()["token"]


def test_transcripts_say_no_store_and_travel_by_header(service: StandInService) -> None:
    client, token = open_chat()
    by_header = client.get("/chat/api/transcript?after=0", headers={"X-Chat-Token": token})
    by_path = client.get(f"/chat/api/cases/{token}/messages?after=0")  # older clients, probes
    for name, response in [("header poll", by_header), ("path poll", by_path)]:
        assert response.status_code == 200
        assert record("transcript privacy", f"{name} says no-store",
                      "no-store" in response["Cache-Control"])
    assert by_header.json()["messages"] == by_path.json()["messages"]
    page = client.get("/chat/").content.decode()
    assert record("transcript privacy", "page polls without the token in the URL",
                  'data-messages-url="/chat/api/transcript"' in page)


def test_another_browsers_token_gets_nothing(service: StandInService) -> None:
    _, token = open_chat()
    stranger = Client()
    for guess in [token[:-1] + ("A" if token[-1] != "A" else "B"), token.lower(), "x" * 32]:
        response = stranger.get("/chat/api/transcript", headers={"X-Chat-Token": guess})
        assert record("web chat tokens", "guessed token read", response.status_code == 404)
        assert "no-store" in response["Cache-Control"]
    posted = stranger.post("/chat/api/messages", data={"text": "hi", "token": token[:-2] + "zz"},
                           content_type="application/json")
    assert record("web chat tokens", "write to a guessed token", posted.status_code == 404)


def test_every_web_chat_refusal_is_json(service: StandInService, settings: Any) -> None:
    client = Client(enforce_csrf_checks=True)
    client.get("/chat/")
    refusals = {
        "csrf missing": client.post("/chat/api/messages", data={"text": "x"},
                                    content_type="application/json"),
        "bad json": client.post("/chat/api/messages", data="{", content_type="application/json",
                                headers={"X-CSRFToken": client.cookies["csrftoken"].value}),
        "no token header": client.get("/chat/api/transcript"),
        "unknown token": client.get("/chat/api/cases/" + "q" * 32 + "/messages"),
    }
    for name, response in refusals.items():
        held = response.status_code >= 400 and response["Content-Type"].startswith(
            "application/json") and bool(response.json().get("error"))
        assert record("web chat refusals are JSON", name, held), response.content[:200]
