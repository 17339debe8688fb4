"""InfoGatherer's retrieval-guided breadth-first expansion (its Algorithm 1).

The queue starts with the hypotheses. For each dequeued variable we retrieve passages about
it, ask the model for observable child variables grounded in those passages (each citing the
passages that mention it), and add them: a new variable becomes a node one level deeper and
is queued; a duplicate of a known variable (``naming.same_variable``) only gains the edge.
Edges go hypothesis -> finding or finding -> finding (a refinement or consequence found while
expanding a finding); an edge that would close a cycle is refused, and no finding may be a
hypothesis. ``max_degree`` caps the children accepted per expanded variable and the parents
per finding; ``depth`` is the deepest level a finding may sit at (hypotheses are level 0), so
``depth=1`` gives the findings of each hypothesis and nothing below them.

Expansion stops when the queue is empty or the token budget is spent (the graph so far is
kept and the result says why it stopped). A variable whose call fails is skipped, not fatal.
"""

from __future__ import annotations

from collections import Counter, deque
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from knowledge.llm import BudgetExceeded, LLMClient, LLMError
from planning.network import Finding, Hypothesis

from .naming import NormalName, normalise, same_variable, slug
from .snippets import PassageRetriever, Snippet, unique

MAX_STATES = 6
MAX_STATE_CHARS = 60
MAX_NAME_CHARS = 80
# How many known variables an expansion prompt lists (a pack may have hundreds).
MAX_KNOWN_SHOWN = 30

NodeKind = Literal["hypothesis", "finding"]


@dataclass
class Node:
    id: str
    kind: NodeKind
    name: str
    depth: int
    description: str = ""
    question: str = ""
    states: tuple[str, ...] = ("yes", "no")
    how_to_check: str = ""
    # Known before this run (from the pack): a duplicate target, never expanded or elicited.
    existing: bool = False
    normal: NormalName = field(default_factory=lambda: NormalName(()))
    # Every snippet that motivated an edge into this node, by passage id.
    snippets: dict[str, Snippet] = field(default_factory=dict)


@dataclass
class Edge:
    parent: str
    child: str
    snippets: list[Snippet]

    def to_dict(self) -> dict[str, Any]:
        return {
            "parent": self.parent,
            "child": self.child,
            "citations": [s.passage_id for s in self.snippets],
        }


class VariableGraph:
    """Variables (hypotheses and findings) and the directed edges that justify them."""

    def __init__(self) -> None:
        self.nodes: dict[str, Node] = {}
        self.edges: dict[tuple[str, str], Edge] = {}
        self._children: dict[str, list[str]] = {}
        self._parents: dict[str, list[str]] = {}

    def add_node(self, node: Node) -> Node:
        if node.id in self.nodes:
            raise ValueError(f"variable id {node.id!r} is already in the graph")
        node.normal = normalise(node.name)
        self.nodes[node.id] = node
        self._children[node.id] = []
        self._parents[node.id] = []
        return node

    def add_edge(self, parent: str, child: str, snippets: Sequence[Snippet]) -> Edge:
        if self.would_cycle(parent, child):
            raise ValueError(f"edge {parent!r} -> {child!r} would close a cycle")
        edge = self.edges.get((parent, child))
        if edge is None:
            edge = Edge(parent, child, [])
            self.edges[(parent, child)] = edge
            self._children[parent].append(child)
            self._parents[child].append(parent)
        edge.snippets = unique([*edge.snippets, *snippets])
        target = self.nodes[child]
        for s in snippets:
            target.snippets.setdefault(s.passage_id, s)
        return edge

    def children(self, node_id: str) -> list[str]:
        return list(self._children[node_id])

    def parents(self, node_id: str) -> list[str]:
        return list(self._parents[node_id])

    def would_cycle(self, parent: str, child: str) -> bool:
        """True when ``child`` already reaches ``parent`` (or they are the same node)."""
        stack, seen = [child], set()
        while stack:
            current = stack.pop()
            if current == parent:
                return True
            if current in seen:
                continue
            seen.add(current)
            stack.extend(self._children[current])
        return False

    def is_acyclic(self) -> bool:
        indegree = {n: len(p) for n, p in self._parents.items()}
        ready = [n for n, d in indegree.items() if d == 0]
        visited = 0
        while ready:
            node = ready.pop()
            visited += 1
            for child in self._children[node]:
                indegree[child] -= 1
                if indegree[child] == 0:
                    ready.append(child)
        return visited == len(self.nodes)

    def match(self, name: str) -> Node | None:
        """The known variable that ``name`` duplicates, if any (hypotheses included)."""
        wanted = normalise(name)
        for node in self.nodes.values():
            if same_variable(wanted, node.normal):
                return node
        return None

    def ancestors(self, node_id: str) -> set[str]:
        stack, seen = list(self._parents[node_id]), set()
        while stack:
            current = stack.pop()
            if current not in seen:
                seen.add(current)
                stack.extend(self._parents[current])
        return seen


