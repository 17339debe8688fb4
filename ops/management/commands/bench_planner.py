"""Benchmark the question policies' decision time on a random evidential network, or on DDXPlus.

    python manage.py bench_planner --hypotheses 1000 --findings 5000 --json PATH \\
        [--policies infogatherer ig-bayesian ...] [--decisions 50]
    python manage.py bench_planner --network ddxplus [--decisions 200] [--repeat 5]

With ``--network ddxplus`` the network is the one the evaluation plays (links from the dev
patients, answers trusted to 0.98) and the states are real: a dev patient's complaint and 0 to
12 of their answers (their reported findings first, then others), as a dialogue meets them.
Besides wall time, the CPU time of the deciding thread is reported: on a shared, loaded machine
wall time also counts the waits for a core, CPU time only the decision's own work.

The network is random but shaped like real ones (seeded): every finding has 2 to 4 states
(mostly yes/no) and is linked to a few hypotheses (``--links``) by BBAs with mass on the
hypothesis' typical state, sometimes on a pair of states, and always some ignorance on the
whole frame; every other pair is vacuous. Decisions are timed at varied belief states: a
random true hypothesis and 0 to 8 answers drawn from it. ``choose`` is timed end to end (the
shared stopping rules included) after one warm-up call that builds the per-network tables.

``--repeat N`` separates the code's time from the machine's load. A decision's time on a
shared machine is its own work plus whatever the load adds (waiting for a core, caches and
memory bandwidth taken by others); the load only ever adds. So, as ``timeit`` recommends, each
decision is timed N times and its fastest run is the estimate of its own cost. The N runs
are N passes over all the states rather than N runs in a row, so that one burst of load does
not fall on every run of the same decision. The first pass is the single-shot measurement
(what ``--repeat 1`` gives); both are printed, with the load average (``os.getloadavg``) at
the start and the end. Report them together: single-shot is what a user waits for on this
machine at that load, best-of-N is the decision's cost with the load taken out. The
decisions are pure functions of the state (nothing is cached per state), so a repeat does the
same work as the first run.

Timings are wall-clock on one core: the operations are vectorised numpy calls on arrays of at
most a few MB, and every policy's ``choose`` runs BLAS on one thread
(:mod:`planning.policies.threads`). The thread variables below come too late for that under
``manage.py`` (Django has loaded numpy by then); before that limit, OpenBLAS's spinning helper
threads made the wall time several times the deciding thread's CPU time.
"""

from __future__ import annotations

import os

for _var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

import json  # noqa: E402
import time  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402

import numpy as np  # noqa: E402
from django.core.management.base import BaseCommand, CommandError, CommandParser  # noqa: E402

from planning.dialogue import DialogueState, StoppingRule  # noqa: E402
from planning.evidence import Answer  # noqa: E402
from planning.network import EvidentialNetwork, Finding, Hypothesis, Link  # noqa: E402
from planning.policies import POLICY_NAMES, Policy, make_policy  # noqa: E402
from planning.policies.scoring import answer_table  # noqa: E402


def random_network(
    n_hypotheses: int, n_findings: int, links: int, rng: np.random.Generator
) -> EvidentialNetwork:
    """A sparse random network (see the module docstring)."""
    hypotheses = [Hypothesis(f"h{i}", f"Hypothesis {i}") for i in range(n_hypotheses)]
    findings: list[Finding] = []
    out_links: list[Link] = []
    for j in range(n_findings):
        k = int(rng.choice([2, 2, 2, 3, 4]))
        states = ("yes", "no") if k == 2 else tuple(f"s{x}" for x in range(k))
        findings.append(Finding(f"f{j}", f"Finding {j}?", states))
        linked = rng.choice(n_hypotheses, size=min(links, n_hypotheses), replace=False)
        for h in linked:
            typical = states[int(rng.integers(k))]
            ignorance = float(rng.uniform(0.05, 0.4))
            masses: dict[Any, float] = {typical: 1.0 - ignorance}
            if k > 2 and rng.random() < 0.3:
                other = states[(states.index(typical) + 1) % k]
                share = float(rng.uniform(0.1, 0.5)) * (1.0 - ignorance)
                masses = {typical: 1.0 - ignorance - share, (typical, other): share}
            masses[states] = ignorance
            out_links.append(Link.make(f"h{int(h)}", f"f{j}", masses))
    return EvidentialNetwork("bench", hypotheses, findings, out_links)


