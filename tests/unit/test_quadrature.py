"""planning.quadrature: NumPy's Gauss-Legendre rule and x log x (what SciPy used to give)."""

from __future__ import annotations

import math

import numpy as np
import pytest

from planning.quadrature import gauss_legendre, xlogx


@pytest.mark.parametrize("k", [1, 2, 3, 7, 16, 40, 64])
def test_gauss_legendre_is_exact_to_degree_2k_minus_1(k: int) -> None:
    x, w = gauss_legendre(k)
    assert np.all(np.diff(x) > 0) and w.sum() == pytest.approx(2.0, abs=1e-13)
    for degree in range(2 * k):
        exact = 0.0 if degree % 2 else 2.0 / (degree + 1)
        assert float(w @ x**degree) == pytest.approx(exact, abs=1e-12)


def test_known_nodes() -> None:
    x, w = gauss_legendre(2)
    assert x == pytest.approx([-1 / math.sqrt(3), 1 / math.sqrt(3)], abs=1e-15)
    assert w == pytest.approx([1.0, 1.0], abs=1e-15)


def test_xlogx() -> None:
    assert xlogx(0.0) == 0.0
    assert xlogx(1.0) == 0.0
    assert xlogx(0.5) == pytest.approx(0.5 * math.log(0.5))
    got = xlogx(np.array([0.0, 0.25, 1.0, 2.0]))
    assert got == pytest.approx([0.0, 0.25 * math.log(0.25), 0.0, 2 * math.log(2)])
    assert math.isnan(float(xlogx(np.array([-1.0]))[0]))
