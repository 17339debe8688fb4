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
from numpy.typing import NDArray

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


def rising_leader(
    state: DialogueState,
    network: EvidentialNetwork,
    rule: StoppingRule,
    known: FloatArray,
    n_known: int,
) -> bool:
    """Whether the leader at the question budget, short of ``budget_floor``, is concluded
    because the last answers were lifting it: BetP at least ``rule.rising_floor``, at least
    ``rule.rising_odds`` times the runner-up, and risen by ``rule.rising_lift`` or more over
    the last ``rule.value_window`` asked answers (:func:`leader_rise`). False when the rule is
    off (``rising_floor`` 0).

    The converse of the stall test above. A leader at 0.4-0.7 after fifteen questions is right
    about as often as its BetP says; what tells the right ones from the wrong ones is whether
    the dialogue was still moving towards it. A near twin (stable or unstable angina) sits
    level while the questions that would split the two go unanswered, and a leader the last
    answers lifted is the cause the patient's own answers were confirming when the questions
    ran out (DDXPlus dev, patients who report less: docs/planner-robustness.md, stop 38).
    An answer that ruled a cause out outright (``leader_rise`` infinite) proves no rise.

    Nor is a lead concluded that one "yes" carries (:func:`rests_on_one_yes`): a misread or
    mistaken answer is mostly a "no" turned "yes" that props up a rival (stop 36), and below
    tau nothing else would outweigh it."""
    floor = rule.rising_floor
    window = rule.value_window
    if floor <= 0.0 or known.size < 2 or state.turns < window:
        return False
    order = np.argsort(known)[::-1]
    leader, runner_up = float(known[order[0]]), float(known[order[1]])
    if leader < floor or leader < rule.rising_odds * runner_up or leader <= runner_up:
        return False
    rise = leader_rise(state, network, window, n_known)
    if not (np.isfinite(rise) and rise >= rule.rising_lift):
        return False
    return not rests_on_one_yes(state, network, int(order[0]), n_known)


def rests_on_one_yes(
    state: DialogueState, network: EvidentialNetwork, hypothesis: int, n_known: int
) -> bool:
    """Whether taking back one asked answer that affirms something (not the finding's
    default: a "yes" to a symptom) hands the lead from ``hypothesis`` to another cause. A
    "no" is not taken back: with links that expect patients to leave findings out
    (``underreport``) it weighs little, and patients who report less say many of them."""
    changes = taken_back(state, network, affirmed_only=True)
    if not changes:
        return False
    return not bool(leader_stands(state.belief.log_w, changes, hypothesis, 0.0).all())


def taken_back(
    state: DialogueState, network: EvidentialNetwork, *, affirmed_only: bool = False
) -> list[FloatArray]:
    """Per asked answer, the change to the known hypotheses' log weights that takes it back
    (the opening complaint is not re-examined). Vacuous answers change nothing, and an answer
    whose plausibility is 0 for some hypothesis is decisive by design (a flowchart branch) and
    kept; with ``affirmed_only``, so is an answer in the finding's default state (a "no")."""
    compiled = network.compile()
    changes: list[FloatArray] = []
    for answer in state.answers[len(state.answers) - state.turns :]:
        if answer.is_vacuous or answer.states is None:
            continue
        if affirmed_only:
            default = network.finding(answer.finding).default_state
            if default is not None and tuple(answer.states) == (default,):
                continue
        pl = compiled.plausibility(answer.finding, answer.states)
        if pl.min() <= 0.0:
            continue
        a = answer.reliability
        changes.append(-np.log(a * pl + (1.0 - a)))
    return changes


def leader_stands(
    log_w: FloatArray, changes: list[FloatArray], hypothesis: int, floor: float
) -> NDArray[np.bool_]:
    """For each change to the known hypotheses' log weights (each added to ``log_w`` alone),
    whether ``hypothesis`` would still lead with BetP >= ``floor``; False where the change
    leaves no hypothesis any weight."""
    n = changes[0].shape[0]
    rows = np.tile(log_w, (len(changes), 1))
    rows[:, :n] += np.vstack(changes)
    rows = np.minimum(rows, 0.0)  # rounding must not lift a weight above 1
    alive = np.isfinite(rows.max(axis=1))
    stands = np.zeros(len(changes), dtype=bool)
    if alive.any():
        betp = batch_betp(rows[alive])[:, :n]
        stands[alive] = (betp.argmax(axis=1) == hypothesis) & (betp[:, hypothesis] >= floor)
    return stands


def early_conclusion_safe(
    state: DialogueState, network: EvidentialNetwork, hypothesis: int, rule: StoppingRule
) -> bool:
    """Whether a leader short of ``rule.flags_before`` may be concluded: its severity is one of
    ``rule.early_severities`` and none of its own red flags is unasked (:func:`own_flag_unasked`).

    The questions between tau and ``flags_before`` changed no conclusion of 500 DDXPlus dev
    patients, but they are where later red flags came out (docs/planner-robustness.md, stops
    39-40): the leader's own cardinal sign (unstable angina's "chest pain even at rest?"), and,
    for a leader of moderate severity, answers no flag of the leader names: a COPD
    exacerbation's "severe COPD? yes" after a wheeze, read as an emergency in the patient's
    voice; an influenza patient's pain "heartbreaking", a sign of Boerhaave. A severity the
    rule does not list (or none) keeps asking to ``flags_before``."""
    if rule.early_severities:
        severity = network.hypotheses[hypothesis].severity
        if severity is None or severity not in rule.early_severities:
            return False
    return not own_flag_unasked(state, network, hypothesis)


# A red flag counts as the leader's own when the leader makes the flagged answer at least this
# likely (its pignistic probability, the midpoint of belief and plausibility for a yes/no).
OWN_FLAG = 0.5


def own_flag_unasked(state: DialogueState, network: EvidentialNetwork, hypothesis: int) -> bool:
    """Whether a red-flag finding that ``hypothesis`` makes likely (>= ``OWN_FLAG``) is still
    unasked (a multi-choice question counts as asked once any of its options was). The
    DDXPlus red flags are the cardinal signs of their causes: concluding on a leader before
    asking its own cardinal sign loses the escalation the answer would have raised
    (docs/planner-robustness.md, stop 39: unstable angina concluded before "chest pain even at
    rest?")."""
    if not network.red_flags:
        return False
    compiled = network.compile()
    index = network.finding_index
    asked = set(state.asked)
    asked_groups = {
        network.finding(f).group for f in asked if f in index and network.finding(f).group
    }
    for flag in network.red_flags:
        if flag.finding not in index or flag.finding in asked:
            continue
        finding = network.finding(flag.finding)
        if finding.group and finding.group in asked_groups:
            continue
        others = tuple(s for s in finding.states if s not in flag.states)
        upper = float(compiled.plausibility(flag.finding, flag.states)[hypothesis])
        lower = (
            1.0 - float(compiled.plausibility(flag.finding, others)[hypothesis]) if others else 1.0
        )
        if (upper + lower) / 2.0 >= OWN_FLAG:
            return True
    return False
