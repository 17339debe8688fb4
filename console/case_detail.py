"""What the case page shows: the transcript explained, the belief over the turns, the differential.

For each bot question: the hypotheses it separates, its expected gain (under the policy's own
score name), the predicted probability of each answer, and the passages that ground it: the
finding's citations and the citations of its links to the hypotheses it separates, from the
pack version the case ran on. For each answer: the evidence it was read as (finding, states,
reliability; volunteered facts too). For the belief: every bot turn's snapshot, drawn as the
leading hypotheses' BetP and, separately, the open-world mass and conflict (0..1) and
nonspecificity and discord (bits).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from bots.models import Case, OutboundMessage, Role, Turn
from planning.network import Citation, EvidentialNetwork

from .charts import Series, legend, line_chart
from .packs import CitedPassage, citations_from, network_for, resolve_citations

MAX_LINES = 6
UNCERTAINTY_COLORS = {
    "open-world mass (ignorance)": "#6b7280",
    "conflict": "#dc2626",
    "nonspecificity": "#2563eb",
    "discord": "#9333ea",
}


@dataclass
class Evidence:
    finding: str
    question: str
    states: str  # "yes", "yes / no", or "not sure"
    reliability: float
    volunteered: bool = False


@dataclass
class Item:
    """One turn of the transcript, explained."""

    turn: Turn
    kind: str  # user / bot / operator / system
    action: str = ""
    question: str = ""  # the pack's wording of the finding asked about
    separates: list[dict[str, str]] = field(default_factory=list)
    expected_gain: float | None = None
    score_name: str = ""
    answer_probability: list[tuple[str, float]] = field(default_factory=list)
    details: list[tuple[str, float]] = field(default_factory=list)
    passages: list[CitedPassage] = field(default_factory=list)
    evidence: list[Evidence] = field(default_factory=list)
    intent: str = ""
    belief_top: list[dict[str, Any]] = field(default_factory=list)
    # A conclusion's facts read from the user's words, as the user was told them, and a
    # correction that reopened the case (bots.conversation.basis, bots.conversation.correction).
    went_by: list[str] = field(default_factory=list)
    corrected: dict[str, str] = field(default_factory=dict)
    outbound: OutboundMessage | None = None
    open: bool = False  # the rationale shown unfolded (the latest question's)


@dataclass
class CaseView:
    case: Case
    network: EvidentialNetwork | None
    items: list[Item]
    betp_chart: str
    betp_legend: list[tuple[str, str, bool]]
    mass_chart: str
    mass_legend: list[tuple[str, str, bool]]
    entropy_chart: str
    entropy_legend: list[tuple[str, str, bool]]
    differential: list[dict[str, Any]]
    final_belief: dict[str, Any]
    snapshots: int


def _question(network: EvidentialNetwork | None, finding_id: str) -> str:
    if network is not None and finding_id in network.finding_index:
        return network.finding(finding_id).question
    return finding_id


def _evidence(
    network: EvidentialNetwork | None, answers: Sequence[Mapping[str, Any]], volunteered: bool
) -> list[Evidence]:
    out = []
    for answer in answers:
        states = answer.get("states")
        finding_id = str(answer.get("finding", ""))
        out.append(
            Evidence(
                finding=finding_id,
                question=_question(network, finding_id),
                states="not sure" if not states else " / ".join(str(s) for s in states),
                reliability=float(answer.get("reliability", 1.0)),
                volunteered=volunteered,
            )
        )
    return out


def _corrected(network: EvidentialNetwork | None, record: Any) -> dict[str, str]:
    """A correction's record as the transcript says it: the conclusion taken back (its
    readable title) or the hand-off, the fact as the user was told it, and what it is now."""
    if not isinstance(record, Mapping):
        return {}
    from bots.conclusions import cause_title

    reopened = str(record.get("reopened", ""))
    if network is not None and reopened in network.hypothesis_index:
        reopened = cause_title(network.hypothesis(reopened))
    now = record.get("now")
    # A hand-off no person had taken up names no cause: the case left the queue.
    what = "hand-off to a person" if record.get("handoff") else "conclusion"
    return {
        "what": what,
        "reopened": reopened,
        "shown": str(record.get("shown", "")),
        "now": "asked again" if not now else " / ".join(str(s) for s in now),
        "by": "with the button" if record.get("by") == "button" else "in their own words",
    }


def _grounding(
    network: EvidentialNetwork | None, finding_id: str, separates: Sequence[str], stored: Any
) -> list[Citation]:
    """The finding's citations (as stored with the question, else from the network) and its
    links' citations to the separated hypotheses, without repeats."""
    citations = citations_from(stored)
    if network is not None and finding_id in network.finding_index:
        if not citations:
            citations = list(network.finding(finding_id).citations)
        for hypothesis in separates:
            link = network.link(hypothesis, finding_id)
            if link is not None:
                citations.extend(link.citations)
    seen: set[str] = set()
    unique = []
    for citation in citations:
        if citation.passage_id not in seen:
            seen.add(citation.passage_id)
            unique.append(citation)
    return unique


