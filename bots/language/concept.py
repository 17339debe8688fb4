"""A concept of the helpdesk's shared vocabulary: a way people say a state, and the chart
wordings it is said in (:mod:`~bots.language.domain_lexicon` applies them)."""

from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass(frozen=True)
class Concept:
    """A way people say a state, and the chart wordings it is said in (the first a chart's
    question says is used)."""

    name: str
    said: re.Pattern[str]
    chart: tuple[str, ...]
    # One way only: not applied after a negation in the same clause.
    entailment: bool = False
    # A clause added beside the user's words instead of replacing them (the chart wording is
    # then only what a question must say for the clause to be added); one per chart wording
    # where the charts say the state in different words.
    added: str | tuple[str, ...] = ""
    # The clause added instead where the state is denied (a negation earlier in its clause or
    # inside the words: "cant see my network in the list", "my wifi does not show up"), so a
    # relation is read with its polarity; without it a denied entailment adds nothing.
    denied: str | tuple[str, ...] = ""
    # Words that, said in the same clause, make a more specific question the one meant ("the
    # radiator cap is steaming" is the cap's question, not the cooling system's).
    not_with: re.Pattern[str] | None = None
    # Words the message must say somewhere for the concept to apply: what the state is said
    # of, when the matched words leave it to an earlier sentence ("it shakes at 60. past 80
    # it smooths out" is the vibration easing; "the noise goes away when i speed up" is not).
    only_with: re.Pattern[str] | None = None
    # The added clause said as a sentence of its own after the message, so the user's
    # sentence is still read as written (its conditions and contrasts kept whole).
    apart: bool = False
    # A one-word verb said in the tense of the user's verb ("catches" -> "fires", "caught"
    # -> "fired"): (third person, -ing, past) of the chart's word.
    forms: tuple[str, str, str] | None = None
    # What the chart's word is said of ("the engine fires"): said with it where the user's
    # clause leaves it as "it" ("it cranks but never catches"), so the reading finds the
    # question's subject.
    subject: str = ""
