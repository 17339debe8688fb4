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

Bounded look-ahead (``pool``, 64 by default): below the root, the simulated questions are
drawn from the ``pool`` candidates with the highest immediate reward at the root, not from
every finding: a level's cost is one product of its nodes' BetP with the pooled rows, instead of
all of the network's. The paper's questioner proposes a handful of candidates per node anyway;
here a question far down the root's ranking would have to jump into some node's top
``branching`` to matter. On 400 DDXPlus dev states (bench_planner's) the chosen actions were
the same as with ``pool=None`` (every candidate), and the decision took 11 ms instead of 93 ms
(CPU p50; p99 39 instead of 348, on the loaded shared machine). ``pool=None`` is exact.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from planning.actions import Abstain, Action
from planning.dialogue import DialogueState, StoppingRule
from planning.network import EvidentialNetwork
from planning.quadrature import xlogx

from .base import BeliefView, Policy
from .scoring import AnswerTable, FloatArray, IntArray, batch_betp

_LN2 = math.log(2.0)


@dataclass
class _Level:
    """The questioner nodes of one tree level (one row each)."""

    log_w: FloatArray  # (nodes, size)
    p: FloatArray  # (nodes, size)
    asked: NDArray[np.bool_]  # (nodes, pooled findings): asked on the path to each node
    path: IntArray  # (nodes, depth): the answer rows on the path to each node, ascending


def sharpened_rewards(
    table: AnswerTable, p: FloatArray, lam: float
) -> tuple[FloatArray, FloatArray]:
    """Immediate reward of every finding, and every row's answer probability, for one node."""
    reward, pred = batch_sharpened_rewards(table, p[np.newaxis, :], lam)
    return reward[0], pred[0]


@dataclass(frozen=True)
class _Pool:
    """The findings simulated below the root, and their rows' data gathered once."""

    findings: IntArray  # ascending (network order, for the tie-break)
    rows: IntArray  # their rows, finding by finding
    betp: FloatArray  # (rows, hypotheses) when the table is dense
    k: FloatArray  # (rows,): the number of states of each row's finding
    starts: IntArray  # (findings,): where each finding's rows start in ``rows``
    local: IntArray  # (table rows,): a table row's position in ``rows`` (-1: not pooled)
    binary: NDArray[np.bool_]  # (findings,): a question with two answers
    other_columns: IntArray  # positions in ``rows`` of the other questions' rows
    other_starts: IntArray  # where each other question's rows start in ``other_columns``

    @classmethod
    def of(cls, table: AnswerTable, findings: IntArray) -> _Pool:
        findings = np.sort(findings)
        rows = table.rows_of(findings)
        counts = table.n_states[findings]
        local = np.full(table.n_rows, -1, dtype=np.intp)
        local[rows] = np.arange(rows.size)
        betp = table.dense.betp[rows] if table.dense is not None else np.zeros((0, 0))
        starts = np.concatenate(([0], np.cumsum(counts)[:-1])).astype(np.intp)
        binary = counts == 2
        other_counts = counts[~binary]
        other_columns = np.flatnonzero(np.repeat(~binary, counts))
        return cls(
            findings=findings,
            rows=rows,
            betp=betp,
            k=np.repeat(counts, counts).astype(np.float64),
            starts=starts,
            local=local,
            binary=binary,
            other_columns=other_columns.astype(np.intp),
            other_starts=np.concatenate(([0], np.cumsum(other_counts)[:-1])).astype(np.intp),
        )

    def position(self, findings: IntArray) -> IntArray:
        """Each of ``findings`` (all pooled) as its index into ``findings`` of the pool."""
        out: IntArray = np.searchsorted(self.findings, findings).astype(np.intp)
        return out


def batch_sharpened_rewards(
    table: AnswerTable, p: FloatArray, lam: float, pool: _Pool | None = None
) -> tuple[FloatArray, FloatArray]:
    """:func:`sharpened_rewards` of many nodes at once: ``p`` is ``(nodes, size)``; the
    rewards are ``(nodes, findings)`` and the answer probabilities ``(nodes, rows)``, over
    every finding or, with ``pool``, over the pool's findings and rows only."""
    pred = _predictive(table, p, pool)
    k, starts = (_row_states(table), table.offsets[:-1]) if pool is None else (pool.k, pool.starts)
    with np.errstate(divide="ignore", invalid="ignore"):
        h_bits = -np.add.reduceat(xlogx(pred), starts, axis=1) / _LN2
    spread = np.add.reduceat(np.abs(pred - 1.0 / k), starts, axis=1)
    reward: FloatArray = np.maximum(h_bits, 0.0) / (1.0 + spread / lam)
    return reward, pred


def _row_states(table: AnswerTable) -> FloatArray:
    """The number of states of each row's finding."""
    out: FloatArray = table.n_states[table.row_finding].astype(np.float64)
    return out


def _predictive(table: AnswerTable, p: FloatArray, pool: _Pool | None = None) -> FloatArray:
    """Every row's answer probability at each node (``p``: ``(nodes, size)``), over every
    row or, with ``pool``, over the pool's rows; clipped at 0."""
    n = table.n_hypotheses
    k = _row_states(table) if pool is None else pool.k
    if table.dense is not None:
        betp = table.dense.betp if pool is None else pool.betp
        pred = p[:, :n] @ betp.T
        if p.shape[1] == n + 1:
            pred += p[:, n : n + 1] / k
    else:
        pred = np.stack(
            [
                table.predictive(row[:n], float(row[n]) if row.shape[0] == n + 1 else 0.0)
                for row in p
            ]
        )
        if pool is not None:
            pred = pred[:, pool.rows]
    np.maximum(pred, 0.0, out=pred)
    return pred


# Spreads within this of a node's ``branching``-th smallest yes/no spread get their reward
# computed (see :func:`_pooled_rewards`).
_SPREAD_MARGIN = 1e-6


def _pooled_rewards(
    table: AnswerTable,
    p: FloatArray,
    lam: float,
    pool: _Pool,
    mask: NDArray[np.bool_],
    keep: int,
) -> tuple[FloatArray, FloatArray]:
    """The rewards of the pool's questions at each node that can be among its ``keep`` best
    of those ``mask`` allows, ``-inf`` for the rest, and every pooled row's answer
    probability: the values :func:`batch_sharpened_rewards` gives, where they are computed.

    The logarithms of the entropies are most of the cost, and most questions are yes/no.
    A yes/no question's reward ``h((1 + s) / 2) / (1 + s / lambda)`` is a strictly
    decreasing function of its spread ``s``: its slope is at most
    ``-lambda / (lambda + 1) (s / ln 2 + h / (lambda + 1)) < 0``. So only the yes/no
    questions whose spread is within ``_SPREAD_MARGIN`` of the ``keep``-th smallest allowed
    spread can be among the ``keep`` best; any other is lower than each of those by more than
    1e-12 for lambda up to 1e6, far beyond the rounding of the computed values (the answer
    probabilities sum to one up to rounding). Questions with more answers are all scored."""
    pred = _predictive(table, p, pool)
    deviation = np.abs(pred - 1.0 / pool.k)
    # The spreads as batch_sharpened_rewards sums them, without its reduceat over the rows'
    # many short segments (slow along the last axis).
    spread = np.empty(mask.shape)
    binary = np.flatnonzero(pool.binary)
    first = pool.starts[binary]
    spread[:, binary] = deviation[:, first] + deviation[:, first + 1]
    other = np.flatnonzero(~pool.binary)
    if other.size:
        spread[:, other] = np.add.reduceat(
            deviation[:, pool.other_columns], pool.other_starts, axis=1
        )
    reward = np.full(spread.shape, -np.inf)
    if other.size:
        part = pred[:, pool.other_columns]
        with np.errstate(divide="ignore", invalid="ignore"):
            h_bits = -np.add.reduceat(xlogx(part), pool.other_starts, axis=1) / _LN2
        reward[:, other] = np.maximum(h_bits, 0.0) / (1.0 + spread[:, other] / lam)
    if binary.size:
        s_binary = np.where(mask[:, binary], spread[:, binary], np.inf)
        if binary.size > keep:
            kth = np.partition(s_binary, keep - 1, axis=1)[:, keep - 1]
            wanted = s_binary <= (kth + _SPREAD_MARGIN)[:, np.newaxis]
        else:
            wanted = np.isfinite(s_binary)
        node, column = np.nonzero(wanted)
        question = binary[column]
        first = pool.starts[question]
        yes, no = pred[node, first], pred[node, first + 1]
        with np.errstate(divide="ignore", invalid="ignore"):
            h_bits = -(xlogx(yes) + xlogx(no)) / _LN2
        reward[node, question] = np.maximum(h_bits, 0.0) / (1.0 + spread[node, question] / lam)
    return np.where(mask, reward, -np.inf), pred


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
        pool: int | None = 64,
    ) -> None:
        super().__init__(stopping, seed)
        self.respect_flow = bool(respect_flow)
        if pool is not None and pool < branching:
            raise ValueError(f"pool must be None or >= branching ({branching}), got {pool}")
        self.pool = None if pool is None else int(pool)
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
        pooled = candidates if self.pool is None else _top(masked, self.pool)
        pool = _Pool.of(table, pooled)
        values = reward[roots] + self._future(table, view, allowed, roots, pred, pool)
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
        self,
        table: AnswerTable,
        view: BeliefView,
        allowed: NDArray[np.bool_],
        roots: IntArray,
        pred: FloatArray,
        pool: _Pool,
    ) -> FloatArray:
        """Expected reward of the levels below each root question (all roots' subtrees are
        evaluated together, level by level)."""
        if self.depth <= 1:
            return np.zeros(roots.size)
        rows, owner, probs = _answers(table, pred[np.newaxis, :], roots, np.zeros_like(roots))
        # Asked sets over the pool's findings: the roots are among them (the pool is the
        # root's best candidates, or all of them), and so is every question simulated below.
        asked = np.zeros((rows.size, pool.findings.size), dtype=bool)
        asked[np.arange(rows.size), pool.position(table.row_finding[rows])] = True
        level = _children(
            table, view.log_w[np.newaxis, :], rows, np.zeros_like(rows), asked, rows[:, None]
        )
        child_values = self._level_value(table, allowed[pool.findings], level, self.depth - 1, pool)
        out = np.zeros(roots.size)
        np.add.at(out, owner, probs * child_values)  # owner: the root's position
        return out

    def _level_value(
        self,
        table: AnswerTable,
        allowed: NDArray[np.bool_],
        level: _Level,
        remaining: int,
        pool: _Pool,
    ) -> FloatArray:
        """``R_e`` (minus the rewards above) of every questioner node of ``level``;
        ``allowed`` is over the pool's findings."""
        nodes = level.p.shape[0]
        values = np.zeros(nodes)
        # An impossible branch (probability 0) has no belief and adds nothing.
        live = np.flatnonzero(np.isfinite(level.log_w.max(axis=1)))
        if live.size == 0:
            return values
        mask = allowed[np.newaxis, :] & ~level.asked[live]
        reward, pred = _pooled_rewards(table, level.p[live], self.lam, pool, mask, self.branching)
        chosen, taken = _batch_top(reward, self.branching)
        has_any: NDArray[np.bool_] = np.asarray(mask.any(axis=1))
        picked = np.take_along_axis(reward, chosen, axis=1)
        with np.errstate(invalid="ignore", divide="ignore"):
            means = np.where(taken, picked, 0.0).sum(axis=1) / taken.sum(axis=1)
        values[live[has_any]] = means[has_any]
        if remaining <= 1:
            return values
        # Children: every answer of every chosen question of every node that has some.
        slots = np.flatnonzero((taken & has_any[:, np.newaxis]).ravel())
        node_of = slots // chosen.shape[1]
        positions = chosen.ravel()[slots]
        if positions.size == 0:
            return values
        rows, owner, probs = _answers(table, pred, pool.findings[positions], node_of, pool.local)
        parent_local = node_of[owner]
        weight = probs / taken.sum(axis=1)[parent_local]
        parents = live[parent_local]
        # The same answers in another order reach the same node (the same belief and asked
        # set): a node two roots deep is often reached both ways, since a root's children
        # tend to ask the other roots next. Each distinct node is evaluated once; the first
        # path to it gives its belief (the sums of the answers' logarithms in another order
        # differ only by rounding).
        path = np.sort(np.hstack([level.path[parents], rows[:, None]]), axis=1)
        first, same = _distinct_rows(path, table.n_rows)
        asked = level.asked[parents[first]]  # a copy (fancy indexing)
        asked[np.arange(first.size), positions[owner[first]]] = True
        child = _children(table, level.log_w, rows[first], parents[first], asked, path[first])
        below = self._level_value(table, allowed, child, remaining - 1, pool)
        np.add.at(values, parents, weight * below[same])
        return values


