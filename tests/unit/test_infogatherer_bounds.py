"""InfoGatherer scores a candidate's nonspecificity whole only where its bounds leave the
choice open: every choice must be the one that scoring every candidate whole gives."""

from __future__ import annotations

import numpy as np
import pytest
from numpy.typing import NDArray

from ops.management.commands.bench_planner import random_network, varied_states
from planning.dialogue import StoppingRule
from planning.policies.infogatherer import InfoGatherer
from planning.policies.scoring import FloatArray


class EveryCandidateWhole(InfoGatherer):
    """The reference: every candidate's nonspecificity gain computed exactly."""

    def _needed(
        self,
        phase: int,
        low: FloatArray,
        high: FloatArray,
        gain_d: FloatArray,
        settled: int | None,
    ) -> NDArray[np.bool_]:
        return np.ones(low.size, dtype=bool)


class Recording(InfoGatherer):
    """InfoGatherer as it is, counting the candidates its bounds leave out."""

    left_out = 0

    def _needed(
        self,
        phase: int,
        low: FloatArray,
        high: FloatArray,
        gain_d: FloatArray,
        settled: int | None,
    ) -> NDArray[np.bool_]:
        out = super()._needed(phase, low, high, gain_d, settled)
        self.left_out += int((~out).sum())
        return out


def test_bounded_scoring_chooses_as_scoring_every_candidate_whole() -> None:
    rng = np.random.default_rng(3)
    network = random_network(40, 160, 4, rng)
    states = varied_states(network, 60, rng)
    phases: set[float] = set()
    for threshold in (0.0, 1e9):  # all in phase 1, then all in phase 2, on the same states
        stopping = StoppingRule(tau=0.95, max_turns=50, red_flags="off")
        fast = Recording(stopping, nonspecificity_threshold=threshold)
        slow = EveryCandidateWhole(stopping, nonspecificity_threshold=threshold)
        for state in states:
            got, want = fast.choose(state, network), slow.choose(state, network)
            assert type(got) is type(want)
            assert getattr(got, "finding", None) == getattr(want, "finding", None)
            assert getattr(got, "hypothesis", None) == getattr(want, "hypothesis", None)
            rationale = getattr(got, "rationale", None)
            if rationale is not None:
                phases.add(rationale.details["phase"])
                other = want.rationale  # type: ignore[union-attr]
                # Scored with fewer columns, a value may differ in the last digits.
                assert rationale.expected_gain == pytest.approx(other.expected_gain, rel=1e-12)
                assert rationale.details == pytest.approx(other.details, rel=1e-12, abs=1e-15)
        assert fast.left_out > 10 * len(states)  # the bounds did leave candidates out
    assert phases == {1.0, 2.0}
