"""One kind of noise is not another (stop 45).

lead21: "its a squeak" and "more of a whine really" were read as yes to "Do you hear a clunking
noise from your car, as opposed to ticking noise?": the reader's lexicon puts every kind of
noise on one side of the noise-or-quiet group, so a squeak was the "same state" as a clunk,
and the question's own "noise" matched any kind. Now each kind has its near-synonyms
(``bots.language.lexicon.NOISE_KINDS``: a knock is a clunk, a crunch a grind), and where the
question names a kind, another kind said is not its state. A question about any noise still
takes any kind. The held-out rows were written before the change and are scored once.
"""

from __future__ import annotations

import pytest

from .chart_replies import read_state

CLUNK = ("ticking", "clunking noise")
SQUEAL = ("brake_problem", "squealing noise")
CLUNKS = ("brake_problem", "hear clunks")
GRIND = ("brake_problem", "scrape or grind")
RATTLE = ("brake_problem", "rattling noise")

# (question, reply): another kind of noise, never a yes
NOT_THIS_KIND = [
    (CLUNK, "its a squeak"),
    (CLUNK, "more of a whine really"),
    (SQUEAL, "its more of a grinding"),
    (CLUNKS, "no its a high pitched squeal"),
]
# (question, reply): the same kind in other words, still a yes
THIS_KIND = [
    (CLUNK, "sort of a knocking"),
    (CLUNKS, "a heavy thud every time"),
    (GRIND, "a crunching yeah"),
    (SQUEAL, "yes a horrible screech"),
]
HELD_OUT = [
    (SQUEAL, "nah its more of a low hum", False),
    (RATTLE, "more like a squeak", False),
    (CLUNK, "a high pitched whistle", False),
    (CLUNKS, "knocking sound yes", True),
    (GRIND, "metal scraping yeah", True),
]


@pytest.mark.parametrize(("question", "reply"), NOT_THIS_KIND, ids=[r for _, r in NOT_THIS_KIND])
def test_another_kind_of_noise_is_no_yes(question: tuple[str, str], reply: str) -> None:
    assert read_state(*question, reply) != ("yes",)


@pytest.mark.parametrize(("question", "reply"), THIS_KIND, ids=[r for _, r in THIS_KIND])
def test_the_same_kind_in_other_words_is_a_yes(question: tuple[str, str], reply: str) -> None:
    assert read_state(*question, reply) == ("yes",)


def test_held_out() -> None:
    """Scored and printed, not asserted (module docstring)."""
    got = [(read_state(*q, r) == ("yes",)) == want for q, r, want in HELD_OUT]
    print(f"held-out noise kinds: {sum(got)}/{len(got)}")
