"""What a "no" also answers: a question that asks for one thing and then another presupposes
the first, so where the first did not happen the whole question is answered "no".

"Does the engine fire right up but stall as soon as you release the key?" and "does the car
start, run a few seconds and then stall?" both presuppose that the engine fired: a user who
said "it wont fire up" (or answered "no" to "does the engine fire?") would be annoyed to be
asked either (issue 19; the lead14 web chat probe). Which findings a compound question
presupposes is not written per chart: the question is turned into a statement ("the car
start, run a few seconds and then stall") and read with the chart's own reading of
volunteered facts; every "yes" read from it, other than the question itself, is what the
question takes for granted. Only compound questions (a "but" or a "then" joining two
events) are read so: a plain question's statement also reads as its near neighbours ("the
battery reads more than 12 volts" as a 12 volt reading at the coil), which it does not
presuppose.

Troubleshooting flowcharts only: the patient intake's questions and readings are measured
on tables of their own.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from planning.evidence import Answer
from planning.network import EvidentialNetwork

from .base import yes_no_states

# Two events joined in one question: "fire right up but stall", "start, run ... and then stall".
_COMPOUND = re.compile(r"\b(?:but|then)\b", re.IGNORECASE)
_PARENTHESES = re.compile(r"\([^)]*\)")
_AUXILIARY = re.compile(r"^\s*(?:does|do|did|is|are|was|can|has|have)\s+", re.IGNORECASE)

_CACHE: dict[tuple[str, int], dict[str, frozenset[str]]] = {}


def _statement(question: str) -> str:
    """The question said as a statement: "does the car start, ... stall?" -> "the car start,
    ... stall" (the reader reads statements; the question's wording is otherwise kept)."""
    main = _PARENTHESES.sub(" ", question).strip().rstrip("?").strip()
    return _AUXILIARY.sub("", main, count=1)


def presupposing(network: EvidentialNetwork) -> dict[str, frozenset[str]]:
    """finding -> the compound questions that take its "yes" for granted."""
    key = (network.name, len(network.findings))
    found = _CACHE.get(key)
    if found is not None:
        return found
    from .volunteer import volunteered_facts  # it calls this module: imported when used

    out: dict[str, set[str]] = {}
    if network.flow:
        for finding in network.findings:
            if finding.group or yes_no_states(finding) is None:
                continue
            if not _COMPOUND.search(_PARENTHESES.sub(" ", finding.question)):
                continue
            said = volunteered_facts(
                _statement(finding.question),
                network,
                skip=frozenset({finding.id}),
                verify=False,
                presuppose=False,
            )
            for answer in said:
                binary = yes_no_states(network.finding(answer.finding))
                if binary is not None and answer.states == (binary[0],):
                    out.setdefault(answer.finding, set()).add(finding.id)
    found = _CACHE[key] = {a: frozenset(bs) for a, bs in out.items()}
    return found


def denied_with(
    answers: Iterable[Answer],
    network: EvidentialNetwork,
    *,
    skip: frozenset[str] = frozenset(),
) -> tuple[Answer, ...]:
    """The "no" each compound question gets from a "no" to what it presupposes, for findings
    not already answered (in ``answers``) and not in ``skip``; at the reliability of the
    answer it follows from (a misread "no" should not weigh more for being repeated)."""
    given = list(answers)
    answered = {a.finding for a in given} | skip
    table = presupposing(network)
    out: dict[str, Answer] = {}
    for answer in given:
        if answer.finding not in network.finding_index:
            continue  # an answer about another network's finding (hostile input) says nothing here
        binary = yes_no_states(network.finding(answer.finding))
        if binary is None or answer.states != (binary[1],):
            continue
        for other in sorted(table.get(answer.finding, ())):
            other_binary = yes_no_states(network.finding(other))
            if other in answered or other in out or other_binary is None:
                continue
            out[other] = Answer(other, (other_binary[1],), answer.reliability)
    return tuple(out.values())
