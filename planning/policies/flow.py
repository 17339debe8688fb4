"""Flowchart preconditions: which questions the answers so far make reachable.

In a flowchart a question is asked only on the way down a branch ("did cleaning the fan
help?" presupposes the fan was cleaned), so when a network carries its source's flow
(``network.flow``, rooted at ``network.flow_root`` or, for networks combining several charts,
at each of ``metadata["flow_roots"]``), the informed policies choose among the *frontier*: the
unasked questions reachable from a root by following the answers given. A crisp answer
follows its edge; an answer that does not settle the branch ("not sure", several states, or a
hedge) keeps every branch open. A question with a single outgoing edge (its other answers are
dead ends of the chart) does not block the walk: what lies beyond it is reachable as well, so a
policy may skip a question whose answer the chart already implies. A question an answer
further down implies (:mod:`planning.reach`) is walked past the same way. Without a flow every
finding is on the frontier.
"""

from __future__ import annotations

from planning.dialogue import DialogueState
from planning.evidence import Answer
from planning.network import EvidentialNetwork


def flow_roots(network: EvidentialNetwork) -> list[str]:
    """The flowchart roots of ``network`` (empty when it has no flow)."""
    if not network.flow:
        return []
    if network.flow_root is not None:
        return [network.flow_root]
    extra = network.metadata.get("flow_roots")
    if isinstance(extra, dict):
        return [str(root) for root in extra.values()]
    return []


def frontier(network: EvidentialNetwork, state: DialogueState) -> set[str] | None:
    """Unasked findings reachable by the answers so far; ``None`` without a flowchart."""
    roots = flow_roots(network)
    if not roots:
        return None
    latest: dict[str, Answer] = {a.finding: a for a in state.answers}
    # A question the user's deeper answers already answer (planning.reach) is walked past
    # along that answer, not asked: after "yes, a single lamp failure" the chart's way to
    # that question (the key-on open circuit, the accessories, the battery) is not asked.
    for finding, (implied, _) in state.implied(network).items():
        latest.setdefault(finding, Answer(finding, (implied,), 1.0))
    out: set[str] = set()
    seen: set[str] = set()
    stack = list(roots)
    while stack:
        node = stack.pop()
        if node in seen or node not in network.finding_index:
            continue  # hypotheses (terminal nodes) end a branch
        seen.add(node)
        answer = latest.get(node)
        edges = network.flow.get(node, {})
        if answer is None:
            if node not in state.asked:
                out.add(node)
                if len(edges) == 1:
                    # Every other answer is a dead end of the chart, so the walk can only go
                    # on this way: what lies beyond is reachable too.
                    stack.extend(edges.values())
            continue
        settled = (
            answer.states is not None and len(answer.states) == 1 and answer.reliability >= 1.0
        )
        if settled:
            assert answer.states is not None
            following = edges.get(answer.states[0])
            stack.extend([following] if following is not None else [])
        else:
            stack.extend(edges.values())
    return out
