"""Refitting link strengths from labelled cases (imprecise Dirichlet model, design section 3).

Every case an operator labelled with a hypothesis ``h`` of the pack is a sample of how people
with ``h`` answer. For each (hypothesis, finding) the answers of those cases are counted per
state: ``n_x`` (a hedged answer counts its reliability, "not sure" and set-valued answers
count nothing), ``N = sum n_x``. The refitted conditional BBA is

    m({x} | h) = n_x / (N + s)        m(Theta | h) = s / (N + s)

so a link seen in few cases stays mostly ignorance and sharpens as labels accumulate; ``s``
is the model's prior strength. Only links with ``N >= min_count`` are proposed. Operators see
every proposed change (masses before and after) and choose which to save as a new version.

Each refitted link cites a passage of a generated document (one per refit, ``<pack>:labels-
<version>``) that states the counts behind it, so the new masses stay grounded in something
an operator can read.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bots.models import Outcome
from knowledge.models import Pack, PackVersion
from planning.network import EvidentialNetwork

from .pack_changes import (
    ChangeError,
    current_content,
    focal_key,
    masses_json,
    next_version,
    save_version,
    set_link,
)

LABELS_KIND = "labels"


@dataclass(frozen=True)
class LinkRefit:
    """One proposed change: the counts behind it and the masses before and after."""

    hypothesis: str
    finding: str
    counts: dict[str, float]  # state -> n_x
    n: float
    before: list[dict[str, Any]] | None  # the current masses; None: no link (vacuous)
    after: list[dict[str, Any]]

    @property
    def key(self) -> str:
        return f"{self.hypothesis}\t{self.finding}"

    def mass_rows(self) -> list[tuple[str, float | None, float | None]]:
        """(focal set, mass before, mass after) for every focal set in either."""
        before = {focal_key(m["states"]): float(m["mass"]) for m in self.before or []}
        after = {focal_key(m["states"]): float(m["mass"]) for m in self.after}
        keys = sorted(set(before) | set(after), key=lambda k: (k.count("|"), k))
        return [(k, before.get(k), after.get(k)) for k in keys]


def idm_masses(counts: Mapping[str, float], states: Sequence[str], s: float) -> dict[
    frozenset[str], float
]:
    """``n_x / (N + s)`` on each seen state and ``s / (N + s)`` on the frame."""
    if s <= 0:
        raise ChangeError(f"the IDM strength s must be positive, got {s}")
    n = sum(counts.values())
    out: dict[frozenset[str], float] = {}
    for state in states:
        k = counts.get(state, 0.0)
        if k > 0:
            out[frozenset([state])] = k / (n + s)
    theta = frozenset(states)
    out[theta] = out.get(theta, 0.0) + s / (n + s)
    return out


def label_counts(
    pack: str, network: EvidentialNetwork
) -> tuple[dict[tuple[str, str], dict[str, float]], int]:
    """Answer counts per (hypothesis, finding) over the pack's cases labelled with a hypothesis
    of ``network``; also how many labelled cases contributed."""
    counts: dict[tuple[str, str], dict[str, float]] = defaultdict(lambda: defaultdict(float))
    used = 0
    labelled = Outcome.objects.filter(case__pack=pack, other=False).exclude(hypothesis="")
    for hypothesis, state in labelled.values_list("hypothesis", "case__state").iterator():
        if hypothesis not in network.hypothesis_index:
            continue
        used += 1
        for answer in (state or {}).get("answers", []):
            finding_id = answer.get("finding")
            states = answer.get("states")
            if finding_id not in network.finding_index or not states or len(states) != 1:
                continue
            if states[0] not in network.finding(finding_id).states:
                continue
            weight = float(answer.get("reliability", 1.0))
            if weight > 0:
                counts[(hypothesis, finding_id)][states[0]] += weight
    return {k: dict(v) for k, v in counts.items()}, used


def propose(
    pack: Pack, *, s: float = 1.0, min_count: float = 3.0
) -> tuple[list[LinkRefit], int]:
    """The refits the labels support (``N >= min_count``), and the labelled cases used."""
    if pack.current_version is None:
        raise ChangeError(f"pack {pack.name!r} has no version to refit")
    network = EvidentialNetwork.from_dict(pack.current_version.content["network"])
    counts, used = label_counts(pack.name, network)
    proposals = []
    for (hypothesis, finding_id), per_state in sorted(counts.items()):
        n = sum(per_state.values())
        if n < min_count:
            continue
        finding = network.finding(finding_id)
        after = masses_json(idm_masses(per_state, finding.states, s))
        link = network.link(hypothesis, finding_id)
        before = (
            masses_json(dict(link.masses)) if link is not None else None
        )
        if before == after:
            continue
        proposals.append(
            LinkRefit(hypothesis, finding_id, dict(per_state), n, before, after)
        )
    return proposals, used


def apply(
    pack: Pack, refits: Iterable[LinkRefit], *, s: float, user: Any, note: str = ""
) -> PackVersion:
    """Save the chosen refits as a new version, each citing the counts that produced it."""
    chosen = list(refits)
    if not chosen:
        raise ChangeError("choose at least one link to refit")
    content = current_content(pack)
    version = next_version(pack)
    doc_id = f"{pack.name}:labels-{version.replace('+', '-')}"
    paragraphs = []
    for i, refit in enumerate(chosen):
        counted = ", ".join(f"{state} {n:g}" for state, n in sorted(refit.counts.items()))
        paragraphs.append(
            f"{refit.hypothesis} / {refit.finding}: answers of {refit.n:g} labelled case(s): "
            f"{counted}; imprecise Dirichlet model with s = {s:g}."
        )
        masses = {frozenset(m["states"]): float(m["mass"]) for m in refit.after}
        citation = {"passage_id": f"{doc_id}#{i}", "document_id": doc_id}
        kept = _kept_citations(content, refit.hypothesis, refit.finding)
        set_link(content, refit.hypothesis, refit.finding, masses, [*kept, citation])
    content.setdefault("documents", []).append(
        {
            "id": doc_id,
            "kind": LABELS_KIND,
            "title": f"Operator labels behind version {version}",
            "text": "\n\n".join(paragraphs),
            "split": "paragraphs",
        }
    )
    why = note.strip() or f"refit {len(chosen)} link(s) from labelled cases (s = {s:g})"
    saved = save_version(pack, content, user=user, note=why)
    if saved.version != version:  # a concurrent change took the version string
        raise ChangeError("the pack changed while refitting; try again")
    return saved


def _kept_citations(content: Mapping[str, Any], hypothesis: str, finding: str) -> list[Any]:
    """The link's citations other than earlier label documents (a refit supersedes those)."""
    for link in content["network"].get("links", []):
        if link["hypothesis"] == hypothesis and link["finding"] == finding:
            return [
                c
                for c in link.get("citations", [])
                if not str(c.get("passage_id", "")).startswith(f"{content['name']}:labels-")
            ]
    return []


def current_row(pack: Pack) -> PackVersion:
    if pack.current_version is None:
        raise ChangeError(f"pack {pack.name!r} has no version")
    return pack.current_version
