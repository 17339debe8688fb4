"""A reply that says what was tried ended the same way ("tried f8 but it loops the same", "it
does exactly the same", "same as before") answers "does it work after X?" with a no.

lead19: "tried f8 but it loops the same" to "Are you able to boot your Windows in Safe Mode?"
was read as a yes (by its pronoun), and after the "Just to be sure" came back the same way the
conversation concluded on the Safe Mode branch. "same thing", "same problem" were read; a verb
"the same" was not. The tables were written before the reader changed; ``HELD_OUT`` is only
measured.
"""

from __future__ import annotations

import pytest

from .chart_replies import read_state as _read

# (chart, words of the question, reply, the state it gives)
DEVELOPMENT = [
    ("laptop_drive", "safe mode", "tried f8 but it loops the same", "no"),
    (
        "power",
        "all external devices are disconnected",
        "unplugged everything, it does exactly the same",
        "no",
    ),
    ("laptop_drive", "removing all external devices", "same as before, still wont start", "no"),
    ("wireless", "security in your router is disabled", "turned it off, still the same", "no"),
    (
        "lcd_problem",
        "redoing the display connections",
        "reseated the cable and it behaves the same",
        "no",
    ),
]
HELD_OUT = [
    ("power", "without the battery", "took the battery out, it did the same thing", "no"),
    ("laptop_drive", "windows dvd", "tried the dvd, it just reboots the same way", "no"),
    ("power", "without the video card", "pulled them out, no change at all", "no"),
    ("laptop_drive", "safe mode", "safe mode goes round in the same loop", "no"),
    ("wireless", "security in your router is disabled", "made no difference whatsoever", "no"),
    (
        "power",
        "all external devices are disconnected",
        "exactly the same with nothing plugged in",
        "no",
    ),
    ("laptop_drive", "removing all external devices", "nope, acts just the same as it did", "no"),
    ("lcd_problem", "redoing the display connections", "did that, its still doing the same", "no"),
]
# Not an outcome: "the same" of something else, or the thing working.
CONTROLS = [
    ("laptop_drive", "safe mode", "yes safe mode works, it loads fine", "yes"),
    (
        "power",
        "all external devices are disconnected",
        "yes it boots fine with nothing plugged in",
        "yes",
    ),
]


@pytest.mark.parametrize("row", DEVELOPMENT + CONTROLS, ids=[r[2] for r in DEVELOPMENT + CONTROLS])
def test_a_try_that_ended_the_same_is_a_no(row: tuple[str, str, str, str]) -> None:
    assert _read(*row[:3]) == (row[3],)


def test_held_out_same_outcomes() -> None:
    right = [r[2] for r in HELD_OUT if _read(*r[:3]) == (r[3],)]
    print(f"held-out same outcomes: {len(right)}/{len(HELD_OUT)}")
    assert len(right) >= 0.75 * len(HELD_OUT)
