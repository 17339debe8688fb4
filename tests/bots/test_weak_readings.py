"""Restatements (weak readings) read as users write them.

``evaluation/tables/weak_tables.py``: classes of restatement that went wrong on the crowd
training tables (a question asking about a negated state; "the same whether ... or not" to a
question about a change; a reading in the question's unit beside other numbers). The
development part is held to its total (one row is still misread: "it pulls the paper in fine,
the problem is the smudges" to "not picking up paper?"); the held-out part was measured once
(docs/answer-reader.md, "Stop 33").
"""

from __future__ import annotations

from bots.language import OfflineInterpreter
from evaluation.answer_model import questions_network
from evaluation.tables.weak_tables import (
    DEVELOPMENT,
    DEVELOPMENT_34,
    DEVELOPMENT_35,
    HELD_OUT,
    HELD_OUT_34,
    HELD_OUT_35,
)

interpreter = OfflineInterpreter(volunteer=False, learned=False)


def _right(rows: list[tuple[str, str, str, str]]) -> int:
    network, findings = questions_network((q for _, q, _, _ in rows), name="weak")
    right = 0
    for _, question, text, state in rows:
        meaning = interpreter.interpret(text, pending=findings[question], network=network)
        right += meaning.intent == "answer" and meaning.answers[0].states == (state,)
    return right


def test_development_rows_keep_their_total() -> None:
    """24 of 24 after stop 34 (23 after stop 33's rules; 12 of 24 before them)."""
    assert _right(DEVELOPMENT) >= 24


def test_the_negated_question_class_reads_both_ways() -> None:
    rows = [r for r in DEVELOPMENT if r[0] == "negated question" and "printer" not in r[1]]
    assert _right(rows) == len(rows)


def test_held_out_rows_keep_their_total() -> None:
    """Measured once after the change (2026-11-26): 17 of 22; before it, 13 of 22."""
    assert _right(HELD_OUT) >= 17


def test_stop_34_development_rows_keep_their_total() -> None:
    """18 of 19 after stop 34's rules (affirmed against a negated question, stays or changes,
    degree, a leading condition, sounds, uneven, at once, broader); 8 of 19 before them. The
    miss: "all the buttons click fine, its the scroll wheel thats weird" to "are some of the
    mouse buttons not clicking?"."""
    assert _right(DEVELOPMENT_34) >= 18


def test_a_too_question_reads_the_degree_both_ways() -> None:
    rows = [r for r in DEVELOPMENT_34 if r[0] == "degree"]
    assert _right(rows) == len(rows)


def test_stop_34_held_out_rows_keep_their_total() -> None:
    """Measured once after the change (2026-11-26): 16 of 20; before it, 12 of 20."""
    assert _right(HELD_OUT_34) >= 16


def test_stop_35_yes_said_after_the_statement() -> None:
    """A yes said after the statement agrees with it: "its a bit loud yeah" to "too loud?" is
    a yes (the degree rule read it no), "its quiet yeah" stays a no."""
    rows = [r for r in DEVELOPMENT_35 if r[0] == "yes said after"]
    assert _right(rows) == len(rows)


def test_stop_35_a_change_told_as_a_sequence_of_states() -> None:
    """ "it stays quiet until 40 then gets louder" to "does the noise change with speed?" is a
    yes (it read no: "stays" against "change"); a state that holds on after it is a no."""
    rows = [r for r in DEVELOPMENT_35 if r[0] == "changes in sequence"]
    assert _right(rows) == len(rows)


def test_stop_35_a_fault_named_instead_of_what_was_asked() -> None:
    """ "it jams halfway and stops" to "does the printer feed the paper through?" is a no (read
    yes: a short reply about "it"); a fault still answers a question about a problem yes, and
    "it fires then dies" says the asked thing happened."""
    rows = [r for r in DEVELOPMENT_35 if r[0] == "fault instead"]
    assert _right(rows) == len(rows)


def test_stop_35_only_under_another_or_the_excluded_condition() -> None:
    """ "only works with the button on the dashboard" to "does it go off with the key fob?" and
    "it only hurts when i lift" to "... even when you are not lifting?" are no."""
    rows = [r for r in DEVELOPMENT_35 if r[0] == "only otherwise"]
    assert _right(rows) == len(rows)


def test_stop_35_held_out_rows_keep_their_total() -> None:
    """Written before stop 35's reader changes and measured once at the end (2026-11-26): 17
    of 21 (a degree beside a yes 6/6, a change as a sequence 6/6, chart answers 5/9); on the
    reader at the start of the stop, 14 of 21 (5/6, 4/6, 5/9)."""
    assert _right(HELD_OUT_35) >= 17
