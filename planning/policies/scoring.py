"""Vectorised scoring of candidate questions (design section 4).

Every policy needs, for many candidate findings at once, what the belief would look like after
each possible answer. In product form an answer ``x`` to finding ``j`` turns the log weights
``log w`` into ``log w + log pl_j(x | .)``, so a candidate posterior is one row of a matrix and
all of them can be scored together. This module holds:

* :class:`AnswerTable`: every (finding, state) pair of a compiled network as one row, both as
  dense arrays (small networks) and in a sparse form that keeps only the hypotheses a finding
  is linked to (``support``): a candidate posterior differs from the current belief there only.
* :func:`score_candidates`: the nonspecificity and discord (bits, Dempster-normalised, exactly
  as :func:`planning.belief.batch_nonspecificity_and_discord` defines them) and the entropy of
  the plausibility transform of every hypothetical posterior, and their expectations under the
  predictive answer distribution ``P(x) = sum_h BetP(h) * BetP_j(x | h)``.
* :func:`batch_betp`: exact pignistic probabilities of many weight vectors at once.
* Point-probability helpers (predictive answer distribution, mutual information) shared by
  the probabilistic baselines.

Two exact evaluation strategies, chosen by estimated cost:

``dense``: the size ``|A|`` of the random focal set is Poisson-binomial, and nonspecificity is
``(E|A| + sum_k P(|A| = k) log2(1 - 2^-k)) / (1 - K)``. A dynamic programme over hypotheses,
vectorised over rows, gives ``P(k)`` for ``k <= 5`` and carries along the first five terms of
the series for the rest (:func:`_cardinality_correction`): about ten multiply-adds per
(row, hypothesis) and one logarithm, which suits DDXPlus-sized frames (~50 hypotheses, every
finding linked to nearly all of them). The truncation is below 4e-12 bits.

``sparse``: the series form used in :mod:`planning.belief` (``sum_m (G(2^-m) - K) / m``) is a
sum over hypotheses of per-hypothesis terms, so a row's value is the current belief's value
plus corrections over the linked hypotheses only. It costs ``nnz * terms`` logarithms (and
nothing for rows whose series is negligible), which suits large frames where each finding is
linked to a few hypotheses. ``terms`` (32) truncates at ``2^-32 / 33`` bits.

Rows whose largest log weight falls below :data:`planning.belief.COLLAPSE_LOG` (the
normalised belief has collapsed onto singletons) are delegated to the reference functions.
The property tests check both strategies against scoring each posterior with
:class:`planning.belief.BeliefState`.
"""

from __future__ import annotations

import math
import weakref
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

import numpy as np
from numpy.typing import NDArray

from planning.belief import (
    COLLAPSE_LOG,
    TotalConflictError,
    batch_nonspecificity_and_discord,
)
from planning.belief import betp as reference_betp
from planning.network import CompiledNetwork
from planning.quadrature import gauss_legendre, xlogx

FloatArray = NDArray[np.float64]
IntArray = NDArray[np.intp]
Method = Literal["auto", "dense", "sparse"]

_LN2 = math.log(2.0)
# Terms of the sparse strategy's series (truncation below 2^-32 / 33 bits).
SERIES_TERMS = 32
# Dense arrays are kept only for networks up to this many (row, hypothesis) cells.
DENSE_CELLS_LIMIT = 4_000_000
# Above this many entries, batch_betp hands each row to planning.belief.betp.
_BATCH_BETP_MAX_N = 96
# Hypotheses lighter than this change a BetP quadrature integrand by less than one ulp.
_NEGLIGIBLE_W = 1e-18


# -- the answer table ----------------------------------------------------------------------


@dataclass(frozen=True)
class DenseRows:
    """Row-major and hypothesis-major copies of the answer rows, for the dense strategy."""

    pl_t: FloatArray  # (n, R): pl_j(x | h), one column per row
    one_minus_pl_t: FloatArray  # (n, R)
    log_pl_t: FloatArray  # (n, R), -inf where pl = 0
    log_pl: FloatArray  # (R, n)
    betp: FloatArray  # (R, n)


@dataclass(frozen=True)
class AnswerTable:
    """One row per (finding, state): the data every candidate scorer needs.

    Rows of finding ``j`` are ``offsets[j]:offsets[j + 1]``, in the finding's state order.
    ``support_*`` (per finding) and ``entry_*`` (per row, over the finding's support) store the
    non-vacuous links only; a hypothesis outside the support has ``pl = 1`` and
    ``BetP_j(x | h) = 1 / k_j``.
    """

    n_hypotheses: int
    n_findings: int
    offsets: IntArray  # (F + 1,)
    n_states: IntArray  # (F,)
    row_finding: IntArray  # (R,)
    support_ptr: IntArray  # (F + 1,)
    support_hyp: IntArray  # (S,)
    cond_entropy: FloatArray  # (S,): entropy (nats) of BetP_j(. | h) for h in the support
    entry_ptr: IntArray  # (R + 1,)
    entry_hyp: IntArray  # (nnz,)
    entry_pl: FloatArray  # (nnz,)
    entry_one_minus_pl: FloatArray  # (nnz,)
    entry_betp: FloatArray  # (nnz,)
    dense: DenseRows | None

    @property
    def n_rows(self) -> int:
        return int(self.row_finding.shape[0])

    def rows_of(self, findings: IntArray) -> IntArray:
        """The row indices of ``findings``, finding by finding."""
        starts = self.offsets[findings]
        counts = self.n_states[findings]
        if counts.size == 0:
            return np.zeros(0, dtype=np.intp)
        base = np.repeat(starts - np.concatenate(([0], np.cumsum(counts)[:-1])), counts)
        return np.asarray(base + np.arange(int(counts.sum())), dtype=np.intp)

    def row_log_pl(self, row: int) -> FloatArray:
        """``log pl_j(x | .)`` of one row over all hypotheses (``-inf`` where 0)."""
        if self.dense is not None:
            row_values: FloatArray = self.dense.log_pl[row]
            return row_values
        out = np.zeros(self.n_hypotheses)
        lo, hi = self.entry_ptr[row], self.entry_ptr[row + 1]
        with np.errstate(divide="ignore"):
            out[self.entry_hyp[lo:hi]] = np.log(self.entry_pl[lo:hi])
        return out

    def row_betp(self, row: int) -> FloatArray:
        """``BetP_j(x | .)`` of one row over all hypotheses."""
        if self.dense is not None:
            row_values: FloatArray = self.dense.betp[row]
            return row_values
        k = self.n_states[self.row_finding[row]]
        out = np.full(self.n_hypotheses, 1.0 / k)
        lo, hi = self.entry_ptr[row], self.entry_ptr[row + 1]
        out[self.entry_hyp[lo:hi]] = self.entry_betp[lo:hi]
        return out

    # Point-probability views (the probabilistic baselines and predictive distributions).

    def predictive(self, p: FloatArray, p_open: float = 0.0) -> FloatArray:
        """``P(x) = sum_h p(h) BetP_j(x | h) + p_open / k_j`` for every row.

        ``p`` is a distribution over the known hypotheses; ``p_open`` the share of an
        open-world element, which is compatible with any answer (uniform).
        """
        k = self.n_states[self.row_finding].astype(np.float64)
        if self.dense is not None:
            out: FloatArray = self.dense.betp @ p + p_open / k
            return out
        # Unlinked hypotheses answer uniformly; correct for the linked ones.
        out = (float(p.sum()) + p_open) / k
        delta = p[self.entry_hyp] * (self.entry_betp - 1.0 / np.repeat(k, np.diff(self.entry_ptr)))
        out += _segment_sum(delta, self.entry_ptr)
        return out

    def expected_conditional_entropy(self, p: FloatArray, p_open: float = 0.0) -> FloatArray:
        """``sum_h p(h) H(BetP_j(. | h))`` per finding (nats); the open world answers uniformly."""
        log_k = np.log(self.n_states.astype(np.float64))
        out: FloatArray = (float(p.sum()) + p_open) * log_k
        per_finding_k = np.repeat(log_k, np.diff(self.support_ptr))
        delta = p[self.support_hyp] * (self.cond_entropy - per_finding_k)
        out += _segment_sum(delta, self.support_ptr)
        return out

    def answer_entropy(self, predictive: FloatArray) -> FloatArray:
        """Entropy (nats) of each finding's predictive answer distribution."""
        return -_segment_sum(xlogx(predictive), self.offsets)

    def mutual_information(self, p: FloatArray, p_open: float = 0.0) -> FloatArray:
        """Expected entropy reduction (nats) about the hypothesis from asking each finding."""
        pred = self.predictive(p, p_open)
        mi = self.answer_entropy(pred) - self.expected_conditional_entropy(p, p_open)
        return np.maximum(mi, 0.0)


