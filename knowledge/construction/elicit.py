"""Conditional BBAs from text: one per (hypothesis, finding, snippet), then Yager-aggregated.

Following InfoGatherer, the model reads one snippet under the assumption that the hypothesis
holds and assigns mass to answers of the finding. Focal sets are restricted to singletons,
pairs and the whole frame; anything else is rejected (and the model asked again by the
client's retry loop). Masses may sum to less than one: the remainder is ignorance and goes to
the whole frame. A snippet the model calls irrelevant gives the vacuous BBA.

Several snippets about the same (hypothesis, finding) are combined with Yager's rule in its
n-source form (conjunctive combination of all, then the conflict moved to the frame once),
because the pairwise rule is not associative and would depend on snippet order. Conflicting
snippets thus become ignorance rather than false certainty.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from knowledge.llm import LLMClient
from planning.mass import MassFunction, combine
from planning.network import Citation, Link

from .snippets import Snippet

# Masses summing to at most this much over 1 count as rounding, not as an error.
SUM_SLACK = 1e-6
BBA_MAX_TOKENS = 400


class InvalidBBA(ValueError):
    """A reply that is not a BBA of the allowed shape (focal sets, masses, states)."""


def bba_schema(states: Sequence[str]) -> dict[str, Any]:
    # Property order is generation order under grammar-constrained decoding: the quote comes
    # before the masses so the model commits to its evidence before it weighs it.
    return {
        "type": "object",
        "properties": {
            "relevant": {"type": "boolean"},
            "quote": {"type": "string"},
            "masses": {
                "type": "array",
                "items": {
                    "type": "object",
                    "properties": {
                        "states": {
                            "type": "array",
                            "items": {"type": "string", "enum": list(states)},
                            "minItems": 1,
                            "maxItems": len(states),
                        },
                        "mass": {"type": "number", "minimum": 0, "maximum": 1},
                    },
                    "required": ["states", "mass"],
                    "additionalProperties": False,
                },
            },
        },
        "required": ["relevant", "quote", "masses"],
        "additionalProperties": False,
    }


def parse_bba(reply: Mapping[str, Any], frame: Sequence[str]) -> MassFunction:
    """The BBA a reply describes over ``frame``; InvalidBBA naming the first problem.

    Allowed focal sets: one state, two states, or all states. Each mass in [0, 1]; a focal
    set given twice has its masses added; the total at most 1, the rest going to the frame.
    """
    frame_t = tuple(frame)
    if len(frame_t) < 2:
        raise InvalidBBA(f"a finding needs at least two states, got {list(frame_t)}")
    if not reply.get("relevant", True):
        return MassFunction.vacuous(frame_t)
    entries = reply.get("masses")
    if not isinstance(entries, list):
        raise InvalidBBA("'masses' must be a list of {states, mass}")
    by_set: dict[frozenset[str], float] = {}
    for i, entry in enumerate(entries):
        if not isinstance(entry, Mapping):
            raise InvalidBBA(f"masses[{i}] is not an object")
        raw_states = entry.get("states")
        if not isinstance(raw_states, list) or not raw_states:
            raise InvalidBBA(f"masses[{i}]: 'states' must be a non-empty list")
        focal = frozenset(str(s) for s in raw_states)
        unknown = sorted(focal - set(frame_t))
        if unknown:
            raise InvalidBBA(
                f"masses[{i}]: unknown states {unknown}; the states are {list(frame_t)}"
            )
        if len(focal) not in (1, 2, len(frame_t)):
            raise InvalidBBA(
                f"masses[{i}]: focal set {sorted(focal)} has {len(focal)} states; only one "
                f"state, two states or all {len(frame_t)} states are allowed"
            )
        mass = entry.get("mass")
        if isinstance(mass, bool) or not isinstance(mass, int | float) or not math.isfinite(mass):
            raise InvalidBBA(f"masses[{i}]: mass {mass!r} is not a number")
        if not 0.0 <= mass <= 1.0:
            raise InvalidBBA(f"masses[{i}]: mass {mass} is not between 0 and 1")
        by_set[focal] = by_set.get(focal, 0.0) + float(mass)
    total = math.fsum(by_set.values())
    if total > 1.0 + SUM_SLACK:
        raise InvalidBBA(f"the masses add up to {total:.4g}, more than 1")
    whole = frozenset(frame_t)
    masses = {focal: m for focal, m in by_set.items() if m > 0.0}
    if total > 1.0:
        masses = {focal: m / total for focal, m in masses.items()}
    else:
        masses[whole] = masses.get(whole, 0.0) + (1.0 - total)
    # Keys in frame order, so the MassFunction sees the labels it expects.
    ordered = {tuple(s for s in frame_t if s in focal): m for focal, m in masses.items()}
    return MassFunction.from_sets(frame_t, ordered)


def is_vacuous(mass: MassFunction) -> bool:
    return mass.mass(mass.frame) >= 1.0 - 1e-12


@dataclass(frozen=True)
class Elicited:
    """One snippet's BBA for one (hypothesis, finding) pair."""

    hypothesis: str
    finding: str
    snippet: Snippet
    mass: MassFunction
    quote: str

    @property
    def vacuous(self) -> bool:
        return is_vacuous(self.mass)

    def to_dict(self) -> dict[str, Any]:
        return {
            "hypothesis": self.hypothesis,
            "finding": self.finding,
            "passage_id": self.snippet.passage_id,
            "masses": [
                {"states": list(self.mass.labels(mask)), "mass": round(value, 6)}
                for mask, value in self.mass.masses.items()
            ],
            **({"quote": self.quote} if self.quote else {}),
        }


