"""A second emergency reader, by meaning: what the hand-written rules have no words for.

The rules of :mod:`bots.safety.emergency` read the words they were written for; a rare kind
said in a patient's own words ("cant feel the toilet paper when i wipe", "vom like brown coffee
sludge") is missed (stop 45: 0 of 4 held-out rows caught, twice). Here each part of a message
(each clause, two and three neighbouring clauses, each sentence: one emergency sentence in a
long message is read on its own, not diluted by the rest) is compared by meaning (MiniLM
sentence vectors, :mod:`bots.language.encoder`) with exemplar sentences of each emergency class
and with mild look-alikes (``emergency_exemplars.toml``, each class's source named there). A
part raises its class's kind when it is near an emergency exemplar (:data:`THRESHOLD`) and
nearer to it than to any look-alike by :data:`MARGIN`; both were chosen on development rows
only (``tests/safety/emergency_meaning_table.DEV`` and the rules' development table).

The reader only adds: the service (:func:`bots.conversation.safety.emergency_check`) asks it
about a patient's message when the rules read no emergency in it, and what it finds escalates
as theirs does; the staff see which part was near which exemplar. Without the encoder it reads
nothing and the rules stand alone.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import numpy as np

from bots.language.facts import encode, encode_pack_texts
from bots.safety.emergency import Clause, clause_groups, normalise

__all__ = ["MARGIN", "THRESHOLD", "Meant", "meant", "meant_kinds", "nearness", "parts"]

# A part's nearness to a kind (the mean cosine of its two nearest exemplars of the kind), and
# how much nearer that is than the nearest look-alike. Chosen on development rows only: the
# emergencies the rules miss in emergency_meaning_table.DEV (5 of 9 read at these values) with
# none of 214 development look-alikes raised (emergency_meaning_table.DEV, the rules' DEV).
THRESHOLD = 0.60
MARGIN = 0.07
_NEAREST = 2
# A message is read by meaning in at most this many parts (the first ones): 10,000 characters
# of clauses would otherwise cost seconds; the rules still read all of it.
MAX_PARTS = 64
_WIDEST = 3  # neighbouring clauses read together
# The kinds of mood where a wish is the emergency ("if i were not here"), as the rules read them.
_ANY_MOOD = frozenset({"self-harm"})

_DATA = Path(__file__).with_name("emergency_exemplars.toml")


@dataclass(frozen=True)
class Exemplars:
    texts: tuple[str, ...]  # the emergency sentences
    kinds: tuple[str, ...]  # the kind each raises
    classes: tuple[str, ...]  # the class each belongs to (for the staff)
    mild: tuple[str, ...]  # every look-alike, of every class


@lru_cache(maxsize=1)
def exemplars() -> Exemplars:
    with _DATA.open("rb") as f:
        data = tomllib.load(f)
    texts, kinds, classes, mild = [], [], [], []
    for entry in data["class"]:
        for text in entry["emergency"]:
            texts.append(text)
            kinds.append(entry["kind"])
            classes.append(entry["name"])
        mild.extend(entry["mild"])
    return Exemplars(tuple(texts), tuple(kinds), tuple(classes), tuple(mild))


@dataclass(frozen=True)
class Meant:
    """A part of the message near an emergency exemplar."""

    kind: str
    name: str  # the exemplar's class ("cauda equina" raises "spinal cord compression")
    part: str
    exemplar: str
    score: float  # the mean cosine of the part's two nearest exemplars of the kind
    margin: float  # over the nearest look-alike


def parts(text: str) -> list[tuple[str, bool]]:
    """(part, whether it is only hypothetical or past) for each sentence and clause of the
    message, then each two neighbouring clauses, then each three; at most :data:`MAX_PARTS`
    (a long message keeps its sentences and clauses before its runs of clauses)."""
    found: dict[str, tuple[int, int, bool]] = {}
    order = 0
    for group in clause_groups(normalise(text)):
        sentence = [c for c in group if not _DENIED.search(c.text)]
        spans = [(0, len(sentence))]
        spans += [(i, i + w) for w in range(1, _WIDEST + 1) for i in range(len(sentence) - w + 1)]
        for i, j in spans:
            words = _joined(sentence[i:j])
            if words and words not in found:
                wide = 0 if j - i == 1 or (i, j) == (0, len(sentence)) else j - i - 1
                unreal = all(c.hypothetical or c.past for c in sentence[i:j])
                found[words] = (wide, order, unreal)
                order += 1
    kept = sorted(found.items(), key=lambda item: item[1][:2])[:MAX_PARTS]
    return [(words, unreal) for words, (_, _, unreal) in kept]


# A clause that says a sign is absent or all right ("no headache", "my chest does not hurt",
# "breathing fine") is, to a sentence vector, near the sign itself ("i can breathe fine" came
# 0.79 from "i can not breathe"), so it is not read by meaning; a feeling or control that is
# gone ("no feeling down there", "no control of my bladder") is the sign, and is read.
_DENIED = re.compile(
    r"^\s*(?:no|without|nor|denies|never had|not any)\b(?! (?:feeling|sensation|control|"
    r"response|pulse|strength|movement|wee|pee|urine)\b)|\b(?:does|do|did) not (?:hurt|ache)\b|"
    r"\b(?:is|are|was|were) not (?:sore|painful|hurting|swollen|bleeding)\b|"
    r"(?<!not )\b(?:fine|normal|normally|okay|ok|alright)\b|"
    r"\b(?:is|are|am|was|were) not (?!(?:been able|able|breathing|responding|waking|awake|moving|"
    r"feeding|making sense|eating|drinking|crying|passing|peeing|weeing|stopping)\b)"
)


def _joined(clauses: list[Clause]) -> str:
    return ", ".join(c.text.strip() for c in clauses if c.text.strip())


def meant(text: str) -> list[Meant]:
    """The emergency kinds the message comes near by meaning, the nearest part of each."""
    best: dict[str, Meant] = {}
    for m in nearness(text):
        if m.score < THRESHOLD or m.margin < MARGIN:
            continue
        if m.kind not in best or m.score > best[m.kind].score:
            best[m.kind] = m
    return sorted(best.values(), key=lambda m: -m.score)


def nearness(text: str) -> list[Meant]:
    """Every part's nearness to every kind (the part's read, hypothetical or past parts only
    for the kinds of any mood), before the threshold: :func:`meant` keeps the near ones.

    A kind's nearness is the mean of the part's two nearest exemplars of it: a part that
    shares one word's topic with one exemplar ("felt faint when they took my blood" with a
    bleed that makes you faint) is near one, a part that means the emergency is near several."""
    if not text or not text.strip():
        return []
    read = parts(text)
    if not read:
        return []
    said = encode([p for p, _ in read])
    bank = exemplars()
    near = encode_pack_texts(bank.texts)
    mild = encode_pack_texts(bank.mild)
    if said is None or near is None or mild is None:
        return []
    to_emergency = said @ near.T  # (parts, exemplars)
    to_mild = (said @ mild.T).max(axis=1)
    out = []
    for kind, columns in _columns(bank.kinds).items():
        sims = to_emergency[:, columns]
        order = np.argsort(-sims, axis=1)
        top = np.take_along_axis(sims, order[:, :_NEAREST], axis=1).mean(axis=1)
        for p, (part, unreal) in enumerate(read):
            if unreal and kind not in _ANY_MOOD:
                continue
            e = columns[int(order[p, 0])]
            score = float(top[p])
            out.append(
                Meant(kind, bank.classes[e], part, bank.texts[e], score, score - float(to_mild[p]))
            )
    return out


@lru_cache(maxsize=4)
def _columns(kinds: tuple[str, ...]) -> dict[str, np.ndarray]:
    """Kind -> the indexes of its exemplars."""
    out: dict[str, list[int]] = {}
    for i, kind in enumerate(kinds):
        out.setdefault(kind, []).append(i)
    return {kind: np.asarray(idx) for kind, idx in out.items()}


def meant_kinds(text: str) -> list[str]:
    """The kinds :func:`meant` finds, nearest first."""
    return [m.kind for m in meant(text)]
