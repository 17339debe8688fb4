"""Changing packs from the console: link edits, refits and rollbacks, each a new version.

Nothing here edits a version in place. A change copies the current version's content, alters
the copy, checks it (``EvidentialNetwork`` validation, then the pack validator through
``knowledge.packs.store.import_pack``) and imports it as a new version that becomes current.
A rollback is the same: a new version whose content equals the old one's (only the version
string differs), so the history always reads forward and can itself be rolled back.

Version strings: the base version of the pack plus ``+c<n>`` (console change n), e.g.
``1.0.0+c3``; the schema allows ``[A-Za-z0-9._+-]``.
"""

from __future__ import annotations

import copy
import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from knowledge.models import Pack, PackVersion
from knowledge.packs.store import ImportResult, import_pack
from planning.network import EvidentialNetwork, NetworkError

MASS_TOLERANCE = 1e-6


class ChangeError(ValueError):
    """A change cannot be made (names the problem)."""


# -- versions ---------------------------------------------------------------------------------


def next_version(pack: Pack) -> str:
    """``<base>+c<n>`` with the first n not taken by a version of the pack."""
    current = pack.current_version.version if pack.current_version else "0"
    base = current.split("+c", 1)[0][:50]
    taken = set(pack.versions.values_list("version", flat=True))
    n = pack.versions.count()
    while f"{base}+c{n}" in taken:
        n += 1
    return f"{base}+c{n}"


def save_version(pack: Pack, content: dict[str, Any], *, user: Any, note: str) -> PackVersion:
    """Import ``content`` as a new current version of ``pack`` (validated; all or nothing)."""
    content = dict(content)
    content["version"] = next_version(pack)
    try:
        EvidentialNetwork.from_dict(content["network"])
    except NetworkError as exc:
        raise ChangeError(str(exc)) from exc
    # The content derives from a version that passed the schema; the semantic pass (ids,
    # masses, citations resolving to passages) still runs. Skipping the schema pass keeps
    # large packs (the patient pack) at a fraction of a second.
    result: ImportResult = import_pack(
        content, replace=True, created_by=user, note=note[:2000], check_schema=False
    )
    if result.status == "unchanged":
        raise ChangeError("nothing changed: the new version would equal the current one")
    return PackVersion.objects.get(pack=pack, version=result.version)


def current_content(pack: Pack) -> dict[str, Any]:
    if pack.current_version is None:
        raise ChangeError(f"pack {pack.name!r} has no version to change")
    return copy.deepcopy(dict(pack.current_version.content))


# -- link masses ------------------------------------------------------------------------------


def focal_key(states: Iterable[str]) -> str:
    """A focal set as one form field / display key: its states sorted, joined by '|'."""
    return "|".join(sorted(states))


def allowed_focal_sets(states: tuple[str, ...]) -> list[tuple[str, ...]]:
    """Singletons, pairs and the whole frame (design section 3), in display order."""
    singles = [(s,) for s in states]
    pairs = [
        (a, b) for i, a in enumerate(states) for b in states[i + 1 :]
    ] if len(states) > 2 else []
    return [*singles, *pairs, tuple(states)]


def check_masses(
    masses: Mapping[frozenset[str], float], states: tuple[str, ...]
) -> dict[frozenset[str], float]:
    """Non-negative, finite, summing to 1, focal sets non-empty and within the frame."""
    frame = set(states)
    out: dict[frozenset[str], float] = {}
    for focal, mass in masses.items():
        name = "{" + ", ".join(sorted(focal)) + "}"
        if not focal:
            raise ChangeError("an empty focal set cannot carry mass")
        if not focal <= frame:
            raise ChangeError(
                f"focal set {name} is outside the frame {{{', '.join(states)}}}"
            )
        if not math.isfinite(mass) or mass < 0:
            raise ChangeError(f"mass of {name} must be a non-negative number, got {mass}")
        if mass > 0:
            out[focal] = out.get(focal, 0.0) + mass
    total = sum(out.values())
    if abs(total - 1.0) > MASS_TOLERANCE:
        raise ChangeError(f"masses sum to {total:.6f}; they must sum to 1")
    return out


def masses_json(masses: Mapping[frozenset[str], float]) -> list[dict[str, Any]]:
    ordered = sorted(masses.items(), key=lambda kv: (len(kv[0]), sorted(kv[0])))
    return [{"states": sorted(focal), "mass": float(mass)} for focal, mass in ordered]


def set_link(
    content: dict[str, Any],
    hypothesis: str,
    finding: str,
    masses: Mapping[frozenset[str], float],
    citations: list[dict[str, Any]] | None = None,
) -> dict[str, Any]:
    """Put a link's masses (and optionally citations) into ``content`` (in place)."""
    network = content["network"]
    hyps = {h["id"] for h in network["hypotheses"]}
    findings = {f["id"]: f for f in network["findings"]}
    if hypothesis not in hyps:
        raise ChangeError(f"pack has no hypothesis {hypothesis!r}")
    if finding not in findings:
        raise ChangeError(f"pack has no finding {finding!r}")
    states = tuple(findings[finding].get("states", ("yes", "no")))
    checked = check_masses(masses, states)
    for link in network.setdefault("links", []):
        if link["hypothesis"] == hypothesis and link["finding"] == finding:
            link["masses"] = masses_json(checked)
            if citations is not None:
                link["citations"] = citations
            return link
    link = {"hypothesis": hypothesis, "finding": finding, "masses": masses_json(checked)}
    if citations:
        link["citations"] = citations
    network["links"].append(link)
    return link


