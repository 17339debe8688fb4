"""``evaluate_construction``: how well a pack built from one article recovers its flowchart.

For each article ``<chart>.<ext>`` of a directory, the pack is built from that article alone
(read as ``manage.py ingest`` reads it, then the offline construction, then the LLM's
refinement when asked) and compared with the FloDial chart the article was written from:

- **causes / checks**: precision, recall and F1 of built causes against the chart's terminal
  nodes and of built checks against its question nodes, matched one to one by
  ``matching.match`` (the documented text-matching rule);
- **link accuracy**: over the (terminal, question) pairs where the chart determines the
  answer (the question lies on the way to the terminal) and both ends are matched, the share
  for which the built pack's link gives the same answer as its most likely state;
  ``link_recall`` is the same count over all determined pairs of the chart;
- **end to end**: every FloDial dialog of the chart (all splits) played with exact answers by
  the same simulated user and the product's policy (InfoGatherer, with the service's
  settings) on the built pack and on the hand-structured chart, by the ``player`` given:
  ``manage.py evaluate_construction`` plays through the conversation service
  (``evaluation.construction.service_player``); ``engine_player``, the engine alone, is the
  default of the functions here. On the built pack the user
  answers a built check with the dialog's answer to the chart question matched to it, turned
  round when the check asks that question the other way (``matching.opposite``: the user
  answers the question asked truthfully; link accuracy expects the same), and "not
  sure" when the dialog's path does not ask that question or nothing matched; the dialog
  succeeds when the pack concludes the cause matched to the dialog's terminal. A dialog whose
  terminal no built cause matches is a failure without being played.
"""

from __future__ import annotations

import statistics
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from planning.dialogue import StoppingRule
from planning.engine import Engine, Rules
from planning.evidence import Answer
from planning.network import Citation, EvidentialNetwork
from planning.results import CaseResult
from planning.simulation import Case, SimulatedUser

from .failures import classify, tally
from .matching import Matching, match, opposite, prf, same_text_groups, state_orientation
from .offline.decisions import Span, read_decisions
from .offline.network import decisions_network

# The pairing rule end to end: "new" (answers oriented by where they lead, chart terminals
# with the same text one cause) or "old" (wording only, every terminal its own cause); both
# are reported, the new one as ``success_rate``.
RULE = "new"
ARTICLE_SUFFIXES = (".md", ".markdown", ".html", ".htm", ".txt", ".text", ".pdf")
Progress = Callable[[str], None]


@dataclass
class BuiltArticle:
    chart: str
    network: EvidentialNetwork
    text: str
    document_id: str


def build_from_article(
    path: Path, *, pack: str = "article", llm: Any = None, llm_items: int | None = None
) -> BuiltArticle:
    """The network built from one article file, as ``ingest`` + ``build_network`` would."""
    from knowledge.ingest.readers import read_document
    from knowledge.packs.passages import paragraph_spans

    document = read_document(path)[0]
    text = document.text
    document_id = f"{pack}:{path.name}"
    spans = paragraph_spans(text)

    def cite(span: Span) -> Citation:
        for ordinal, (start, end) in enumerate(spans):
            if start <= span.start < end or span.start < start:
                quote = text[max(start, span.start) : min(end, span.end)].strip()
                return Citation(
                    f"{document_id}#{ordinal}", document_id=document_id, quote=quote[:300]
                )
        return Citation(f"{document_id}#{len(spans) - 1}", document_id=document_id)

    network = decisions_network(
        read_decisions(text),
        name=pack,
        cite=cite,
        id_prefix=f"{pack}:",
        metadata={"source_document": document_id},
    )
    if llm is not None:
        from .refine import refine_network

        network = refine_network(network, {document_id: text}, llm, items=llm_items)
    return BuiltArticle(path.stem, network, text, document_id)


def _chart_texts(chart: dict[str, Any], terminal: bool) -> dict[str, str]:
    from knowledge.datasets.flodial import finding_id, hypothesis_id

    name = chart["name"]
    out = {}
    for node, spec in chart["nodes"].items():
        if bool(spec.get("terminal")) != terminal:
            continue
        key = hypothesis_id(name, node) if terminal else finding_id(name, node)
        out[key] = f"{spec.get('label', '')} {spec.get('utterance', '')}"
    return out


