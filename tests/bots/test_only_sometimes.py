"""An answer that says it happens only some of the time ("sometimes", "now and then", "not
always") is less than a plain answer, and to a question whether something works it is a no.

lead20: "sometimes" to "Is the emergency parking brake working properly?" and to three other
questions was read as four plain yeses, and a conclusion claimed 97%. A parking brake that
works sometimes is a fault that comes and goes; a squeal heard sometimes is a squeal. Either
way the answer is partial: it is read with a hedge's weight (bots.language.reader,
``_only_sometimes``). The development rows were written with the change; the held-out rows
after it, before they were first run (so they measure it, not the development of it).
"""

from __future__ import annotations

import pytest

from bots.language.cues import HEDGE_RELIABILITY

from .chart_replies import read_reply

# (chart, words of the question, reply, the state it gives)
DEVELOPMENT = [
    ("brake_problem", "parking brake working properly", "sometimes", "no"),
    ("brake_problem", "parking brake working properly", "now and then", "no"),
    ("brake_problem", "squealing noise", "sometimes", "yes"),
    ("brake_problem", "squealing noise", "every so often", "yes"),
    ("brake_problem", "stop when you apply", "not always", "yes"),
]
HELD_OUT = [
    ("laptop_overheating", "fan running when it overheats", "it does sometimes", "yes"),
    ("power", "power button click", "sometimes yeah", "yes"),
    ("lcd_problem", "tiny dots or lines", "every so often i see a line", "yes"),
    ("car_steering", "unusually bumpy", "from time to time", "yes"),
]
# Said every time: the weight of a plain answer. And "now and then" to a question whether it
# comes and goes is its plain yes (first written as a held-out row expecting a hedge: the row
# was wrong, the reading right).
CONTROLS = [
    ("wireless", "intermittent connection", "yeah now and then it drops", "yes"),
    ("brake_problem", "squealing noise", "every time i brake", "yes"),
    ("laptop_overheating", "fan running when it overheats", "yes always", "yes"),
]


def _read(row: tuple[str, str, str, str]) -> tuple[tuple[str, ...] | None, float]:
    finding, meaning = read_reply(*row[:3])
    answer = meaning.answer_for(finding)
    return (None, 0.0) if answer is None else (answer.states, answer.reliability)


@pytest.mark.parametrize("row", DEVELOPMENT, ids=[r[2] + " / " + r[1] for r in DEVELOPMENT])
def test_only_sometimes_is_a_partial_answer(row: tuple[str, str, str, str]) -> None:
    assert _read(row) == ((row[3],), HEDGE_RELIABILITY)


def test_held_out() -> None:
    """Scored and printed; asserted: none is read the opposite way or with full weight."""
    got = [(row, _read(row)) for row in HELD_OUT]
    right = sum(g == ((r[3],), HEDGE_RELIABILITY) for r, g in got)
    print(f"held-out sometimes: {right}/{len(got)}")
    assert not [r for r, g in got if g[0] is not None and (g[0] != (r[3],) or g[1] == 1.0)]


@pytest.mark.parametrize("row", CONTROLS, ids=[r[2] for r in CONTROLS])
def test_every_time_keeps_its_weight(row: tuple[str, str, str, str]) -> None:
    assert _read(row) == ((row[3],), 1.0)
