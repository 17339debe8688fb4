"""A phrase said in the chart's words keeps what else the sentence says (stop 45).

lead21: "battery is about four years old and it barely lasts half an hour" was asked "Is the
battery more than a year old?": the rewrite of a short battery life into the chart's words
("battery drain out quickly", ``bots.language.vocabulary.PHRASES``) replaced everything from
"battery" to "half an hour", the age with it. And "barely" was left in front of the chart's
words, where the reader takes it for a denial ("the laptop barely lasts half an hour on
battery" was read as no quick drain). What is said of the battery before the verb is now kept,
and "barely", "hardly", "only", "just" go with the time. The held-out rows were written before
the change and are scored once (printed).
"""

from __future__ import annotations

import pytest

from bots.language.volunteer import volunteered_facts
from knowledge.datasets import flodial

AGE, DRAINS, HOT = "laptop_battery:q8", "laptop_battery:q2", "laptop_battery:q19"

# (opening, {finding: state} that must be read)
DEVELOPMENT = [
    ("the battery is 4 years old and it barely lasts half an hour", {AGE: "yes", DRAINS: "yes"}),
    ("the laptop barely lasts half an hour on battery", {DRAINS: "yes"}),
    (
        "battery is about four years old and it barely lasts half an hour, and it gets really "
        "hot underneath where the battery sits",
        {AGE: "yes", DRAINS: "yes", HOT: "yes"},
    ),
    ("charge hardly lasts 40 mins these days", {DRAINS: "yes"}),
]
HELD_OUT = [
    (
        "my battery is nearly three years old now and only lasts about 45 minutes",
        {AGE: "yes", DRAINS: "yes"},
    ),
    (
        "it only gets an hour out of the battery and the battery gets very hot to touch",
        {DRAINS: "yes", HOT: "yes"},
    ),
    ("battery bought 6 months ago and it barely lasts 20 mins", {AGE: "no", DRAINS: "yes"}),
    ("i just get 30 minutes from the battery", {DRAINS: "yes"}),
]


def _read(text: str) -> dict[str, str]:
    network = flodial.load_network("laptop_battery")
    return {a.finding: a.states[0] for a in volunteered_facts(text, network) if a.states}


@pytest.mark.parametrize(("text", "facts"), DEVELOPMENT, ids=[r[0][:40] for r in DEVELOPMENT])
def test_the_rest_of_the_sentence_is_kept(text: str, facts: dict[str, str]) -> None:
    read = _read(text)
    assert {f: read.get(f) for f in facts} == facts, read


def test_a_long_battery_life_is_no_drain() -> None:
    assert _read("battery lasts 5 or 6 hours, no problems").get(DRAINS) != "yes"


def test_held_out() -> None:
    """Scored and printed, not asserted (module docstring)."""
    got = [all(_read(t).get(f) == s for f, s in facts.items()) for t, facts in HELD_OUT]
    print(f"held-out phrases keep the rest: {sum(got)}/{len(got)}")
