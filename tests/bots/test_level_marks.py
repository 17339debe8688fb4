"""A fluid level said against the reservoir's marks answers "is the level OK?" and "is it up to
the mark?": at or near the full/max line, or between the lines, is a yes; under the min line a
no.

lead19: "its right at the max mark" to "Is the brake fluid level OK?" was not understood. The
mark reading existed only for questions that name a mark with "below/above" ("is it below the
MIN mark?"); neither FloDial level question does ("up to the mark?" and "level OK?"). The
tables were written before the reader changed; ``HELD_OUT`` is only measured.
"""

from __future__ import annotations

import pytest

from .chart_replies import read_state as _read

BRAKE = ("brake_problem", "fluid level ok")
COOLANT = ("engine_overheats", "overflow tank up to the mark")
DEVELOPMENT = [
    (*BRAKE, "its right at the max mark", "yes"),
    (*BRAKE, "its below the min line", "no"),
    (*BRAKE, "right up to the full line", "yes"),
    (*BRAKE, "between the two lines", "yes"),
    (*COOLANT, "its below the min line", "no"),
    (*COOLANT, "yes its at the max", "yes"),
]
# Stop 47 (lead23): a level said by how much is there, no mark named ("it looks low" was read
# as a yes to "up to the mark?", "its low" not at all).
BY_AMOUNT = [
    (*COOLANT, "it looks low", "no"),
    (*COOLANT, "its nearly empty", "no"),
    (*COOLANT, "looks a bit low to me", "no"),
    (*COOLANT, "its full", "yes"),
    (*BRAKE, "its low", "no"),
    (*BRAKE, "its full to the brim", "yes"),
]
HELD_OUT = [
    (*BRAKE, "bang on the max", "yes"),
    (*BRAKE, "a good bit under the minimum", "no"),
    (*BRAKE, "somewhere in the middle between min and max", "yes"),
    (*COOLANT, "topped right up to max", "yes"),
    (*COOLANT, "way down below the low mark", "no"),
    (*COOLANT, "its sitting at the full line", "yes"),
]


@pytest.mark.parametrize("row", DEVELOPMENT, ids=[r[2] for r in DEVELOPMENT])
def test_a_level_against_the_marks_answers_whether_it_is_ok(row: tuple[str, str, str, str]) -> None:
    assert _read(*row[:3]) == (row[3],)


def test_held_out_levels() -> None:
    right = [r[2] for r in HELD_OUT if _read(*r[:3]) == (r[3],)]
    print(f"held-out levels: {len(right)}/{len(HELD_OUT)}")
    assert len(right) >= 5


@pytest.mark.parametrize("row", BY_AMOUNT, ids=[r[2] for r in BY_AMOUNT])
def test_a_level_said_by_how_much_is_there(row: tuple[str, str, str, str]) -> None:
    assert _read(*row[:3]) == (row[3],)
