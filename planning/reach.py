"""What an answer deep in a flowchart says about the questions above it.

A chart asks a question only on the way down one branch: reaching a node means the answers on
the way there. The network encodes each cause by the answers on its own path, so a finding off
that path is vacuous for it, and a fact the user confirms deep in one branch ("just the front
left indicator bulb is out") leaves every cause of the other branches where it was: the bot went
on asking about them. Read as the chart reads it, that fact also answers its ancestors (the
key-on open circuit, the accessories, the battery that runs down: all "no" on the way to the
lamp question), and those implied answers exclude the other branches.

Only an answer to a question implies anything: a fact the reader matched to a question in
the user's own words, unasked, is not yet a node reached (with opening facts implying their
ancestors, misread openings concluded the wrong fix at face value; docs/troubleshooting.md,
stop 37). An implied answer is a weaker reading than a said one (``IMPLIED_RELIABILITY`` times the
reliability of the answer it comes from), it yields to anything the user said about that
question (a said answer, even a contradicting one, replaces it), and it is drawn only from an
answer whose path agrees with everything the user said: an answer to a question the chart
would never have reached ("on a hard, flat surface?" after "the fan never runs" took the other
branch) says nothing about where the user is in the chart. Two answers implying opposite
states for one question imply neither. Being a function of the answers alone, the implied set
is recomputed rather than stored, so a stored dialogue needs nothing new.

Only networks with a ``flow`` have ancestors; elsewhere nothing is implied.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from collections.abc import Set as AbstractSet

from .evidence import Answer

# The share of an answer's reliability its implied ancestors get. FloDial dev through the
# service, --answers utterances --limit 100 and exact: see docs/troubleshooting.md, stop 37.
IMPLIED_RELIABILITY = 0.9

Path = tuple[tuple[str, str], ...]


def ancestors(flow: Mapping[str, Mapping[str, str]]) -> dict[str, Path]:
    """For each node of a flowchart (finding or cause), the (finding, state) steps every path
    from its chart's root to it takes, root first. In a DAG a step is kept only where every
    path to the node asks that question and gives the same answer (as the causes' own links
    are built)."""
    parents: dict[str, list[tuple[str, str]]] = {}
    for source, edges in flow.items():
        for state, target in edges.items():
            parents.setdefault(target, []).append((source, state))
    memo: dict[str, list[Path]] = {}

    def paths(node: str, seen: frozenset[str]) -> list[Path]:
        if node in memo:
            return memo[node]
        ups = parents.get(node, [])
        if not ups:
            out: list[Path] = [()]
        else:
            out = [
                (*path, (source, state))
                for source, state in ups
                if source not in seen
                for path in paths(source, seen | {source})
            ]
        memo[node] = out
        return out

    result: dict[str, Path] = {}
    for node in [*flow, *(t for t in parents if t not in flow)]:
        every = paths(node, frozenset({node}))
        if not every:
            continue
        first = dict(every[0])
        agreed = {q: s for q, s in first.items() if all(dict(p).get(q) == s for p in every[1:])}
        result[node] = tuple(step for step in every[0] if step[0] in agreed)
    return result


def implied_answers(
    answers: Sequence[Answer],
    paths: Mapping[str, Path],
    *,
    said_in_passing: AbstractSet[int] = frozenset(),
) -> dict[str, tuple[str, float]]:
    """The answers the user's own answers imply for the questions above them: finding ->
    (state, reliability), for findings the user has said nothing definite about. Only an
    answer to a question implies anything: the indexes in ``said_in_passing`` (facts read
    from the user's words unasked) count as said, never as reached."""
    said: dict[str, set[str]] = {}
    for answer in answers:
        if answer.states is not None:
            said.setdefault(answer.finding, set()).update(answer.states)
    candidates: dict[str, dict[str, float]] = {}
    for index, answer in enumerate(answers):
        if answer.states is None or answer.reliability <= 0.0 or index in said_in_passing:
            continue
        path = paths.get(answer.finding, ())
        # A path the user's answers leave is not where the user is.
        if any(q in said and state not in said[q] for q, state in path):
            continue
        for question, state in path:
            if question in said:
                continue
            best = candidates.setdefault(question, {})
            best[state] = max(best.get(state, 0.0), answer.reliability)
    return {
        question: (state, IMPLIED_RELIABILITY * reliability)
        for question, by_state in candidates.items()
        if len(by_state) == 1
        for state, reliability in by_state.items()
    }
