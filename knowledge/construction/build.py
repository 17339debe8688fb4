"""Build an evidential network from a pack's documents (InfoGatherer's construction).

1. Hypotheses come from the pack's current network, or are proposed by the model from the
   passages retrieved for a seed problem statement (each citing its passages).
2. ``expand.Expander`` grows the variable graph breadth-first from the hypotheses.
3. For every new finding and every hypothesis in scope (all of them by default, so a finding
   found under one cause can also speak for or against the others; ``ancestors`` restricts
   to the hypotheses it was found under), snippets are gathered - those that motivated an edge
   from that hypothesis, then a BM25 search for the pair, then the finding's other motivating
   snippets - and ``elicit.elicit_bba`` asks for one BBA per snippet. The informative ones are
   combined with Yager's rule into the link ``m_finding(. | hypothesis)``, citing their
   passages.

The planner's model (design section 3) links hypotheses to findings only, so a finding found
below another finding is still parameterised against the hypotheses; the finding -> finding
edges are kept, with their passages, under ``metadata["construction"]["structure"]``.
A new finding for which no snippet said anything is dropped (it could never change a belief).
The pack's existing findings and links are kept as they are; new candidates that duplicate an
existing finding only add a structure edge.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from knowledge.llm import BudgetExceeded, LLMClient, LLMError, LLMInvalidOutput
from planning.network import EvidentialNetwork, Finding, Hypothesis, Link

from .elicit import Elicited, elicit_bba, link_from
from .expand import Expander, Expansion, Node, VariableGraph
from .naming import normalise, same_variable, slug
from .snippets import PassageRetriever, Snippet, unique

LinkScope = Literal["all", "ancestors"]
LINK_SCOPES: tuple[LinkScope, ...] = ("all", "ancestors")
PROMPTS = ("propose_hypotheses", "propose_findings", "elicit_bba")
HYPOTHESES_MAX_TOKENS = 900


class BuildError(ValueError):
    """The construction cannot start: no hypotheses, no passages, bad configuration."""


@dataclass(frozen=True)
class BuildConfig:
    depth: int = 1
    max_degree: int = 4
    snippets_per_node: int = 5
    snippets_per_link: int = 2
    link_scope: LinkScope = "all"
    snippet_chars: int = 800
    max_hypotheses: int = 6
    kind: str | tuple[str, ...] | None = None

    def __post_init__(self) -> None:
        for name in ("depth", "max_degree", "snippets_per_node", "snippets_per_link"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise BuildError(f"{name} must be an integer >= 1, got {value!r}")
        if self.link_scope not in LINK_SCOPES:
            raise BuildError(f"link_scope must be one of {LINK_SCOPES}, got {self.link_scope!r}")

    def as_dict(self) -> dict[str, Any]:
        return {
            "depth": self.depth,
            "max_degree": self.max_degree,
            "snippets_per_node": self.snippets_per_node,
            "snippets_per_link": self.snippets_per_link,
            "link_scope": self.link_scope,
            "snippet_chars": self.snippet_chars,
            "kind": list(self.kind) if isinstance(self.kind, tuple) else self.kind,
        }


@dataclass
class BuildResult:
    network: EvidentialNetwork
    graph: VariableGraph
    new_findings: list[str]
    new_links: list[Link]
    elicited: list[Elicited]
    stats: Counter[str]
    # Proposed variables that did not join the graph, and BBAs that broke the rules.
    rejected_candidates: list[dict[str, str]] = field(default_factory=list)
    rejected_bbas: list[dict[str, str]] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)
    incomplete: str | None = None

    def summary(self) -> str:
        """A readable account of what the construction proposes."""
        net = self.network
        usage = net.metadata.get("construction", {}).get("usage", {})
        lines = [
            f"Network {net.name!r}: {len(net.hypotheses)} hypotheses, "
            f"{len(self.new_findings)} new findings, {len(self.new_links)} new links "
            f"({usage.get('total_tokens', 0)} tokens in {usage.get('requests', 0)} requests)",
        ]
        if self.incomplete:
            lines.append(f"INCOMPLETE: {self.incomplete}")
        lines.append("Hypotheses:")
        lines += [f"  {h.id}: {h.name}" for h in net.hypotheses]
        lines.append("New findings:")
        for fid in self.new_findings:
            f = net.finding(fid)
            node = self.graph.nodes[fid]
            parents = ", ".join(self.graph.parents(fid))
            cites = ", ".join(c.passage_id for c in f.citations)
            lines.append(
                f"  {fid} [{'/'.join(f.states)}] {f.question!r} "
                f"(depth {node.depth}, from {parents}; cites {cites})"
            )
        lines.append("New links m(finding | hypothesis):")
        for link in self.new_links:
            masses = ", ".join(
                f"{{{','.join(sorted(focal))}}}: {m:.3f}" for focal, m in link.masses
            )
            cites = ", ".join(c.passage_id for c in link.citations)
            lines.append(f"  {link.hypothesis} -> {link.finding}: {masses}  [{cites}]")
        counts = {k: v for k, v in sorted(self.stats.items()) if v}
        lines.append("Counts: " + ", ".join(f"{k}={v}" for k, v in counts.items()))
        for item in self.rejected_candidates:
            lines.append(f"  rejected variable: {json.dumps(item, ensure_ascii=False)}")
        for item in self.rejected_bbas:
            lines.append(f"  rejected BBA: {json.dumps(item, ensure_ascii=False)}")
        for failure in self.failures:
            lines.append(f"  failed: {failure}")
        return "\n".join(lines)


def seed_hypotheses(
    problem: str,
    retriever: PassageRetriever,
    llm: LLMClient,
    *,
    max_hypotheses: int = 6,
    snippets: int = 8,
) -> list[Hypothesis]:
    """Possible causes of ``problem`` named by its retrieved passages, each citing them."""
    if not problem.strip():
        raise BuildError("the seed problem statement is empty")
    found = retriever.search(problem, snippets)
    if not found:
        raise BuildError(f"no passage in pack {retriever.pack!r} matches {problem!r}")
    by_id = {s.passage_id: s for s in found}
    schema = {
        "type": "object",
        "properties": {
            "hypotheses": {
                "type": "array",
                "maxItems": 2 * max_hypotheses,
                "items": {
                    "type": "object",
                    "properties": {
                        "name": {"type": "string"},
                        "description": {"type": "string"},
                        "resolution": {"type": "string"},
                        "passage_ids": {
                            "type": "array",
                            "items": {"type": "string", "enum": list(by_id)},
                            "minItems": 1,
                            "maxItems": len(by_id),
                        },
                    },
                    "required": ["name", "description", "resolution", "passage_ids"],
                    "additionalProperties": False,
                },
            }
        },
        "required": ["hypotheses"],
        "additionalProperties": False,
    }
    reply = llm.complete_json(
        "propose_hypotheses",
        {
            "problem": problem,
            "snippets": retriever.numbered(found),
            "max_hypotheses": max_hypotheses,
        },
        schema,
        max_tokens=HYPOTHESES_MAX_TOKENS,
    )
    out: list[Hypothesis] = []
    taken: set[str] = set()
    for item in reply["hypotheses"]:
        name = " ".join(str(item["name"]).split())
        cited = [by_id[p] for p in dict.fromkeys(item["passage_ids"]) if p in by_id]
        if not name or not cited:
            continue
        if any(same_variable(normalise(name), normalise(h.name)) for h in out):
            continue
        hid = slug(name, "h_", taken)
        taken.add(hid)
        out.append(
            Hypothesis(
                id=hid,
                name=name,
                description=" ".join(str(item["description"]).split()),
                resolution=str(item["resolution"]).strip(),
                citations=tuple(s.citation() for s in cited),
            )
        )
        if len(out) >= max_hypotheses:
            break
    if not out:
        raise BuildError(f"the model named no grounded hypothesis for {problem!r}")
    return out


def build_network(
    *,
    name: str,
    retriever: PassageRetriever,
    llm: LLMClient,
    base: EvidentialNetwork | None = None,
    hypotheses: Sequence[Hypothesis] | None = None,
    seed: str | None = None,
    config: BuildConfig | None = None,
) -> BuildResult:
    """Construct (or extend ``base``) from the pack's passages; see the module docstring.

    Hypotheses: ``base``'s, else ``hypotheses``, else proposed from ``seed``.
    """
    config = config or BuildConfig()
    stats: Counter[str] = Counter()
    if base is not None:
        if hypotheses is not None or seed:
            raise BuildError(
                "extending an existing network uses its hypotheses: give base, or "
                "hypotheses / a seed for a new network, not both"
            )
        hypotheses = list(base.hypotheses)
    if not hypotheses:
        if not seed:
            raise BuildError(
                "no hypotheses to start from: the pack has none; give a seed problem statement"
            )
        hypotheses = seed_hypotheses(seed, retriever, llm, max_hypotheses=config.max_hypotheses)
        stats["seeded_hypotheses"] = len(hypotheses)
    hypotheses = list(hypotheses)
    existing = list(base.findings) if base is not None else []

    expander = Expander(
        llm,
        retriever,
        depth=config.depth,
        max_degree=config.max_degree,
        snippets_per_node=config.snippets_per_node,
    )
    expansion = expander.run(hypotheses, existing)
    stats.update(expansion.stats)
    graph = expansion.graph
    failures = list(expansion.failures)
    rejected_bbas: list[dict[str, str]] = []
    incomplete = expansion.stopped

    elicited: list[Elicited] = []
    links: list[Link] = []
    if incomplete is None:
        incomplete = _elicit_all(
            graph,
            hypotheses,
            retriever,
            llm,
            config,
            elicited,
            links,
            rejected_bbas,
            failures,
            stats,
        )

    linked = {link.finding for link in links}
    candidates = [n for n in graph.nodes.values() if n.kind == "finding" and not n.existing]
    kept = [n for n in candidates if n.id in linked]
    stats["dropped_uninformative"] = len(candidates) - len(kept)
    findings = [*existing, *(_finding(n) for n in kept)]
    kept_ids = {h.id for h in hypotheses} | {f.id for f in findings}
    structure = [
        e.to_dict() for e in graph.edges.values() if e.parent in kept_ids and e.child in kept_ids
    ]
    metadata = dict(base.metadata) if base is not None else {}
    metadata["construction"] = {
        "method": "infogatherer-expansion",
        "model": llm.model,
        "prompts": {
            p: {"version": llm.prompt(p).version, "fingerprint": llm.prompt(p).fingerprint}
            for p in PROMPTS
        },
        "config": config.as_dict(),
        "usage": llm.usage.as_dict(),
        "incomplete": incomplete,
        "structure": structure,
        "elicitations": [e.to_dict() for e in elicited if e.finding in kept_ids],
    }
    network = EvidentialNetwork(
        name=name,
        hypotheses=hypotheses,
        findings=findings,
        links=[*(base.links if base is not None else []), *links],
        red_flags=list(base.red_flags) if base is not None else [],
        flow=dict(base.flow) if base is not None else {},
        flow_root=base.flow_root if base is not None else None,
        metadata=metadata,
    )
    return BuildResult(
        network=network,
        graph=graph,
        new_findings=[n.id for n in kept],
        new_links=links,
        elicited=elicited,
        stats=stats,
        rejected_candidates=list(expansion.rejected),
        rejected_bbas=rejected_bbas,
        failures=failures,
        incomplete=incomplete,
    )


def _elicit_all(
    graph: VariableGraph,
    hypotheses: Sequence[Hypothesis],
    retriever: PassageRetriever,
    llm: LLMClient,
    config: BuildConfig,
    elicited: list[Elicited],
    links: list[Link],
    rejected: list[dict[str, str]],
    failures: list[str],
    stats: Counter[str],
) -> str | None:
    """Fill ``links``; returns why it stopped early, or None."""
    by_id = {h.id: h for h in hypotheses}
    for node in [n for n in graph.nodes.values() if n.kind == "finding" and not n.existing]:
        if config.link_scope == "all":
            scope = [h.id for h in hypotheses]
        else:
            ancestors = graph.ancestors(node.id)
            scope = [h.id for h in hypotheses if h.id in ancestors]
        for hid in scope:
            hypothesis = by_id[hid]
            snippets = _link_snippets(graph, node, hypothesis, retriever, config)
            pair: list[Elicited] = []
            for snippet in snippets:
                stats["bba_requests"] += 1
                try:
                    pair.append(
                        elicit_bba(
                            llm,
                            hypothesis_id=hid,
                            hypothesis=hypothesis.name or hid,
                            hypothesis_description=hypothesis.description,
                            finding_id=node.id,
                            finding=node.name,
                            question=node.question,
                            states=node.states,
                            snippet=snippet,
                            shown_text=retriever.shown(snippet),
                        )
                    )
                except BudgetExceeded as exc:
                    return f"token budget spent while eliciting ({hid}, {node.id}): {exc}"
                except LLMInvalidOutput as exc:
                    stats["rejected_bba"] += 1
                    rejected.append(
                        {
                            "hypothesis": hid,
                            "finding": node.id,
                            "passage_id": snippet.passage_id,
                            "reason": exc.problems[-1] if exc.problems else str(exc),
                        }
                    )
                except LLMError as exc:
                    failures.append(f"({hid}, {node.id}, {snippet.passage_id}): {exc}")
            stats["vacuous_bba"] += sum(1 for e in pair if e.vacuous)
            elicited.extend(pair)
            link = link_from(pair)
            if link is not None:
                links.append(link)
    return None


def _link_snippets(
    graph: VariableGraph,
    node: Node,
    hypothesis: Hypothesis,
    retriever: PassageRetriever,
    config: BuildConfig,
) -> list[Snippet]:
    direct = graph.edges.get((hypothesis.id, node.id))
    first = list(direct.snippets) if direct is not None else []
    query = f"{hypothesis.name or hypothesis.id} {node.name}"
    searched = retriever.search(query, config.snippets_per_link)
    others = list(node.snippets.values())
    return unique([*first, *searched, *others])[: config.snippets_per_link]


def _finding(node: Node) -> Finding:
    return Finding(
        id=node.id,
        question=node.question or node.name,
        states=node.states,
        how_to_check=node.how_to_check,
        citations=tuple(s.citation() for s in node.snippets.values()),
    )


__all__ = [
    "LINK_SCOPES",
    "BuildConfig",
    "BuildError",
    "BuildResult",
    "Expansion",
    "build_network",
    "seed_hypotheses",
]
