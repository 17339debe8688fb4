"""The vectorised candidate scores equal scoring each hypothetical posterior one at a time.

The reference is the plain route: copy the BeliefState, apply the answer's plausibilities with
``update``, and ask it for its nonspecificity and discord; the expectation weights those by
the predictive answer probability ``sum_h BetP(h) BetP_j(x | h)``. Both scoring strategies
(the dense cardinality programme and the sparse per-link corrections) must agree with it on
random networks and random beliefs, including ruled-out hypotheses, certain ones, collapsed
(tiny) weights and an open-world element.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from planning.belief import BeliefState, betp
from planning.network import EvidentialNetwork, Finding, Hypothesis, Link
from planning.policies.scoring import answer_table, batch_betp, score_candidates

EXAMPLES = settings(max_examples=500, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# Absolute tolerance in bits: the strategies' truncations are below 1e-11, the reference's
# series below 2^-48; the rest is rounding.
TOLERANCE = 1e-8

# Subnormal log weights (within 1e-308 of 0) are left out: 1 - w is then subnormal and the
# reference implementation's r = w / (1 - w) overflows.
log_weight = st.one_of(
    st.floats(-30.0, 0.0, allow_subnormal=False),
    st.sampled_from([0.0, -np.inf, -1e-12, -40.0]),
    st.floats(-720.0, -590.0),  # around the collapse threshold
)


@st.composite
def networks(draw: st.DrawFn) -> EvidentialNetwork:
    n = draw(st.integers(1, 6))
    n_findings = draw(st.integers(1, 4))
    hypotheses = [Hypothesis(f"h{i}", f"H{i}") for i in range(n)]
    findings: list[Finding] = []
    links: list[Link] = []
    for j in range(n_findings):
        k = draw(st.integers(2, 4))
        states = tuple(f"s{x}" for x in range(k))
        findings.append(Finding(f"f{j}", f"F{j}?", states))
        for h in range(n):
            if not draw(st.booleans()):
                continue  # vacuous
            raw = draw(st.lists(st.floats(0.0, 1.0), min_size=k + 2, max_size=k + 2))
            total = sum(raw)
            if total == 0:
                continue
            masses: dict[object, float] = {}
            for x in range(k):
                if raw[x] > 0:
                    masses[states[x]] = raw[x] / total
            if raw[k] > 0:  # a pair of states
                pair = (states[0], states[k - 1])
                masses[pair] = masses.get(pair, 0.0) + raw[k] / total
            if raw[k + 1] > 0:
                masses[states] = masses.get(states, 0.0) + raw[k + 1] / total
            links.append(Link.make(f"h{h}", f"f{j}", masses))  # type: ignore[arg-type]
    return EvidentialNetwork("random", hypotheses, findings, links)


@st.composite
def cases(draw: st.DrawFn) -> tuple[EvidentialNetwork, np.ndarray]:
    network = draw(networks())
    n = len(network.hypotheses)
    size = n + (1 if draw(st.booleans()) else 0)
    log_w = np.array(draw(st.lists(log_weight, min_size=size, max_size=size)))
    if not np.isfinite(log_w.max()):
        log_w[0] = 0.0  # total conflict is refused before scoring (tested in the unit tests)
    return network, log_w


def transform_entropy(log_w: np.ndarray) -> float:
    """Entropy (bits) of the plausibility transform w / sum(w)."""
    q = np.exp(log_w - log_w.max())
    q = q / q.sum()
    q = q[q > 0]
    return float(-(q * np.log2(q)).sum())


def reference(
    network: EvidentialNetwork, log_w: np.ndarray
) -> tuple[list[float], list[float], list[float], list[float]]:
    """Expected nonspecificity, discord, transform entropy and answer probabilities."""
    compiled = network.compile()
    n = len(network.hypotheses)
    open_world = None if log_w.shape[0] == n else math.exp(log_w[-1])
    belief = BeliefState(n, log_w.copy(), open_world)
    p = betp(log_w)
    exp_n: list[float] = []
    exp_d: list[float] = []
    exp_h: list[float] = []
    probs: list[float] = []
    for j, finding in enumerate(network.findings):
        k = len(finding.states)
        pred = [
            float(compiled.betp[j][x] @ p[:n]) + (float(p[n]) / k if open_world else 0.0)
            for x in range(k)
        ]
        total = sum(pred)
        pred = [v / total for v in pred]
        en = ed = eh = 0.0
        for x in range(k):
            if pred[x] <= 0:
                continue
            post = belief.copy()
            post.update(compiled.pl[j][x])
            en += pred[x] * post.nonspecificity()
            ed += pred[x] * post.discord()
            eh += pred[x] * transform_entropy(post.log_w)
        exp_n.append(en)
        exp_d.append(ed)
        exp_h.append(eh)
        probs.extend(pred)
    return exp_n, exp_d, exp_h, probs


@EXAMPLES
@given(cases(), st.sampled_from(["dense", "sparse"]))
def test_candidate_scores_equal_one_by_one_scoring(
    case: tuple[EvidentialNetwork, np.ndarray], method: str
) -> None:
    network, log_w = case
    table = answer_table(network.compile())
    candidates = np.arange(len(network.findings))
    scores = score_candidates(
        table,
        log_w,
        batch_betp(log_w[np.newaxis, :])[0],
        candidates,
        method=method,  # type: ignore[arg-type]
    )
    exp_n, exp_d, exp_h, probs = reference(network, log_w)
    assert scores.answer_probability == pytest.approx(probs, abs=1e-12)
    assert scores.expected_nonspecificity == pytest.approx(exp_n, abs=TOLERANCE, rel=1e-9)
    assert scores.expected_discord == pytest.approx(exp_d, abs=TOLERANCE, rel=1e-9)
    assert scores.expected_plausibility_entropy == pytest.approx(exp_h, abs=TOLERANCE, rel=1e-9)
    assert scores.current_plausibility_entropy == pytest.approx(transform_entropy(log_w), abs=1e-12)
    # Scoring a subset gives the same numbers for that subset.
    subset = candidates[::2]
    part = score_candidates(
        table,
        log_w,
        batch_betp(log_w[np.newaxis, :])[0],
        subset,
        method=method,  # type: ignore[arg-type]
    )
    assert part.expected_nonspecificity == pytest.approx(
        scores.expected_nonspecificity[::2], abs=TOLERANCE, rel=1e-9
    )


@EXAMPLES
@given(st.lists(st.lists(log_weight, min_size=5, max_size=5), min_size=1, max_size=4))
def test_batch_betp_equals_betp_row_by_row(rows: list[list[float]]) -> None:
    log_w = np.array(rows)
    log_w[~np.isfinite(log_w.max(axis=1)), 0] = 0.0
    out = batch_betp(log_w)
    for row, got in zip(log_w, out, strict=True):
        assert got == pytest.approx(betp(row), abs=1e-12, rel=1e-9)


@settings(max_examples=50, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_batch_betp_on_large_frames_equals_betp(seed: int) -> None:
    rng = np.random.default_rng(seed)
    log_w = np.log(rng.uniform(0.0, 1.0, (3, 150)))
    log_w[1, :100] = 0.0  # many certain hypotheses: ties and w = 1
    out = batch_betp(log_w)
    for row, got in zip(log_w, out, strict=True):
        assert got == pytest.approx(betp(row), abs=1e-12, rel=1e-9)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_large_batches_pick_fewer_nodes_and_still_equal_betp(seed: int) -> None:
    """A batch as large as UoT's leaves gives each row of light weights the fewest nodes the
    Taylor-tail test allows: the values must still be the reference's, row by row, for light,
    mixed, heavy (w near 1 and w = 1), ruled-out and collapsed rows alike."""
    rng = np.random.default_rng(seed)
    n = int(rng.integers(20, 90))
    rows = 8192 // n + int(rng.integers(1, 40))
    scale = rng.choice([1e-4, 1e-2, 0.1, 0.5, 1.0], size=(rows, 1))
    log_w = np.log(rng.uniform(0.0, 1.0, (rows, n)) * scale)
    log_w[0, :5] = 0.0  # certain hypotheses
    log_w[1, 3] = -1e-13  # a weight within rounding of 1
    log_w[2, :] = -np.inf
    log_w[2, 7] = np.log(0.2)  # one hypothesis left
    log_w[3] -= 700.0  # collapsed
    log_w[4, 10:] = -np.inf  # ruled out
    out = batch_betp(log_w)
    for row, got in zip(log_w, out, strict=True):
        assert got == pytest.approx(betp(row), abs=1e-14, rel=1e-12)


def test_light_rows_take_fewer_nodes_only_where_the_tail_bound_allows() -> None:
    from planning.policies.scoring import _node_counts

    n = 49
    w = np.full((4, n), 1e-3)
    w[1] = 0.02
    w[2] = 0.4  # sum 19.6: light, but the tail needs nearly every node
    w[3, 0] = 1.0  # a certain hypothesis: not light, the exact rule
    exact = np.full(4, n // 2 + 1)
    nodes = _node_counts(w, 1.0 - w, exact)
    assert nodes[0] < nodes[1] < nodes[2] <= exact[2] and nodes[3] == exact[3]
    # sum w = 0.049: 0.049^10 / 10! (2e-20) is below 1e-17 of the integrals, 0.049^8 / 8!
    # (8e-16) is not.
    assert nodes[0] == 5


@EXAMPLES
@given(cases())
def test_scores_without_nonspecificity_are_the_same_bits_otherwise(
    case: tuple[EvidentialNetwork, np.ndarray],
) -> None:
    """InfoGatherer's phase 2 leaves the cardinality programme out for most candidates: every
    other value must be exactly what full scoring gives, and a subset scored whole afterwards
    must give the full scoring's nonspecificity up to rounding (numpy may sum a narrow array
    in another order), so its choice does not change."""
    network, log_w = case
    table = answer_table(network.compile())
    candidates = np.arange(len(network.findings))
    betp_now = batch_betp(log_w[np.newaxis, :])[0]
    whole = score_candidates(table, log_w, betp_now, candidates, method="dense")
    light = score_candidates(
        table, log_w, betp_now, candidates, method="dense", nonspecificity=False
    )
    assert np.array_equal(light.expected_discord, whole.expected_discord)
    assert np.array_equal(light.expected_plausibility_entropy, whole.expected_plausibility_entropy)
    assert light.current_nonspecificity == whole.current_nonspecificity
    assert np.isnan(light.expected_nonspecificity).all()
    # What it gives instead: bounds that hold the left-out values (InfoGatherer scores a
    # candidate whole only where its bounds leave the choice open).
    assert light.nonspecificity_bounds is not None
    low, high = light.nonspecificity_bounds
    exact = whole.expected_nonspecificity
    assert np.all(low <= exact + 1e-9 * (1 + np.abs(exact)))
    assert np.all(exact <= high + 1e-9 * (1 + np.abs(exact)))
    subset = candidates[1::2]
    if subset.size:
        part = score_candidates(table, log_w, betp_now, subset, method="dense")
        assert part.expected_nonspecificity == pytest.approx(
            whole.expected_nonspecificity[1::2], rel=1e-12, abs=1e-14
        )
    # The other way round (phase 2's nonspecificity of the candidates it still needs): only
    # nonspecificity, the same bits as full scoring.
    alone = score_candidates(table, log_w, betp_now, candidates, method="dense", discord=False)
    assert np.array_equal(alone.expected_nonspecificity, whole.expected_nonspecificity)
    assert np.isnan(alone.expected_discord).all()
    assert np.isnan(alone.expected_plausibility_entropy).all()
