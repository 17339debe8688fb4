"""Example packs built from the shared datasets: FloDial -> ``it-laptop`` and ``car``,
DDXPlus -> ``patient-intake``.

The networks come from the dataset loaders (:mod:`knowledge.datasets`); this module adds the
documents they cite and rewrites every citation to a real passage id
(``<document id>#<ordinal>``) of those documents. Documents use the ``paragraphs`` split, one
passage per flowchart step, FAQ, evidence line, so the ordinals are fixed by construction.

The packs are generated, never committed: they are derived from the datasets (which stay
outside the repository), and the DDXPlus pack alone is several megabytes.
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Callable, Iterable, Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any

from knowledge.datasets import ddxplus, flodial
from knowledge.datasets.common import DatasetError
from knowledge.packs.passages import PARAGRAPHS
from knowledge.packs.schema import FORMAT_VERSION, PACK_FORMAT
from planning.network import Citation, EvidentialNetwork, Finding, Hypothesis, Link, RedFlag

EXAMPLE_VERSION = "1.1.0"
GENERATOR = "knowledge.packs.importers"

_CHART_TITLES = {
    "laptop_battery": "Laptop battery",
    "laptop_drive": "Laptop hard drive",
    "laptop_overheating": "Laptop overheating",
    "lcd_problem": "Laptop LCD display",
    "power": "Laptop does not power on",
    "wireless": "Wireless network connection",
    "brake_problem": "Car brakes",
    "car_electrical_failure": "Car electrical failure",
    "car_steering": "Car steering",
    "car_wont_start": "Car does not start",
    "engine_overheats": "Engine overheating",
    "ticking": "Unusual car noises",
}

# Next care step by DDXPlus severity (1 = most severe). Shown to patients, so it says what to
# do and never names the condition: the intake is not a diagnosis.
_NOT_A_DIAGNOSIS = "This is not a diagnosis: a nurse will review your answers."
CARE_STEPS = {
    1: (
        "Call emergency services (112 or 911) now, or have someone take you to the nearest "
        "emergency department. Do not drive yourself."
    ),
    2: (
        "Seek medical care today: go to an urgent care centre or emergency department, or call "
        "your doctor's urgent line."
    ),
    3: (
        "Book an appointment with your doctor within the next one or two days. Seek care "
        "sooner if your symptoms get worse or new ones appear."
    ),
    4: (
        "Arrange a routine appointment with your doctor or nurse. Seek care sooner if your "
        "symptoms get worse."
    ),
    5: (
        "Self-care is usually enough at first: rest, drink fluids, and ask a pharmacist about "
        "over-the-counter remedies. Contact your doctor if symptoms last more than a week or "
        "get worse."
    ),
}
_RED_FLAG_REASONS = {
    "emergency": "An answer that needs emergency care now.",
    "urgent": "An answer that needs urgent medical care today.",
}


def _flag_reason(flag: RedFlag) -> str:
    """What staff read for a red flag: its level's reason, and for a conditional flag the
    condition (planning.network.RedFlag.companions)."""
    reason = _RED_FLAG_REASONS.get(flag.level, flag.reason)
    if not flag.companions:
        return reason
    alone = _RED_FLAG_REASONS.get(flag.alone, flag.alone)
    return (
        f"{reason[:-1]} with a sign that goes with it; without one: {alone[0].lower()}"
        f"{alone[1:]} Not a flag when the patient's words explain it (an injury or a strain)."
    )


# Each example pack's stopping rule (its ``metadata.stopping``, which the dialogue engine takes
# over the settings): what the pack's users get, and what ``manage.py evaluate`` plays the
# dataset's simulated users under. patient-intake: conclude at BetP 0.99, chosen on the DDXPlus
# dev patients (4-fold, InfoGatherer, multi-choice questions asked whole: at 0.85 it concluded at
# 95% accuracy and missed 1 patient in 20); a leader of severity 4 (a mild condition, routine
# advice) already at 0.97 that survives taking back any one answer and whose own red flags were
# all asked is concluded there (tau 0.97, flags_before 0.99, early_severities;
# docs/planner-robustness.md stops 39-40: those questions changed no conclusion of 500 dev
# patients, but for a moderate or severe leader, and for self-care advice, they were where a red
# flag or a more cautious triage came out), and at most 15 questions: the median patient is done
# in 4 or 5, and past 15 a patient who is not one of the 49 DDXPlus pathologies (the probes' "sore
# legs after the gym") is better handed to a nurse than asked 30 questions (the harness's DDXPlus
# budget). At the budget a leader at BetP 0.7 or more is concluded rather than handed on
# (StoppingRule.budget_floor; docs/planner-robustness.md, stop 35: with a "no" counted once, 42 of
# the 43 such conclusions of 500 dev patients, exact, sparse and noisy, were right). A leader
# short of 0.7 is concluded too when it holds BetP 0.4 or more, 1.5 times the runner-up, and the
# last three answers lifted it and no one "yes" carries it (StoppingRule.rising_floor; stop 38:
# the leaders the dialogue was still moving towards when the questions ran out). So is a leader
# at 0.6 or more that holds twice the runner-up's BetP (StoppingRule.budget_odds_floor; stop 47:
# of 500 dev patients who report less, 6 ended the budget with a leader at 0.6-0.7: 4 right, at
# 2.2-6 times the runner-up, and 2 near twins, each at 1.6 times the other).
# From the fourth question to the ninth, while the leader is below BetP 0.3, the question is
# chosen among the signs of the five leading causes that have at most 12 (StoppingRule.reach_*,
# planning.policies.profile; stop 43: a short-profile cause told apart by its few signs, which a
# patient who reports less leaves out and a diffuse belief never asks; the last questions stay
# the policy's, as they lift the leader a budget conclusion rests on).
# The FloDial packs: 0.85 and 15 questions, the settings' defaults, on which the FloDial
# dialogs were measured.
PACK_STOPPING: dict[str, dict[str, Any]] = {
    "patient-intake": {
        "tau": 0.97,
        "flags_before": 0.99,
        "early_severities": [4],
        "pair_check": True,
        # Stop 45: near twins named only at odds of 1.5 or more in the two readings together
        # (log 1.5), and a settle resting on a slip-only "yes" (5 patients in 100) asks it back.
        "pair_margin": 0.405,
        "confirm_misreport": 0.05,
        "pair_lost_gain": 0.05,
        "pair_split_gain": 0.01,
        "max_turns": 15,
        "budget_floor": 0.7,
        "budget_odds_floor": 0.6,
        "budget_odds": 2.0,
        "rising_floor": 0.4,
        "reach_below": 0.3,
        "reach_after": 3,
        "reach_before": 10,
        "reach_top": 5,
        "reach_profile": 12,
    },
    "it-laptop": {"tau": 0.85, "max_turns": 15},
    "car": {"tau": 0.85, "max_turns": 15},
}

# Topics a person names when they are there: a rash or a swelling is seen, so an opening that
# does not mention one says something, and asking it among the first questions reads as not
# listening ("Is there a rash...?" second, to a chesty cough). Pain is not among them: a cough
# is often described without the chest pain that comes with it. (answering.QuestionOrder)
PACK_QUESTION_ORDER: dict[str, dict[str, Any]] = {
    "patient-intake": {"volunteered_topics": ["E_129", "E_151"]},
}


def example_policy(name: str) -> dict[str, Any]:
    """The metadata this release declares in code for an example pack (``stopping``,
    ``question_order``): what ``knowledge.first_start`` brings an already imported example
    pack up to, since a database keeps the pack it first imported."""
    policy: dict[str, Any] = {}
    if name in PACK_STOPPING:
        policy["stopping"] = dict(PACK_STOPPING[name])
    if name in PACK_QUESTION_ORDER:
        policy["question_order"] = dict(PACK_QUESTION_ORDER[name])
    return policy


class ImporterError(RuntimeError):
    """The loaders produced something this importer cannot map (a bug, not bad input)."""


def _pack(
    *,
    name: str,
    title: str,
    description: str,
    domain: str,
    network: EvidentialNetwork,
    documents: list[dict[str, Any]],
    routing: Mapping[str, Any] | None,
    metadata: Mapping[str, Any],
) -> dict[str, Any]:
    pack: dict[str, Any] = {
        "format": PACK_FORMAT,
        "format_version": FORMAT_VERSION,
        "name": name,
        "version": EXAMPLE_VERSION,
        "title": title,
        "description": description,
        "language": "en",
        "domain": domain,
        "network": network.to_dict(),
        "documents": documents,
    }
    if routing:
        pack["routing"] = dict(routing)
    pack["metadata"] = {"generated_by": GENERATOR, **metadata, **example_policy(name)}
    return pack


def _document(
    doc_id: str, kind: str, title: str, paragraphs: Iterable[str], source: str
) -> dict[str, Any]:
    # Paragraphs are one passage each, so none may contain a blank line of its own.
    clean = [re.sub(r"\n\s*\n", "\n", p.strip()) for p in paragraphs if p.strip()]
    return {
        "id": doc_id,
        "kind": kind,
        "title": title,
        "text": "\n\n".join(clean),
        "source": source,
        "split": PARAGRAPHS,
    }


def _squash(text: Any) -> str:
    return " ".join(str(text).split())


def _remap(citations: Iterable[Citation], mapping: Mapping[str, str]) -> tuple[Citation, ...]:
    out = []
    for c in citations:
        target = mapping.get(c.passage_id)
        if target is None:
            raise ImporterError(f"no pack passage for the loader's citation {c.passage_id!r}")
        out.append(Citation(target, document_id=target.rpartition("#")[0], quote=c.quote))
    return tuple(out)


# -- FloDial ----------------------------------------------------------------------------------


def _node_order(nodes: Mapping[str, Any]) -> list[str]:
    return sorted(nodes, key=lambda n: (len(n), n))


def _chart_documents(
    pack: str, chart: Mapping[str, Any], network: EvidentialNetwork
) -> tuple[list[dict[str, Any]], dict[str, str]]:
    """The chart's documents, and loader citation id -> pack passage id."""
    name = str(chart["name"])
    title = _CHART_TITLES.get(name, name.replace("_", " ").capitalize())
    source = f"FloDial knowledge-sources/{name}.json"
    nodes, edges = chart["nodes"], chart["edges"]
    mapping: dict[str, str] = {}
    steps = []
    chart_doc = f"{pack}:{name}:chart"
    for ordinal, node in enumerate(_node_order(nodes)):
        spec = nodes[node]
        label, utterance = _squash(spec.get("label", "")), _squash(spec.get("utterance", ""))
        if spec.get("terminal"):
            steps.append(f"Step {node} - fix ({label}): {utterance}")
        else:
            moves = "; ".join(
                f"if {state}, go to step {edges[node][state]}"
                for state in ("yes", "no")
                if state in edges.get(node, {})
            )
            steps.append(f"Step {node} - question ({label}): {utterance} {moves}.".strip())
        mapping[f"flodial:{name}#chart-{node}"] = f"{chart_doc}#{ordinal}"
    documents = [
        _document(chart_doc, "chart", f"{title}: troubleshooting flowchart", steps, source)
    ]
    faqs = chart.get("supporting_faqs", [])
    if faqs:
        faq_doc = f"{pack}:{name}:faq"
        entries = []
        for ordinal, faq in enumerate(faqs):
            entries.append(f"Q: {_squash(faq.get('q', ''))}\nA: {_squash(faq.get('a', ''))}")
            loader_id = flodial.faq_id(name, str(faq.get("id", ordinal)))
            mapping[loader_id] = f"{faq_doc}#{ordinal}"
        documents.append(_document(faq_doc, "faq", f"{title}: FAQ", entries, source))
    causes = [h.name for h in network.hypotheses if h.id.startswith(f"{name}:")]
    problem = [
        _squash(chart.get("problem_description", "")) or title,
        "Possible causes and fixes: " + "; ".join(causes) + ".",
    ]
    documents.append(_document(f"{pack}:{name}:problem", "problem", title, problem, source))
    return documents, mapping


