"""Small text utilities for the offline interpreter: normalising, sentences, stems, overlap.

Hand-written, generic English; nothing here is learnt from dialog data.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from knowledge.words import STOP_WORDS, stem, tokens
from knowledge.words import normalise as _base_normalise

_SENTENCE_END = re.compile(r"(?<=[.!?;])\s+|\n+|(?<=[a-z])[.!?;](?=[A-Za-z])")
# Words kept in overlap even though short or common: they carry the question's meaning.
_KEEP = frozenset({"on", "off", "up", "low", "hot", "led", "ac", "dc", "os", "cd", "pc"})

# A few words that mean the same thing in a symptom question: overlap and echo detection use
# the canonical form ("overheats" asked, "gets hot" answered).
_CANONICAL = {
    "overheat": "hot",
    "heat": "hot",
    "warm": "hot",
    "temperature": "hot",
    "wifi": "wireless",
    "wi-fi": "wireless",
    "wlan": "wireless",
    "internet": "network",
    "monitor": "screen",
    "lcd": "screen",
    "light": "led",
    "lamp": "led",
    "glow": "led",
    "noise": "sound",
    "nois": "sound",
    "boot": "start",
    "display": "show",
    "appear": "show",
    "inspect": "check",
    "automatical": "automatic",
    "manually": "manual",
    "disk": "drive",
    "hdd": "drive",
    "startup": "start",
    "computer": "laptop",
    "notebook": "laptop",
    "pc": "laptop",
    "vehicle": "car",
    "automobile": "car",
    "tyre": "tire",
    "kerb": "curb",
    "kerbs": "curb",
    # The foot brake is the brakes a chart asks about (the parking brake is asked apart).
    "footbrake": "brake",
    "footbrakes": "brake",
    # Near-synonyms a user swaps for the question's word ("vibrates" for "shakes").
    "vibrate": "shake",
    "vibration": "shake",
    "shudder": "shake",
    "judder": "shake",
    "tremble": "shake",
    "wobble": "shake",
    "veer": "pull",
    "drift": "pull",
    "seep": "leak",
    "pressure": "force",
    "quickly": "fast",
    "quick": "fast",
    "rapid": "fast",
    "rapidly": "fast",
    "slowly": "slow",
    "silent": "quiet",
    "silently": "quiet",
    "quietly": "quiet",
    "silence": "quiet",
    "warmer": "hot",
    "hotter": "hot",
    "colder": "cold",
    "cooler": "cool",
    "respond": "work",
    "responsive": "work",
    "website": "site",
    "audio": "sound",
    "wander": "pull",
    "webpage": "page",
    "bulge": "swollen",
    "bulging": "swollen",
    "swelling": "swollen",
    "swell": "swollen",
    "puffy": "swollen",
    "recognise": "detect",
    "recognize": "detect",
    "recognised": "detect",
    "recognized": "detect",
    "lightheaded": "dizzy",
    "light-headed": "dizzy",
    "woozy": "dizzy",
    "squeak": "squeal",
    "screech": "squeal",
    "tug": "pull",
    "whir": "sound",
    "whirr": "sound",
    "centre": "center",
    "centred": "center",
    "centered": "center",
    "tyres": "tire",
    "seated": "plugged",
    "thud": "clunk",
    "thump": "clunk",
    "slack": "play",
    "inserted": "plugged",
}


_IDIOMS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"\bas well as\b"), "and"),  # not the "well" that judges a state
    (re.compile(r"\bas well\b"), "too"),
    (re.compile(r"\b(?:than|from)\s+(?:usual|normal|before)\b"), "than before"),
    (re.compile(r"\ball (?:of )?the time\b"), "always"),
    # "It wasn't there before" says the thing is new, not that it is absent: read as a
    # denial, it contradicted the rest of its sentence ("a clicking whenever im rolling
    # along, wasnt there before").
    (
        re.compile(
            r"\b(?:was|were)\s+(?:not|never)\s+(?:there|here|happening|a thing)\s+(?:before|"
            r"until\s+recently|till\s+recently)\b|\b(?:never|did\s+not)\s+(?:used?\s+to|"
            r"did\s+(?:it|that|this)|do\s+(?:it|that|this))\s+before\b"
        ),
        "started recently",
    ),
    # "Every time i brake" is a condition, as "whenever i brake" is (stop 47: "a clunk every
    # time i go over a speed bump" was not read as the noise over bumps); "it fails every
    # time" stays a frequency.
    (
        re.compile(
            r"\b(?:every|each|any)\s+(?:single\s+)?time\s+(?=(?:i|we|you|he|she|they|it|the|my|our|"
            r"there|someone|somebody)\b)"
        ),
        "whenever ",
    ),
    (
        re.compile(
            r"\bnever\s+(?:stops|ends|quits|lets\s+up|goes\s+away|lets\s+go|changes)\b|"
            r"\bnon-?stop\b|\b24/7\b|\bround\s+the\s+clock\b|\bevery\s+single\s+time\b"
        ),
        "always",
    ),
    (
        re.compile(
            r"\b(?:comes?|came|coming)\s+and\s+go(?:es)?\b|\b(?:on\s+and\s+off|off\s+and\s+on)\b|"
            r"\bhit\s+(?:or|and)\s+miss\b|\bat\s+times\b"
        ),
        "intermittently",
    ),
    (
        re.compile(
            r"\bonce\s+in\s+a\s+blue\s+moon\b|\bhardly\s+ever\b|\balmost\s+never\b|"
            r"\bnot\s+(?:very\s+)?often\b"
        ),
        "rarely",
    ),
    (re.compile(r"\b(?:go|goes|going|gone|went)\s+down\b"), "decreasing"),
    (re.compile(r"\b(?:go|goes|going|gone|went)\s+up\b"), "increasing"),
    (re.compile(r"\btop(?:ped|s)?\s+(?:up|off)\b"), "topped"),
    (re.compile(r"\bper\s*cent\b"), "%"),
    (re.compile(r"\broom\s+temperature\b"), "lukewarm"),  # neither hot nor cold
    (re.compile(r"\bup[\s-]+to[\s-]+date\b"), "updated"),
    (re.compile(r"\b(looks?|is|are|seems?|wears?|worn)\s+even\b"), r"\1 evenly"),
    (re.compile(r"\b(?:have|has|had)\s+to\b"), "need to"),  # "I don't have to": no need to
    (
        re.compile(
            r"\b(?:a\s+)?(?:short|little)\s+while\s+ago\b|\bthe\s+other\s+day\b|"
            r"\b(?:last|this)\s+(?:week|weekend|month)\b|"
            r"\b(?:a\s+)?(?:few|couple\s+of)\s+(?:days|weeks)\s+ago\b"
        ),
        "recently",
    ),
    (
        re.compile(
            r"\b(?:clicks?|clicked|snaps?|snapped|locks?|locked)\s+(?:\w+ly\s+)?into\s+place\b"
        ),
        "fits securely",  # not the "click" of a noise
    ),
    (
        re.compile(
            r"\b(?:(?:every\s+)?now\s+and\s+(?:then|again)|from\s+time\s+to\s+time|once\s+in\s+a\s+while)\b"
        ),
        "sometimes",
    ),
    (re.compile(r"\bof ?course\b"), "of course"),
)


def normalise(text: str) -> str:
    """Lower-case, unify apostrophes, spell out contractions, neutralise a few idioms."""
    out = _base_normalise(text)
    for pattern, replacement in _IDIOMS:
        out = pattern.sub(replacement, out)
    return out


def sentences(text: str) -> list[str]:
    """Rough sentences of normalised text (".", "!", "?", ";" and line breaks end one)."""
    parts = [p.strip() for p in _SENTENCE_END.split(text)]
    return [p for p in parts if p and re.search(r"[a-z0-9]", p)]


_CANONICAL_STEMS = {stem(k): v for k, v in _CANONICAL.items()}


def canonical(word: str) -> str:
    """The form words are compared in: a synonym's representative, stemmed ("websites",
    "site" and "sites" all read "sit")."""
    if word in _CANONICAL:
        return stem(_CANONICAL[word])
    s = stem(word)
    return stem(_CANONICAL_STEMS[s]) if s in _CANONICAL_STEMS else s


def content(text_tokens: Iterable[str]) -> list[str]:
    """Canonical content words (stop words dropped) in order."""
    out = []
    for t in text_tokens:
        if t in STOP_WORDS and t not in _KEEP:
            continue
        if len(t) < 2 and not t.isdigit():
            continue
        out.append(canonical(t))
    return out


def content_set(text: str) -> set[str]:
    return set(content(tokens(normalise(text))))
