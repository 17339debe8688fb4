"""Decisions do not depend on Python's hash seed.

Two processes with different ``PYTHONHASHSEED`` build the same DDXPlus dialogue states (dev
patients' answers, as ``bench_planner`` builds them) and let the policies choose on each; every
state and every choice must be the same. A set iterated into an order (a patient's answers, a
candidate list, a floating-point sum) would make them differ on a share of the states: before
the loader kept a patient's multi-choice values in a set, 109 of 800 bench decisions did.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

DECIDE = """
import json
import numpy as np
from ops.management.commands.bench_planner import ddxplus_network, ddxplus_states
from planning.dialogue import StoppingRule
from planning.policies import make_policy

network = ddxplus_network()
states = ddxplus_states(network, 30, np.random.default_rng(0))
out = {"states": [[[a.finding, a.states] for a in s.answers] for s in states], "choices": []}
stopping = StoppingRule(tau=1.0, max_turns=30, red_flags="off")
for name in ("infogatherer", "ig-bayesian", "uot"):
    policy = make_policy(name, stopping=stopping, seed=0)
    for state in states:
        action = policy.choose(state, network)
        what = getattr(action, "finding", None) or getattr(action, "hypothesis", None)
        out["choices"].append([name, type(action).__name__, what])
print(json.dumps(out))
"""


def _decide(hash_seed: str) -> subprocess.Popen[str]:
    env = dict(os.environ, PYTHONHASHSEED=hash_seed, OPENBLAS_NUM_THREADS="1")
    return subprocess.Popen(
        [sys.executable, "-c", DECIDE],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def test_states_and_choices_are_the_same_under_two_hash_seeds() -> None:
    runs = [_decide("1"), _decide("2")]
    results = []
    for run in runs:
        stdout, stderr = run.communicate(timeout=600)
        assert run.returncode == 0, stderr
        results.append(json.loads(stdout))
    first, second = results
    assert first["states"] == second["states"]
    differ = [a for a, b in zip(first["choices"], second["choices"], strict=True) if a != b]
    assert not differ, f"{len(differ)} of {len(first['choices'])} choices differ: {differ[:5]}"
    kinds = {choice[1] for choice in first["choices"]}
    assert "Ask" in kinds  # the states are open enough for questions, not only conclusions
    assert sum(len(s) > 1 for s in first["states"]) > 15  # most states carry several answers
