"""A state under a condition: the answer's condition against the question's (stop 41).

"i only hear it when turning into a parking space, not over bumps" to "do you hear a clunk
over bumps?" was read yes (the state restated), "it only runs on ac, as soon as i unplug it it
is dead" to "does the laptop work only when plugged in?" no (a fault word), "they get brighter
when i rev" to "do the headlights dim at idle and brighten when you rev?" no (brighter is the
opposite of dim), "only when im turning" to "a noise only over bumps?" yes. The question is
read into (state, condition) pairs and the answer into the conditions it says the state
under (``bots/language/conditions.py``); a yes needs the answer's condition to be the asked
one. Numbers: docs/answer-reader.md, "Stop 41".
"""

from __future__ import annotations

import pytest

from bots.language.reader import read_answer


@pytest.mark.parametrize(
    ("question", "answer", "polarity"),
    [
        # another condition, the asked one denied beside it
        (
            "Do you hear a clunk over bumps?",
            "i only hear it when turning into a parking space, not over bumps",
            -1,
        ),
        (
            "Does the car pull only when braking?",
            "it pulls when i accelerate, not when braking",
            -1,
        ),
        (
            "Does the engine rattle only on startup?",
            "it rattles whenever i accelerate, not at startup",
            -1,
        ),
        # the state fails under the excluded condition: it holds only under the asked one
        (
            "Does the laptop work only when plugged in?",
            "it only runs on ac, as soon as i unplug it it is dead",
            1,
        ),
        # the state under the opposite of the asked condition
        (
            "Does the noise only happen when the engine is cold?",
            "only when its warmed up, first thing in the morning its quiet",
            -1,
        ),
        # a restriction to a condition of another kind (read hedged)
        ("Does the noise happen only over bumps?", "only when im turning", -1),
        ("Do you hear a clunk over bumps?", "only when im turning into a parking space", -1),
        # the state under another condition besides
        (
            "Does the battery drain only overnight?",
            "it drains during the day too while im using it",
            -1,
        ),
        (
            "Does the drill only overheat on long jobs?",
            "after a couple of minutes its hot, even on short jobs",
            -1,
        ),
        # one of two (state, condition) pairs said
        (
            "Do the headlights dim at idle and brighten when you rev?",
            "they get brighter when i rev",
            1,
        ),
    ],
)
def test_the_answer_condition_decides(question: str, answer: str, polarity: int) -> None:
    assert read_answer(answer, question).polarity == polarity


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        # said under a condition the question does not name: it may be the asked one in
        # other words ("only in the wet" to "only when it rains?"), so neither yes nor no
        ("Does the noise happen only over bumps?", "driving straight its silent"),
        ("Does the squeak only happen when it rains?", "only when its windy"),
    ],
)
def test_another_condition_alone_is_not_read(question: str, answer: str) -> None:
    assert read_answer(answer, question).polarity == 0


@pytest.mark.parametrize(
    ("question", "answer", "polarity"),
    [
        # the asked condition said: the older readings still read it
        ("Does the car pull only when braking?", "it pulls when i brake, not when i accelerate", 1),
        ("Does the steering shake only when braking?", "i only feel it when i brake", 1),
        ("Does the printer only jam on thick paper?", "it jams on normal paper as well", -1),
        (
            "Does the noise only happen when the engine is cold?",
            "only first thing, once warm its quiet",
            1,
        ),
    ],
)
def test_the_asked_condition_is_still_read(question: str, answer: str, polarity: int) -> None:
    assert read_answer(answer, question).polarity == polarity
