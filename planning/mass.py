"""Dempster-Shafer mass functions over a small frame of labelled elements.

A frame is a tuple of distinct labels (at most ``MAX_FRAME_SIZE``). A subset of the frame is a
bitmask: bit ``i`` set means ``frame[i]`` is in the set, so ``0`` is the empty set and
``(1 << n) - 1`` the whole frame. Masses are kept sparse (a dict from mask to mass) because
the BBAs we elicit have few focal sets; whole-frame arrays (``to_array``, ``q_array``...) are
available for brute-force checks and are computed with fast zeta/Moebius transforms.

Conventions (Smets' transferable belief model, as in ``pyds``):

- ``m(empty)`` is conflict. User input may not put mass on the empty set unless
  ``allow_empty=True``; the unnormalised conjunctive rule keeps it so conflict stays visible.
- ``bel(A)`` sums ``m(B)`` over non-empty ``B`` inside ``A`` (so ``bel(empty) = 0``);
  ``pl(A)`` sums ``m(B)`` over ``B`` meeting ``A``; ``q(A)`` sums ``m(B)`` over ``B``
  containing ``A`` (so ``q(empty)`` is the total mass, 1).
- ``betp()`` spreads each non-empty focal set's mass evenly over its elements and divides by
  ``1 - m(empty)``.
- Entropies are in bits and defined only for normalised masses: they raise ``MassError`` when
  ``m(empty) > 0`` rather than normalising silently, because how conflict is resolved
  (Dempster: ``normalize()``; Yager: move it to the frame) is the caller's decision.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Literal, TypeVar

import numpy as np
from numpy.typing import NDArray

MAX_FRAME_SIZE = 16
# Tolerance on user-supplied masses summing to 1 (same as the network's link validation).
SUM_TOLERANCE = 1e-6
# Dempster's rule refuses to normalise when less than this much mass survives: dividing by
# a round-off residue would turn noise into certainty.
TOTAL_CONFLICT_EPS = 1e-12

Rule = Literal["conjunctive", "dempster", "yager", "disjunctive"]
RULES: tuple[Rule, ...] = ("conjunctive", "dempster", "yager", "disjunctive")
# A subset of the frame: a bitmask, one label, or an iterable of labels.
SetLike = int | str | Iterable[str]
# Keys of ``from_sets``: a TypeVar so that dict[frozenset[str], float] etc. type-check (Mapping
# is invariant in its key type).
LabelSet = TypeVar("LabelSet", bound=str | Iterable[str])


class MassError(ValueError):
    """A mass function is invalid, or an operation is undefined for it."""


class TotalConflictError(MassError):
    """Dempster normalisation is impossible: all the combined mass is on the empty set."""


class MassFunction:
    """An immutable mass function (basic belief assignment) over ``frame``.

    ``masses`` maps bitmasks to masses. They must be finite, non-negative and sum to 1 within
    ``SUM_TOLERANCE``; zero masses are dropped. Use ``from_sets`` to give focal sets as labels.
    """

    __slots__ = ("_frame", "_index", "_masses")

    _frame: tuple[str, ...]
    _index: dict[str, int]
    _masses: dict[int, float]

    def __init__(
        self, frame: Sequence[str], masses: Mapping[int, float], *, allow_empty: bool = False
    ) -> None:
        self._frame = _check_frame(frame)
        self._index = {label: i for i, label in enumerate(self._frame)}
        full = (1 << len(self._frame)) - 1
        checked: dict[int, float] = {}
        for mask, raw in masses.items():
            if isinstance(mask, bool) or not isinstance(mask, int | np.integer):
                raise MassError(
                    f"focal set key {mask!r} is not an int bitmask; "
                    "use MassFunction.from_sets to give focal sets as labels"
                )
            mask = int(mask)
            if mask < 0:
                raise MassError(f"focal set bitmask {mask} is negative")
            if mask & ~full:
                outside = [
                    i for i in range(mask.bit_length()) if (mask >> i) & 1 and i >= len(self._frame)
                ]
                raise MassError(
                    f"focal set bitmask {mask:#b} has bit(s) {outside} outside the "
                    f"{len(self._frame)}-element frame {self._frame}"
                )
            checked[mask] = _check_mass(
                raw, self._describe(mask), allow_empty=allow_empty, mask=mask
            )
        total = math.fsum(checked.values())
        if abs(total - 1.0) > SUM_TOLERANCE:
            raise MassError(f"masses sum to {total:.9g}, not 1 (tolerance {SUM_TOLERANCE:g})")
        self._masses = {mask: checked[mask] for mask in sorted(checked) if checked[mask] > 0.0}

    @classmethod
    def _trusted(
        cls, frame: tuple[str, ...], index: dict[str, int], masses: dict[int, float]
    ) -> MassFunction:
        # Results of our own operations are valid by construction; skip re-validation.
        out = object.__new__(cls)
        out._frame = frame
        out._index = index
        out._masses = {mask: masses[mask] for mask in sorted(masses) if masses[mask] > 0.0}
        return out

    # ----------------------------------------------------------------------------------------
    # Constructors

    @classmethod
    def from_sets(
        cls,
        frame: Sequence[str],
        masses: Mapping[LabelSet, float],
        *,
        allow_empty: bool = False,
    ) -> MassFunction:
        """Build from focal sets given as labels: ``{("a", "b"): 0.6, "c": 0.4}``.

        A bare string is one label. Two keys naming the same set are an error (a dict of
        frozensets cannot have them, so it is almost certainly a typo).
        """
        frame_t = _check_frame(frame)
        index = {label: i for i, label in enumerate(frame_t)}
        by_mask: dict[int, float] = {}
        for key, value in masses.items():
            mask = _labels_to_mask(key, index, frame_t)
            if mask in by_mask:
                raise MassError(f"focal set {_format_set(frame_t, mask)} is given twice")
            by_mask[mask] = value
        return cls(frame_t, by_mask, allow_empty=allow_empty)

    @classmethod
    def vacuous(cls, frame: Sequence[str]) -> MassFunction:
        """Total ignorance: all mass on the whole frame."""
        frame_t = _check_frame(frame)
        return cls(frame_t, {(1 << len(frame_t)) - 1: 1.0})

    @classmethod
    def categorical(cls, frame: Sequence[str], labels: SetLike) -> MassFunction:
        """Certainty that the truth lies in ``labels``: all mass on that one non-empty set."""
        frame_t = _check_frame(frame)
        index = {label: i for i, label in enumerate(frame_t)}
        mask = _to_mask(labels, index, frame_t)
        if mask == 0:
            raise MassError("a categorical mass function needs a non-empty set")
        return cls(frame_t, {mask: 1.0})

    @classmethod
    def from_array(
        cls, frame: Sequence[str], array: NDArray[np.float64], *, allow_empty: bool = False
    ) -> MassFunction:
        """Build from a dense vector of ``2**n`` masses indexed by bitmask."""
        frame_t = _check_frame(frame)
        values = np.asarray(array, dtype=np.float64)
        if values.shape != (1 << len(frame_t),):
            raise MassError(
                f"array of shape {values.shape} given for a {len(frame_t)}-element frame; "
                f"expected ({1 << len(frame_t)},)"
            )
        return cls(
            frame_t,
            {int(i): float(values[i]) for i in np.flatnonzero(values)},
            allow_empty=allow_empty,
        )

    # ----------------------------------------------------------------------------------------
    # Access

    @property
    def frame(self) -> tuple[str, ...]:
        return self._frame

    @property
    def full_mask(self) -> int:
        return (1 << len(self._frame)) - 1

    @property
    def masses(self) -> dict[int, float]:
        """Focal sets (bitmasks, ascending) with their masses; a copy."""
        return dict(self._masses)

    def mask(self, subset: SetLike) -> int:
        """The bitmask of ``subset`` (a mask, one label, or labels), checked against the frame."""
        return _to_mask(subset, self._index, self._frame)

    def labels(self, mask: int) -> tuple[str, ...]:
        """The labels in ``mask``, in frame order."""
        mask = self.mask(mask)
        return tuple(label for i, label in enumerate(self._frame) if (mask >> i) & 1)

    def mass(self, subset: SetLike) -> float:
        """``m(A)``."""
        return self._masses.get(self.mask(subset), 0.0)

    @property
    def is_normalized(self) -> bool:
        return 0 not in self._masses

    # ----------------------------------------------------------------------------------------
    # Combination

    def conjunctive(self, other: MassFunction) -> MassFunction:
        """Smets' unnormalised conjunctive rule: ``m(A) = sum_{B & C = A} m1(B) m2(C)``.

        Conflict stays on the empty set (see ``conflict()``).
        """
        self._check_same_frame(other)
        return self._trusted(
            self._frame,
            self._index,
            _combine_masks(self._masses, other._masses, len(self._frame), "and"),
        )

    def dempster(self, other: MassFunction) -> MassFunction:
        """Dempster's rule: the conjunctive combination, normalised by ``1 - K``.

        Raises ``TotalConflictError`` when ``K = 1`` (the sources are flatly contradictory).
        """
        return self.conjunctive(other).normalize()

    def yager(self, other: MassFunction) -> MassFunction:
        """Yager's rule: the conjunctive combination with the conflict moved to the frame.

        Contradicting sources yield ignorance instead of certainty.
        """
        return self.conjunctive(other)._conflict_to_frame()

    def disjunctive(self, other: MassFunction) -> MassFunction:
        """The disjunctive rule: ``m(A) = sum_{B | C = A} m1(B) m2(C)`` (one source is right)."""
        self._check_same_frame(other)
        return self._trusted(
            self._frame,
            self._index,
            _combine_masks(self._masses, other._masses, len(self._frame), "or"),
        )

    def discount(self, alpha: float) -> MassFunction:
        """Shafer's discounting, ``alpha`` being the source's reliability in ``[0, 1]``.

        ``m'(A) = alpha * m(A)`` for ``A != frame`` (the empty set included) and
        ``m'(frame) = 1 - alpha + alpha * m(frame)``. So ``alpha = 1`` changes nothing,
        ``alpha = 0`` gives the vacuous function, and ``pl'(A) = alpha * pl(A) + 1 - alpha``
        for non-empty ``A``: the same convention as ``Answer.reliability``.
        """
        alpha = float(alpha)
        if not math.isfinite(alpha) or not 0.0 <= alpha <= 1.0:
            raise MassError(f"discount reliability {alpha} is not in [0, 1]")
        full = self.full_mask
        out = {mask: alpha * value for mask, value in self._masses.items() if mask != full}
        out[full] = 1.0 - alpha + alpha * self._masses.get(full, 0.0)
        return self._trusted(self._frame, self._index, out)

    def normalize(self) -> MassFunction:
        """Drop the mass on the empty set and rescale the rest to sum to 1 (Dempster).

        Raises ``TotalConflictError`` when (almost) all mass is on the empty set.
        """
        if self.is_normalized:
            return self
        surviving = math.fsum(v for mask, v in self._masses.items() if mask)
        if surviving <= TOTAL_CONFLICT_EPS:
            raise TotalConflictError(
                f"total conflict: mass {self._masses[0]:.12g} on the empty set, so Dempster's "
                "normalisation is undefined (the sources flatly contradict each other)"
            )
        out = {mask: v / surviving for mask, v in self._masses.items() if mask}
        return self._trusted(self._frame, self._index, out)

    def _conflict_to_frame(self) -> MassFunction:
        if self.is_normalized:
            return self
        out = {mask: v for mask, v in self._masses.items() if mask}
        full = self.full_mask
        out[full] = out.get(full, 0.0) + self._masses[0]
        return self._trusted(self._frame, self._index, out)

    def _check_same_frame(self, other: MassFunction) -> None:
        if not isinstance(other, MassFunction):
            raise TypeError(f"expected a MassFunction, got {type(other).__name__}")
        if other._frame != self._frame:
            raise MassError(
                f"frames differ: {self._frame} vs {other._frame} "
                "(the same labels in another order are a different frame: masks would clash)"
            )

    # ----------------------------------------------------------------------------------------
    # Measures

    def conflict(self) -> float:
        """``m(empty)``: the conflict carried by an unnormalised combination."""
        return self._masses.get(0, 0.0)

    def bel(self, subset: SetLike) -> float:
        """Belief: the total mass of non-empty focal sets inside ``subset``."""
        a = self.mask(subset)
        return math.fsum(v for mask, v in self._masses.items() if mask and mask & ~a == 0)

    def pl(self, subset: SetLike) -> float:
        """Plausibility: the total mass of focal sets that meet ``subset``."""
        a = self.mask(subset)
        return math.fsum(v for mask, v in self._masses.items() if mask & a)

    def q(self, subset: SetLike) -> float:
        """Commonality: the total mass of focal sets that contain ``subset``."""
        a = self.mask(subset)
        return math.fsum(v for mask, v in self._masses.items() if mask & a == a)

    def betp(self) -> dict[str, float]:
        """The pignistic probability of each label (frame order), conflict normalised away."""
        surviving = math.fsum(v for mask, v in self._masses.items() if mask)
        if surviving <= TOTAL_CONFLICT_EPS:
            raise TotalConflictError(
                "pignistic probability undefined: all mass is on the empty set"
            )
        probs = [0.0] * len(self._frame)
        for mask, v in self._masses.items():
            if mask:
                share = v / (mask.bit_count() * surviving)
                for i in _bits(mask):
                    probs[i] += share
        return dict(zip(self._frame, probs, strict=True))

    def nonspecificity(self) -> float:
        """``sum m(A) log2(2^|A| - 1)`` in bits: mass held on sets larger than one element."""
        self._require_normalized("nonspecificity")
        return math.fsum(
            v * math.log2((1 << mask.bit_count()) - 1) for mask, v in self._masses.items()
        )

    def discord(self) -> float:
        """``-sum m(A) log2 m(A)`` in bits: how the mass is split between focal sets.

        (The Shannon part of Deng entropy, as InfoGatherer names it; not Klir's discord.)
        """
        self._require_normalized("discord")
        return -math.fsum(v * math.log2(v) for v in self._masses.values())

    def deng_entropy(self) -> float:
        """Deng entropy (Deng 2016) in bits: ``nonspecificity() + discord()``."""
        return self.nonspecificity() + self.discord()

    def _require_normalized(self, what: str) -> None:
        if not self.is_normalized:
            raise MassError(
                f"{what} is defined for normalised mass functions, but this one has mass "
                f"{self._masses[0]:.9g} on the empty set; call normalize() (Dempster) or "
                "combine with yager() first"
            )

    # ----------------------------------------------------------------------------------------
    # Dense views (2**n entries, indexed by bitmask)

    def to_array(self) -> NDArray[np.float64]:
        out = np.zeros(1 << len(self._frame), dtype=np.float64)
        for mask, v in self._masses.items():
            out[mask] = v
        return out

    def q_array(self) -> NDArray[np.float64]:
        """Commonality of every subset (``q(empty)`` = total mass)."""
        return _superset_sums(self.to_array(), len(self._frame))

    def bel_array(self) -> NDArray[np.float64]:
        """Belief of every subset (``bel(empty) = 0``; ``m(empty)`` is never counted)."""
        b = _subset_sums(self.to_array(), len(self._frame))
        out: NDArray[np.float64] = b - b[0]
        return out

    def pl_array(self) -> NDArray[np.float64]:
        """Plausibility of every subset: ``pl(A) = total - b(not A)``, ``b`` counting m(empty)."""
        b = _subset_sums(self.to_array(), len(self._frame))
        # b indexed by the complement: reversing the array maps mask to full ^ mask.
        out: NDArray[np.float64] = b[-1] - b[::-1]
        return out

    # ----------------------------------------------------------------------------------------
    # Serialisation and comparison

    def to_dict(self) -> dict[str, Any]:
        """``{"frame": [...], "masses": [{"set": [labels], "mass": m}, ...]}`` (JSON-ready)."""
        return {
            "frame": list(self._frame),
            "masses": [
                {"set": list(self.labels(mask)), "mass": v} for mask, v in self._masses.items()
            ],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], *, allow_empty: bool = False) -> MassFunction:
        """Inverse of ``to_dict``; pass ``allow_empty=True`` for an unnormalised function."""
        try:
            frame = [str(label) for label in data["frame"]]
            entries = [(tuple(str(s) for s in e["set"]), float(e["mass"])) for e in data["masses"]]
        except (KeyError, TypeError) as exc:
            raise MassError(
                f"malformed mass function dict ({exc!r}); expected "
                '{"frame": [...], "masses": [{"set": [...], "mass": ...}]}'
            ) from exc
        return cls.from_sets(frame, dict(entries), allow_empty=allow_empty)

    def isclose(self, other: MassFunction, tol: float = 1e-9) -> bool:
        """Same frame and every focal set's mass within ``tol`` (absolute)."""
        if not isinstance(other, MassFunction) or other._frame != self._frame:
            return False
        masks = self._masses.keys() | other._masses.keys()
        return all(abs(self._masses.get(k, 0.0) - other._masses.get(k, 0.0)) <= tol for k in masks)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, MassFunction):
            return NotImplemented
        return self._frame == other._frame and self._masses == other._masses

    def __hash__(self) -> int:
        return hash((self._frame, frozenset(self._masses.items())))

    def __repr__(self) -> str:
        body = ", ".join(
            f"{_format_set(self._frame, mask)}: {v:.6g}" for mask, v in self._masses.items()
        )
        return f"MassFunction(frame={self._frame}, {{{body}}})"

    def _describe(self, mask: int) -> str:
        return _format_set(self._frame, mask)


