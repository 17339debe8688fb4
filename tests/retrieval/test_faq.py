"""Answering "how do I check that?" from the FloDial packs' FAQ passages."""

from __future__ import annotations

import pytest

from knowledge.packs.validate import ValidPack
from knowledge.retrieval.faq import FaqAnswer, answer_how_to_check, split_faq
from knowledge.search.embedded import EmbeddedBackend
from planning.network import EvidentialNetwork, Finding


@pytest.fixture(scope="module")
def laptop(flodial_packs: list[ValidPack]) -> EvidentialNetwork:
    return next(p for p in flodial_packs if p.name == "it-laptop").network


@pytest.fixture(scope="module")
def car(flodial_packs: list[ValidPack]) -> EvidentialNetwork:
    return next(p for p in flodial_packs if p.name == "car").network


@pytest.mark.parametrize(
    ("finding", "passage", "faq_question"),
    [
        ("lcd_problem:q11", "it-laptop:lcd_problem:faq#2", "How to check laptop LCD's inverter?"),
        (
            "wireless:q1",
            "it-laptop:wireless:faq#0",
            "How do I check if my laptop can see the wireless network?",
        ),
        (
            "laptop_battery:q8",
            "it-laptop:laptop_battery:faq#5",
            "How do I check my laptop battery's manufacture date?",
        ),
    ],
)
def test_finds_the_faq_that_explains_a_question(
    pack_store: EmbeddedBackend,
    laptop: EvidentialNetwork,
    finding: str,
    passage: str,
    faq_question: str,
) -> None:
    answer = answer_how_to_check(finding, laptop, pack_store, "it-laptop")
    assert isinstance(answer, FaqAnswer)
    assert answer.passage_id == passage
    assert answer.question == faq_question
    assert answer.answer and not answer.answer.startswith("A:")
    assert answer.citation.passage_id == passage
    assert answer.citation.document_id == passage.rpartition("#")[0]


def test_finds_an_faq_by_search_alone(pack_store: EmbeddedBackend, car: EvidentialNetwork) -> None:
    # A question written for this test: no citation, no how_to_check, its own wording.
    finding = Finding(id="probe", question="Is the brake fluid level low in the reservoir?")
    answer = answer_how_to_check(finding, car, pack_store, "car")
    assert answer is not None and not answer.cited
    assert answer.passage_id == "car:brake_problem:faq#2"
    assert answer.question == "How do I check the brake fluid level?"
    assert answer.overlap >= 0.34


def test_unrelated_question_gets_no_answer(
    pack_store: EmbeddedBackend, laptop: EvidentialNetwork, car: EvidentialNetwork
) -> None:
    engine = next(f for f in car.findings if "thermostat" in f.question.lower())
    assert answer_how_to_check(engine, car, pack_store, "it-laptop") is None
    unrelated = Finding(id="probe", question="Did you feed the cat this morning?")
    assert answer_how_to_check(unrelated, laptop, pack_store, "it-laptop") is None


def test_lexical_near_miss_from_another_chart_is_rejected(
    pack_store: EmbeddedBackend, laptop: EvidentialNetwork
) -> None:
    # Shares "laptop" and "connection" with a Wi-Fi FAQ, which does not explain it.
    finding = laptop.finding("lcd_problem:q19")
    assert answer_how_to_check(finding, laptop, pack_store, "it-laptop") is None


def test_answer_is_restricted_to_the_pack(
    pack_store: EmbeddedBackend, laptop: EvidentialNetwork
) -> None:
    answer = answer_how_to_check("wireless:q2", laptop, pack_store, None)
    assert answer is not None and answer.passage_id.startswith("it-laptop:wireless:faq#")
    assert answer_how_to_check("wireless:q2", laptop, pack_store, "car") is None


def test_bad_arguments(pack_store: EmbeddedBackend, laptop: EvidentialNetwork) -> None:
    with pytest.raises(KeyError, match="nope"):
        answer_how_to_check("nope", laptop, pack_store, "it-laptop")
    with pytest.raises(ValueError, match="min_overlap"):
        answer_how_to_check("wireless:q2", laptop, pack_store, "it-laptop", min_overlap=2.0)


def test_split_faq() -> None:
    assert split_faq("Q: How?\nA: Like this.\nAnd so.") == ("How?", "Like this.\nAnd so.")
    assert split_faq("Just prose.") == ("", "Just prose.")
