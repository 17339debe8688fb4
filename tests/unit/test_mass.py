"""Named textbook cases and input validation for planning.mass."""

from __future__ import annotations

import json
import math
import random

import numpy as np
import pytest
from pyds import MassFunction as PydsMass

from planning.mass import MAX_FRAME_SIZE, MassError, MassFunction, TotalConflictError, combine

DOCTORS = ("meningitis", "concussion", "tumour")


def zadeh_doctors() -> tuple[MassFunction, MassFunction]:
    m1 = MassFunction.from_sets(DOCTORS, {"meningitis": 0.99, "tumour": 0.01})
    m2 = MassFunction.from_sets(DOCTORS, {"concussion": 0.99, "tumour": 0.01})
    return m1, m2


# ------------------------------------------------------------------------------------------------
# Textbook cases


def test_zadeh_paradox_dempster() -> None:
    # Zadeh (1984): two doctors who each think the tumour very unlikely; Dempster's rule
    # concludes it with certainty because it normalises away K = 0.9999.
    m1, m2 = zadeh_doctors()
    assert m1.conjunctive(m2).conflict() == pytest.approx(0.9999, abs=1e-12)
    result = m1.dempster(m2)
    assert result.mass("tumour") == pytest.approx(1.0, abs=1e-12)
    assert result.masses == pytest.approx({0b100: 1.0}, abs=1e-12)
    assert result.betp() == pytest.approx({"meningitis": 0.0, "concussion": 0.0, "tumour": 1.0})


def test_zadeh_paradox_yager() -> None:
    # Yager keeps the tumour at 0.0001 and turns the conflict into ignorance.
    m1, m2 = zadeh_doctors()
    result = m1.yager(m2)
    assert result.mass("tumour") == pytest.approx(0.0001, abs=1e-12)
    assert result.mass(DOCTORS) == pytest.approx(0.9999, abs=1e-12)
    assert result.conflict() == 0.0
    assert len(result.masses) == 2


def test_dempster_hand_worked_example() -> None:
    # m1 = {a}: .6, {a,b}: .3, frame: .1; m2 = {b}: .5, {b,c}: .3, frame: .2.
    # Intersections: K = .6*.5 + .6*.3 = .48; {a} .12; {b} .15+.09+.05 = .29; {a,b} .06;
    # {b,c} .03; frame .02; Dempster divides by .52.
    frame = ("a", "b", "c")
    m1 = MassFunction.from_sets(frame, {"a": 0.6, ("a", "b"): 0.3, frame: 0.1})
    m2 = MassFunction.from_sets(frame, {"b": 0.5, ("b", "c"): 0.3, frame: 0.2})
    unnormalised = m1.conjunctive(m2)
    assert unnormalised.conflict() == pytest.approx(0.48)
    assert unnormalised.mass("b") == pytest.approx(0.29)
    result = m1.dempster(m2)
    expected = {"a": 0.12, "b": 0.29, ("a", "b"): 0.06, ("b", "c"): 0.03, frame: 0.02}
    for focal, value in expected.items():
        assert result.mass(focal) == pytest.approx(value / 0.52)
    assert result.bel(("a", "b")) == pytest.approx((0.12 + 0.29 + 0.06) / 0.52)
    assert result.pl("c") == pytest.approx((0.03 + 0.02) / 0.52)


def test_deng_entropy_of_certain_singleton_is_zero() -> None:
    m = MassFunction.categorical(("a", "b", "c"), "a")
    assert m.deng_entropy() == 0.0
    assert m.nonspecificity() == 0.0
    assert m.discord() == 0.0


def test_deng_entropy_of_vacuous_three_element_frame_is_log2_7() -> None:
    # Deng (2016): m(frame) = 1 on |frame| = 3 gives log2(2^3 - 1), all of it nonspecificity.
    m = MassFunction.vacuous(("a", "b", "c"))
    assert m.deng_entropy() == pytest.approx(math.log2(7))
    assert m.nonspecificity() == pytest.approx(math.log2(7))
    assert m.discord() == 0.0