def _segment_sum(values: FloatArray, ptr: IntArray) -> FloatArray:
    """Sums of ``values[ptr[i]:ptr[i+1]]`` for each segment (0 for an empty one)."""
    n_seg = ptr.shape[0] - 1
    out = np.zeros((n_seg, *values.shape[1:]))
    nonempty = ptr[1:] > ptr[:-1]
    if values.shape[0] and nonempty.any():
        starts = ptr[:-1][nonempty]
        out[nonempty] = np.add.reduceat(values, starts, axis=0)
    return out


_TABLES: weakref.WeakKeyDictionary[CompiledNetwork, AnswerTable] = weakref.WeakKeyDictionary()


def answer_table(compiled: CompiledNetwork) -> AnswerTable:
    """The answer table of a compiled network (built once, cached with the network)."""
    table = _TABLES.get(compiled)
    if table is None:
        table = _build_table(compiled)
        _TABLES[compiled] = table
    return table


def _build_table(compiled: CompiledNetwork) -> AnswerTable:
    n = compiled.n_hypotheses
    n_states = np.array([pl.shape[0] for pl in compiled.pl], dtype=np.intp)
    offsets = np.concatenate(([0], np.cumsum(n_states))).astype(np.intp)
    n_rows = int(offsets[-1])
    row_finding = np.repeat(np.arange(len(n_states), dtype=np.intp), n_states)
    support_parts: list[IntArray] = []
    cond_parts: list[FloatArray] = []
    entry_hyp: list[IntArray] = []
    entry_pl: list[FloatArray] = []
    entry_betp: list[FloatArray] = []
    entry_counts = np.zeros(n_rows, dtype=np.intp)
    for j, (pl, betp) in enumerate(zip(compiled.pl, compiled.betp, strict=True)):
        # Our own support test: any plausibility below 1 changes the belief (``compile`` uses
        # a tolerance, which would make the sparse and dense strategies disagree).
        support = np.flatnonzero((pl < 1.0).any(axis=0)).astype(np.intp)
        support_parts.append(support)
        sub = betp[:, support]
        cond_parts.append(-xlogx(sub).sum(axis=0))
        for x in range(pl.shape[0]):
            entry_hyp.append(support)
            entry_pl.append(pl[x, support])
            entry_betp.append(betp[x, support])
            entry_counts[offsets[j] + x] = support.size
    support_ptr = np.concatenate(([0], np.cumsum([s.size for s in support_parts]))).astype(np.intp)
    entry_ptr = np.concatenate(([0], np.cumsum(entry_counts))).astype(np.intp)
    pl_entries = np.concatenate(entry_pl) if entry_pl else np.zeros(0)
    dense: DenseRows | None = None
    if n_rows * n <= DENSE_CELLS_LIMIT:
        pl_rows = np.vstack(compiled.pl) if compiled.pl else np.zeros((0, n))
        betp_rows = np.vstack(compiled.betp) if compiled.betp else np.zeros((0, n))
        with np.errstate(divide="ignore"):
            log_pl = np.log(pl_rows)
        dense = DenseRows(
            pl_t=np.ascontiguousarray(pl_rows.T),
            one_minus_pl_t=np.ascontiguousarray(1.0 - pl_rows.T),
            log_pl_t=np.ascontiguousarray(log_pl.T),
            log_pl=log_pl,
            betp=betp_rows,
        )
    return AnswerTable(
        n_hypotheses=n,
        n_findings=len(n_states),
        offsets=offsets,
        n_states=n_states,
        row_finding=row_finding,
        support_ptr=support_ptr,
        support_hyp=np.concatenate(support_parts) if support_parts else np.zeros(0, np.intp),
        cond_entropy=np.concatenate(cond_parts) if cond_parts else np.zeros(0),
        entry_ptr=entry_ptr,
        entry_hyp=np.concatenate(entry_hyp) if entry_hyp else np.zeros(0, np.intp),
        entry_pl=pl_entries,
        entry_one_minus_pl=1.0 - pl_entries,
        entry_betp=np.concatenate(entry_betp) if entry_betp else np.zeros(0),
        dense=dense,
    )


# -- scoring candidate questions ----------------------------------------------------------


@dataclass(frozen=True)
class CandidateScores:
    """Uncertainty after each possible answer of each candidate finding.

    ``findings[c]`` owns rows ``row_ptr[c]:row_ptr[c + 1]`` of the per-row arrays (its states
    in order). Per row: ``nonspecificity`` and ``discord`` (the two parts of Deng entropy) and
    ``plausibility_entropy``, the Shannon entropy of the plausibility transform ``w / sum(w)``
    (Cobb and Shenoy's probability transform, which commutes with Dempster's rule); all in
    bits, ``nan`` for a row with answer probability 0 (that posterior may not exist), which
    carries no weight in the expectations.
    """

    findings: IntArray
    row_ptr: IntArray
    answer_probability: FloatArray
    nonspecificity: FloatArray
    discord: FloatArray
    plausibility_entropy: FloatArray
    expected_nonspecificity: FloatArray
    expected_discord: FloatArray
    expected_plausibility_entropy: FloatArray
    current_nonspecificity: float
    current_discord: float
    current_plausibility_entropy: float
    method: str
    # Bounds (lower, upper) on ``expected_nonspecificity`` where the cardinality programme was
    # left out (``nonspecificity=False``, dense strategy); ``None`` otherwise.
    nonspecificity_bounds: tuple[FloatArray, FloatArray] | None = None

    @property
    def gain_nonspecificity_bounds(self) -> tuple[FloatArray, FloatArray] | None:
        """Lower and upper bounds on :attr:`gain_nonspecificity` (``None`` without bounds)."""
        if self.nonspecificity_bounds is None:
            return None
        low, high = self.nonspecificity_bounds
        return self.current_nonspecificity - high, self.current_nonspecificity - low

    @property
    def gain_nonspecificity(self) -> FloatArray:
        out: FloatArray = self.current_nonspecificity - self.expected_nonspecificity
        return out

    @property
    def gain_discord(self) -> FloatArray:
        out: FloatArray = self.current_discord - self.expected_discord
        return out

    @property
    def gain_plausibility_entropy(self) -> FloatArray:
        out: FloatArray = self.current_plausibility_entropy - self.expected_plausibility_entropy
        return out


