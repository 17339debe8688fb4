"""Multi-choice questions scored as one question.

A multi-choice question ("Where is the pain?") is several binary findings sharing a ``group``;
asking it whole answers every option at once, for one turn, as the DDXPlus questionnaire does
(the conversation service asks it whole too, as one choice list: ``bots.conversation.choice_list``).
Scoring each option as if it were asked alone undervalues the question: its worth is what the
whole answer does to the belief. That expectation runs over every combination of options,
too many to enumerate, so it is estimated by sampling, stratified by hypothesis: for each
hypothesis that carries BetP (the most plausible first, up to ``max_hypotheses`` of them and
99.9 % of the mass), ``draws`` answers are drawn option by option from ``BetP_j(. | h)`` (the
options are independent given the hypothesis in the product-form belief), each weighted
``BetP(h) / draws``; the posterior after each drawn answer is scored exactly.

The generator comes from the policy (seeded by the dialogue so far), so a decision is
deterministic.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property

import numpy as np

from .scoring import AnswerTable, FloatArray, IntArray, PosteriorColumns, score_posteriors


@dataclass(frozen=True)
class QuestionScores:
    """Expected uncertainty (bits) after the whole answer to each multi-choice question."""

    expected_nonspecificity: FloatArray
    expected_discord: FloatArray
    expected_plausibility_entropy: FloatArray
    # Bounds (lower, upper) on ``expected_nonspecificity`` where it was left out.
    nonspecificity_bounds: tuple[FloatArray, FloatArray] | None = None


@dataclass(frozen=True)
class DrawnAnswers:
    """Sampled whole answers to multi-choice questions: one posterior (log weights) per draw,
    its weight (``BetP(h) / draws``) and the question it answers (``owner``), draws of the
    same question contiguous."""

    posterior: FloatArray
    weight: FloatArray
    owner: IntArray
    n_questions: int
    n_hypotheses: int

    @cached_property
    def columns(self) -> PosteriorColumns:
        """The draws laid out for scoring, once for every call of :meth:`expected`."""
        return PosteriorColumns.of(self.posterior, self.n_hypotheses)

    def expected(
        self,
        subset: IntArray | None = None,
        *,
        nonspecificity: bool = True,
        discord: bool = True,
    ) -> QuestionScores:
        """Expected uncertainty after each question (or each of ``subset``, in its order).

        Each draw is scored on its own (column by column), so a question's values do not
        depend on which others are scored with it; ``nonspecificity=False`` leaves the
        costliest part out (``nan``) and gives bounds on it instead; ``discord=False`` leaves
        discord and plausibility entropy out (``nan``)."""
        questions = np.arange(self.n_questions) if subset is None else np.asarray(subset)
        position = np.full(self.n_questions, -1, dtype=np.intp)
        position[questions] = np.arange(questions.size)
        keep = position[self.owner] >= 0
        owner = position[self.owner[keep]]
        weight = self.weight[keep]
        bounds: list[FloatArray] = []
        columns = self.columns if keep.all() else self.columns.take(np.flatnonzero(keep))
        nonspec, discord_, entropy = score_posteriors(
            columns, self.n_hypotheses, nonspecificity, bounds, discord
        )
        mass = np.bincount(owner, weights=weight, minlength=questions.size)
        mass = np.where(mass > 0, mass, 1.0)

        def expected(values: FloatArray) -> FloatArray:
            total = np.bincount(owner, weights=weight * values, minlength=questions.size)
            out: FloatArray = np.asarray(total / mass, dtype=np.float64)
            return out

        return QuestionScores(
            expected(nonspec),
            expected(discord_),
            expected(entropy),
            (expected(bounds[0]), expected(bounds[1])) if bounds else None,
        )


def score_questions(
    table: AnswerTable,
    log_w: FloatArray,
    distribution: FloatArray,
    questions: Sequence[IntArray],
    rng: np.random.Generator,
    *,
    draws: int = 3,
    max_hypotheses: int = 24,
) -> QuestionScores:
    """Expected uncertainty after asking each question (its options' finding indices);
    :func:`draw_answers` then :meth:`DrawnAnswers.expected`."""
    drawn = draw_answers(
        table, log_w, distribution, questions, rng, draws=draws, max_hypotheses=max_hypotheses
    )
    return drawn.expected()


def draw_answers(
    table: AnswerTable,
    log_w: FloatArray,
    distribution: FloatArray,
    questions: Sequence[IntArray],
    rng: np.random.Generator,
    *,
    draws: int = 3,
    max_hypotheses: int = 24,
) -> DrawnAnswers:
    """Whole answers to each question (its options' finding indices), sampled as the module
    docstring says.

    ``log_w`` and ``distribution`` are over the known hypotheses plus, when one longer, the
    open-world element (unchanged by any answer, and not sampled from: it answers uniformly and
    so carries no information about which option is chosen).
    """
    n = table.n_hypotheses
    known = np.asarray(distribution[:n], dtype=np.float64)
    total = float(known.sum())
    if total <= 0.0 or any(options.size == 0 for options in questions):
        raise ValueError("a question needs options and a belief with mass on known hypotheses")
    order = np.argsort(-known, kind="stable")
    covered = np.searchsorted(np.cumsum(known[order]) / total, 0.999) + 1
    hypotheses = order[: min(int(covered), max_hypotheses)]
    hypotheses = hypotheses[known[hypotheses] > 0.0]
    sampled = np.repeat(hypotheses, draws)
    blocks = _drawn_posteriors(table, log_w, questions, sampled, rng)
    posterior = np.vstack(blocks) if blocks else np.zeros((0, log_w.shape[0]))
    weight = np.tile(np.repeat(known[hypotheses], draws), len(questions))
    owner = np.repeat(np.arange(len(questions)), sampled.size)
    # A drawn answer can rule every hypothesis out only through a zero BetP row; such draws
    # carry no weight rather than being scored as a total conflict.
    alive = posterior[:, :n].max(axis=1) > -1e3
    return DrawnAnswers(posterior[alive], weight[alive], owner[alive], len(questions), n)


def _drawn_posteriors(
    table: AnswerTable,
    log_w: FloatArray,
    questions: Sequence[IntArray],
    sampled: IntArray,
    rng: np.random.Generator,
) -> list[FloatArray]:
    """For each question, one posterior (log weights) per entry of ``sampled``: after an
    answer to every option drawn from ``BetP_j(. | h)`` of that entry's hypothesis ``h``.

    The questions' uniforms come from one call, which draws the same numbers as one call per
    question in turn; their rows are gathered once."""
    n = table.n_hypotheses
    sizes = [options.size for options in questions]
    every = np.concatenate(questions) if questions else np.zeros(0, dtype=np.intp)
    u_all = rng.random((every.size, sampled.size))
    counts_all = table.n_states[every]
    rows_all = table.rows_of(every)
    betp_all, log_pl_all = _rows(table, rows_all)
    # A pl of 0 (an answer that rules a hypothesis out) is kept finite so the product with
    # the 0/1 choices stays exact: exp(-1e4) is 0 in floating point.
    log_pl_all = np.maximum(log_pl_all, -1e4)
    option_at = np.concatenate(([0], np.cumsum(sizes))).astype(np.intp)
    row_at = np.concatenate(([0], np.cumsum(counts_all))).astype(np.intp)[option_at]
    out: list[FloatArray] = []
    for q, options in enumerate(questions):
        u = u_all[option_at[q] : option_at[q + 1]]
        counts = counts_all[option_at[q] : option_at[q + 1]]
        betp = betp_all[row_at[q] : row_at[q + 1]]
        log_pl = log_pl_all[row_at[q] : row_at[q + 1]]
        if bool(np.all(counts == 2)):  # yes/no options (every DDXPlus one): one comparison each
            first = betp[0::2][:, sampled]
            second = u * (first + betp[1::2][:, sampled]) >= first  # (options, sampled)
            # chosen[s, 2 i + x]: 1 where option i's drawn answer is x.
            pairs = np.empty((sampled.size, options.size, 2))
            pairs[:, :, 1] = second.T
            pairs[:, :, 0] = 1.0 - pairs[:, :, 1]
            chosen: FloatArray = pairs.reshape(sampled.size, 2 * options.size)
        else:
            chosen = np.zeros((sampled.size, log_pl.shape[0]))
            start = 0
            for i, k in enumerate(int(c) for c in counts):
                cumulative = np.cumsum(betp[start : start + k][:, sampled], axis=0)
                state = np.minimum((u[i] * cumulative[-1] >= cumulative).sum(axis=0), k - 1)
                chosen[np.arange(sampled.size), start + state] = 1.0
                start += k
        posterior = np.tile(log_w, (sampled.size, 1))
        posterior[:, :n] += chosen @ log_pl
        out.append(posterior)
    return out


def _rows(table: AnswerTable, rows: IntArray) -> tuple[FloatArray, FloatArray]:
    """``BetP_j(x | h)`` and ``log pl_j(x | h)`` of ``rows``, each ``(rows, hypotheses)``."""
    if table.dense is not None:
        return table.dense.betp[rows], table.dense.log_pl[rows]
    return (
        np.stack([table.row_betp(int(r)) for r in rows]),
        np.stack([table.row_log_pl(int(r)) for r in rows]),
    )
