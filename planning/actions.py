"""The actions a policy can choose. Every Ask carries the rationale shown to users and operators."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Rationale:
    """Why a question was chosen.

    ``separates`` lists the hypotheses whose plausibility the answer moves most (each with the
    states that would favour it); ``expected_gain`` is the policy's own score (for InfoGatherer
    the expected reduction of nonspecificity, then discord); ``answer_probability`` is the
    predictive probability of each answer.
    """

    separates: tuple[str, ...]
    expected_gain: float
    answer_probability: dict[str, float]
    score_name: str = "expected_gain"
    details: dict[str, float] = field(default_factory=dict)


@dataclass(frozen=True)
class Ask:
    finding: str
    rationale: Rationale


@dataclass(frozen=True)
class Conclude:
    hypothesis: str
    confidence: float  # max BetP at the time of concluding


@dataclass(frozen=True)
class Abstain:
    reason: str
    differential: tuple[tuple[str, float], ...]  # (hypothesis id, BetP), most likely first


@dataclass(frozen=True)
class Escalate:
    reason: str  # "red_flag", "conflict", "open_world", "requested"
    detail: str = ""
    differential: tuple[tuple[str, float], ...] = ()


Action = Ask | Conclude | Abstain | Escalate
