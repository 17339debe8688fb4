"""Flowchart preconditions: which questions the answers so far make reachable.

In a flowchart a question is asked only on the way down a branch ("did cleaning the fan
help?" presupposes the fan was cleaned), so when a network carries its source's flow
(``network.flow``, rooted at ``network.flow_root`` or, for networks combining several charts,
at each of ``metadata["flow_roots"]``), the informed policies choose among the *frontier*: the
unasked questions reachable from a root by following the answers given. A crisp answer
follows its edge; an answer that does not settle the branch ("not sure", several states, or a
hedge) keeps every branch open. A single state read at a discount is followed by the
walks that ask for it (``follow``): "volunteered" follows what the user said unasked ("it
won't fire up", read at the facts' discount), "discounted" also follows hedged answers. The
policies ask down the branch the user's words point to first (:meth:`Policy.candidates`) and
never ask a question only the other side of a volunteered fact leads to ("does the engine
fire right up but stall?" after "it won't fire up"). A question with a single outgoing edge
(its other answers are dead ends of the chart) does not block the walk: what lies beyond it
is reachable as well, so a policy may skip a question whose answer the chart already
implies. A question an answer further down implies (:mod:`planning.reach`) is walked past
the same way. Without a flow every finding is on the frontier.
"""

from __future__ import annotations

from typing import Literal

from planning.dialogue import DialogueState
from planning.evidence import Answer
from planning.network import EvidentialNetwork

# Which single-state answers read at a discount a walk follows (crisp ones it always does).
Follow = Literal["crisp", "volunteered", "discounted"]


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


def frontier(
    network: EvidentialNetwork, state: DialogueState, follow: Follow = "crisp"
) -> set[str] | None:
    """Unasked findings reachable by the answers so far; ``None`` without a flowchart."""
    walked = walk(network, state, follow)
    return None if walked is None else walked[0]


def beyond_volunteered(network: EvidentialNetwork, state: DialogueState) -> set[str]:
    """Findings of the chart only the other side of a volunteered fact leads to, whatever
    was answered on the way: after "it won't fire up", the whole "it fires" branch."""
    roots = flow_roots(network)
    latest = {a.finding: (i, a) for i, a in enumerate(state.answers)}
    facts = {
        f: a.states[0]
        for f, (i, a) in latest.items()
        if i in state.passing and a.states is not None and len(a.states) == 1
    }

    def reach(through_facts: bool) -> set[str]:
        seen: set[str] = set()
        stack = list(roots)
        while stack:
            node = stack.pop()
            if node in seen or node not in network.finding_index:
                continue
            seen.add(node)
            edges = network.flow.get(node, {})
            if through_facts and node in facts:
                stack.extend([edges[facts[node]]] if facts[node] in edges else [])
            else:
                stack.extend(edges.values())
        return seen

    return reach(through_facts=False) - reach(through_facts=True) if facts else set()


def walk(
    network: EvidentialNetwork, state: DialogueState, follow: Follow = "crisp"
) -> tuple[set[str], set[str]] | None:
    """The frontier and every finding the walk passed; ``None`` without a flowchart."""
    roots = flow_roots(network)
    if not roots:
        return None
    latest: dict[str, Answer] = {a.finding: a for a in state.answers}
    last_index = {a.finding: i for i, a in enumerate(state.answers)}
    said_unasked = {f for f, i in last_index.items() if i in state.passing}
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
        if _followed(answer, follow, volunteered=node in said_unasked):
            assert answer.states is not None
            following = edges.get(answer.states[0])
            stack.extend([following] if following is not None else [])
        else:
            stack.extend(edges.values())
    return out, seen


def _followed(answer: Answer, follow: Follow, volunteered: bool) -> bool:
    if answer.states is None or len(answer.states) != 1:
        return False
    if answer.reliability >= 1.0 or follow == "discounted":
        return True
    return follow == "volunteered" and volunteered