def varied_states(
    network: EvidentialNetwork, count: int, rng: np.random.Generator
) -> list[DialogueState]:
    """Belief states after 0 to 8 answers drawn from a random true hypothesis each."""
    compiled = network.compile()
    table = answer_table(compiled)
    states: list[DialogueState] = []
    for _ in range(count):
        truth = int(rng.integers(compiled.n_hypotheses))
        state = DialogueState.start(network)
        # Ask among the truth's own findings mostly, so answers are informative.
        linked = [
            j
            for j in range(table.n_findings)
            if truth in table.support_hyp[table.support_ptr[j] : table.support_ptr[j + 1]]
        ]
        pool = linked if linked else list(range(table.n_findings))
        for j in rng.permutation(pool)[: int(rng.integers(0, 9))]:
            finding = network.findings[int(j)]
            lo = int(table.offsets[int(j)])
            probs = np.array([table.row_betp(lo + x)[truth] for x in range(len(finding.states))])
            x = int(rng.choice(len(finding.states), p=probs / probs.sum()))
            state.apply(Answer.crisp(finding.id, finding.states[x]), network)
        states.append(state)
    return states


def ddxplus_network() -> EvidentialNetwork:
    from evaluation.sources import DDXPLUS_LINKS, ddxplus_reliability
    from knowledge.datasets import ddxplus

    return ddxplus.load_network(reliability=ddxplus_reliability(), **DDXPLUS_LINKS)


def ddxplus_states(
    network: EvidentialNetwork, count: int, rng: np.random.Generator
) -> list[DialogueState]:
    """Real dialogue states (module docstring): dev patients, 0 to 12 of their answers."""
    from knowledge.datasets import ddxplus

    cases = ddxplus.load_cases("dev")
    ids = [f.id for f in network.findings]
    states: list[DialogueState] = []
    for index in rng.choice(len(cases), size=count, replace=count > len(cases)):
        case = cases[int(index)]
        state = DialogueState.start(network)
        for answer in case.opening:
            state.apply(answer, network, asked=False)
        explicit = list(getattr(case.answers, "explicit", {}))
        others = [ids[int(j)] for j in rng.choice(len(ids), size=12, replace=False)]
        order = [f for f in rng.permutation(explicit)] + others
        seen = {a.finding for a in case.opening}
        for finding_id in [f for f in order if f not in seen][: int(rng.integers(0, 13))]:
            state.apply(Answer.crisp(str(finding_id), case.answers[str(finding_id)]), network)
        states.append(state)
    return states


