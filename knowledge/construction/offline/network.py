"""An article's decision structure as an evidential network, every part citing its passage.

Like a FloDial chart (``knowledge.datasets.flodial``): each cause is a hypothesis (name: its
first sentence, shortened; resolution: what the article says to do), each check a yes/no
finding, and a cause determines the answers on its way down from the root; a check off
that way says nothing about it (no link). Where the article reaches a cause by several
ways, a check keeps a link when every way that asks it gives the same answer.
``flow``/``flow_root`` keep the article's own order, so the informed policies ask along it.

Links are crisp by default, as for a hand-structured chart (``certainty`` can leave some mass
undecided). Measured on the FloDial articles with the service's planner settings, 0.9 on the
implied answer kept the planner from ever reaching its 0.85 conclusion threshold on a perfectly
read article (engine_overheats: 0% success, 15 turns, against 100% and 6.3 turns crisp), so
hedges are left to the LLM refinement, which softens only causes the article itself hedges.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

from planning.network import Citation, EvidentialNetwork, Finding, Hypothesis, Link

from . import language as lang
from .decisions import Cause, Check, Decisions, Span, read_decisions

PassageOf = Callable[[Span], Citation]
NAME_WORDS = 14
CERTAINTY = 1.0


def cause_name(text: str) -> str:
    """A short name for a cause: its first sentence, without a leading condition, at most
    ``NAME_WORDS`` words."""
    first = lang.sentences(text)[0] if lang.sentences(text) else text
    split = lang.condition_split(first)
    if split is not None and split[1]:
        first = split[1]
    first = re.sub(r"^(?:then|so|yes|no)\b[,:]?\s*", "", first.strip(), flags=re.I)
    tokens = first.split()
    name = " ".join(tokens[:NAME_WORDS]).rstrip(",;:")
    if len(tokens) > NAME_WORDS:
        name += "…"
    return (name[:1].upper() + name[1:]) if name else text[:80]


def _paths(root: Check | Cause | None) -> dict[str, list[list[tuple[str, str]]]]:
    out: dict[str, list[list[tuple[str, str]]]] = {}

    def walk(node: Check | Cause | None, path: list[tuple[str, str]], seen: frozenset[str]) -> None:
        if node is None:
            return
        if isinstance(node, Cause):
            out.setdefault(node.id, []).append(list(path))
            return
        if node.id in seen:
            return  # a pointer back up the article: the walk does not loop
        for state in ("yes", "no"):
            target = node.slot(state)
            if isinstance(target, Check | Cause):
                walk(target, [*path, (node.id, state)], seen | {node.id})

    walk(root, [], frozenset())
    return out


def _determined(paths: Sequence[Sequence[tuple[str, str]]]) -> dict[str, str]:
    """The answer a cause implies for each check on any of its ways: the one every way that
    asks the check gives (none where two ways answer it differently).

    A check on only some ways still gets the link: on the ways that skip it, the flow never
    asks it (``planning.policies.flow``), and on the ways through it, an answer against the
    link rules the cause out. Keeping only the checks every way asks (the rule before) left
    a cause the article reaches by a fall-through ("otherwise, go to step 16") unrefuted by
    the answers that close the other way, and the dialog ended undecided."""
    implied: dict[str, str] = {}
    split: set[str] = set()
    for path in paths:
        for check, state in path:
            if implied.setdefault(check, state) != state:
                split.add(check)
    return {c: s for c, s in implied.items() if c not in split}


def decisions_network(
    decisions: Decisions,
    *,
    name: str,
    cite: PassageOf,
    id_prefix: str = "",
    metadata: dict[str, Any] | None = None,
    certainty: float = CERTAINTY,
) -> EvidentialNetwork:
    """The network of ``decisions``; ``cite`` names the passage a span of the text lies in."""
    paths = _paths(decisions.root if isinstance(decisions.root, Check | Cause) else None)
    causes = [c for c in decisions.causes if c.id in paths]
    used_checks = {check for ways in paths.values() for way in ways for check, _ in way}
    checks = [c for c in decisions.checks if c.id in used_checks]
    hid = {c.id: f"{id_prefix}{c.id}" for c in causes}
    fid = {c.id: f"{id_prefix}{c.id}" for c in checks}
    hypotheses = [
        Hypothesis(
            id=hid[c.id],
            name=cause_name(c.text),
            resolution=c.text,
            citations=(cite(c.span),),
        )
        for c in causes
    ]
    findings = [
        Finding(
            id=fid[c.id],
            question=c.question,
            how_to_check=c.context,
            citations=(cite(c.span),),
        )
        for c in checks
    ]
    by_check = {c.id: c for c in checks}
    links: list[Link] = []
    for cause in causes:
        for check_id, state in sorted(_determined(paths[cause.id]).items()):
            links.append(
                Link.make(
                    hid[cause.id],
                    fid[check_id],
                    {state: certainty, ("yes", "no"): 1.0 - certainty}
                    if certainty < 1.0
                    else {state: 1.0},
                    (cite(by_check[check_id].span),),
                )
            )
    flow: dict[str, dict[str, str]] = {}
    for check in checks:
        moves: dict[str, str] = {}
        for state in ("yes", "no"):
            target = check.slot(state)
            if isinstance(target, Cause) and target.id in hid:
                moves[state] = hid[target.id]
            elif isinstance(target, Check) and target.id in fid:
                moves[state] = fid[target.id]
        if moves:
            flow[fid[check.id]] = moves
    root = decisions.root
    flow_root = None
    if isinstance(root, Check) and root.id in fid:
        flow_root = fid[root.id]
    elif isinstance(root, Cause) and root.id in hid:
        flow_root = hid[root.id]
    return EvidentialNetwork(
        name=name,
        hypotheses=hypotheses,
        findings=findings,
        links=links,
        flow=flow,
        flow_root=flow_root,
        metadata={"construction": {"method": "offline", "reader": "decisions"}, **(metadata or {})},
    )


def article_network(
    text: str, *, name: str, cite: PassageOf, id_prefix: str = ""
) -> EvidentialNetwork:
    return decisions_network(read_decisions(text), name=name, cite=cite, id_prefix=id_prefix)
