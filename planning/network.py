"""Evidential networks: hypotheses, findings, and conditional BBAs linking them.

A network is knowledge, not state. For each hypothesis ``h`` and finding ``j`` it may hold a
conditional BBA ``m_j(. | h)`` over the finding's states, with focal sets restricted to
singletons, pairs and the whole frame, and the citations (passage ids) behind it. A missing
link means the finding says nothing about ``h``: ``m_j(Theta | h) = 1`` (vacuous).

``compile()`` turns the network into dense arrays the planner works with: for every finding
``j`` and state ``x`` the plausibility vector ``pl_j(x | .)`` over hypotheses (used by the
Generalized Bayesian Theorem update) and the pignistic vector ``BetP_j(x | .)`` (used to
predict how a user will answer).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

import numpy as np
from numpy.typing import NDArray

SCHEMA_VERSION = 1
_MASS_TOLERANCE = 1e-6


class NetworkError(ValueError):
    """The network is inconsistent (unknown ids, bad states, invalid masses)."""


@dataclass(frozen=True)
class Citation:
    """Where a piece of knowledge comes from: a passage in the document store."""

    passage_id: str
    document_id: str = ""
    quote: str = ""

    def to_dict(self) -> dict[str, str]:
        out = {"passage_id": self.passage_id}
        if self.document_id:
            out["document_id"] = self.document_id
        if self.quote:
            out["quote"] = self.quote
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Citation:
        return cls(
            passage_id=str(data["passage_id"]),
            document_id=str(data.get("document_id", "")),
            quote=str(data.get("quote", "")),
        )


@dataclass(frozen=True)
class Hypothesis:
    """A possible cause. ``prior`` is its prior plausibility in (0, 1]; 1 means no prior."""

    id: str
    name: str
    description: str = ""
    resolution: str = ""
    severity: int | None = None
    prior: float = 1.0
    citations: tuple[Citation, ...] = ()


@dataclass(frozen=True)
class Finding:
    """Something the assistant can ask about; ``states`` is its frame of possible answers.

    ``default_state`` is the answer to assume when the finding is not mentioned (DDXPlus
    evidences have one). ``group`` ties findings that are asked as one question (the options
    of a multi-choice question become binary findings sharing a group).
    """

    id: str
    question: str
    states: tuple[str, ...] = ("yes", "no")
    how_to_check: str = ""
    default_state: str | None = None
    group: str = ""
    cost: float = 1.0
    citations: tuple[Citation, ...] = ()

    def __post_init__(self) -> None:
        if len(self.states) < 2:
            raise NetworkError(f"finding {self.id!r}: needs at least two states")
        if len(set(self.states)) != len(self.states):
            raise NetworkError(f"finding {self.id!r}: duplicate states {self.states}")
        if self.default_state is not None and self.default_state not in self.states:
            raise NetworkError(
                f"finding {self.id!r}: default_state {self.default_state!r} not in {self.states}"
            )


@dataclass(frozen=True)
class Link:
    """A conditional BBA ``m_j(. | h)``: focal sets of the finding's states with their masses."""

    hypothesis: str
    finding: str
    masses: tuple[tuple[frozenset[str], float], ...]
    citations: tuple[Citation, ...] = ()

    @classmethod
    def make(
        cls,
        hypothesis: str,
        finding: str,
        masses: Mapping[Iterable[str] | str, float],
        citations: Sequence[Citation] = (),
    ) -> Link:
        """Build a link; a key that is a plain string means the singleton of that state."""
        items: dict[frozenset[str], float] = {}
        for key, value in masses.items():
            focal = frozenset([key]) if isinstance(key, str) else frozenset(key)
            items[focal] = items.get(focal, 0.0) + float(value)
        ordered = tuple(sorted(items.items(), key=lambda kv: (len(kv[0]), sorted(kv[0]))))
        return cls(hypothesis, finding, ordered, tuple(citations))

    def plausibility(self, states: Iterable[str]) -> float:
        """``pl_j(B | h)``: the mass of focal sets that intersect ``B``."""
        wanted = set(states)
        return sum(m for focal, m in self.masses if focal & wanted)


@dataclass(frozen=True)
class RedFlag:
    """Answering ``finding`` with one of ``states`` escalates the case at once.

    A flag with ``companions`` is conditional (a sign learned from a population, not a sign
    that is an alarm on its own): it is ``level`` only with a companion, a finding of
    ``companions`` answered other than its default (or the caller's ``DialogueState.
    flag_context`` saying one was said in words); without one it is ``alone``, and it is not
    raised at all when the caller found the complaint explained (an injury or strain said in
    words, ``flag_context == "explained"``). A pain that goes to the shoulder is the heart's
    with chest pain or breathlessness, and a pulled muscle's after lifting."""

    finding: str
    states: tuple[str, ...]
    reason: str
    level: str = "emergency"
    companions: tuple[str, ...] = ()
    alone: str = "urgent"

    def raised(self, level: str) -> RedFlag:
        """The flag as a dialogue records it: unconditional, at ``level``."""
        return RedFlag(self.finding, self.states, self.reason, level)