class Command(BaseCommand):
    help = "Time each question policy's decision on a random network (p50 / p99 in ms)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--hypotheses", type=int, default=1000)
        parser.add_argument("--findings", type=int, default=5000)
        parser.add_argument("--links", type=int, default=5, help="hypotheses per finding")
        parser.add_argument("--policies", nargs="+", default=list(POLICY_NAMES))
        parser.add_argument("--decisions", type=int, default=50)
        parser.add_argument("--seed", type=int, default=0)
        parser.add_argument("--json", type=Path, default=None, metavar="PATH")
        parser.add_argument(
            "--repeat",
            type=int,
            default=1,
            metavar="N",
            help="time every decision N times and report its fastest too (module docstring)",
        )
        parser.add_argument(
            "--network",
            choices=("random", "ddxplus"),
            default="random",
            help="'random' (default, sized by --hypotheses/--findings) or 'ddxplus'",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        n, m, k = options["hypotheses"], options["findings"], options["decisions"]
        repeat = options["repeat"]
        if n < 2 or m < 1 or k < 1 or options["links"] < 1 or repeat < 1:
            raise CommandError(
                "need --hypotheses >= 2, --findings >= 1, --decisions >= 1, --repeat >= 1"
            )
        unknown = [p for p in options["policies"] if p not in POLICY_NAMES]
        if unknown:
            raise CommandError(f"unknown policies {unknown}; choose from {list(POLICY_NAMES)}")
        rng = np.random.default_rng(options["seed"])
        started = time.perf_counter()
        if options["network"] == "ddxplus":
            network = ddxplus_network()
            n, m = len(network.hypotheses), len(network.findings)
        else:
            network = random_network(n, m, options["links"], rng)
        answer_table(network.compile())
        build_s = time.perf_counter() - started
        if options["network"] == "ddxplus":
            states = ddxplus_states(network, k, rng)
        else:
            states = varied_states(network, k, rng)
        # No conclusion cuts a decision short: every state is timed all the way to a question.
        stopping = StoppingRule(tau=1.0, max_turns=10_000, red_flags="off")
        shape = (
            "DDXPlus, dev patients' states"
            if options["network"] == "ddxplus"
            else f"{options['links']} links per finding"
        )
        load_start = os.getloadavg()
        self.stdout.write(
            f"network: {n} hypotheses x {m} findings, {shape} "
            f"(built and compiled in {build_s:.1f} s); {k} decisions per policy, "
            f"each timed {repeat} time(s)"
        )
        self.stdout.write(f"load average at start: {_load(load_start)}")
        header = (
            f"{'policy':<14} {'p50_ms':>9} {'p99_ms':>9} {'mean_ms':>9} "
            f"{'cpu_p50':>9} {'cpu_p99':>9}"
        )
        if repeat > 1:
            header += f" {'best_p50':>9} {'best_p99':>9} {'bcpu_p50':>9} {'bcpu_p99':>9}"
        self.stdout.write(header)
        results: dict[str, dict[str, float]] = {}
        for name in options["policies"]:
            policy = make_policy(name, stopping=stopping, seed=options["seed"])
            times, cpu = self._time(policy, network, states, repeat)
            row = {
                "p50_ms": _ms(times[0], 50),
                "p99_ms": _ms(times[0], 99),
                "mean_ms": round(float(np.mean(times[0])), 3),
                "cpu_p50_ms": _ms(cpu[0], 50),
                "cpu_p99_ms": _ms(cpu[0], 99),
            }
            line = (
                f"{name:<14} {row['p50_ms']:>9.2f} {row['p99_ms']:>9.2f} {row['mean_ms']:>9.2f} "
                f"{row['cpu_p50_ms']:>9.2f} {row['cpu_p99_ms']:>9.2f}"
            )
            if repeat > 1:
                best, best_cpu = times.min(axis=0), cpu.min(axis=0)
                row |= {
                    "best_p50_ms": _ms(best, 50),
                    "best_p99_ms": _ms(best, 99),
                    "best_cpu_p50_ms": _ms(best_cpu, 50),
                    "best_cpu_p99_ms": _ms(best_cpu, 99),
                }
                line += (
                    f" {row['best_p50_ms']:>9.2f} {row['best_p99_ms']:>9.2f}"
                    f" {row['best_cpu_p50_ms']:>9.2f} {row['best_cpu_p99_ms']:>9.2f}"
                )
            results[name] = row
            self.stdout.write(line)
        load_end = os.getloadavg()
        self.stdout.write(f"load average at end: {_load(load_end)}")
        if options["json"] is not None:
            payload = {
                "network": options["network"],
                "hypotheses": n,
                "findings": m,
                "decisions": k,
                "repeat": repeat,
                "load_average_start": [round(x, 2) for x in load_start],
                "load_average_end": [round(x, 2) for x in load_end],
                "policies": results,
            }
            options["json"].parent.mkdir(parents=True, exist_ok=True)
            options["json"].write_text(json.dumps(payload, indent=2) + "\n")
            self.stdout.write(f"wrote {options['json']}")

    def _time(
        self,
        policy: Policy,
        network: EvidentialNetwork,
        states: list[DialogueState],
        repeat: int,
    ) -> tuple[np.ndarray, np.ndarray]:
        """Wall and CPU ms, one row per pass over ``states`` (row 0 is the single shot)."""
        policy.choose(states[0], network)  # warm-up: per-network tables, quadrature nodes
        times = np.zeros((repeat, len(states)))
        cpu = np.zeros((repeat, len(states)))
        for run in range(repeat):
            for i, state in enumerate(states):
                start, start_cpu = time.perf_counter(), time.thread_time()
                policy.choose(state, network)
                cpu[run, i] = (time.thread_time() - start_cpu) * 1000.0
                times[run, i] = (time.perf_counter() - start) * 1000.0
        return times, cpu


def _ms(values: np.ndarray, percentile: float) -> float:
    return round(float(np.percentile(values, percentile)), 3)


def _load(load: tuple[float, float, float]) -> str:
    return " / ".join(f"{x:.2f}" for x in load) + " (1 / 5 / 15 min)"
