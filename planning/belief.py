"""The product-form belief over a large hypothesis frame (design section 3).

Observing finding ``j`` in state ``x`` gives, by the Generalized Bayesian Theorem, a belief on
the hypothesis frame whose commonality is ``q(A) = prod_{h in A} pl_j(x | h)``. Conjunctive
combination multiplies commonalities, so after any number of answers the belief is described
by one weight per hypothesis, ``w_h = prod_j pl_j(x_j | h)``, and

    m(A) = prod_{h in A} w_h * prod_{h not in A} (1 - w_h),      m(empty) = K (the conflict).

Read this way, ``m`` is the law of a random set that contains each ``h`` independently with
probability ``w_h``. Everything we need follows from that:

* ``Pl({h}) = w_h``; the size ``|A|`` is Poisson-binomial with generating function
  ``G(z) = prod_h (1 - w_h + w_h z)``.
* Nonspecificity ``sum_A m(A) log2(2^|A| - 1)`` equals ``E|A| + E[log2(1 - 2^-|A|)]``; expanding
  the logarithm turns the second term into ``-(1/ln 2) sum_m (G(2^-m) - K) / m``, a series whose
  terms shrink like ``2^-m``. So it costs ``O(n * terms)``, not ``O(2^n)``.
* Discord ``-sum_A m(A) log2 m(A)`` is the entropy of independent Bernoullis, ``sum_h H(w_h)``,
  corrected for the empty set when normalising.
* ``BetP(h) = w_h E[1 / (1 + |A \\ {h}|)] / (1 - K)`` and ``E[1 / (1 + S)] = int_0^1 G_S(t) dt``;
  the integrand is a polynomial, so Gauss-Legendre quadrature with ``deg/2 + 1`` nodes is exact.

Weights are stored as logarithms so that hundreds of updates over thousands of hypotheses
neither underflow nor lose their ordering. When every weight is below ``exp(-600)`` the
normalised belief has collapsed onto singletons up to terms of relative size ``1e-260``, and
the quantities are computed from the log weights directly (a softmax), which is exact in
double precision.

Normalised quantities (the default) apply Dempster's normalisation ``m(A) / (1 - K)`` at query
time; because Dempster's rule is associative this equals normalising after every update.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

import numpy as np
from numpy.typing import ArrayLike, NDArray

from planning.quadrature import gauss_legendre

FloatArray = NDArray[np.float64]

# Below this largest log-weight the normalised belief is a softmax of the log weights.
_COLLAPSE_LOG = -600.0
COLLAPSE_LOG = _COLLAPSE_LOG  # public: vectorised scorers elsewhere use the same regime switch
# Terms of the nonspecificity series; the truncation error is below 2^-SERIES_TERMS.
SERIES_TERMS = 48
# Hypotheses lighter than this change the quadrature integrand by less than one ulp.
_NEGLIGIBLE_W = 1e-18
_LN2 = math.log(2.0)


class TotalConflictError(ArithmeticError):
    """Every hypothesis has been ruled out: the normalised belief is undefined (K = 1)."""


# -- elementwise helpers ------------------------------------------------------------------


def log1mexp(log_w: FloatArray) -> FloatArray:
    """``log(1 - exp(log_w))`` for ``log_w <= 0``, accurate at both ends (Maechler 2012)."""
    out = np.empty_like(log_w)
    near_one = log_w > -_LN2
    with np.errstate(divide="ignore"):
        out[near_one] = np.log(-np.expm1(log_w[near_one]))
    out[~near_one] = np.log1p(-np.exp(log_w[~near_one]))
    return out


def _log_expm1(d: FloatArray) -> FloatArray:
    """``log(exp(d) - 1)`` for ``d >= 0`` without overflow."""
    out = np.empty_like(d)
    big = d > 1.0
    out[big] = d[big] + np.log1p(-np.exp(-d[big]))
    with np.errstate(divide="ignore"):
        out[~big] = np.log(np.expm1(d[~big]))
    return out


@lru_cache(maxsize=64)
def _gauss_legendre_01(k: int) -> tuple[FloatArray, FloatArray]:
    """Nodes and weights on [0, 1]; exact for polynomials of degree <= 2k - 1."""
    x, w = gauss_legendre(k)
    return (x + 1.0) / 2.0, w / 2.0


@lru_cache(maxsize=4)
def _series_points(terms: int) -> tuple[FloatArray, FloatArray]:
    m = np.arange(1, terms + 1, dtype=np.float64)
    return np.exp2(-m), 1.0 / m


# -- the summary of a weight vector --------------------------------------------------------


@dataclass(frozen=True)
class BeliefSummary:
    """Normalised (Dempster) quantities of a product-form belief, computed together."""

    conflict: float
    betp: FloatArray
    plausibility: FloatArray
    nonspecificity: float
    discord: float

    @property
    def deng_entropy(self) -> float:
        return self.nonspecificity + self.discord


def _check_not_total_conflict(log_w: FloatArray) -> None:
    if log_w.size == 0 or not np.isfinite(log_w.max()):
        raise TotalConflictError("every hypothesis has weight 0 (total conflict, K = 1)")


def log_conflict(log_w: FloatArray) -> float:
    """``log K`` with ``K = prod_h (1 - w_h)``; ``-inf`` when some ``w_h == 1``."""
    return float(log1mexp(log_w).sum())


def conflict(log_w: FloatArray) -> float:
    return math.exp(log_conflict(log_w))


def _one_minus_conflict(log_k: float) -> float:
    return -math.expm1(log_k)


def plausibility(log_w: FloatArray, normalize: bool = True) -> FloatArray:
    """``Pl({h})``: ``w_h``, divided by ``1 - K`` when normalising."""
    if not normalize:
        return np.exp(log_w)
    _check_not_total_conflict(log_w)
    if log_w.max() < _COLLAPSE_LOG:
        return _softmax(log_w)
    return np.asarray(np.exp(log_w) / _one_minus_conflict(log_conflict(log_w)))


def betp(log_w: FloatArray) -> FloatArray:
    """Pignistic probability ``BetP(h)`` of the normalised belief, exactly.

    ``BetP(h) = w_h I_h / (1 - K)`` with ``I_h = int_0^1 G(u) / (1 - w_h u) du`` and
    ``G(u) = prod_g (1 - w_g u)``. Gauss-Legendre quadrature is exact for the polynomial
    integrand; we use fewer nodes only where the dropped part is provably below 1e-17 of the
    result (a short Taylor tail when the weights are light, or nodes where G has decayed).
    """
    _check_not_total_conflict(log_w)
    if log_w.max() < _COLLAPSE_LOG:
        return _softmax(log_w)
    w = np.exp(log_w)
    one_minus_k = _one_minus_conflict(log_conflict(log_w))
    if w.shape[0] <= _SMALL_FRAME:
        # Small frames: the full degree-exact rule directly; sorting and trimming cost more
        # than they save here.
        nodes, node_weights = _gauss_legendre_01(w.shape[0] // 2 + 1)
        factors = 1.0 - np.multiply.outer(w, nodes)
        g = np.exp(np.log(factors).sum(axis=0)) * node_weights
        small: FloatArray = w * (g / factors).sum(axis=1) / one_minus_k
        return small
    significant = w > _NEGLIGIBLE_W
    values, inverse, counts = np.unique(w[significant], return_inverse=True, return_counts=True)
    nodes, node_weights = _quadrature_for(values, counts)
    # One row per distinct weight, so ties cost nothing; nodes in blocks to bound memory.
    per_value = np.zeros(values.shape[0])
    total = 0.0
    for start in range(0, nodes.shape[0], _NODE_BLOCK):
        block = nodes[start : start + _NODE_BLOCK]
        factors = np.multiply.outer(values, block)
        np.subtract(1.0, factors, out=factors)  # factors[v, i] = 1 - v * u_i
        g = (
            np.exp(_log_column_products(factors, counts))
            * node_weights[start : start + _NODE_BLOCK]
        )
        # In place: the factor matrix is not needed again, and a fresh one costs page faults.
        per_value += np.divide(g, factors, out=factors).sum(axis=1)
        total += float(g.sum())
    # A negligible hypothesis is not among the factors of G, so its integral is int G.
    integral = np.full(w.shape, total)
    integral[significant] = per_value[inverse]
    out: FloatArray = w * integral / one_minus_k
    return out


_SMALL_FRAME = 64
_NODE_BLOCK = 256
_ROW_CHUNK = 32


def _log_column_products(factors: FloatArray, counts: NDArray[np.intp]) -> FloatArray:
    """``sum_v counts[v] * log(factors[v, i])`` for each column ``i``.

    Logarithms dominate the cost of BetP, so multiply rows in chunks of 32 and take one log
    per chunk and column. Factors lie in (0, 1], so a chunk can only underflow where the
    column's product is below 1e-300: such a node is negligible next to the first node (where
    ``G`` is close to 1), and its log of -inf simply drops it. If even the first node
    underflows, fall back to summing logs. Rows with a count above one (tied weights) are
    few: their extra powers are added as logs, which avoids copying the matrix.
    """
    repeated = counts > 1
    out = np.zeros(factors.shape[1])
    with np.errstate(divide="ignore", under="ignore"):
        for start in range(0, factors.shape[0], _ROW_CHUNK):
            out += np.log(factors[start : start + _ROW_CHUNK].prod(axis=0))
        if repeated.any():
            out += (counts[repeated] - 1) @ np.log(factors[repeated])
        if out.size and out[0] < -600.0:
            out = (counts @ np.log(factors)).astype(np.float64)
    return out


_DROP = math.log(1e-17)


def _quadrature_for(values: FloatArray, counts: NDArray[np.intp]) -> tuple[FloatArray, FloatArray]:
    """Quadrature nodes for ``int_0^1 prod (1 - v u)^count / (1 - v_h u) du``, trimmed safely."""
    degree = int(counts.sum())
    k = degree // 2 + 1
    total = float(counts @ values)
    if values.size and values.max() < 1.0 and total < 20.0:
        # Light weights: G's Taylor coefficients are bounded by total^j / j!, and every
        # integrand is at least exp(-sum w/(1-w)), so the terms of degree >= 2k can be dropped
        # once total^(2k) / (2k)! * e^total is below 1e-17 of that.
        log_floor = -float(counts @ (values / (1.0 - values)))
        for candidate in range(1, k + 1):
            j = 2 * candidate
            if j * math.log(total) - math.lgamma(j + 1) + total <= _DROP + log_floor:
                k = candidate
                break
    nodes, weights = _gauss_legendre_01(k)
    if k <= 8 or not values.size:
        return nodes, weights
    # G is decreasing in u. Past the node where G / (1 - v_max u) falls below 1e-17 of the
    # first node's term (a lower bound on every integral), the rest of the sum is negligible.
    v_max = float(values.max())

    def log_g_at(i: int) -> float:
        return float(counts @ np.log1p(-values * nodes[i]))

    threshold = _DROP + math.log(weights[0]) + log_g_at(0)
    lo, hi = 0, k - 1
    if log_g_at(hi) - math.log1p(-v_max * nodes[hi]) > threshold:
        return nodes, weights
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if log_g_at(mid) - math.log1p(-v_max * nodes[mid]) > threshold:
            lo = mid
        else:
            hi = mid
    return nodes[: hi + 1], weights[: hi + 1]


def nonspecificity_and_discord(log_w: FloatArray, terms: int = SERIES_TERMS) -> tuple[float, float]:
    """Both parts of Deng entropy (bits) of the normalised belief, for one weight vector.

    The same formulas as the batch version, computing only the branch this vector needs.
    """
    _check_not_total_conflict(log_w)
    if log_w.max() < _COLLAPSE_LOG:
        p = _softmax(log_w)
        p = p[p > 0]
        return 0.0, float(-(p * np.log2(p)).sum())
    w = np.exp(log_w)
    log_1mw = log1mexp(log_w)
    ones = log_w == 0.0
    z, inv_m = _series_points(terms)
    if ones.any():
        free = ~ones
        log_tail = int(ones.sum()) * np.log(z) + np.log1p(-np.multiply.outer(w[free], 1.0 - z)).sum(
            axis=0
        )
        log_k = -math.inf
        one_minus_k = 1.0
        k_log_k = 0.0
        partial = w[free] > 0
        bernoulli = -float(
            (w[free][partial] * log_w[free][partial]).sum()
            + ((1.0 - w[free][partial]) * log_1mw[free][partial]).sum()
        )
    else:
        log_k = float(log_1mw.sum())
        r = np.exp(log_w - log_1mw)
        d = np.log1p(np.multiply.outer(r, z)).sum(axis=0)
        log_tail = log_k + _log_expm1(d)
        one_minus_k = -math.expm1(log_k)
        k_log_k = math.exp(log_k) * log_k if math.isfinite(log_k) else 0.0
        positive = w > 0
        bernoulli = -float(
            (w[positive] * log_w[positive]).sum() + ((1.0 - w[positive]) * log_1mw[positive]).sum()
        )
    series = float(np.exp(log_tail) @ inv_m)
    nonspec = (float(w.sum()) - series / _LN2) / one_minus_k
    discord = (bernoulli + k_log_k) / one_minus_k / _LN2 + math.log2(one_minus_k)
    return max(nonspec, 0.0), max(discord, 0.0)


def batch_nonspecificity_and_discord(
    log_w: FloatArray, terms: int = SERIES_TERMS
) -> tuple[FloatArray, FloatArray]:
    """Nonspecificity and discord (bits) for each row of ``log_w`` (shape ``(rows, n)``).

    Rows are independent beliefs; the planner scores every candidate answer in one call.
    """
    if log_w.ndim != 2:
        raise ValueError(f"expected a 2-D array of log weights, got shape {log_w.shape}")
    rows = log_w.shape[0]
    nonspec = np.zeros(rows)
    discord = np.zeros(rows)
    row_max = log_w.max(axis=1) if log_w.shape[1] else np.full(rows, -np.inf)
    if not np.all(np.isfinite(row_max)):
        raise TotalConflictError("a belief with every weight 0 (total conflict, K = 1)")
    collapsed = row_max < _COLLAPSE_LOG
    if collapsed.any():
        p = _softmax(log_w[collapsed])
        with np.errstate(divide="ignore", invalid="ignore"):
            discord[collapsed] = -np.where(p > 0, p * np.log2(p), 0.0).sum(axis=1)
    regular = ~collapsed
    if regular.any():
        nonspec[regular], discord[regular] = _regular_uncertainty(log_w[regular], terms)
    return nonspec, discord


def _regular_uncertainty(log_w: FloatArray, terms: int) -> tuple[FloatArray, FloatArray]:
    w = np.exp(log_w)
    log_1mw = log1mexp(log_w)
    is_one = log_w == 0.0
    ones = is_one.sum(axis=1)
    finite_1mw = np.where(is_one, 0.0, log_1mw)
    log_k = np.where(ones > 0, -np.inf, finite_1mw.sum(axis=1))
    one_minus_k = -np.expm1(log_k)
    z, inv_m = _series_points(terms)
    log_z = np.log(z)
    # log(G(z_m) - K) for every row and series term. With a certain hypothesis (w = 1), K = 0
    # and G(z) = z^ones * prod_{w < 1} (1 - w (1 - z)). Otherwise G(z) - K = K (exp(D) - 1) with
    # D = sum_h log(1 + r_h z), r_h = w_h / (1 - w_h): each term is positive, so no cancellation.
    w_free = np.where(is_one, 0.0, w)
    log_gz = ones[:, None] * log_z[None, :] + np.log1p(
        -w_free[:, :, None] * (1.0 - z)[None, None, :]
    ).sum(axis=1)
    log_r = np.where(is_one, 0.0, log_w - finite_1mw)
    d = np.log1p(np.exp(log_r)[:, :, None] * z[None, None, :]).sum(axis=1)
    with np.errstate(invalid="ignore"):
        log_tail = np.where(
            (ones > 0)[:, None], log_gz, log_k[:, None] + _log_expm1(np.maximum(d, 0.0))
        )
    series = (np.exp(log_tail) * inv_m[None, :]).sum(axis=1)
    nonspec_unnormalised = w.sum(axis=1) - series / _LN2
    nonspec = nonspec_unnormalised / one_minus_k
    # Entropy of the independent Bernoullis, minus the empty set's share, renormalised.
    with np.errstate(invalid="ignore"):
        bernoulli = -(
            np.where(w > 0, w * log_w, 0.0) + np.where(is_one | (w == 0), 0.0, (1 - w) * log_1mw)
        ).sum(axis=1)
    k = np.exp(log_k)
    k_log_k = np.where(k > 0, k * np.where(np.isfinite(log_k), log_k, 0.0), 0.0)
    discord = (bernoulli + k_log_k) / one_minus_k / _LN2 + np.log2(one_minus_k)
    return np.maximum(nonspec, 0.0), np.maximum(discord, 0.0)


def cardinality_distribution(log_w: FloatArray) -> FloatArray:
    """``P(|A| = k)`` for ``k = 0..n`` (unnormalised: ``P(|A| = 0) = K``), by a product tree.

    Coefficients are all non-negative, so the convolutions lose no precision to cancellation.
    """
    w = np.exp(log_w)
    polys = [np.array([1.0 - wi, wi]) for wi in w]
    if not polys:
        return np.ones(1)
    while len(polys) > 1:
        paired = [np.convolve(a, b) for a, b in zip(polys[::2], polys[1::2], strict=False)]
        if len(polys) % 2:
            paired.append(polys[-1])
        polys = paired
    return polys[0]


def summarize(log_w: FloatArray, terms: int = SERIES_TERMS) -> BeliefSummary:
    """Every normalised quantity the planner and the console show, in one pass."""
    nonspec, disc = nonspecificity_and_discord(log_w, terms)
    return BeliefSummary(
        conflict=conflict(log_w),
        betp=betp(log_w),
        plausibility=plausibility(log_w),
        nonspecificity=nonspec,
        discord=disc,
    )


def _softmax(log_w: FloatArray) -> FloatArray:
    shifted = np.exp(log_w - log_w.max(axis=-1, keepdims=True))
    out: FloatArray = shifted / shifted.sum(axis=-1, keepdims=True)
    return out


# -- the belief state ----------------------------------------------------------------------


@dataclass
class BeliefState:
    """The belief over ``n`` hypotheses (plus an optional open-world element) after answers.

    ``open_world`` is the prior plausibility of "none of the known causes". That element is
    the last entry of every vector; each answer multiplies its weight by ``open_pl`` (1 by
    default: an unknown cause is compatible with any answer), so when answers contradict every
    known hypothesis, the open-world element takes the mass.
    """

    n_hypotheses: int
    log_w: FloatArray
    open_world: float | None = None
    conflict_history: list[float] = field(default_factory=list)

    @classmethod
    def initial(
        cls, n_hypotheses: int, prior: ArrayLike | None = None, open_world: float | None = None
    ) -> BeliefState:
        if n_hypotheses < 1:
            raise ValueError("a belief needs at least one hypothesis")
        size = n_hypotheses + (1 if open_world is not None else 0)
        log_w = np.zeros(size)
        if prior is not None:
            prior_arr = np.asarray(prior, dtype=np.float64)
            _check_plausibilities(prior_arr, n_hypotheses, "prior")
            with np.errstate(divide="ignore"):
                log_w[:n_hypotheses] = np.log(prior_arr)
        if open_world is not None:
            if not 0.0 < open_world <= 1.0:
                raise ValueError(f"open_world plausibility {open_world} not in (0, 1]")
            log_w[-1] = math.log(open_world)
        return cls(n_hypotheses, log_w, open_world, [])

    def copy(self) -> BeliefState:
        return BeliefState(
            self.n_hypotheses, self.log_w.copy(), self.open_world, list(self.conflict_history)
        )

    @property
    def size(self) -> int:
        return int(self.log_w.shape[0])

    def update(self, pl: ArrayLike, reliability: float = 1.0, open_pl: float = 1.0) -> float:
        """Combine the GBT belief of one answer; returns the conflict ``K`` afterwards.

        ``pl`` is ``pl_j(x | h)`` over the known hypotheses. A hedged answer with reliability
        ``a`` uses ``a * pl + (1 - a)`` (discounting), which keeps the product form.
        """
        if not 0.0 <= reliability <= 1.0:
            raise ValueError(f"reliability {reliability} not in [0, 1]")
        pl_arr = np.asarray(pl, dtype=np.float64)
        _check_plausibilities(pl_arr, self.n_hypotheses, "pl", allow_zero=True)
        with np.errstate(divide="ignore"):
            self.log_w[: self.n_hypotheses] += np.log(reliability * pl_arr + (1.0 - reliability))
            if self.open_world is not None:
                self.log_w[-1] += math.log(reliability * open_pl + (1.0 - reliability))
        k = self.conflict()
        self.conflict_history.append(k)
        return k

    def reweigh(self, log_factor: ArrayLike) -> None:
        """Multiply the known hypotheses' weights by ``exp(log_factor)``: evidence taken
        back (a negative log of an earlier update's factor) or put in without a conflict
        record (``planning.reach``'s implied answers, which are recomputed each answer)."""
        delta = np.asarray(log_factor, dtype=np.float64)
        if delta.shape != (self.n_hypotheses,) or not np.all(np.isfinite(delta)):
            raise ValueError("log_factor must be finite, one entry per known hypothesis")
        self.log_w[: self.n_hypotheses] += delta

    # Queries. Vectors cover the open-world element too, as the last entry, when present.

    def weights(self) -> FloatArray:
        return np.exp(self.log_w)

    def conflict(self) -> float:
        return conflict(self.log_w)

    def betp(self) -> FloatArray:
        return betp(self.log_w)

    def plausibility(self, normalize: bool = True) -> FloatArray:
        return plausibility(self.log_w, normalize)

    def nonspecificity(self) -> float:
        return nonspecificity_and_discord(self.log_w)[0]

    def discord(self) -> float:
        return nonspecificity_and_discord(self.log_w)[1]

    def deng_entropy(self) -> float:
        n, d = nonspecificity_and_discord(self.log_w)
        return n + d

    def cardinality_distribution(self) -> FloatArray:
        return cardinality_distribution(self.log_w)

    def open_world_mass(self) -> float:
        """BetP of the open-world element (0 without one)."""
        return float(self.betp()[-1]) if self.open_world is not None else 0.0

    def summary(self) -> BeliefSummary:
        return summarize(self.log_w)

    # Persistence: weights as logs, with -inf for ruled-out hypotheses spelled out.

    def to_dict(self) -> dict[str, Any]:
        return {
            "n_hypotheses": self.n_hypotheses,
            "log_w": [float(v) if np.isfinite(v) else "-inf" for v in self.log_w],
            "open_world": self.open_world,
            "conflict_history": list(self.conflict_history),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> BeliefState:
        log_w = np.array(
            [-np.inf if v == "-inf" else float(v) for v in data["log_w"]], dtype=np.float64
        )
        n = int(data["n_hypotheses"])
        open_world = data.get("open_world")
        if log_w.shape[0] != n + (1 if open_world is not None else 0):
            raise ValueError("log_w length does not match n_hypotheses and open_world")
        if np.any(log_w > 0):
            raise ValueError("log weights must be <= 0")
        return cls(n, log_w, open_world, [float(k) for k in data.get("conflict_history", [])])


def _check_plausibilities(values: FloatArray, n: int, name: str, allow_zero: bool = False) -> None:
    if values.shape != (n,):
        raise ValueError(f"{name} has shape {values.shape}, expected ({n},)")
    if not np.all(np.isfinite(values)):
        raise ValueError(f"{name} has non-finite values")
    low = values < 0 if allow_zero else values <= 0
    if np.any(low) or np.any(values > 1):
        bad = int(np.argmax(low | (values > 1)))
        bound = "[0, 1]" if allow_zero else "(0, 1]"
        raise ValueError(f"{name}[{bad}] = {values[bad]} is not a plausibility in {bound}")
