"""A reply that prefers one thing over another ("more of a grind than a squeal", "a clunk rather
than a tick", "its a squeal not a clunk") answers a question about either: yes to the one it
prefers, no to the one it sets aside.

lead19: "no more of a grind than a squeal" to "Are the brakes making squealing noise?" was
read with "Do you hear the brakes scrape or grind? no" volunteered, and "more of a grind than a
squeal" alone was a yes to the squeal: the question's word was found, and the comparison that
set it aside was not read. The tables were written before the reader changed; ``HELD_OUT`` is
only measured.
"""

from __future__ import annotations

import pytest

from .chart_replies import read_state as _read

# (chart, words of the question, reply, the state it gives)
DEVELOPMENT = [
    ("brake_problem", "squealing noise", "more of a grind than a squeal", "no"),
    ("brake_problem", "squealing noise", "grinding rather than squealing", "no"),
    ("brake_problem", "scrape or grind", "more of a grind than a squeal", "yes"),
    ("ticking", "clunking noise", "its more of a tick than a clunk", "no"),
    ("ticking", "clunking noise", "a clunk rather than a tick", "yes"),
    ("power", "series of beeps", "more of a click than a beep", "no"),
    ("brake_problem", "clunks whenever", "its a squeal not a clunk", "no"),
    ("lcd_problem", "very dim", "its more flickery than dim", "no"),
]
HELD_OUT = [
    ("brake_problem", "squealing noise", "less of a squeal, more of a scraping sound", "no"),
    ("brake_problem", "scrape or grind", "squeal mostly, not so much a grind", "no"),
    ("ticking", "clunking noise", "definitely ticking, not clunking", "no"),
    ("power", "series of beeps", "not beeps exactly, more like a clicking", "no"),
    ("laptop_drive", "clunking noises", "its more of a whirr than a clunk", "no"),
    ("brake_problem", "clunks whenever", "a clunk rather than a squeal yes", "yes"),
    ("lcd_problem", "tinted screen", "more blotchy than tinted", "no"),
    ("car_steering", "clunking sound when you turn", "its more of a creak than a clunk", "no"),
    ("brake_problem", "rattling noise", "rattly more than squeaky", "yes"),
    ("lcd_problem", "tiny dots", "lines more than dots really", "yes"),
]


@pytest.mark.parametrize("row", DEVELOPMENT, ids=[r[2] for r in DEVELOPMENT])
def test_a_preference_answers_for_both_things_named(row: tuple[str, str, str, str]) -> None:
    assert _read(*row[:3]) == (row[3],)


def test_held_out_preferences() -> None:
    right = [r[2] for r in HELD_OUT if _read(*r[:3]) == (r[3],)]
    print(f"held-out preferences: {len(right)}/{len(HELD_OUT)}")
    assert len(right) >= 0.8 * len(HELD_OUT)
