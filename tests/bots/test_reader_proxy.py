"""evaluation.reader_proxy: the rules' readings by class, and leave-charts-out that never trains
on the chart it measures."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import pytest

from bots.language.offline import OfflineInterpreter
from evaluation import reader_proxy
from evaluation.reader_proxy import Item, by_class, generic_cues, reading_class
from planning.network import EvidentialNetwork, Finding, Hypothesis


def _read(question: str, text: str) -> reader_proxy.Utterance:
    finding = Finding("f0", question)
    network = EvidentialNetwork(
        name="proxy", hypotheses=[Hypothesis("h", "Cause")], findings=[finding], links=[]
    )
    interpreter = OfflineInterpreter(volunteer=False, learned=False)
    return reader_proxy._utterance(interpreter, text, finding, network)


@pytest.mark.parametrize(
    ("question", "text", "expected"),
    [
        ("Is the laptop overheating?", "nope", "explicit"),
        ("Is the laptop overheating?", "Yes, it is.", "explicit"),
        ("Is the laptop overheating?", "it stays cool the whole time", "judged"),
        ("Is the power light blinking?", "the power light is blinking amber", "weak"),
        ("Is the power light blinking?", "not sure", "unsure"),
        ("Is the power light blinking?", "hmm", "unread"),
    ],
)
def test_each_reading_gets_its_class(question: str, text: str, expected: str) -> None:
    assert reading_class(_read(question, text)) == expected


def test_by_class_counts_right_wrong_and_unread() -> None:
    question = "Is the power light blinking?"
    items = []
    for text, label in (
        ("yes", "yes"),
        ("no", "yes"),
        ("the power light is blinking amber", "yes"),
        ("hmm", "no"),
    ):
        item = Item("chart", "dev", question, label)
        item.utterances = [_read(question, text)]
        items.append(item)
    counts = by_class(items)
    assert counts["explicit"] == {"right": 1, "wrong": 1}
    assert counts["weak"] == {"right": 1}
    assert counts["unread"] == {"none": 1}


def test_generic_cues_see_negation_against_the_question() -> None:
    plain = generic_cues("Does the fan spin?", "the fan does not spin")
    echoed = generic_cues("Does it freeze even when it is not hot?", "it freezes when not hot")
    assert plain[1] == 1 and plain[2] == 0 and plain[3] == 1  # negated answer, plain question
    assert echoed[1] == 1 and echoed[2] == 1 and echoed[3] == 0  # the negation echoes


def test_leave_charts_out_never_trains_on_the_chart_it_reads(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    question = "Is the power light blinking?"
    items = []
    for group, kind in (("a", "dev"), ("b", "dev"), ("c", "dev"), ("T", "train"), ("H", "heldout")):
        for text, label in (("the power light is blinking", "yes"), ("it is steady", "no")):
            item = Item(group, kind, question, label)
            item.utterances = [_read(question, text)]
            item.utterances[0].vector = np.zeros(4, np.float32)
            item.question_vector = np.zeros(4, np.float32)
            items.append(item)
    trained_on: list[set[str]] = []
    real_fit = reader_proxy._fit

    def recording_fit(chosen: Sequence[Item], with_rules: bool) -> Any:
        trained_on.append({i.group for i in chosen})
        return real_fit(chosen, with_rules)

    read: list[tuple[str, set[str]]] = []

    def recording_reading(item: Item, model: Any, with_rules: bool) -> str | None:
        read.append((item.group, trained_on[-1]))
        return "yes"

    monkeypatch.setattr(reader_proxy, "_fit", recording_fit)
    monkeypatch.setattr(reader_proxy, "learned_reading", recording_reading)
    counts = reader_proxy.leave_charts_out(items, with_rules=False)
    assert read and all(group not in groups for group, groups in read)
    assert all("H" not in groups for groups in trained_on)  # held-out tables: never trained on
    assert sum(counts["dev"].values()) == 6 and counts["dev"]["right"] == 3
