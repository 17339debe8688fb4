"""Stop 48's opening facts from lead24's web-chat probes (the lead): each row is a class,
said here in the probe's words and in one other, with look-alikes that must read nothing.

- a vibration said with another word ("shimmies", "shook", "shuddered") at motorway speed;
- a battery that only "holds", "gives", "keeps its charge" for minutes drains quickly, and a
  laptop that "lives on the charger" or is on it "all day every day" works plugged in;
- words on the screen ("it says ...", "white writing", "an error message") are something seen.
"""

from __future__ import annotations

import pytest

from .opening_reads import read_opening as _facts


@pytest.mark.parametrize(
    ("chart", "text", "node", "state"),
    [
        (
            "car_steering",
            "steering wheel shimmies like mad at about 65-70 on the motorway, smooth as anything "
            "round town",
            "q29",
            "yes",
        ),
        ("car_steering", "the whole car shook at 70 on the motorway", "q29", "yes"),
        (
            "laptop_battery",
            "battery only holds about half an hour now, the laptop lives on the charger on my "
            "desk all day every day",
            "q2",
            "yes",
        ),
        (
            "laptop_battery",
            "battery only holds about half an hour now, the laptop lives on the charger on my "
            "desk all day every day",
            "q9",
            "yes",
        ),
        ("laptop_battery", "it only keeps its charge for 20 mins", "q2", "yes"),
        ("laptop_battery", "its on the charger all day and night", "q9", "yes"),
        (
            "laptop_drive",
            "it says operating system not found when i turn it on, just a black screen with "
            "white writing",
            "q1",
            "yes",
        ),
        ("laptop_drive", "the screen says no bootable device", "q1", "yes"),
    ],
)
def test_a_fact_said_another_way_is_read(chart: str, text: str, node: str, state: str) -> None:
    assert _facts(chart, text).get(node) == state, _facts(chart, text)


@pytest.mark.parametrize(
    ("chart", "text", "node"),
    [
        ("laptop_battery", "i had it plugged in all day yesterday", "q9"),
        ("laptop_battery", "the battery holds its charge for hours", "q2"),
        ("laptop_drive", "it shows nothing", "q1"),
        ("laptop_drive", "it doesnt show anything, just black", "q1"),
    ],
)
def test_a_look_alike_does_not_say_it(chart: str, text: str, node: str) -> None:
    facts = _facts(chart, text)
    assert facts.get(node) != "yes", facts
