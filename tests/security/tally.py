"""What the adversarial suite tried and what held, by category.

Each attack calls ``record(category, attack, held)`` and then asserts ``held``; the lines go to
``test-output/security/attempts-<worker>.jsonl`` (one file per xdist worker) and the conftest
prints the table at the end of the run (``python -m tests.security.tally`` prints it again).
"""

from __future__ import annotations

import json
import os
from collections import Counter
from pathlib import Path

OUT = Path(__file__).resolve().parents[2] / "test-output" / "security"


def _file() -> Path:
    return OUT / f"attempts-{os.environ.get('PYTEST_XDIST_WORKER', 'main')}.jsonl"


def record(category: str, attack: str, held: bool) -> bool:
    OUT.mkdir(parents=True, exist_ok=True)
    with _file().open("a") as handle:
        handle.write(json.dumps({"category": category, "attack": attack, "held": bool(held)}))
        handle.write("\n")
    return held


def reset() -> None:
    if OUT.exists():
        for path in OUT.glob("attempts-*.jsonl"):
            path.unlink()


def table() -> list[str]:
    tried: Counter[str] = Counter()
    held: Counter[str] = Counter()
    failed: list[str] = []
    for path in sorted(OUT.glob("attempts-*.jsonl")) if OUT.exists() else []:
        for line in path.read_text().splitlines():
            row = json.loads(line)
            tried[row["category"]] += 1
            held[row["category"]] += int(row["held"])
            if not row["held"]:
                failed.append(f"  NOT HELD: {row['category']}: {row['attack']}")
    if not tried:
        return []
    width = max(len(c) for c in tried)
    lines = [f"{'category':<{width}}  tried  held"]
    lines += [f"{c:<{width}}  {tried[c]:>5}  {held[c]:>4}" for c in sorted(tried)]
    lines.append(f"{'total':<{width}}  {sum(tried.values()):>5}  {sum(held.values()):>4}")
    return lines + failed


if __name__ == "__main__":
    print("\n".join(table()) or "no attempts recorded")
