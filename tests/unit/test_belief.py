"""BeliefState behaviour: stability, open world, hedges, persistence, input errors."""

from __future__ import annotations

import numpy as np
import pytest

from planning.belief import BeliefState, summarize


def test_stable_for_ten_thousand_hypotheses_and_two_hundred_updates() -> None:
    rng = np.random.default_rng(7)
    n = 10_000
    belief = BeliefState.initial(n)
    truth = 1234
    for _ in range(200):
        pl = rng.uniform(0.05, 0.6, n)
        pl[truth] = 0.9  # the true cause explains every answer well
        belief.update(pl)
    # Raw weights underflow double precision by hundreds of orders of magnitude...
    assert belief.log_w.max() < -20
    assert np.all(np.isfinite(belief.log_w))
    summary = belief.summary()
    # ...yet the normalised belief is finite, sums to one and ranks the truth first.
    assert np.all(np.isfinite(summary.betp))
    assert summary.betp.sum() == pytest.approx(1.0, abs=1e-9)
    assert int(np.argmax(summary.betp)) == truth
    assert summary.nonspecificity >= 0 and summary.discord >= 0


def test_collapsed_regime_is_continuous_with_regular_regime() -> None:
    """Just above and just below the collapse threshold give the same normalised belief."""
    base = np.log(np.array([0.5, 0.25, 0.125]))
    above = summarize(base - 590.0)
    below = summarize(base - 610.0)
    np.testing.assert_allclose(above.betp, below.betp, rtol=1e-12)
    np.testing.assert_allclose(above.betp, [4 / 7, 2 / 7, 1 / 7], rtol=1e-12)
    assert above.discord == pytest.approx(below.discord, rel=1e-12)
    assert above.nonspecificity == pytest.approx(0.0, abs=1e-12)


def test_vacuous_belief_is_maximally_nonspecific() -> None:
    belief = BeliefState.initial(4)
    s = belief.summary()
    assert s.conflict == 0.0
    np.testing.assert_allclose(s.betp, 0.25)
    assert s.nonspecificity == pytest.approx(np.log2(2**4 - 1))
    assert s.discord == pytest.approx(0.0, abs=1e-12)


def test_hedged_answer_moves_belief_less_than_crisp() -> None:
    pl = np.array([1.0, 0.1, 0.1])
    crisp = BeliefState.initial(3)
    crisp.update(pl)
    hedged = BeliefState.initial(3)
    hedged.update(pl, reliability=0.6)
    unsure = BeliefState.initial(3)
    unsure.update(pl, reliability=0.0)
    assert crisp.betp()[0] > hedged.betp()[0] > unsure.betp()[0] == pytest.approx(1 / 3)


def test_open_world_takes_mass_when_answers_fit_no_known_cause() -> None:
    belief = BeliefState.initial(3, open_world=0.1)
    assert belief.open_world_mass() < 0.1
    for _ in range(4):
        belief.update(np.array([0.05, 0.05, 0.05]))
    assert belief.open_world_mass() > 0.9


def test_prior_shapes_betp() -> None:
    belief = BeliefState.initial(2, prior=[1.0, 0.5])
    betp = belief.betp()
    assert betp[0] > betp[1]


def test_round_trip_keeps_ruled_out_hypotheses() -> None:
    belief = BeliefState.initial(3, open_world=0.2)
    belief.update(np.array([0.0, 0.5, 1.0]))
    clone = BeliefState.from_dict(belief.to_dict())
    np.testing.assert_array_equal(clone.log_w, belief.log_w)
    assert clone.conflict_history == belief.conflict_history
    assert clone.open_world == 0.2


@pytest.mark.parametrize(
    ("pl", "message"),
    [
        ([0.5, 1.5], r"pl\[1\] = 1.5 is not a plausibility"),
        ([0.5, -0.1], r"pl\[1\] = -0.1 is not a plausibility"),
        ([0.5], r"shape \(1,\), expected \(2,\)"),
        ([0.5, float("nan")], "non-finite"),
    ],
)
def test_invalid_update_names_the_problem(pl: list[float], message: str) -> None:
    belief = BeliefState.initial(2)
    with pytest.raises(ValueError, match=message):
        belief.update(pl)
    np.testing.assert_array_equal(belief.log_w, 0.0)  # nothing half-applied


def test_invalid_prior_and_reliability() -> None:
    with pytest.raises(ValueError, match="prior"):
        BeliefState.initial(2, prior=[0.0, 1.0])
    with pytest.raises(ValueError, match="reliability"):
        BeliefState.initial(2).update([1.0, 1.0], reliability=1.2)