def score_candidates(
    table: AnswerTable,
    log_w: FloatArray,
    betp: FloatArray,
    candidates: IntArray,
    *,
    method: Method = "auto",
    terms: int = SERIES_TERMS,
    nonspecificity: bool = True,
    discord: bool = True,
    current: tuple[float, float] | None = None,
) -> CandidateScores:
    """Score every state of every candidate finding from the current belief.

    ``log_w`` are the current log weights over the known hypotheses, plus the open-world
    element as a last entry when ``log_w`` is one longer than the table's frame (its
    plausibility is 1 for every answer). ``betp`` is the current BetP over the same entries,
    used for the predictive answer distribution.

    With ``nonspecificity=False`` the posteriors' nonspecificity (the costliest part: the
    cardinality programme) is left out where the dense strategy runs, and is ``nan`` there;
    every other value is the same, bit for bit, as with it, and ``nonspecificity_bounds`` holds
    cheap bounds on the left-out expectations (:func:`_nonspecificity_bounds`), so a caller
    can tell which candidates it needs exactly. ``discord=False`` is the other way
    round: only nonspecificity, the same bit for bit, and the posteriors' discord and
    plausibility entropy ``nan`` where the dense strategy runs. ``current`` passes in the
    current belief's (nonspecificity, discord) when the caller has them already.
    """
    n = table.n_hypotheses
    if log_w.shape[0] not in (n, n + 1):
        raise ValueError(f"log_w has {log_w.shape[0]} entries for a frame of {n} hypotheses")
    if betp.shape != log_w.shape:
        raise ValueError("betp and log_w must have the same shape")
    if not np.isfinite(log_w.max()):
        raise TotalConflictError("the current belief is in total conflict")
    candidates = np.asarray(candidates, dtype=np.intp)
    has_open = log_w.shape[0] == n + 1
    p_open = float(betp[n]) if has_open else 0.0
    counts = table.n_states[candidates]
    row_ptr = np.concatenate(([0], np.cumsum(counts))).astype(np.intp)
    rows = table.rows_of(candidates)
    pred_all = table.predictive(betp[:n], p_open)
    pred = np.maximum(pred_all[rows], 0.0)
    # Normalise per finding against rounding (each finding's answers sum to one).
    totals = _segment_sum(pred, row_ptr)
    per_row = np.repeat(totals, counts)
    pred = pred / np.where(per_row > 0, per_row, 1.0)
    live = np.flatnonzero(pred > 0.0)
    if current is None:
        cur_pair = batch_nonspecificity_and_discord(log_w[np.newaxis, :])
        current = (float(cur_pair[0][0]), float(cur_pair[1][0]))
    nonspec = np.full(rows.shape[0], np.nan)
    discord_ = np.full(rows.shape[0], np.nan)
    plt_h = np.full(rows.shape[0], np.nan)
    chosen: str = method
    bound_rows: list[FloatArray] | None = None if nonspecificity else []
    if live.size:
        if chosen == "auto":
            chosen = _choose_method(table, rows[live], log_w.shape[0], terms)
        if chosen == "dense" and table.dense is None:
            raise ValueError("dense scoring needs a table with dense rows (a small network)")
        if chosen == "dense":
            nonspec[live], discord_[live], plt_h[live] = _dense_scores(
                table, log_w, rows[live], terms, nonspecificity, discord, bound_rows
            )
        else:
            nonspec[live], discord_[live], plt_h[live] = _sparse_scores(
                table, log_w, rows[live], terms
            )
    dense_ran = chosen == "dense" and live.size > 0
    skipped = not nonspecificity and dense_ran
    no_discord = not discord and dense_ran
    positive = pred > 0

    def expectation(values: FloatArray) -> FloatArray:
        return _segment_sum(np.where(positive, pred * np.nan_to_num(values), 0.0), row_ptr)

    unscored = np.full(candidates.size, np.nan)
    bounds: tuple[FloatArray, FloatArray] | None = None
    if skipped and bound_rows:
        low = np.zeros(rows.shape[0])
        high = np.zeros(rows.shape[0])
        low[live], high[live] = bound_rows
        with np.errstate(invalid="ignore"):  # inf * 0 where a row has no weight
            bounds = (
                _segment_sum(np.where(pred > 0, pred * low, 0.0), row_ptr),
                _segment_sum(np.where(pred > 0, pred * high, 0.0), row_ptr),
            )
    return CandidateScores(
        findings=candidates,
        row_ptr=row_ptr,
        answer_probability=pred,
        nonspecificity=nonspec,
        discord=discord_,
        plausibility_entropy=plt_h,
        expected_nonspecificity=unscored if skipped else expectation(nonspec),
        expected_discord=unscored if no_discord else expectation(discord_),
        expected_plausibility_entropy=unscored if no_discord else expectation(plt_h),
        current_nonspecificity=current[0],
        current_discord=current[1],
        current_plausibility_entropy=float(plausibility_entropy(log_w[np.newaxis, :])[0]),
        method=chosen,
        nonspecificity_bounds=bounds,
    )


def _choose_method(table: AnswerTable, rows: IntArray, size: int, terms: int) -> str:
    if table.dense is None:
        return "sparse"
    # Rough costs in nanoseconds: the dense programme does ~20 elementwise operations per
    # (row, hypothesis) and pays numpy call overhead per hypothesis; the sparse series pays
    # two logarithms per (changed entry, term).
    dense_cost = rows.size * size * 20 + size * 9 * 3000
    nnz = int((table.entry_ptr[rows + 1] - table.entry_ptr[rows]).sum())
    sparse_cost = nnz * terms * 2 * 12 + size * terms * 30 + rows.size * terms * 20
    return "dense" if dense_cost <= sparse_cost else "sparse"


def _log_correction(terms: int) -> FloatArray:
    """``log2(1 - 2^-k)`` for ``k = 1..terms``: nonspecificity minus ``|A|`` for ``|A| = k``."""
    k = np.arange(1, terms + 1, dtype=np.float64)
    return np.log1p(-np.exp2(-k)) / _LN2


def _normalised(
    expected_size: FloatArray,
    correction: FloatArray,
    bernoulli: FloatArray,
    log_k: FloatArray,
) -> tuple[FloatArray, FloatArray]:
    """Nonspecificity and discord (bits) from the unnormalised pieces of each row."""
    with np.errstate(invalid="ignore", divide="ignore"):
        one_minus_k = -np.expm1(log_k)
        k = np.exp(log_k)
        k_log_k = np.where(k > 0, k * np.where(np.isfinite(log_k), log_k, 0.0), 0.0)
        nonspec = (expected_size + correction) / one_minus_k
        discord = (bernoulli + k_log_k) / one_minus_k / _LN2 + np.log2(one_minus_k)
    return np.maximum(nonspec, 0.0), np.maximum(discord, 0.0)