def _asked_texts(chart: dict[str, Any]) -> dict[str, str]:
    """Each chart question as its dialogs' users were asked it: the utterance, else the label."""
    from knowledge.datasets.flodial import finding_id

    return {
        finding_id(chart["name"], node): spec.get("utterance") or spec.get("label", "")
        for node, spec in chart["nodes"].items()
        if not spec.get("terminal")
    }


def _node_text(chart: dict[str, Any], node: str) -> str:
    spec = chart["nodes"].get(node, {})
    return f"{spec.get('label', '')} {spec.get('utterance', '')}"


def _built_text(network: EvidentialNetwork, node: str) -> str:
    if node in network.finding_index:
        return network.finding(node).question
    cause = next((h for h in network.hypotheses if h.id == node), None)
    return f"{cause.name} {cause.resolution}" if cause is not None else ""


def _opposites(
    chart: dict[str, Any], network: EvidentialNetwork, checks: Matching, rule: str = RULE
) -> frozenset[str]:
    """The chart questions whose matched built check asks the opposite: under the ``"old"``
    rule by wording alone (``matching.opposite``), under ``"new"`` by where the answers lead
    (``matching.state_orientation``) where that decides, else by wording."""
    asked = _asked_texts(chart)
    out = set()
    for truth, built in checks.pairs.items():
        finding = network.finding(built)
        if set(finding.states) != {"yes", "no"}:
            continue
        turned = None
        if rule == "new":
            node = truth.rsplit(":q", 1)[-1]
            edges = chart["edges"].get(node, {})
            flow = network.flow.get(built, {})
            if all(edges.get(s) for s in ("yes", "no")) and all(flow.get(s) for s in ("yes", "no")):
                turned = state_orientation(
                    _node_text(chart, edges["yes"]),
                    _node_text(chart, edges["no"]),
                    _built_text(network, flow["yes"]),
                    _built_text(network, flow["no"]),
                )
        if turned is None:
            turned = opposite(asked[truth], finding.question)
        if turned:
            out.add(truth)
    return frozenset(out)


def _same_cause(chart: dict[str, Any]) -> dict[str, frozenset[str]]:
    """Chart terminals (as hypothesis ids) that tell the user the same thing, grouped
    (``matching.same_text_groups`` on the utterance, else the label)."""
    from knowledge.datasets.flodial import hypothesis_id

    return same_text_groups(
        {
            hypothesis_id(chart["name"], node): spec.get("utterance") or spec.get("label", "")
            for node, spec in chart["nodes"].items()
            if spec.get("terminal")
        }
    )


def _truthful(state: str, flipped: bool) -> str:
    """The answer to a built check given the chart's answer to its question."""
    if not flipped or state not in ("yes", "no"):
        return state
    return "no" if state == "yes" else "yes"


def _likely_state(network: EvidentialNetwork, hypothesis: str, finding: str) -> str | None:
    link = network.link(hypothesis, finding)
    if link is None:
        return None
    best = max(link.masses, key=lambda kv: kv[1])
    focal, mass = best
    return next(iter(focal)) if len(focal) == 1 and mass > 0.5 else None


def _translate(
    case: Case,
    causes: Matching,
    checks: Matching,
    flipped: frozenset[str] = frozenset(),
    same: dict[str, frozenset[str]] | None = None,
) -> Case | None:
    truth = causes.built_for(case.true_hypothesis)
    if truth is None and same:
        truth = next(
            (
                causes.pairs[t]
                for t in sorted(same.get(case.true_hypothesis, ()))
                if t in causes.pairs
            ),
            None,
        )
    if truth is None:
        return None
    answers = {
        checks.pairs[finding]: _truthful(state, finding in flipped)
        for finding, state in case.answers.items()
        if finding in checks.pairs
    }
    return replace(case, true_hypothesis=truth, answers=answers, metadata={})


def _accepted(
    case: Case, causes: Matching, same: dict[str, frozenset[str]] | None
) -> frozenset[str]:
    """The built causes whose conclusion is a success for ``case``."""
    group = (same or {}).get(case.true_hypothesis, frozenset([case.true_hypothesis]))
    return frozenset(causes.pairs[t] for t in group | {case.true_hypothesis} if t in causes.pairs)


