"""A judgement of another time or thing beside the state asked about (stop 40).

"daytime is fine, in the evenings it cuts out" to "does the connection drop only in the
evening?" was read no from "fine", as were "it is fine for the first ten minutes then it gets
heavy" to "does the steering become stiff after the engine warms up?" and "mostly through my
seat, the wheel feels ok" to "... in the seat or floor rather than the steering wheel?". The
fine is of another condition or of the excluded alternative: a yes. A fine said of the asked
condition, or a state put under yet another condition, is not read so. Rows: the crowd
tables (``evaluation/tables/crowd_tables.py``); numbers: docs/answer-reader.md, "Stop 40".
"""

from __future__ import annotations

import pytest

from bots.language.reader import read_answer

FINE_ELSEWHERE = [
    (
        "Does the connection drop only in the evening?",
        "daytime is fine, in the evenings it cuts out.",
    ),
    (
        "Is the steering heavy only at low speeds, such as when parking?",
        "it is hard to turn in car parks but fine on the road",
    ),
    (
        "Does the steering become stiff after the engine warms up?",
        "it is fine for the first ten minutes then it gets heavy",
    ),
    (
        "Is the vibration felt in the seat or floor rather than the steering wheel?",
        "mostly through my seat, the wheel feels ok",
    ),
]


@pytest.mark.parametrize(("question", "answer"), FINE_ELSEWHERE)
def test_fine_of_another_condition_is_a_yes(question: str, answer: str) -> None:
    reading = read_answer(answer, question)
    assert (reading.polarity, reading.cue) == (1, "fine elsewhere")


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        # the fine is of the asked condition
        ("Is the steering stiff when it is cold?", "its fine when its cold, stiff once warm"),
        ("Does the connection drop only in the evening?", "evenings are fine, it drops at lunch"),
        # the state under yet another condition than the asked one
        (
            "Is the steering stiff when it is cold?",
            "fine in the mornings, stiff after a long drive",
        ),
        # the fine is of the asked alternative
        (
            "Is the vibration felt in the seat or floor rather than the steering wheel?",
            "the seat feels ok, its all in the wheel",
        ),
        # no condition named with the fine: an all-clear
        ("Does the steering become stiff after the engine warms up?", "it is fine, it is heavy"),
    ],
)
def test_fine_of_the_asked_condition_is_not_read_as_elsewhere(question: str, answer: str) -> None:
    reading = read_answer(answer, question)
    # (Two of these read yes by the older restatement reading: "evenings are fine, it drops
    # at lunch", "fine in the mornings, stiff after a long drive"; this reading adds none.)
    assert reading.cue != "fine elsewhere"


def test_a_no_concluded_at_the_end_is_the_answer() -> None:
    """ "it charges fine while it is on too, so no" to "does the laptop charge only when it
    is turned off?" was read yes from "fine"; the user's own conclusion decides."""
    question = "Does the laptop charge only when it is turned off?"
    for answer in (
        "it charges fine while it is on too, so no.",
        "it charges while it is on as well, so thats a no",
    ):
        assert read_answer(answer, question).polarity == -1
    # "no" as a quantifier, not an answer
    assert read_answer("it charges so no worries there", question).cue != "no concluded"