def edit_link(
    pack: Pack,
    hypothesis: str,
    finding: str,
    masses: Mapping[frozenset[str], float],
    *,
    user: Any,
    note: str = "",
) -> PackVersion:
    content = current_content(pack)
    set_link(content, hypothesis, finding, masses)
    why = note.strip() or f"edited link {hypothesis} / {finding}"
    return save_version(pack, content, user=user, note=why)


def rollback(pack: Pack, to: PackVersion, *, user: Any) -> PackVersion:
    if to.pack_id != pack.pk:
        raise ChangeError(f"version {to.version!r} is not a version of {pack.name!r}")
    if pack.current_version_id == to.pk:
        raise ChangeError(f"{to.version} is already the current version")
    content = copy.deepcopy(dict(to.content))
    return save_version(pack, content, user=user, note=f"rollback to {to.version}")


# -- diffs ------------------------------------------------------------------------------------


@dataclass
class Change:
    kind: str  # "added", "removed", "changed"
    key: str
    fields: dict[str, tuple[Any, Any]] = field(default_factory=dict)  # field -> (before, after)


@dataclass
class PackDiff:
    """What differs between two pack contents, section by section."""

    sections: dict[str, list[Change]]

    @property
    def empty(self) -> bool:
        return not any(self.sections.values())

    def count(self) -> int:
        return sum(len(v) for v in self.sections.values())


_TOP_FIELDS = ("title", "description", "domain", "language")


def _by_key(items: Iterable[Mapping[str, Any]], key: Any) -> dict[str, Mapping[str, Any]]:
    return {key(item): item for item in items}


def _compare(
    before: Mapping[str, Mapping[str, Any]], after: Mapping[str, Mapping[str, Any]]
) -> list[Change]:
    changes = []
    for k in sorted(set(before) | set(after)):
        old, new = before.get(k), after.get(k)
        if old is None:
            changes.append(Change("added", k, {f: (None, v) for f, v in (new or {}).items()}))
        elif new is None:
            changes.append(Change("removed", k, {f: (v, None) for f, v in old.items()}))
        elif old != new:
            fields = {
                f: (old.get(f), new.get(f))
                for f in sorted(set(old) | set(new))
                if old.get(f) != new.get(f)
            }
            changes.append(Change("changed", k, fields))
    return changes


def diff(old: Mapping[str, Any], new: Mapping[str, Any]) -> PackDiff:
    """Per section (pack fields, hypotheses, findings, links, red flags, documents): what was
    added, removed or changed, with each changed field's before and after."""
    sections: dict[str, list[Change]] = {}
    top_old = {"pack": {f: old.get(f) for f in _TOP_FIELDS if old.get(f) is not None}}
    top_new = {"pack": {f: new.get(f) for f in _TOP_FIELDS if new.get(f) is not None}}
    sections["pack"] = _compare(top_old, top_new)
    net_old, net_new = old.get("network", {}), new.get("network", {})
    sections["hypotheses"] = _compare(
        _by_key(net_old.get("hypotheses", []), lambda h: h["id"]),
        _by_key(net_new.get("hypotheses", []), lambda h: h["id"]),
    )
    sections["findings"] = _compare(
        _by_key(net_old.get("findings", []), lambda f: f["id"]),
        _by_key(net_new.get("findings", []), lambda f: f["id"]),
    )

    def link_key(link: Mapping[str, Any]) -> str:
        return f"{link['hypothesis']} / {link['finding']}"

    sections["links"] = _compare(
        _by_key(net_old.get("links", []), link_key), _by_key(net_new.get("links", []), link_key)
    )

    def flag_key(flag: Mapping[str, Any]) -> str:
        return f"{flag['finding']} = {focal_key(flag['states'])}"

    sections["red flags"] = _compare(
        _by_key(net_old.get("red_flags", []), flag_key),
        _by_key(net_new.get("red_flags", []), flag_key),
    )
    sections["documents"] = _compare(
        _by_key(old.get("documents", []), lambda d: d["id"]),
        _by_key(new.get("documents", []), lambda d: d["id"]),
    )
    return PackDiff(sections)


def previous_version(row: PackVersion) -> PackVersion | None:
    """The version created just before ``row`` (what its diff compares against)."""
    return (
        PackVersion.objects.filter(pack_id=row.pack_id)
        .filter(created_at__lte=row.created_at)
        .exclude(pk=row.pk)
        .exclude(created_at=row.created_at, pk__gt=row.pk)
        .order_by("-created_at", "-pk")
        .first()
    )
