"""The router's internet light by the names people give it, and gone off (stop 45, lead).

lead21: "the little globe light on the router has gone off" was asked "Is your router's live
internet LED turned ON?". The light is named by its symbol (globe, world) or its line (WAN,
broadband, online), and "gone off", "went out", "isn't lit" say it is not on
(``bots.language.domain_lexicon``, "internet light" and "internet light gone off"). The
held-out rows were written before the change and are scored once.
"""

from __future__ import annotations

import pytest

from bots.language.volunteer import volunteered_facts
from knowledge.datasets import flodial

LED = "wireless:q15"

DEVELOPMENT = [
    ("the little globe light on the router has gone off", "no"),
    ("the internet light has gone off", "no"),
    ("the internet light isnt lit", "no"),
    ("the wan light on my router isnt lit", "no"),
    ("the globe light on the router is on", "yes"),
]
NOT_READ = [
    "the internet light has not gone off",
    "my globe lamp in the lounge broke",
]
HELD_OUT = [
    ("the world symbol light on our hub went out last night", "no"),
    ("broadband light is off on the router", "no"),
    ("the light with the globe on it is lit up", "yes"),
]


def _read(text: str) -> str | None:
    facts = volunteered_facts(text, flodial.load_network("wireless"))
    return next((a.states[0] for a in facts if a.finding == LED and a.states), None)


@pytest.mark.parametrize(("text", "state"), DEVELOPMENT, ids=[t[:40] for t, _ in DEVELOPMENT])
def test_the_internet_light_in_lay_words(text: str, state: str) -> None:
    assert _read(text) == state


@pytest.mark.parametrize("text", NOT_READ)
def test_not_said_is_not_read(text: str) -> None:
    assert _read(text) != "no"


def test_held_out() -> None:
    """Scored and printed, not asserted (module docstring)."""
    got = [_read(text) == state for text, state in HELD_OUT]
    print(f"held-out router lights: {sum(got)}/{len(got)}")
