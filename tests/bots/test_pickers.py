"""Typed replies to a list of choices (:mod:`bots.pickers`): that none fits, in the words people
use, is "none"; being undecided between the choices is not."""

from __future__ import annotations

import pytest

from bots.pickers import NONE, pick

LABELS = ["Laptop does not power on", "Laptop overheating", "Laptop battery", "Something else"]


@pytest.mark.parametrize(
    "text",
    [
        "none of those really",
        "neither",
        "doesnt fit any of them",  # stop 37: read as more words about the problem
        "it isnt any of them",
        "no its different",
        "i dont see mine there",
        "not there",
        "its a different problem",
        "not sure, none of those really",
    ],
)
def test_none_fits(text: str) -> None:
    assert pick(text, LABELS) == NONE


@pytest.mark.parametrize(
    "text",
    [
        "not sure which one of these",  # read as "none" before stop 37
        "it could be any of them",
        "i dont know which one of them",
    ],
)
def test_undecided_is_not_none(text: str) -> None:
    assert pick(text, LABELS) != NONE


@pytest.mark.parametrize(
    ("text", "index"), [("the battery one please", 2), ("2", 1), ("the first one", 0)]
)
def test_a_choice_named(text: str, index: int) -> None:
    assert pick(text, LABELS) == index
