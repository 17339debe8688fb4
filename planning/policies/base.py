"""The policy interface and the stopping and safety rules every policy shares (design section 4).

A policy maps a dialogue state to one action. :meth:`Policy.choose` first applies the shared
rules, in this order:

1. a red-flag answer, when ``stopping.red_flags == "escalate"`` -> ``Escalate("red_flag")``;
2. the user asked for a person -> ``Escalate("requested")``;
3. the evidence fits no known hypothesis: total conflict, open-world mass at or above
   ``stopping.open_world_threshold``, or conflict ``K`` at or above
   ``stopping.conflict_threshold`` -> ``Escalate("conflict" / "open_world")``;
4. the leading known hypothesis reaches ``stopping.tau`` -> ``Conclude`` (a policy may hold
   that back with :meth:`Policy.may_conclude` while it has questions and turns left);
5. ``stopping.max_turns`` questions asked, or nothing left to ask -> ``Abstain`` with the
   differential; at the budget, a leader with BetP at least ``stopping.budget_floor`` (when
   set) and strictly ahead of the runner-up -> ``Conclude`` instead (:func:`at_budget_floor`),
   so is one at ``stopping.budget_odds_floor`` or more that holds ``stopping.budget_odds``
   times the runner-up (:func:`at_budget_odds`), and a leader the last answers lifted
   (``stopping.rising_floor``,
   :func:`planning.policies.asking.rising_leader`);
6. with ``stopping.question_cost > 0``, a leader stalled below tau with no question worth
   its cost -> ``Abstain("not_worth_asking")`` (:mod:`planning.policies.asking`).

Only then does the subclass pick a question in :meth:`Policy.select`. The "distribution" the
rules read is BetP of the evidential belief for every policy except the Bayesian baseline,
which substitutes its own posterior (:meth:`Policy.distribution`).

Policies are deterministic given ``seed``: a policy that randomises draws from a generator
seeded by ``seed`` and the dialogue state itself (:meth:`Policy.rng`), so a decision can be
replayed from a stored state and does not depend on which cases were played before.
"""

from __future__ import annotations

import hashlib
import inspect
from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np
from numpy.typing import NDArray

from planning.actions import Abstain, Action, Ask, Conclude, Escalate, Rationale
from planning.belief import TotalConflictError
from planning.dialogue import DialogueState, StoppingRule
from planning.network import CompiledNetwork, EvidentialNetwork

from .asking import (
    early_conclusion_safe,
    leader_stands,
    not_worth_asking,
    rising_leader,
    taken_back,
)
from .flow import frontier
from .scoring import AnswerTable, FloatArray, IntArray, answer_table, batch_betp
from .threads import single_threaded_blas

# How many hypotheses a differential and a rationale's ``separates`` list.
DIFFERENTIAL_SIZE = 10
SEPARATES_SIZE = 3
# A hypothesis "is separated" by a question only if some answer moves its probability this much.
_SEPARATION_FLOOR = 1e-6


@dataclass(frozen=True)
class BeliefView:
    """What the rules and the question choosers read, computed once per decision.

    ``log_w`` are the evidential log weights (known hypotheses, then the open-world element
    when the state has one); ``distribution`` is the point distribution over the same entries
    that the policy decides with (BetP, or the Bayesian posterior); ``askable`` the indices of
    findings not yet asked, in network order.
    """

    network: EvidentialNetwork
    compiled: CompiledNetwork
    table: AnswerTable
    log_w: FloatArray
    distribution: FloatArray
    askable: IntArray

    @property
    def n_hypotheses(self) -> int:
        return self.table.n_hypotheses

    @property
    def has_open_world(self) -> bool:
        return bool(self.distribution.shape[0] == self.n_hypotheses + 1)

    @property
    def known(self) -> FloatArray:
        """The distribution over the known hypotheses only."""
        out: FloatArray = self.distribution[: self.n_hypotheses]
        return out

    @property
    def open_mass(self) -> float:
        return float(self.distribution[-1]) if self.has_open_world else 0.0

    def informative(self, findings: IntArray | None = None) -> IntArray:
        """Those of ``findings`` (default: the askable ones) linked to some hypothesis."""
        chosen = self.askable if findings is None else findings
        linked = self.table.support_ptr[chosen + 1] > self.table.support_ptr[chosen]
        out: IntArray = chosen[linked]
        return out

    def differential(self, size: int = DIFFERENTIAL_SIZE) -> tuple[tuple[str, float], ...]:
        p = self.known
        order = np.argsort(-p, kind="stable")[:size]
        ids = self.compiled.hypothesis_ids
        return tuple((ids[i], float(p[i])) for i in order)