@dataclass
class Expansion:
    graph: VariableGraph
    stats: Counter[str]
    rejected: list[dict[str, str]]
    failures: list[str]
    stopped: str | None = None


FINDINGS_SCHEMA_TOKENS = 900


def findings_schema(passage_ids: Sequence[str], max_items: int) -> dict[str, Any]:
    """The reply shape for ``propose_findings``; passage ids limited to the ones shown.

    The array bounds matter to grammar-constrained servers: without ``maxItems`` a small model
    can list findings until it runs out of tokens.
    """
    return {
        "type": "object",
        "properties": {
            "findings": {
                "type": "array",
                "maxItems": max_items,
                "items": {
                    "type": "object",
                    "properties": {
                        "name": {"type": "string"},
                        "question": {"type": "string"},
                        "states": {
                            "type": "array",
                            "items": {"type": "string"},
                            "minItems": 2,
                            "maxItems": MAX_STATES,
                        },
                        "how_to_check": {"type": "string"},
                        "passage_ids": {
                            "type": "array",
                            "items": {"type": "string", "enum": list(passage_ids)},
                            "minItems": 1,
                            "maxItems": len(passage_ids),
                        },
                    },
                    "required": ["name", "question", "states", "how_to_check", "passage_ids"],
                    "additionalProperties": False,
                },
            }
        },
        "required": ["findings"],
        "additionalProperties": False,
    }


def clean_states(raw: Sequence[Any]) -> tuple[str, ...]:
    """Stripped, lower-cased states; ValueError unless 2..MAX_STATES distinct short strings."""
    states = tuple(" ".join(str(s).split()).lower() for s in raw)
    if not 2 <= len(states) <= MAX_STATES:
        raise ValueError(f"needs 2 to {MAX_STATES} states, got {len(states)}")
    if any(not s or len(s) > MAX_STATE_CHARS for s in states):
        raise ValueError(f"states must be 1 to {MAX_STATE_CHARS} characters: {list(states)}")
    if len(set(states)) != len(states):
        raise ValueError(f"duplicate states {list(states)}")
    return states


