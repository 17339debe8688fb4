"""The conditions an opening makes plausible by meaning, when its words name no finding.

"my face feels weird on one side", "I get panic attacks", "burning when I pee": the reader
finds no finding in them and the word router's prior (BM25 over the pack's texts) is near
flat, so the first questions drift to whatever splits all conditions best. A nurse would start
from what the words mean. Here each condition is scored by how near in meaning (MiniLM
sentence vectors, :mod:`bots.language.encoder`) the opening's clauses come to the condition's
own texts, its name and the questions about its signs (findings whose link gives a non-default
answer some plausibility, :func:`planning.focus.sign_strength`; history is left out), with
:func:`bots.conversation.meaning_check.nearness` (the mean of the three nearest). The scores
become a prior that favours the nearest conditions (within :data:`SPREAD` cosine of the best),
so the first questions are the signs of those conditions (:mod:`planning.focus`).
"""

from __future__ import annotations

from collections.abc import Collection

import numpy as np
from numpy.typing import NDArray

from bots.conversation.meaning_check import nearness
from bots.language.facts import encode, encode_pack_texts, fragments, main_question
from planning.focus import DEFAULT_LINK_FLOOR, sign_strength
from planning.network import EvidentialNetwork

__all__ = ["meaning_prior"]

# Cosine: how much nearer one condition must be than another for the prior to tell them apart
# (the temperature of the softmax over nearness). Chosen on the development rows of
# tests/bots/first_questions_table.py.
SPREAD = 0.03
FLOOR = 0.05  # no condition is ruled out by meaning alone

_TEXTS: dict[tuple[str, int], list[list[str]]] = {}


def condition_texts(network: EvidentialNetwork, history: Collection[str]) -> list[list[str]]:
    """Per hypothesis, its name and the questions about its signs."""
    key = (network.name, id(network))
    cached = _TEXTS.get(key)
    if cached is not None:
        return cached
    out: list[list[str]] = [[h.name] if h.name else [] for h in network.hypotheses]
    for j, finding in enumerate(network.findings):
        if finding.id in history:
            continue
        strength = sign_strength(network, j)
        question = main_question(finding.question)
        for i in np.flatnonzero(strength >= DEFAULT_LINK_FLOOR):
            if question not in out[i]:
                out[i].append(question)
    _TEXTS[key] = out
    return out


def meaning_prior(
    network: EvidentialNetwork, opening: str, history: Collection[str] = ()
) -> NDArray[np.float64] | None:
    """Prior plausibilities in [FLOOR, 1] per hypothesis from the opening's meaning (None:
    no encoder, or nothing to compare)."""
    clauses = [f for f, _ in fragments(opening)] or [opening]
    said = encode(clauses)
    if said is None or not len(said):
        return None
    texts = condition_texts(network, history)
    scores = np.zeros(len(texts))
    for i, own in enumerate(texts):
        if not own:
            continue
        vectors = encode_pack_texts(own)
        if vectors is None:
            return None
        scores[i] = nearness(said, vectors)
    if not scores.any():
        return None
    out = np.exp((scores - scores.max()) / SPREAD)
    return np.asarray(np.maximum(out, FLOOR), dtype=np.float64)