def flodial_pack(
    category: str,
    *,
    name: str,
    title: str,
    description: str,
    domain: str,
    root: str | Path | None = None,
) -> dict[str, Any]:
    """A pack over every FloDial chart of ``category`` ("laptops" or "cars")."""
    loaded = flodial.load_combined_network(category, root=root)
    charts = [flodial.load_chart(c, root=root) for c in loaded.metadata["charts"]]
    documents: list[dict[str, Any]] = []
    mapping: dict[str, str] = {}
    for chart in charts:
        docs, cites = _chart_documents(name, chart, loaded)
        documents.extend(docs)
        mapping.update(cites)
    metadata = dict(loaded.metadata)
    metadata["faqs"] = [{**faq, "passage_id": mapping[faq["id"]]} for faq in metadata["faqs"]]
    network = EvidentialNetwork(
        name=name,
        hypotheses=[_with_citations(h, _remap(h.citations, mapping)) for h in loaded.hypotheses],
        findings=[_with_citations(f, _remap(f.citations, mapping)) for f in loaded.findings],
        links=[
            Link(lk.hypothesis, lk.finding, lk.masses, _remap(lk.citations, mapping))
            for lk in loaded.links
        ],
        red_flags=list(loaded.red_flags),
        flow=loaded.flow,
        flow_root=loaded.flow_root,
        metadata=metadata,
    )
    routing = {
        "groups": [
            {
                "id": str(chart["name"]),
                "title": _CHART_TITLES.get(str(chart["name"]), str(chart["name"])),
                "text": _squash(chart.get("problem_description", "")) or str(chart["name"]),
                "hypotheses": [
                    h.id for h in network.hypotheses if h.id.startswith(f"{chart['name']}:")
                ],
                "root": loaded.metadata["flow_roots"][chart["name"]],
            }
            for chart in charts
        ]
    }
    return _pack(
        name=name,
        title=title,
        description=description,
        domain=domain,
        network=network,
        documents=documents,
        routing=routing,
        metadata={
            "source": "FloDial (Raghu et al., EMNLP 2021), flowcharts and supporting FAQs",
            "charts": list(loaded.metadata["charts"]),
        },
    )


