"""Brute-force enumeration of a product-form belief over all 2^n subsets.

This is the definition, computed literally: it exists so that benchmarks can show what the
closed forms in ``planning.belief`` save, and it is only feasible for small ``n``.
"""

from __future__ import annotations

import math

import numpy as np

from .belief import FloatArray

MAX_ENUMERATION = 16


def enumerate_summary(w: FloatArray) -> tuple[float, FloatArray, float, float]:
    """(conflict, BetP, nonspecificity, discord) of the normalised belief, by enumeration."""
    n = int(w.shape[0])
    if n > MAX_ENUMERATION:
        raise ValueError(f"enumeration over 2^{n} subsets is not feasible (max n = 16)")
    weights = [float(x) for x in w]
    masses = []
    for subset in range(1 << n):
        m = 1.0
        for h in range(n):
            m *= weights[h] if subset >> h & 1 else 1.0 - weights[h]
        masses.append(m)
    conflict = masses[0]
    norm = 1.0 - conflict
    betp = [0.0] * n
    nonspec = 0.0
    discord = 0.0
    for subset in range(1, 1 << n):
        mn = masses[subset] / norm
        members = [h for h in range(n) if subset >> h & 1]
        for h in members:
            betp[h] += mn / len(members)
        nonspec += mn * math.log2(2 ** len(members) - 1)
        if mn > 0:
            discord -= mn * math.log2(mn)
    return conflict, np.array(betp), nonspec, discord


def enumerate_summary_vectorised(w: FloatArray) -> tuple[float, FloatArray, float, float]:
    """The same enumeration with NumPy doing the loops (a stronger baseline)."""
    n = int(w.shape[0])
    if n > MAX_ENUMERATION:
        raise ValueError(f"enumeration over 2^{n} subsets is not feasible (max n = 16)")
    subsets = np.arange(1 << n)
    members = ((subsets[:, None] >> np.arange(n)[None, :]) & 1).astype(bool)
    with np.errstate(divide="ignore"):
        log_m = np.where(members, np.log(w), np.log1p(-w)).sum(axis=1)
    masses = np.exp(log_m)
    conflict = float(masses[0])
    mn = masses[1:] / (1.0 - conflict)
    sizes = members[1:].sum(axis=1)
    betp = (mn / sizes) @ members[1:]
    nonspec = float(mn @ np.log2(np.exp2(sizes) - 1.0))
    positive = mn > 0
    discord = float(-(mn[positive] * np.log2(mn[positive])).sum())
    return conflict, betp, nonspec, discord
