"""A reply that gives both answers ("sometimes yes, sometimes no", "it depends") is read as
not sure, never as whichever answer word the reader met first (``both_answers_table``)."""

from __future__ import annotations

import pytest

from . import both_answers_table as table
from .test_language_offline import read


def states(text: str) -> tuple[str, ...] | None:
    meaning = read(text, "power")
    if meaning.intent != "answer" or not meaning.answers:
        return None
    return meaning.answers[0].states


def is_unsure(text: str) -> bool:
    meaning = read(text, "power")
    return meaning.intent == "answer" and meaning.answers[0].states is None


@pytest.mark.parametrize("text", table.DEV_BOTH)
def test_both_answers_at_once_are_read_as_not_sure(text: str) -> None:
    assert is_unsure(text), read(text, "power")


@pytest.mark.parametrize(("text", "state"), table.DEV_KEEP)
def test_a_reply_that_takes_a_side_keeps_it(text: str, state: str) -> None:
    assert states(text) == (state,)


def test_held_out_both_answers() -> None:
    both = [t for t in table.HELD_OUT_BOTH if is_unsure(t)]
    kept = [t for t, s in table.HELD_OUT_KEEP if states(t) == (s,)]
    print(
        f"held-out: {len(both)}/{len(table.HELD_OUT_BOTH)} both-answers read as not sure, "
        f"{len(kept)}/{len(table.HELD_OUT_KEEP)} sided replies kept"
    )
    assert len(both) >= 0.8 * len(table.HELD_OUT_BOTH)
    assert len(kept) == len(table.HELD_OUT_KEEP)


@pytest.mark.parametrize("text", ["sometimes yes, sometimes no", "it varies", "yes and no"])
def test_both_answers_to_an_always_question_say_not_always(text: str) -> None:
    # FloDial dev: "Sometimes it doesn't run while it's on. But at other times it does." to
    # "Is your laptop fan running all the time ...?" is labelled no.
    from bots.language.reader import read_answer

    question = "Is your laptop fan running all the time when you use the laptop?"
    assert read_answer(text, question).polarity == -1
