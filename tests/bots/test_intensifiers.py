"""A judging word that only says "very" ("properly hot", "well stiff", "right loud") is not a
judgement that things are fine.

lead18: the opening "laptop battery gets properly hot to the touch and goes from full to
nothing in about forty minutes" was noted as "Does your battery get too hot to touch? no"
(it works properly), and "properly hot yes" was a no. The held-out rows (other charts) were
written after the change and not developed on; before it, 8 of 10 were read right.
"""

from __future__ import annotations

import pytest

from bots.language.volunteer import volunteered_facts
from knowledge.datasets import flodial

from .chart_replies import read_reply

DEVELOPMENT = [
    ("laptop_battery", "too hot to touch", "it gets properly hot", "yes"),
    ("laptop_battery", "too hot to touch", "properly hot yes", "yes"),
    ("laptop_battery", "too hot to touch", "its well hot", "yes"),
    # Judgements still judge.
    ("laptop_battery", "too hot to touch", "no it works properly", "no"),
    ("laptop_battery", "too hot to touch", "it stays cool, works well", "no"),
]
STATIONARY = "hard when the car is stationary"
HELD_OUT = [
    ("engine_overheats", "steaming or leak", "its proper steaming under the bonnet", "yes"),
    ("laptop_overheating", "hot environment", "my room gets properly warm in the evening", "yes"),
    ("lcd_problem", "very dim", "its proper dark, can barely see", "yes"),
    ("car_steering", STATIONARY, "yes its properly heavy when parked", "yes"),
    ("car_steering", STATIONARY, "steering is well stiff when im parking", "yes"),
    ("laptop_battery", "drain out quickly", "it drains properly fast", "yes"),
    ("laptop_overheating", "fan running when it overheats", "yes it spins properly", "yes"),
    ("brake_problem", "emergency parking brake working", "it works properly", "yes"),
    ("laptop_battery", "humming", "its right loud, like a whine", "yes"),
    ("wireless", "intermittent", "no it stays connected properly", "no"),
]


def reading(chart: str, words: str, reply: str) -> str | None:
    _, meaning = read_reply(chart, words, reply)
    if not meaning.answers or meaning.answers[0].states is None:
        return None
    return meaning.answers[0].states[0]


@pytest.mark.parametrize("row", DEVELOPMENT, ids=[r[2] for r in DEVELOPMENT])
def test_an_intensifier_is_not_a_judgement(row: tuple[str, str, str, str]) -> None:
    assert reading(*row[:3]) == row[3]


def test_held_out_intensifiers() -> None:
    n = sum(reading(*row[:3]) == row[3] for row in HELD_OUT)
    print(f"held-out intensifiers: {n}/{len(HELD_OUT)} read right")
    assert n >= 8


def test_an_opening_with_an_intensifier_is_not_noted_as_a_no() -> None:
    network = flodial.load_network("laptop_battery")
    said = (
        "laptop battery gets properly hot to the touch and goes from full to nothing in about "
        "forty minutes, it used to last all afternoon"
    )
    read = volunteered_facts(said, network)
    facts = {network.finding(a.finding).question: a.states for a in read}
    hot = next(q for q in facts if "too hot to touch" in q)
    assert facts[hot] == ("yes",)
