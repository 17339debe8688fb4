"""Reviewing a drafted pack: drop or rename causes and checks, drop or merge, then publish.

Each action takes the pack's current content, changes the network and saves the result as a
new version (so every step is in the version history, with its diff, and can be rolled
back). The console's review page calls these with the operator recorded as ``created_by``;
``manage.py publish_pack`` calls ``publish``.
"""

from __future__ import annotations

import copy
import time
from typing import Any

from knowledge.packs.store import ImportResult, PackError, export_pack, import_pack
from knowledge.packs.validate import PackInvalid

DRAFT, PUBLISHED = "draft", "published"


class ReviewError(ValueError):
    """The review action cannot be done (unknown pack or item, nothing left)."""


def review_state(content: dict[str, Any]) -> str:
    return str((content.get("metadata") or {}).get("review", ""))


def _current(name: str) -> dict[str, Any]:
    try:
        return copy.deepcopy(export_pack(name))
    except PackError as exc:
        raise ReviewError(str(exc)) from exc


def _save(content: dict[str, Any], kind: str, *, user: Any, note: str) -> ImportResult:
    base = str(content["version"]).split("+", 1)[0]
    stamp = time.strftime("%Y%m%d%H%M%S", time.gmtime())
    content["version"] = f"{base}+{kind}.{stamp}.{time.perf_counter_ns() % 1000:03d}"
    if "network" not in content:
        raise ReviewError("the pack has no network to review: run build_network first")
    try:
        return import_pack(content, replace=True, created_by=user, note=note)
    except (PackError, PackInvalid) as exc:
        raise ReviewError(f"could not save: {exc}") from exc


def publish(name: str, *, user: Any = None, note: str = "") -> ImportResult:
    content = _current(name)
    if review_state(content) == PUBLISHED:
        raise ReviewError(f"pack {name!r} is already published")
    content.setdefault("metadata", {})["review"] = PUBLISHED
    return _save(content, "published", user=user, note=note or "published after review")


def drop_cause(name: str, hypothesis: str, *, user: Any = None) -> ImportResult:
    content = _current(name)
    net = content["network"]
    if not any(h["id"] == hypothesis for h in net["hypotheses"]):
        raise ReviewError(f"pack {name!r} has no cause {hypothesis!r}")
    if len(net["hypotheses"]) == 1:
        raise ReviewError("a pack needs at least one cause")
    net["hypotheses"] = [h for h in net["hypotheses"] if h["id"] != hypothesis]
    net["links"] = [lk for lk in net.get("links", []) if lk["hypothesis"] != hypothesis]
    _unlink_flow(content, hypothesis)
    _mark_draft(content)
    return _save(content, "draft", user=user, note=f"review: dropped cause {hypothesis}")


def drop_link(name: str, hypothesis: str, finding: str, *, user: Any = None) -> ImportResult:
    content = _current(name)
    net = content["network"]
    kept = [
        lk
        for lk in net.get("links", [])
        if not (lk["hypothesis"] == hypothesis and lk["finding"] == finding)
    ]
    if len(kept) == len(net.get("links", [])):
        raise ReviewError(f"no link between {hypothesis!r} and {finding!r}")
    net["links"] = kept
    _mark_draft(content)
    return _save(
        content, "draft", user=user, note=f"review: dropped link {hypothesis} -> {finding}"
    )


def edit_item(name: str, item: str, *, text: str, field: str, user: Any = None) -> ImportResult:
    """Rename a cause (``field`` "name" or "resolution") or reword a check ("question",
    "how_to_check")."""
    content = _current(name)
    net = content["network"]
    pool = net["hypotheses"] if field in ("name", "resolution") else net["findings"]
    for entry in pool:
        if entry["id"] == item:
            if not text.strip():
                raise ReviewError(f"{field} cannot be empty")
            entry[field] = text.strip()
            _mark_draft(content)
            return _save(content, "draft", user=user, note=f"review: edited {item} {field}")
    raise ReviewError(f"pack {name!r} has no item {item!r} with a {field!r}")


def merge_causes(name: str, keep: str, drop: str, *, user: Any = None) -> ImportResult:
    """Two causes are one: ``drop``'s citations go to ``keep``; where both link a check, the
    check keeps ``keep``'s link only if they agree, otherwise the link is removed (the
    merged cause no longer implies an answer)."""
    if keep == drop:
        raise ReviewError("choose two different causes")
    content = _current(name)
    net = content["network"]
    by_id = {h["id"]: h for h in net["hypotheses"]}
    if keep not in by_id or drop not in by_id:
        raise ReviewError(f"pack {name!r} has no cause {keep if keep not in by_id else drop!r}")
    by_id[keep]["citations"] = [
        *by_id[keep].get("citations", []),
        *by_id[drop].get("citations", []),
    ]
    keep_links = {lk["finding"]: lk for lk in net["links"] if lk["hypothesis"] == keep}
    drop_links = {lk["finding"]: lk for lk in net["links"] if lk["hypothesis"] == drop}
    links = [lk for lk in net["links"] if lk["hypothesis"] not in (keep, drop)]
    for finding, link in keep_links.items():
        other = drop_links.get(finding)
        if other is None or other["masses"] == link["masses"]:
            links.append(link)
    net["links"] = links
    net["hypotheses"] = [h for h in net["hypotheses"] if h["id"] != drop]
    _unlink_flow(content, drop, replacement=keep)
    _mark_draft(content)
    return _save(content, "draft", user=user, note=f"review: merged {drop} into {keep}")


def _unlink_flow(content: dict[str, Any], node: str, replacement: str | None = None) -> None:
    net = content["network"]
    for moves in net.get("flow", {}).values():
        for state, target in list(moves.items()):
            if target == node:
                if replacement is None:
                    del moves[state]
                else:
                    moves[state] = replacement
    for group in (content.get("routing") or {}).get("groups", []):
        group["hypotheses"] = [
            h if h != node else replacement
            for h in group["hypotheses"]
            if h != node or replacement is not None
        ]
        group["hypotheses"] = list(dict.fromkeys(group["hypotheses"]))
    hyps = (content.get("routing") or {}).get("hypotheses")
    if isinstance(hyps, dict):
        hyps.pop(node, None)


def _mark_draft(content: dict[str, Any]) -> None:
    content.setdefault("metadata", {})["review"] = DRAFT