def combine(rule: Rule, *masses: MassFunction) -> MassFunction:
    """Combine one or more mass functions with ``rule``.

    ``conjunctive`` and ``disjunctive`` fold pairwise (both are associative). ``dempster``
    normalises once at the end, which equals folding Dempster's rule pairwise. ``yager`` is
    the n-source rule: the conjunctive combination of all, then the total conflict moved to
    the frame. Yager's rule is not associative, so this differs from folding ``yager()``
    pairwise, which would depend on the order of the sources.
    """
    if rule not in RULES:
        raise MassError(f"unknown combination rule {rule!r}; expected one of {RULES}")
    if not masses:
        raise MassError("combine() needs at least one mass function")
    result = masses[0]
    for m in masses[1:]:
        result = result.disjunctive(m) if rule == "disjunctive" else result.conjunctive(m)
    if rule == "dempster":
        return result.normalize()
    if rule == "yager":
        return result._conflict_to_frame()
    return result


# ----------------------------------------------------------------------------------------------
# Helpers


def _check_frame(frame: Sequence[str]) -> tuple[str, ...]:
    if isinstance(frame, str):
        raise MassError(f"frame {frame!r} is a string; give a sequence of labels")
    frame_t = tuple(frame)
    if not frame_t:
        raise MassError("empty frame: a frame needs at least one element")
    if len(frame_t) > MAX_FRAME_SIZE:
        raise MassError(f"frame has {len(frame_t)} elements; at most {MAX_FRAME_SIZE} supported")
    for label in frame_t:
        if not isinstance(label, str) or not label:
            raise MassError(f"frame label {label!r} is not a non-empty string")
    duplicates = sorted(label for label, count in Counter(frame_t).items() if count > 1)
    if duplicates:
        raise MassError(f"duplicate frame labels: {duplicates}")
    return frame_t


