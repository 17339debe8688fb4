"""Where text becomes words: apostrophes and contractions, tokens, one light stemmer, stop words.

Every part that compares words goes through here: reading answers (`bots.language.text`),
routing and retrieval overlap (`knowledge.retrieval.text`), the offline construction of packs
from documents, the FloDial FAQ links and the blind index of encrypted transcripts
(`bots.crypto`). One stemmer means "printers jammed" is the same two words to all of them;
before, five slightly different strippers disagreed on one word in twenty.

Hand-written, generic English; nothing here was learnt from dialog data.

- `normalise`: lower case, one apostrophe, contractions spelt out ("doesn't" -> "does not",
  so one negation cue covers "doesn't", "does not" and "doesnt"), possessive "'s" dropped.
- `tokens`: words of a text in order, any script (the blind index serves any language),
  keeping "7/10", "1.5" and "wi-fi" whole.
- `stem`: one inflectional suffix off, a doubled final consonant undoubled, a final "e" off.
- `STOP_WORDS`: function words and conversational filler, which say nothing about *what* is
  wrong. `QUERY_FILLER` adds the words that are content in an answer ("working", "since",
  "two days") but filler in a complaint being routed ("my laptop has a problem since two
  days, please help").
"""

from __future__ import annotations

import re

_APOSTROPHES = str.maketrans({"\u2019": "'", "\u2018": "'", "`": "'", "\u00b4": "'"})
# Negated contractions, also the common spellings without an apostrophe ("wont", "doesnt").
_CONTRACTIONS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"\bwon'?t\b"), "will not"),
    (re.compile(r"\bcan'?t\b"), "can not"),
    (re.compile(r"\bcannot\b"), "can not"),
    (re.compile(r"\bain'?t\b"), "is not"),
    (
        re.compile(
            r"\b(do|does|did|is|are|was|were|has|have|had|could|would|should|must|need)n'?t\b"
        ),
        r"\1 not",
    ),
    (re.compile(r"\bi'?m\b"), "i am"),
    (re.compile(r"\b(it|that|there|what|here)'s\b"), r"\1 is"),
    # Typed without the apostrophe ("theres", "thats"): "its" stays, it is also a word.
    (re.compile(r"\b(that|there|what|here)s\b"), r"\1 is"),
    (re.compile(r"\b(i|you|we|they)'ve\b"), r"\1 have"),
    (re.compile(r"\b(i|we|they)ve\b"), r"\1 have"),
    (re.compile(r"\b(you|they)re\b"), r"\1 are"),
    (re.compile(r"\b(i|you|we|they|it)'ll\b"), r"\1 will"),
    (re.compile(r"\b(you|we|they)'re\b"), r"\1 are"),
    (re.compile(r"\b(i|you|we|they|it)'d\b"), r"\1 would"),
    # "without" that says how, not what is missing: "lost weight without trying", "shuts down
    # without warning", "coughing without stopping" deny nothing said after them ("... and
    # feverish" was read as no fever).
    (
        re.compile(
            r"\bwithout (?:even |any |a |me |him |her )?(?:trying|meaning to|realising|"
            r"realizing|noticing|thinking|warning|reason|cause|trigger|provocation|"
            r"doing anything)\b"
        ),
        "unprompted",
    ),
    (re.compile(r"\bwithout (?:stopping|a break|any break|let ?up|end)\b"), "nonstop"),
)
_POSSESSIVE = re.compile(r"(?<=[^\W\d_])'s\b")
_TOKEN = re.compile(r"[^\W_]+(?:[.'/-][^\W_]+)*")


def normalise(text: str) -> str:
    """Lower case, one apostrophe, contractions spelt out, possessive "'s" dropped."""
    if not isinstance(text, str):
        raise ValueError(f"text must be a string, got {type(text).__name__}")
    out = text.translate(_APOSTROPHES).lower()
    for pattern, replacement in _CONTRACTIONS:
        out = pattern.sub(replacement, out)
    return _POSSESSIVE.sub("", out)


def tokens(text: str) -> list[str]:
    """The words of an already normalised text, in order ("7/10", "wi-fi" stay whole)."""
    return [t.strip("'") for t in _TOKEN.findall(text)]


def stem(word: str) -> str:
    """A light stem, enough to match a question's words with an answer's.

    "spinning", "spins" -> "spin"; "overheats" -> "overheat"; "drive", "driving" -> "driv";
    "crashes" -> "crash"; "batteries" -> "battery"; "using", "used" -> "use".
    """
    w = word
    if len(w) > 4 and w.endswith("ies"):
        return w[:-3] + "y"
    if len(w) > 4 and re.search(r"(?:x|z|ch|sh|ss)es$", w):
        return w[:-2]
    for suffix in ("ing", "ed", "ly", "s"):
        if not w.endswith(suffix) or len(w) - len(suffix) < 2:
            continue
        if suffix == "s" and (w.endswith(("ss", "us", "is")) or len(w) <= 3):
            continue
        w = w[: -len(suffix)]
        if suffix in ("ing", "ed") and len(w) >= 4 and w[-1] == w[-2] and w[-1] not in "lsz":
            w = w[:-1]  # "spinn" -> "spin", "runn" -> "run"
        if suffix in ("ing", "ed") and len(w) == 2:
            return w + "e"  # "using", "used" -> "use"
        break
    if len(w) > 3 and w.endswith("e") and not w.endswith("ee"):
        w = w[:-1]  # "drive" and "driving" meet at "driv"
    return w


def _word_set(text: str) -> frozenset[str]:
    return frozenset(text.split())


STOP_WORDS = _word_set(
    """
    a able about above actually after again all also am an and any anything are as at be
    because been before being below between both but by can check checked checking could
    currently did do does doing done during each either else even ever every for from further
    get gets getting got had has have having he her here him his how i if in into is it its
    itself just know let lets me might more most must my myself no not now of ok okay once
    only or other our out over own please really right same see she should so some still such
    sure tell than that the their them then there these they this those through to too tried
    try under until upon us very was we well were what when where whether which while who whom
    why will with would yes you your yours yourself
    """
)

QUERY_FILLER = _word_set(
    """
    against ago d day days down eight few five fix fixed fixing four go going hello help hers
    herself hi himself issue issues keep keeps kept lately like ll m made make makes making
    many month months much need nine nor nothing off on one ours ourselves problem problems
    properly re recently s seem seems seven since six something t ten thank thanks theirs
    themselves thing things think three time today trouble trying two unable up use used using
    ve want way week weeks went work working works wrong year years yesterday yourselves
    """
)


def content_words(text: str, stop: frozenset[str] = STOP_WORDS) -> set[str]:
    """Stems of the words of `text` that are not stop words (one-letter words dropped)."""
    return {stem(w) for w in tokens(normalise(text)) if w not in stop and len(w) > 1}


__all__ = ["QUERY_FILLER", "STOP_WORDS", "content_words", "normalise", "stem", "tokens"]
