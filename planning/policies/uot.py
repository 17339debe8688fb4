"""Uncertainty of Thoughts (UoT): look-ahead over simulated answers with a sharpened IG reward.

From the UoT paper (sections 2.3-2.7), with the evidential network as the simulator in place of
an LLM:

* At a questioner node with point distribution ``p`` (BetP of the simulated belief), every
  unasked finding gets the immediate reward of its answer node,
  ``R_u = H(P) / (1 + spread(P) / lambda)`` with ``P(x) = sum_h p(h) BetP_j(x | h)`` the answer
  probabilities. For a yes/no question this is the paper's
  ``(-pA log2 pA - pN log2 pN) / (1 + |pA - pN| / lambda)``; for ``k`` answers ``H`` is the
  entropy of the answer distribution in bits and ``spread = sum_x |P(x) - 1/k|`` (which is
  ``|pA - pN|`` when ``k = 2``): the reward is largest for evenly split answers and is
  sharpened by how unevenly they split.
* Pruned UoT: only the ``branching`` questions with the highest immediate reward are expanded
  at each questioner node (the root's candidates included).
* An answer node branches into every answer ``x`` with probability ``P(x)``; its child's
  belief is the evidential update ``log w + log pl_j(x | .)`` and its ``p`` that belief's BetP.
* Accumulated reward ``R_a`` sums ``R_u`` down the path; at the leaves (``depth`` questions
  deep) ``R_e = R_a``; an answer node's ``R_e`` is the ``P``-weighted mean of its children's,
  a questioner node's the plain mean over its ``branching`` questions (the paper gives the
  simulated questions equal probability). The root asks the candidate with the largest
  ``R_e``.

Because rewards only add up along paths, ``R_e`` of a candidate equals its own ``R_u`` plus
the expected (over answers) mean (over the next questions) of the same quantity one level
down; the tree is evaluated level by level in that form, the beliefs of a level in one batch.
Simulated questions come from the root's candidates (unasked, informative, and on the
flowchart frontier when the network has one) minus those asked on the path.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from planning.actions import Abstain, Action
from planning.dialogue import DialogueState, StoppingRule
from planning.network import EvidentialNetwork

from .base import BeliefView, Policy
from .scoring import AnswerTable, FloatArray, IntArray, batch_betp

_LN2 = math.log(2.0)


@dataclass
class _Level:
    """The questioner nodes of one tree level (one row each)."""

    log_w: FloatArray  # (nodes, size)
    p: FloatArray  # (nodes, size)
    asked: list[set[int]]  # findings asked on the path to each node


def sharpened_rewards(
    table: AnswerTable, p: FloatArray, lam: float
) -> tuple[FloatArray, FloatArray]:
    """Immediate reward of every finding, and every row's answer probability, for one node."""
    n = table.n_hypotheses
    p_open = float(p[n]) if p.shape[0] == n + 1 else 0.0
    pred = np.maximum(table.predictive(p[:n], p_open), 0.0)
    k = table.n_states[table.row_finding].astype(np.float64)
    with np.errstate(divide="ignore", invalid="ignore"):
        h_bits = table.answer_entropy(pred) / _LN2
    spread = np.add.reduceat(np.abs(pred - 1.0 / k), table.offsets[:-1])
    reward: FloatArray = np.maximum(h_bits, 0.0) / (1.0 + spread / lam)
    return reward, pred


