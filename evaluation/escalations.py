"""Why mild patients were escalated: group an evaluation's cases by what escalated them.

``evaluate ... --cases PATH`` writes one JSON line per policy and case (:func:`write_cases`);
``python -m evaluation.escalations PATH`` prints the escalated cases whose true condition is
mild (severity >= ``planning.metrics.MILD``) grouped by cause, most frequent first, with the
true conditions of each group. A case can have several causes; each is counted.

Causes (:func:`causes`):

* ``follow-up yes: <kind> <- <finding>``: a screening answer affirmed an emergency, the nurse's
  safety follow-up was asked and the simulated patient said yes
  (:mod:`evaluation.safety_answers`);
* ``words: <kind>``: the patient's own message read as an emergency (the opening, or an answer
  typed in words), with no follow-up;
* ``red flag: <finding>=<states>``: a red-flag rule of the pack;
* ``triage: <hypothesis> (severity s)``: the triage level was an emergency because of a
  plausible severe hypothesis;
* ``escalated: <reason>``: the case ended escalated for another reason.
"""

from __future__ import annotations

import json
import sys
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from planning.metrics import MILD
from planning.triage import TRIAGE_FLOOR, severity_level

__all__ = ["causes", "group", "read_cases", "write_cases"]


def write_cases(played: Mapping[str, Sequence[Any]], path: Path) -> None:
    """One JSON line per policy and case (``evaluation.play.Played``)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w", encoding="utf-8") as out:
        for policy, runs in played.items():
            for p in runs:
                record = p.result.to_dict()
                record.pop("decision_ms", None)
                record["policy"] = policy
                record["escalated"] = p.result.escalated
                record["why"] = p.extra.get("why", {})
                out.write(json.dumps(record) + "\n")


def read_cases(path: Path) -> list[dict[str, Any]]:
    with path.open(encoding="utf-8") as lines:
        return [json.loads(line) for line in lines if line.strip()]


def causes(record: Mapping[str, Any]) -> list[str]:
    """What escalated one case (the module docstring); empty when it was not escalated."""
    if not record.get("escalated"):
        return []
    why = record.get("why") or {}
    found: list[str] = []
    confirmed = {
        kind: follow_up
        for follow_up in why.get("follow_ups", [])
        if follow_up.get("yes")
        for kind in follow_up.get("kinds", [])
    }
    for flag in why.get("red_flags", []):
        finding = str(flag.get("finding", ""))
        if finding.startswith("said:"):
            kind = finding.split(":", 1)[1]
            if kind in confirmed:
                prompted = ",".join(confirmed[kind].get("prompted_by", []))
                found.append(f"follow-up yes: {kind} <- {prompted}")
            else:
                found.append(f"words: {kind}")
        else:
            found.append(f"red flag: {finding}={'|'.join(flag.get('states', []))}")
    if record.get("triage_level") == "emergency" and not why.get("red_flags"):
        for position, (hypothesis, betp, severity) in enumerate(why.get("ranking", [])):
            if (position == 0 or betp >= TRIAGE_FLOOR) and severity_level(severity) == "emergency":
                found.append(f"triage: {hypothesis} (severity {severity})")
    if record.get("outcome") == "escalated":
        found.append(f"escalated: {record.get('reason') or '?'}")
    return found or ["unexplained"]


def mild(record: Mapping[str, Any]) -> bool:
    severity = record.get("severity")
    return severity is not None and int(severity) >= MILD


def group(records: Iterable[Mapping[str, Any]]) -> dict[str, list[Mapping[str, Any]]]:
    """The escalated mild cases by cause, most frequent cause first."""
    groups: dict[str, list[Mapping[str, Any]]] = defaultdict(list)
    for record in records:
        if mild(record):
            for cause in causes(record):
                groups[cause].append(record)
    return dict(sorted(groups.items(), key=lambda item: (-len(item[1]), item[0])))


def main(argv: Sequence[str]) -> int:
    if len(argv) != 1:
        print("usage: python -m evaluation.escalations CASES.jsonl", file=sys.stderr)
        return 2
    records = read_cases(Path(argv[0]))
    milds = [r for r in records if mild(r)]
    escalated = [r for r in milds if r.get("escalated")]
    share = 100.0 * len(escalated) / len(milds) if milds else 0.0
    print(f"{len(escalated)} of {len(milds)} mild cases escalated ({share:.1f}%)")
    for cause, members in group(records).items():
        truths = Counter(str(r["true_hypothesis"]) for r in members)
        top = ", ".join(f"{h} {n}" for h, n in truths.most_common(5))
        ids = " ".join(str(r["case_id"]) for r in members[:6])
        print(f"{len(members):4d}  {cause}\n      {top}\n      e.g. {ids}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
