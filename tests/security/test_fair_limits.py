"""Fair limits (issue 25): a crowd of senders, each under its own limit, cannot use up a budget
that everyone else needs, new chats per address are limited, and X-Forwarded-For from a client
is not a way around them. Real requests through the web chat view, with the default numbers.
"""

# ruff: noqa: F811

from __future__ import annotations

import itertools
from typing import Any

import pytest
from django.test import Client

from bots import ratelimit
from bots.models import Case
from tests.channels.conftest import StandInService, service  # noqa: F401  (fixture)
from tests.security.tally import record

pytestmark = pytest.mark.django_db


BROWSERS = itertools.count(1)


class Visitor:
    """One browser: its own cookie jar, CSRF token and chat token, from one address."""

    def __init__(self, address: str, forwarded: str = "") -> None:
        self.client = Client(REMOTE_ADDR=address)
        self.client.get("/chat/")
        self.headers = {"X-CSRFToken": self.client.cookies["csrftoken"].value}
        if forwarded:
            self.headers["X-Forwarded-For"] = forwarded
        self.token = ""
        self.n = 0
        self.prefix = f"v{next(BROWSERS)}"

    def say(self, text: str, new: bool = False) -> Any:
        self.n += 1
        body: dict[str, Any] = {"text": text, "client_id": f"{self.prefix}-{self.n}"}
        if self.token and not new:
            body["token"] = self.token
        response = self.client.post(
            "/chat/api/messages", data=body, content_type="application/json",
            headers=self.headers,
        )
        if response.status_code == 201 and not self.token:
            self.token = response.json()["token"]
        return response


def test_a_flood_of_senders_each_under_their_limit_leaves_a_new_visitor_served(
    service: StandInService,
) -> None:
    # The review's flood: 16 addresses x 25 messages, each address under its own limit, which
    # used up the single web-chat budget. Spread over 16 networks, as a botnet would be.
    codes: list[int] = []
    for n in range(16):
        visitor = Visitor(f"198.{18 + n}.7.{n + 1}")
        codes += [visitor.say(f"flood {n}.{m}").status_code for m in range(25)]
    newcomer = Visitor("203.0.113.50").say("I have had chest pain since this morning")
    assert record("fair limits", "16x25 flood, then a new visitor", newcomer.status_code == 201)
    assert codes.count(201) == 16 * 25  # each flood sender was within its own limits too
    # Only one case per flood sender: each kept its chat (the flood opened 16, not 400).
    assert Case.objects.count() == 17


def test_a_crowd_in_one_network_is_limited_as_one_and_others_are_served(
    service: StandInService, settings: Any
) -> None:
    settings.RATELIMIT_NETWORK_COUNT = 40
    codes = []
    for n in range(16):
        visitor = Visitor(f"198.51.100.{n + 1}")
        codes += [visitor.say(f"flood {n}.{m}").status_code for m in range(5)]
    assert codes.count(201) == 40 and codes.count(429) == 40
    other = Visitor("192.0.2.77").say("my printer is jammed")
    assert record("fair limits", "one network's crowd, then another network",
                  other.status_code == 201)


def test_new_chats_per_address_are_limited(service: StandInService) -> None:
    visitor = Visitor("198.51.100.20")
    opened = [visitor.say("new problem", new=True) for _ in range(15)]
    codes = [r.status_code for r in opened]
    limit = int(ratelimit.new_case_limits()[0].count)
    held = codes == [201] * limit + [429] * (15 - limit)
    assert record("fair limits", "15 new chats from one address", held), codes
    assert opened[-1].json()["error"] == ratelimit.NEW_CHATS
    assert Case.objects.count() == limit  # a refused message opens no case
    # The chat already open goes on.
    assert visitor.say("still here").status_code == 201


def test_x_forwarded_for_from_a_client_is_not_a_way_around_the_limits(
    service: StandInService, settings: Any
) -> None:
    settings.RATELIMIT_USER_COUNT = 1000
    settings.RATELIMIT_ADDRESS_COUNT = 5
    # No proxy configured: the header is the client's own words and is ignored.
    codes = [
        Visitor("198.51.100.30", forwarded=f"10.9.{n}.1").say("spoofed").status_code
        for n in range(8)
    ]
    held = codes.count(201) == 5
    assert record("rate-limit bypass", "X-Forwarded-For, no proxy configured", held), codes
    # Behind one proxy: only the address the proxy appended counts; entries left of it are forged.
    settings.RATELIMIT_PROXY_HOPS = 1
    codes = [
        Visitor("10.0.0.2", forwarded=f"6.6.{n}.6, 198.51.100.31").say("spoofed").status_code
        for n in range(8)
    ]
    held = codes.count(201) == 5
    assert record("rate-limit bypass", "forged entries left of the proxy's", held), codes
