"""InfoGatherer: lexicographic expected reduction of (nonspecificity, discord).

From the InfoGatherer paper (section 2.3): for every unasked finding ``Z`` and every state
``z``, form the hypothetical posterior after the crisp answer ``Z = z`` (in product form:
``log w + log pl_Z(z | .)``), compute its nonspecificity and discord (the two parts of Deng
entropy), and weight them by the predictive answer distribution ("the current pignistic
distribution at Z": ``P(z) = sum_h BetP(h) BetP_Z(z | h)``). That gives the expected
reductions ``dN(Z)`` and ``dD(Z)``. The question is chosen by lexicographic maximisation of
``(dN, dD)``, "with the first component prioritized until nonspecificity at H drops below a
preset threshold"; after that the priority is on discord.

Reproduced as:

* phase 1 (current nonspecificity >= ``nonspecificity_threshold`` bits): maximise ``dN``;
  among the candidates within ``tolerance`` of the best ``dN``, maximise ``dD``;
* phase 2 (below the threshold): maximise ``dD``; near-ties (within ``tolerance``) go to the
  larger ``dN``;
* remaining ties go to the earlier finding in network order.

The paper gives neither the threshold nor how near a tie must be (exact lexicographic order
on real numbers would never look at the second component); both are parameters here (3 bits
and 5 %, chosen on the DDXPlus dev patients: with 1 bit, phase 1 lasted longer and dialogues
took ~0.2 more questions for the same success; the tolerance hardly mattered), and
``tolerance`` is relative to the best score (``tolerance * max(|best|, 1e-12)``), so it means
the same at every scale of uncertainty. Findings linked to no hypothesis cannot change the
belief and are never candidates; in a flowchart only the questions the answers so far make
reachable are (``respect_flow``, see :mod:`planning.policies.flow`).

One deviation, on by default (``discord="plausibility"``; ``discord="mass"`` is the paper's
rule verbatim). In product form the mass discord ``-sum_A m(A) log m(A)`` is essentially
``sum_h H(w_h)``, the uncertainty about each hypothesis' *membership* of the random focal set,
so it keeps counting hypotheses that are already implausible (every ``w_h`` of 0.01 adds 0.08
bits) and phase 2 spends questions pushing those further down instead of separating the
leaders. The second stage therefore measures discord as the Shannon entropy of the
plausibility transform ``w / sum(w)`` (Cobb and Shenoy 2006; the probability transform that
commutes with Dempster's rule), which, like the paper's discord, is the Shannon entropy when
all focal sets are singletons, and which weighs hypotheses by how plausible they are. On the
DDXPlus dev patients (4-fold, exact and noisy answers) it gave slightly higher success with
about 0.3 fewer questions than the mass discord in every setting tried.

One addition to the stopping rule (``robust_floor``, see :meth:`InfoGatherer.may_conclude`): the
leader is concluded only if it survives taking back any one soft answer. Measured on all 1566
DDXPlus dev patients, 4-fold (links learned from the other three folds), tau 0.85: with noisy
answers (5% flipped, 10% "not sure") success went from 83.5% to 85.3% and accuracy when
concluded from 90.0% to 95.1%, for 1.3 more questions (6.8); with exact answers success stayed
at 94.3% (accuracy when concluded 98.1% -> 98.9%) for one more question (5.7). A floor of 0
(the leader only has to stay the leader) cost half as many questions and recovered less
(noisy: 84.7% success, 92.4% accurate when concluded).
"""

from __future__ import annotations

from typing import Literal

import numpy as np

from planning.actions import Abstain, Action
from planning.dialogue import DialogueState, StoppingRule
from planning.network import EvidentialNetwork

from .base import BeliefView, Policy, survives_one_wrong_answer
from .scoring import FloatArray, IntArray, Method, score_candidates

Discord = Literal["mass", "plausibility"]


class InfoGatherer(Policy):
    name = "infogatherer"

    def __init__(
        self,
        stopping: StoppingRule | None = None,
        seed: int = 0,
        *,
        nonspecificity_threshold: float = 3.0,
        tolerance: float = 0.05,
        discord: Discord = "plausibility",
        method: Method = "auto",
        respect_flow: bool = True,
        robust_floor: float | None = 0.5,
    ) -> None:
        super().__init__(stopping, seed)
        self.respect_flow = bool(respect_flow)
        if robust_floor is not None and not 0.0 <= robust_floor <= 1.0:
            raise ValueError(f"robust_floor must be in [0, 1] or None, got {robust_floor}")
        self.robust_floor = None if robust_floor is None else float(robust_floor)
        if nonspecificity_threshold < 0:
            raise ValueError(
                f"nonspecificity_threshold must be >= 0 bits, got {nonspecificity_threshold}"
            )
        if not 0.0 <= tolerance < 1.0:
            raise ValueError(f"tolerance must be in [0, 1), got {tolerance}")
        if discord not in ("mass", "plausibility"):
            raise ValueError(f"discord must be 'mass' or 'plausibility', got {discord!r}")
        if method not in ("auto", "dense", "sparse"):
            raise ValueError(f"method must be auto, dense or sparse, got {method!r}")
        self.nonspecificity_threshold = float(nonspecificity_threshold)
        self.tolerance = float(tolerance)
        self.discord: Discord = discord
        self.method: Method = method

    def may_conclude(self, state: DialogueState, network: EvidentialNetwork, leader: int) -> bool:
        """With ``robust_floor`` set, only a leader that would still lead, with BetP at least
        ``robust_floor``, after taking back any one answer
        (:func:`~planning.policies.base.survives_one_wrong_answer`)."""
        if self.robust_floor is None:
            return True
        return survives_one_wrong_answer(state, network, leader, self.robust_floor)

    def select(self, state: DialogueState, network: EvidentialNetwork, view: BeliefView) -> Action:
        candidates = self.candidates(state, view, self.respect_flow)
        if candidates.size == 0:
            return Abstain("no_informative_question", view.differential())
        scores = score_candidates(
            view.table, view.log_w, view.distribution, candidates, method=self.method
        )
        gain_n = scores.gain_nonspecificity
        gain_d = scores.gain_discord if self.discord == "mass" else scores.gain_plausibility_entropy
        phase = 1 if scores.current_nonspecificity >= self.nonspecificity_threshold else 2
        primary, secondary = (gain_n, gain_d) if phase == 1 else (gain_d, gain_n)
        pick = lexicographic_choice(primary, secondary, self.tolerance)
        finding = int(candidates[pick])
        return self.ask(
            view,
            finding,
            float(primary[pick]),
            "expected_nonspecificity_reduction" if phase == 1 else "expected_discord_reduction",
            {
                "phase": float(phase),
                "nonspecificity_reduction": float(gain_n[pick]),
                "discord_reduction": float(gain_d[pick]),
                "nonspecificity": scores.current_nonspecificity,
                "discord": (
                    scores.current_discord
                    if self.discord == "mass"
                    else scores.current_plausibility_entropy
                ),
            },
        )


def lexicographic_choice(primary: FloatArray, secondary: FloatArray, tolerance: float) -> int:
    """Index maximising ``primary``; within ``tolerance`` (relative) of it, ``secondary``."""
    best = float(primary.max())
    slack = tolerance * max(abs(best), 1e-12)
    near: IntArray = np.flatnonzero(primary >= best - slack)
    return int(near[int(np.argmax(secondary[near]))])