def _collapsed_rows(table: AnswerTable, log_w: FloatArray, rows: IntArray) -> IntArray:
    """Positions (into ``rows``) of rows whose posterior has collapsed (dense tables)."""
    n = table.n_hypotheses
    top = int(np.argmax(log_w))
    if top == n:  # the open-world element: unchanged by any answer
        if log_w[top] >= COLLAPSE_LOG:
            return np.zeros(0, dtype=np.intp)
        lower = np.full(rows.size, log_w[top])
    else:
        assert table.dense is not None
        lower = log_w[top] + np.log(
            np.maximum(table.dense.pl_t[top, rows], np.finfo(np.float64).tiny)
        )
    suspect = np.flatnonzero(lower < COLLAPSE_LOG)
    if suspect.size == 0:
        return suspect
    post = _materialise(table, log_w, rows[suspect])
    return np.asarray(suspect[post.max(axis=1) < COLLAPSE_LOG], dtype=np.intp)


def _materialise(table: AnswerTable, log_w: FloatArray, rows: IntArray) -> FloatArray:
    """The candidate posteriors' log weights as a dense ``(rows, size)`` array."""
    out = np.tile(log_w, (rows.size, 1))
    for i, r in enumerate(rows):
        out[i, : table.n_hypotheses] += table.row_log_pl(int(r))
    return out


Scores = tuple[FloatArray, FloatArray, FloatArray]


def plausibility_entropy(log_w: FloatArray) -> FloatArray:
    """Entropy (bits) of the plausibility transform ``w / sum(w)`` of each row of log weights."""
    top = log_w.max(axis=1, keepdims=True)
    q = np.exp(log_w - np.where(np.isfinite(top), top, 0.0))
    q /= q.sum(axis=1, keepdims=True)
    out: FloatArray = -xlogx(q).sum(axis=1) / _LN2
    return out


def _plausibility_entropy_from_sums(size: FloatArray, w_log_w: FloatArray) -> FloatArray:
    """``H(w / S) = log S - sum(w log w) / S`` in bits, from ``S = sum w`` and ``sum w log w``."""
    with np.errstate(divide="ignore", invalid="ignore"):
        out: FloatArray = (np.log(size) - w_log_w / size) / _LN2
    return np.maximum(out, 0.0)


def _with_collapsed(
    table: AnswerTable,
    log_w: FloatArray,
    rows: IntArray,
    compute: Scores,
    collapsed: IntArray,
    inexact_plausibility: IntArray | None = None,
) -> Scores:
    """Replace the rows the fast formulas cannot handle with the reference computation."""
    nonspec, discord, plt_h = compute
    if collapsed.size:
        post = _materialise(table, log_w, rows[collapsed])
        nonspec[collapsed], discord[collapsed] = batch_nonspecificity_and_discord(post)
        plt_h[collapsed] = plausibility_entropy(post)
    if inexact_plausibility is not None and inexact_plausibility.size:
        plt_h[inexact_plausibility] = plausibility_entropy(
            _materialise(table, log_w, rows[inexact_plausibility])
        )
    return nonspec, discord, plt_h


def _dense_scores(
    table: AnswerTable,
    log_w: FloatArray,
    rows: IntArray,
    terms: int,
    nonspecificity: bool = True,
    discord: bool = True,
    bounds: list[FloatArray] | None = None,
) -> Scores:
    """Exact scores of ``rows`` by the cardinality programme (``terms`` is not needed); with
    ``nonspecificity=False`` the programme is skipped and nonspecificity is ``nan``, with
    ``discord=False`` discord and plausibility entropy are (except on collapsed rows, which
    the reference computation scores whole). Without nonspecificity, ``bounds`` (a list)
    receives its lower and upper bounds per row (:func:`_nonspecificity_bounds`)."""
    dense = table.dense
    assert dense is not None
    n = table.n_hypotheses
    # Work on every row of the table when most are wanted: slicing beats gathering columns.
    every = rows.size * 2 > table.n_rows
    pl_t = dense.pl_t if every else dense.pl_t[:, rows]
    ompl_t = dense.one_minus_pl_t if every else dense.one_minus_pl_t[:, rows]
    log_pl_t = (dense.log_pl_t if every else dense.log_pl_t[:, rows]) if discord else None
    w = np.exp(log_w)
    om = -np.expm1(log_w)  # 1 - w, accurate near w = 1
    active = np.flatnonzero(w[:n] > 0.0)
    if active.size < n:  # ruled-out hypotheses change nothing; drop their rows
        pl_t, ompl_t = pl_t[active], ompl_t[active]
        log_pl_t = None if log_pl_t is None else log_pl_t[active]
    wa, oma = w[active, None], om[active, None]
    # 1 - w * pl is computed as (1 - w) + w * (1 - pl): two non-negative terms, no cancellation.
    wr = wa * pl_t
    omr = oma + wa * ompl_t
    # Hypotheses with w = 0 contribute nothing; the open world is the same factor in every row.
    open_world = (float(w[n]), float(om[n])) if log_w.shape[0] == n + 1 and w[n] > 0 else None
    # log w = log w_h + log pl: where pl = 0, w = 0 and the term is 0.
    log_wr = None if log_pl_t is None else log_w[active, None] + log_pl_t
    log_omr = _log_one_minus(wr, omr)  # shared by the scores and the bounds
    nonspec, discord_, plt_h = _column_scores(wr, omr, log_wr, open_world, nonspecificity, log_omr)
    if every:
        nonspec, discord_, plt_h = nonspec[rows], discord_[rows], plt_h[rows]
    collapsed = _collapsed_rows(table, log_w, rows)
    if bounds is not None and not nonspecificity:
        low, high = _nonspecificity_bounds(wr, omr, open_world, log_omr)
        if every:
            low, high = low[rows], high[rows]
        low[collapsed], high[collapsed] = 0.0, np.inf  # scored by the reference instead
        bounds.extend((low, high))
    return _with_collapsed(table, log_w, rows, (nonspec, discord_, plt_h), collapsed)


# log2(1 - 2^-k) for |A| = 2: the nonspecificity correction of every |A| >= 2 is at least this.
_CORRECTION_TWO = math.log2(0.75)