def test_deng_entropy_of_bayesian_mass_is_shannon_entropy() -> None:
    # Deng (2016): on singletons Deng entropy reduces to Shannon's; uniform on 3 gives log2 3.
    m = MassFunction.from_sets(("a", "b", "c"), {"a": 1 / 3, "b": 1 / 3, "c": 1 / 3})
    assert m.deng_entropy() == pytest.approx(math.log2(3))
    assert m.nonspecificity() == 0.0


def test_deng_entropy_mixed_example() -> None:
    # m({a}) = 0.6, m({a, b}) = 0.4: 0.4 log2 3 nonspecificity + H(0.6, 0.4) discord.
    m = MassFunction.from_sets(("a", "b"), {"a": 0.6, ("a", "b"): 0.4})
    discord = -(0.6 * math.log2(0.6) + 0.4 * math.log2(0.4))
    assert m.nonspecificity() == pytest.approx(0.4 * math.log2(3))
    assert m.discord() == pytest.approx(discord)
    assert m.deng_entropy() == pytest.approx(0.4 * math.log2(3) + discord)


def test_betp_splits_mass_evenly_and_normalises_conflict() -> None:
    frame = ("a", "b", "c")
    m = MassFunction.from_sets(frame, {"a": 0.5, ("a", "b"): 0.3, frame: 0.2})
    assert m.betp() == pytest.approx({"a": 0.5 + 0.15 + 0.2 / 3, "b": 0.15 + 0.2 / 3, "c": 0.2 / 3})
    unnormalised = MassFunction.from_sets(
        frame, {(): 0.5, "a": 0.25, ("b", "c"): 0.25}, allow_empty=True
    )
    assert unnormalised.betp() == pytest.approx({"a": 0.5, "b": 0.25, "c": 0.25})


def test_discount_worked_example_and_answer_convention() -> None:
    # A hedged answer with reliability 0.5: pl'(x) = 0.5 * pl(x) + 0.5, as in Answer.
    frame = ("yes", "no")
    m = MassFunction.from_sets(frame, {"yes": 0.8, frame: 0.2})
    d = m.discount(0.5)
    assert d.masses == pytest.approx({0b01: 0.4, 0b11: 0.6})
    assert d.pl("no") == pytest.approx(0.5 * m.pl("no") + 0.5)


def test_multi_source_yager_moves_total_conflict_once() -> None:
    # combine("yager", ...) is Yager's n-source rule; folding pairwise gives another answer.
    frame = ("a", "b")
    m1 = MassFunction.from_sets(frame, {"a": 0.5, "b": 0.5})
    m2 = MassFunction.from_sets(frame, {"a": 0.5, "b": 0.5})
    m3 = MassFunction.from_sets(frame, {"a": 1.0})
    result = combine("yager", m1, m2, m3)
    assert result.masses == pytest.approx({0b01: 0.25, 0b11: 0.75})
    folded = m1.yager(m2).yager(m3)
    assert folded.masses == pytest.approx({0b01: 0.75, 0b11: 0.25})


def test_dense_combination_on_larger_frame_matches_pyds() -> None:
    # Dense masses on 7 elements push the rules onto the commonality/implicability route.
    rng = random.Random(7)
    frame = tuple(f"e{i}" for i in range(7))
    arrays = []
    for _ in range(2):
        values = np.array([0.0] + [rng.random() for _ in range(1, 1 << 7)])
        arrays.append(values / values.sum())
    m1, m2 = (MassFunction.from_array(frame, a) for a in arrays)

    def to_pyds(m: MassFunction) -> PydsMass:
        return PydsMass({frozenset(m.labels(k)): v for k, v in m.masses.items()})

    for ours, theirs in (
        (m1.conjunctive(m2), to_pyds(m1).combine_conjunctive(to_pyds(m2), normalization=False)),
        (m1.disjunctive(m2), to_pyds(m1).combine_disjunctive(to_pyds(m2))),
    ):
        got = {frozenset(ours.labels(k)): v for k, v in ours.masses.items()}
        for focal in got.keys() | theirs.keys():
            assert got.get(focal, 0.0) == pytest.approx(theirs.get(focal, 0.0), abs=1e-12)


