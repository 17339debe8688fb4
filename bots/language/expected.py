"""A value said against what it should be, to a question that asks whether it is below (or
above) a reference with no number of its own: "the front left was at 24 and it should be 33"
to "is any tyre more than 5 psi below the recommended pressure?" is a yes; "they are all at 35
which is what the sticker says" is a no, and so is "they are at the recommended value" (the
reference restated is not the direction asked: the restatement was read as a yes).

Generic words for a reference (recommended, rated, specified, normal, should be, what the
label says), no chart's words. A reply that says a direction itself ("a bit under", "lower
than it should be") is left to the other readings.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

_NUM = r"(\d+(?:\.\d+)?)"
_BELOW = r"below|under|lower|less|beneath"
_ABOVE = r"above|over|higher|more|greater|exceeds?"
_REFERENCE = (
    r"recommended|rated|rating|specified|spec|specification|normal|nominal|correct|"
    r"original|design|should|supposed|sticker|label|placard"
)
# "more than 5 psi below the recommended pressure", "lower than the rated voltage".
_ASKED = re.compile(
    rf"\b(?:(?:more|greater)\s+than\s+{_NUM}\s*[a-z%]*\s+)?(?P<dir>{_BELOW}|{_ABOVE})\b"
    rf"(?:\s+than)?\s+(?:the\s+|what\s+|its\s+|it\s+)?(?:\w+\s+){{0,2}}?(?:{_REFERENCE})\b"
)
_SHOULD = r"(?:should|ought\s+to|supposed\s+to|meant\s+to)\s+be"
# "24 and it should be 33", "reads 11.8 when it should be 12.6", "28 psi, spec is 33".
_VALUE_THEN_REFERENCE = re.compile(
    rf"(?<![\w.]){_NUM}\s*[a-z%]*\b[^.;0-9]{{0,40}}?\b(?:{_SHOULD}|(?:recommended|rated|"
    rf"spec|sticker|label|manual)\s+(?:\w+\s+)?(?:is|says|said))\s+(?:about\s+|around\s+)?"
    rf"{_NUM}"
)
# "should be 33 but its 24", "supposed to be 12.6 and it reads 11.8".
_REFERENCE_THEN_VALUE = re.compile(
    rf"\b{_SHOULD}\s+(?:about\s+|around\s+)?{_NUM}\s*[a-z%]*\b[^.;0-9]{{0,40}}?"
    rf"\b(?:but|and|yet)\b[^.;0-9]{{0,30}}?(?<![\w.]){_NUM}"
)
# "what it should be", "what the sticker says", "spot on", "bang on the recommended".
_AT_REFERENCE = re.compile(
    rf"\bwhat\s+(?:it|they|the\s+\w+)\s+(?:{_SHOULD}|says|say|recommends?)\b|"
    rf"\b(?:as|where)\s+(?:it|they)\s+{_SHOULD}\b|"
    rf"\b(?:spot|bang|right|exactly)\s+on\b|"
    rf"\bat\s+(?:the\s+)?(?:{_REFERENCE})\b"
)
_DIRECTION_SAID = re.compile(
    rf"\b(?:{_BELOW}|{_ABOVE}|low|high|short|too|not|nowhere|never|isnt|arent|off)\b"
)


@dataclass(frozen=True)
class Asked:
    direction: int  # -1 below the reference, +1 above it
    margin: float  # "more than 5 psi below": the difference must exceed this


@lru_cache(maxsize=512)
def asked(question: str) -> Asked | None:
    """The direction a question asks about against a reference, if it asks one."""
    found = _ASKED.search(question)
    if found is None:
        return None
    direction = -1 if re.fullmatch(_BELOW, found.group("dir")) else 1
    return Asked(direction, float(found.group(1)) if found.group(1) else 0.0)


def reading(sentence: str, question: str) -> int:
    """+1 / -1 where the sentence gives a value against the reference the question names
    (or says the value is at it); 0 where it says neither."""
    wanted = asked(question)
    if wanted is None:
        return 0
    pair = _VALUE_THEN_REFERENCE.search(sentence)
    if pair is not None:
        value, reference = float(pair.group(1)), float(pair.group(2))
    else:
        pair = _REFERENCE_THEN_VALUE.search(sentence)
        if pair is not None:
            reference, value = float(pair.group(1)), float(pair.group(2))
    if pair is not None:
        difference = (value - reference) * wanted.direction
        return 1 if difference > wanted.margin else -1
    if _AT_REFERENCE.search(sentence) and not _DIRECTION_SAID.search(sentence):
        return -1
    return 0