def _nonspecificity_bounds(
    w: FloatArray,
    om: FloatArray,
    open_world: tuple[float, float] | None,
    log_om: FloatArray | None = None,
) -> tuple[FloatArray, FloatArray]:
    """Lower and upper bounds (bits) on the nonspecificity of each column of weights, without
    the cardinality programme.

    Nonspecificity is ``(E|A| + c) / (1 - K)`` with ``c = sum_k P(|A| = k) log2(1 - 2^-k)``.
    Every term is negative, the ``k = 1`` term is ``-P(1)`` and every later one at least
    ``log2(3/4) P(k)``, so ``-P(1) >= c >= -P(1) + log2(3/4) (1 - K - P(1))``, where
    ``P(1) = K sum_h w_h / (1 - w_h)`` costs one division per weight. A column with a weight
    of 1 (``K = 0``) takes ``P(1)`` anywhere in ``[0, 1 - K]``. The bounds are loose by about
    ``0.4 P(|A| >= 2)`` bits, far tighter than the spread of the candidates' gains, so most
    candidates can be told apart from the best without their exact value.
    """
    if log_om is None:
        log_om = _log_one_minus(w, om)
    log_k = log_om.sum(axis=0)
    size = w.sum(axis=0)
    with np.errstate(divide="ignore", invalid="ignore"):
        ratio = (w / om).sum(axis=0)
    if open_world is not None:
        ow, oom = open_world
        size = size + ow
        log_k = log_k + float(_log_one_minus(np.array([ow]), np.array([oom]))[0])
        ratio = ratio + (ow / oom if oom > 0 else np.inf)
    one_minus_k = -np.expm1(log_k)
    with np.errstate(invalid="ignore", divide="ignore", over="ignore"):
        p1 = np.exp(log_k) * ratio
        known = np.isfinite(p1)
        p1_low = np.where(known, p1 * (1.0 - 1e-9), 0.0)
        p1_high = np.where(known, np.minimum(p1 * (1.0 + 1e-9), one_minus_k), one_minus_k)
        low = (size + _CORRECTION_TWO * one_minus_k - (1.0 + _CORRECTION_TWO) * p1_high) / (
            one_minus_k
        )
        high = (size - p1_low) / one_minus_k
    ok = np.isfinite(low) & np.isfinite(high) & (one_minus_k > 0)
    low = np.where(ok, np.maximum(low, 0.0), 0.0)
    high = np.where(ok, np.maximum(high, 0.0), np.inf)
    return low, high


def _column_scores(
    w: FloatArray,
    om: FloatArray,
    log_w: FloatArray | None,
    open_world: tuple[float, float] | None,
    nonspecificity: bool = True,
    log_om: FloatArray | None = None,
) -> Scores:
    """Nonspecificity, discord and plausibility entropy of each column of weights ``w`` (with
    ``om`` = 1 - w given accurately and ``log_w`` its logarithm), plus an open-world weight
    ``(w, 1 - w)`` shared by every column. ``nonspecificity=False`` skips the cardinality
    programme (nonspecificity is then ``nan``; the other two are unchanged); ``log_w=None``
    skips discord and plausibility entropy (``nan``; nonspecificity is unchanged). ``log_om``
    is ``_log_one_minus(w, om)`` when the caller has it."""
    if log_om is None:
        log_om = _log_one_minus(w, om)
    log_k = log_om.sum(axis=0)
    cols = w.shape[1]
    w_log_w = np.zeros(cols) if log_w is None else (w * np.maximum(log_w, -1e300)).sum(axis=0)
    bernoulli = (
        np.zeros(cols)
        if log_w is None
        else -(w_log_w + (om * np.maximum(log_om, -1e300)).sum(axis=0))
    )
    expected_size = w.sum(axis=0)
    if open_world is not None:
        ow, oom = open_world
        expected_size = expected_size + ow
        log_oom = float(_log_one_minus(np.array([ow]), np.array([oom]))[0])
        log_k = log_k + log_oom
        bernoulli = bernoulli - float(xlogx(ow) + oom * max(log_oom, -1e300))
        w_log_w = w_log_w + float(xlogx(ow))
    if nonspecificity:
        correction = _cardinality_correction(w, om, open_world)
    else:
        correction = np.zeros(w.shape[1])
    nonspec, discord = _normalised(expected_size, correction, bernoulli, log_k)
    if not nonspecificity:
        nonspec = np.full(nonspec.shape, np.nan)
    if log_w is None:
        return nonspec, np.full(cols, np.nan), np.full(cols, np.nan)
    return nonspec, discord, _plausibility_entropy_from_sums(expected_size, w_log_w)


@dataclass(frozen=True)
class PosteriorColumns:
    """Rows of log weights laid out for :func:`score_posteriors`: hypothesis-major, with their
    weights, ``1 - w`` and ``log(1 - w)``, computed once so that a subset of the rows can be
    scored again without recomputing them (:meth:`take`)."""

    posterior: FloatArray  # (rows, size)
    log_w_t: FloatArray  # (n, rows), contiguous
    w_t: FloatArray
    om_t: FloatArray
    log_om_t: FloatArray
    open_world: tuple[float, float] | None

    @classmethod
    def of(cls, posterior: FloatArray, n_hypotheses: int) -> PosteriorColumns:
        n = n_hypotheses
        # Contiguous: exp and expm1 run much slower over a transposed view.
        log_w_t = np.ascontiguousarray(posterior[:, :n].T)
        open_world: tuple[float, float] | None = None
        if posterior.shape[1] == n + 1 and posterior.shape[0] and np.isfinite(posterior[0, n]):
            ow, oom = float(np.exp(posterior[0, n])), float(-np.expm1(posterior[0, n]))
            open_world = (ow, oom) if ow > 0 else None
        w_t, om_t = np.exp(log_w_t), -np.expm1(log_w_t)
        return cls(posterior, log_w_t, w_t, om_t, _log_one_minus(w_t, om_t), open_world)

    def take(self, rows: IntArray) -> PosteriorColumns:
        """The same for ``rows`` of the posterior only (the same values)."""
        return PosteriorColumns(
            self.posterior[rows],
            self.log_w_t[:, rows],
            self.w_t[:, rows],
            self.om_t[:, rows],
            self.log_om_t[:, rows],
            self.open_world,
        )


def score_posteriors(
    posterior: FloatArray | PosteriorColumns,
    n_hypotheses: int,
    nonspecificity: bool = True,
    bounds: list[FloatArray] | None = None,
    discord: bool = True,
) -> Scores:
    """Nonspecificity, discord and plausibility entropy (bits) of each row of ``posterior``
    (log weights over ``n_hypotheses`` known hypotheses, plus the open-world element as a last
    column when there is one, equal in every row; or those rows laid out already), by the same
    vectorised programme as the dense candidate scorer; rows whose weights have collapsed go
    to the reference computation. ``nonspecificity=False`` leaves nonspecificity out (``nan``)
    on the other rows, and then ``bounds`` (a list) receives its lower and upper bounds per row
    (:func:`_nonspecificity_bounds`); ``discord=False`` leaves discord and plausibility
    entropy out (``nan``) on them instead."""
    columns = (
        posterior
        if isinstance(posterior, PosteriorColumns)
        else PosteriorColumns.of(posterior, n_hypotheses)
    )
    rows = columns.posterior
    w_t, om_t, open_world = columns.w_t, columns.om_t, columns.open_world
    nonspec, discord_, plt_h = _column_scores(
        w_t,
        om_t,
        columns.log_w_t if discord else None,
        open_world,
        nonspecificity,
        columns.log_om_t,
    )
    collapsed = np.flatnonzero(rows.max(axis=1) < COLLAPSE_LOG)
    if bounds is not None and not nonspecificity:
        low, high = _nonspecificity_bounds(w_t, om_t, open_world, columns.log_om_t)
        low[collapsed], high[collapsed] = 0.0, np.inf  # scored by the reference below
        bounds.extend((low, high))
    if collapsed.size:
        nonspec[collapsed], discord_[collapsed] = batch_nonspecificity_and_discord(rows[collapsed])
        plt_h[collapsed] = plausibility_entropy(rows[collapsed])
    return nonspec, discord_, plt_h


