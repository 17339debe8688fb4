"""Is an opening an everyday complaint the patient pack has no cause for? Read by meaning.

The pack (DDXPlus) knows 49 conditions of the chest, the airway and the heart. Period pains,
constipation, a cold sore or hiccups got 15 of its questions (palpitations, vaccinations,
daycare) and, all answered "no", "seek medical care today": the level of a differential with
no cause that fits, which is noise (stop 46, docs/first-questions.md). A row of the nurse's
table per complaint does not reach the next one a patient brings, so this reads the class:
the opening is compared by meaning (MiniLM sentence vectors, :mod:`bots.language.encoder`)
with exemplars of everyday self-care complaints (``everyday_exemplars.toml``, each kind
written from an NHS page) and with the pack's own complaints (each of its questions said as
a statement, and its conditions' names). The opening, each sentence and each clause is a
part; a part reads as everyday when it is near the everyday exemplars (:data:`THRESHOLD`,
the mean of its two nearest) and nearer to them than to anything of the pack's by
:data:`MARGIN`, and the whole opening is not plainly nearer the pack's (:data:`WHOLE`). The
values were chosen on the development rows of ``tests/bots/uncovered_complaints_table.py``.

Stop 46 tried the conditions' texts alone: covered openings came 0.44-0.73 near them and
uncovered ones 0.25-0.59, too close to tell apart. The pack's every question is finer: a
DDXPlus opening (one of its questions said as a statement) is the pack's exemplar itself.

Only a reading: :func:`bots.conversation.safety.nurse_table` asks it when no row of the
nurse's table applies, and the rules' words of another illness (a cough, a fever, a rash)
still give the case to the pack. Without the encoder it reads nothing.
"""

from __future__ import annotations

import tomllib
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import numpy as np

from bots.language.facts import encode, encode_pack_texts
from bots.safety.emergency import normalise
from bots.safety.emergency_meaning import parts

__all__ = ["MARGIN", "THRESHOLD", "WHOLE", "Everyday", "everyday", "exemplars", "nearness"]

# Chosen on the development rows only (tests/bots/uncovered_complaints_table.DEV, DEV_PACK):
# the everyday rows' best parts came 0.16-0.57 above the pack's (one, "struggling to drop
# off", 0.03), the pack's rows at most 0.10 above it, on a part ("last night") 0.30 near.
THRESHOLD = 0.50
MARGIN = 0.12
# The whole opening may not be nearer the pack's than this: "cant sleep because i keep waking
# up coughing" has an everyday part ("can not sleep") in a complaint that is the pack's.
WHOLE = -0.08
_NEAREST = 2

_DATA = Path(__file__).with_name("everyday_exemplars.toml")


@dataclass(frozen=True)
class Exemplars:
    texts: tuple[str, ...]
    kinds: tuple[str, ...]  # the kind each exemplar is of (for the staff)


@lru_cache(maxsize=1)
def exemplars() -> Exemplars:
    with _DATA.open("rb") as f:
        data = tomllib.load(f)
    texts, kinds = [], []
    for entry in data["kind"]:
        for text in entry["said"]:
            texts.append(text)
            kinds.append(entry["name"])
    return Exemplars(tuple(texts), tuple(kinds))


@dataclass(frozen=True)
class Everyday:
    """The part of the opening nearest an everyday complaint, and how near."""

    kind: str  # the nearest exemplar's kind ("hiccups"): for the staff, never the patient
    part: str
    exemplar: str
    score: float  # the mean cosine of the part's two nearest everyday exemplars
    margin: float  # over the nearest of the pack's texts
    whole: float  # the whole opening's margin
    pack_text: str  # the pack's text nearest the part


def nearness(text: str, pack_texts: Sequence[str]) -> list[Everyday]:
    """Every part's nearness to the everyday exemplars and to the pack, best margin first."""
    whole_text = normalise(text).strip()
    if not whole_text or not pack_texts:
        return []
    read = [whole_text, *(p for p, _ in parts(text) if p != whole_text)]
    said = encode(read)
    bank = exemplars()
    near = encode_pack_texts(bank.texts)
    pack = encode_pack_texts(list(pack_texts))
    if said is None or near is None or pack is None:
        return []
    to_everyday = said @ near.T
    order = np.argsort(-to_everyday, axis=1)
    top = np.take_along_axis(to_everyday, order[:, :_NEAREST], axis=1).mean(axis=1)
    to_pack = said @ pack.T
    pack_best = to_pack.argmax(axis=1)
    margins = top - to_pack.max(axis=1)
    out = [
        Everyday(
            bank.kinds[int(order[p, 0])],
            read[p],
            bank.texts[int(order[p, 0])],
            float(top[p]),
            float(margins[p]),
            float(margins[0]),
            pack_texts[int(pack_best[p])],
        )
        for p in range(len(read))
    ]
    return sorted(out, key=lambda e: -e.margin)


def everyday(text: str, pack_texts: Sequence[str]) -> Everyday | None:
    """The opening's everyday reading (module docstring), or None."""
    for e in nearness(text, pack_texts):
        if e.whole < WHOLE:
            return None
        if e.score >= THRESHOLD and e.margin >= MARGIN:
            return e
    return None
