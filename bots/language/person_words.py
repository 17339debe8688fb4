"""A person asked for with the word for them misspelt ("talk to a real persn").

The request patterns (:data:`bots.language.cues.HUMAN`) name the people a user may ask for;
a typo in that one word left the request unread, and the question came again (lead17). Here
a word that is no English word and is one slip from a person word (:func:`reader.similar`,
five letters or more) is read as it, and the patterns are tried again on the repaired text.
"""

from __future__ import annotations

import re

from .call_back import asks_for_a_call
from .cues import HUMAN
from .dictionary import is_word
from .reader import similar

# The person words of five letters or more that a request names, and "speak".
_WORDS = (
    "person",
    "people",
    "human",
    "someone",
    "somebody",
    "operator",
    "agent",
    "technician",
    "engineer",
    "mechanic",
    "nurse",
    "doctor",
    "advisor",
    "adviser",
    "representative",
    "speak",
)
# Spellings people use on purpose.
_SHORT = {"thru": "through", "sum1": "someone", "some1": "someone"}
_TOKEN = re.compile(r"[a-z0-9]+")


def repaired(text: str) -> str:
    """The text with misspelt person words spelt right (other words as they were)."""

    def fix(match: re.Match[str]) -> str:
        word = match.group(0)
        if word in _SHORT:
            return _SHORT[word]
        if len(word) < 5 or word in _WORDS or is_word(word):
            return word
        return next((w for w in _WORDS if similar(word, w)), word)

    return _TOKEN.sub(fix, text)


def asks_for_person(text: str) -> bool:
    """Whether the (normalised) message asks for a person, typos in the person word allowed."""
    if HUMAN.search(text) or asks_for_a_call(text):
        return True
    fixed = repaired(text)
    return fixed != text and bool(HUMAN.search(fixed))
