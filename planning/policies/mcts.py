"""Monte-Carlo tree search (UCT) over question sequences, as MZQA searches sub-question paths.

The evidential network is the simulator. Each iteration samples a "true" hypothesis ``h`` from
the current distribution (BetP; the open-world element, if drawn, answers uniformly and can
never be concluded), then walks the tree from the root:

* selection: at a node, the question maximising ``Q(s, a) + c sqrt(ln N(s) / N(s, a))`` (UCT,
  MZQA's equation 1), unvisited questions first; the answer is drawn from ``BetP_j(. | h)``;
* expansion: the first node off the tree is added (its belief is the evidential update, its
  decision distribution that belief's BetP);
* simulation: a rollout keeps asking (in the root's mutual-information order, skipping what
  the path has asked) until the simulated dialogue would conclude (max BetP >= ``tau``) or the
  horizon is reached;
* backpropagation: reward ``1[concluded h] - question_cost * questions`` on every edge of the
  path.

The root asks the question visited most (ties: higher mean reward, then network order). To
keep decisions bounded, a node considers only its ``width`` questions with the highest mutual
information (point probabilities at that node; ``root_width`` at the root), and a simulated
dialogue asks at most ``horizon`` questions (and never past the turn budget).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np

from planning.actions import Abstain, Action
from planning.dialogue import DialogueState, StoppingRule
from planning.network import EvidentialNetwork

from .base import BeliefView, Policy
from .scoring import AnswerTable, FloatArray, IntArray, batch_betp


@dataclass
class _Node:
    log_w: FloatArray
    p: FloatArray
    asked: frozenset[int]
    concluded: int | None  # the hypothesis a dialogue here would conclude, if any
    actions: IntArray | None = None
    visits: int = 0
    action_visits: FloatArray = field(default_factory=lambda: np.zeros(0))
    action_value: FloatArray = field(default_factory=lambda: np.zeros(0))
    children: dict[tuple[int, int], _Node] = field(default_factory=dict)


class MonteCarloTreeSearch(Policy):
    name = "mcts"

    def __init__(
        self,
        stopping: StoppingRule | None = None,
        seed: int = 0,
        *,
        iterations: int = 200,
        exploration: float = 1.0,
        question_cost: float = 0.05,
        width: int = 4,
        root_width: int = 8,
        horizon: int = 8,
        respect_flow: bool = True,
    ) -> None:
        super().__init__(stopping, seed)
        self.respect_flow = bool(respect_flow)
        if iterations < 1:
            raise ValueError(f"iterations must be >= 1, got {iterations}")
        if exploration < 0:
            raise ValueError(f"exploration must be >= 0, got {exploration}")
        if question_cost < 0:
            raise ValueError(f"question_cost must be >= 0, got {question_cost}")
        if width < 1 or root_width < 1:
            raise ValueError("width and root_width must be >= 1")
        if horizon < 1:
            raise ValueError(f"horizon must be >= 1, got {horizon}")
        self.iterations = int(iterations)
        self.exploration = float(exploration)
        self.question_cost = float(question_cost)
        self.width = int(width)
        self.root_width = int(root_width)
        self.horizon = int(horizon)

    def select(self, state: DialogueState, network: EvidentialNetwork, view: BeliefView) -> Action:
        table = view.table
        candidates = self.candidates(state, view, self.respect_flow)
        if candidates.size == 0:
            return Abstain("no_informative_question", view.differential())
        allowed = np.zeros(table.n_findings, dtype=bool)
        allowed[candidates] = True
        root_mi = _mutual_information(table, view.distribution)
        # The rollout order: every candidate, most informative at the root first.
        rollout_order = candidates[np.argsort(-root_mi[candidates], kind="stable")]
        # The shared rules already checked the root: it does not conclude.
        root = _Node(view.log_w, view.distribution, frozenset(), None)
        root.actions = rollout_order[: self.root_width]
        self._init_stats(root)
        budget = max(1, min(self.horizon, self.stopping.max_turns - state.turns))
        rng = self.rng(state, "mcts")
        n = table.n_hypotheses
        size = view.distribution.shape[0]
        for _ in range(self.iterations):
            truth = int(rng.choice(size, p=view.distribution))
            self._iterate(table, root, truth, n, allowed, rollout_order, budget, rng)
        assert root.actions is not None
        visits = root.action_visits
        means = np.where(visits > 0, root.action_value / np.maximum(visits, 1), -np.inf)
        order = np.lexsort((-means, -visits))  # most visits, then best mean
        pick = int(order[0])
        finding = int(root.actions[pick])
        return self.ask(
            view,
            finding,
            float(means[pick]),
            "expected_reward",
            {"visits": float(visits[pick]), "iterations": float(self.iterations)},
        )

    # -- the search -------------------------------------------------------------------------

    def _init_stats(self, node: _Node) -> None:
        assert node.actions is not None
        node.action_visits = np.zeros(node.actions.size)
        node.action_value = np.zeros(node.actions.size)

    def _iterate(
        self,
        table: AnswerTable,
        root: _Node,
        truth: int,
        n: int,
        allowed: np.ndarray,
        rollout_order: IntArray,
        budget: int,
        rng: np.random.Generator,
    ) -> None:
        path: list[tuple[_Node, int]] = []
        node = root
        depth = 0
        reward: float | None = None
        while reward is None:
            if node.concluded is not None:
                reward = float(node.concluded == truth) - self.question_cost * depth
                break
            if depth >= budget:
                reward = -self.question_cost * depth
                break
            if node.actions is None:
                node.actions = self._actions(table, node, allowed)
                self._init_stats(node)
            if node.actions.size == 0:
                reward = -self.question_cost * depth
                break
            slot = self._uct(node)
            finding = int(node.actions[slot])
            answer = _sample_answer(table, finding, truth, n, rng)
            path.append((node, slot))
            depth += 1
            key = (finding, answer)
            child = node.children.get(key)
            if child is None:
                child = self._child(table, node, finding, answer, n)
                node.children[key] = child
                reward = self._rollout(table, child, truth, n, rollout_order, depth, budget, rng)
            node = child
        for visited, slot in path:
            visited.visits += 1
            visited.action_visits[slot] += 1
            visited.action_value[slot] += reward

    def _uct(self, node: _Node) -> int:
        unvisited = np.flatnonzero(node.action_visits == 0)
        if unvisited.size:
            return int(unvisited[0])
        mean = node.action_value / node.action_visits
        bonus = self.exploration * np.sqrt(math.log(max(node.visits, 1)) / node.action_visits)
        return int(np.argmax(mean + bonus))

    def _actions(self, table: AnswerTable, node: _Node, allowed: np.ndarray) -> IntArray:
        mi = _mutual_information(table, node.p)
        mask = allowed.copy()
        if node.asked:
            mask[list(node.asked)] = False
        options = np.flatnonzero(mask)
        order = options[np.argsort(-mi[options], kind="stable")]
        out: IntArray = order[: self.width]
        return out

    def _child(self, table: AnswerTable, node: _Node, finding: int, answer: int, n: int) -> _Node:
        log_w = node.log_w.copy()
        log_w[:n] += table.row_log_pl(int(table.offsets[finding]) + answer)
        asked = node.asked | {finding}
        if not np.isfinite(log_w.max()):
            return _Node(log_w, np.zeros_like(log_w), asked, None, actions=np.zeros(0, np.intp))
        p = batch_betp(log_w[np.newaxis, :])[0]
        best = int(np.argmax(p[:n]))
        concluded = best if p[best] >= self.stopping.tau else None
        return _Node(log_w, p, asked, concluded)

    def _rollout(
        self,
        table: AnswerTable,
        node: _Node,
        truth: int,
        n: int,
        order: IntArray,
        depth: int,
        budget: int,
        rng: np.random.Generator,
    ) -> float:
        if node.concluded is not None:
            return float(node.concluded == truth) - self.question_cost * depth
        log_w = node.log_w.copy()
        for finding in order:
            if depth >= budget or not np.isfinite(log_w.max()):
                break
            j = int(finding)
            if j in node.asked:
                continue
            answer = _sample_answer(table, j, truth, n, rng)
            log_w[:n] += table.row_log_pl(int(table.offsets[j]) + answer)
            depth += 1
            if not np.isfinite(log_w.max()):
                break
            p = batch_betp(log_w[np.newaxis, :])[0]
            best = int(np.argmax(p[:n]))
            if p[best] >= self.stopping.tau:
                return float(best == truth) - self.question_cost * depth
        return -self.question_cost * depth


def _mutual_information(table: AnswerTable, p: FloatArray) -> FloatArray:
    n = table.n_hypotheses
    p_open = float(p[n]) if p.shape[0] == n + 1 else 0.0
    return table.mutual_information(p[:n], p_open)


def _sample_answer(
    table: AnswerTable, finding: int, truth: int, n: int, rng: np.random.Generator
) -> int:
    """A state index of ``finding`` drawn from ``BetP_j(. | truth)`` (uniform for open world)."""
    lo, hi = int(table.offsets[finding]), int(table.offsets[finding + 1])
    k = hi - lo
    if truth >= n:
        return int(rng.integers(k))
    if table.dense is not None:
        probs = table.dense.betp[lo:hi, truth]
    else:
        probs = np.array([table.row_betp(r)[truth] for r in range(lo, hi)])
    cumulative = np.cumsum(probs)
    return int(min(np.searchsorted(cumulative, rng.random() * cumulative[-1], side="right"), k - 1))