def _check_mass(raw: Any, where: str, *, allow_empty: bool, mask: int) -> float:
    try:
        value = float(raw)
    except (TypeError, ValueError) as exc:
        raise MassError(f"mass {raw!r} on focal set {where} is not a number") from exc
    if not math.isfinite(value):
        raise MassError(f"mass {value} on focal set {where} is not finite")
    if value < 0.0:
        raise MassError(f"negative mass {value:.9g} on focal set {where}")
    if mask == 0 and value > 0.0 and not allow_empty:
        raise MassError(
            f"mass {value:.9g} on the empty set (conflict); pass allow_empty=True for an "
            "unnormalised mass function"
        )
    return value


def _to_mask(subset: SetLike, index: Mapping[str, int], frame: tuple[str, ...]) -> int:
    if isinstance(subset, bool):
        raise MassError(f"{subset!r} is not a set: give a bitmask or labels")
    if isinstance(subset, int | np.integer):
        mask = int(subset)
        if mask < 0 or mask >> len(frame):
            raise MassError(f"bitmask {mask} is outside the {len(frame)}-element frame {frame}")
        return mask
    return _labels_to_mask(subset, index, frame)


def _labels_to_mask(
    labels: str | Iterable[str], index: Mapping[str, int], frame: tuple[str, ...]
) -> int:
    # A bare string is one label, not an iterable of one-character labels.
    items = [labels] if isinstance(labels, str) else list(labels)
    unknown = [label for label in items if label not in index]
    if unknown:
        raise MassError(f"labels {unknown} are not in the frame {frame}")
    mask = 0
    for label in items:
        mask |= 1 << index[label]
    return mask