def _with_citations(item: Any, citations: tuple[Citation, ...]) -> Any:
    return replace(item, citations=citations)


def it_laptop_pack(root: str | Path | None = None) -> dict[str, Any]:
    return flodial_pack(
        "laptops",
        name="it-laptop",
        title="Laptop troubleshooting",
        description=(
            "Battery, hard drive, overheating, display, power and Wi-Fi problems of laptops, "
            "from the six FloDial laptop flowcharts and their FAQs."
        ),
        domain="it",
        root=root,
    )


def car_pack(root: str | Path | None = None) -> dict[str, Any]:
    return flodial_pack(
        "cars",
        name="car",
        title="Car troubleshooting",
        description=(
            "Brakes, electrical failures, steering, starting, overheating and noises, from the "
            "six FloDial car flowcharts and their FAQs."
        ),
        domain="automotive",
        root=root,
    )


# -- DDXPlus ----------------------------------------------------------------------------------


def _slug(text: str) -> str:
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "-", ascii_text.lower()).strip("-") or "x"


def _evidence_line(evidence: ddxplus.Evidence) -> str:
    if evidence.kind == "B":
        answers = "yes or no"
    else:
        values = "; ".join(f"{v} = {evidence.meanings.get(v, v) or v}" for v in evidence.values)
        answers = ("one of: " if evidence.kind == "C" else "any of: ") + values
    return f"{evidence.id}: {evidence.question} Answers: {answers}. Default: {evidence.default}."