def test_to_dict_json_round_trip_keeps_conflict() -> None:
    m1, m2 = zadeh_doctors()
    combined = m1.conjunctive(m2)
    data = json.loads(json.dumps(combined.to_dict()))
    assert data["frame"] == list(DOCTORS)
    assert {"set": [], "mass": pytest.approx(0.9999)} in data["masses"]
    assert MassFunction.from_dict(data, allow_empty=True) == combined
    with pytest.raises(MassError, match="empty set"):
        MassFunction.from_dict(data)


def test_subsets_given_as_mask_label_or_labels_agree() -> None:
    # A bare string is one label, even when it is also the concatenation of other labels.
    frame = ("ab", "a", "b")
    m = MassFunction.from_sets(frame, {"ab": 0.5, ("a", "b"): 0.5})
    assert m.mass("ab") == 0.5
    assert m.mask("ab") == 0b001
    assert m.mask(("a", "b")) == m.mask({"b", "a"}) == 0b110
    assert m.bel(0b110) == m.bel(["a", "b"]) == 0.5
    assert m.labels(0b110) == ("a", "b")


# ------------------------------------------------------------------------------------------------
# Validation


def test_negative_mass_is_rejected_naming_the_set_and_value() -> None:
    with pytest.raises(MassError, match=r"negative mass -0\.1 on focal set \{a\}"):
        MassFunction.from_sets(("a", "b"), {"a": -0.1, "b": 1.1})


def test_masses_not_summing_to_one_are_rejected_with_the_sum() -> None:
    with pytest.raises(MassError, match=r"masses sum to 0\.9, not 1"):
        MassFunction.from_sets(("a", "b"), {"a": 0.5, "b": 0.4})
    with pytest.raises(MassError, match=r"masses sum to 0, not 1"):
        MassFunction(("a",), {})


def test_focal_set_outside_frame_is_rejected_naming_bits_or_labels() -> None:
    with pytest.raises(MassError, match=r"bitmask 0b1001 has bit\(s\) \[3\] outside the 2-element"):
        MassFunction(("a", "b"), {0b1001: 1.0})
    with pytest.raises(MassError, match=r"labels \['z'\] are not in the frame \('a', 'b'\)"):
        MassFunction.from_sets(("a", "b"), {("a", "z"): 1.0})
    m = MassFunction.vacuous(("a", "b"))
    with pytest.raises(MassError, match=r"bitmask 4 is outside the 2-element frame"):
        m.bel(4)
    with pytest.raises(MassError, match=r"labels \['q'\] are not in the frame"):
        m.pl(["q"])


def test_empty_frame_duplicate_labels_and_oversized_frame_are_rejected() -> None:
    with pytest.raises(MassError, match="empty frame"):
        MassFunction((), {0: 1.0})
    with pytest.raises(MassError, match=r"duplicate frame labels: \['a'\]"):
        MassFunction.vacuous(("a", "b", "a"))
    with pytest.raises(MassError, match=f"at most {MAX_FRAME_SIZE}"):
        MassFunction.vacuous(tuple(str(i) for i in range(MAX_FRAME_SIZE + 1)))
    with pytest.raises(MassError, match="is a string"):
        MassFunction.vacuous("abc")


def test_non_finite_mass_is_rejected() -> None:
    with pytest.raises(MassError, match=r"mass nan on focal set \{a\} is not finite"):
        MassFunction.from_sets(("a", "b"), {"a": float("nan"), "b": 1.0})
    with pytest.raises(MassError, match=r"mass inf on focal set \{b\} is not finite"):
        MassFunction.from_sets(("a", "b"), {"b": float("inf")})