def _format_set(frame: tuple[str, ...], mask: int) -> str:
    return "{" + ", ".join(frame[i] if i < len(frame) else f"bit{i}" for i in _bits(mask)) + "}"


def _bits(mask: int) -> list[int]:
    return [i for i in range(mask.bit_length()) if (mask >> i) & 1]


def _combine_masks(
    a: Mapping[int, float], b: Mapping[int, float], n: int, op: Literal["and", "or"]
) -> dict[int, float]:
    # Pairwise products cost len(a) * len(b) Python steps; the transform route costs a few
    # vectorised passes over 2**n entries. Pick whichever is cheaper.
    if len(a) * len(b) <= 4 << n:
        out: dict[int, float] = {}
        for ma, va in a.items():
            for mb, vb in b.items():
                key = ma & mb if op == "and" else ma | mb
                out[key] = out.get(key, 0.0) + va * vb
        return out
    return _combine_dense(a, b, n, op)


def _combine_dense(
    a: Mapping[int, float], b: Mapping[int, float], n: int, op: Literal["and", "or"]
) -> dict[int, float]:
    """Combine through the transform that turns the rule into a pointwise product.

    Conjunctive: commonalities multiply (``q12 = q1 q2``). Disjunctive: implicabilities
    (``b(A) = sum_{B <= A} m(B)``, empty set included) multiply.
    """
    va, vb = np.zeros(1 << n), np.zeros(1 << n)
    for mask, v in a.items():
        va[mask] = v
    for mask, v in b.items():
        vb[mask] = v
    if op == "and":
        m = _superset_differences(_superset_sums(va, n) * _superset_sums(vb, n), n)
    else:
        m = _subset_differences(_subset_sums(va, n) * _subset_sums(vb, n), n)
    # The inverse transform leaves round-off of order 2**n * eps where the mass is 0.
    floor = (1 << n) * 4 * np.finfo(np.float64).eps
    return {int(i): float(m[i]) for i in np.flatnonzero(m > floor)}