class Policy(ABC):
    """A question policy: ``choose(state, network)`` returns Ask, Conclude, Abstain or Escalate.

    Subclasses set ``name``, take their tuning parameters as keyword arguments of
    ``__init__`` (stored as attributes of the same name, listed by :meth:`get_params`), and
    implement :meth:`select`.
    """

    name: ClassVar[str]

    def __init__(self, stopping: StoppingRule | None = None, seed: int = 0) -> None:
        if seed < 0:
            raise ValueError(f"seed must be non-negative, got {seed}")
        self.stopping = stopping if stopping is not None else StoppingRule()
        self.seed = int(seed)

    # -- the public API -----------------------------------------------------------------

    def choose(self, state: DialogueState, network: EvidentialNetwork) -> Action:
        """The next action for ``state``: the shared rules first, then :meth:`select`.

        BLAS runs on one thread meanwhile: the products here are a few hundred by fifty, for
        which waking OpenBLAS's other threads costs far more than it saves (on the shared
        2-core machine, 26 ms instead of 0.07 ms for one multi-choice question's draws)."""
        with single_threaded_blas():
            return self._choose(state, network)

    def _choose(self, state: DialogueState, network: EvidentialNetwork) -> Action:
        rule = self.stopping
        if state.red_flags and rule.red_flags == "escalate":
            flag = state.red_flags[-1]
            return Escalate(
                "red_flag", detail=flag.reason, differential=self._safe_differential(state, network)
            )
        if state.human_requested:
            return Escalate(
                "requested",
                detail="the user asked for a person",
                differential=self._safe_differential(state, network),
            )
        try:
            view = self.view(state, network)
        except TotalConflictError:
            return Escalate(
                "conflict", detail="the answers contradict every known hypothesis (K = 1)"
            )
        if view.has_open_world and view.open_mass >= rule.open_world_threshold:
            return Escalate(
                "open_world",
                detail=f"none of the known causes fits: open-world mass {view.open_mass:.2f}",
                differential=view.differential(),
            )
        if rule.conflict_threshold < 1.0:
            k = state.belief.conflict()
            if k >= rule.conflict_threshold:
                return Escalate(
                    "conflict",
                    detail=f"conflict K = {k:.3f} between the answers and the knowledge",
                    differential=view.differential(),
                )
        known = view.known
        best = int(np.argmax(known))
        if known[best] >= rule.tau and (
            state.turns >= rule.max_turns
            or view.informative().size == 0
            or (
                self.may_conclude(state, network, best)
                and (
                    known[best] >= rule.flags_before
                    or early_conclusion_safe(state, network, best, rule)
                )
            )
        ):
            return Conclude(view.compiled.hypothesis_ids[best], float(known[best]))
        if state.turns >= rule.max_turns:
            if (
                at_budget_floor(known, rule.budget_floor)
                or at_budget_odds(known, rule.budget_odds_floor, rule.budget_odds)
                or rising_leader(state, network, rule, known, view.table.n_hypotheses)
            ):
                return Conclude(view.compiled.hypothesis_ids[best], float(known[best]))
            return Abstain("max_turns", view.differential())
        if view.askable.size == 0:
            return Abstain("no_questions", view.differential())
        if rule.question_cost > 0 and not_worth_asking(
            state, network, rule, view.table, known, view.informative()
        ):
            return Abstain("not_worth_asking", view.differential())
        return self.select(state, network, view)

    @abstractmethod
    def select(self, state: DialogueState, network: EvidentialNetwork, view: BeliefView) -> Action:
        """Pick the next question (an :class:`Ask`; a flowchart walk may also conclude)."""

    def get_params(self) -> dict[str, Any]:
        """The tuning parameters this policy was built with (scikit-learn style)."""
        names = [
            p
            for p in inspect.signature(type(self).__init__).parameters
            if p not in ("self", "stopping", "seed")
        ]
        return {n: getattr(self, n) for n in names}

    def __repr__(self) -> str:
        params = ", ".join(f"{k}={v!r}" for k, v in self.get_params().items())
        return f"{type(self).__name__}(seed={self.seed}{', ' if params else ''}{params})"

    # -- hooks and helpers for subclasses -------------------------------------------------

    def may_conclude(self, state: DialogueState, network: EvidentialNetwork, leader: int) -> bool:
        """Whether the leader, which has reached ``tau``, may be concluded now.

        A policy may hold a conclusion back and ask on; it cannot past the turn budget or
        when no informative question is left (then the shared rule concludes).
        """
        return True

    def distribution(
        self, state: DialogueState, network: EvidentialNetwork, log_w: FloatArray
    ) -> FloatArray:
        """The point distribution decisions are made with: BetP of the evidential belief."""
        out: FloatArray = batch_betp(log_w[np.newaxis, :])[0]
        return out

    def view(self, state: DialogueState, network: EvidentialNetwork) -> BeliefView:
        """Everything one decision reads (raises TotalConflictError under total conflict)."""
        compiled = network.compile()
        table = answer_table(compiled)
        log_w = state.belief.log_w
        if log_w.shape[0] not in (table.n_hypotheses, table.n_hypotheses + 1):
            raise ValueError(
                f"the dialogue's belief has {log_w.shape[0]} entries; network "
                f"{network.name!r} has {table.n_hypotheses} hypotheses"
            )
        if not np.isfinite(log_w.max()):
            raise TotalConflictError("every hypothesis has weight 0 (total conflict, K = 1)")
        dist = self.distribution(state, network, log_w)
        index = network.finding_index
        asked = np.zeros(table.n_findings, dtype=bool)
        for finding_id in state.asked:
            position = index.get(finding_id)
            if position is not None:
                asked[position] = True
        askable = np.flatnonzero(~asked).astype(np.intp)
        return BeliefView(network, compiled, table, log_w, dist, askable)

    def hypothetical(self, view: BeliefView, finding: int) -> FloatArray:
        """The decision distribution after each answer of ``finding`` (one row per state)."""
        table = view.table
        rows = np.arange(table.offsets[finding], table.offsets[finding + 1])
        post = np.tile(view.log_w, (rows.size, 1))
        for i, r in enumerate(rows):
            post[i, : view.n_hypotheses] += table.row_log_pl(int(r))
        out = np.full(post.shape, np.nan)
        alive = np.isfinite(post.max(axis=1))
        if alive.any():
            out[alive] = batch_betp(post[alive])
        return out

    def answer_probability(self, view: BeliefView, finding: int) -> FloatArray:
        """Predictive probability of each answer: ``sum_h p(h) BetP_j(x | h)`` (+ open world)."""
        table = view.table
        lo, hi = int(table.offsets[finding]), int(table.offsets[finding + 1])
        k = hi - lo
        p = view.known
        probs = np.array([float(table.row_betp(r) @ p) for r in range(lo, hi)])
        probs += view.open_mass / k
        total = probs.sum()
        out: FloatArray = probs / total if total > 0 else np.full(k, 1.0 / k)
        return out

    def rationale(
        self,
        view: BeliefView,
        finding: int,
        gain: float,
        score_name: str,
        details: dict[str, float] | None = None,
    ) -> Rationale:
        """Why ``finding`` is asked: whom it separates, the score, each answer's probability."""
        states = view.network.findings[finding].states
        probs = self.answer_probability(view, finding)
        post = self.hypothetical(view, finding)[:, : view.n_hypotheses]
        with np.errstate(invalid="ignore"):
            spread = np.nan_to_num(np.nanmax(post, axis=0) - np.nanmin(post, axis=0))
        order = np.argsort(-spread, kind="stable")[:SEPARATES_SIZE]
        ids = view.compiled.hypothesis_ids
        separates = tuple(ids[i] for i in order if spread[i] > _SEPARATION_FLOOR)
        return Rationale(
            separates=separates,
            expected_gain=float(gain),
            answer_probability={s: float(p) for s, p in zip(states, probs, strict=True)},
            score_name=score_name,
            details=dict(details or {}),
        )

    def ask(
        self,
        view: BeliefView,
        finding: int,
        gain: float,
        score_name: str,
        details: dict[str, float] | None = None,
    ) -> Ask:
        return Ask(
            view.compiled.finding_ids[finding],
            self.rationale(view, finding, gain, score_name, details),
        )

    def candidates(self, state: DialogueState, view: BeliefView, respect_flow: bool) -> IntArray:
        """Askable findings linked to some hypothesis; with ``respect_flow``, only those on
        the flowchart frontier (:mod:`planning.policies.flow`) when it has any."""
        informative = view.informative()
        if not respect_flow:
            return informative
        reachable = frontier(view.network, state)
        if reachable is None:
            return informative
        index = view.network.finding_index
        on_frontier = np.zeros(view.table.n_findings, dtype=bool)
        on_frontier[[index[f] for f in reachable]] = True
        restricted: IntArray = informative[on_frontier[informative]]
        return restricted if restricted.size else informative

    def rng(self, state: DialogueState, salt: str = "") -> np.random.Generator:
        """A generator seeded by ``seed`` and the dialogue so far (see the module docstring)."""
        digest = hashlib.blake2b(digest_size=8)
        digest.update(f"{salt}|{state.turns}|".encode())
        for answer in state.answers:
            states = "" if answer.states is None else ",".join(answer.states)
            digest.update(f"{answer.finding}={states}@{answer.reliability};".encode())
        return np.random.default_rng([self.seed, int.from_bytes(digest.digest(), "big")])

    def _safe_differential(
        self, state: DialogueState, network: EvidentialNetwork
    ) -> tuple[tuple[str, float], ...]:
        try:
            return self.view(state, network).differential()
        except TotalConflictError:
            return ()


