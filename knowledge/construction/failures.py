"""Why a dialog failed on a built pack: one class per failed dialog of ``evaluate_construction``.

A dialog of the chart, played on the pack built from its article, fails for one of these
reasons, tried in this order (the first that holds is the dialog's class):

- ``missing_cause``: no built cause matches the dialog's terminal (the dialog is not played);
- ``wrong_link``: an answer the dialog gave (opening facts read by the service included) is
  against the link from the true cause to that check: the pack rules its own right cause out;
- ``missing_state``: an answer the check has no state for;
- ``missing_check``: a chart question on the dialog's path, which tells the true terminal from
  the one concluded (or, where nothing was concluded, any question on the path), has no built
  check, so the pack cannot ask what the chart asks;
- ``missing_link``: a check the dialog answered that the chart determines for the true
  terminal, but the built cause has no link to it (the answer did not help);
- ``unanswerable``: the pack asked checks the user could only answer "not sure" (matched to
  no chart question on the dialog's path) and ran out of turns or confidence;
- ``routing``: the service did not reach the pack's questions (a scope or topic step, a
  handoff), seen as no question asked and nothing concluded;
- ``abstained``: none of the above, and the engine abstained or escalated;
- ``confused``: none of the above, and the engine concluded another cause (two built causes
  the checks asked do not tell apart).

The classes are computed from the chart, the built network, the matching and the answers the
dialog gave; nothing here depends on a particular chart or article.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from planning.evidence import Answer
from planning.network import EvidentialNetwork
from planning.results import CaseResult
from planning.simulation import Case

from .matching import Matching

CLASSES = (
    "missing_cause",
    "wrong_link",
    "missing_state",
    "missing_check",
    "missing_link",
    "unanswerable",
    "routing",
    "abstained",
    "confused",
)


@dataclass(frozen=True)
class Failure:
    case_id: str
    kind: str
    detail: str


def _likely(network: EvidentialNetwork, hypothesis: str, finding: str) -> str | None:
    link = network.link(hypothesis, finding)
    if link is None:
        return None
    focal, mass = max(link.masses, key=lambda kv: kv[1])
    return next(iter(focal)) if len(focal) == 1 and mass > 0.5 else None


def classify(
    *,
    chart_paths: Mapping[str, Sequence[Sequence[tuple[str, str]]]],
    network: EvidentialNetwork,
    causes: Matching,
    checks: Matching,
    case: Case,
    translated: Case | None,
    result: CaseResult | None,
    answers: Sequence[Answer] = (),
) -> Failure:
    """The class of one failed dialog. ``chart_paths``: per chart terminal id, its paths as
    ``[(chart question id, answer), ...]``; ``answers``: every answer the dialog recorded
    (opening facts included), on the built pack's checks."""
    truth = case.true_hypothesis
    if translated is None or result is None:
        return Failure(case.id, "missing_cause", truth)
    built_truth = translated.true_hypothesis
    for answer in answers:
        if answer.states is None or len(answer.states) != 1:
            continue
        state = answer.states[0]
        finding = network.finding(answer.finding)
        if state not in finding.states:
            return Failure(case.id, "missing_state", f"{finding.question} -> {state}")
        expected = _likely(network, built_truth, answer.finding)
        if expected is not None and expected != state:
            return Failure(
                case.id,
                "wrong_link",
                f"{finding.question!r} answered {state}, link says {expected}",
            )
    reverse_causes = causes.reverse
    concluded = reverse_causes.get(result.concluded or "") if result.concluded else None
    path_questions = set(case.answers)
    separating = _separating(chart_paths, truth, concluded) if concluded else path_questions
    unmatched = sorted(q for q in separating & path_questions if q not in checks.pairs)
    if unmatched:
        return Failure(case.id, "missing_check", ", ".join(unmatched))
    determined = _determined(chart_paths.get(truth, ()))
    asked_ids = {a.finding for a in answers}
    reverse_checks = checks.reverse
    for fid in asked_ids:
        chart_q = reverse_checks.get(fid)
        if chart_q in determined and network.link(built_truth, fid) is None:
            return Failure(case.id, "missing_link", network.finding(fid).question)
    unsure = [
        a.finding
        for a in answers
        if a.states is None and reverse_checks.get(a.finding) not in path_questions
    ]
    if unsure and result.concluded is None:
        return Failure(case.id, "unanswerable", f"{len(unsure)} checks")
    if not result.asked and result.concluded is None:
        return Failure(case.id, "routing", result.outcome)
    if result.concluded is None:
        return Failure(case.id, "abstained", result.reason or result.outcome)
    return Failure(case.id, "confused", f"concluded {result.concluded}")


def _determined(paths: Sequence[Sequence[tuple[str, str]]]) -> dict[str, str]:
    if not paths:
        return {}
    per_path = [dict(p) for p in paths]
    common = set(per_path[0]).intersection(*per_path[1:])
    return {q: per_path[0][q] for q in common if all(p[q] == per_path[0][q] for p in per_path)}


def _separating(
    chart_paths: Mapping[str, Sequence[Sequence[tuple[str, str]]]], truth: str, other: str
) -> set[str]:
    """Chart questions whose answers tell ``truth`` from ``other``: asked on the way to one
    and not the other, or determined differently."""
    a = _determined(chart_paths.get(truth, ()))
    b = _determined(chart_paths.get(other, ()))
    return {q for q in set(a) | set(b) if a.get(q) != b.get(q)}


def tally(failures: Iterable[Failure]) -> dict[str, Any]:
    """Counts per class, in ``CLASSES`` order, with up to three examples each."""
    items = list(failures)
    counts = Counter(f.kind for f in items)
    examples: dict[str, list[str]] = {}
    for f in items:
        examples.setdefault(f.kind, [])
        if len(examples[f.kind]) < int(__import__("os").environ.get("FAILURE_EXAMPLES", "3")):
            examples[f.kind].append(f"{f.case_id}: {f.detail}")
    return {
        kind: {"dialogs": counts[kind], "examples": examples.get(kind, [])}
        for kind in CLASSES
        if counts[kind]
    }