# ``player(network, cases, answers=None)``: one result per case; where ``answers`` is a list,
# the answers each dialogue recorded (opening facts included) are appended to it.
Player = Callable[..., list[CaseResult]]


def engine_player(
    network: EvidentialNetwork,
    cases: Sequence[Case],
    answers: list[tuple[Answer, ...]] | None = None,
) -> list[CaseResult]:
    """Every case played by the dialogue engine alone (planning.engine) with the service's
    planner settings; ``manage.py evaluate_construction`` plays through the service instead
    (``evaluation.construction.service_player``)."""
    from planning.policies import make_policy

    stopping = StoppingRule()
    policy = make_policy(
        "infogatherer", stopping=stopping, seed=0, multi_choice="option", ask_again_unsure=False
    )
    engine = Engine(policy, Rules(stopping))
    results = []
    for case in cases:
        user = SimulatedUser(case, seed=0)
        result = engine.play_case(network, case, user)
        results.append(result)
        if answers is not None:
            known = [a for a in case.opening if a.finding in network.finding_index]
            answers.append(
                (*known, *(user.answer(f, network.finding(f).states) for f in result.asked))
            )
    return results


def evaluate_article(
    path: Path,
    *,
    llm: Any = None,
    play: bool = True,
    player: Player = engine_player,
    llm_items: int | None = None,
) -> dict[str, Any]:
    from knowledge.datasets.flodial import (
        determined_answers,
        finding_id,
        hypothesis_id,
        load_cases,
        load_chart,
        load_network,
        terminal_paths,
    )

    built = build_from_article(path, llm=llm, llm_items=llm_items)
    chart = load_chart(built.chart)
    net = built.network
    cause_texts = {h.id: f"{h.name} {h.resolution}" for h in net.hypotheses}
    check_texts = {f.id: f.question for f in net.findings}
    check_context = {f.id: f.how_to_check for f in net.findings}
    truth_causes = _chart_texts(chart, terminal=True)
    truth_checks = _chart_texts(chart, terminal=False)
    causes = match(truth_causes, cause_texts)
    checks = match(truth_checks, check_texts, extra=check_context)
    flipped = _opposites(chart, net, checks, "new")
    flipped_old = _opposites(chart, net, checks, "old")
    same = _same_cause(chart)
    cause_scores = prf(len(causes.pairs), len(cause_texts), len(truth_causes))
    check_scores = prf(len(checks.pairs), len(check_texts), len(truth_checks))

    pairs = judged = 0
    right = {"new": 0, "old": 0}
    for terminal, paths in terminal_paths(chart).items():
        hid = hypothesis_id(chart["name"], terminal)
        for node, state in determined_answers(paths).items():
            pairs += 1
            fid = finding_id(chart["name"], node)
            if hid in causes.pairs and fid in checks.pairs:
                judged += 1
                likely = _likely_state(net, causes.pairs[hid], checks.pairs[fid])
                for rule, turned in (("new", flipped), ("old", flipped_old)):
                    if likely == _truthful(state, fid in turned):
                        right[rule] += 1
    out: dict[str, Any] = {
        "article": path.name,
        "causes_built": len(cause_texts),
        "causes_truth": len(truth_causes),
        "cause_precision": cause_scores["precision"],
        "cause_recall": cause_scores["recall"],
        "cause_f1": cause_scores["f1"],
        "checks_built": len(check_texts),
        "checks_truth": len(truth_checks),
        "check_precision": check_scores["precision"],
        "check_recall": check_scores["recall"],
        "check_f1": check_scores["f1"],
        "link_pairs": pairs,
        "link_pairs_judged": judged,
        "link_accuracy": right["new"] / judged if judged else 0.0,
        "link_recall": right["new"] / pairs if pairs else 0.0,
        "matches": {
            "causes": {t: [b, round(causes.scores[t], 3)] for t, b in causes.pairs.items()},
            "checks": {t: [b, round(checks.scores[t], 3)] for t, b in checks.pairs.items()},
            "checks_asked_the_other_way": sorted(flipped),
            "checks_asked_the_other_way_old_rule": sorted(flipped_old),
            "same_cause": sorted(sorted(g) for g in {g for g in same.values() if len(g) > 1}),
        },
        "old_rule": {
            "link_accuracy": right["old"] / judged if judged else 0.0,
            "link_recall": right["old"] / pairs if pairs else 0.0,
        },
    }
    if llm is not None:
        out["llm"] = dict(net.metadata.get("construction", {}).get("llm", {}))
    if play:
        cases = [c for c in load_cases("all") if c.metadata.get("chart") == built.chart]
        chart_results = player(load_network(built.chart), cases)
        chart_success = sum(1 for r in chart_results if r.correct) / len(cases) if cases else 0.0
        # Both rules, each dialog played once where the two rules give it the same answers.
        plays: dict[str, Any] = {}
        for rule, turned, groups in (("new", flipped, same), ("old", flipped_old, None)):
            translated = [_translate(c, causes, checks, turned, groups) for c in cases]
            reuse = plays.get("new")
            todo = [
                i
                for i, t in enumerate(translated)
                if t is not None and (reuse is None or reuse["translated"][i] != t)
            ]
            recorded: list[tuple[Answer, ...]] = []
            fresh = player(net, [translated[i] for i in todo], answers=recorded)
            results: list[CaseResult | None] = [None] * len(cases)
            answers: list[tuple[Answer, ...]] = [()] * len(cases)
            if reuse is not None:
                results, answers = list(reuse["results"]), list(reuse["answers"])
            for i, result, said in zip(todo, fresh, recorded, strict=True):
                results[i], answers[i] = result, said
            succeeded = [
                r is not None and (r.correct or r.concluded in _accepted(c, causes, groups))
                for c, r in zip(cases, results, strict=True)
            ]
            played = [r for r in results if r is not None]
            plays[rule] = {
                "translated": translated,
                "results": results,
                "answers": answers,
                "summary": {
                    "dialogs_playable": len(played),
                    "success_rate": sum(succeeded) / len(cases) if cases else 0.0,
                    "mean_turns": _mean(r.turns for r in played),
                    "failures": _failures(
                        chart, net, causes, checks, cases, translated, results, answers, succeeded
                    ),
                },
            }
        out.update(plays["new"]["summary"])
        out["old_rule"].update(plays["old"]["summary"])
        out.update(
            {
                "dialogs": len(cases),
                "chart_success_rate": chart_success,
                "chart_mean_turns": _mean(r.turns for r in chart_results),
            }
        )
    return out