def _cardinality_correction(
    w: FloatArray, om: FloatArray, constant: tuple[float, float] | None
) -> FloatArray:
    """``sum_k P(|A| = k) log2(1 - 2^-k)`` for each column of a Poisson-binomial.

    Column ``r`` has success probabilities ``w[:, r]`` (and ``1 - w`` given accurately as
    ``om``), plus ``constant = (w, 1 - w)`` shared by every column. ``P(k)`` for ``k <= K0`` comes
    from the usual dynamic programme; the rest from ``log2(1 - x) = -sum_m x^m / (m ln 2)``:
    ``sum_{k > K0} P(k) log2(1 - 2^-k) = -sum_m Q_m / (m ln 2)`` with
    ``Q_m = sum_{k > K0} P(k) 2^-mk``, which the same programme carries along (adding a
    hypothesis maps ``Q_m`` to ``Q_m (1 - w + w z) + w z^(K0+1) P(K0)``, ``z = 2^-m``). Every
    term is non-negative, so nothing cancels, however small ``1 - K`` is. Keeping ``T`` terms of
    the series drops less than ``1.5 * 2^-((K0+1)(T+1)) / (T+1)`` bits (4e-12 for K0 = T = 5).
    """
    cols = w.shape[1]
    k0 = t_terms = 5
    z = np.exp2(-np.arange(1, t_terms + 1, dtype=np.float64))[:, None]
    z_top = z ** (k0 + 1)
    prob = np.zeros((k0 + 1, cols))
    prob[0] = 1.0
    over = np.zeros((t_terms, cols))
    tmp = np.empty((k0, cols))
    tmp_over = np.empty((t_terms, cols))
    top_mass = np.empty(cols)
    if constant is not None:
        w = np.vstack([w, np.full((1, cols), constant[0])])
        om = np.vstack([om, np.full((1, cols), constant[1])])
    # Every tail factor (1 - w + w z) at once, for the steps that pass mass beyond K0: the
    # same products and sums as one step at a time, without a dozen small calls per step.
    factors = z[None, :, :] * w[k0:, None, :]
    factors += om[k0:, None, :]
    for step in range(w.shape[0]):
        b, a = w[step], om[step]
        if step >= k0:  # mass can pass beyond K0 from now on
            over *= factors[step - k0]
            np.multiply(b, prob[k0], out=top_mass)
            np.multiply(z_top, top_mass, out=tmp_over)
            over += tmp_over
        top = min(step + 1, k0)
        np.multiply(prob[:top], b, out=tmp[:top])
        prob[: top + 1] *= a
        prob[1 : top + 1] += tmp[:top]
    correction: FloatArray = _log_correction(k0) @ prob[1:]
    correction -= (over / np.arange(1, t_terms + 1)[:, None]).sum(axis=0) / _LN2
    return correction


def _log_expm1(d: FloatArray) -> FloatArray:
    """``log(exp(d) - 1)`` for ``d >= 0`` without overflow (``-inf`` at 0)."""
    out = np.empty_like(d)
    big = d > 1.0
    out[big] = d[big] + np.log1p(-np.exp(-d[big]))
    with np.errstate(divide="ignore"):
        out[~big] = np.log(np.expm1(d[~big]))
    return out


def _log_one_minus(w: FloatArray, om: FloatArray) -> FloatArray:
    """``log(1 - w)`` given ``w`` and an accurate ``om = 1 - w``: ``log1p(-w)`` for small ``w``
    (``log(om)`` would lose the digits of ``w`` that ``om`` rounds away), ``log(om)`` otherwise."""
    out: FloatArray = np.log1p(-np.minimum(w, 0.5))
    big = w >= 0.5
    with np.errstate(divide="ignore"):
        np.log(om, out=out, where=big)
    return out


def _entropy_terms(w: FloatArray, om: FloatArray, log_om: FloatArray) -> FloatArray:
    """``-(w log w + (1 - w) log(1 - w))`` elementwise (nats), ``log_om`` = log(1 - w)."""
    out: FloatArray = -(xlogx(w) + om * np.maximum(log_om, -1e300))
    return out


def _sparse_scores(table: AnswerTable, log_w: FloatArray, rows: IntArray, terms: int) -> Scores:
    """Exact scores of ``rows`` by per-hypothesis corrections to the current belief's series.

    Nonspecificity needs ``sum_m (G(2^-m) - K) / m`` (see :mod:`planning.belief`). Each term is
    at most ``2^(1-m) (G(1/2) - K)``, so the whole series is below ``1.39 (G(1/2) - K)``: rows
    where that is under ``1e-13 (1 - K)`` (every row, once a few hypotheses are certain or the
    belief is spread over many) skip the series; the error this allows is below 1e-13 bits.
    """
    n = table.n_hypotheses
    w = np.exp(log_w)
    om = -np.expm1(log_w)
    is_one = om == 0.0
    log_om = _log_one_minus(w, om)
    base_ones = int(is_one.sum())
    base_log_k = float(np.where(is_one, 0.0, log_om).sum())
    base_size = float(w.sum())
    base_bern = float(_entropy_terms(w, om, log_om).sum())
    base_w_log_w = float(xlogx(w).sum())
    # The changed entries of every row.
    lo = table.entry_ptr[rows]
    lengths = table.entry_ptr[rows + 1] - lo
    ptr = np.concatenate(([0], np.cumsum(lengths))).astype(np.intp)
    idx = np.repeat(lo - ptr[:-1], lengths) + np.arange(ptr[-1])
    hyp = table.entry_hyp[idx]
    pl = table.entry_pl[idx]
    w_old, om_old = w[hyp], om[hyp]
    w_new = w_old * pl
    om_new = om_old + w_old * table.entry_one_minus_pl[idx]
    one_old = is_one[hyp]
    one_new = om_new == 0.0
    log_om_new = _log_one_minus(w_new, om_new)
    d_size = _segment_sum(w_new - w_old, ptr)
    ones = base_ones + np.rint(_segment_sum(one_new.astype(np.float64) - one_old, ptr))
    d_log_k = _segment_sum(
        np.where(one_new, 0.0, log_om_new) - np.where(one_old, 0.0, log_om[hyp]), ptr
    )
    log_k = np.where(ones > 0, -np.inf, base_log_k + d_log_k)
    d_bern = _segment_sum(
        _entropy_terms(w_new, om_new, log_om_new) - _entropy_terms(w_old, om_old, log_om[hyp]), ptr
    )
    # Screen with the first term (z = 1/2), then sum the series where it matters.
    half = np.array([0.5])
    first = _series_terms(w, om, is_one, w_new, om_new, one_new, hyp, ptr, ones, log_k, half)
    with np.errstate(divide="ignore", invalid="ignore"):
        one_minus_k = -np.expm1(log_k)
    series = np.zeros(rows.size)
    needed = np.flatnonzero(1.39 * first[:, 0] > 1e-13 * one_minus_k)
    if needed.size:
        z = np.exp2(-np.arange(1, terms + 1, dtype=np.float64))
        sub_lo, sub_len = ptr[needed], ptr[needed + 1] - ptr[needed]
        sub_ptr = np.concatenate(([0], np.cumsum(sub_len))).astype(np.intp)
        sub = np.repeat(sub_lo - sub_ptr[:-1], sub_len) + np.arange(sub_ptr[-1])
        terms_ = _series_terms(
            w,
            om,
            is_one,
            w_new[sub],
            om_new[sub],
            one_new[sub],
            hyp[sub],
            sub_ptr,
            ones[needed],
            log_k[needed],
            z,
        )
        series[needed] = (terms_ / np.arange(1, terms + 1)[None, :]).sum(axis=1)
    size = base_size + d_size
    nonspec, discord = _normalised(size, -series / _LN2, base_bern + d_bern, log_k)
    w_log_w = base_w_log_w + _segment_sum(xlogx(w_new) - xlogx(w_old), ptr)
    plt_h = _plausibility_entropy_from_sums(size, w_log_w)
    # Sums that the changed entries nearly cancel lose relative precision: recompute those.
    inexact = np.flatnonzero(size < 1e-6 * base_size)
    # Collapse: a row's largest log weight is at least that of the current leader unless the
    # row changes the leader, and at least its largest changed entry.
    top = int(np.argmax(log_w))
    with np.errstate(divide="ignore"):
        changed = log_w[hyp] + np.log(pl)
    lower = np.full(rows.size, -np.inf)
    nonempty = lengths > 0
    if nonempty.any():
        lower[nonempty] = np.maximum.reduceat(changed, ptr[:-1][nonempty])
    leader_changed = np.zeros(rows.size, dtype=bool)
    if top < n:
        leader_changed[np.repeat(np.arange(rows.size), lengths)[hyp == top]] = True
    lower = np.where(leader_changed, lower, np.maximum(lower, log_w[top]))
    suspect = np.flatnonzero(lower < COLLAPSE_LOG)
    collapsed = suspect
    if suspect.size:
        post = _materialise(table, log_w, rows[suspect])
        collapsed = np.asarray(suspect[post.max(axis=1) < COLLAPSE_LOG], dtype=np.intp)
    return _with_collapsed(table, log_w, rows, (nonspec, discord, plt_h), collapsed, inexact)


