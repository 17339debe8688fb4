"""What one policy did on one evaluation case, recomputed from the dialogue's final state.

The evaluation (``manage.py evaluate``) plays each case through the conversation service and
builds a :class:`CaseResult` from the state the dialogue ended in (:func:`case_result`);
:mod:`planning.metrics` summarises them. Pure Python, no I/O.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .actions import Abstain, Action, Conclude, Escalate
from .dialogue import DialogueState
from .network import EvidentialNetwork
from .simulation import Case
from .triage import ROUTINE_LEVELS, URGENT_LEVELS, ranking_triage_level, uncertain

CONCLUDED, ABSTAINED, ESCALATED = "concluded", "abstained", "escalated"
OUTCOMES = (CONCLUDED, ABSTAINED, ESCALATED)
TOP_K = 3
_TIE_RTOL = 1e-12


class ResultError(RuntimeError):
    """A dialogue's end does not fit its case or network."""


@dataclass(frozen=True)
class CaseResult:
    """What one policy did on one case.

    ``confidence`` is the BetP of the concluded hypothesis in the final state (the maximum BetP
    whenever the policy concludes its leading hypothesis, as the stopping rule does); ``None``
    unless the case was concluded. ``top3`` are the three known hypotheses with the highest
    BetP (> 0) at the end, most likely first: the pignistic ranking is the one the product shows
    operators as the differential. ``true_rank`` is the rank of the true hypothesis in that
    ranking counted pessimistically, as the number of known hypotheses whose BetP is at least
    its own (``None`` when its BetP is 0): a true hypothesis tied with many others is not
    "among the three most plausible" just because ties are listed in network order.
    ``red_flags`` lists, in order, the findings whose answers (opening included) tripped a
    red-flag rule. ``decision_ms`` has one entry per call to
    ``policy.choose``, the final stopping decision included. ``stated_confidence`` is what the
    policy itself claimed when concluding (a Bayesian baseline states its own posterior).
    """

    case_id: str
    true_hypothesis: str
    outcome: str
    concluded: str | None
    confidence: float | None
    turns: int
    asked: tuple[str, ...]
    top3: tuple[str, ...]
    true_betp: float
    true_rank: int | None
    red_flags: tuple[str, ...]
    decision_ms: tuple[float, ...]
    reason: str = ""
    stated_confidence: float | None = None
    # The true hypothesis' severity (1 most severe .. 5; None where the network has none, as
    # on FloDial) and the triage level the product would give at the end
    # (planning.triage.state_triage_level; None where triage means nothing).
    severity: int | None = None
    triage_level: str | None = None
    # The combined evidence's conflict K and the open-world element's BetP at the end (what
    # planning.triage.uncertain holds a routine outcome against).
    conflict: float | None = None
    open_mass: float | None = None
    # Why routine advice would be unsafe at the end (planning.triage.uncertain), "" if not.
    uncertain: str = ""
    # The level the user was told with a conclusion (routine, self-care, ...), as the
    # conversation service said it; None when it told none (the evaluation through the
    # service fills it in; metrics.routine_under_conflict reads it).
    told_level: str | None = None

    @property
    def escalated(self) -> bool:
        """Ended escalated, tripped a red flag, or ended with an emergency triage level: the
        product escalates a patient's case in all three (with ``red_flags="flag"`` the evaluation
        records a red flag and plays on)."""
        return self.outcome == ESCALATED or bool(self.red_flags) or self.triage_level == "emergency"

    @property
    def flagged_urgent(self) -> bool:
        """Escalated, or given an emergency or urgent triage level."""
        return self.escalated or self.triage_level in URGENT_LEVELS

    @property
    def correct(self) -> bool:
        """Concluded, naming the true hypothesis."""
        return self.outcome == CONCLUDED and self.concluded == self.true_hypothesis

    @property
    def in_top3(self) -> bool:
        """The true hypothesis is among the three most plausible (by BetP) at the end."""
        return self.true_rank is not None and self.true_rank <= TOP_K

    def to_dict(self) -> dict[str, Any]:
        return {
            "case_id": self.case_id,
            "true_hypothesis": self.true_hypothesis,
            "outcome": self.outcome,
            "concluded": self.concluded,
            "confidence": self.confidence,
            "turns": self.turns,
            "asked": list(self.asked),
            "top3": list(self.top3),
            "true_betp": self.true_betp,
            "true_rank": self.true_rank,
            "red_flags": list(self.red_flags),
            "decision_ms": list(self.decision_ms),
            "reason": self.reason,
            "stated_confidence": self.stated_confidence,
            "severity": self.severity,
            "triage_level": self.triage_level,
        }


