"""Numerical helpers the belief code needs, in NumPy alone (no SciPy).

`gauss_legendre(k)` is NumPy's Gauss-Legendre rule; its nodes and weights agree with
`scipy.special.roots_legendre` to 1e-14 for the k the planner uses (k <= 64; 3e-14 at k = 200).
`xlogx(x)` is `x * log(x)` with `0 log 0 = 0`, what `scipy.special.xlogy(x, x)` computed.
"""

from __future__ import annotations

from typing import overload

import numpy as np
from numpy.typing import NDArray

FloatArray = NDArray[np.float64]


def gauss_legendre(k: int) -> tuple[FloatArray, FloatArray]:
    """Nodes (ascending) and weights on [-1, 1]; exact for polynomials of degree <= 2k - 1."""
    x, w = np.polynomial.legendre.leggauss(k)
    return np.asarray(x, dtype=np.float64), np.asarray(w, dtype=np.float64)


@overload
def xlogx(x: float) -> float: ...


@overload
def xlogx(x: FloatArray) -> FloatArray: ...


def xlogx(x: float | FloatArray) -> float | FloatArray:
    """Elementwise `x * log(x)`, 0 where x == 0 (and nan for x < 0, like xlogy)."""
    a = np.asarray(x, dtype=np.float64)
    with np.errstate(divide="ignore", invalid="ignore"):
        # 0 * log 0 is nan here and set to 0 below: two passes fewer than masking the input.
        out = np.asarray(a * np.log(a), dtype=np.float64)
    if np.ndim(x) == 0:
        return 0.0 if a == 0.0 else float(out)
    np.copyto(out, 0.0, where=a == 0.0)
    return out
