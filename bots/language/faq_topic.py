"""Whether an FAQ is about the question asked ("how do I check that?").

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
condition the battery mean?" at 0.41). Without the encoder the word gate alone decides.

A passage the chart "cites" goes through the same gate (stop 48): FloDial's citations are not
an author's link but our own word overlap (``flodial.faq_links``), and they gave "How do I
clean the air vents of my laptop?" for "are you using your laptop in a hot environment?" and
"How can an OS get corrupted?" for four boot questions. Of the 86 cited passages of the two
packs, 14 fall below the threshold: 9 about something else, 5 that would have helped a little
(how to open the BIOS, what conditioning means, what an accessory failure is, a ball joint, a
smart charger's light); every cited FAQ the dev agents used stays. Saying there is no passage
is honest; an unrelated one is not.
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
    """``faq`` unless it is about something else than ``question``."""
    if faq is None or about_the_question(question, faq.question or faq.answer[:300]):
        return faq
    return None
