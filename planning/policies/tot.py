"""Tree of Thoughts (ToT): deliberate search over partial question sequences.

From the Tree of Thoughts paper (Yao et al. 2023, sections 3-4), with the evidential network
in place of the language model for both of its roles:

* a **thought** is one question; a tree node is a partial question sequence ``(q1, ..., qt)``
  (an open-loop plan: the questions asked next, whatever the answers);
* the **thought generator** ``G(s, k)`` proposes the ``k`` unasked questions with the highest
  expected information gain (mutual information of the point distribution, averaged over the
  node's simulated answer branches): the paper's "propose prompt", which sees the state;
* the **state evaluator** ``V(s)`` values a partial sequence by the share of the current
  uncertainty it is expected to remove: ``1 - E[H(p | answers)] / H(p)``, the expectation
  over the joint answers to the sequence (``P(x1..xt) = sum_h p(h) prod_j BetP_j(x_j | h)``,
  each branch's ``p`` the BetP of the evidential update). Where the paper's evaluator says
  "sure" (the sequence reaches the goal), here the sequence is expected to make the leader
  reach ``tau``: ``E[max p | answers] >= tau``, and the search stops there;
* **BFS** (the paper's Algorithm 1, ``search="bfs"``, default): keep the ``breadth`` best
  sequences at each of ``depth`` steps (the paper's Game of 24 setting: ``b = 5``, ``k = 5``
  proposals, ``T = 3`` steps);
* **DFS** (Algorithm 2, ``search="dfs"``): expand the most promising child first, prune a
  child whose value adds at most ``prune_below`` to its parent's (the evaluator's
  "impossible": the question is expected to remove almost none of the remaining uncertainty),
  backtrack, and stop before evaluating more than ``step_limit`` nodes (the paper's
  crosswords: 100).

The root then asks, of the best sequence found, the question that is best on its own (an
open-loop plan fixes a set of questions, not their order; asking the most informative first
lets the next decision re-plan on its answer). Because a sequence is a set of questions, the
value rewards questions that are informative *together*, not the same discrimination twice,
which is what the greedy one-step policies cannot see.

Branches whose joint answer probability falls below ``min_branch`` are dropped (at most
``max_branches`` are kept per node, the most probable) so a long sequence of many-valued
questions stays tractable; the value is the expectation over the kept mass.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from planning.actions import Abstain, Action
from planning.dialogue import DialogueState, StoppingRule
from planning.network import EvidentialNetwork

from .base import BeliefView, Policy
from .scoring import AnswerTable, FloatArray, batch_betp

SEARCHES = ("bfs", "dfs")


@dataclass(frozen=True)
class _Node:
    """A partial question sequence and its simulated answer branches."""

    sequence: tuple[int, ...]
    log_w: FloatArray  # (branches, size): the belief after each joint answer
    p: FloatArray  # (branches, size): its decision distribution (BetP)
    prob: FloatArray  # (branches,): joint answer probability under the root's belief
    value: float
    expected_max: float


def _entropy_rows(p: FloatArray) -> FloatArray:
    with np.errstate(divide="ignore", invalid="ignore"):
        terms = np.where(p > 0, p * np.log(p), 0.0)
    out: FloatArray = -terms.sum(axis=1)
    return out


class TreeOfThoughts(Policy):
    name = "tot"

    def __init__(
        self,
        stopping: StoppingRule | None = None,
        seed: int = 0,
        *,
        search: str = "bfs",
        breadth: int = 5,
        proposals: int = 5,
        depth: int = 3,
        prune_below: float = 0.01,
        step_limit: int = 100,
        min_branch: float = 1e-4,
        max_branches: int = 256,
        respect_flow: bool = True,
    ) -> None:
        super().__init__(stopping, seed)
        if search not in SEARCHES:
            raise ValueError(f"search must be one of {SEARCHES}, got {search!r}")
        if breadth < 1 or proposals < 1 or depth < 1 or step_limit < 1:
            raise ValueError("breadth, proposals, depth and step_limit must be >= 1")
        if not 0.0 <= prune_below < 1.0:
            raise ValueError(f"prune_below must be in [0, 1), got {prune_below}")
        if not 0.0 <= min_branch < 1.0 or max_branches < 1:
            raise ValueError("min_branch must be in [0, 1) and max_branches >= 1")
        self.search = search
        self.breadth = int(breadth)
        self.proposals = int(proposals)
        self.depth = int(depth)
        self.prune_below = float(prune_below)
        self.step_limit = int(step_limit)
        self.min_branch = float(min_branch)
        self.max_branches = int(max_branches)
        self.respect_flow = bool(respect_flow)
        self._evaluated = 0  # nodes the last search evaluated (its cost, in the rationale)

    # -- the decision -------------------------------------------------------------------------

    def select(self, state: DialogueState, network: EvidentialNetwork, view: BeliefView) -> Action:
        table = view.table
        candidates = self.candidates(state, view, self.respect_flow)
        if candidates.size == 0:
            return Abstain("no_informative_question", view.differential())
        allowed = np.zeros(table.n_findings, dtype=bool)
        allowed[candidates] = True
        p0 = view.distribution
        h0 = float(_entropy_rows(p0[np.newaxis, :])[0])
        leader = float(p0[: view.n_hypotheses].max())
        root = _Node((), view.log_w[np.newaxis, :], p0[np.newaxis, :], np.ones(1), 0.0, leader)
        self._evaluated = 0
        if self.search == "bfs":
            best = self._bfs(table, view, allowed, root, h0)
        else:
            best = self._dfs(table, view, allowed, root, h0)
        if not best.sequence:
            # Nothing worth planning (no uncertainty left to remove): the most informative.
            mi = self._gains(table, view, allowed, root)
            finding = int(np.argmax(np.where(allowed, mi, -np.inf)))
            return self.ask(view, finding, float(mi[finding]), "mutual_information")
        searched = self._evaluated
        singles = [self._child(table, view, root, j, h0) for j in best.sequence]
        first = max(range(len(singles)), key=lambda i: (singles[i].value, -best.sequence[i]))
        finding = best.sequence[first]
        return self.ask(
            view,
            finding,
            best.value,
            "sequence_value",
            {
                "sequence_length": float(len(best.sequence)),
                "own_value": singles[first].value,
                "expected_max_after": best.expected_max,
                "nodes_evaluated": float(searched),
            },
        )

    # -- search -------------------------------------------------------------------------------

    def _bfs(
        self, table: AnswerTable, view: BeliefView, allowed: np.ndarray, root: _Node, h0: float
    ) -> _Node:
        frontier = [root]
        best = root
        for _ in range(self.depth):
            children: dict[frozenset[int], _Node] = {}
            for node in frontier:
                for j in self._propose(table, view, allowed, node):
                    key = frozenset((*node.sequence, j))
                    if key not in children:
                        children[key] = self._child(table, view, node, j, h0)
            if not children:
                break
            ranked = sorted(children.values(), key=_rank)
            frontier = ranked[: self.breadth]
            best = frontier[0]
            if best.expected_max >= self.stopping.tau:
                break  # "sure": the plan is expected to conclude; deeper adds questions
        return best

    def _dfs(
        self, table: AnswerTable, view: BeliefView, allowed: np.ndarray, root: _Node, h0: float
    ) -> _Node:
        best = root

        def visit(node: _Node) -> bool:
            """Explore below ``node``; True when the search must stop (step limit, "sure")."""
            nonlocal best
            if _rank(node) < _rank(best):
                best = node
            if node.expected_max >= self.stopping.tau or len(node.sequence) >= self.depth:
                return node.expected_max >= self.stopping.tau
            proposed = self._propose(table, view, allowed, node)
            if self._evaluated + len(proposed) > self.step_limit:
                return True
            children = [self._child(table, view, node, j, h0) for j in proposed]
            for child in sorted(children, key=_rank):
                if child.value - node.value <= self.prune_below:
                    continue  # the evaluator's "impossible": prune this subtree
                if visit(child):
                    return True
            return False

        visit(root)
        return best

    # -- the generator and the evaluator -----------------------------------------------------

    def _gains(
        self, table: AnswerTable, view: BeliefView, allowed: np.ndarray, node: _Node
    ) -> FloatArray:
        """Expected information gain of every finding, averaged over ``node``'s branches."""
        n = view.n_hypotheses
        weights = node.prob / max(float(node.prob.sum()), 1e-300)
        top = np.argsort(-weights, kind="stable")[:16]  # the likeliest branches suffice
        gains = np.zeros(table.n_findings)
        for b in top:
            p = node.p[b]
            p_open = float(p[n]) if p.shape[0] == n + 1 else 0.0
            gains += weights[b] * table.mutual_information(p[:n], p_open)
        return gains

    def _propose(
        self, table: AnswerTable, view: BeliefView, allowed: np.ndarray, node: _Node
    ) -> list[int]:
        gains = self._gains(table, view, allowed, node)
        mask = allowed.copy()
        mask[list(node.sequence)] = False
        scores = np.where(mask & (gains > 0), gains, -np.inf)
        finite = np.flatnonzero(np.isfinite(scores))
        order = finite[np.argsort(-scores[finite], kind="stable")]
        return [int(j) for j in order[: self.proposals]]

    def _child(
        self, table: AnswerTable, view: BeliefView, node: _Node, finding: int, h0: float
    ) -> _Node:
        """``node``'s sequence extended by ``finding``, with its branches and value."""
        self._evaluated += 1
        n = view.n_hypotheses
        lo, hi = int(table.offsets[finding]), int(table.offsets[finding + 1])
        k = hi - lo
        log_pl = np.vstack([table.row_log_pl(r) for r in range(lo, hi)])  # (k, n)
        betp = np.vstack([table.row_betp(r) for r in range(lo, hi)])  # (k, n)
        # P(x | branch) = sum_h p_b(h) BetP(x | h) (+ open world / k).
        p_known = node.p[:, :n]
        p_open = node.p[:, n] if node.p.shape[1] == n + 1 else np.zeros(node.p.shape[0])
        cond = p_known @ betp.T + p_open[:, np.newaxis] / k  # (branches, k)
        cond /= np.maximum(cond.sum(axis=1, keepdims=True), 1e-300)
        prob = (node.prob[:, np.newaxis] * cond).ravel()
        keep = np.flatnonzero(prob >= self.min_branch * float(node.prob.sum()))
        if keep.size > self.max_branches:
            keep = keep[np.argsort(-prob[keep], kind="stable")[: self.max_branches]]
        parent, answer = np.divmod(keep, k)
        log_w = node.log_w[parent].copy()
        log_w[:, :n] += log_pl[answer]
        alive = np.isfinite(log_w.max(axis=1))
        log_w, prob, parent = log_w[alive], prob[keep][alive], parent[alive]
        p = np.zeros_like(log_w)
        if log_w.shape[0]:
            p = batch_betp(log_w)
        total = max(float(prob.sum()), 1e-300)
        expected_h = float(prob @ _entropy_rows(p)) / total if p.shape[0] else h0
        value = 1.0 - expected_h / h0 if h0 > 1e-12 else 0.0
        expected_max = float(prob @ p[:, :n].max(axis=1)) / total if p.shape[0] else 0.0
        return _Node((*node.sequence, finding), log_w, p, prob, value, expected_max)


def _rank(node: _Node) -> tuple[float, int, float]:
    """Best first: higher value; then shorter (fewer questions for the same); then the
    higher expected leader."""
    return (-round(node.value, 12), len(node.sequence), -node.expected_max)