def build(case: Case) -> CaseView:
    network = network_for(case.pack, case.pack_version)
    turns = list(case.turns.select_related("operator").order_by("index"))
    outbound = {
        o.turn_id: o for o in OutboundMessage.objects.filter(case=case, turn__role=Role.OPERATOR)
    }
    items: list[Item] = []
    pending_citations: list[tuple[Item, list[Citation]]] = []
    for turn in turns:
        item = Item(turn=turn, kind=turn.role, action=str(turn.action.get("type", "")))
        if turn.role == Role.USER:
            interpretation = turn.interpretation or {}
            item.intent = str(interpretation.get("intent", ""))
            item.evidence = _evidence(network, interpretation.get("answers") or [], False)
            item.evidence += _evidence(network, interpretation.get("volunteered") or [], True)
        elif turn.role == Role.BOT:
            rationale = turn.rationale or {}
            finding_id = str(turn.action.get("finding", ""))
            if finding_id:
                item.question = _question(network, finding_id)
            if rationale and item.action in ("ask", "why", "how", "reask"):
                separates = [str(h) for h in rationale.get("separates", [])]
                named = {d.get("id"): d.get("name") for d in rationale.get("separates_named", [])}
                item.separates = [{"id": h, "name": str(named.get(h) or h)} for h in separates]
                gain = rationale.get("expected_gain")
                item.expected_gain = float(gain) if gain is not None else None
                item.score_name = str(rationale.get("score_name", "expected_gain"))
                probs = rationale.get("answer_probability") or {}
                item.answer_probability = sorted(
                    ((str(k), float(v)) for k, v in probs.items()), key=lambda kv: -kv[1]
                )
                item.details = [
                    (str(k), float(v))
                    for k, v in (rationale.get("details") or {}).items()
                    if isinstance(v, int | float)
                ]
                if item.action == "ask":
                    pending_citations.append(
                        (
                            item,
                            _grounding(network, finding_id, separates, rationale.get("citations")),
                        )
                    )
            item.belief_top = list((turn.belief or {}).get("top", []))
            item.went_by = [str(f.get("shown", "")) for f in turn.action.get("basis") or []]
            item.corrected = _corrected(network, turn.action.get("corrected"))
        elif turn.role == Role.OPERATOR:
            item.outbound = outbound.get(turn.pk)
        items.append(item)
    asks = [i for i in items if i.action == "ask"]
    if asks:
        asks[-1].open = True
    # Resolve every citation of the page in one pass (one query for their documents).
    flat = [c for _, cs in pending_citations for c in cs]
    resolved = iter(resolve_citations(flat))
    for item, citations in pending_citations:
        item.passages = [next(resolved) for _ in citations]
    return _with_charts(case, network, items)


def _with_charts(case: Case, network: EvidentialNetwork | None, items: list[Item]) -> CaseView:
    snapshots = [
        (i.turn, i.turn.belief) for i in items if i.kind == Role.BOT and (i.turn.belief or {})
    ]
    labels = [f"#{turn.index}" for turn, _ in snapshots]
    final = snapshots[-1][1] if snapshots else {}
    names: dict[str, str] = {}
    chosen: list[str] = []
    for _, belief in snapshots:
        for entry in belief.get("top", []):
            names.setdefault(str(entry["id"]), str(entry.get("name") or entry["id"]))
    # The lines worth drawing: the final top three, then any hypothesis that led at some turn.
    for entry in final.get("top", [])[:3]:
        chosen.append(str(entry["id"]))
    for _, belief in snapshots:
        top = belief.get("top", [])
        if top and str(top[0]["id"]) not in chosen:
            chosen.append(str(top[0]["id"]))
    chosen = chosen[:MAX_LINES]
    betp_series = []
    for hid in chosen:
        values: list[float | None] = []
        for _, belief in snapshots:
            found = next((e for e in belief.get("top", []) if str(e["id"]) == hid), None)
            values.append(float(found["betp"]) if found is not None else None)
        betp_series.append(Series(names.get(hid, hid), values))

    def metric(key: str) -> list[float | None]:
        return [
            float(b[key]) if isinstance(b.get(key), int | float) else None for _, b in snapshots
        ]

    mass_series = [
        Series(
            "open-world mass (ignorance)",
            metric("open_world"),
            UNCERTAINTY_COLORS["open-world mass (ignorance)"],
        ),
        Series("conflict", metric("conflict"), UNCERTAINTY_COLORS["conflict"], dashed=True),
    ]
    entropy_series = [
        Series("nonspecificity", metric("nonspecificity"), UNCERTAINTY_COLORS["nonspecificity"]),
        Series("discord", metric("discord"), UNCERTAINTY_COLORS["discord"], dashed=True),
    ]
    differential = list(case.differential or []) or [
        {"id": e["id"], "name": e.get("name", e["id"]), "betp": e["betp"]}
        for e in final.get("top", [])
    ]
    if network is not None:
        for entry in differential:
            if entry.get("id") in network.hypothesis_index and not entry.get("resolution"):
                entry["resolution"] = network.hypothesis(str(entry["id"])).resolution
    empty = ""
    return CaseView(
        case=case,
        network=network,
        items=items,
        betp_chart=line_chart(
            betp_series,
            labels,
            title="BetP of the leading hypotheses per bot turn",
            y_max=1.0,
            percent=True,
            css_class="chart belief-chart",
        )
        if snapshots
        else empty,
        betp_legend=legend(betp_series),
        mass_chart=line_chart(
            mass_series,
            labels,
            title="Open-world mass and conflict per bot turn",
            y_max=1.0,
            percent=True,
            width=420,
            height=200,
            css_class="chart mass-chart",
        )
        if snapshots
        else empty,
        mass_legend=legend(mass_series),
        entropy_chart=line_chart(
            entropy_series,
            labels,
            title="Nonspecificity and discord (bits) per bot turn",
            y_label="bits",
            width=420,
            height=200,
            css_class="chart entropy-chart",
        )
        if snapshots
        else empty,
        entropy_legend=legend(entropy_series),
        differential=differential,
        final_belief=dict(final),
        snapshots=len(snapshots),
    )
