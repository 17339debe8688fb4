"""An answer that says the user cannot check, or does not know, is no answer to the question:
"havent got a meter" to "does the battery read more than 12 volts?" was read as "no", and a
"battery discharged" fix followed (lead17); "wouldnt know where to look" and "havent got a
clue" were read as "no" too. Saying there is no tool, no way or no clue gets the how-to-check
passage or counts as "not sure" (``reader._INABILITY``, ``cues.UNSURE``). DEVELOPMENT rows were
developed on; HELD_OUT rows were written before the change was measured on them, and only
measured. CONTROLS are denials that must stay denials."""

from __future__ import annotations

import pytest

from .chart_replies import read_reply

# (chart, a word of the question, the answer)
DEVELOPMENT = [
    ("car_wont_start", "12 volts", "havent got a meter"),
    ("car_wont_start", "12 volts", "i havent got a multimeter on me"),
    ("car_electrical_failure", "fusible link", "wouldnt know where to look"),
    ("car_wont_start", "12 volts", "i wouldnt know"),
    ("car_wont_start", "12 volts", "havent got a clue"),
    ("car_wont_start", "12 volts", "havent the foggiest"),
    # Held-out rows the first change missed (5 of 8 read before and after it), developed on
    # since: a gerund ("no way of testing that" was read "yes"), "not got", "wouldnt have a
    # clue".
    ("engine_overheats", "coolant flowing", "got no way of testing that"),
    ("car_electrical_failure", "voltage regulator", "wouldnt have a clue mate"),
    ("laptop_battery", "voltage at the output", "not got a multimeter sorry"),
    # Not checked is nothing found (lead17: "i havent checked" to "loose lug nuts?" was a "no"
    # the conclusion went by).
    ("car_steering", "lug nuts", "i havent checked"),
    ("car_steering", "axle nut", "havent looked"),
]
HELD_OUT = [
    ("car_wont_start", "spark getting to the plugs", "i dont have one of those tester things"),
    ("power", "rated volatge", "i havent got the tools for that"),
    ("car_electrical_failure", "fusible link", "no clue where that even is"),
    ("engine_overheats", "thermostat working", "id have no idea how to check that"),
    ("car_wont_start", "primary coil", "dont own a voltmeter"),
]
# Written after the first change was measured, before the second; read 2 of 6 before it and
# after it ("no meter here", "nothing to measure it with", "no way for me to check" and "the
# first idea" are still read as "no"): the next step is a reading of the means, not more
# patterns.
HELD_OUT_2 = [
    ("car_wont_start", "spark getting to the plugs", "theres no way for me to check the spark"),
    ("engine_overheats", "thermostat working", "i wouldnt have the first idea"),
    ("laptop_battery", "voltage at the output", "havent got anything to measure it with"),
    ("power", "rated volatge", "not a chance, no meter here"),
    ("car_wont_start", "fuel getting to the last", "no clue how id even check that"),
    ("car_electrical_failure", "short circuit", "cant test that myself, no kit"),
]
CONTROLS = [
    ("engine_overheats", "flushing the engine", "no i havent", "no"),
    ("car_electrical_failure", "single lamp failure", "no it hasnt", "no"),
    ("brake_problem", "any noises when you brake", "havent noticed any", "no"),
    ("laptop_drive", "clunking noises", "no i havent heard anything like that", "no"),
    # Checking is what it asks: not checked is a "no".
    ("ticking", "inspect the threads", "havent looked at them", "no"),
]


def reading(chart: str, asked: str, text: str) -> tuple[str, tuple[str | None, ...]]:
    asked_id, meaning = read_reply(chart, asked, text)
    states = tuple(s for a in meaning.answers if a.finding == asked_id for s in a.states or ())
    return meaning.intent, states


def no_finding(chart: str, asked: str, text: str) -> bool:
    return not reading(chart, asked, text)[1]  # how-to-check, or an answer of "not sure" (no state)


@pytest.mark.parametrize(("chart", "asked", "text"), DEVELOPMENT)
def test_cannot_check_is_no_answer(chart: str, asked: str, text: str) -> None:
    assert no_finding(chart, asked, text)


@pytest.mark.parametrize(("chart", "asked", "text", "state"), CONTROLS)
def test_a_plain_denial_stays_a_denial(chart: str, asked: str, text: str, state: str) -> None:
    assert reading(chart, asked, text) == ("answer", (state,))


@pytest.mark.parametrize(("rows", "floor"), [(HELD_OUT, 4), (HELD_OUT_2, 2)], ids=["1", "2"])
def test_held_out_cannot_check(rows: list[tuple[str, str, str]], floor: int) -> None:
    kept = [row[2] for row in rows if no_finding(*row)]
    print(f"held-out: {len(kept)}/{len(rows)} read as no finding")
    for row in rows:
        print("   ", row[2], reading(*row))
    assert len(kept) >= floor
