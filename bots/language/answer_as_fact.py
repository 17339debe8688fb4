"""A reply the answer rules read nothing in, read as the opening reader reads a fact.

The answer rules read a reply against the question's own words; the opening reader
(:func:`~bots.language.volunteer.volunteered_facts`) also knows a chart's lay words
(``domain_lexicon``: "next to a radiator" is a hot environment, "on the tv i see the logo" is
the splash screen on an external monitor). Where the rules find no yes or no for the pending
question, the opening reader's fact about that question is its answer, so that a reply is
understood wherever the same words in an opening would be.

Only the pending question's own fact is taken: a fact about another finding is the
volunteered facts' business, never forced onto the question asked. Where the two readers both
read a reply they are not weighed against each other: on FloDial dev and the crowd tables
the opening reader was wrong in 13 of its 15 disagreements with the rules' yes or no
(docs/answer-reader.md, "Stop 45").
"""

from __future__ import annotations

from planning.evidence import Answer
from planning.network import EvidentialNetwork, Finding

from .cues import DOUBT_RELIABILITY
from .volunteer import VOLUNTEER_RELIABILITY, volunteered_facts

# Facts read by restating the question at most this reliable: the opening reader's precision
# on its held-out openings is 0.87 (docs/opening-facts.md), an answer's plain yes is 0.95.
FACT_ANSWER_RELIABILITY = VOLUNTEER_RELIABILITY
# Read by a weaker reader than a yes or a restatement: confirmed before a conclusion rests on
# it (planning.recovery confirms anything under 0.95), as a reply that seems about something
# else is (corrections.ELSEWHERE_CONFIDENCE).
FACT_ANSWER_CONFIDENCE = 0.6
READ_AS_FACT = "read as an opening fact"


def answer_as_fact(
    text: str, pending: Finding, network: EvidentialNetwork, *, doubted: bool = False
) -> Answer | None:
    """The opening reader's yes or no for ``pending`` in ``text``, or None. ``doubted``: the
    reply also says "not sure" somewhere, so the fact is taken with a doubt's weight."""
    for fact in volunteered_facts(text, network, presuppose=False):
        if fact.finding == pending.id and fact.states:
            ceiling = DOUBT_RELIABILITY if doubted else FACT_ANSWER_RELIABILITY
            return Answer(pending.id, fact.states, min(fact.reliability, ceiling))
    return None