@dataclass
class EvidentialNetwork:
    """Hypotheses, findings, links and red flags; serialisable to and from JSON.

    ``flow`` optionally describes the knowledge source's own order as a flowchart: for a
    finding id and an answer state, the id of the next finding or hypothesis. ``flow_root`` is
    where the walk starts. Without a flow, ``findings`` order is the source order.
    """

    name: str
    hypotheses: list[Hypothesis]
    findings: list[Finding]
    links: list[Link]
    red_flags: list[RedFlag] = field(default_factory=list)
    flow: dict[str, dict[str, str]] = field(default_factory=dict)
    flow_root: str | None = None
    metadata: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.validate()

    # -- validation -----------------------------------------------------------------------

    def validate(self) -> None:
        hyp_ids = [h.id for h in self.hypotheses]
        find_ids = [f.id for f in self.findings]
        for kind, ids in (("hypothesis", hyp_ids), ("finding", find_ids)):
            seen: set[str] = set()
            for ident in ids:
                if ident in seen:
                    raise NetworkError(f"duplicate {kind} id {ident!r}")
                seen.add(ident)
        if not self.hypotheses:
            raise NetworkError("a network needs at least one hypothesis")
        for h in self.hypotheses:
            if not 0.0 < h.prior <= 1.0:
                raise NetworkError(f"hypothesis {h.id!r}: prior {h.prior} not in (0, 1]")
        findings = {f.id: f for f in self.findings}
        hyps = set(hyp_ids)
        pairs: set[tuple[str, str]] = set()
        for link in self.links:
            where = f"link ({link.hypothesis!r}, {link.finding!r})"
            if link.hypothesis not in hyps:
                raise NetworkError(f"{where}: unknown hypothesis")
            finding = findings.get(link.finding)
            if finding is None:
                raise NetworkError(f"{where}: unknown finding")
            if (link.hypothesis, link.finding) in pairs:
                raise NetworkError(f"{where}: duplicate link")
            pairs.add((link.hypothesis, link.finding))
            frame = set(finding.states)
            total = 0.0
            for focal, mass in link.masses:
                if not focal:
                    raise NetworkError(f"{where}: empty focal set")
                if not focal <= frame:
                    raise NetworkError(
                        f"{where}: focal set {sorted(focal)} outside the frame {finding.states}"
                    )
                if mass < 0 or not np.isfinite(mass):
                    raise NetworkError(f"{where}: negative or non-finite mass {mass}")
                total += mass
            if abs(total - 1.0) > _MASS_TOLERANCE:
                raise NetworkError(f"{where}: masses sum to {total:.6f}, not 1")
        for flag in self.red_flags:
            finding = findings.get(flag.finding)
            if finding is None:
                raise NetworkError(f"red flag on unknown finding {flag.finding!r}")
            bad = set(flag.states) - set(finding.states)
            if bad:
                raise NetworkError(f"red flag on {flag.finding!r}: unknown states {sorted(bad)}")
            unknown = [c for c in flag.companions if c not in findings]
            if unknown:
                raise NetworkError(f"red flag on {flag.finding!r}: unknown companions {unknown}")
        nodes = hyps | set(findings)
        if self.flow_root is not None and self.flow_root not in nodes:
            raise NetworkError(f"flow_root {self.flow_root!r} is not a finding or hypothesis")
        for source, edges in self.flow.items():
            if source not in findings:
                raise NetworkError(f"flow from unknown finding {source!r}")
            for state, target in edges.items():
                if state not in findings[source].states:
                    raise NetworkError(f"flow from {source!r}: unknown state {state!r}")
                if target not in nodes:
                    raise NetworkError(f"flow from {source!r}: unknown target {target!r}")

    # -- lookups --------------------------------------------------------------------------

    @cached_property
    def hypothesis_index(self) -> dict[str, int]:
        return {h.id: i for i, h in enumerate(self.hypotheses)}

    @cached_property
    def finding_index(self) -> dict[str, int]:
        return {f.id: i for i, f in enumerate(self.findings)}

    def finding(self, finding_id: str) -> Finding:
        return self.findings[self.finding_index[finding_id]]

    @cached_property
    def paths_to(self) -> dict[str, tuple[tuple[str, str], ...]]:
        """Per finding and hypothesis of a flowchart, the answers on the chart's way to it
        (:func:`planning.reach.ancestors`); empty without a ``flow``."""
        from .reach import ancestors

        return ancestors(self.flow) if self.flow else {}

    @cached_property
    def _groups(self) -> dict[str, tuple[str, ...]]:
        members: dict[str, list[str]] = {}
        for f in self.findings:
            if f.group:
                members.setdefault(f.group, []).append(f.id)
        return {group: tuple(ids) for group, ids in members.items()}

    def question_of(self, finding_id: str) -> tuple[str, ...]:
        """The findings one question about ``finding_id`` answers, in network order: the
        options of its multi-choice question when it has a ``group``, else itself."""
        group = self.finding(finding_id).group
        return self._groups[group] if group else (finding_id,)

    def hypothesis(self, hypothesis_id: str) -> Hypothesis:
        return self.hypotheses[self.hypothesis_index[hypothesis_id]]

    def links_for_finding(self, finding_id: str) -> list[Link]:
        return self._links_by_finding.get(finding_id, [])

    @cached_property
    def _links_by_finding(self) -> dict[str, list[Link]]:
        out: dict[str, list[Link]] = {}
        for link in self.links:
            out.setdefault(link.finding, []).append(link)
        return out

    def link(self, hypothesis_id: str, finding_id: str) -> Link | None:
        for link in self.links_for_finding(finding_id):
            if link.hypothesis == hypothesis_id:
                return link
        return None

    def prior_plausibility(self) -> NDArray[np.float64]:
        return np.array([h.prior for h in self.hypotheses], dtype=np.float64)

    def compile(self) -> CompiledNetwork:
        return self._compiled

    @cached_property
    def _compiled(self) -> CompiledNetwork:
        return CompiledNetwork(self)

    # -- serialisation --------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        return {
            "schema_version": SCHEMA_VERSION,
            "name": self.name,
            "metadata": self.metadata,
            "hypotheses": [
                _drop_empty(
                    {
                        "id": h.id,
                        "name": h.name,
                        "description": h.description,
                        "resolution": h.resolution,
                        "severity": h.severity,
                        "prior": h.prior if h.prior != 1.0 else None,
                        "citations": [c.to_dict() for c in h.citations],
                    }
                )
                for h in self.hypotheses
            ],
            "findings": [
                _drop_empty(
                    {
                        "id": f.id,
                        "question": f.question,
                        "states": list(f.states),
                        "how_to_check": f.how_to_check,
                        "default_state": f.default_state,
                        "group": f.group,
                        "cost": f.cost if f.cost != 1.0 else None,
                        "citations": [c.to_dict() for c in f.citations],
                    }
                )
                for f in self.findings
            ],
            "links": [
                _drop_empty(
                    {
                        "hypothesis": link.hypothesis,
                        "finding": link.finding,
                        "masses": [
                            {"states": sorted(focal), "mass": mass} for focal, mass in link.masses
                        ],
                        "citations": [c.to_dict() for c in link.citations],
                    }
                )
                for link in self.links
            ],
            "red_flags": [
                {
                    "finding": r.finding,
                    "states": list(r.states),
                    "reason": r.reason,
                    "level": r.level,
                    # Only a conditional flag says more: other packs' files stay as they were.
                    **(
                        {"companions": list(r.companions), "alone": r.alone} if r.companions else {}
                    ),
                }
                for r in self.red_flags
            ],
            "flow": self.flow,
            "flow_root": self.flow_root,
        }

    def to_json(self, indent: int | None = None) -> str:
        return json.dumps(self.to_dict(), indent=indent, ensure_ascii=False)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> EvidentialNetwork:
        version = data.get("schema_version", SCHEMA_VERSION)
        if version != SCHEMA_VERSION:
            raise NetworkError(f"unsupported network schema_version {version!r}")
        try:
            return cls(
                name=str(data["name"]),
                metadata=dict(data.get("metadata") or {}),
                hypotheses=[
                    Hypothesis(
                        id=str(h["id"]),
                        name=str(h.get("name", h["id"])),
                        description=str(h.get("description", "")),
                        resolution=str(h.get("resolution", "")),
                        severity=h.get("severity"),
                        prior=float(h.get("prior") or 1.0),
                        citations=_citations(h),
                    )
                    for h in data["hypotheses"]
                ],
                findings=[
                    Finding(
                        id=str(f["id"]),
                        question=str(f.get("question", "")),
                        states=tuple(str(s) for s in f.get("states", ("yes", "no"))),
                        how_to_check=str(f.get("how_to_check", "")),
                        default_state=f.get("default_state"),
                        group=str(f.get("group", "")),
                        cost=float(f.get("cost") or 1.0),
                        citations=_citations(f),
                    )
                    for f in data["findings"]
                ],
                links=[
                    Link(
                        hypothesis=str(lk["hypothesis"]),
                        finding=str(lk["finding"]),
                        masses=tuple(
                            (frozenset(str(s) for s in m["states"]), float(m["mass"]))
                            for m in lk["masses"]
                        ),
                        citations=_citations(lk),
                    )
                    for lk in data.get("links", [])
                ],
                red_flags=[
                    RedFlag(
                        finding=str(r["finding"]),
                        states=tuple(str(s) for s in r["states"]),
                        reason=str(r.get("reason", "")),
                        level=str(r.get("level", "emergency")),
                        companions=tuple(str(c) for c in r.get("companions", ())),
                        alone=str(r.get("alone", "urgent")),
                    )
                    for r in data.get("red_flags", [])
                ],
                flow={
                    str(k): {str(s): str(t) for s, t in v.items()}
                    for k, v in data.get("flow", {}).items()
                },
                flow_root=data.get("flow_root"),
            )
        except (KeyError, TypeError) as exc:
            raise NetworkError(f"malformed network document: {exc!r}") from exc

    @classmethod
    def from_json(cls, text: str) -> EvidentialNetwork:
        return cls.from_dict(json.loads(text))