def _condition_document(
    condition: ddxplus.Condition, catalog: ddxplus.Catalog, patients: int, doc_id: str
) -> tuple[dict[str, Any], dict[str, int]]:
    """The pathology's document and evidence id -> ordinal of its line."""
    paragraphs = [
        f"{condition.name} (ICD-10 {condition.icd10}). Severity {condition.severity} on the "
        "DDXPlus scale from 1 (most severe) to 5.",
        f"An evidence not listed below is taken as absent for {condition.name}: the DDXPlus "
        "knowledge base lists every symptom and antecedent it generates for this condition.",
        f"Learned from {patients} patient(s) with {condition.name} in patients_dev.csv "
        "(imprecise Dirichlet model, s = 1).",
    ]
    ordinals: dict[str, int] = {}
    for label, ids in (("Symptom", condition.symptoms), ("Antecedent", condition.antecedents)):
        for evidence_id in ids:
            if evidence_id in ordinals:
                continue
            ordinals[evidence_id] = len(paragraphs)
            question = catalog.evidences[evidence_id].question
            paragraphs.append(f"{label} of {condition.name}: {question} ({evidence_id})")
    document = _document(
        doc_id,
        "condition",
        condition.name,
        paragraphs,
        "DDXPlus release_conditions.json, patients_dev.csv",
    )
    return document, ordinals


