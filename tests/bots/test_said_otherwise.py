"""Readings the words say otherwise (stop 48, issue 19): a question's word said in a sense
that is not the question's, by class, each with a sentence that must still be read.

The sentences are my own, not rows of the opening table; each is read through
``volunteered_facts`` against its FloDial chart, as an opening is.
"""

from __future__ import annotations

import pytest

from bots.language.said_otherwise import said_otherwise
from bots.language.time_clauses import without_own_times

from .opening_reads import read_opening

_read = read_opening


# Each of these was read on main before stop 48 (the reading it must not give).
@pytest.mark.parametrize(
    ("chart", "text", "question", "not_read"),
    [
        # past, not at: the logo was seen
        ("laptop_drive", "it hangs and never gets past the windows logo", "q16", "no"),
        # it stops under the question's condition
        (
            "ticking",
            "the ticking goes away when i put it in neutral and coast down the hill",
            "q6",
            "yes",
        ),
        # "not only"
        ("ticking", "it doesnt have to be moving, it ticks on the drive as well", "q5", "yes"),
        # a battery flat with its cause named
        (
            "car_electrical_failure",
            "battery died because my son left the headlights on overnight",
            "q6",
            "yes",
        ),
        # a figure of speech
        ("laptop_overheating", "after ten minutes of gaming the thing is burning up", "q1", "yes"),
        # the user's action said as a time or a difficulty
        ("brake_problem", "the brakes squeal every time i stop", "q1", "yes"),
        ("brake_problem", "it takes forever to stop, i have to stamp on it", "q1", "yes"),
        # where it is, not where it comes from
        ("engine_overheats", "big puddle of coolant under the engine this morning", "q25", "yes"),
        # a degree or a duration unsaid
        ("ticking", "ticks when i drive, quiet when parked", "q19", "yes"),
        (
            "laptop_overheating",
            "the fan is running flat out and it still overheats",
            "q13",
            "yes",
        ),
        # the starter (a part) says nothing of the engine starting
        ("car_wont_start", "turn the key and not even a whirr from the starter", "q9", "yes"),
        # another stage shown
        ("lcd_problem", "hooked it up to the tv and windows comes up fine on there", "q2", "yes"),
        # another place too
        ("wireless", "wont connect to the wifi at the library either", "q5", "no"),
        # a contrast is no failure of everything
        (
            "car_electrical_failure",
            "the radio died at the same time as the wipers but the heater and all the lights"
            " still work",
            "q3",
            "yes",
        ),
    ],
)
def test_a_word_in_another_sense_is_not_read(
    chart: str, text: str, question: str, not_read: str
) -> None:
    assert _read(chart, text).get(question) != not_read


@pytest.mark.parametrize(
    ("chart", "text", "question", "state"),
    [
        # the same questions, said: each check leaves them read
        (
            "car_electrical_failure",
            "every time it sits for a few days the battery is flat",
            "q6",
            "yes",
        ),
        ("power", "the power light doesnt come on when i plug the charger in", "q1", "no"),
        ("laptop_overheating", "i can smell burning plastic from the vent", "q1", "yes"),
        ("brake_problem", "the brakes squeal every time i stop", "q19", "yes"),
        ("ticking", "it only ticks when im moving, never when parked", "q5", "yes"),
        ("ticking", "the ticking only happens when im going slowly", "q19", "yes"),
        ("laptop_overheating", "my fan never stops running even on the desktop", "q13", "yes"),
        ("engine_overheats", "coolant is leaking from the engine block itself", "q25", "yes"),
    ],
)
def test_the_fact_said_is_still_read(chart: str, text: str, question: str, state: str) -> None:
    assert _read(chart, text).get(question) == state


def test_each_check_by_itself() -> None:
    ask = "Does the car make ticking sounds while coasting in neutral?"
    assert said_otherwise("it ticks then stops when i coast in neutral", ask, affirmed=True)
    # the condition before the stop is when it ticks, not when it stops
    assert not said_otherwise("when coasting in neutral it ticks, then stops", ask, affirmed=True)
    logo = "When you start the laptop, do you see the splash screen with the Windows logo?"
    assert said_otherwise("it wont go past the windows logo", logo, affirmed=False)
    # a denial of the logo itself is a denial
    assert not said_otherwise(
        "it wont go past the windows logo, actually no logo either", logo, affirmed=False
    )
    slow = "Do you hear the ticking sounds only when you drive at a slow speed?"
    assert not said_otherwise("it only ticks at about 20 mph", slow, affirmed=True)
    assert said_otherwise("it only ticks at about 70 mph", slow, affirmed=True)
    # a light asked, no light said
    led = "When the power supply is connected to the laptop, does the power LED flicker?"
    assert said_otherwise("the screen flickers when i move the lid", led, affirmed=True)
    assert not said_otherwise("the power light flickers with the charger in", led, affirmed=True)
    # weeks, or a cause named, are no "few days"
    days = "Does your battery run down in just a few days?"
    assert said_otherwise("flat after the car sat for three weeks", days, affirmed=True)
    assert not said_otherwise("flat if it sits for a few days", days, affirmed=True)
    # a request is no fact
    fuel = "Is fuel getting to the last fuel filter in line?"
    assert said_otherwise("can you tell me where the fuel filter is", fuel, affirmed=True)
    # one failed, the others fine
    lamp = "Do you have a single lamp failure? It could be a headlight, a taillight, or a blinker."
    assert said_otherwise("one brake light has gone, the other one works", lamp, affirmed=False)
    assert not said_otherwise("all the lights work fine", lamp, affirmed=False)
    leaks = "Do you see coolant drips on the ground from overflow reservoir?"
    assert said_otherwise("i was told to check under the car for drips", leaks, affirmed=True)
    assert not said_otherwise(
        "checked for drips and there are drips from the reservoir", leaks, affirmed=True
    )


def test_the_users_own_times_and_difficulties_go_the_rest_stays() -> None:
    stops = "Does the car stop when you apply the brakes?"
    assert without_own_times("grinding whenever i stop at the lights", stops).split() == [
        "grinding",
        "at",
        "the",
        "lights",
    ]
    hard = "its really hard to stop the car, i stamp on it"
    assert "stop" not in without_own_times(hard, stops)
    assert "i stamp on it" in without_own_times(hard, stops)
    # a question that asks whether it is hard keeps what is hard
    assert "stop" in without_own_times(hard, "Is it hard to brake and bring the car to a halt?")
    # someone else's time is not the user's action
    assert without_own_times("it stops when the engine warms up", stops) == (
        "it stops when the engine warms up"
    )