def _answers(
    table: AnswerTable,
    pred: FloatArray,
    questions: IntArray,
    node: IntArray,
    local: IntArray | None = None,
) -> tuple[IntArray, IntArray, FloatArray]:
    """Every answer with probability > 0 of each ``questions[i]`` asked at node ``node[i]``
    (a row of ``pred``, whose columns are table rows, or ``local[row]`` of them): its row,
    ``i``, and its probability (normalised per question)."""
    rows = table.rows_of(questions)
    counts = table.n_states[questions]
    owner = np.repeat(np.arange(questions.size), counts)
    raw = pred[node[owner], rows if local is None else local[rows]]
    totals = np.add.reduceat(raw, np.concatenate(([0], np.cumsum(counts)[:-1])))
    probs = raw / np.maximum(totals, 1e-300)[owner]
    keep = probs > 0
    return rows[keep], owner[keep], probs[keep]


def _children(
    table: AnswerTable,
    parent_log_w: FloatArray,
    rows: IntArray,
    parents: IntArray,
    asked: NDArray[np.bool_],
    path: IntArray,
) -> _Level:
    """The questioner nodes reached by answering ``rows`` (one answer row each) from the
    nodes ``parents`` index into ``parent_log_w``; ``asked`` and ``path`` are each new
    node's asked set and answer rows."""
    n = table.n_hypotheses
    post = parent_log_w[parents].copy()
    if table.dense is not None:
        post[:, :n] += table.dense.log_pl[rows]
    else:
        for i, r in enumerate(rows):
            post[i, :n] += table.row_log_pl(int(r))
    alive = np.isfinite(post.max(axis=1))
    p = np.zeros_like(post)
    if alive.any():
        p[alive] = batch_betp(post[alive])
    return _Level(post, p, asked, path)