def _series_terms(
    w: FloatArray,
    om: FloatArray,
    is_one: NDArray[np.bool_],
    w_new: FloatArray,
    om_new: FloatArray,
    one_new: NDArray[np.bool_],
    hyp: IntArray,
    ptr: IntArray,
    ones: FloatArray,
    log_k: FloatArray,
    z: FloatArray,
) -> FloatArray:
    """``G(z) - K`` of each row (rows given by ``ptr`` over changed entries), for each ``z``.

    ``log G(z) = sum_h log(1 - w_h + w_h z)``; without certain hypotheses ``G(z) - K`` is
    computed as ``K (exp(D(z)) - 1)`` with ``D(z) = sum_h log(1 + r_h z)``, ``r = w / (1 - w)``,
    a sum of positive terms, so nothing cancels however close ``G(z)`` is to ``K``. Both sums
    are the current belief's plus corrections over the changed entries.
    """
    with_ones = ones > 0
    out = np.zeros((ptr.size - 1, z.size))
    entry_row = np.repeat(np.arange(ptr.size - 1), np.diff(ptr))
    if with_ones.any():
        base = np.log(om[:, None] + w[:, None] * z[None, :]).sum(axis=0)
        keep = with_ones[entry_row]
        delta = np.log(om_new[keep, None] + w_new[keep, None] * z[None, :]) - np.log(
            om[hyp[keep], None] + w[hyp[keep], None] * z[None, :]
        )
        sub_ptr = _sub_pointer(ptr, with_ones)
        out[with_ones] = np.exp(base[None, :] + _segment_sum(delta, sub_ptr))
    without = ~with_ones
    if without.any():
        r = np.where(is_one, 0.0, w / np.where(is_one, 1.0, om))
        base_d = np.log1p(r[:, None] * z[None, :]).sum(axis=0)
        keep = without[entry_row]
        r_new = np.where(
            one_new[keep], 0.0, w_new[keep] / np.where(one_new[keep], 1.0, om_new[keep])
        )
        delta = np.log1p(r_new[:, None] * z[None, :]) - np.log1p(r[hyp[keep], None] * z[None, :])
        d = base_d[None, :] + _segment_sum(delta, _sub_pointer(ptr, without))
        lk = log_k[without]
        with np.errstate(invalid="ignore"):
            log_tail = np.where(np.isfinite(lk), lk, 0.0)[:, None] + _log_expm1(np.maximum(d, 0.0))
        out[without] = np.exp(log_tail)
    return out


def _sub_pointer(ptr: IntArray, keep: NDArray[np.bool_]) -> IntArray:
    """Segment pointer of the kept segments, packed (their entries taken in order)."""
    lengths = np.diff(ptr)[keep]
    return np.concatenate(([0], np.cumsum(lengths))).astype(np.intp)


# -- pignistic probabilities of many beliefs ----------------------------------------------


@lru_cache(maxsize=64)
def _legendre(k: int) -> tuple[FloatArray, FloatArray]:
    """Gauss-Legendre ``1 - u`` (computed without cancellation) and weights on [0, 1]."""
    x, wts = gauss_legendre(k)
    return (1.0 - x) / 2.0, wts / 2.0


