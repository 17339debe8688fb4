"""FloDial troubleshooting flowcharts as evidential networks, and its dialogs as cases.

Source files (``<datasets>/flodial/``): ``knowledge-sources/<chart>.json`` (12 flowcharts) and
``dialogs/test_dialogs.json`` (894 dialogs) with the original split files.

Network of one chart. Each terminal node is a :class:`Hypothesis` (``<chart>:t<node>``, name =
the node label, resolution = the fix the agent tells the user); each question node is a binary
:class:`Finding` (``<chart>:q<node>``). A hypothesis determines the answers on its
root-to-terminal path: ``m({state} | h) = 1`` for each question on it, and no link (vacuous) for
questions off the path, which the chart never asks on the way to ``h``. The charts shipped are
trees, but the code accepts DAGs: when a terminal is reachable by several paths, a question
keeps a crisp link only if every path asks it and all give the same answer; where the paths
disagree, or some path does not ask it, the union of possibilities is the whole frame, i.e.
vacuous, so no link is stored. ``flow`` / ``flow_root`` reproduce the chart itself so a
flowchart walk is possible. A question node with a single outgoing edge is a dead end on the
other answer (the source charts have four such); the flow simply has no entry for it.

FAQs are kept as passages in ``metadata["faqs"]``; a finding whose question shares enough
content words with an FAQ question cites it (and a "how do I ..." FAQ becomes its
``how_to_check``). That relation is lexical, from the charts alone: the dialogs are evaluation
data and are not used to build knowledge.

Dialog splits (see the datasets README): ``dev`` = the 396 dialogs on charts other than
``car_steering`` and ``laptop_battery``; ``test`` = the 498 dialogs of ``u-flo-test.json``, all
on those two charts; ``all`` = the 894.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from knowledge import words
from knowledge.datasets.common import DatasetError, datasets_dir, read_json
from planning.network import Citation, EvidentialNetwork, Finding, Hypothesis, Link
from planning.simulation import Case

YES, NO = "yes", "no"
CATEGORIES = ("laptops", "cars")
DIALOG_SPLITS = ("dev", "test", "all")
TEST_CHARTS = frozenset({"car_steering", "laptop_battery"})
# The source labels car_steering as "laptops"; it is about a car's steering.
_CATEGORY_FIXES = {"car_steering": "cars"}

FAQ_MATCH_THRESHOLD = 0.34  # share of an FAQ question's content words found in the node text


# -- charts -----------------------------------------------------------------------------------


def _charts_dir(root: str | Path | None) -> Path:
    return datasets_dir(root) / "flodial" / "knowledge-sources"


@lru_cache(maxsize=4)
def _all_charts(directory: Path) -> dict[str, dict[str, Any]]:
    if not directory.is_dir():
        raise DatasetError(f"FloDial charts directory not found: {directory}")
    charts: dict[str, dict[str, Any]] = {}
    for path in sorted(directory.glob("*.json")):
        chart = read_json(path)
        _check_chart(chart, path)
        name = str(chart["name"])
        chart["category"] = _CATEGORY_FIXES.get(name, chart.get("category"))
        charts[name] = chart
    if not charts:
        raise DatasetError(f"no FloDial charts in {directory}")
    return charts


def _check_chart(chart: Any, path: Path) -> None:
    if not isinstance(chart, dict):
        raise DatasetError(f"{path}: a chart must be a JSON object")
    for key in ("name", "nodes", "edges"):
        if key not in chart:
            raise DatasetError(f"{path}: missing {key!r}")
    nodes = chart["nodes"]
    for source, edges in chart["edges"].items():
        if source not in nodes:
            raise DatasetError(f"{path}: edge from unknown node {source!r}")
        if nodes[source].get("terminal"):
            raise DatasetError(f"{path}: terminal node {source!r} has outgoing edges")
        for state, target in edges.items():
            if state not in (YES, NO):
                raise DatasetError(f"{path}: node {source!r} has an edge labelled {state!r}")
            if target not in nodes:
                raise DatasetError(f"{path}: edge {source!r} -{state}-> unknown node {target!r}")


def load_charts(
    category: str | None = None, *, root: str | Path | None = None
) -> dict[str, dict[str, Any]]:
    """The raw chart dicts (category fixed), by name; copies, safe to modify (for packs)."""
    return {name: load_chart(name, root=root) for name in chart_names(category, root=root)}


def load_chart(name: str, *, root: str | Path | None = None) -> dict[str, Any]:
    """One raw chart dict (a copy), with ``category`` corrected where the source is wrong."""
    charts = _all_charts(_charts_dir(root))
    if name not in charts:
        raise DatasetError(f"unknown FloDial chart {name!r}; known: {sorted(charts)}")
    return copy.deepcopy(charts[name])


def chart_names(category: str | None = None, *, root: str | Path | None = None) -> list[str]:
    """Chart names, sorted; only those of ``category`` ("laptops" or "cars") if given."""
    if category is not None and category not in CATEGORIES:
        raise DatasetError(f"unknown chart category {category!r}; expected one of {CATEGORIES}")
    charts = _all_charts(_charts_dir(root))
    return sorted(n for n, c in charts.items() if category is None or c["category"] == category)


def chart_root(chart: Mapping[str, Any]) -> str:
    """The node with no incoming edge."""
    targets = {t for edges in chart["edges"].values() for t in edges.values()}
    roots = [n for n in chart["nodes"] if n not in targets]
    if len(roots) != 1:
        raise DatasetError(f"chart {chart['name']!r}: expected one root node, found {roots}")
    return str(roots[0])


def terminal_paths(chart: Mapping[str, Any]) -> dict[str, list[list[tuple[str, str]]]]:
    """Every root-to-terminal path, as ``[(question node, answer), ...]``, per terminal node."""
    nodes, edges = chart["nodes"], chart["edges"]
    out: dict[str, list[list[tuple[str, str]]]] = {
        n: [] for n, v in nodes.items() if v.get("terminal")
    }

    def walk(node: str, path: list[tuple[str, str]], seen: frozenset[str]) -> None:
        if nodes[node].get("terminal"):
            out[node].append(list(path))
            return
        for state in (YES, NO):
            target = edges.get(node, {}).get(state)
            if target is None:
                continue
            if target in seen:
                raise DatasetError(f"chart {chart['name']!r}: cycle through node {target!r}")
            walk(target, [*path, (node, state)], seen | {target})

    root = chart_root(chart)
    walk(root, [], frozenset({root}))
    return out


def determined_answers(paths: Sequence[Sequence[tuple[str, str]]]) -> dict[str, str]:
    """The answers every path to a terminal agrees on (a question off some path is free)."""
    if not paths:
        return {}
    per_path = [dict(p) for p in paths]
    common = set(per_path[0]).intersection(*per_path[1:])
    return {
        node: per_path[0][node]
        for node in sorted(common, key=lambda n: (len(n), n))
        if all(p[node] == per_path[0][node] for p in per_path)
    }


def hypothesis_id(chart: str, node: str) -> str:
    return f"{chart}:t{node}"


def finding_id(chart: str, node: str) -> str:
    return f"{chart}:q{node}"


def faq_id(chart: str, faq: str) -> str:
    return f"{chart}:faq-{faq}"


# -- FAQs -------------------------------------------------------------------------------------

def _content_words(text: str) -> set[str]:
    # "How do I check ..." starts every FAQ question; the stop words take those words out.
    return words.content_words(text)


def faq_links(chart: Mapping[str, Any]) -> dict[str, list[str]]:
    """Question node -> the FAQ ids whose question is about it (lexical overlap).

    Each FAQ goes to the question node(s) sharing the largest fraction of its content words,
    provided that fraction reaches ``FAQ_MATCH_THRESHOLD``.
    """
    questions = {n: v for n, v in chart["nodes"].items() if not v.get("terminal")}
    node_words = {
        n: _content_words(f"{v.get('utterance', '')} {v.get('label', '')}")
        for n, v in questions.items()
    }
    out: dict[str, list[str]] = {}
    for position, faq in enumerate(chart.get("supporting_faqs", [])):
        words = _content_words(str(faq.get("q", "")))
        if not words or not node_words:
            continue
        scores = {n: len(words & w) / len(words) for n, w in node_words.items()}
        best = max(scores.values())
        if best < FAQ_MATCH_THRESHOLD:
            continue
        for node, score in scores.items():
            if score == best:
                out.setdefault(node, []).append(str(faq.get("id", position)))
    return out


def _faq_passages(chart: Mapping[str, Any]) -> list[dict[str, str]]:
    name = str(chart["name"])
    return [
        {
            "id": faq_id(name, str(faq.get("id", k))),
            "question": str(faq.get("q", "")),
            "answer": str(faq.get("a", "")),
        }
        for k, faq in enumerate(chart.get("supporting_faqs", []))
    ]


# -- networks ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class _ChartParts:
    hypotheses: tuple[Hypothesis, ...]
    findings: tuple[Finding, ...]
    links: tuple[Link, ...]
    flow: Mapping[str, Mapping[str, str]]
    root: str
    faqs: tuple[Mapping[str, str], ...]


@lru_cache(maxsize=32)
def _chart_parts(directory: Path, name: str) -> _ChartParts:
    charts = _all_charts(directory)
    if name not in charts:
        raise DatasetError(f"unknown FloDial chart {name!r}; known: {sorted(charts)}")
    chart = charts[name]
    nodes = chart["nodes"]
    document = f"flodial:{name}"

    def node_cite(node: str) -> Citation:
        return Citation(f"{document}#chart-{node}", document_id=document)

    def target_id(node: str) -> str:
        return hypothesis_id(name, node) if nodes[node].get("terminal") else finding_id(name, node)

    faqs = {str(f.get("id", k)): f for k, f in enumerate(chart.get("supporting_faqs", []))}
    related = faq_links(chart)
    findings = []
    for node, spec in nodes.items():
        if spec.get("terminal"):
            continue
        faq_keys = related.get(node, [])
        how_to = [
            str(faqs[k].get("a", ""))
            for k in faq_keys
            if str(faqs[k].get("q", "")).lower().startswith("how")
        ]
        findings.append(
            Finding(
                id=finding_id(name, node),
                question=str(spec.get("utterance") or spec.get("label") or ""),
                states=(YES, NO),
                how_to_check=" ".join(how_to),
                citations=(
                    node_cite(node),
                    *(
                        Citation(faq_id(name, k), document_id=document, quote=str(faqs[k]["q"]))
                        for k in faq_keys
                    ),
                ),
            )
        )
    hypotheses = []
    links = []
    for terminal, paths in terminal_paths(chart).items():
        spec = nodes[terminal]
        hid = hypothesis_id(name, terminal)
        hypotheses.append(
            Hypothesis(
                id=hid,
                name=str(spec.get("label") or terminal),
                description=str(chart.get("problem_description", "")),
                resolution=str(spec.get("utterance", "")),
                citations=(node_cite(terminal),),
            )
        )
        for node, state in determined_answers(paths).items():
            links.append(Link.make(hid, finding_id(name, node), {state: 1.0}, (node_cite(node),)))
    flow = {
        finding_id(name, source): {state: target_id(t) for state, t in edges.items()}
        for source, edges in chart["edges"].items()
    }
    return _ChartParts(
        hypotheses=tuple(hypotheses),
        findings=tuple(findings),
        links=tuple(links),
        flow=flow,
        root=target_id(chart_root(chart)),
        faqs=tuple(_faq_passages(chart)),
    )


def load_network(chart: str, *, root: str | Path | None = None) -> EvidentialNetwork:
    """The network of one chart, named after it (a fresh object on every call)."""
    directory = _charts_dir(root)
    parts = _chart_parts(directory, chart)
    raw = _all_charts(directory)[chart]
    return EvidentialNetwork(
        name=f"flodial:{chart}",
        hypotheses=list(parts.hypotheses),
        findings=list(parts.findings),
        links=list(parts.links),
        flow={k: dict(v) for k, v in parts.flow.items()},
        flow_root=parts.root,
        metadata={
            "source": "FloDial (Raghu et al., EMNLP 2021)",
            "charts": [chart],
            "category": raw["category"],
            "problem_description": raw.get("problem_description", ""),
            "problem_descriptions": {chart: raw.get("problem_description", "")},
            "flow_roots": {chart: parts.root},
            "faqs": [dict(f) for f in parts.faqs],
        },
    )


def load_combined_network(
    category: str = "laptops", *, root: str | Path | None = None
) -> EvidentialNetwork:
    """One network over every chart of ``category``.

    All hypotheses and findings of those charts; a finding of another chart is vacuous for a
    hypothesis (no link). Every hypothesis keeps prior 1, so no chart is favoured before the
    opening complaint is routed. There is no single flowchart root: ``flow`` holds every
    chart's edges and ``metadata["flow_roots"]`` each chart's root.
    """
    names = chart_names(category, root=root)
    directory = _charts_dir(root)
    hypotheses: list[Hypothesis] = []
    findings: list[Finding] = []
    links: list[Link] = []
    flow: dict[str, dict[str, str]] = {}
    roots: dict[str, str] = {}
    faqs: list[dict[str, str]] = []
    problems: dict[str, str] = {}
    for name in names:
        parts = _chart_parts(directory, name)
        hypotheses.extend(parts.hypotheses)
        findings.extend(parts.findings)
        links.extend(parts.links)
        flow.update({k: dict(v) for k, v in parts.flow.items()})
        roots[name] = parts.root
        faqs.extend(dict(f) for f in parts.faqs)
        problems[name] = str(_all_charts(directory)[name].get("problem_description", ""))
    return EvidentialNetwork(
        name=f"flodial:{category}",
        hypotheses=hypotheses,
        findings=findings,
        links=links,
        flow=flow,
        flow_root=None,
        metadata={
            "source": "FloDial (Raghu et al., EMNLP 2021)",
            "charts": names,
            "category": category,
            "problem_descriptions": problems,
            "flow_roots": roots,
            "faqs": faqs,
        },
    )


# -- dialogs ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class UserTurn:
    """A user utterance grounded on a chart node (the question it answers, or a terminal)."""

    turn_id: int
    node: str  # chart node id
    target: str  # finding id for a question node, hypothesis id for a terminal
    text: str
    is_terminal: bool
    followed_by_faq: bool  # the agent's reply cites an FAQ (often: the user asked how to check)


@dataclass(frozen=True)
class Dialog:
    id: str
    chart: str
    opening: str  # the first user utterance: the complaint
    terminal: str | None  # node id of the fix the agent ends with
    turns: tuple[UserTurn, ...]

    @property
    def hypothesis(self) -> str | None:
        return None if self.terminal is None else hypothesis_id(self.chart, self.terminal)


def _grounded_node(utterance: Mapping[str, Any]) -> str | None:
    ground = utterance.get("grounded_doc_id")
    if isinstance(ground, str) and ground.startswith("chart-"):
        return ground[len("chart-") :]
    return None


def _parse_dialog(dialog_id: str, raw: Mapping[str, Any], charts: Mapping[str, Any]) -> Dialog:
    chart_name = str(raw.get("flowchart", ""))
    chart = charts.get(chart_name)
    if chart is None:
        raise DatasetError(f"dialog {dialog_id}: unknown flowchart {chart_name!r}")
    nodes = chart["nodes"]
    utterances = list(raw.get("utterences") or raw.get("utterances") or [])
    if not utterances:
        raise DatasetError(f"dialog {dialog_id}: no utterances")
    opening = next((str(u["utterance"]) for u in utterances if u.get("speaker") == "user"), "")
    terminal: str | None = None
    turns: list[UserTurn] = []
    for position, utterance in enumerate(utterances):
        node = _grounded_node(utterance)
        if node is None or node not in nodes:
            continue  # chart-0 marks the opening complaint; it is not a chart node
        is_terminal = bool(nodes[node].get("terminal"))
        if utterance.get("speaker") == "agent":
            if is_terminal:
                terminal = node
            continue
        if position == 0:
            continue
        following = utterances[position + 1] if position + 1 < len(utterances) else {}
        turns.append(
            UserTurn(
                turn_id=int(utterance.get("turn_id", position)),
                node=node,
                target=(
                    hypothesis_id(chart_name, node) if is_terminal else finding_id(chart_name, node)
                ),
                text=str(utterance.get("utterance", "")),
                is_terminal=is_terminal,
                followed_by_faq=str(following.get("grounded_doc_id", "")).startswith("faq-"),
            )
        )
    return Dialog(dialog_id, chart_name, opening, terminal, tuple(turns))


@lru_cache(maxsize=4)
def _all_dialogs(root: Path) -> tuple[Dialog, ...]:
    raw = read_json(root / "flodial" / "dialogs" / "test_dialogs.json")
    if not isinstance(raw, dict):
        raise DatasetError("test_dialogs.json: expected an object of dialogs by id")
    charts = _all_charts(root / "flodial" / "knowledge-sources")
    ordered = sorted(raw, key=lambda k: (len(k), k))
    return tuple(_parse_dialog(str(k), raw[k], charts) for k in ordered)


@lru_cache(maxsize=4)
def _test_ids(root: Path) -> frozenset[str]:
    raw = read_json(root / "flodial" / "dialogs" / "u-flo-test.json")
    try:
        return frozenset(str(i) for i in raw["tst"])
    except (KeyError, TypeError) as exc:
        raise DatasetError(f"u-flo-test.json: expected {{'tst': [ids]}} ({exc!r})") from exc


def load_dialogs(split: str = "all", *, root: str | Path | None = None) -> list[Dialog]:
    """The dialogs of a split ("dev", "test" or "all"), ordered by numeric id."""
    if split not in DIALOG_SPLITS:
        raise DatasetError(f"unknown FloDial split {split!r}; expected one of {DIALOG_SPLITS}")
    base = datasets_dir(root)
    dialogs = _all_dialogs(base)
    if split == "all":
        return list(dialogs)
    if split == "test":
        test_ids = _test_ids(base)
        return [d for d in dialogs if d.id in test_ids]
    return [d for d in dialogs if d.chart not in TEST_CHARTS]


def _utterances_by_finding(turns: Iterable[UserTurn]) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for turn in turns:
        if not turn.is_terminal:
            out.setdefault(turn.target, []).append(turn.text)
    return out


def dialog_case(dialog: Dialog, *, root: str | Path | None = None) -> Case | None:
    """The evaluation case of a dialog, or ``None`` when it reaches no terminal node."""
    if dialog.terminal is None:
        return None
    chart = _all_charts(_charts_dir(root))[dialog.chart]
    paths = terminal_paths(chart)[dialog.terminal]
    if not paths:
        return None  # the terminal is unreachable from the root
    answers = {finding_id(dialog.chart, n): s for n, s in determined_answers(paths).items()}
    return Case(
        id=f"flodial-{dialog.id}",
        true_hypothesis=hypothesis_id(dialog.chart, dialog.terminal),
        answers=answers,
        opening=(),
        complaint=dialog.opening,
        metadata={
            "chart": dialog.chart,
            "dialog_id": dialog.id,
            "terminal": dialog.terminal,
            "utterances": _utterances_by_finding(dialog.turns),
        },
    )


def load_cases(split: str = "all", *, root: str | Path | None = None) -> list[Case]:
    """One case per dialog of the split that reaches a terminal (all 894 do in the release)."""
    cases = [dialog_case(d, root=root) for d in load_dialogs(split, root=root)]
    return [c for c in cases if c is not None]