def _distinct_rows(path: IntArray, base: int) -> tuple[IntArray, IntArray]:
    """The first occurrence of each distinct row of ``path`` (entries below ``base``), in
    lexicographic order, and each row's position among them: ``np.unique(axis=0)``, which
    is slow, done on one number per row (the row in base ``base``) where that fits."""
    if float(base) ** path.shape[1] >= 2.0**62:
        _, first, same = np.unique(path, axis=0, return_index=True, return_inverse=True)
    else:
        key = np.zeros(path.shape[0], dtype=np.int64)
        for column in path.T:
            key = key * base + column
        _, first, same = np.unique(key, return_index=True, return_inverse=True)
    return np.asarray(first, dtype=np.intp), np.asarray(same, dtype=np.intp).ravel()


def _batch_top(scores: FloatArray, m: int) -> tuple[IntArray, NDArray[np.bool_]]:
    """Per row, the ``m`` largest finite scores' indices, best first (ties: earlier index),
    and which of the ``m`` slots were filled (a row may have fewer finite scores)."""
    work = np.where(np.isfinite(scores), scores, -np.inf)
    rows = np.arange(work.shape[0])
    chosen = np.zeros((work.shape[0], m), dtype=np.intp)
    taken = np.zeros((work.shape[0], m), dtype=bool)
    for slot in range(m):
        best = np.argmax(work, axis=1)  # the first of equal maxima: the earlier index
        chosen[:, slot] = best
        taken[:, slot] = np.isfinite(work[rows, best])
        work[rows, best] = -np.inf
    return chosen, taken


def _top(scores: FloatArray, m: int) -> IntArray:
    """Indices of the ``m`` largest finite scores, best first (ties: earlier index)."""
    finite = np.flatnonzero(np.isfinite(scores))
    order = finite[np.argsort(-scores[finite], kind="stable")]
    out: IntArray = order[:m]
    return out
