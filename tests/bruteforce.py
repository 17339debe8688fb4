"""Reference implementations by enumeration over all 2^n subsets (test use only).

Written from the textbook definitions, independently of planning.belief, so that the closed
forms there are checked against the definitions rather than against themselves.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np


@dataclass
class Enumerated:
    conflict: float
    betp: np.ndarray
    plausibility: np.ndarray
    nonspecificity: float
    discord: float
    cardinality: np.ndarray
    masses: dict[int, float]


def product_form_masses(w: np.ndarray) -> dict[int, float]:
    n = len(w)
    masses = {}
    for subset in range(1 << n):
        m = 1.0
        for h in range(n):
            m *= w[h] if subset >> h & 1 else 1.0 - w[h]
        masses[subset] = m
    return masses


def gbt_by_commonality(pls: list[np.ndarray]) -> dict[int, float]:
    """Combine GBT beliefs by the conjunctive rule on commonalities, then Moebius-invert.

    q(A) = prod_j prod_{h in A} pl_j(h); m(A) = sum_{B >= A} (-1)^{|B|-|A|} q(B).
    """
    n = len(pls[0])
    q = {}
    for subset in range(1 << n):
        value = 1.0
        for pl in pls:
            for h in range(n):
                if subset >> h & 1:
                    value *= pl[h]
        q[subset] = value
    full = (1 << n) - 1
    masses = {}
    for a in range(1 << n):
        total = 0.0
        rest = full & ~a
        b = rest
        while True:
            superset = a | b
            total += (-1) ** bin(b).count("1") * q[superset]
            if b == 0:
                break
            b = (b - 1) & rest
        masses[a] = total
    return masses


def enumerate_belief(masses: dict[int, float], n: int) -> Enumerated:
    conflict = masses[0]
    norm = sum(m for a, m in masses.items() if a)
    betp = np.zeros(n)
    pl = np.zeros(n)
    nonspec = 0.0
    discord = 0.0
    card = np.zeros(n + 1)
    for subset, m in masses.items():
        size = bin(subset).count("1")
        card[size] += m
        if subset == 0:
            continue
        mn = m / norm
        for h in range(n):
            if subset >> h & 1:
                betp[h] += mn / size
                pl[h] += mn
        nonspec += mn * math.log2(2**size - 1)
        if mn > 0:
            discord -= mn * math.log2(mn)
    return Enumerated(conflict, betp, pl, nonspec, discord, card, masses)
