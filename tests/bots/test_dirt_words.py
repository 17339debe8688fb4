"""What builds up on a battery terminal said in lay words is "dirty" (lead19: "theres a bit of
white crusty stuff on one of them" to "Are the battery terminals dirty?" was not understood;
"crusty" was read only by its pronoun, and "there is a bit of" lost even that)."""

from __future__ import annotations

import pytest

from .chart_replies import read_reply

ROWS = [
    ("theres a bit of white crusty stuff on one of them", "yes"),
    ("theres a lot of gunk on them", "yes"),
    ("white powdery stuff round the clamps", "yes"),
    ("theyre all caked up", "yes"),
    ("no theyre clean", "no"),
    ("spotless", "no"),
]


@pytest.mark.parametrize(("reply", "state"), ROWS)
def test_dirt_in_lay_words(reply: str, state: str) -> None:
    finding, meaning = read_reply("car_wont_start", "terminals dirty", reply)
    answer = meaning.answer_for(finding)
    assert answer is not None and answer.states == (state,)