class UncertaintyOfThoughts(Policy):
    name = "uot"

    def __init__(
        self,
        stopping: StoppingRule | None = None,
        seed: int = 0,
        *,
        depth: int = 3,
        branching: int = 3,
        lam: float = 0.4,
        respect_flow: bool = True,
    ) -> None:
        super().__init__(stopping, seed)
        self.respect_flow = bool(respect_flow)
        if depth < 1:
            raise ValueError(f"depth must be >= 1, got {depth}")
        if branching < 1:
            raise ValueError(f"branching must be >= 1, got {branching}")
        if lam <= 0:
            raise ValueError(f"lam (lambda) must be > 0, got {lam}")
        self.depth = int(depth)
        self.branching = int(branching)
        self.lam = float(lam)

    def select(self, state: DialogueState, network: EvidentialNetwork, view: BeliefView) -> Action:
        table = view.table
        candidates = self.candidates(state, view, self.respect_flow)
        if candidates.size == 0:
            return Abstain("no_informative_question", view.differential())
        allowed = np.zeros(table.n_findings, dtype=bool)
        allowed[candidates] = True
        reward, pred = sharpened_rewards(table, view.distribution, self.lam)
        masked = np.where(allowed, reward, -np.inf)
        roots = _top(masked, self.branching)
        values = np.array(
            [float(reward[j]) + self._future(table, view, allowed, int(j), pred) for j in roots]
        )
        pick = int(np.argmax(values))
        finding = int(roots[pick])
        return self.ask(
            view,
            finding,
            float(values[pick]),
            "expected_accumulated_reward",
            {"immediate_reward": float(reward[finding]), "depth": float(self.depth)},
        )

    def _future(
        self, table: AnswerTable, view: BeliefView, allowed: np.ndarray, root: int, pred: FloatArray
    ) -> float:
        """Expected reward of the levels below the root question ``root``."""
        if self.depth <= 1:
            return 0.0
        lo, hi = int(table.offsets[root]), int(table.offsets[root + 1])
        probs = pred[lo:hi] / max(float(pred[lo:hi].sum()), 1e-300)
        rows = np.arange(lo, hi)
        live = probs > 0
        live_rows = rows[live]
        if live_rows.size == 0:
            return 0.0
        level = _children(
            table,
            view.log_w[np.newaxis, :],
            live_rows,
            np.zeros(live_rows.size, dtype=np.intp),
            [{root}] * live_rows.size,
        )
        child_values = self._level_value(table, allowed, level, self.depth - 1)
        return float(probs[live] @ child_values)

    def _level_value(
        self, table: AnswerTable, allowed: np.ndarray, level: _Level, remaining: int
    ) -> FloatArray:
        """``R_e`` (minus the rewards above) of every questioner node of ``level``."""
        nodes = level.p.shape[0]
        values = np.zeros(nodes)
        child_rows: list[int] = []
        child_parent: list[int] = []
        child_weight: list[float] = []
        for node in range(nodes):
            if not np.isfinite(level.log_w[node].max()):
                continue  # an impossible branch (its probability is 0)
            reward, pred = sharpened_rewards(table, level.p[node], self.lam)
            mask = allowed.copy()
            mask[list(level.asked[node])] = False
            if not mask.any():
                continue
            chosen = _top(np.where(mask, reward, -np.inf), self.branching)
            values[node] = float(reward[chosen].mean())
            if remaining <= 1:
                continue
            for j in chosen:
                lo, hi = int(table.offsets[j]), int(table.offsets[j + 1])
                probs = pred[lo:hi] / max(float(pred[lo:hi].sum()), 1e-300)
                for r in range(lo, hi):
                    if probs[r - lo] > 0:
                        child_rows.append(r)
                        child_parent.append(node)
                        child_weight.append(float(probs[r - lo]) / len(chosen))
        if remaining <= 1 or not child_rows:
            return values
        asked_sets = [
            level.asked[node] | {int(table.row_finding[r])}
            for node, r in zip(child_parent, child_rows, strict=True)
        ]
        parents = np.array(child_parent, dtype=np.intp)
        child = _children(
            table, level.log_w, np.array(child_rows, dtype=np.intp), parents, asked_sets
        )
        below = self._level_value(table, allowed, child, remaining - 1)
        np.add.at(values, parents, np.array(child_weight) * below)
        return values


def _children(
    table: AnswerTable,
    parent_log_w: FloatArray,
    rows: IntArray,
    parents: IntArray,
    asked: list[set[int]],
) -> _Level:
    """The questioner nodes reached by answering ``rows`` (one answer row each) from the
    nodes ``parents`` index into ``parent_log_w``; ``asked`` is each new node's asked set."""
    n = table.n_hypotheses
    post = parent_log_w[parents].copy()
    for i, r in enumerate(rows):
        post[i, :n] += table.row_log_pl(int(r))
    alive = np.isfinite(post.max(axis=1))
    p = np.zeros_like(post)
    if alive.any():
        p[alive] = batch_betp(post[alive])
    return _Level(post, p, asked)


def _top(scores: FloatArray, m: int) -> IntArray:
    """Indices of the ``m`` largest finite scores, best first (ties: earlier index)."""
    finite = np.flatnonzero(np.isfinite(scores))
    order = finite[np.argsort(-scores[finite], kind="stable")]
    out: IntArray = order[:m]
    return out
