"""Ask or abstain by expected value, when the leader stalls below ``tau``.

The turn budget alone lets a hopeless dialogue run to its last question: a patient who does
not report the findings that would separate the leaders gets thirty questions and then an
abstention anyway. With ``StoppingRule.question_cost = c > 0`` a question must be worth its
cost. The value of a state is the probability of naming the right cause if it stopped there,
``max_h p(h)``; asking finding ``j`` raises it in expectation to
``sum_x max_h p(h) P(x | h)`` (the Bayes decision after the answer, with the pignistic
conditionals as ``P(x | h)``). The dialogue abstains when, at once:

* the leader is below ``tau`` and ``StoppingRule.value_window`` questions have been asked;
* it stalled: over those last questions the leader's probability rose by less than
  ``c`` per question (the belief is recomputed without their answers); and
* no question left is expected to raise it by ``c``: the best one-step lift is below ``c``.

Abstaining (a person takes over, with the differential) then costs nothing more, while asking
costs ``c`` per question for an expected gain below ``c``. Both tests are needed: one-step
value alone is myopic (a pair of questions can be worth more than either), and a stall alone
says nothing about what is left to ask.
"""

from __future__ import annotations

import numpy as np

from planning.dialogue import DialogueState, StoppingRule
from planning.network import EvidentialNetwork

from .scoring import AnswerTable, FloatArray, IntArray, batch_betp


def accuracy_lift(table: AnswerTable, p: FloatArray, findings: IntArray) -> FloatArray:
    """For each of ``findings``: ``sum_x max_h p(h) P(x | h) - max_h p(h)`` (``p`` over the
    known hypotheses; the open world, which is never concluded, is left out)."""
    if findings.size == 0:
        return np.zeros(0)
    rows = table.rows_of(findings)
    if table.dense is not None:
        joint = table.dense.betp[rows] * p[np.newaxis, :]
    else:
        joint = np.vstack([table.row_betp(int(r)) for r in rows]) * p[np.newaxis, :]
    best = joint.max(axis=1)
    starts = np.concatenate(([0], np.cumsum(table.n_states[findings])[:-1])).astype(np.intp)
    lifted: FloatArray = np.add.reduceat(best, starts) - float(p.max())
    return np.maximum(lifted, 0.0)


def leader_rise(
    state: DialogueState, network: EvidentialNetwork, window: int, n_known: int
) -> float:
    """How much the leader's BetP rose over the last ``window`` asked answers (their updates
    taken back from the belief; the opening is never taken back)."""
    compiled = network.compile()
    log_w = state.belief.log_w
    before = log_w.copy()
    recent = state.answers[len(state.answers) - state.turns :][-window:]
    for answer in recent:
        if answer.is_vacuous or answer.states is None:
            continue
        pl = compiled.plausibility(answer.finding, answer.states)
        a = answer.reliability
        with np.errstate(divide="ignore"):
            before[:n_known] -= np.log(a * pl + (1.0 - a))
    rows = np.vstack([log_w, np.minimum(before, 0.0)])
    if not np.isfinite(rows.max(axis=1)).all():
        return float("inf")  # an answer was decisive: not a stall
    betp = batch_betp(rows)[:, :n_known]
    return float(betp[0].max() - betp[1].max())


def not_worth_asking(
    state: DialogueState,
    network: EvidentialNetwork,
    rule: StoppingRule,
    table: AnswerTable,
    known: FloatArray,
    candidates: IntArray,
) -> bool:
    """Whether to abstain now rather than ask (module docstring); False when the rule is off."""
    cost = rule.question_cost
    window = rule.value_window
    if cost <= 0 or window < 1 or state.turns < window or float(known.max()) >= rule.tau:
        return False
    if leader_rise(state, network, window, table.n_hypotheses) >= cost * window:
        return False
    lift = accuracy_lift(table, known, candidates)
    return bool(lift.size == 0 or float(lift.max()) < cost)
