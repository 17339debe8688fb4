"""Benchmark the evidential engine: updates, BetP, Deng entropy, and enumeration for contrast.

    python manage.py bench_evidence --json PATH

numpy is asked for one thread (set before numpy loads when the command runs in a fresh
process); the operations timed here are elementwise and small mat-vecs anyway.
"""

from __future__ import annotations

import os

for _var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

import json  # noqa: E402
import statistics  # noqa: E402
import time  # noqa: E402
from collections.abc import Callable  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402

import numpy as np  # noqa: E402
from django.core.management.base import BaseCommand, CommandParser  # noqa: E402

from planning.belief import BeliefState, betp, nonspecificity_and_discord  # noqa: E402
from planning.enumeration import (  # noqa: E402
    MAX_ENUMERATION,
    enumerate_summary,
    enumerate_summary_vectorised,
)

DEFAULT_SIZES = (12, 50, 1000, 10000)


def _time_ms(fn: Callable[[], Any], min_seconds: float = 0.2, max_reps: int = 2000) -> float:
    """Median wall time of one call in ms, over enough repetitions to be stable."""
    fn()  # warm caches (quadrature nodes, imports)
    samples: list[float] = []
    start = time.perf_counter()
    while len(samples) < max_reps and (
        time.perf_counter() - start < min_seconds or len(samples) < 5
    ):
        t0 = time.perf_counter()
        fn()
        samples.append((time.perf_counter() - t0) * 1000.0)
    return statistics.median(samples)


def realistic_state(
    n: int, updates: int, rng: np.random.Generator
) -> tuple[BeliefState, list[np.ndarray]]:
    """A belief after ``updates`` answers: each answer's pl is vacuous for most hypotheses and
    informative (with some ignorance) for a sparse subset, as in real networks."""
    belief = BeliefState.initial(n)
    pls = []
    for _ in range(updates + 50):
        pl = np.ones(n)
        linked = rng.choice(n, size=max(1, n // 5), replace=False)
        pl[linked] = rng.uniform(0.02, 1.0, linked.size)
        pls.append(pl)
    for pl in pls[:updates]:
        belief.update(pl)
    return belief, pls[updates:]


class Command(BaseCommand):
    help = "Time belief updates, BetP and Deng entropy for several frame sizes."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--json", type=Path, help="write the results here")
        parser.add_argument("--sizes", type=int, nargs="+", default=list(DEFAULT_SIZES))
        parser.add_argument("--updates", type=int, default=20, help="answers applied first")
        parser.add_argument("--seed", type=int, default=0)

    def handle(self, *args: Any, **options: Any) -> None:
        rng = np.random.default_rng(options["seed"])
        results = []
        self.stdout.write(
            f"{'n':>7} {'update_us':>10} {'betp_ms':>9} {'deng_ms':>9} "
            f"{'brute_ms':>10} {'brute_vec_ms':>12} {'speedup':>8} {'vs_vec':>7}"
        )
        for n in options["sizes"]:
            belief, fresh = realistic_state(n, options["updates"], rng)
            scratch = belief.copy()
            def one_update(
                scratch: BeliefState = scratch,
                fresh: list[np.ndarray] = fresh,
                counter: list[int] = [0],  # noqa: B006 - a call counter shared across calls
            ) -> None:
                counter[0] += 1
                scratch.update(fresh[counter[0] % len(fresh)])
                if len(scratch.conflict_history) > 1000:
                    scratch.conflict_history.clear()

            row: dict[str, Any] = {
                "n": n,
                "update_us": round(_time_ms(one_update) * 1000.0, 2),
                "betp_ms": round(_time_ms(lambda b=belief: betp(b.log_w)), 4),
                "deng_ms": round(_time_ms(lambda b=belief: nonspecificity_and_discord(b.log_w)), 4),
            }
            if n <= MAX_ENUMERATION:
                w = belief.weights()
                row["bruteforce_ms"] = round(_time_ms(lambda w=w: enumerate_summary(w)), 4)
                row["bruteforce_vectorised_ms"] = round(
                    _time_ms(lambda w=w: enumerate_summary_vectorised(w)), 4
                )
                closed = row["betp_ms"] + row["deng_ms"]
                row["speedup_vs_bruteforce"] = round(row["bruteforce_ms"] / closed, 1)
                row["speedup_vs_vectorised"] = round(row["bruteforce_vectorised_ms"] / closed, 1)
            results.append(row)
            self._print_row(row)
        if options["json"]:
            options["json"].parent.mkdir(parents=True, exist_ok=True)
            options["json"].write_text(json.dumps({"results": results}, indent=2) + "\n")
            self.stdout.write(f"wrote {options['json']}")

    def _print_row(self, row: dict[str, Any]) -> None:
        nan = float("nan")
        self.stdout.write(
            f"{row['n']:>7} {row['update_us']:>10.2f} "
            f"{row['betp_ms']:>9.4f} {row['deng_ms']:>9.4f} "
            f"{row.get('bruteforce_ms', nan):>10.3f} "
            f"{row.get('bruteforce_vectorised_ms', nan):>12.3f} "
            f"{row.get('speedup_vs_bruteforce', nan):>8.1f} "
            f"{row.get('speedup_vs_vectorised', nan):>7.1f}"
        )
