"""Answers that give the thing asked about a state of their own, read on its scale.

``bots/language/scales.py``: "it sits level" to "is the car lower on one side?" is a no (read as
a short reply about "it", a yes, before stop 38); "its soldered to the motherboard" to "is the
battery built in?" a yes; "only a bit warm" to "too hot to hold?" a no, while "pretty warm in
there" to "a hot room?" stays a yes (a graded scale's neighbour blurs unless bounded).
Rows: ``evaluation/tables/scale_tables.py``; numbers: docs/answer-reader.md, "Stop 38".
"""

from __future__ import annotations

from bots.language import OfflineInterpreter
from bots.language.scales import Position, compare
from evaluation.answer_model import questions_network
from evaluation.tables.scale_tables import DEVELOPMENT_38, HELD_OUT_38

interpreter = OfflineInterpreter(volunteer=False, learned=False)


def _right(rows: list[tuple[str, str, str, str]]) -> int:
    network, findings = questions_network((q for _, q, _, _ in rows), name="scales")
    right = 0
    for _, question, text, state in rows:
        meaning = interpreter.interpret(text, pending=findings[question], network=network)
        right += meaning.intent == "answer" and meaning.answers[0].states == (state,)
    return right


def _rows(cls: str) -> list[tuple[str, str, str, str]]:
    return [r for r in DEVELOPMENT_38 if r[0] == cls]


def test_another_position_on_the_asked_scale_is_a_no() -> None:
    """6 of these 8 were read yes (or not at all) before: "windows lists it as ready" to "is
    the scanner offline?", "feels really firm" to "does the clutch pedal feel soft?"."""
    assert _right(_rows("scale differs")) == len(_rows("scale differs"))


def test_the_same_position_in_other_words_is_a_yes() -> None:
    assert _right(_rows("scale agrees")) == len(_rows("scale agrees"))


def test_a_graded_neighbour_is_a_no_only_when_bounded() -> None:
    assert _right(_rows("graded neighbour")) == len(_rows("graded neighbour"))


def test_a_restatement_in_the_questions_words_is_left_to_the_negation() -> None:
    """ "i dont smell any burning" to "can you smell burning?": the scales do not read the
    question's own word (on FloDial dev, "burning" and "hot room" turned 13 readings when they
    did)."""
    assert _right(_rows("restated")) == len(_rows("restated"))


def _at(scale: str, index: int, size: int, graded: bool = False) -> Position:
    return Position(scale, index, 0, size, "", graded)


def test_compare_on_an_ordered_scale() -> None:
    hot = _at("temperature", 4, 5, graded=True)
    warm = _at("temperature", 3, 5, graded=True)
    cold = _at("temperature", 0, 5, graded=True)
    assert compare([warm], [hot]) == (1, "temperature")  # further out agrees
    assert compare([hot], [cold]) == (-1, "temperature")
    assert compare([hot], [warm]) is None  # a neighbour blurs ...
    assert compare([hot], [warm], bounded=True) == (-1, "temperature")  # ... unless bounded
    # the answer says yes on one shared scale and no on another: nothing decided
    assert compare([hot, _at("light", 0, 2)], [hot, _at("light", 1, 2)]) is None


def test_stop_38_development_rows_keep_their_total() -> None:
    """28 of 29 at the end of stop 38 (12 of 29 on the reader before it; the miss: "it goes
    straight to the lock screen when i press the button" to "does the tablet turn on?", not
    read, was a no)."""
    assert _right(DEVELOPMENT_38) >= 28


def test_stop_38_held_out_rows_keep_their_total() -> None:
    """Written before stop 38's reader changes and measured once at the end (2026-11-27): 20
    of 25 (another position on the scale 14/14, the same position 4/4, classes not planned
    2/7); on the reader at the start of the stop, 11 of 25 (8, 2, 1), 5 of them wrong."""
    assert _right(HELD_OUT_38) >= 20


def test_straight_to_a_screen_is_the_start_up_asked_not_instead() -> None:
    """ "it goes straight to the lock screen when i press the button" to "does the tablet
    turn on?" was read as a no (stop 37's "instead": "goes straight to"), a confident wrong
    fix; now it is not read as a no. "goes straight to windows" to "does it show the bios
    screen?" stays a no (the question asks to see a screen)."""
    rows = _rows("straight to")
    network, findings = questions_network((q for _, q, _, _ in rows), name="scales")
    for _, question, text, state in rows:
        meaning = interpreter.interpret(text, pending=findings[question], network=network)
        read = meaning.answers[0].states if meaning.intent == "answer" else None
        assert read != (("no",) if state == "yes" else ("yes",)), (question, text)
