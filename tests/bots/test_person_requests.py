"""A person asked for in the user's own words, and "is anyone there?", read for what they are.

Stop 37's probes (lead13): "this isnt working, please put me through to a human" was not
understood and the question came again; "anyone there?" got a how-to-check passage for its
question mark; "escalate this please" was read as a "yes". The table is
``person_request_table`` (development rows and held-out rows, written together before the
reader changed; the held-out rows are only measured)."""

from __future__ import annotations

import pytest

from . import person_request_table as table
from .test_language_offline import read


def asks_for_person(text: str) -> bool:
    return read(text, "power").intent == "human"


@pytest.mark.parametrize("text", table.DEV_ASKS)
def test_a_request_for_a_person_is_read_as_one(text: str) -> None:
    assert asks_for_person(text)


@pytest.mark.parametrize("text", table.DEV_NOT_ASKS)
def test_a_person_mentioned_is_not_a_request(text: str) -> None:
    assert not asks_for_person(text)


def test_held_out_requests() -> None:
    asks = [t for t in table.HELD_OUT_ASKS if asks_for_person(t)]
    mentions = [t for t in table.HELD_OUT_NOT_ASKS if asks_for_person(t)]
    print(
        f"held-out: {len(asks)}/{len(table.HELD_OUT_ASKS)} requests read, "
        f"{len(mentions)}/{len(table.HELD_OUT_NOT_ASKS)} mentions taken for requests"
    )
    assert len(asks) >= 0.9 * len(table.HELD_OUT_ASKS)
    assert not mentions


@pytest.mark.parametrize(
    "text", ["hello?", "anyone there?", "is anyone there", "are you still there", "hello??? anyone"]
)
def test_checking_we_are_there_is_neither_an_answer_nor_a_question_back(text: str) -> None:
    meaning = read(text, "power")
    assert meaning.intent == "greeting" and meaning.answers == ()


@pytest.mark.parametrize(("text", "state"), [("yes i think so?", "yes"), ("no not really?", "no")])
def test_an_answer_with_a_rising_tone_is_an_answer(text: str, state: str) -> None:
    meaning = read(text, "power")
    assert meaning.intent == "answer" and meaning.answers[0].states == (state,)
