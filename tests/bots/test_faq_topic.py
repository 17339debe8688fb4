""" "How do I check that?" is never answered with an FAQ about something else.

Stop 47 (lead23): to "Is there a leak at the car's water pump?" a user who did not know where
the pump is was shown "It is not safe to drive a car with an exhaust leak ..." as how to check
it. The search gate counts shared words ("leak", "car"); the service also asks the sentence
encoder whether a passage found by search is about the question
(:mod:`bots.language.faq_topic`, threshold chosen on FloDial dev's table, where it keeps every
FAQ the agents used: ``python -m evaluation.how_to_check``).
"""

from __future__ import annotations

from typing import Any

import pytest

from bots.language import encoder
from bots.language.faq_topic import MIN_SIMILARITY, about_the_question
from knowledge.packs.store import load_network
from planning.network import Finding

pytestmark = pytest.mark.skipif(not encoder.available(), reason="the MiniLM wheel is missing")


@pytest.mark.parametrize(
    ("question", "faq"),
    [
        (
            "Is there a leak at the car's water pump?",
            "Is it safe to drive my car with an exhaust leak?",
        ),
        (
            "Does your Windows boot and display the desktop?",
            "How do I boot my Windows in Safe Mode?",
        ),
        (
            "Did your laptop hard drive start making clunking noises recently?",
            "How do I check if the hard drive is being detected in the BIOS?",
        ),
    ],
)
def test_a_passage_about_another_thing_is_not_about_the_question(question: str, faq: str) -> None:
    assert not about_the_question(question, faq)


@pytest.mark.parametrize(
    ("question", "faq"),
    [
        (
            "Is there an open circuit with your car's key in 'run/ON' position?",
            "How do I check if there is an open circuit?",
        ),
        ("Is the network router active and in range?", "How do I check if the router is in range?"),
        (
            "Is the antifreeze level in your overflow tank up to the mark?",
            "How do I check antifreeze level?",
        ),
    ],
)
def test_a_passage_about_the_question_is(question: str, faq: str) -> None:
    assert about_the_question(question, faq), MIN_SIMILARITY


def test_the_service_gives_no_unrelated_passage(
    service_factory: Any, packs: tuple[str, ...]
) -> None:
    service = service_factory()
    network = load_network("it-laptop")
    finding = network.finding("lcd_problem:q7")  # "... boot without displaying anything?"
    text, source = service.grounding.how_to_check("it-laptop", finding, network)
    assert "safe mode" not in text.lower() and (source is None or "Safe Mode" not in source.title)
    # A passage search finds about the question is still given (no citation to lean on).
    bare = Finding(id="bare", question="Is the network router active and in range?")
    text, source = service.grounding.how_to_check("it-laptop", bare, network)
    assert source is not None and "range" in source.title.lower(), (text, source)


@pytest.mark.parametrize(
    ("finding_id", "unrelated"),
    [
        ("laptop_overheating:q2", "air vents"),  # "... in a hot environment?"
        ("laptop_drive:q16", "corrupt"),  # "... do you see the splash screen?"
    ],
)
def test_a_cited_passage_about_another_thing_is_not_given(
    service_factory: Any, packs: tuple[str, ...], finding_id: str, unrelated: str
) -> None:
    # FloDial's citations are our own word overlap, not an author's link (stop 48).
    service = service_factory()
    network = load_network("it-laptop")
    finding = network.finding(finding_id)
    text, source = service.grounding.how_to_check("it-laptop", finding, network)
    shown = f"{text} {source.title if source else ''}".lower()
    assert unrelated not in shown, (text, source)
