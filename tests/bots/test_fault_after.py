"""A fault told as what came after the asked beginning ("it catches then dies" to "does the
engine fire?") is a yes to the beginning, not the fault "instead" of it.

lead19: "sometimes it catches then dies" was read as "the engine does not fire", and with it
"does the car start, run a few seconds and then stall? no" was noted: the opposite of what the
person said. Development rows were written with the fix; the held-out rows after it, before
they were read, and are only measured.
"""

from __future__ import annotations

import pytest

from .chart_replies import read_state as _read

DEVELOPMENT = [
    ("car_wont_start", "engine fire on turning", "sometimes it catches then dies", "yes"),
    ("car_wont_start", "engine fire on turning", "it fires for a second before it stalls", "yes"),
    ("car_wont_start", "engine fire on turning", "no it just dies", "no"),
]
HELD_OUT = [
    ("car_wont_start", "starter crank", "it cranks for a bit then gives up", "yes"),
    ("engine_overheats", "fan turn on", "it comes on for a minute then stops", "yes"),
    ("lcd_problem", "bios splash", "it flashes up for a second then goes black", "yes"),
    ("power", "power led turn on", "it lights up and then goes out", "yes"),
    (
        "car_wont_start",
        "engine fire on turning",
        "it catches, runs rough for a few secs then cuts out",
        "yes",
    ),
]


@pytest.mark.parametrize("row", DEVELOPMENT, ids=[r[2] for r in DEVELOPMENT])
def test_a_fault_after_the_beginning_is_a_yes_to_it(row: tuple[str, str, str, str]) -> None:
    assert _read(*row[:3]) == (row[3],)


def test_held_out_faults_after() -> None:
    right = [r[2] for r in HELD_OUT if _read(*r[:3]) == (r[3],)]
    print(f"held-out faults after a beginning: {len(right)}/{len(HELD_OUT)}")
    assert len(right) >= 3
