"""Simulated users: evaluation cases and a user who answers questions from one of them.

A :class:`Case` is what one labelled conversation knows: the true hypothesis, the answer the
user would give to each finding, and what the user volunteers up front. A
:class:`SimulatedUser` plays a case back, optionally with noise ("not sure", flipped answers,
hedges), so every policy can be run on the same cases under the same conditions.

Noise is drawn from a generator seeded by ``(seed, case id, finding id, how many times that
finding was asked)`` (a multi-choice question uses its own id for the finding's). That makes a
run deterministic given the seed, independent of the order cases are played in, and also
independent of the order questions are asked in: two policies that both ask finding ``j`` of a
case get the same (possibly noisy) answer, so a difference in their results comes from the
policies and not from different luck.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

import numpy as np

from planning.evidence import Answer

UNSURE = "not sure"
T = TypeVar("T")


@dataclass(frozen=True)
class Case:
    """One evaluation case.

    ``answers`` maps a finding id to the state this case would answer; a finding absent from the
    mapping is answered "not sure". ``opening`` is the evidence volunteered in the opening
    complaint (applied before any question); ``complaint`` is its text.
    """

    id: str
    true_hypothesis: str
    answers: Mapping[str, str]
    opening: tuple[Answer, ...] = ()
    complaint: str = ""
    metadata: dict[str, Any] = field(default_factory=dict)


def stable_hash(text: str) -> int:
    """A 64-bit hash of ``text`` that, unlike ``hash()``, is the same in every process."""
    return int.from_bytes(hashlib.blake2b(text.encode("utf-8"), digest_size=8).digest(), "big")


def _check_rate(name: str, value: float) -> float:
    if not 0.0 <= value <= 1.0:
        raise ValueError(f"{name} must be in [0, 1], got {value}")
    return float(value)


class SimulatedUser:
    """Answers questions as the person in ``case`` would, with optional noise.

    For each question: with probability ``unsure_rate`` the answer is "not sure"; otherwise the
    case's state, replaced with probability ``flip_rate`` by another state chosen uniformly; and,
    independently, with probability ``hedge_rate`` the answer is hedged ("I think so"), i.e.
    carries reliability ``hedge_reliability``.
    """

    def __init__(
        self,
        case: Case,
        *,
        flip_rate: float = 0.0,
        unsure_rate: float = 0.0,
        hedge_rate: float = 0.0,
        hedge_reliability: float = 0.7,
        seed: int = 0,
    ) -> None:
        self.case = case
        self.flip_rate = _check_rate("flip_rate", flip_rate)
        self.unsure_rate = _check_rate("unsure_rate", unsure_rate)
        self.hedge_rate = _check_rate("hedge_rate", hedge_rate)
        self.hedge_reliability = _check_rate("hedge_reliability", hedge_reliability)
        if seed < 0:
            raise ValueError(f"seed must be non-negative, got {seed}")
        self.seed = int(seed)
        self._case_key = stable_hash(case.id)
        self._times_asked: dict[str, int] = {}

    @property
    def opening(self) -> tuple[Answer, ...]:
        """What the user volunteers before any question (their complaint), noise-free."""
        return self.case.opening

    def true_state(self, finding_id: str) -> str | None:
        """The case's exact answer, or ``None`` where the case does not know."""
        return self.case.answers.get(finding_id)

    def utterances(self, finding_id: str) -> tuple[str, ...]:
        """The user's own words for this finding, where the case recorded any (FloDial)."""
        texts = self.case.metadata.get("utterances", {}).get(finding_id, ())
        return tuple(str(t) for t in texts)

    def answer_question(
        self, question: str, options: tuple[tuple[str, tuple[str, ...]], ...]
    ) -> tuple[Answer, ...]:
        """The answers to a multi-choice question (``question``, its options as ``(finding
        id, states)``), given at once. The noise is per question, as for any other question:
        with probability ``unsure_rate`` "not sure" to the whole question; with probability
        ``flip_rate`` one option, chosen uniformly, answered wrongly (a wrong location among the
        right ones, say); with probability ``hedge_rate`` every option hedged. An option whose
        answer the case does not know is "not sure"."""
        if len(options) == 1:
            finding_id, states = options[0]
            return (self.answer(finding_id, states),)
        rng = self._rng(question)
        u_unsure, u_flip, u_hedge, u_pick, u_state = rng.random(5)
        if u_unsure < self.unsure_rate:
            return tuple(Answer.unsure(finding_id) for finding_id, _ in options)
        flipped = _pick(range(len(options)), u_pick) if u_flip < self.flip_rate else -1
        reliability = self.hedge_reliability if u_hedge < self.hedge_rate else 1.0
        out: list[Answer] = []
        for i, (finding_id, states) in enumerate(options):
            truth = self._truth(finding_id, states)
            if truth is None:
                out.append(Answer.unsure(finding_id))
                continue
            others = [s for s in states if s != truth]
            state = _pick(others, u_state) if i == flipped and others else truth
            out.append(Answer(finding_id, (state,), reliability))
        return tuple(out)

    def _truth(self, finding_id: str, states: tuple[str, ...]) -> str | None:
        """The case's answer, ``None`` where the case does not know it ("not sure")."""
        truth = self.case.answers.get(finding_id)
        if truth is None or truth == UNSURE:
            return None
        if truth not in states:
            raise ValueError(
                f"case {self.case.id!r}: answer {truth!r} for finding {finding_id!r} "
                f"is not one of its states {states}"
            )
        return truth

    def _rng(self, finding_id: str) -> np.random.Generator:
        asked = self._times_asked.get(finding_id, 0)
        self._times_asked[finding_id] = asked + 1
        return np.random.default_rng([self.seed, self._case_key, stable_hash(finding_id), asked])

    def answer(self, finding_id: str, states: tuple[str, ...] | list[str]) -> Answer:
        """The answer to the question about ``finding_id`` whose possible states are ``states``."""
        states = tuple(states)
        truth = self._truth(finding_id, states)
        if truth is None:
            return Answer.unsure(finding_id)
        rng = self._rng(finding_id)
        # Always draw the same number of values so each noise kind uses a fixed slot.
        u_unsure, u_flip, u_hedge, u_pick = rng.random(4)
        if u_unsure < self.unsure_rate:
            return Answer.unsure(finding_id)
        others = [s for s in states if s != truth]
        state = _pick(others, u_pick) if others and u_flip < self.flip_rate else truth
        reliability = self.hedge_reliability if u_hedge < self.hedge_rate else 1.0
        return Answer(finding_id, (state,), reliability)


def _pick(items: Sequence[T], u: float) -> T:
    """The item a uniform draw ``u`` in [0, 1) selects."""
    return items[min(int(u * len(items)), len(items) - 1)]