def _failures(
    chart: dict[str, Any],
    network: EvidentialNetwork,
    causes: Matching,
    checks: Matching,
    cases: Sequence[Case],
    translated: Sequence[Case | None],
    results: Sequence[CaseResult | None],
    recorded: Sequence[tuple[Answer, ...]],
    succeeded: Sequence[bool],
) -> dict[str, Any]:
    """Every failed dialog's class (``failures.classify``), counted; ``results`` and
    ``recorded`` are per case (``None`` and ``()`` where the case was not played)."""
    from knowledge.datasets.flodial import finding_id, hypothesis_id, terminal_paths

    name = chart["name"]
    paths = {
        hypothesis_id(name, t): [[(finding_id(name, q), s) for q, s in p] for p in ps]
        for t, ps in terminal_paths(chart).items()
    }
    out = []
    for case, built_case, result, answers, ok in zip(
        cases, translated, results, recorded, succeeded, strict=True
    ):
        if ok:
            continue
        out.append(
            classify(
                chart_paths=paths,
                network=network,
                causes=causes,
                checks=checks,
                case=case,
                translated=built_case,
                result=result,
                answers=answers,
            )
        )
    return tally(out)


def _mean(values: Iterable[int]) -> float:
    items = list(values)
    return float(statistics.fmean(items)) if items else 0.0


def articles_in(directory: Path) -> list[Path]:
    return sorted(
        p
        for p in directory.iterdir()
        if p.is_file() and p.suffix.lower() in ARTICLE_SUFFIXES and not p.name.startswith(".")
    )


