"""Something seen or heard with difficulty ("i can just about see it if i squint", "i can barely
hear the fan") is there: a yes, hedged, to a question whether it shows or is heard.

lead19: "i can just about see it if i squint" to "Do you get the live BIOS splash screen?" was
read as a fact about the dim screen only, and the question came back eleven times. "hardly"
is left alone ("i can hardly make anything out" is nearer a no). The tables were written
before the reader changed; ``HELD_OUT`` is only measured.
"""

from __future__ import annotations

import pytest

from .chart_replies import read_state as _read

DEVELOPMENT = [
    ("lcd_problem", "bios splash", "i can just about see it if i squint", "yes"),
    ("lcd_problem", "bios splash", "i can barely see it", "yes"),
    ("laptop_drive", "fan or hard drive sounds", "i can just about hear the fan", "yes"),
]
HELD_OUT = [
    ("power", "cpu fan or the hard drive spin", "can only just hear something whirring", "yes"),
    ("lcd_problem", "tiny dots", "i can just about make out some faint lines", "yes"),
    ("engine_overheats", "radiator cap steaming", "i can barely hear a hiss from it", "yes"),
    ("lcd_problem", "bios splash", "yeah but you can only just make it out", "yes"),
]


@pytest.mark.parametrize("row", DEVELOPMENT, ids=[r[2] for r in DEVELOPMENT])
def test_seen_with_difficulty_is_there(row: tuple[str, str, str, str]) -> None:
    assert _read(*row[:3]) == (row[3],)


def test_held_out_faintly_perceived() -> None:
    right = [r[2] for r in HELD_OUT if _read(*r[:3]) == (r[3],)]
    print(f"held-out faintly perceived: {len(right)}/{len(HELD_OUT)}")
    assert len(right) >= 3
