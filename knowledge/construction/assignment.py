"""Maximum-weight one-to-one assignment (the Hungarian method), in NumPy.

The project dropped SciPy (issue 21); this replaces ``scipy.optimize.linear_sum_assignment``
for the construction benchmark's matching, whose grids are tens of rows by tens of columns.
"""

from __future__ import annotations

import numpy as np


def max_weight_assignment(weights: np.ndarray) -> tuple[list[int], list[int]]:
    """Rows and columns of a one-to-one assignment with the largest total weight: every row
    of the smaller side is assigned (the same contract as SciPy's ``maximize=True``)."""
    grid = np.asarray(weights, dtype=float)
    if grid.size == 0:
        return [], []
    transposed = grid.shape[0] > grid.shape[1]
    cost = -(grid.T if transposed else grid)  # rows <= columns, minimise cost
    n, m = cost.shape
    # e-maxx's O(n^2 m) potentials formulation, 1-based with a virtual column 0.
    u = np.zeros(n + 1)
    v = np.zeros(m + 1)
    owner = np.zeros(m + 1, dtype=int)  # owner[j]: row assigned to column j (0: none)
    way = np.zeros(m + 1, dtype=int)
    for i in range(1, n + 1):
        owner[0] = i
        j0 = 0
        minv = np.full(m + 1, np.inf)
        used = np.zeros(m + 1, dtype=bool)
        while True:
            used[j0] = True
            i0 = owner[j0]
            free = ~used[1:]
            reduced = cost[i0 - 1] - u[i0] - v[1:]
            better = free & (reduced < minv[1:])
            minv[1:][better] = reduced[better]
            way[1:][better] = j0
            candidates = np.where(free, minv[1:], np.inf)
            j1 = int(np.argmin(candidates)) + 1
            delta = candidates[j1 - 1]
            u[owner[used]] += delta
            v[used] -= delta
            minv[1:][free] -= delta
            j0 = j1
            if owner[j0] == 0:
                break
        while j0:
            j1 = way[j0]
            owner[j0] = owner[j1]
            j0 = j1
    pairs = sorted((int(owner[j]) - 1, j - 1) for j in range(1, m + 1) if owner[j])
    rows = [r for r, _ in pairs]
    cols = [c for _, c in pairs]
    if transposed:
        swapped = sorted(zip(cols, rows, strict=True))
        return [r for r, _ in swapped], [c for _, c in swapped]
    return rows, cols