def test_mass_on_empty_set_needs_allow_empty() -> None:
    with pytest.raises(MassError, match=r"mass 0\.2 on the empty set .*allow_empty=True"):
        MassFunction(("a", "b"), {0: 0.2, 0b11: 0.8})
    m = MassFunction(("a", "b"), {0: 0.2, 0b11: 0.8}, allow_empty=True)
    assert m.conflict() == 0.2
    assert not m.is_normalized
    assert m.normalize() == MassFunction.vacuous(("a", "b"))


def test_bad_keys_and_repeated_sets_are_rejected() -> None:
    with pytest.raises(MassError, match=r"not an int bitmask; use MassFunction\.from_sets"):
        MassFunction(("a", "b"), {"a": 1.0})  # type: ignore[dict-item]
    with pytest.raises(MassError, match="not an int bitmask"):
        MassFunction(("a", "b"), {True: 1.0})
    with pytest.raises(MassError, match=r"focal set \{a, b\} is given twice"):
        MassFunction.from_sets(("a", "b"), {("a", "b"): 0.5, ("b", "a"): 0.5})
    with pytest.raises(MassError, match="not a number"):
        MassFunction(("a",), {1: "lots"})  # type: ignore[dict-item]
    with pytest.raises(MassError, match="non-empty set"):
        MassFunction.categorical(("a", "b"), [])


def test_frames_must_match_for_combination() -> None:
    m1 = MassFunction.vacuous(("a", "b"))
    m2 = MassFunction.vacuous(("b", "a"))
    with pytest.raises(MassError, match=r"frames differ: \('a', 'b'\) vs \('b', 'a'\)"):
        m1.conjunctive(m2)
    with pytest.raises(MassError, match="frames differ"):
        combine("disjunctive", m1, m2)


def test_combine_rejects_unknown_rule_and_no_sources() -> None:
    m = MassFunction.vacuous(("a",))
    with pytest.raises(MassError, match="unknown combination rule 'pcr5'"):
        combine("pcr5", m)  # type: ignore[arg-type]
    with pytest.raises(MassError, match="at least one"):
        combine("dempster")


def test_discount_rejects_reliability_outside_unit_interval() -> None:
    m = MassFunction.vacuous(("a", "b"))
    for alpha in (-0.1, 1.5, float("nan")):
        with pytest.raises(MassError, match=r"reliability .* is not in \[0, 1\]"):
            m.discount(alpha)


def test_entropies_refuse_unnormalised_mass() -> None:
    m1, m2 = zadeh_doctors()
    combined = m1.conjunctive(m2)
    for measure in (combined.deng_entropy, combined.nonspecificity, combined.discord):
        with pytest.raises(MassError, match=r"normalised .* mass 0\.9999 on the empty set"):
            measure()
    assert combined.normalize().deng_entropy() == 0.0


def test_total_conflict_is_an_error_for_dempster_normalize_and_betp() -> None:
    frame = ("a", "b")
    m1 = MassFunction.categorical(frame, "a")
    m2 = MassFunction.categorical(frame, "b")
    with pytest.raises(TotalConflictError, match="total conflict"):
        m1.dempster(m2)
    with pytest.raises(TotalConflictError):
        m1.conjunctive(m2).normalize()
    with pytest.raises(TotalConflictError, match="pignistic"):
        m1.conjunctive(m2).betp()
    assert issubclass(TotalConflictError, MassError)
    assert issubclass(MassError, ValueError)


def test_from_array_checks_shape_and_dict_shape() -> None:
    with pytest.raises(MassError, match=r"shape \(3,\) given for a 2-element frame"):
        MassFunction.from_array(("a", "b"), np.array([0.0, 0.5, 0.5]))
    with pytest.raises(MassError, match="malformed mass function dict"):
        MassFunction.from_dict({"frame": ["a"]})
