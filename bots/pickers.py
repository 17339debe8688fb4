"""Typed replies to a list of choices (the topic and section pickers).

People type at buttons: the label itself ("Car brakes"), part of it ("brakes", "the wifi
one"), its number ("2", "the second one"), or that none fits ("none of those really",
"something else", "neither"). :func:`pick` returns which.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from bots.language import text as tx

NONE = "none"

_NONE = re.compile(
    r"^(?:\W*(?:none|neither|nothing|not|nope|no)\b.*(?:th(?:ose|ese|em)|above|list|option|"
    r"one|really|fits?|matches|quite|exactly|sorry)|\W*none\W*|\W*neither\W*|"
    r".*\bsomething else\b.*|.*\bother\b\W*$|.*\bnone of (?:th|it)\w*.*|.*\bnot (?:in|on) "
    r"(?:the|that|this) list\b.*|.*\bit'?s not (?:any|one) of (?:th|them)\w*.*)",
    re.I,
)
_ORDINALS = {
    "first": 1,
    "1st": 1,
    "second": 2,
    "2nd": 2,
    "third": 3,
    "3rd": 3,
    "fourth": 4,
    "4th": 4,
    "fifth": 5,
    "5th": 5,
    "last": -1,
}


def pick(text: str, labels: Sequence[str]) -> int | str | None:
    """The index of the label the text chooses, :data:`NONE` when it says none fits, or None
    when it is not a choice (more words about the problem, say)."""
    said = " ".join(text.lower().replace("’", "'").split()).strip(" .!?")
    if not said:
        return None
    lowered = [" ".join(label.lower().split()) for label in labels]
    if said in lowered:
        return lowered.index(said)
    if _NONE.match(said):
        return NONE
    number = re.fullmatch(r"(?:option|number|no\.?|#)?\s*(\d{1,2})", said)
    if number and 1 <= int(number.group(1)) <= len(labels):
        return int(number.group(1)) - 1
    for word, position in _ORDINALS.items():
        if re.fullmatch(rf"(?:the )?{word}(?: one| option)?(?: please)?", said):
            return position - 1 if position > 0 else len(labels) - 1
    # The words of one label, and of no other ("brakes", "the wifi one").
    words = set(tx.content(tx.tokens(tx.normalise(said)))) - {"one", "option", "please"}
    if not words or len(said.split()) > 6:
        return None
    hits = []
    for index, label in enumerate(lowered):
        label_words = set(tx.content(tx.tokens(tx.normalise(label))))
        if words <= label_words or (label_words and label_words <= words):
            hits.append(index)
    return hits[0] if len(hits) == 1 else None
