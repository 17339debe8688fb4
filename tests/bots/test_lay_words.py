"""Symptoms said in everyday words are read as the intake's questions about them, through the
pack's reader and through the conversation service (tests/bots/lay_words_table.py)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from bots.language.lay_words import SYMPTOMS, _finding, lay_facts
from bots.language.volunteer import volunteered_facts
from bots.messages import Inbound

from .lay_words_table import DEVELOPMENT, HELD_OUT, QUESTIONS, Row

SYMPTOM = {finding: name for name, finding in QUESTIONS.items()}


def _scores(network: Any, rows: list[Row]) -> tuple[float, float]:
    right = read = wanted = 0
    for text, facts in rows:
        got = {
            SYMPTOM[a.finding]: a.states == ("yes",)
            for a in lay_facts(text, network)
            if a.finding in SYMPTOM
        }
        read += len(got)
        wanted += len(facts)
        right += sum(facts.get(name) == said for name, said in got.items())
    return right / max(read, 1), right / max(wanted, 1)


def test_each_symptom_names_exactly_the_question_the_table_scores(packs: Any) -> None:
    from knowledge.packs.store import load_network

    network = load_network("patient-intake")
    named = {_finding(network, re.compile(s.question, re.IGNORECASE)) for s in SYMPTOMS}
    assert {f.id for f in named if f is not None} == set(QUESTIONS.values())


def test_lay_words_read_with_precision_on_rows_not_developed_on(packs: Any) -> None:
    from knowledge.packs.store import load_network

    network = load_network("patient-intake")
    dev = _scores(network, DEVELOPMENT)
    held = _scores(network, HELD_OUT)
    print(f"lay words: development P/R {dev}; held-out P/R {held}")
    # Measured: development 1.0 / 1.0; held-out 0.957 / 0.846 (written before the first run).
    assert dev[0] >= 0.97 and dev[1] >= 0.95, dev
    assert held[0] >= 0.9 and held[1] >= 0.75, held


def test_a_flowchart_pack_reads_no_symptoms(packs: Any) -> None:
    from knowledge.packs.store import load_network

    said = "my laptop has a temperature, feels sick and the screen looks bloodshot"
    assert lay_facts(said, load_network("it-laptop")) == ()


def test_a_temperature_in_words_is_a_fever_and_a_number_is_read_by_its_value(packs: Any) -> None:
    from knowledge.packs.store import load_network

    network = load_network("patient-intake")
    fever = QUESTIONS["fever"]

    def read(text: str) -> dict[str, tuple[str, ...] | None]:
        return {a.finding: a.states for a in volunteered_facts(text, network)}

    assert read("sore throat and a temperature since yesterday").get(fever) == ("yes",)
    assert read("no temperature, just a blocked nose").get(fever) == ("no",)
    assert read("a temperature of 37.1 this morning").get(fever) == ("no",)
    assert fever not in read("not sure if its a temperature or just the heating")


def test_sweating_is_read_and_what_is_worn_is_not(packs: Any) -> None:
    from knowledge.packs.store import load_network

    network = load_network("patient-intake")
    sweating = QUESTIONS["sweating"]

    def said(text: str) -> bool:
        return any(a.finding == sweating for a in lay_facts(text, network))

    assert said("night sweats and really clammy") and said("sweating buckets all night")
    assert not said("im freezing even in two sweaters")
    assert not said("sat in my sweatshirt and sweatpants all day shivering")


@pytest.mark.django_db
def test_the_intake_does_not_ask_what_the_opening_said_in_everyday_words(
    service_factory: Any,
) -> None:
    service = service_factory()
    thread = "lay-words"
    opening = "ive been croaky for a few days with a bit of a temperature and i feel sick"
    reply = service.handle(Inbound("web", thread, opening, user_id="u1", pack="patient-intake"))
    said = {QUESTIONS["fever"], QUESTIONS["hoarse"], QUESTIONS["nausea"]}
    shown = " ".join(reply.parts).lower()
    assert "noted" in shown and "fever" in shown, shown
    asked = []
    for _ in range(6):
        if reply.kind != "question" or reply.question is None:
            break
        asked.append(reply.question)
        reply = service.handle(Inbound("web", thread, "", button="answer:unsure", user_id="u1"))
    assert asked and not said & set(asked), asked


def test_everyday_words_stand_over_a_restatement_read_the_other_way(packs: Any) -> None:
    from knowledge.packs.store import load_network

    network = load_network("patient-intake")
    read = {a.finding: a.states for a in volunteered_facts("i cant smell anything", network)}
    assert read.get(QUESTIONS["smell"]) == ("yes",)


def test_words_that_look_like_a_symptom_but_are_not(packs: Any) -> None:
    from knowledge.packs.store import load_network

    network = load_network("patient-intake")
    for said, symptom in (
        ("been dieting and lost weight, going well", "weight_loss"),
        ("its chilly out this morning and i have a sore throat", "chills"),
        ("im freezing even in two sweaters", "sweating"),
        # Blown out of the nose: nasal discharge, not sputum (stop 37).
        ("blocked nose for 10 days, blowing out thick yellow stuff", "sputum"),
        ("nose streaming thick green snot", "sputum"),
    ):
        read = {a.finding for a in lay_facts(said, network)}
        assert QUESTIONS[symptom] not in read, said


def test_the_noses_coloured_discharge_rows_written_before_the_change(packs: Any) -> None:
    """Stop 46's held-out rows (lay_words_table.HELD_OUT_46), scored once and printed;
    asserted: nothing read wrong."""
    from knowledge.packs.store import load_network

    from .lay_words_table import HELD_OUT_46

    precision, recall = _scores(load_network("patient-intake"), HELD_OUT_46)
    print(f"lay words held-out 46: P/R {precision:.3f} / {recall:.3f}")
    assert precision == 1.0