def evaluate_articles(
    directory: Path,
    *,
    llm: Any = None,
    play: bool = True,
    progress: Progress | None = None,
    limit: int | None = None,
    player: Player = engine_player,
    llm_items: int | None = None,
) -> dict[str, Any]:
    charts: dict[str, dict[str, Any]] = {}
    for path in articles_in(directory)[:limit]:
        if progress is not None:
            progress(path.name)
        charts[path.stem] = evaluate_article(
            path, llm=llm, play=play, player=player, llm_items=llm_items
        )
    overall: dict[str, Any] = {}
    totals = {
        k: sum(c[k] for c in charts.values())
        for k in (
            "causes_built",
            "causes_truth",
            "checks_built",
            "checks_truth",
            "link_pairs",
            "link_pairs_judged",
        )
    }
    matched_causes = sum(round(c["cause_recall"] * c["causes_truth"]) for c in charts.values())
    matched_checks = sum(round(c["check_recall"] * c["checks_truth"]) for c in charts.values())
    cause = prf(matched_causes, totals["causes_built"], totals["causes_truth"])
    check = prf(matched_checks, totals["checks_built"], totals["checks_truth"])
    right = sum(round(c["link_accuracy"] * c["link_pairs_judged"]) for c in charts.values())
    overall.update(
        {
            "cause_precision": cause["precision"],
            "cause_recall": cause["recall"],
            "cause_f1": cause["f1"],
            "check_precision": check["precision"],
            "check_recall": check["recall"],
            "check_f1": check["f1"],
            "link_accuracy": right / totals["link_pairs_judged"]
            if totals["link_pairs_judged"]
            else 0.0,
            "link_recall": right / totals["link_pairs"] if totals["link_pairs"] else 0.0,
        }
    )
    if play and charts:
        dialogs = sum(c["dialogs"] for c in charts.values())
        overall["dialogs"] = dialogs
        overall["success_rate"] = (
            sum(c["success_rate"] * c["dialogs"] for c in charts.values()) / dialogs
            if dialogs
            else 0.0
        )
        overall["chart_success_rate"] = (
            sum(c["chart_success_rate"] * c["dialogs"] for c in charts.values()) / dialogs
            if dialogs
            else 0.0
        )
        played = sum(c["dialogs_playable"] for c in charts.values())
        overall["mean_turns"] = (
            sum(c["mean_turns"] * c["dialogs_playable"] for c in charts.values()) / played
            if played
            else 0.0
        )
        failures: dict[str, int] = {}
        for c in charts.values():
            for kind, entry in c.get("failures", {}).items():
                failures[kind] = failures.get(kind, 0) + entry["dialogs"]
        overall["failures"] = failures
        overall["chart_mean_turns"] = (
            sum(c["chart_mean_turns"] * c["dialogs"] for c in charts.values()) / dialogs
            if dialogs
            else 0.0
        )
    old_right = sum(
        round(c["old_rule"]["link_accuracy"] * c["link_pairs_judged"]) for c in charts.values()
    )
    overall["link_accuracy_old_rule"] = (
        old_right / totals["link_pairs_judged"] if totals["link_pairs_judged"] else 0.0
    )
    if play and charts and overall["dialogs"]:
        # The same dialogs under the old pairing rule (wording only), side by side.
        dialogs = overall["dialogs"]
        old = [c["old_rule"] for c in charts.values()]
        overall["success_rate_old_rule"] = (
            sum(o["success_rate"] * c["dialogs"] for o, c in zip(old, charts.values(), strict=True))
            / dialogs
        )
        old_played = sum(o["dialogs_playable"] for o in old)
        overall["mean_turns_old_rule"] = (
            sum(o["mean_turns"] * o["dialogs_playable"] for o in old) / old_played
            if old_played
            else 0.0
        )
        old_failures: dict[str, int] = {}
        for o in old:
            for kind, entry in o["failures"].items():
                old_failures[kind] = old_failures.get(kind, 0) + entry["dialogs"]
        overall["failures_old_rule"] = old_failures
    overall["llm"] = llm is not None
    if llm is not None:
        # Every reply the model gave: how many were one JSON value valid against the schema.
        usage = llm.usage.as_dict()
        overall["llm_usage"] = usage
        overall["llm_items"] = llm_items
        overall["llm_schema_valid_rate"] = (
            1.0 - usage["off_schema"] / usage["replies"] if usage["replies"] else None
        )
    return {"charts": charts, "overall": overall}
