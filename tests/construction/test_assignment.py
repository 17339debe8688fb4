"""The benchmark's one-to-one matching finds the best total weight (checked by brute force)."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from knowledge.construction.assignment import max_weight_assignment


def best_by_brute_force(weights: np.ndarray) -> float:
    n, m = weights.shape
    if n <= m:
        return max(
            sum(weights[i, p[i]] for i in range(n)) for p in itertools.permutations(range(m), n)
        )
    return max(sum(weights[p[j], j] for j in range(m)) for p in itertools.permutations(range(n), m))


@pytest.mark.parametrize("seed", range(5))
def test_assignment_is_one_to_one_and_optimal(seed: int) -> None:
    rng = np.random.default_rng(seed)
    for _ in range(60):
        n, m = (int(x) for x in rng.integers(1, 6, size=2))
        weights = rng.random((n, m)) * (rng.random((n, m)) > 0.3)  # sparse, as thresholded
        rows, cols = max_weight_assignment(weights)
        assert len(set(rows)) == len(set(cols)) == len(rows) == min(n, m)
        assert weights[rows, cols].sum() == pytest.approx(best_by_brute_force(weights))


def test_an_empty_grid_assigns_nothing() -> None:
    assert max_weight_assignment(np.zeros((0, 3))) == ([], [])
