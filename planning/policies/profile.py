"""Short profiles reached before the budget.

A cause with a short profile (few findings a patient of it shows: a dystonic reaction, croup,
allergic sinusitis) is told apart by those few findings alone. A patient who reports less
leaves some of them out, and with a diffuse belief the information-gain choice spends the
questions on findings that split the common causes, whose weight the belief spreads over:
the cause's own remaining signs are each worth little to the whole belief (one plausible
cause in twenty), so they are never asked, and the budget runs out with the true cause among
the leaders at BetP 0.1-0.4 (DDXPlus dev, ``--sparsity 0.3``: 17 of the 65 patients of the
short-profile pathologies failed, and found 0.6 of the 3.3 positive findings left to find in
15 questions; docs/planner-robustness.md, stop 43).

:func:`reach_mask` names, while the leader is below ``StoppingRule.reach_below`` after
``StoppingRule.reach_after`` questions, the candidates that are signs of a leading cause
(among the ``reach_top`` most probable) whose profile is short: at most
``StoppingRule.reach_profile`` findings are signs of it. The policy then asks among those only,
with its own score. A sign of a cause is a finding some non-default answer of which it gives
plausibility ``SIGN_FLOOR`` or more (:func:`profile_signs`): what its patients typically show,
not the closed-world ``eps`` nor the ignorance of a thin link. Nothing here knows a dataset:
the profile is read off the links.
"""

from __future__ import annotations

import weakref

import numpy as np
from numpy.typing import NDArray

from planning.dialogue import DialogueState, StoppingRule
from planning.focus import sign_strength
from planning.network import CompiledNetwork, EvidentialNetwork

from .scoring import FloatArray, IntArray

# A finding is a sign of a cause when a non-default answer is at least this plausible under it.
SIGN_FLOOR = 0.5

_SIGNS: weakref.WeakKeyDictionary[CompiledNetwork, NDArray[np.bool_]] = weakref.WeakKeyDictionary()


def profile_signs(network: EvidentialNetwork) -> NDArray[np.bool_]:
    """``(findings, hypotheses)``: whether the finding is a sign of the hypothesis: its
    :func:`~planning.focus.sign_strength` (a non-default answer's plausibility) is at least
    ``SIGN_FLOOR``. Built once per network."""
    compiled = network.compile()
    signs = _SIGNS.get(compiled)
    if signs is None:
        rows = [sign_strength(network, j) >= SIGN_FLOOR for j in range(len(network.findings))]
        signs = np.vstack(rows) if rows else np.zeros((0, compiled.n_hypotheses), dtype=bool)
        _SIGNS[compiled] = signs
    return signs


def short_leaders(
    state: DialogueState, network: EvidentialNetwork, known: FloatArray, rule: StoppingRule
) -> IntArray:
    """The leading causes (the ``rule.reach_top`` most probable) with a short profile, while
    the rule applies (module docstring); empty otherwise."""
    if rule.reach_below <= 0.0 or known.size == 0:
        return np.zeros(0, dtype=np.intp)
    if rule.reach_before and state.turns >= rule.reach_before:
        return np.zeros(0, dtype=np.intp)
    if state.turns < rule.reach_after or float(known.max()) >= rule.reach_below:
        return np.zeros(0, dtype=np.intp)
    sizes = profile_signs(network).sum(axis=0)
    top = np.argsort(-known, kind="stable")[: rule.reach_top]
    short: IntArray = top[sizes[top] <= rule.reach_profile].astype(np.intp)
    return short


def reach_mask(
    state: DialogueState,
    network: EvidentialNetwork,
    known: FloatArray,
    rule: StoppingRule,
    questions: list[IntArray],
) -> NDArray[np.bool_] | None:
    """Which of ``questions`` (each a finding, or a multi-choice question's options) are signs
    of a short-profile leader (:func:`short_leaders`); ``None`` when none is, or the rule does
    not apply."""
    leaders = short_leaders(state, network, known, rule)
    if leaders.size == 0 or not questions:
        return None
    signs = np.asarray(profile_signs(network)[:, leaders].any(axis=1), dtype=np.bool_)
    mask = np.fromiter((bool(signs[q].any()) for q in questions), np.bool_, len(questions))
    return mask if mask.any() else None
