"""What the router routes to: one `RoutingSection` of text per problem area, from pack text only.

A section has five buckets of text, each indexed as its own passage kind:

- problem:  problem descriptions and titles (a pack's routing group title and text, or a
            network's ``problem_description`` metadata), and cited documents of kind "problem";
- question: the questions of the section's findings;
- fix:      its hypotheses' names, descriptions and resolutions, plus any extra routing text a
            pack gives for a hypothesis (``routing.hypotheses``);
- faq:      passages of FAQ documents (kind "faq") the section cites, or FAQs in the network's
            metadata;
- document: passages of any other document the section cites (articles, flowcharts).

Sections come from a pack (`sections_from_pack`: one per ``routing.groups`` entry, or one for
the whole pack when it has no groups) or from a network (`section_from_network`, for the
dataset loaders' networks). A group's findings are those linked to its hypotheses or reachable
from its ``root`` in the flow; its documents are those its hypotheses, findings and links cite
(their passages as the pack's validation computed them, else split from the inline text).
Dialogs and other evaluation data never enter a section.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from knowledge.packs.passages import DEFAULT_SPLIT, split_passages
from knowledge.search import Document, Passage
from planning.network import Citation, EvidentialNetwork

KINDS = ("problem", "question", "fix", "faq", "document")


class RoutingError(ValueError):
    """The router cannot be built from what it was given."""


class PackLike(Protocol):
    """What `sections_from_pack` reads (`knowledge.packs.validate.ValidPack` has it)."""

    @property
    def data(self) -> Mapping[str, Any]: ...

    @property
    def network(self) -> EvidentialNetwork: ...

    @property
    def passages(self) -> Mapping[str, list[Passage]]: ...


@dataclass(frozen=True)
class RoutingSection:
    """The text of one routable problem area. `key` is unique within a router."""

    key: str
    title: str
    problem: tuple[str, ...] = ()
    questions: tuple[str, ...] = ()
    fixes: tuple[str, ...] = ()
    faqs: tuple[str, ...] = ()
    documents: tuple[str, ...] = ()
    pack: str = ""
    group: str = ""
    domain: str | None = None
    hypotheses: frozenset[str] = frozenset()

    def items(self, kind: str) -> tuple[str, ...]:
        buckets = {
            "problem": self.problem,
            "question": self.questions,
            "fix": self.fixes,
            "faq": self.faqs,
            "document": self.documents,
        }
        if kind not in buckets:
            raise ValueError(f"unknown routing kind {kind!r}; expected one of {KINDS}")
        return buckets[kind]

    def all_text(self) -> str:
        return "\n".join(t for kind in KINDS for t in self.items(kind))


def section_from_network(
    key: str,
    network: EvidentialNetwork,
    *,
    documents: Sequence[Document] = (),
    domain: str | None = None,
) -> RoutingSection:
    """A section over the whole network.

    Problem text from ``metadata["problem_description"]`` / ``["problem_descriptions"]``,
    FAQs from ``metadata["faqs"]`` (``question``/``answer`` entries); `documents` are added
    by kind ("problem", "faq", anything else as "document").
    """
    meta = network.metadata
    problems = [str(meta.get("problem_description") or "")]
    problems += [str(v) for v in dict(meta.get("problem_descriptions") or {}).values()]
    faqs = [
        f"{f.get('question', '')} {f.get('answer', '')}"
        for f in meta.get("faqs") or []
        if isinstance(f, Mapping)
    ]
    other: list[str] = []
    for doc in documents:
        bucket = {"problem": problems, "faq": faqs}.get(doc.kind, other)
        bucket.append(f"{doc.title}\n{doc.text}")
    section = RoutingSection(
        key=key,
        title=_first(problems) or network.name,
        problem=_unique(problems),
        questions=_unique(f.question for f in network.findings),
        fixes=_unique(_hypothesis_lines(network, [h.id for h in network.hypotheses], {})),
        faqs=_unique(faqs),
        documents=_unique(other),
        group=key,
        domain=domain,
        hypotheses=frozenset(h.id for h in network.hypotheses),
    )
    _require_text(section)
    return section


def sections_from_pack(pack: PackLike) -> list[RoutingSection]:
    """One section per routing group of the pack (or one for the pack), keyed "pack/group"."""
    data = pack.data
    name = str(data["name"])
    network = pack.network
    routing = data.get("routing") or {}
    extra = {str(k): str(v) for k, v in (routing.get("hypotheses") or {}).items()}
    groups = list(routing.get("groups") or [])
    if not groups:
        groups = [
            {
                "id": name,
                "title": str(data.get("title", name)),
                "text": str(data.get("description", "")),
                "hypotheses": [h.id for h in network.hypotheses],
            }
        ]
    documents = {str(d.get("id")): d for d in data.get("documents") or [] if isinstance(d, Mapping)}
    sections = []
    for group in groups:
        hypotheses = [str(h) for h in group["hypotheses"]]
        findings = group_findings(network, hypotheses, group.get("root"))
        cited = _cited_documents(network, hypotheses, findings)
        problem = [str(group.get("title", "")), str(group.get("text", ""))]
        faqs: list[str] = []
        other: list[str] = []
        for doc_id in cited:
            for passage in _passages(pack, doc_id, documents):
                kind = passage.kind
                bucket = problem if kind == "problem" else faqs if kind == "faq" else other
                bucket.append(passage.text)
        key = f"{name}/{group['id']}"
        section = RoutingSection(
            key=key,
            title=_first(problem) or key,
            problem=_unique(problem),
            questions=_unique(network.finding(f).question for f in findings),
            fixes=_unique(_hypothesis_lines(network, hypotheses, extra)),
            faqs=_unique(faqs),
            documents=_unique(other),
            pack=name,
            group=str(group["id"]),
            hypotheses=frozenset(hypotheses),
        )
        _require_text(section)
        sections.append(section)
    return sections


def group_findings(network: EvidentialNetwork, hypotheses: Sequence[str], root: Any) -> list[str]:
    """Findings linked to the hypotheses, then those reachable in the flow from `root`."""
    wanted = set(hypotheses)
    found = {link.finding for link in network.links if link.hypothesis in wanted}
    if isinstance(root, str) and root:
        stack, seen = [root], set()
        while stack:
            node = stack.pop()
            if node in seen:
                continue
            seen.add(node)
            if node in network.finding_index:
                found.add(node)
            stack.extend(network.flow.get(node, {}).values())
    return [f.id for f in network.findings if f.id in found]


def _cited_documents(
    network: EvidentialNetwork, hypotheses: Sequence[str], findings: Sequence[str]
) -> list[str]:
    citations: list[Citation] = []
    wanted = set(hypotheses)
    for h in hypotheses:
        citations.extend(network.hypothesis(h).citations)
    for f in findings:
        citations.extend(network.finding(f).citations)
    for link in network.links:
        if link.hypothesis in wanted:
            citations.extend(link.citations)
    return list(dict.fromkeys(c.document_id or c.passage_id.rpartition("#")[0] for c in citations))


def _passages(pack: PackLike, doc_id: str, documents: Mapping[str, Any]) -> list[Passage]:
    """The document's passages as given, else split from the pack's inline text (a caller may
    hand over a pack without its passages computed)."""
    given = pack.passages.get(doc_id)
    if given:
        return list(given)
    doc = documents.get(doc_id)
    if doc is None or not str(doc.get("text", "")).strip():
        return []
    return split_passages(
        doc_id,
        str(doc["text"]),
        pack=str(pack.data["name"]),
        kind=str(doc.get("kind", "")),
        title=str(doc.get("title", "")),
        split=str(doc.get("split", DEFAULT_SPLIT)),
    )


def _hypothesis_lines(
    network: EvidentialNetwork, hypotheses: Iterable[str], extra: Mapping[str, str]
) -> list[str]:
    lines = []
    for hid in hypotheses:
        h = network.hypothesis(hid)
        parts = [h.name, h.resolution, extra.get(hid, "")]
        lines.append(". ".join(p.strip() for p in parts if p.strip()))
    return lines


def _require_text(section: RoutingSection) -> None:
    if not section.all_text().strip():
        raise RoutingError(f"routing section {section.key!r} has no text to route on")


def _first(items: Iterable[str]) -> str:
    return next((t.strip() for t in items if t.strip()), "")


def _unique(items: Iterable[str]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(" ".join(t.split()) for t in items if t and t.strip()))
