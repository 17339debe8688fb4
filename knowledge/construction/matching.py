"""Which built node is which chart node: the text-matching rule of ``evaluate_construction``.

A built cause is compared with a chart terminal, a built check with a chart question, by the
**Dice coefficient of their content-word sets**: words lower-cased, stop words and negations
dropped, a few suffixes stripped ("-ing", "-ed", "-es", "-s", "-ly"; see
``offline.language.content``). The chart side is the node's label and utterance; the built
side is a cause's name and resolution, or a check's question. Pairs are then matched one to
one by the assignment that maximises the sum of scores (``scipy``'s
``linear_sum_assignment``), and a pair counts only if its score reaches ``MATCH_THRESHOLD``.
Nothing is matched by id, by position or by the article's title.
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
    truth: Mapping[str, str],
    built: Mapping[str, str],
    threshold: float = MATCH_THRESHOLD,
    extra: Mapping[str, str] | None = None,
) -> Matching:
    """One-to-one matching of ``truth`` texts (id -> text) to ``built`` texts; with ``extra``
    (built id -> more text), a pair scores the better of the built text alone and with it."""
    import numpy as np

    from .assignment import max_weight_assignment

    tkeys, bkeys = sorted(truth), sorted(built)
    pairs: dict[str, str] = {}
    scores: dict[str, float] = {}
    if not tkeys or not bkeys:
        return Matching(pairs, scores)
    tw = [content(truth[k]) for k in tkeys]
    bw = [content(built[k]) for k in bkeys]
    ew = [content(f"{built[k]} {(extra or {}).get(k, '')}") for k in bkeys]
    grid = np.array(
        [[max(dice(a, b), dice(a, e)) for b, e in zip(bw, ew, strict=True)] for a in tw]
    )
    # Scores below the threshold cannot form a pair, so they must not steer the assignment.
    weights = np.where(grid >= threshold, grid, 0.0)
    rows, cols = max_weight_assignment(weights)
    for r, c in zip(rows, cols, strict=True):
        if weights[r, c] > 0:
            pairs[tkeys[r]] = bkeys[c]
            scores[tkeys[r]] = float(grid[r, c])
    return Matching(pairs, scores)


def prf(matched: int, built: int, truth: int) -> dict[str, float]:
    precision = matched / built if built else 0.0
    recall = matched / truth if truth else 0.0
    f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
    return {"precision": precision, "recall": recall, "f1": f1}


def texts(items: Sequence[tuple[str, str]]) -> dict[str, str]:
    return dict(items)
