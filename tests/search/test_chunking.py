"""chunk_text: exact offsets, size bounds, and boundaries that respect paragraphs and sentences."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from knowledge.search import chunk_text


def chunk(text: str, max_chars: int = 1200, overlap: int = 0) -> list[str]:
    ps = chunk_text("d", text, pack="p", kind="k", title="T", max_chars=max_chars, overlap=overlap)
    return [p.text for p in ps]


words = st.sampled_from(
    ["alpha", "beta.", "gamma!", "delta?", "e", "(zeta)", 'eta."', "θήτα", "x" * 70]
)
gaps = st.sampled_from([" ", " ", " ", "\n", "\n\n", "  \n\t\n "])
texts = st.lists(st.tuples(words, gaps), max_size=200).map(
    lambda pairs: "".join(w + g for w, g in pairs)
)


@settings(max_examples=300, deadline=None)
@given(texts, st.integers(min_value=1, max_value=300), st.data())
def test_passages_are_exact_bounded_ordered_and_cover_the_text(
    text: str, max_chars: int, data: st.DataObject
) -> None:
    overlap = data.draw(st.integers(min_value=0, max_value=max_chars - 1))
    ps = chunk_text(
        "doc", text, pack="p", kind="k", title="T", max_chars=max_chars, overlap=overlap
    )
    covered: set[int] = set()
    for i, p in enumerate(ps):
        assert p.id == f"doc#{i}" and p.ordinal == i
        assert (p.document_id, p.pack, p.kind, p.title) == ("doc", "p", "k", "T")
        assert text[p.start : p.end] == p.text
        assert 0 < len(p.text) <= max_chars
        assert p.text == p.text.strip()
        if i:
            assert p.start > ps[i - 1].start and p.end > ps[i - 1].end
            assert ps[i - 1].end - p.start <= overlap  # overlap never exceeds the budget
        covered.update(range(p.start, p.end))
    assert {i for i, c in enumerate(text) if not c.isspace()} <= covered


def test_whitespace_only_text_has_no_passages() -> None:
    assert chunk("") == []
    assert chunk(" \n\n\t ") == []


def test_short_text_is_one_passage_with_offsets_past_leading_space() -> None:
    (p,) = chunk_text("d", "\n  Hello world.  \n", pack="p", kind="k", title="T")
    assert (p.text, p.start, p.end) == ("Hello world.", 3, 15)


def test_splits_at_the_paragraph_boundary_when_both_do_not_fit() -> None:
    first = "First paragraph has one sentence. And a second one here."
    second = "Second paragraph starts. It continues for a while longer."
    assert chunk(f"{first}\n\n{second}", max_chars=80) == [first, second]


def test_prefers_a_sentence_end_to_a_mid_sentence_cut() -> None:
    text = "One two three four five six. Seven eight nine ten eleven twelve thirteen."
    assert chunk(text, max_chars=50) == [
        "One two three four five six.",
        "Seven eight nine ten eleven twelve thirteen.",
    ]


def test_overlap_starts_on_a_sentence_when_one_fits() -> None:
    text = "Aa aa aa aa. Bb bb bb. Cc cc cc cc cc. Dd dd dd dd dd dd."
    parts = chunk(text, max_chars=40, overlap=20)
    assert parts[0] == "Aa aa aa aa. Bb bb bb. Cc cc cc cc cc."
    assert parts[1].startswith("Cc cc cc cc cc. Dd")  # the whole last sentence is repeated
    # No sentence start within the budget: the overlap falls back to whole words.
    parts = chunk(text, max_chars=40, overlap=10)
    assert parts[1].startswith("cc cc cc. Dd")


def test_words_longer_than_the_budget_are_cut() -> None:
    assert chunk("a " + "x" * 25 + " b", max_chars=10) == ["a", "x" * 10, "x" * 10, "xxxxx b"]


@pytest.mark.parametrize(("max_chars", "overlap"), [(0, 0), (10, 10), (10, -1)])
def test_bad_sizes_are_refused(max_chars: int, overlap: int) -> None:
    with pytest.raises(ValueError, match=r"max_chars|overlap"):
        chunk("text", max_chars=max_chars, overlap=overlap)
