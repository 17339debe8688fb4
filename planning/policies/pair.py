"""The two leaders of a settled conclusion: whether the answers, read as probabilities, agree
with the belief on which of the two it is.

InfoGatherer concludes a leader below tau when no question is expected to reduce the
uncertainty of the whole belief by ``settle_gain`` bits (``InfoGatherer._settled_leader``).
Near twins end that way: stable and unstable angina, acute and chronic rhinosinusitis, two
causes whose links differ on a handful of findings. Their wrong conclusions are most of the
wrong conclusions on DDXPlus dev (docs/planner-robustness.md, stop 41), and two things are
behind them. The questions that split the two were asked already (asking more of those that
split them a little, measured on the two alone, bought nothing: stop 41, branch
``experiments/stop41-pair-split``). And a "no" weighs little in the evidential update: the
links expect patients to leave findings out (``underreport``), so "no" to each of unstable
angina's four cardinal signs lowers it by a factor of about 0.7 each, while any "yes" its
profile shares with stable angina lifts it fully. The patient who denies every sign that sets
one twin apart can end with that twin leading. Read as probabilities (each answer's pignistic
likelihood under each of the two, :func:`pair_log_odds`), the same answers can favour the
other twin. When the probability reading favours the runner-up by more than the belief
favours the leader (:func:`disputed`), the conclusion rests on how far the "no"s are believed,
which the answers cannot settle; the dialogue hands the case on with its differential instead
of naming either. A leader the belief holds far ahead (a held-back leader at 0.988 against
0.006) is not handed on for a mild dispute: on DDXPlus dev (noisy answers) "any disagreement"
handed on two right conclusions of 500 for three wrong ones, this rule none.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

import numpy as np

from planning.dialogue import DialogueState
from planning.network import EvidentialNetwork

from .scoring import AnswerTable, FloatArray, IntArray

# A pignistic likelihood is floored here so that one answer the links call (almost) impossible
# under a twin cannot decide the pair alone (the answers are mistaken now and then).
_LIKELIHOOD_FLOOR = 1e-3


def _binary_entropy(p: FloatArray) -> FloatArray:
    q = np.clip(p, 1e-12, 1.0 - 1e-12)
    out: FloatArray = -(q * np.log2(q) + (1.0 - q) * np.log2(1.0 - q))
    return out


def pair_entropy_reduction(
    table: AnswerTable, log_w: FloatArray, known: FloatArray, findings: IntArray, a: int, b: int
) -> FloatArray:
    """For each of ``findings``: the expected reduction, in bits, of the entropy of the choice
    between hypotheses ``a`` and ``b`` after its answer. The choice is read from the two's
    weights (the plausibility transform restricted to the pair, ``w_a / (w_a + w_b)``; the
    transform InfoGatherer's discord uses), updated as the dialogue would update them (``log
    pl`` of the answer), so a "no" weighs what it weighs in the dialogue and a question both
    answer alike is worth nothing. The answer's probability is the two's predictive one
    (``BetP_j(x | h)`` weighted by their BetP ``known``)."""
    if findings.size == 0:
        return np.zeros(0)
    rows = table.rows_of(findings)
    if table.dense is not None:
        log_pl = table.dense.log_pl[rows][:, [a, b]]
        cond = table.dense.betp[rows][:, [a, b]]
    else:
        log_pl = np.vstack([table.row_log_pl(int(r))[[a, b]] for r in rows])
        cond = np.vstack([table.row_betp(int(r))[[a, b]] for r in rows])
    before = float(log_w[a] - log_w[b])
    with np.errstate(invalid="ignore"):
        # The log odds of a against b after each answer; one that rules a twin out decides.
        odds = before + log_pl[:, 0] - log_pl[:, 1]
    share = np.where(np.isnan(odds), 0.5, 1.0 / (1.0 + np.exp(-np.clip(odds, -700.0, 700.0))))
    pa, pb = float(known[a]), float(known[b])
    answer_p = (cond[:, 0] * pa + cond[:, 1] * pb) / max(pa + pb, 1e-300)
    starts = np.concatenate(([0], np.cumsum(table.n_states[findings])[:-1])).astype(np.intp)
    mass = np.add.reduceat(answer_p, starts)
    after = np.add.reduceat(answer_p * _binary_entropy(share), starts) / np.maximum(mass, 1e-300)
    now = _binary_entropy(np.array([1.0 / (1.0 + np.exp(-np.clip(before, -700.0, 700.0)))]))
    out: FloatArray = float(now[0]) - after
    return out


def lost_split(
    state: DialogueState,
    network: EvidentialNetwork,
    table: AnswerTable,
    log_w: FloatArray,
    known: FloatArray,
    a: int,
    b: int,
) -> float:
    """How far, in bits (:func:`pair_entropy_reduction` now), the questions the patient
    answered "not sure" would split ``a`` from ``b``: the most of any of them, 0 without one.
    A high value says the answer that decides the pair is the one the patient could not give;
    the service does not ask a "not sure" again (it offers how to check instead)."""
    index = network.finding_index
    lost = sorted(
        {
            index[answer.finding]
            for i, answer in enumerate(state.answers)
            if answer.states is None and i not in state.passing and answer.finding in index
        }
    )
    if not lost:
        return 0.0
    gains = pair_entropy_reduction(table, log_w, known, np.asarray(lost, dtype=np.intp), a, b)
    return float(gains.max())


def pair_log_odds(
    state: DialogueState, network: EvidentialNetwork, table: AnswerTable, a: int, b: int
) -> float:
    """``sum log P_j(x | a) / P_j(x | b)`` over the answers to the questions asked (``P_j`` the
    pignistic conditionals, summed over the states an answer names; "not sure" and the facts
    recorded without a question, ``DialogueState.passing``, left out): how the answers, read
    as probabilities with every "no" counted in full, weigh ``a`` against ``b``. Positive
    favours ``a``."""
    index = network.finding_index
    total = 0.0
    for i, answer in enumerate(state.answers):
        if answer.states is None or i in state.passing:
            continue
        position = index.get(answer.finding)
        if position is None:
            continue
        states = network.findings[position].states
        rows = [
            int(table.offsets[position]) + states.index(s) for s in answer.states if s in states
        ]
        if not rows:
            continue
        cond = np.sum([table.row_betp(r) for r in rows], axis=0)
        total += float(
            np.log(max(float(cond[a]), _LIKELIHOOD_FLOOR))
            - np.log(max(float(cond[b]), _LIKELIHOOD_FLOOR))
        )
    return total


def disputed(
    state: DialogueState,
    network: EvidentialNetwork,
    table: AnswerTable,
    known: FloatArray,
    leader: int,
    runner_up: int,
    margin: float = 0.0,
) -> bool:
    """Whether the answers read as probabilities (:func:`pair_log_odds`) favour ``runner_up``
    over ``leader`` by more than the belief (its BetP, ``known``) favours ``leader``, less
    ``margin``: the two readings, taken together, do not put the leader ahead by log odds
    ``margin`` (0: they put the runner-up ahead)."""
    lead = float(np.log(max(float(known[leader]), 1e-300) / max(float(known[runner_up]), 1e-300)))
    return pair_log_odds(state, network, table, leader, runner_up) + lead < margin


def misreport_carried(
    state: DialogueState,
    network: EvidentialNetwork,
    table: AnswerTable,
    asked: Sequence[bool],
    settled: Collection[str],
    leader: int,
    runner_up: int,
    misreport: float,
) -> int | None:
    """The index of the asked answer a conclusion on ``leader`` rests on that ``runner_up``
    would explain only as a slip: an answer in a state other than the finding's default (a
    "yes") whose pignistic probability under ``runner_up`` is below ``misreport`` shared among
    the finding's other states (the chance a patient gives that state by mistake) and higher
    under ``leader``; of several, the one the runner-up makes least likely against the leader.
    ``asked``: per answer, whether it was asked (facts said in passing are not re-examined);
    answers about ``settled`` findings (confirmed already) are left out. None without one.

    Near twins settle on such an answer: unstable angina's "worse over two weeks with less
    effort?" is a "yes" stable angina almost never gives (0.03), so one mistaken "yes" lifts
    the wrong twin from 0.4 to 0.9, and the twin's other cardinal signs, denied, weigh little
    against it (docs/planner-robustness.md, stop 45)."""
    index = network.finding_index
    best: int | None = None
    best_ratio = 1.0
    for i, (answer, was_asked) in enumerate(zip(state.answers, asked, strict=True)):
        if not was_asked or answer.states is None or answer.is_vacuous:
            continue
        position = index.get(answer.finding)
        if position is None or answer.finding in settled:
            continue
        finding = network.findings[position]
        if finding.default_state is not None and tuple(answer.states) == (finding.default_state,):
            continue
        rows = [
            int(table.offsets[position]) + finding.states.index(s)
            for s in answer.states
            if s in finding.states
        ]
        if not rows:
            continue
        cond = np.sum([table.row_betp(r) for r in rows], axis=0)
        slip = misreport / max(len(finding.states) - 1, 1)
        if not float(cond[runner_up]) < slip or not float(cond[leader]) > float(cond[runner_up]):
            continue
        ratio = float(cond[runner_up]) / float(cond[leader])
        if ratio < best_ratio:
            best, best_ratio = i, ratio
    return best