def patient_intake_pack(
    root: str | Path | None = None, *, m_values: ddxplus.MValues = "observed"
) -> dict[str, Any]:
    """The DDXPlus pack: 49 pathologies, links learned from ``patients_dev.csv`` only, with
    what the knowledge says added (``ddxplus.LINKS``: each listed evidence's declared
    presentation, and a "no" to a declared symptom weighing less than a "yes"), as the
    evaluation plays them.

    ``m_values="observed"`` (default) drops the multi-choice value findings no training patient
    ever chose: their links only restate the default, and dropping them halves the pack.
    """
    loaded = ddxplus.load_network("dev", m_values=m_values, root=root, **ddxplus.LINKS)
    catalog = ddxplus.load_catalog(root)
    name = "patient-intake"
    evidences_doc = f"{name}:evidences"
    evidence_ordinal = {eid: k for k, eid in enumerate(catalog.evidences)}
    documents = [
        _document(
            evidences_doc,
            "reference",
            "Intake questions (DDXPlus evidences)",
            [_evidence_line(e) for e in catalog.evidences.values()],
            "DDXPlus release_evidences.json",
        )
    ]
    condition_doc: dict[str, str] = {}
    condition_lines: dict[str, dict[str, int]] = {}
    train_patients = loaded.metadata.get("train_patients", {})
    used: set[str] = set()
    for condition in catalog.conditions.values():
        slug = _slug(condition.id)
        while f"{name}:condition:{slug}" in used:
            slug += "-x"
        doc_id = f"{name}:condition:{slug}"
        used.add(doc_id)
        document, lines = _condition_document(
            condition, catalog, int(train_patients.get(condition.id, 0)), doc_id
        )
        documents.append(document)
        condition_doc[condition.id] = doc_id
        condition_lines[condition.id] = lines

    def cite(doc_id: str, ordinal: int) -> Citation:
        return Citation(f"{doc_id}#{ordinal}", document_id=doc_id)

    hypotheses = [
        Hypothesis(
            id=h.id,
            name=h.name,
            description=h.description,
            resolution=f"{CARE_STEPS[int(h.severity or 3)]} {_NOT_A_DIAGNOSIS}",
            severity=h.severity,
            prior=h.prior,
            citations=(cite(condition_doc[h.id], 0),),
        )
        for h in loaded.hypotheses
    ]
    findings = [
        Finding(
            id=f.id,
            question=f.question,
            states=f.states,
            how_to_check=f.how_to_check,
            default_state=f.default_state,
            group=f.group,
            cost=f.cost,
            citations=(cite(evidences_doc, evidence_ordinal[catalog.evidence_of[f.id]]),),
        )
        for f in loaded.findings
    ]
    links = []
    for link in loaded.links:
        doc_id = condition_doc[link.hypothesis]
        line = condition_lines[link.hypothesis].get(catalog.evidence_of[link.finding])
        # A listed evidence cites its line and the training data; an unlisted one the
        # closed-world statement.
        cites = (cite(doc_id, line), cite(doc_id, 2)) if line is not None else (cite(doc_id, 1),)
        links.append(Link(link.hypothesis, link.finding, link.masses, cites))
    signs = {flag.finding: flag.reason for flag in loaded.red_flags}
    red_flags = [replace(flag, reason=_flag_reason(flag)) for flag in loaded.red_flags]
    metadata = {
        **loaded.metadata,
        "red_flag_signs": signs,
        "follow_up_of": ddxplus.follow_ups(catalog, {f.id for f in findings}),
        "history": ddxplus.history_findings(catalog, {f.id for f in findings}),
    }
    network = EvidentialNetwork(
        name=name,
        hypotheses=hypotheses,
        findings=findings,
        links=links,
        red_flags=red_flags,
        metadata=metadata,
    )
    return _pack(
        name=name,
        title="Patient intake",
        description=(
            "Symptom and history questions for patient intake over the 49 DDXPlus pathologies, "
            "with red-flag screening. Conclusions are next care steps for a nurse to review, "
            "never a diagnosis."
        ),
        domain="medical",
        network=network,
        documents=documents,
        routing=None,
        metadata={
            "source": "DDXPlus (Fansi Tchango et al., NeurIPS 2022)",
            "license": "CC-BY 4.0",
            "train": "patients_dev.csv",
            "m_values": m_values,
        },
    )


# -- all examples -----------------------------------------------------------------------------

EXAMPLE_PACKS: dict[str, Callable[[str | Path | None], dict[str, Any]]] = {
    "it-laptop": it_laptop_pack,
    "car": car_pack,
    "patient-intake": patient_intake_pack,
}


def build_example_pack(name: str, root: str | Path | None = None) -> dict[str, Any]:
    """One example pack by name; DatasetError when its dataset is missing."""
    builder = EXAMPLE_PACKS.get(name)
    if builder is None:
        raise ValueError(f"unknown example pack {name!r}; expected one of {sorted(EXAMPLE_PACKS)}")
    return builder(root)


def write_pack(pack: Mapping[str, Any], path: str | Path) -> Path:
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    with target.open("w", encoding="utf-8") as handle:
        json.dump(pack, handle, ensure_ascii=False, indent=1)
        handle.write("\n")
    return target


__all__ = [
    "CARE_STEPS",
    "EXAMPLE_PACKS",
    "DatasetError",
    "ImporterError",
    "build_example_pack",
    "car_pack",
    "flodial_pack",
    "it_laptop_pack",
    "patient_intake_pack",
    "write_pack",
]