def case_result(
    case: Case,
    network: EvidentialNetwork,
    state: DialogueState,
    action: Action,
    asked: tuple[str, ...],
    times: tuple[float, ...],
) -> CaseResult:
    """What a dialogue that ended with ``action`` in ``state`` did on ``case``. Nothing a
    policy says about the belief is trusted: the confidence and the ranking are recomputed
    from the state."""
    if case.true_hypothesis not in network.hypothesis_index:
        raise ResultError(
            f"case {case.id!r}: true hypothesis {case.true_hypothesis!r} is not in network "
            f"{network.name!r}"
        )
    ranking = state.ranking(network)  # empty under total conflict
    betp = dict(ranking)
    true_betp = betp.get(case.true_hypothesis, 0.0)
    concluded: str | None = None
    confidence: float | None = None
    stated: float | None = None
    reason = ""
    if isinstance(action, Conclude):
        outcome = CONCLUDED
        concluded = action.hypothesis
        if concluded not in network.hypothesis_index:
            raise ResultError(f"case {case.id!r}: concluded unknown hypothesis {concluded!r}")
        confidence = betp.get(concluded, 0.0)
        stated = float(action.confidence)
    elif isinstance(action, Abstain):
        outcome, reason = ABSTAINED, action.reason
    elif isinstance(action, Escalate):
        outcome, reason = ESCALATED, action.reason
    else:
        raise ResultError(f"case {case.id!r}: the policy returned {action!r}, not an action")
    level = ranking_triage_level(ranking, state.red_flags, network, state)
    doubt = uncertain(state, network)
    if outcome == CONCLUDED and level in ROUTINE_LEVELS and doubt:
        # The product gives no routine advice on evidence that contradicts it: a nurse
        # reviews the case (bots.conversation.safety.nurse_review), as after an abstention.
        outcome, reason = ABSTAINED, "uncertain"
    return CaseResult(
        case_id=case.id,
        true_hypothesis=case.true_hypothesis,
        outcome=outcome,
        concluded=concluded,
        confidence=confidence,
        turns=state.turns,
        asked=asked,
        # A hypothesis the evidence has ruled out (BetP 0) is not among the plausible ones,
        # however few hypotheses the network has.
        top3=tuple(h for h, p in ranking if p > 0.0)[:TOP_K],
        true_betp=true_betp,
        true_rank=_pessimistic_rank(true_betp, ranking),
        red_flags=tuple(flag.finding for flag in state.red_flags),
        decision_ms=times,
        reason=reason,
        stated_confidence=stated,
        severity=network.hypothesis(case.true_hypothesis).severity,
        triage_level=level,
        conflict=state.belief.conflict(),
        open_mass=state.belief.open_world_mass(),
        uncertain=doubt,
    )


def _pessimistic_rank(p_true: float, ranking: list[tuple[str, float]]) -> int | None:
    if p_true <= 0.0:
        return None
    # Equal weights give bitwise-equal BetP; the tolerance only absorbs rounding in products
    # that are equal on paper but were accumulated in a different order.
    floor = p_true * (1.0 - _TIE_RTOL)
    return sum(1 for _, p in ranking if p >= floor)
