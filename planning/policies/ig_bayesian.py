"""IG-Bayesian: the point-probability baseline of the InfoGatherer paper.

Every conditional BBA becomes its pignistic probability, ``P(x | h) = BetP_j(x | h)`` (a
vacuous link becomes the uniform distribution, the paper's "uniform fallback for missing
values"), and the belief is an ordinary Bayesian posterior over the hypotheses, starting from
the network's priors (normalised). Questions are chosen by expected entropy reduction (the
mutual information between the answer and the hypothesis), and the shared stopping rules read
the posterior in place of BetP.

The posterior is recomputed from ``state.answers`` at every decision (a few vector products),
so the policy keeps no state of its own and the dialogue's evidential belief stays the one the
harness and the console read. Answers are read as evidence the same way the evidential update
does: "not sure" is ignored, a set-valued answer ``B`` has likelihood ``P(B | h)``, and a hedged
answer with reliability ``a`` is a noisy channel, ``a P(B | h) + (1 - a) |B| / k``. With an
open-world element it is one more hypothesis, prior proportional to its plausibility, that
answers uniformly.
"""

from __future__ import annotations

import math

import numpy as np

from planning.actions import Abstain, Action
from planning.belief import TotalConflictError
from planning.dialogue import DialogueState, StoppingRule
from planning.network import EvidentialNetwork

from .base import BeliefView, Policy
from .scoring import FloatArray, answer_table

_LN2 = math.log(2.0)


def bayesian_posterior(state: DialogueState, network: EvidentialNetwork) -> FloatArray:
    """Posterior over the known hypotheses (+ the open-world element when the state has one)."""
    compiled = network.compile()
    table = answer_table(compiled)
    n = table.n_hypotheses
    open_world = state.belief.open_world
    prior = network.prior_plausibility()
    log_p = np.log(prior / prior.sum())
    if open_world is not None:
        # Known hypotheses have plausibility 1 each (times their prior) against open_world.
        log_p = np.append(np.log(prior), math.log(open_world))
        log_p -= np.logaddexp.reduce(log_p)
    for answer in state.answers:
        if answer.is_vacuous or answer.states is None:
            continue
        j = network.finding_index[answer.finding]
        states = network.findings[j].states
        k = len(states)
        likelihood = np.zeros(n)
        for s in answer.states:
            likelihood += table.row_betp(int(table.offsets[j]) + states.index(s))
        uniform = len(answer.states) / k
        a = answer.reliability
        likelihood = a * likelihood + (1.0 - a) * uniform
        with np.errstate(divide="ignore"):
            log_p[:n] += np.log(likelihood)
            if open_world is not None:
                log_p[n] += math.log(uniform)
    top = log_p.max()
    if not np.isfinite(top):
        raise TotalConflictError("no hypothesis can explain the answers (probability 0)")
    p = np.exp(log_p - top)
    out: FloatArray = p / p.sum()
    return out


class IGBayesian(Policy):
    name = "ig-bayesian"

    def __init__(
        self, stopping: StoppingRule | None = None, seed: int = 0, *, respect_flow: bool = True
    ) -> None:
        super().__init__(stopping, seed)
        self.respect_flow = bool(respect_flow)

    def distribution(
        self, state: DialogueState, network: EvidentialNetwork, log_w: FloatArray
    ) -> FloatArray:
        return bayesian_posterior(state, network)

    def hypothetical(self, view: BeliefView, finding: int) -> FloatArray:
        table = view.table
        lo, hi = int(table.offsets[finding]), int(table.offsets[finding + 1])
        k = hi - lo
        rows = np.vstack([table.row_betp(r) for r in range(lo, hi)])
        if view.has_open_world:
            rows = np.hstack([rows, np.full((k, 1), 1.0 / k)])
        post = rows * view.distribution[np.newaxis, :]
        totals = post.sum(axis=1, keepdims=True)
        with np.errstate(invalid="ignore", divide="ignore"):
            out: FloatArray = np.where(totals > 0, post / totals, np.nan)
        return out

    def select(self, state: DialogueState, network: EvidentialNetwork, view: BeliefView) -> Action:
        candidates = self.candidates(state, view, self.respect_flow)
        if candidates.size == 0:
            return Abstain("no_informative_question", view.differential())
        mi = view.table.mutual_information(view.known, view.open_mass)[candidates]
        pick = int(np.argmax(mi))
        return self.ask(
            view,
            int(candidates[pick]),
            float(mi[pick]) / _LN2,
            "expected_entropy_reduction_bits",
        )
