"""The product-form closed forms equal brute-force enumeration over all 2^n subsets."""

from __future__ import annotations

import math

import numpy as np
import pyds
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from planning.belief import (
    BeliefState,
    TotalConflictError,
    batch_nonspecificity_and_discord,
    cardinality_distribution,
    summarize,
)
from tests.bruteforce import enumerate_belief, gbt_by_commonality, product_form_masses

EXAMPLES = settings(max_examples=500, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# Weights in [0, 1] with the awkward values over-represented: exact 0 and 1, ties, tiny ones.
weight = st.one_of(
    st.floats(0.0, 1.0),
    st.sampled_from([0.0, 1.0, 0.5, 1e-9, 1 - 1e-9]),
    st.floats(1e-12, 1e-3),
)


def weights(max_n: int = 10) -> st.SearchStrategy[np.ndarray]:
    return (
        st.lists(weight, min_size=1, max_size=max_n)
        .map(np.array)
        .filter(lambda w: w.max() > 0)  # all-zero is total conflict, tested separately
    )


def log(w: np.ndarray) -> np.ndarray:
    with np.errstate(divide="ignore"):
        return np.log(w)


@EXAMPLES
@given(weights())
def test_summary_equals_enumeration(w: np.ndarray) -> None:
    ref = enumerate_belief(product_form_masses(w), len(w))
    got = summarize(log(w))
    assert got.conflict == pytest.approx(ref.conflict, rel=1e-9, abs=1e-12)
    np.testing.assert_allclose(got.betp, ref.betp, rtol=1e-8, atol=1e-12)
    np.testing.assert_allclose(got.plausibility, ref.plausibility, rtol=1e-8, atol=1e-12)
    assert got.nonspecificity == pytest.approx(ref.nonspecificity, rel=1e-8, abs=1e-9)
    assert got.discord == pytest.approx(ref.discord, rel=1e-8, abs=1e-9)
    assert got.deng_entropy == pytest.approx(ref.nonspecificity + ref.discord, abs=2e-9)


@EXAMPLES
@given(weights())
def test_cardinality_distribution_equals_enumeration(w: np.ndarray) -> None:
    ref = enumerate_belief(product_form_masses(w), len(w))
    np.testing.assert_allclose(cardinality_distribution(log(w)), ref.cardinality, atol=1e-12)


plausibility_vector = st.lists(st.floats(0.0, 1.0), min_size=1, max_size=7)


@EXAMPLES
@given(
    st.integers(1, 7).flatmap(
        lambda n: st.tuples(
            st.lists(st.lists(st.floats(0.0, 1.0), min_size=n, max_size=n), min_size=1, max_size=5),
            st.lists(st.floats(0.0, 1.0), min_size=5, max_size=5),
        )
    )
)
def test_updates_equal_gbt_combination(data: tuple[list[list[float]], list[float]]) -> None:
    """Sequential GBT updates (with discounting) = conjunctive combination of commonalities."""
    rows, reliabilities = data
    n = len(rows[0])
    belief = BeliefState.initial(n)
    lifted = []
    for row, a in zip(rows, reliabilities, strict=False):
        pl = np.array(row)
        belief.update(pl, reliability=a)
        lifted.append(a * pl + (1 - a))
    masses = gbt_by_commonality(lifted)
    for subset, m in product_form_masses(belief.weights()).items():
        assert m == pytest.approx(masses[subset], abs=1e-9)
    assert belief.conflict() == pytest.approx(masses[0], abs=1e-9)


@EXAMPLES
@given(
    st.integers(1, 5).flatmap(
        lambda n: st.lists(
            st.lists(st.floats(0.01, 1.0), min_size=n, max_size=n), min_size=1, max_size=3
        )
    )
)
def test_updates_agree_with_pyds_gbt(rows: list[list[float]]) -> None:
    """The independent library's Generalized Bayesian Theorem gives the same masses."""
    n = len(rows[0])
    belief = BeliefState.initial(n)
    combined = None
    for row in rows:
        belief.update(np.array(row))
        likelihoods = [(h, p) for h, p in enumerate(row)]
        m = pyds.MassFunction.gbt(likelihoods, normalization=False)
        combined = m if combined is None else combined.combine_conjunctive(m, normalization=False)
    assert combined is not None
    ours = product_form_masses(belief.weights())
    for subset, m in ours.items():
        members = frozenset(h for h in range(n) if subset >> h & 1)
        assert combined[members] == pytest.approx(m, abs=1e-9)
    if combined[frozenset()] < 1 - 1e-9:
        normalised = combined.normalize()
        theirs = normalised.pignistic()
        ours_betp = belief.betp()
        for h in range(n):
            assert ours_betp[h] == pytest.approx(theirs[frozenset([h])], abs=1e-8)


@EXAMPLES
@given(
    st.integers(20, 400), st.integers(0, 2**31 - 1), st.sampled_from(["uniform", "heavy", "light"])
)
def test_trimmed_quadrature_matches_full_rule(n: int, seed: int, kind: str) -> None:
    """Large frames: BetP with trimmed nodes equals the untrimmed degree-exact rule."""
    from planning.belief import _gauss_legendre_01

    rng = np.random.default_rng(seed)
    w = {"uniform": rng.random(n), "heavy": 1 - rng.random(n) ** 8, "light": rng.random(n) * 1e-3}[
        kind
    ]
    got = summarize(np.log(w)).betp
    nodes, node_weights = _gauss_legendre_01(n // 2 + 1)
    factors = 1.0 - np.outer(w, nodes)
    g = np.exp(np.log(factors).sum(axis=0)) * node_weights
    with np.errstate(divide="ignore"):
        reference = w * (g / factors).sum(axis=1) / -math.expm1(np.log1p(-w).sum())
    np.testing.assert_allclose(got, reference, rtol=1e-9, atol=1e-15)
    assert got.sum() == pytest.approx(1.0, abs=1e-9)


@EXAMPLES
@given(st.lists(weights(8), min_size=1, max_size=6))
def test_batch_scoring_equals_single(rows: list[np.ndarray]) -> None:
    n = min(len(r) for r in rows)
    matrix = np.array([log(r[:n]) for r in rows])
    if not np.all(np.isfinite(matrix.max(axis=1))):
        return
    nonspec, discord = batch_nonspecificity_and_discord(matrix)
    for i, row in enumerate(matrix):
        single = summarize(row)
        assert nonspec[i] == pytest.approx(single.nonspecificity, abs=1e-12)
        assert discord[i] == pytest.approx(single.discord, abs=1e-12)


def test_total_conflict_is_reported_not_divided_by_zero() -> None:
    belief = BeliefState.initial(3)
    belief.update(np.zeros(3))
    assert belief.conflict() == 1.0
    with pytest.raises(TotalConflictError):
        belief.betp()
    with pytest.raises(TotalConflictError):
        belief.deng_entropy()
