"""Numeric thresholds: "does the battery read more than 12 volts?" - "it reads 11.8".

A question that compares a measurement with a number is answered by the number the user
reads out, or by their own comparison ("it's below 12", "less than that"); this module turns
both into a yes/no. Generic English comparatives only.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_NUMBER = r"(\d+(?:\.\d+)?)"
_ABOVE = r"(?:more|greater|higher|over|above|bigger|larger|exceed(?:s|ing)?|in\s+excess\s+of)"
_BELOW = r"(?:less|lower|below|under|fewer|smaller)"
_UNIT_GAP = r"\s*(?:[a-z%]+\s+)?"  # "12 volts or more", "12v or higher"

# (pattern, operator) in the order tried; the number is the pattern's last group.
_QUESTION_FORMS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(rf"\bat\s+least\s+{_NUMBER}"), "ge"),
    (re.compile(rf"\bat\s+most\s+{_NUMBER}"), "le"),
    (re.compile(rf"\b{_NUMBER}{_UNIT_GAP}or\s+(?:more|higher|above|greater|over)\b"), "ge"),
    (re.compile(rf"\b{_NUMBER}{_UNIT_GAP}or\s+(?:less|lower|below|under|fewer)\b"), "le"),
    (re.compile(rf"\b{_ABOVE}(?:\s+than)?\s+{_NUMBER}"), "gt"),
    (re.compile(rf"\b{_BELOW}(?:\s+than)?\s+{_NUMBER}"), "lt"),
)
_ANSWER_BOUND = (
    (re.compile(rf"\b{_ABOVE}(?:\s+than)?\s+{_NUMBER}"), "gt"),
    (re.compile(rf"\b{_BELOW}(?:\s+than)?\s+{_NUMBER}"), "lt"),
    (re.compile(rf"\b{_NUMBER}{_UNIT_GAP}or\s+(?:more|higher|above|greater|over)\b"), "ge"),
    (re.compile(rf"\b{_NUMBER}{_UNIT_GAP}or\s+(?:less|lower|below|under|fewer)\b"), "le"),
)
_RELATIVE = (
    (
        re.compile(
            rf"\b{_ABOVE}\s+than\s+(?:that|this|it|the\s+\w+)\b|^(?:it\s+is\s+)?{_ABOVE}\W*$"
        ),
        "gt",
    ),
    (
        re.compile(
            rf"\b{_BELOW}\s+than\s+(?:that|this|it|the\s+\w+)\b|^(?:it\s+is\s+)?{_BELOW}\W*$"
        ),
        "lt",
    ),
)
_COMPARATIVE = re.compile(rf"\b(?:{_ABOVE}|{_BELOW})\b")
_ANY_NUMBER = re.compile(rf"(?<![\w.]){_NUMBER}")


@dataclass(frozen=True)
class Comparison:
    """The question asks whether a value is ``op`` (gt, ge, lt, le) ``threshold``."""

    op: str
    threshold: float

    def holds(self, value: float) -> bool:
        return {
            "gt": value > self.threshold,
            "ge": value >= self.threshold,
            "lt": value < self.threshold,
            "le": value <= self.threshold,
        }[self.op]


def question_comparison(normalised: str) -> Comparison | None:
    """The threshold a question compares with, if it is of that form."""
    for pattern, op in _QUESTION_FORMS:
        match = pattern.search(normalised)
        if match:
            return Comparison(op, float(match.groups()[-1]))
    return None


def answer_value(sentence: str, question: Comparison) -> int:
    """+1 the sentence says the comparison holds, -1 it does not, 0 it does not say."""
    for pattern, op in _ANSWER_BOUND:
        match = pattern.search(sentence)
        if match:
            return _bound(op, float(match.groups()[-1]), question)
    for pattern, op in _RELATIVE:
        if pattern.search(sentence):
            return _bound(op, question.threshold, question)
    numbers = {float(n) for n in _ANY_NUMBER.findall(sentence)}
    if len(numbers) == 1 and not _COMPARATIVE.search(sentence):
        return 1 if question.holds(numbers.pop()) else -1
    return 0  # several numbers ("1.8 volts over the usual 12"), or a comparison not parsed


def _bound(op: str, bound: float, question: Comparison) -> int:
    """The answer says value ``op`` ``bound``: +1 that lies inside the question's range, -1
    outside it, 0 it straddles the threshold."""
    if op in ("gt", "ge"):
        lowest, closed = bound, op == "ge"  # the answer's range is [bound or (bound, inf)
        if question.op in ("gt", "ge"):
            inside = lowest > question.threshold or (
                lowest == question.threshold and (question.op == "ge" or not closed)
            )
            return 1 if inside else 0
        outside = lowest > question.threshold or (
            lowest == question.threshold and (question.op == "lt" or not closed)
        )
        return -1 if outside else 0
    highest, closed = bound, op == "le"
    if question.op in ("lt", "le"):
        inside = highest < question.threshold or (
            highest == question.threshold and (question.op == "le" or not closed)
        )
        return 1 if inside else 0
    outside = highest < question.threshold or (
        highest == question.threshold and (question.op == "gt" or not closed)
    )
    return -1 if outside else 0