class Expander:
    """Runs the expansion; ``graph`` may already hold the pack's own findings."""

    def __init__(
        self,
        llm: LLMClient,
        retriever: PassageRetriever,
        *,
        depth: int = 1,
        max_degree: int = 4,
        snippets_per_node: int = 5,
    ) -> None:
        if depth < 1:
            raise ValueError(f"depth must be at least 1, got {depth}")
        if max_degree < 1:
            raise ValueError(f"max_degree must be at least 1, got {max_degree}")
        if snippets_per_node < 1:
            raise ValueError(f"snippets_per_node must be at least 1, got {snippets_per_node}")
        self.llm = llm
        self.retriever = retriever
        self.depth = depth
        self.max_degree = max_degree
        self.snippets_per_node = snippets_per_node

    def run(self, hypotheses: Sequence[Hypothesis], existing: Sequence[Finding] = ()) -> Expansion:
        graph = VariableGraph()
        for h in hypotheses:
            graph.add_node(Node(h.id, "hypothesis", h.name or h.id, 0, description=h.description))
        for f in existing:
            graph.add_node(
                Node(
                    f.id,
                    "finding",
                    f.question or f.id,
                    0,
                    question=f.question,
                    states=f.states,
                    existing=True,
                )
            )
        result = Expansion(graph, Counter(), [], [])
        queue = deque(h.id for h in hypotheses)
        while queue:
            node = graph.nodes[queue.popleft()]
            if node.depth >= self.depth:
                continue
            try:
                queue.extend(self._expand(node, result))
            except BudgetExceeded as exc:
                result.stopped = f"token budget spent while expanding {node.id!r}: {exc}"
                break
        return result

    def _expand(self, node: Node, result: Expansion) -> list[str]:
        graph = result.graph
        query = f"{node.name}. {node.description or node.question}".strip()
        snippets = self.retriever.search(query, self.snippets_per_node)
        result.stats["expanded"] += 1
        if not snippets:
            return []
        by_id = {s.passage_id: s for s in snippets}
        known = _known_variables(graph, node, snippets)
        variables = {
            "subject_kind": "hypothesis (possible cause)"
            if node.kind == "hypothesis"
            else "finding",
            "subject": node.name,
            "subject_description": node.description or node.question or node.name,
            "known_variables": known,
            "snippets": self.retriever.numbered(snippets),
            "max_findings": self.max_degree,
        }
        try:
            reply = self.llm.complete_json(
                "propose_findings",
                variables,
                # Room for twice the cap: some proposals are refused (duplicates, cycles).
                findings_schema(list(by_id), 2 * self.max_degree),
                max_tokens=FINDINGS_SCHEMA_TOKENS,
            )
        except BudgetExceeded:
            raise
        except LLMError as exc:
            result.failures.append(f"{node.id}: {exc}")
            return []
        queued: list[str] = []
        accepted = 0
        for candidate in reply["findings"]:
            result.stats["proposed"] += 1
            name = " ".join(str(candidate["name"]).split())
            reason = self._accept(node, candidate, name, by_id, accepted, result, queued)
            if reason is None:
                accepted += 1
            else:
                result.stats[f"rejected_{reason.split(':')[0]}"] += 1
                result.rejected.append({"parent": node.id, "name": name, "reason": reason})
        return queued

    def _accept(
        self,
        parent: Node,
        candidate: dict[str, Any],
        name: str,
        by_id: dict[str, Snippet],
        accepted: int,
        result: Expansion,
        queued: list[str],
    ) -> str | None:
        """None when the candidate joined the graph, else why it did not."""
        graph = result.graph
        if accepted >= self.max_degree:
            return f"degree: {parent.id!r} already has {self.max_degree} new children"
        if not name or len(name) > MAX_NAME_CHARS:
            return f"name: must be 1 to {MAX_NAME_CHARS} characters"
        cited = [by_id[p] for p in dict.fromkeys(candidate["passage_ids"]) if p in by_id]
        if not cited:
            return "ungrounded: cites none of the retrieved passages"
        try:
            states = clean_states(candidate["states"])
        except ValueError as exc:
            return f"states: {exc}"
        twin = graph.match(name)
        if twin is not None:
            if twin.kind == "hypothesis":
                return f"hypothesis: {name!r} is the hypothesis {twin.id!r}, not a finding"
            if twin.id == parent.id:
                return f"self: {name!r} is {parent.id!r} itself"
            if (parent.id, twin.id) in graph.edges:
                graph.add_edge(parent.id, twin.id, cited)
                result.stats["merged"] += 1
                return None
            if graph.would_cycle(parent.id, twin.id):
                return f"cycle: {parent.id!r} -> {twin.id!r} would close a cycle"
            if len(graph.parents(twin.id)) >= self.max_degree:
                return f"degree: {twin.id!r} already has {self.max_degree} parents"
            graph.add_edge(parent.id, twin.id, cited)
            result.stats["merged"] += 1
            return None
        node = graph.add_node(
            Node(
                slug(name, "f_", graph.nodes.keys()),
                "finding",
                name,
                parent.depth + 1,
                question=" ".join(str(candidate["question"]).split()) or f"{name}?",
                states=states,
                how_to_check=" ".join(str(candidate["how_to_check"]).split()),
            )
        )
        graph.add_edge(parent.id, node.id, cited)
        result.stats["new_findings"] += 1
        queued.append(node.id)
        return None


def _known_variables(graph: VariableGraph, node: Node, snippets: Sequence[Snippet]) -> list[str]:
    """The known findings most likely to be proposed again: those sharing words with the
    snippets, most shared words first, at most MAX_KNOWN_SHOWN (names sorted for stable
    prompts)."""
    words = normalise(" ".join(s.text for s in snippets)).key
    scored = []
    for other in graph.nodes.values():
        if other.kind != "finding" or other.id == node.id:
            continue
        overlap = len(other.normal.key & words)
        if overlap:
            scored.append((-overlap, other.name))
    scored.sort()
    return sorted(name for _, name in scored[:MAX_KNOWN_SHOWN])