def _citations(item: Mapping[str, Any]) -> tuple[Citation, ...]:
    return tuple(Citation.from_dict(c) for c in item.get("citations", []))


def _drop_empty(item: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in item.items() if v not in (None, "", [], {})}


class CompiledNetwork:
    """Dense arrays for fast planning.

    ``pl[j]`` has shape ``(n_states_j, n_hypotheses)``: ``pl_j(x | h)``.
    ``betp[j]`` has the same shape: the pignistic probability of answer ``x`` under ``h``.
    ``support[j]`` lists the hypotheses whose link to finding ``j`` is not vacuous.
    """

    def __init__(self, network: EvidentialNetwork) -> None:
        self.network = network
        self.n_hypotheses = len(network.hypotheses)
        self.hypothesis_ids = [h.id for h in network.hypotheses]
        self.finding_ids = [f.id for f in network.findings]
        n = self.n_hypotheses
        self.pl: list[NDArray[np.float64]] = []
        self.betp: list[NDArray[np.float64]] = []
        self.support: list[NDArray[np.intp]] = []
        for finding in network.findings:
            states = finding.states
            position = {state: i for i, state in enumerate(states)}
            k = len(states)
            pl = np.ones((k, n))
            betp = np.full((k, n), 1.0 / k)
            linked: list[int] = []
            # Plain Python per link: networks have tens of thousands of links over frames of a
            # few states, where per-call NumPy overhead would dominate.
            for link in network.links_for_finding(finding.id):
                h = network.hypothesis_index[link.hypothesis]
                col_pl = [0.0] * k
                col_betp = [0.0] * k
                for focal, mass in link.masses:
                    share = mass / len(focal)
                    for state in focal:
                        col_pl[position[state]] += mass
                        col_betp[position[state]] += share
                # Masses are validated to sum to 1 only within a tolerance; a plausibility a
                # rounding step above 1 would be rejected by the belief update.
                pl[:, h] = [min(v, 1.0) for v in col_pl]
                betp[:, h] = col_betp
                if any(abs(v - 1.0) > 1e-12 for v in col_pl):
                    linked.append(h)
            self.pl.append(pl)
            self.betp.append(betp)
            self.support.append(np.array(sorted(linked), dtype=np.intp))

    def plausibility(self, finding_id: str, states: Iterable[str]) -> NDArray[np.float64]:
        """``pl_j(B | h)`` for a set of states ``B`` (a set-valued answer), over hypotheses."""
        finding = self.network.finding(finding_id)
        wanted = set(states)
        unknown = wanted - set(finding.states)
        if unknown:
            raise NetworkError(f"finding {finding_id!r}: unknown states {sorted(unknown)}")
        j = self.network.finding_index[finding_id]
        if len(wanted) == 1:
            row: NDArray[np.float64] = self.pl[j][finding.states.index(next(iter(wanted)))]
            return row
        out = np.ones(self.n_hypotheses)
        for link in self.network.links_for_finding(finding_id):
            out[self.network.hypothesis_index[link.hypothesis]] = link.plausibility(wanted)
        # A sum of masses over several focal sets can pass 1 by a rounding error.
        return np.minimum(out, 1.0)
