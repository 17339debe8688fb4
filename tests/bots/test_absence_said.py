"""An absence asked about and said with "nothing" / "no X" (experiment, stop 40).

"totally black, nothing shows" to "is the screen completely black when you turn the laptop
on?" and "nothing comes up" to "is the cough dry?" were read no (the "nothing" taken for a
denial); the "nothing" is the absence asked about. Not where the absence is a modifier ("dead
pixels"), one of two ("dark or foamy?"), a fault is denied ("no leaks") or things are fine
("nothing wrong with it").
"""

from __future__ import annotations

import pytest

from bots.language.reader import read_answer


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        (
            "Is the screen completely black when you turn the laptop on?",
            "totally black, nothing shows",
        ),
        ("Is the cough dry?", "nothing comes up."),
        ("Is the coolant tank empty?", "nothing in it"),
    ],
)
def test_nothing_says_the_absence_asked(question: str, answer: str) -> None:
    assert read_answer(answer, question).polarity == 1


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        ("Are there lines or dead pixels on the screen?", "no lines or spots anywhere"),
        ("Is the fluid in the reservoir dark or foamy?", "the fluid looks clean, no foam."),
        ("Is the coolant tank empty?", "no leaks, its full"),
        ("Is the screen blank?", "nothing wrong with it"),
    ],
)
def test_not_where_the_nothing_is_a_denial(question: str, answer: str) -> None:
    assert read_answer(answer, question).cue != "absence said"
