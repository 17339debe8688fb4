"""A pack's network from its documents without a model: one decision tree per article.

Each document is read by ``decisions.read_decisions``; its causes and checks get ids
``<document id>/<h1|c1...>`` (unique across the pack), every hypothesis, finding and link
cites the passage its words come from (under the document's own split, so the ids are the
ones the search index and the console use), and each article becomes a routing group whose
text is its title and opening paragraph, with its own flow root, as the FloDial example packs
do for their charts. Documents with no decision structure (a glossary, a policy page) add
nothing and are listed in ``metadata.construction.skipped``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from knowledge.packs.passages import split_passages
from planning.network import Citation, EvidentialNetwork, Finding, Hypothesis, Link

from .decisions import Span, read_decisions
from .network import decisions_network

Progress = Callable[[int, int, str], None]


@dataclass(frozen=True)
class Source:
    """One document of the pack, as the document store holds it."""

    id: str
    title: str
    text: str
    kind: str = "article"
    split: str = "chunks"


class NothingToBuild(ValueError):
    """No document of the pack has a decision structure the offline reader recognises."""


def _citer(pack: str, source: Source) -> Callable[[Span], Citation]:
    passages = split_passages(
        source.id,
        source.text,
        pack=pack,
        kind=source.kind,
        title=source.title,
        split=source.split,
    )

    def cite(span: Span) -> Citation:
        best = None
        for passage in passages:
            if passage.start <= span.start < passage.end:
                best = passage
                if span.end <= passage.end:
                    break  # the first passage holding the whole span
        if best is None:
            best = min(passages, key=lambda p: abs(p.start - span.start))
        quote = source.text[max(best.start, span.start) : min(best.end, span.end)].strip()
        return Citation(best.id, document_id=source.id, quote=quote[:300])

    return cite


def _opening(text: str) -> str:
    for paragraph in text.split("\n\n")[:6]:
        words = paragraph.split()
        if len(words) >= 8:
            return " ".join(words[:60])
    return ""


def build_pack_network(
    pack: str, sources: Sequence[Source], *, progress: Progress | None = None
) -> tuple[EvidentialNetwork, dict[str, Any]]:
    """The network of ``sources`` and the pack's routing section."""
    hypotheses: list[Hypothesis] = []
    findings: list[Finding] = []
    links: list[Link] = []
    flow: dict[str, dict[str, str]] = {}
    roots: dict[str, str] = {}
    groups: list[dict[str, Any]] = []
    skipped: list[str] = []
    for position, source in enumerate(sources, start=1):
        if progress is not None:
            progress(position - 1, len(sources), source.id)
        decisions = read_decisions(source.text)
        if not decisions.causes:
            skipped.append(source.id)
            continue
        net = decisions_network(
            decisions, name=pack, cite=_citer(pack, source), id_prefix=f"{source.id}/"
        )
        if not net.hypotheses:
            skipped.append(source.id)
            continue
        hypotheses.extend(net.hypotheses)
        findings.extend(net.findings)
        links.extend(net.links)
        flow.update(net.flow)
        if net.flow_root is not None:
            roots[source.id] = net.flow_root
        groups.append(
            {
                "id": source.id,
                "text": f"{source.title}. {_opening(source.text)}".strip(),
                "hypotheses": [h.id for h in net.hypotheses],
                **({"root": net.flow_root} if net.flow_root else {}),
            }
        )
    if progress is not None:
        progress(len(sources), len(sources), "")
    if not hypotheses:
        raise NothingToBuild(
            f"none of the {len(sources)} document(s) of pack {pack!r} reads as a "
            "troubleshooting guide (questions or 'if ...' steps leading to causes and fixes)"
        )
    network = EvidentialNetwork(
        name=pack,
        hypotheses=hypotheses,
        findings=findings,
        links=links,
        flow=flow,
        flow_root=next(iter(roots.values())) if len(roots) == 1 else None,
        metadata={
            "construction": {
                "method": "offline",
                "reader": "knowledge.construction.offline.decisions",
                "documents": [s.id for s in sources if s.id not in skipped],
                "skipped": skipped,
                "review": "draft",
            },
            "flow_roots": roots,
        },
    )
    return network, {"groups": groups}
