"""Answers to chart questions said in lay words are read as the same words in an opening are
(``bots.language.answer_as_fact``), and a reply about another finding is not forced onto the
question asked; the lead's two opening classes of stop 45 (one lamp out is a single lamp
failure; a machine's wheezing is no wheeze of the breath). Table:
``evaluation/tables/lay_answers.py``, written before the change; numbers in
docs/answer-reader.md, "Stop 45".
"""

from __future__ import annotations

from typing import Any

import pytest

from bots.language.volunteer import volunteered_facts
from evaluation.lay_reading import answer_verdict, score_answers
from evaluation.tables.lay_answers import (
    DEVELOPMENT_45,
    DEVELOPMENT_45_OPENINGS,
    HELD_OUT_45,
    HELD_OUT_45_OPENINGS,
    OpeningRow,
)
from knowledge.datasets import flodial


@pytest.fixture(autouse=True)
def _datasets() -> None:
    try:
        flodial.load_network("power")
    except Exception as exc:  # the shared datasets are not beside the checkout
        pytest.skip(f"FloDial charts not available: {exc}")


@pytest.mark.parametrize(
    ("chart", "node", "text", "label"),
    [
        # Read nowhere by the answer rules; the opening reader's lay words read them.
        ("laptop_overheating", "q2", "its next to a radiator in my bedroom", "yes"),
        ("lcd_problem", "q2", "when i plug it into the tv i see the logo and everything", "yes"),
        ("wireless", "q20", "it keeps dropping out every half hour or so", "yes"),
        # A fact about another finding is not this question's answer.
        ("laptop_overheating", "q6", "it shuts down after about 10 minutes of gaming", "none"),
        ("engine_overheats", "q4", "theres green fluid dripping from under the radiator", "none"),
    ],
)
def test_a_reply_in_lay_words_is_read_as_its_fact(
    chart: str, node: str, text: str, label: str
) -> None:
    assert answer_verdict(chart, node, text) == label


def test_a_fact_said_beside_a_doubt_keeps_the_doubt() -> None:
    from bots.language.cues import DOUBT_RELIABILITY
    from bots.language.offline import OfflineInterpreter

    network = flodial.load_network("laptop_overheating")
    finding = network.finding("laptop_overheating:q2")
    meaning = OfflineInterpreter().interpret(
        "not sure, its next to a radiator though", pending=finding, network=network
    )
    answer = meaning.answer_for(finding.id)
    assert answer is not None and answer.states == ("yes",)
    assert answer.reliability <= DOUBT_RELIABILITY


def test_lay_answer_tables() -> None:
    dev, dev_misses = score_answers(DEVELOPMENT_45)
    held, _ = score_answers(HELD_OUT_45)
    print(f"development {dev['all right']}/{len(DEVELOPMENT_45)}: {dev_misses}")
    print(f"held-out {held['all right']}/{len(HELD_OUT_45)}")
    # 19 of 30 before the change, 23 after; no "other" row is read onto its question that
    # was not before (3 of 6 are: the rules' weak "fine" and a word of the question).
    assert dev["all right"] >= 23, dev_misses
    assert dev["other right"] >= 3, dev_misses
    assert held["all right"] >= HELD_OUT_FLOOR


# Scored once at the end of stop 45 (docs/answer-reader.md): 20 of 26 before the change and
# after it (the held-out lay words were read by the rules already, or by neither reader).
HELD_OUT_FLOOR = 20


def _opening_score(rows: list[OpeningRow], intake: Any) -> tuple[int, list[str]]:
    good, wrong = 0, []
    for pack, text, node, must in rows:
        if pack == "patient-intake":
            network, finding = intake, node
        else:
            network, finding = flodial.load_network(pack), f"{pack}:{node}"
        read = {a.finding: a.states for a in volunteered_facts(text, network)}
        yes = read.get(finding) == (network.finding(finding).states[0],)
        if yes == must:
            good += 1
        else:
            wrong.append(f"{text!r}: {finding} read {read.get(finding)}")
    return good, wrong


def test_one_lamp_out_and_a_machines_wheeze(service_factory: Any) -> None:
    intake = service_factory().packs.network("patient-intake")
    dev, dev_wrong = _opening_score(DEVELOPMENT_45_OPENINGS, intake)
    held, _ = _opening_score(HELD_OUT_45_OPENINGS, intake)
    print(f"openings: development {dev}/{len(DEVELOPMENT_45_OPENINGS)} {dev_wrong}")
    print(f"openings: held-out {held}/{len(HELD_OUT_45_OPENINGS)}")
    assert not dev_wrong, dev_wrong
    assert held >= OPENINGS_HELD_OUT_FLOOR


# Scored once at the end of stop 45: 9 of 9 (4 of 9 before).
OPENINGS_HELD_OUT_FLOOR = 9
