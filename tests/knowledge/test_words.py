"""The shared words module: every reader of text stems and drops words the same way."""

from __future__ import annotations

import pytest

from bots import crypto
from bots.language import text as reading
from knowledge import words
from knowledge.construction.offline import language as construction
from knowledge.retrieval import text as retrieval

# Inflections a user and a guide use for one thing: each group must meet at one stem.
SAME = [
    ("printer", "printers"),
    ("jam", "jams", "jammed", "jamming"),
    ("drive", "drives", "driving"),
    ("battery", "batteries"),
    ("crash", "crashes", "crashed"),
    ("overheat", "overheats", "overheating", "overheated"),
    ("use", "using", "used"),
    ("whistle", "whistling"),
    ("spin", "spins", "spinning"),
    ("proper", "properly"),
]
# Words that only look inflected: they must keep their own stem.
APART = [("bus", "bu"), ("glass", "glas"), ("this", "thi"), ("gas", "ga")]


@pytest.mark.parametrize("group", SAME)
def test_inflections_meet(group: tuple[str, ...]) -> None:
    assert len({words.stem(w) for w in group}) == 1, {w: words.stem(w) for w in group}


@pytest.mark.parametrize(("word", "not_stem"), APART)
def test_look_alikes_keep_their_stem(word: str, not_stem: str) -> None:
    assert words.stem(word) != not_stem


def test_contractions_spelt_out_with_or_without_apostrophe() -> None:
    for said in ("it doesn't spin", "it doesnt spin", "it does not spin", "it doesn’t spin"):
        assert words.tokens(words.normalise(said)) == ["it", "does", "not", "spin"]


def test_possessive_dropped_and_compounds_kept() -> None:
    assert words.tokens(words.normalise("The router's Wi-Fi light, pain 7/10")) == [
        "the",
        "router",
        "wi-fi",
        "light",
        "pain",
        "7/10",
    ]


def test_any_script_is_tokenised() -> None:
    assert words.tokens(words.normalise("Écran noir après mise à jour")) == [
        "écran",
        "noir",
        "après",
        "mise",
        "à",
        "jour",
    ]


def test_every_reader_uses_the_one_stemmer() -> None:
    for module in (reading, retrieval, construction):
        assert module.stem is words.stem
    assert crypto.words("Printers jammed") == [words.stem("printer"), words.stem("jam")]


def test_routing_drops_request_filler_that_answers_keep() -> None:
    complaint = "please help, my laptop has had a problem for two days, it keeps overheating"
    assert words.content_words(complaint, retrieval.STOP_WORDS) == {"laptop", "overheat"}
    # In an answer "working" and "since" carry the meaning, so the reader keeps them.
    assert {"work", "sinc"} <= words.content_words("it was working since monday")


def test_contractions_typed_without_apostrophes() -> None:
    # "theres" once routed a ticking noise to the chart whose statement starts "There is".
    said = "theres a tick and thats new, im sure ive heard it, youre right its loud"
    expected = "there is a tick and that is new i am sure i have heard it you are right its loud"
    assert words.tokens(words.normalise(said)) == expected.split(" ")