def elicit_bba(
    llm: LLMClient,
    *,
    hypothesis_id: str,
    hypothesis: str,
    hypothesis_description: str,
    finding_id: str,
    finding: str,
    question: str,
    states: Sequence[str],
    snippet: Snippet,
    shown_text: str,
) -> Elicited:
    """Ask the model for ``m_finding(. | hypothesis)`` from one snippet.

    Raises LLMInvalidOutput when every attempt broke the focal-set rules (and the other
    LLMError kinds as the client does).
    """
    frame = tuple(states)

    def check(reply: dict[str, Any]) -> None:
        parse_bba(reply, frame)

    reply = llm.complete_json(
        "elicit_bba",
        {
            "hypothesis": hypothesis,
            "hypothesis_description": hypothesis_description or hypothesis,
            "finding": finding,
            "question": question or finding,
            "states": list(frame),
            "passage_id": snippet.passage_id,
            "snippet": shown_text,
        },
        bba_schema(frame),
        max_tokens=BBA_MAX_TOKENS,
        check=check,
    )
    mass = parse_bba(reply, frame)
    quote = _verified_quote(str(reply.get("quote", "")), snippet.text)
    return Elicited(hypothesis_id, finding_id, snippet, mass, quote)


def _verified_quote(quote: str, text: str) -> str:
    """The quote when the snippet really contains it (whitespace and case aside), else ""."""
    wanted = " ".join(quote.split()).lower()
    if len(wanted) < 8:
        return ""
    return quote.strip() if wanted in " ".join(text.split()).lower() else ""


def aggregate(masses: Sequence[MassFunction]) -> MassFunction:
    """Yager's n-source rule; one BBA comes back unchanged."""
    if not masses:
        raise ValueError("aggregate() needs at least one BBA")
    return combine("yager", *masses)


def link_from(elicited: Sequence[Elicited]) -> Link | None:
    """The aggregated link for one (hypothesis, finding), citing every informative snippet.

    None when no snippet said anything (a missing link already means vacuous).
    """
    informative = [e for e in elicited if not e.vacuous]
    if not informative:
        return None
    pair = {(e.hypothesis, e.finding) for e in informative}
    if len(pair) != 1:
        raise ValueError(f"link_from() got BBAs for several pairs: {sorted(pair)}")
    combined = aggregate([e.mass for e in informative])
    if is_vacuous(combined):
        return None
    hypothesis, finding = pair.pop()
    citations: list[Citation] = []
    seen: set[str] = set()
    for e in informative:
        if e.snippet.passage_id not in seen:
            seen.add(e.snippet.passage_id)
            citations.append(e.snippet.citation(e.quote))
    masses: dict[Iterable[str] | str, float] = {
        combined.labels(mask): value for mask, value in combined.masses.items()
    }
    return Link.make(hypothesis, finding, masses, citations)
