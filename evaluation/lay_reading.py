"""Scores ``evaluation/tables/lay_answers.py``: answers to FloDial chart questions read as the
service reads a reply (the offline interpreter on the chart's own network), and the car
chart's openings read as the service reads an opening (volunteered facts).

    python -m evaluation.lay_reading DEVELOPMENT_45 [--rows]

A held-out block is scored once, by its counts (``--rows`` is for development blocks).
"""

from __future__ import annotations

import sys
from collections import Counter
from collections.abc import Sequence
from typing import Any

from evaluation.tables import lay_answers


def answer_verdict(chart: str, node: str, text: str, interpreter: Any = None) -> str:
    """What the service makes of ``text`` as the reply to the chart's question ``node``:
    "yes", "no", or "none" (no yes or no recorded for it)."""
    from bots.language.offline import OfflineInterpreter
    from knowledge.datasets import flodial

    network = flodial.load_network(chart)
    finding = network.finding(f"{chart}:{node}")
    meaning = (interpreter or OfflineInterpreter()).interpret(
        text, pending=finding, network=network
    )
    answer = meaning.answer_for(finding.id) if meaning.intent == "answer" else None
    if answer is None or not answer.states:
        return "none"
    return "yes" if answer.states[0] == finding.states[0] else "no"


def right(verdict: str, label: str) -> bool:
    """An "other" row is right when the pending question gets no yes or no from it."""
    return verdict == "none" if label == "other" else verdict == label


def score_answers(rows: Sequence[lay_answers.AnswerRow]) -> tuple[Counter[str], list[str]]:
    """Counts by label (right / wrong / not read) and one line per row that is not right."""
    from bots.language.offline import OfflineInterpreter

    interpreter = OfflineInterpreter()
    counts: Counter[str] = Counter()
    misses = []
    for chart, node, text, label in rows:
        verdict = answer_verdict(chart, node, text, interpreter)
        outcome = "right" if right(verdict, label) else "none" if verdict == "none" else "wrong"
        counts[f"{label} {outcome}"] += 1
        counts[f"all {outcome}"] += 1
        if outcome != "right":
            misses.append(f"{chart}:{node} {text!r}: read {verdict}, is {label}")
    return counts, misses


def main(argv: Sequence[str]) -> None:
    from evaluation.answer_model import _setup

    _setup()
    rows = getattr(lay_answers, argv[1])
    counts, misses = score_answers(rows)
    for label in ("yes", "no", "other", "all"):
        n = sum(v for k, v in counts.items() if k.startswith(f"{label} "))
        if n:
            print(
                f"  {label:6s} {counts[f'{label} right']:3d} of {n:3d} right "
                f"(wrong {counts[f'{label} wrong']}, not read {counts[f'{label} none']})"
            )
    if "--rows" in argv:
        for line in misses:
            print("   ", line)


if __name__ == "__main__":
    main(sys.argv)