def _subset_sums(values: NDArray[np.float64], n: int) -> NDArray[np.float64]:
    """Zeta transform: ``out[A] = sum_{B subset of A} values[B]``."""
    out = np.array(values, dtype=np.float64)
    for i in range(n):
        # Axis 1 of this view is bit i: add each set without i into the same set with i.
        view = out.reshape(-1, 2, 1 << i)
        view[:, 1, :] += view[:, 0, :]
    return out


def _subset_differences(values: NDArray[np.float64], n: int) -> NDArray[np.float64]:
    """Moebius transform, the inverse of ``_subset_sums``."""
    out = np.array(values, dtype=np.float64)
    for i in range(n):
        view = out.reshape(-1, 2, 1 << i)
        view[:, 1, :] -= view[:, 0, :]
    return out


def _superset_sums(values: NDArray[np.float64], n: int) -> NDArray[np.float64]:
    """``out[A] = sum_{B superset of A} values[B]`` (mass to commonality)."""
    out = np.array(values, dtype=np.float64)
    for i in range(n):
        view = out.reshape(-1, 2, 1 << i)
        view[:, 0, :] += view[:, 1, :]
    return out


def _superset_differences(values: NDArray[np.float64], n: int) -> NDArray[np.float64]:
    """The inverse of ``_superset_sums`` (commonality to mass)."""
    out = np.array(values, dtype=np.float64)
    for i in range(n):
        view = out.reshape(-1, 2, 1 << i)
        view[:, 0, :] -= view[:, 1, :]
    return out
