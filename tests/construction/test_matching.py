"""The benchmark's simulated user answers the built check it is asked truthfully: a check
asked the other way round from its chart question gets the opposite answer."""

from __future__ import annotations

import pytest

from knowledge.construction.benchmark import _truthful
from knowledge.construction.matching import opposite


@pytest.mark.parametrize(
    ("known", "asked"),
    [
        ("Is the wall socket the router is plugged into working?", "Is the socket dead?"),
        ("Are the terminals clean and tight?", "Are the terminals corroded or dirty?"),
        ("Can you hear the disk spin up?", "No disk noise at all?"),
        ("Does the printer feed paper?", "The printer won't feed paper?"),
        ("Is the fuse blown?", "Is the fuse intact?"),
        ("Does the noise come only in reverse gear?", "Does it happen in forward gears too?"),
        ("Does the hum continue when you unplug the speakers?", "The hum stops once unplugged?"),
        ("Is the tyre pressure low?", "Is the pressure above the figure on the door?"),
    ],
)
def test_a_check_asked_the_other_way_round_is_answered_the_other_way(
    known: str, asked: str
) -> None:
    assert opposite(known, asked)
    assert _truthful("yes", True) == "no" and _truthful("no", True) == "yes"


@pytest.mark.parametrize(
    ("known", "asked"),
    [
        (
            "Does the laptop power up without the battery in it?",
            "Powers up once the battery is out?",
        ),
        ("Is it hard to brake and bring the car to a halt?", "Is it hard to stop the car?"),
        ("Do you see a 'No boot device' message?", 'A message such as "No boot device"?'),
        ("Is the DC jack loose or broken?", "Does the jack feel loose, wobbly or broken?"),
        ("Open circuit with the key on?", "Open circuit at RUN (no voltage at the coil)?"),
        ("Does it tick only at slow speed?", "Does the tick only happen at low speed?"),
        ("Does the fan run all the time?", "Is the fan always running?"),
    ],
)
def test_a_check_asked_the_same_way_keeps_the_answer(known: str, asked: str) -> None:
    assert not opposite(known, asked)
    assert _truthful("yes", False) == "yes"