def batch_betp(log_w: FloatArray) -> FloatArray:
    """BetP of each row of ``log_w`` (shape ``(rows, n)``), exactly.

    Same quantity as :func:`planning.belief.betp` (``BetP(h) = w_h I_h / (1 - K)`` with
    ``I_h = int_0^1 prod_{g != h} (1 - w_g u) du``), for many rows in one vectorised pass.
    Gauss-Legendre quadrature with ``floor(n'/2) + 1`` nodes is exact for the polynomial
    integrands (``n'`` the number of non-negligible weights). A large batch (UoT's leaves)
    gives rows of light weights fewer nodes where what that leaves out is provably below
    1e-17 of every integral (:func:`_node_counts`), grouping rows by their number of nodes;
    a small one runs as one batch at the exact rule's count. Since
    ``sum_h w_h I_h = 1 - K``, normalising each row by that sum is exact and lets ``G`` be
    rescaled freely.
    """
    if log_w.ndim != 2:
        raise ValueError(f"expected a 2-D array of log weights, got shape {log_w.shape}")
    rows, n = log_w.shape
    out = np.zeros((rows, n))
    if rows == 0:
        return out
    row_max = log_w.max(axis=1)
    if not np.all(np.isfinite(row_max)):
        raise TotalConflictError("a belief with every weight 0 (total conflict, K = 1)")
    collapsed = row_max < COLLAPSE_LOG
    if collapsed.any():
        shifted = np.exp(log_w[collapsed] - row_max[collapsed, None])
        out[collapsed] = shifted / shifted.sum(axis=1, keepdims=True)
    regular = np.flatnonzero(~collapsed)
    if regular.size == 0:
        return out
    if n > _BATCH_BETP_MAX_N:
        # Large frames: the single-belief routine groups equal weights and trims the
        # quadrature, which beats one (rows, n, n/2) batch by far.
        for r in regular:
            out[r] = reference_betp(log_w[r])
        return out
    if regular.size * n < _GROUPED_CELLS:
        out[regular] = _betp_one_batch(log_w[regular])
        return out
    w = np.exp(log_w[regular])
    # 1 - w: a plain subtraction loses nothing below w = 1/2 (and expm1 is slow); above, from
    # the logarithm, so that 1 - w keeps its digits as w nears 1.
    om = 1.0 - w
    heavy = w > 0.5
    if heavy.any():
        om[heavy] = -np.expm1(log_w[regular][heavy])
    significant = w > _NEGLIGIBLE_W
    # Negligible weights give a factor of 1 (weight 0, 1 - w = 1).
    w_sig = np.where(significant, w, 0.0)
    om_sig = np.where(significant, om, 1.0)
    nodes = _merge_small_groups(_node_counts(w_sig, om_sig, significant.sum(axis=1) // 2 + 1))
    for k in np.unique(nodes):
        group = nodes == k
        out[regular[group]] = _betp_by_node(w[group], w_sig[group], om_sig[group], int(k))
    return out


# From this many (row, hypothesis) cells on, batch_betp picks each row's number of nodes.
_GROUPED_CELLS = 8192
# A group of fewer rows than this joins the next larger number of nodes (which is as exact):
# each group costs a few numpy calls per node whatever its size.
_GROUP_ROWS = 32


def _merge_small_groups(nodes: IntArray) -> IntArray:
    """``nodes`` with the rows of every count held by fewer than ``_GROUP_ROWS`` rows (those
    joined from below included) raised to the next larger count (the largest stays)."""
    values, counts = np.unique(nodes, return_counts=True)
    joins = np.zeros(values.size, dtype=bool)
    for i in range(values.size - 1):
        if counts[i] < _GROUP_ROWS:
            joins[i] = True
            counts[i + 1] += counts[i]
    target = values.copy()
    for i in range(values.size - 2, -1, -1):
        if joins[i]:
            target[i] = target[i + 1]
    out: IntArray = target[np.searchsorted(values, nodes)]
    return out


def _betp_one_batch(log_w: FloatArray) -> FloatArray:
    """BetP of a few rows of log weights (none collapsed), all at the largest number of
    nodes any of them needs for the exact rule, as one (rows, n, k) batch."""
    w = np.exp(log_w)
    om = -np.expm1(log_w)
    significant = w > _NEGLIGIBLE_W
    k = int(significant.sum(axis=1).max()) // 2 + 1
    one_minus_nodes, weights = _legendre(k)
    # factors[r, h, i] = 1 - w u_i = (1 - w) + w (1 - u_i); negligible weights give factor 1.
    w_sig = np.where(significant, w, 0.0)
    om_sig = np.where(significant, om, 1.0)
    factors = np.multiply(w_sig[:, :, None], one_minus_nodes[None, None, :])
    factors += om_sig[:, :, None]
    # G at the nodes as a plain product, not a sum of logarithms (those took two thirds of
    # the time). It cannot underflow where it matters: at the node nearest 0 every factor is
    # at least 1 - u_min, and with k = n'/2 + 1 nodes (1 - u_min)^n' stays above 0.4 for any
    # frame this path takes (n <= 96); nodes whose product is far smaller weigh nothing next
    # to it. The scale of G cancels in the normalisation below.
    g = factors.prod(axis=1) * weights[None, :]  # (rows, k)
    np.reciprocal(factors, out=factors)
    integral = np.matmul(factors, g[:, :, None])[:, :, 0]
    unnorm = w * integral
    out: FloatArray = unnorm / unnorm.sum(axis=1, keepdims=True)
    return out


def _node_counts(w: FloatArray, om: FloatArray, exact: IntArray) -> IntArray:
    """Quadrature nodes for each row's integrals: ``exact`` (half the number of
    non-negligible weights, plus one, for which the rule is exact), or fewer where the terms
    of degree ``2k`` and above are provably below 1e-17 of every integral.

    The same test as :func:`planning.belief.betp`'s: with light weights (each below 1,
    ``t = sum w`` below 20) the Taylor coefficients of ``prod (1 - w u)`` are at most
    ``t^j / j!``, so the dropped part is at most ``t^(2k) / (2k)! e^t``, and every integrand
    is at least ``exp(-sum w / (1 - w))``. On DDXPlus the weights of a belief a few answers
    deep are mostly far below 1 (``t`` of 0.01 to 0.2 at UoT's leaves), where 4 to 6 nodes
    do the work of 25."""
    total = w.sum(axis=1)
    light = (w.max(axis=1) < 1.0) & (total < 20.0) & (total > 0.0)
    if not light.any():
        return exact
    top = int(exact.max())
    j = 2.0 * np.arange(1, top + 1)
    log_total = np.log(np.where(light, total, 1.0))
    with np.errstate(divide="ignore", invalid="ignore"):
        floor = -(w / om).sum(axis=1)
    tail = j[None, :] * log_total[:, None] - _log_factorials(top) + total[:, None]
    enough = tail <= (_DROP + floor)[:, None]
    first = np.where(enough.any(axis=1), enough.argmax(axis=1) + 1, top)
    out: IntArray = np.where(light, np.minimum(first, exact), exact)
    return out


# The quadrature's dropped terms are kept below this share of each integral.
_DROP = math.log(1e-17)


@lru_cache(maxsize=8)
def _log_factorials(top: int) -> FloatArray:
    """``log((2k)!)`` for ``k = 1..top``."""
    return np.array([math.lgamma(2 * k + 1) for k in range(1, top + 1)])


def _betp_by_node(w: FloatArray, w_sig: FloatArray, om_sig: FloatArray, k: int) -> FloatArray:
    """BetP of many rows of weights by ``k``-node Gauss-Legendre quadrature (``w_sig`` and
    ``om_sig``: the weights and ``1 - w`` with negligible weights set to 0 and 1), one node
    at a time."""
    one_minus_nodes, weights = _legendre(k)
    integral = np.zeros(w.shape)
    factors = np.empty(w.shape)
    share = np.empty(w.shape)
    # One node at a time: every pass runs over a contiguous (rows, n) array, which beats one
    # (rows, n, k) array when k is small (a reduction over its middle axis, and a batched
    # product of tiny matrices).
    for node in range(k):
        # 1 - w u = (1 - w) + w (1 - u).
        np.multiply(w_sig, one_minus_nodes[node], out=factors)
        factors += om_sig
        # G as a plain product, as in _betp_one_batch; with fewer nodes the one nearest 0
        # lies further out, but (1 - u_min)^n' stays above 1e-29 for any k (n <= 96).
        g = factors.prod(axis=1) * weights[node]
        np.divide(g[:, None], factors, out=share)
        integral += share
    unnorm = w * integral
    total = unnorm.sum(axis=1, keepdims=True)
    out: FloatArray = unnorm / total
    return out


# -- point probabilities -------------------------------------------------------------------


def entropy(p: FloatArray) -> float:
    """Shannon entropy (nats) of a distribution."""
    return float(-xlogx(p).sum())
