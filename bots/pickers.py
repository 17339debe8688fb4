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
    r"(?:the|that|this) list\b.*|.*\bit'?s not (?:any|one) of (?:th|them)\w*.*|"
    # "doesnt fit any of them", "it isnt any of them", "mine's not there", "its a different
    # problem": none fits, in other words.
    r".*\b(?:not|isn'?t|doesn'?t|don'?t|didn'?t|aren'?t|nothing|never)\b.*"
    r"\b(?:any|one|either) of (?:th(?:ose|ese|em)|the above)\b.*|"
    r".*\b(?:a |something )?different (?:problem|issue|thing|fault|one)\b.*|"
    r"(?:no,? )?it'?s (?:something )?different\W*|"
    r".*\b(?:don'?t|do not|can'?t|cannot|didn'?t) (?:see|find) (?:mine|it|my (?:\w+ )?"
    r"(?:problem|issue|fault|one))\b.*|"
    r"(?:mine'?s |it'?s |mine is |it is )?not (?:there|here|listed|on there)\b.*)",
    re.I,
)
# "not sure which one of these", "could be any of them": undecided between the choices, which
# is not "none fits" (unless "none" is said too).
_UNDECIDED = re.compile(r"\bwhich\b|\bnot sure\b|\bunsure\b|\b(?:could|might|may) be\b")
_NONE_WORD = re.compile(r"\b(?:none|neither)\b")
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
    if _NONE.match(said) and not (_UNDECIDED.search(said) and not _NONE_WORD.search(said)):
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
