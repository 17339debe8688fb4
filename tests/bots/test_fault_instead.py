"""A fault named where a question asks whether something works is a "no" (reader's "fault
instead"), but not a word that says where the thing is stuck or when it happens."""

from __future__ import annotations

import pytest

from bots.language.reader import read_answer


@pytest.mark.parametrize(
    ("question", "answer", "polarity"),
    [
        # the logo is there: "stuck on" it says so
        (
            "Do you see the splash screen with the Windows logo?",
            "stuck on the windows logo screen",
            1,
        ),
        # "stopped" says when, not that something stopped working
        (
            "Is the steering hard when the car is stationary?",
            "steering feels really stiff when im going slow or stopped",
            1,
        ),
        # still faults instead of what was asked
        ("Is the update finished?", "It's still stuck at 40%.", -1),
        ("Does the pilot light stay lit?", "it dies every time", -1),
    ],
)
def test_a_fault_instead_and_what_is_not_one(question: str, answer: str, polarity: int) -> None:
    assert read_answer(answer, question).polarity == polarity
