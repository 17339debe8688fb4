"""Tight steering has no play; heavy or stiff steering is hard to turn (stop 46, lead22: "no
the steering is tight" to the loose-steering question was read as hard steering, and the
conversation concluded a power steering pump at 88% after two questions)."""

from __future__ import annotations

import pytest

from bots.language.volunteer import volunteered_facts
from knowledge.datasets import flodial

HARD = "car_steering:q23"  # Is the steering hard when the car is stationary?


@pytest.mark.parametrize(
    ("said", "hard"),
    [
        ("the steering is tight", None),
        ("steering feels tight, no play at all", None),
        ("the steering feels really heavy when im parking", "yes"),
        ("steering has gone stiff", "yes"),
    ],
)
def test_tight_is_not_hard(said: str, hard: str | None) -> None:
    read = {
        a.finding: a.states for a in volunteered_facts(said, flodial.load_network("car_steering"))
    }
    states = read.get(HARD)
    assert (states[0] if states else None) == hard, read
