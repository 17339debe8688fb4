"""Whether an FAQ found by search is about the question asked ("how do I check that?").

The search gate (:mod:`knowledge.retrieval.faq`) counts shared words, weighted by how rare
they are among the pack's questions. Words shared with another thing of the same kind pass
it: "Is there a leak at the car's water pump?" shares "leak" and "car" with "Is it safe to
drive my car with an exhaust leak?", which was given as how to check the pump (stop 47,
lead23). The sentence encoder weighs what each question is about: below
:data:`MIN_SIMILARITY` a passage found by search is about something else.

MIN_SIMILARITY was chosen on FloDial dev's own table (``python -m evaluation.how_to_check``):
every FAQ the dev agents used for a question that search finds is at 0.448 or more; of the
other passages search gives for the packs' questions, 13 are below it, 12 of them about
another thing (a safe-mode FAQ for "does windows display the desktop?", the BIOS for a
clunking drive, a battery's date for a battery that runs hot) and one right ("what does
condition the battery mean?" at 0.41). A passage the pack cites is not questioned: its link is
the pack author's. Without the encoder the word gate alone decides.
"""

from __future__ import annotations

from functools import lru_cache

from knowledge.retrieval.faq import FaqAnswer

from .facts import encode

MIN_SIMILARITY = 0.445


@lru_cache(maxsize=1024)
def similarity(question: str, faq_question: str) -> float | None:
    """Cosine of the two questions' sentence vectors; None without the encoder."""
    vectors = encode([question, faq_question])
    if vectors is None:
        return None
    return float(vectors[0] @ vectors[1])


def about_the_question(question: str, faq_question: str) -> bool:
    """The FAQ found by search is about the question asked (or the encoder is missing)."""
    score = similarity(question, faq_question)
    return score is None or score >= MIN_SIMILARITY


def kept(question: str, faq: FaqAnswer | None) -> FaqAnswer | None:
    """``faq`` unless search found it and it is about something else than ``question``."""
    if faq is None or faq.cited or about_the_question(question, faq.question or faq.answer[:300]):
        return faq
    return None
