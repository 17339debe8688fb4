"""Benchmark the question policies' decision time on a random evidential network, or on DDXPlus.

    python manage.py bench_planner --hypotheses 1000 --findings 5000 --json PATH \\
        [--policies infogatherer ig-bayesian ...] [--decisions 50]
    python manage.py bench_planner --network ddxplus [--decisions 200]

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
            "--network",
            choices=("random", "ddxplus"),
            default="random",
            help="'random' (default, sized by --hypotheses/--findings) or 'ddxplus'",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        n, m, k = options["hypotheses"], options["findings"], options["decisions"]
        if n < 2 or m < 1 or k < 1 or options["links"] < 1:
            raise CommandError("need --hypotheses >= 2, --findings >= 1, --decisions >= 1")
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
        self.stdout.write(
            f"network: {n} hypotheses x {m} findings, {shape} "
            f"(built and compiled in {build_s:.1f} s); {k} decisions per policy"
        )
        self.stdout.write(
            f"{'policy':<14} {'p50_ms':>9} {'p99_ms':>9} {'mean_ms':>9} "
            f"{'cpu_p50':>9} {'cpu_p99':>9}"
        )
        results: dict[str, dict[str, float]] = {}
        for name in options["policies"]:
            policy = make_policy(name, stopping=stopping, seed=options["seed"])
            times, cpu = self._time(policy, network, states)
            results[name] = {
                "p50_ms": round(float(np.percentile(times, 50)), 3),
                "p99_ms": round(float(np.percentile(times, 99)), 3),
                "mean_ms": round(float(np.mean(times)), 3),
                "cpu_p50_ms": round(float(np.percentile(cpu, 50)), 3),
                "cpu_p99_ms": round(float(np.percentile(cpu, 99)), 3),
            }
            row = results[name]
            self.stdout.write(
                f"{name:<14} {row['p50_ms']:>9.2f} {row['p99_ms']:>9.2f} {row['mean_ms']:>9.2f} "
                f"{row['cpu_p50_ms']:>9.2f} {row['cpu_p99_ms']:>9.2f}"
            )
        if options["json"] is not None:
            payload = {
                "network": options["network"],
                "hypotheses": n,
                "findings": m,
                "decisions": k,
                "policies": results,
            }
            options["json"].parent.mkdir(parents=True, exist_ok=True)
            options["json"].write_text(json.dumps(payload, indent=2) + "\n")
            self.stdout.write(f"wrote {options['json']}")

    def _time(
        self, policy: Policy, network: EvidentialNetwork, states: list[DialogueState]
    ) -> tuple[np.ndarray, np.ndarray]:
        policy.choose(states[0], network)  # warm-up: per-network tables, quadrature nodes
        times = []
        cpu = []
        for state in states:
            start, start_cpu = time.perf_counter(), time.thread_time()
            policy.choose(state, network)
            cpu.append((time.thread_time() - start_cpu) * 1000.0)
            times.append((time.perf_counter() - start) * 1000.0)
        return np.array(times), np.array(cpu)
