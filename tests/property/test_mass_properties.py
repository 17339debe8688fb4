"""Property tests for planning.mass against pyds and against the textbook formulas.

Every rule and measure pyds implements is compared with pyds (an independent implementation
working on frozensets). Where pyds has no counterpart (Yager's rule, discounting, Deng
entropy) the reference is a brute-force definition written here over frozensets, never a
call into the code under test.
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Callable, Mapping
from itertools import combinations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from pyds import MassFunction as PydsMass

from planning.mass import MassFunction, TotalConflictError, _combine_dense, combine

LABELS = ("a", "b", "c", "d", "e")
TOL = 1e-9

SetMasses = dict[frozenset[str], float]

property_settings = settings(max_examples=500, deadline=None)


# ------------------------------------------------------------------------------------------------
# Strategies


@st.composite
def mass_on(draw: st.DrawFn, n: int, allow_empty: bool = False) -> MassFunction:
    """A random mass function on the first ``n`` labels, sparse (few focal sets) or dense.

    Dense ones pick focal sets by one bit per subset and draw weights from a seeded generator:
    drawing 32 separate weights through hypothesis would dominate the run time.
    """
    first = 0 if allow_empty else 1
    subsets = list(range(first, 1 << n))
    if draw(st.booleans()):
        focal = draw(st.lists(st.sampled_from(subsets), min_size=1, max_size=4, unique=True))
        weights = draw(st.lists(st.integers(1, 1000), min_size=len(focal), max_size=len(focal)))
    else:
        chosen = draw(st.integers(1, (1 << len(subsets)) - 1))
        focal = [s for i, s in enumerate(subsets) if (chosen >> i) & 1]
        rng = random.Random(draw(st.integers(0, 2**32 - 1)))
        weights = [rng.randint(1, 1000) for _ in focal]
    total = sum(weights)
    return MassFunction(
        LABELS[:n],
        {mask: w / total for mask, w in zip(focal, weights, strict=True)},
        allow_empty=allow_empty,
    )


@st.composite
def masses(
    draw: st.DrawFn, count: int, allow_empty: bool | None = False
) -> tuple[MassFunction, ...]:
    """``count`` mass functions on one frame of 1..5 elements (``None``: empty set maybe)."""
    n = draw(st.integers(1, len(LABELS)))
    empty = draw(st.booleans()) if allow_empty is None else allow_empty
    return tuple(draw(mass_on(n, allow_empty=empty)) for _ in range(count))


def one_mass(allow_empty: bool | None = False) -> st.SearchStrategy[MassFunction]:
    return masses(1, allow_empty=allow_empty).map(lambda ms: ms[0])


# ------------------------------------------------------------------------------------------------
# Independent representations and references (frozensets of labels, no planning.mass calls)


def labels_of(mask: int, frame: tuple[str, ...]) -> frozenset[str]:
    return frozenset(label for i, label in enumerate(frame) if (mask >> i) & 1)


def as_sets(m: MassFunction) -> SetMasses:
    return {labels_of(mask, m.frame): v for mask, v in m.masses.items()}


def to_pyds(m: MassFunction) -> PydsMass:
    return PydsMass(as_sets(m))


def all_subsets(frame: tuple[str, ...]) -> list[frozenset[str]]:
    return [frozenset(c) for r in range(len(frame) + 1) for c in combinations(frame, r)]


def assert_same_masses(ours: MassFunction, expected: Mapping[frozenset[str], float]) -> None:
    got = as_sets(ours)
    for focal in got.keys() | expected.keys():
        assert got.get(focal, 0.0) == pytest.approx(expected.get(focal, 0.0), abs=TOL), (
            f"m({set(focal)}): ours {got.get(focal, 0.0)}, reference {expected.get(focal, 0.0)}"
        )


def brute_combine(
    m1: SetMasses, m2: SetMasses, op: Callable[[frozenset[str], frozenset[str]], frozenset[str]]
) -> SetMasses:
    out: SetMasses = {}
    for b, vb in m1.items():
        for c, vc in m2.items():
            out[op(b, c)] = out.get(op(b, c), 0.0) + vb * vc
    return out


def brute_yager(ms: list[SetMasses], frame: frozenset[str]) -> SetMasses:
    """Yager 1987, n sources: the conjunctive combination, then m(frame) += m(empty)."""
    acc = ms[0]
    for m in ms[1:]:
        acc = brute_combine(acc, m, frozenset.intersection)
    out = {a: v for a, v in acc.items() if a}
    out[frame] = out.get(frame, 0.0) + acc.get(frozenset(), 0.0)
    return out


def brute_discount(m: SetMasses, alpha: float, frame: frozenset[str]) -> SetMasses:
    """Shafer: m'(A) = alpha m(A) for A != frame, m'(frame) = 1 - alpha + alpha m(frame)."""
    out = {a: alpha * v for a, v in m.items() if a != frame}
    out[frame] = 1.0 - alpha + alpha * m.get(frame, 0.0)
    return out


def brute_deng(m: SetMasses) -> float:
    """Deng 2016: E_d = -sum m(A) log2( m(A) / (2^|A| - 1) )."""
    return -sum(v * math.log2(v / (2 ** len(a) - 1)) for a, v in m.items() if v > 0)


def brute_nonspecificity(m: SetMasses) -> float:
    return sum(v * math.log2(2 ** len(a) - 1) for a, v in m.items())


# ------------------------------------------------------------------------------------------------
# Combination rules against pyds and brute force


@property_settings
@given(masses(2, allow_empty=None))
def test_conjunctive_matches_pyds_unnormalised(pair: tuple[MassFunction, MassFunction]) -> None:
    m1, m2 = pair
    expected = to_pyds(m1).combine_conjunctive(to_pyds(m2), normalization=False)
    result = m1.conjunctive(m2)
    assert_same_masses(result, expected)
    assert result.conflict() == pytest.approx(expected[frozenset()], abs=TOL)


@property_settings
@given(masses(2, allow_empty=None))
def test_dempster_matches_pyds_normalised(pair: tuple[MassFunction, MassFunction]) -> None:
    m1, m2 = pair
    expected = to_pyds(m1).combine_conjunctive(to_pyds(m2), normalization=True)
    if not expected:  # pyds returns an empty function on total conflict; we refuse instead
        with pytest.raises(TotalConflictError, match="total conflict"):
            m1.dempster(m2)
        return
    result = m1.dempster(m2)
    assert_same_masses(result, expected)
    assert result.conflict() == 0.0
    assert math.fsum(result.masses.values()) == pytest.approx(1.0, abs=TOL)


@property_settings
@given(st.integers(2, len(LABELS)), st.data())
def test_dempster_raises_on_total_conflict(n: int, data: st.DataObject) -> None:
    # Two sources whose focal sets lie in disjoint parts of the frame always contradict.
    split = data.draw(st.integers(1, n - 1))
    left = data.draw(st.lists(st.integers(1, (1 << split) - 1), min_size=1, unique=True))
    right = data.draw(st.lists(st.integers(1, (1 << (n - split)) - 1), min_size=1, unique=True))
    frame = LABELS[:n]
    m1 = MassFunction(frame, {mask: 1 / len(left) for mask in left})
    m2 = MassFunction(frame, {mask << split: 1 / len(right) for mask in right})
    assert not to_pyds(m1).combine_conjunctive(to_pyds(m2), normalization=True)
    assert m1.conjunctive(m2).conflict() == pytest.approx(1.0)
    with pytest.raises(TotalConflictError):
        m1.dempster(m2)
    with pytest.raises(TotalConflictError):
        combine("dempster", m1, m2)
    # Yager turns the same contradiction into total ignorance.
    assert m1.yager(m2).isclose(MassFunction.vacuous(frame))


@property_settings
@given(masses(2, allow_empty=None))
def test_disjunctive_matches_pyds(pair: tuple[MassFunction, MassFunction]) -> None:
    m1, m2 = pair
    assert_same_masses(m1.disjunctive(m2), to_pyds(m1).combine_disjunctive(to_pyds(m2)))


@property_settings
@given(masses(2, allow_empty=None), st.sampled_from(["and", "or"]))
def test_dense_transform_path_matches_pyds(
    pair: tuple[MassFunction, MassFunction], op: str
) -> None:
    # The public rules pick pairwise products or the q/b-transform route by cost; exercise the
    # transform route on every example so both are checked whatever the threshold.
    m1, m2 = pair
    n = len(m1.frame)
    dense = _combine_dense(m1.masses, m2.masses, n, "and" if op == "and" else "or")
    p1, p2 = to_pyds(m1), to_pyds(m2)
    if op == "and":
        expected = p1.combine_conjunctive(p2, normalization=False)
    else:
        expected = p1.combine_disjunctive(p2)
    got = {labels_of(mask, m1.frame): v for mask, v in dense.items()}
    for focal in got.keys() | expected.keys():
        assert got.get(focal, 0.0) == pytest.approx(expected.get(focal, 0.0), abs=TOL)


@property_settings
@given(masses(2, allow_empty=None))
def test_yager_matches_brute_force_and_sums_to_one(pair: tuple[MassFunction, MassFunction]) -> None:
    m1, m2 = pair
    frame = frozenset(m1.frame)
    result = m1.yager(m2)
    assert_same_masses(result, brute_yager([as_sets(m1), as_sets(m2)], frame))
    assert result.conflict() == 0.0
    assert result.is_normalized
    assert math.fsum(result.masses.values()) == pytest.approx(1.0, abs=TOL)


@property_settings
@given(masses(3, allow_empty=None))
def test_combine_several_matches_references(
    triple: tuple[MassFunction, MassFunction, MassFunction],
) -> None:
    m1, m2, m3 = triple
    p1, p2, p3 = map(to_pyds, triple)
    assert_same_masses(
        combine("conjunctive", m1, m2, m3),
        p1.combine_conjunctive([p2, p3], normalization=False),
    )
    assert_same_masses(combine("disjunctive", m1, m2, m3), p1.combine_disjunctive([p2, p3]))
    assert_same_masses(
        combine("yager", m1, m2, m3),
        brute_yager([as_sets(m) for m in triple], frozenset(m1.frame)),
    )
    dempster = p1.combine_conjunctive([p2, p3], normalization=True)
    if dempster:
        assert_same_masses(combine("dempster", m1, m2, m3), dempster)
        # Normalising once at the end equals folding Dempster's rule pairwise.
        assert combine("dempster", m1, m2, m3).isclose(m1.dempster(m2).dempster(m3))
    else:
        with pytest.raises(TotalConflictError):
            combine("dempster", m1, m2, m3)


@property_settings
@given(one_mass(allow_empty=None), st.floats(0.0, 1.0))
def test_discount_matches_formula_and_pyds_disjunctive(m: MassFunction, alpha: float) -> None:
    frame = frozenset(m.frame)
    result = m.discount(alpha)
    assert_same_masses(result, brute_discount(as_sets(m), alpha, frame))
    # Discounting is also the disjunctive combination with {empty: alpha, frame: 1 - alpha}.
    assert_same_masses(
        result, to_pyds(m).combine_disjunctive(PydsMass({frozenset(): alpha, frame: 1 - alpha}))
    )
    for a in all_subsets(m.frame):
        if a:
            assert result.pl(a) == pytest.approx(alpha * m.pl(a) + 1 - alpha, abs=TOL)


@property_settings
@given(one_mass(allow_empty=None))
def test_discount_one_is_identity_and_zero_is_vacuous(m: MassFunction) -> None:
    assert m.discount(1.0).isclose(m, tol=0.0)
    assert m.discount(0.0) == MassFunction.vacuous(m.frame)


@property_settings
@given(one_mass(allow_empty=True))
def test_normalize_matches_pyds(m: MassFunction) -> None:
    expected = to_pyds(m).normalize()
    if not expected:
        with pytest.raises(TotalConflictError):
            m.normalize()
        return
    result = m.normalize()
    assert_same_masses(result, expected)
    assert result.is_normalized


# ------------------------------------------------------------------------------------------------
# Measures against pyds and brute force


@property_settings
@given(one_mass(allow_empty=None))
def test_bel_pl_q_match_pyds_on_every_subset(m: MassFunction) -> None:
    p = to_pyds(m)
    q_dense, bel_dense, pl_dense = m.q_array(), m.bel_array(), m.pl_array()
    for a in all_subsets(m.frame):
        mask = sum(1 << i for i, label in enumerate(m.frame) if label in a)
        # pyds' q() skips conversion and hard-codes q(empty) = 1; ours sums all mass, also 1.
        expected = (p.bel(a), p.pl(a), p.q(a))
        assert (m.bel(a), m.pl(a), m.q(a)) == pytest.approx(expected, abs=TOL)
        assert (m.bel(mask), m.pl(mask), m.q(mask)) == pytest.approx(expected, abs=TOL)
        dense = (bel_dense[mask], pl_dense[mask], q_dense[mask])
        assert dense == pytest.approx(expected, abs=TOL)


@property_settings
@given(one_mass(allow_empty=None))
def test_betp_matches_pyds_pignistic(m: MassFunction) -> None:
    assume(m.conflict() < 1.0)
    expected = to_pyds(m).pignistic()
    got = m.betp()
    assert list(got) == list(m.frame)
    for label, prob in got.items():
        assert prob == pytest.approx(expected[frozenset({label})], abs=TOL)
    assert math.fsum(got.values()) == pytest.approx(1.0, abs=TOL)


@property_settings
@given(one_mass())
def test_entropies_match_pyds_and_brute_force(m: MassFunction) -> None:
    p = to_pyds(m)
    # pyds' local conflict is sum m log2(|A| / m) = Hartley + discord: an independent route.
    assert m.discord() == pytest.approx(p.local_conflict() - p.hartley_measure(), abs=TOL)
    assert m.nonspecificity() == pytest.approx(brute_nonspecificity(as_sets(m)), abs=TOL)
    assert m.deng_entropy() == pytest.approx(brute_deng(as_sets(m)), abs=TOL)
    assert m.deng_entropy() == pytest.approx(m.nonspecificity() + m.discord(), abs=TOL)
    assert m.discord() >= 0.0
    assert m.nonspecificity() >= 0.0


# ------------------------------------------------------------------------------------------------
# Algebraic properties


@property_settings
@given(masses(2, allow_empty=None))
def test_conjunctive_and_disjunctive_commute(pair: tuple[MassFunction, MassFunction]) -> None:
    m1, m2 = pair
    assert m1.conjunctive(m2).isclose(m2.conjunctive(m1))
    assert m1.disjunctive(m2).isclose(m2.disjunctive(m1))
    assert m1.yager(m2).isclose(m2.yager(m1))


@property_settings
@given(masses(3, allow_empty=None))
def test_conjunctive_and_disjunctive_associate(
    triple: tuple[MassFunction, MassFunction, MassFunction],
) -> None:
    m1, m2, m3 = triple
    assert m1.conjunctive(m2).conjunctive(m3).isclose(m1.conjunctive(m2.conjunctive(m3)))
    assert m1.disjunctive(m2).disjunctive(m3).isclose(m1.disjunctive(m2.disjunctive(m3)))


@property_settings
@given(one_mass(allow_empty=None))
def test_vacuous_is_neutral_for_conjunctive_and_absorbing_for_disjunctive(m: MassFunction) -> None:
    vacuous = MassFunction.vacuous(m.frame)
    assert m.conjunctive(vacuous).isclose(m, tol=0.0)
    assert vacuous.conjunctive(m).isclose(m, tol=0.0)
    assert m.disjunctive(vacuous).isclose(vacuous)


@property_settings
@given(one_mass())
def test_bel_betp_pl_ordered_on_singletons(m: MassFunction) -> None:
    betp = m.betp()
    for label in m.frame:
        assert m.bel([label]) - TOL <= betp[label] <= m.pl([label]) + TOL


@property_settings
@given(one_mass(allow_empty=None))
def test_pl_is_one_minus_bel_of_complement(m: MassFunction) -> None:
    # In general pl(A) = 1 - m(empty) - bel(not A); for normalised masses m(empty) = 0.
    for a in all_subsets(m.frame):
        complement = frozenset(m.frame) - a
        expected = 1.0 - m.conflict() - m.bel(complement)
        assert m.pl(a) == pytest.approx(expected, abs=TOL)
        if m.is_normalized:
            assert m.pl(a) == pytest.approx(1.0 - m.bel(complement), abs=TOL)
        assert m.bel(a) <= m.pl(a) + TOL


@property_settings
@given(one_mass(allow_empty=None))
def test_to_dict_round_trips_through_json(m: MassFunction) -> None:
    data = json.loads(json.dumps(m.to_dict()))
    assert MassFunction.from_dict(data, allow_empty=not m.is_normalized) == m