def at_budget_floor(known: FloatArray, floor: float) -> bool:
    """Whether the leader of ``known`` (BetP of the known hypotheses) is concluded at the
    question budget rather than abstained on: ``floor`` > 0, its BetP at least ``floor`` and
    strictly ahead of the runner-up (of two tied leaders neither is the answer).

    With every follow-up of a "no" counted once (bots.conversation.follow_ups.implied) a "no"
    weighs at most the links' ``underreport``, and patients who answer everything can end the
    budget with the right cause leading short of tau; abstaining there hands on a case the
    dialogue got right (DDXPlus dev: docs/planner-robustness.md, stop 35)."""
    if floor <= 0.0 or known.size == 0:
        return False
    leader = int(np.argmax(known))
    runner_up = float(np.partition(known, -2)[-2]) if known.size > 1 else 0.0
    return bool(known[leader] >= floor and known[leader] > runner_up * (1 + 1e-9))


def at_budget_odds(known: FloatArray, floor: float, odds: float) -> bool:
    """Whether the leader of ``known``, short of the budget floor, is concluded at the question
    budget all the same: ``floor`` > 0, its BetP at least ``floor`` and at least ``odds`` times
    the runner-up's.

    Patients who report less end the budget with the right cause leading at BetP 0.6-0.7, or
    with one of two near twins ahead (stable and unstable angina, myocarditis and
    pericarditis); what tells them apart there is the runner-up: a twin holds most of what the
    leader does not (the leader at 1.6 times it), while the rivals of a leader the answers
    found share the rest among themselves (2.2-6 times). DDXPlus dev, ``--sparsity 0.3``: 4
    right and 2 twins of 500 patients (docs/planner-robustness.md, stop 47)."""
    if floor <= 0.0 or known.size < 2:
        return False
    runner_up, leader = np.partition(known, -2)[-2:]
    return bool(leader >= floor and leader >= odds * runner_up and leader > runner_up)


def survives_one_wrong_answer(
    state: DialogueState, network: EvidentialNetwork, hypothesis: int, floor: float
) -> bool:
    """Whether ``hypothesis`` still leads, with BetP >= ``floor``, without any one asked answer.

    One misheard or mistaken answer can rule the true cause out (a "yes" to a finding the
    knowledge says it never shows has plausibility ``eps``) and hand the lead to another. So a
    conclusion is trusted only if it does not rest on a single answer: for each answer given
    to a question (the opening complaint is not re-examined), its update is taken back and the
    leader recomputed. Under exact answers this costs a question where the lead hangs on one
    answer; under noisy ones it catches most conclusions drawn from a flipped answer.

    Only soft answers are taken back: one whose plausibility is 0 for some hypothesis is one
    the knowledge declares decisive (a flowchart branch rules the other branches out), and a
    conclusion there rests on such answers by design.
    """
    changes = taken_back(state, network)
    if not changes:
        return True
    return bool(leader_stands(state.belief.log_w, changes, hypothesis, floor).all())


def best_index(values: NDArray[np.float64]) -> int:
    """The first position of the maximum (ties go to the earliest, i.e. network order)."""
    return int(np.argmax(values))
