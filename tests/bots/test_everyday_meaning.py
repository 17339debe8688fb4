"""The everyday-complaint reader by meaning and the nurse's generic row (stop 47): no DDXPlus
presentation is taken from the pack, another illness said beside it gives the case back, the
flags raise the level, and the screen's questions hold no complaint's words."""

from __future__ import annotations

import re

import pytest

from bots.conversation.everyday import pack_complaints
from bots.conversation.nurse_questions import QUESTIONS
from bots.language import encoder
from bots.safety.everyday_meaning import everyday
from bots.safety.minor_care import minor_care
from knowledge.datasets import ddxplus

needs_encoder = pytest.mark.skipif(not encoder.available(), reason="no sentence encoder")


@pytest.fixture(scope="module")
def texts() -> tuple[str, ...]:
    return pack_complaints(ddxplus.load_network("dev"))


@needs_encoder
def test_no_ddxplus_evidence_reads_as_everyday(texts: tuple[str, ...]) -> None:
    """Every evidence's question and the patient's statement of it (a DDXPlus opening) stay
    with the pack."""
    catalog = ddxplus.load_catalog()
    taken = [
        said
        for evidence in catalog.evidences.values()
        for said in (evidence.question, ddxplus.complaint_text(evidence.question))
        if everyday(said, texts) is not None
    ]
    assert not taken, taken


@needs_encoder
def test_everyday_openings_read(texts: tuple[str, ...]) -> None:
    for said in ("cant get rid of these hiccups", "my son has a verruca on his foot"):
        found = everyday(said, texts)
        assert found is not None, said
    for said in ("dry cough and a sore throat", "my heart keeps skipping beats"):
        assert everyday(said, texts) is None, said


@pytest.mark.parametrize(
    ("text", "level"),
    [
        ("cant get rid of these hiccups", "self-care"),
        ("hiccups all day and im 20 weeks pregnant", "urgent"),
        ("my 3 month old has hiccups", "urgent"),
        ("im on chemo and have a cold sore", "urgent"),
        ("piles and they are still bleeding", "urgent"),
        ("cold sore and its getting much worse quickly", "urgent"),
        # Another illness said beside it: the pack's causes decide.
        ("hiccups and a cough", None),
        ("cold sore and a fever", None),
        # A row of the table comes first.
        ("stung by a wasp on my hand", "self-care"),
    ],
)
def test_generic_row(text: str, level: str | None) -> None:
    care = minor_care(text, everyday=True)
    assert (care.level if care else None) == level
    assert minor_care("cant get rid of these hiccups") is None  # not read by meaning: no row


def test_not_pregnant_is_no_flag() -> None:
    care = minor_care("cold sore on my lip, im not pregnant", everyday=True)
    assert care is not None and care.level == "self-care"


def test_straining_on_the_toilet_is_no_injury() -> None:
    assert minor_care("bunged up and straining on the loo all week") is None


def test_hangover_is_no_headache_row() -> None:
    care = minor_care("massive hangover and my head is pounding", everyday=True)
    assert care is not None and care.kind == "everyday"


def test_screen_words_are_no_complaints() -> None:
    """A patient skimming for their complaint's word says yes to a question holding it
    (stop 41): the generic screen names none of the everyday complaints' words."""
    words = re.compile(r"\b(?:pain\w*|sore|skin|itch\w*|sleep\w*|drink\w*|sick|head|tummy|poo)\b")
    for question in QUESTIONS["everyday"]:
        assert not words.search(question.text.lower()), question.text
