"""A question's predicate is what it asks of its subject, in the sense it asks it (lead17):

- a condition said with "on" and a gerund ("does the engine fire on turning the key?") is
  when, not what: "the dash lights and the radio come on fine" said "turn on" and was read
  as "the engine fires: yes" (``predicates._CONDITION``);
- a display "rotated 90 degrees" is turned round, not moving: "thin vertical lines running
  down my laptop screen" was read as "is the display rotated?" yes, through the motion
  family ("run", "spin"), which a fan or a wheel "rotating" keeps (``predicates._TURNED_ROUND``).

Controls: the same findings said in their own sense are still read."""

from __future__ import annotations

import pytest

from bots.language.volunteer import volunteered_facts
from knowledge.datasets.flodial import load_network

# (chart, opening, a word of the question, the state it must not be read as)
WRONG = [
    (
        "car_wont_start",
        "turn the key and all i get is a single click, no cranking at all. the dash lights and "
        "the radio come on fine",
        "engine fire",
        "yes",
    ),
    (
        "lcd_problem",
        "theres a bunch of thin coloured vertical lines running down my laptop screen, windows "
        "still loads and works fine apart from that",
        "rotated",
        "yes",
    ),
]
# (chart, opening, a word of the question, the state it must be read as)
RIGHT = [
    ("lcd_problem", "the picture on my laptop is sideways", "rotated", "yes"),
    ("lcd_problem", "everything is upside down on the screen", "rotated", "yes"),
    ("car_wont_start", "engine fires up then dies straight away", "engine fire", "yes"),
    ("car_wont_start", "turn the key and all i get is a click, no cranking", "starter crank", "no"),
    (
        "car_steering",
        "the steering wheel turns a couple of inches before the wheels move",
        "few inches",
        "yes",
    ),
]


def read(chart: str, opening: str, asked: str) -> tuple[str, ...] | None:
    network = load_network(chart)
    finding = next(f for f in network.findings if asked in f.question.lower())
    facts = {a.finding: a.states for a in volunteered_facts(opening, network)}
    return facts.get(finding.id)


@pytest.mark.parametrize(("chart", "opening", "asked", "state"), WRONG)
def test_a_word_in_another_sense_is_no_fact(
    chart: str, opening: str, asked: str, state: str
) -> None:
    assert read(chart, opening, asked) != (state,)


@pytest.mark.parametrize(("chart", "opening", "asked", "state"), RIGHT)
def test_the_same_finding_in_its_own_sense_is_read(
    chart: str, opening: str, asked: str, state: str
) -> None:
    assert read(chart, opening, asked) == (state,)
