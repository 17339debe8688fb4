"""The knowledge source's own order: walk the flowchart, or ask findings in network order.

With a flowchart (``network.flow``), the walk starts at ``network.flow_root`` and follows the
answers given so far: at a finding already answered with a state the chart has an edge for,
it moves along that edge; at an unasked finding it asks it; on reaching a hypothesis (a
terminal node) it concludes it, whatever its BetP, as a flowchart would. When the walk is stuck
(the user was not sure, or the chart has no edge for the answer), it asks the next unasked
finding in flow order (depth-first from the root, each finding's edges in state order) after
the stuck node. A network combining several charts has no single root; its roots are in
``metadata["flow_roots"]`` and the walk uses the chart whose hypotheses hold the most
probability. Without a flowchart, findings are asked in network order.

The shared stopping rules still come first, so a belief that reaches ``tau`` concludes before
the walk ends.
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass

from planning.actions import Abstain, Action, Ask, Conclude, Rationale
from planning.dialogue import DialogueState, StoppingRule
from planning.network import CompiledNetwork, EvidentialNetwork

from .base import BeliefView, Policy


@dataclass(frozen=True)
class _Chart:
    root: str
    order: tuple[str, ...]  # findings in depth-first flow order
    hypotheses: tuple[int, ...]  # indices of the hypotheses reachable from the root


_CHARTS: weakref.WeakKeyDictionary[CompiledNetwork, tuple[_Chart, ...]] = (
    weakref.WeakKeyDictionary()
)


def _charts(network: EvidentialNetwork) -> tuple[_Chart, ...]:
    compiled = network.compile()
    cached = _CHARTS.get(compiled)
    if cached is not None:
        return cached
    roots: list[str] = []
    if network.flow_root is not None:
        roots.append(network.flow_root)
    else:
        extra = network.metadata.get("flow_roots")
        if isinstance(extra, dict):
            roots.extend(str(r) for r in extra.values())
    charts = tuple(_walk_chart(network, root) for root in roots)
    _CHARTS[compiled] = charts
    return charts


def _walk_chart(network: EvidentialNetwork, root: str) -> _Chart:
    order: list[str] = []
    hypotheses: list[int] = []
    seen: set[str] = set()
    stack = [root]
    while stack:
        node = stack.pop()
        if node in seen:
            continue
        seen.add(node)
        if node in network.hypothesis_index:
            hypotheses.append(network.hypothesis_index[node])
            continue
        order.append(node)
        edges = network.flow.get(node, {})
        states = network.finding(node).states
        # Reversed so that the first state's branch is explored first.
        stack.extend(edges[s] for s in reversed(states) if s in edges)
    return _Chart(root, tuple(order), tuple(sorted(hypotheses)))


class SourceOrder(Policy):
    name = "source-order"

    def __init__(self, stopping: StoppingRule | None = None, seed: int = 0) -> None:
        super().__init__(stopping, seed)

    def select(self, state: DialogueState, network: EvidentialNetwork, view: BeliefView) -> Action:
        charts = _charts(network)
        if not charts:
            return self._ask(view, int(view.askable[0]), "network_order")
        chart = max(charts, key=lambda c: float(view.known[list(c.hypotheses)].sum()))
        answers = {a.finding: a for a in state.answers}
        node = chart.root
        visited: set[str] = set()
        while node in network.finding_index and node not in visited:
            visited.add(node)
            answer = answers.get(node)
            if answer is None:
                if node in state.asked:
                    break
                return self._ask(view, network.finding_index[node], "flowchart")
            if answer.is_vacuous or answer.states is None or len(answer.states) != 1:
                break
            following = network.flow.get(node, {}).get(answer.states[0])
            if following is None:
                break
            node = following
        if node in network.hypothesis_index:
            h = network.hypothesis_index[node]
            return Conclude(node, float(view.known[h]))
        return self._fallback(view, chart.order, node)

    def _fallback(self, view: BeliefView, order: tuple[str, ...], stuck: str) -> Action:
        index = view.network.finding_index
        askable = set(int(j) for j in view.askable)
        start = order.index(stuck) + 1 if stuck in order else 0
        for finding_id in order[start:] + order[:start]:
            j = index[finding_id]
            if j in askable:
                return self._ask(view, j, "flow_order")
        if view.askable.size:
            return self._ask(view, int(view.askable[0]), "network_order")
        return Abstain("no_questions", view.differential())

    def _ask(self, view: BeliefView, finding: int, how: str) -> Ask:
        base = self.rationale(view, finding, 0.0, how)
        return Ask(
            view.compiled.finding_ids[finding],
            Rationale(
                separates=base.separates,
                expected_gain=0.0,
                answer_probability=base.answer_probability,
                score_name=how,
            ),
        )
