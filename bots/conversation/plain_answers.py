"""A plain yes, no or "not sure" to a question the conversation asks of its own (a safety
follow-up, a nurse's question), read before the interpreter, which reads chart questions.

Each asker may say more ways of saying yes or no for its own questions (a nurse asks "can you
put weight on it?", so "i can" is a yes there): ``starts_with(YES_WORDS + "|...")``.
"""

from __future__ import annotations

import re

YES_WORDS = (
    r"y|ya|yah|yes+|yeah?|yep|yup|ye|aye|sure|i am|i do|i have|i think so|think so|"
    r"kind of|kinda|sort of|a bit|a little|maybe|definitely|absolutely|correct|right"
)
NO_WORDS = (
    r"n|no+|nope|nah|not really|not now|not at the moment|not right now|not at all|"
    r"i'?m (?:ok|okay|fine|alright)|i am (?:ok|okay|fine|alright)|never|neither|none"
)
# A yes or no the message begins with ("no, I can't breathe"): what follows it says more.
LEADING = re.compile(r"^\s*(?:no+|nope|nah|yes+|yeah?|yep|not really)\b[\s,.!-]*", re.I)
UNSURE = re.compile(r"\b(?:not sure|unsure|don'?t know|dunno|no idea|can'?t tell)\b", re.I)


def starts_with(words: str) -> re.Pattern[str]:
    """A message that begins with one of ``words`` (alternatives of a regular expression)."""
    return re.compile(rf"^\s*(?:{words})\b", re.IGNORECASE)


YES = starts_with(YES_WORDS)
NO = starts_with(NO_WORDS)


def plain(text: str, yes: re.Pattern[str] = YES, no: re.Pattern[str] = NO) -> str | None:
    """ "unsure", "no" or "yes" (doubt first, then a no before a yes), or None."""
    for pattern, said in ((UNSURE, "unsure"), (no, "no"), (yes, "yes")):
        if pattern.search(text):
            return said
    return None
