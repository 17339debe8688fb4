"""A reply that prefers one thing over another: "more of a grind than a squeal", "a clunk rather
than a tick", "rattly more than squeaky", "less of a squeal, more of a scrape", "ticking, not
clunking".

Such a reply names the asked thing and says it is not what happens (or is): reading it for the
question's word alone took "more of a grind than a squeal" as a yes to "squealing noise?"
(lead19). Here the two sides are found, and the one that shares a distinctive word with the
question decides: the preferred side is a yes, the side set aside a no. A question that asks
"X, as opposed to Y?" is about X only; one that asks "X or Y?" about both, so a preference
between its own alternatives is a yes. Generic English comparatives only; no domain words.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from . import text as tx

_ART = r"(?:(?:a|an|the|some|like|kind\s+of|sort\s+of|of\s+a|of\s+an|of)\s+)*"
# One side: one to three words, stopped by punctuation or a clause word.
# Whole words only (\b on both sides): a word split between repetitions made the search
# polynomial in the message's length (a 200-letter word took 6 s).
_SIDE = (
    r"((?:\b(?!(?:than|rather|instead|not|more|less|but|and|when|if|i|it|is|are|was|were|be|"
    r"been|has|have|had|do|does|did)\b)[a-z']+\b\s*){1,3})"
)
# Replies are a sentence or two; a longer message is not searched for a preference.
_LONGEST = 300
# (pattern, which group is preferred, which is set aside), tried in order.
_FORMS: tuple[tuple[re.Pattern[str], int, int], ...] = (
    # "less of a squeal, more of a scrape"
    (re.compile(rf"\bless\s+{_ART}{_SIDE}\W+\s*more\s+{_ART}{_SIDE}"), 2, 1),
    # "not beeps exactly, more like clicking", "not so much a squeal, more a grind"
    (
        re.compile(
            rf"\bnot\s+(?:so\s+much\s+|really\s+)?{_ART}{_SIDE}(?:\s+(?:exactly|really|as\s+such))?"
            rf"\W+\s*(?:it\s+is\s+|its\s+)?more\s+{_ART}{_SIDE}"
        ),
        2,
        1,
    ),
    # "more of a grind than a squeal", "more flickery than dim"
    (re.compile(rf"\bmore\s+{_ART}{_SIDE}\s*than\s+{_ART}{_SIDE}"), 1, 2),
    # "rattly more than squeaky", "lines more than dots"
    (re.compile(rf"{_SIDE}\s*more\s+than\s+{_ART}{_SIDE}"), 1, 2),
    # "grinding rather than squealing", "a clunk instead of a tick"
    (
        re.compile(
            rf"{_ART}{_SIDE}\s*(?:rather\s+than|instead\s+of|as\s+opposed\s+to)\s+{_ART}{_SIDE}"
        ),
        1,
        2,
    ),
    # "definitely ticking, not clunking", "squeal mostly, not so much a grind": after a stop;
    # without one only as "a squeal not a clunk" ("the fuse is not blown" says no such thing).
    (
        re.compile(
            rf"^{_ART}{_SIDE}\s*[,;:-]+\s*not\s+(?:so\s+much\s+|really\s+)?{_ART}{_SIDE}\W*$"
        ),
        1,
        2,
    ),
    (re.compile(r"^(?:it\s+is\s+|its\s+)?an?\s+([a-z']+)\s+not\s+an?\s+([a-z']+)\W*$"), 1, 2),
)
# Words that name no thing of their own on either side ("sound", "noise", "mostly").
_PLAIN = frozenset(
    {
        "sound",
        "nois",
        "noise",
        "thing",
        "bit",
        "lot",
        "one",
        "mostly",
        "really",
        "exactly",
        "definitely",
        "probably",
        "honestly",
        "tbh",
        "just",
        "very",
        "quite",
        "yes",
        "yeah",
        "no",
        "nope",
    }
)


def _root(word: str) -> str:
    """A word's stem, an adjective's "-y" taken off ("squeaky" ~ "squeak", "rattly" ~ "rattl")."""
    stem = tx.stem(word)
    if len(stem) > 4 and stem.endswith("y"):
        stem = stem[:-1]
    return stem


def _same(a: str, b: str) -> bool:
    if a == b:
        return True
    short, long = sorted((a, b), key=len)
    return len(short) >= 4 and long.startswith(short)


def _words(text: str) -> set[str]:
    return {_root(w) for w in tx.content(tx.tokens(text)) if w not in _PLAIN} - _PLAIN


def _meets(side: Iterable[str], question: Iterable[str]) -> bool:
    return any(_same(a, b) for a in side for b in question)


def preferred_answer(normalised: str, question: str, aside: Iterable[str] = ()) -> int | None:
    """+1 when the reply prefers the asked thing, -1 when it sets it aside, None when it makes
    no such comparison or neither side (or both, as distinct things) is the asked thing.
    ``aside``: the words of the question's "as opposed to" alternative (not asked about)."""
    if len(normalised) > _LONGEST:
        return None
    question = question.lower()
    if re.search(r"\bthan\b", question):
        return None  # "worn more in the center than at the edges?": a comparison of its own
    asked = _words(question) - {_root(w) for w in aside}
    if not asked:
        return None
    for pattern, keep, drop in _FORMS:
        match = pattern.search(normalised)
        if match is None:
            continue
        preferred = _words(match.group(keep))
        other = _words(match.group(drop))
        preferred, other = preferred - other, other - preferred
        if not preferred or not other:
            continue
        yes, no = _meets(preferred, asked), _meets(other, asked)
        if yes and not no:
            return 1
        if no and not yes:
            return -1
        if yes and no:
            return 1  # "dots or lines?" - "lines more than dots": either is asked about
        return None
    return None
