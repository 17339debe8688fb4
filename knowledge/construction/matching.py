"""Which built node is which chart node: the text-matching rule of ``evaluate_construction``.

A built cause is compared with a chart terminal, a built check with a chart question, by the
**Dice coefficient of their content-word sets**: words lower-cased, stop words and negations
dropped, a few suffixes stripped ("-ing", "-ed", "-es", "-s", "-ly"; see
``offline.language.content``). The chart side is the node's label and utterance; the built
side is a cause's name and resolution, or a check's question. Pairs are then matched one to
one, greedily from the highest score down, and a pair counts only if its score reaches
``MATCH_THRESHOLD``. Nothing is matched by id, by position or by the article's title.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from .offline.language import content

MATCH_THRESHOLD = 0.2


def dice(a: set[str], b: set[str]) -> float:
    if not a or not b:
        return 0.0
    return 2 * len(a & b) / (len(a) + len(b))


@dataclass(frozen=True)
class Matching:
    pairs: dict[str, str]  # truth id -> built id
    scores: dict[str, float]  # truth id -> score of its pair

    def built_for(self, truth_id: str) -> str | None:
        return self.pairs.get(truth_id)

    @property
    def reverse(self) -> dict[str, str]:
        return {b: t for t, b in self.pairs.items()}


def match(
    truth: Mapping[str, str], built: Mapping[str, str], threshold: float = MATCH_THRESHOLD
) -> Matching:
    """One-to-one greedy matching of ``truth`` texts (id -> text) to ``built`` texts."""
    tw = {k: content(v) for k, v in truth.items()}
    bw = {k: content(v) for k, v in built.items()}
    scored: list[tuple[float, str, str]] = []
    for t, words in tw.items():
        for b, other in bw.items():
            score = dice(words, other)
            if score >= threshold:
                scored.append((score, t, b))
    scored.sort(key=lambda x: (-x[0], x[1], x[2]))
    pairs: dict[str, str] = {}
    scores: dict[str, float] = {}
    used: set[str] = set()
    for score, t, b in scored:
        if t in pairs or b in used:
            continue
        pairs[t] = b
        scores[t] = score
        used.add(b)
    return Matching(pairs, scores)


def prf(matched: int, built: int, truth: int) -> dict[str, float]:
    precision = matched / built if built else 0.0
    recall = matched / truth if truth else 0.0
    f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
    return {"precision": precision, "recall": recall, "f1": f1}


def texts(items: Sequence[tuple[str, str]]) -> dict[str, str]:
    return dict(items)
