"""When two proposed variables are the same variable, and what id a new one gets.

The duplicate rule (documented in docs/llm.md) is deliberately conservative, because merging
two different findings silently corrupts the network while keeping a paraphrase twice only
costs a redundant question:

1. Names are normalised: Unicode folded to ASCII, lower-cased, split on anything that is not a
   letter or digit, filler words dropped (articles, prepositions, "has", "your"...; negations
   such as "no" and "not" are kept), and plurals reduced ("lights" -> "light",
   "allergies" -> "allergy").
2. Two names are duplicates when their normalised word *sets* are equal ("loss of smell" and
   "smell loss"), or their normalised words run together are equal ("wi-fi light" and
   "wifi light"), or, for run-together forms of 8 letters or more with the same digits, they
   differ by one edit ("dizzyness" and "dizziness"; "hypotension" and "hypertension" differ by
   two and stay apart).
3. Paraphrases with different words ("reduced sense of smell" vs "loss of smell") are left to
   the model: the expansion prompt lists the known variables and asks it to reuse a name
   exactly when it means the same thing.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Container
from dataclasses import dataclass

_WORD = re.compile(r"[a-z0-9]+")
_FILLER = frozenset(
    [
        "a",
        "an",
        "the",
        "of",
        "in",
        "on",
        "at",
        "for",
        "to",
        "with",
        "from",
        "by",
        "and",
        "or",
        "is",
        "are",
        "was",
        "be",
        "been",
        "being",
        "has",
        "have",
        "had",
        "do",
        "does",
        "did",
        "your",
        "my",
        "their",
        "its",
        "his",
        "her",
        "any",
        "some",
        "there",
        "this",
        "that",
        "when",
        "while",
        "during",
        "after",
        "before",
    ]
)


@dataclass(frozen=True)
class NormalName:
    words: tuple[str, ...]

    @property
    def key(self) -> frozenset[str]:
        return frozenset(self.words)

    @property
    def compact(self) -> str:
        return "".join(self.words)

    @property
    def digits(self) -> str:
        return "".join(ch for ch in self.compact if ch.isdigit())


def normalise(name: str) -> NormalName:
    words = [_singular(w) for w in _words(name) if w not in _FILLER]
    return NormalName(tuple(words))


def _words(name: str) -> list[str]:
    folded = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode().lower()
    return _WORD.findall(folded)


def _singular(word: str) -> str:
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        return word[:-1]
    return word


def same_variable(a: NormalName, b: NormalName) -> bool:
    if not a.words or not b.words:
        return False
    if a.key == b.key or a.compact == b.compact:
        return True
    if a.digits != b.digits or min(len(a.compact), len(b.compact)) < 8:
        return False
    return _within_one_edit(a.compact, b.compact)


def _within_one_edit(s: str, t: str) -> bool:
    if abs(len(s) - len(t)) > 1:
        return False
    if len(s) > len(t):
        s, t = t, s
    i = 0
    while i < len(s) and s[i] == t[i]:
        i += 1
    if len(s) == len(t):
        return s[i + 1 :] == t[i + 1 :]
    return s[i:] == t[i + 1 :]


def slug(name: str, prefix: str, taken: Container[str]) -> str:
    """``prefix`` + the name's words joined by underscores, made unique against ``taken``."""
    words = _words(name) or ["unnamed"]
    base = f"{prefix}{'_'.join(words)}"[:60].rstrip("_")
    candidate, n = base, 2
    while candidate in taken:
        candidate = f"{base}_{n}"
        n += 1
    return candidate
