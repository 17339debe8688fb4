"""DDXPlus as an evidential network and as evaluation cases.

Source files (``<datasets>/ddxplus/``): ``release_evidences.json`` (223 evidences),
``release_conditions.json`` (49 pathologies with the evidences the knowledge base lists for
them) and the patient CSVs ``patients_dev.csv`` / ``patients_test.csv``.

Findings. A binary evidence (``B``) is one finding with states ``("yes", "no")``. A categorical
evidence (``C``) is one finding whose states are its possible values as strings. A multi-choice
evidence (``M``, e.g. "where is the pain?") becomes one binary finding per possible value, id
``E_55@V_29``, sharing ``group = "E_55"``; the value that is the evidence's default ("nowhere")
defaults to "yes", every other value to "no". The evaluation harness asks such a question
whole, as the questionnaire does: one turn answers every option.

Links. Which (pathology, evidence) pairs are linked comes from the knowledge base (the
pathology's symptoms and antecedents); how strongly is learned from training patients with the
imprecise Dirichlet model: among ``N`` patients with pathology ``h`` and ``n_x`` of them in state
``x``, ``m({x}|h) = n_x / (N + s)`` and ``m(Theta|h) = s / (N + s)``. A pathology seen in few
patients keeps most of its mass on ignorance.

Pairs the knowledge base does NOT list are handled by ``unlisted``:

- ``"closed"`` (default): mass ``1 - eps`` on the evidence's default state, ``eps`` on Theta.
  DDXPlus only ever generates a pathology's listed evidences, so an unlisted evidence is
  *known* to be absent, not unknown. Leaving the pair vacuous would throw that away: a positive
  answer ("yes, I have a fever") could never count against pathologies that lack it, only
  negative answers would discriminate, and conversations would take far longer. ``eps`` keeps a
  little doubt (an incomplete knowledge base, a misreported answer), so one contradicting answer
  discounts a pathology to plausibility ``eps`` instead of eliminating it.
- ``"vacuous"``: no link, i.e. trust only what the knowledge base states explicitly. Beware:
  then nothing ever speaks against a pathology with no training patients (Bronchiolitis has
  none in ``patients_dev.csv``), and it keeps plausibility 1 whatever the answers.

Measured with every finding answered (the best any policy can do), the true pathology has the
highest plausibility for 99.3% of dev and 98.0% of test patients with ``"closed"``, and for
almost none with ``"vacuous"`` (Bronchiolitis wins).

Only the training split (``dev`` by default) feeds the counts; the test CSV is read only by
:func:`load_cases` to build evaluation cases.
"""

from __future__ import annotations

import csv
import dataclasses
import json
import re
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Literal

import numpy as np

from knowledge.datasets.common import DatasetError, datasets_dir, read_json, require_file
from planning.evidence import Answer
from planning.network import (
    Citation,
    EvidentialNetwork,
    Finding,
    Hypothesis,
    Link,
    RedFlag,
)
from planning.simulation import Case, stable_hash

YES, NO = "yes", "no"
SPLITS = ("dev", "test")
Split = Literal["dev", "test"]
Unlisted = Literal["closed", "vacuous"]
MValues = Literal["all", "observed"]

EVIDENCES_DOC = "ddxplus:release_evidences"
CONDITIONS_DOC = "ddxplus:release_conditions"


# -- parsed knowledge base --------------------------------------------------------------------


@dataclass(frozen=True)
class Evidence:
    """One DDXPlus evidence (a question), with values as strings."""

    id: str
    question: str
    kind: str  # "B" binary, "C" categorical, "M" multi-choice
    default: str
    values: tuple[str, ...]
    meanings: Mapping[str, str]
    is_antecedent: bool
    parent: str  # code_question: the question this one follows up on

    def finding_id(self, value: str | None = None) -> str:
        """The finding that holds this evidence (for ``M``, the one for ``value``)."""
        if self.kind == "M":
            if value is None:
                raise DatasetError(f"evidence {self.id}: a multi-choice evidence needs a value")
            return f"{self.id}@{value}"
        return self.id


@dataclass(frozen=True)
class Condition:
    """One pathology: its listed symptoms and antecedents, severity 1 (most severe) to 5."""

    id: str
    name: str
    severity: int
    icd10: str
    symptoms: tuple[str, ...]
    antecedents: tuple[str, ...]

    @property
    def evidences(self) -> tuple[str, ...]:
        return self.symptoms + self.antecedents


@dataclass(frozen=True)
class Catalog:
    """The knowledge base expanded into findings."""

    evidences: Mapping[str, Evidence]
    conditions: Mapping[str, Condition]
    findings: tuple[Finding, ...]
    findings_of: Mapping[str, tuple[str, ...]]  # evidence id -> its finding ids
    evidence_of: Mapping[str, str]  # finding id -> evidence id
    defaults: Mapping[str, str]  # finding id -> default state
    state_labels: Mapping[str, Mapping[str, str]]  # finding id -> state -> English meaning


@dataclass(frozen=True)
class Patient:
    """One row of a patients CSV."""

    split: str
    row: int
    age: int
    sex: str
    pathology: str
    evidences: tuple[str, ...]
    initial_evidence: str
    differential: tuple[tuple[str, float], ...]


def _english(meaning: Any) -> str:
    if isinstance(meaning, Mapping):
        return str(meaning.get("en") or meaning.get("fr") or "")
    return str(meaning)


def _parse_evidence(key: str, raw: Mapping[str, Any]) -> Evidence:
    try:
        kind = str(raw["data_type"])
        question = str(raw["question_en"]).strip()
        default = str(raw["default_value"])
        values = tuple(str(v) for v in raw.get("possible-values", []))
        meanings = {str(k): _english(v) for k, v in (raw.get("value_meaning") or {}).items()}
    except KeyError as exc:
        raise DatasetError(f"evidence {key}: missing field {exc}") from exc
    if kind not in ("B", "C", "M"):
        raise DatasetError(f"evidence {key}: unknown data_type {kind!r}")
    if kind != "B" and default not in values:
        raise DatasetError(f"evidence {key}: default {default!r} not among its values")
    return Evidence(
        id=key,
        question=question,
        kind=kind,
        default=default,
        values=values,
        meanings=meanings,
        is_antecedent=bool(raw.get("is_antecedent", False)),
        parent=str(raw.get("code_question", key)),
    )


def _expand(evidence: Evidence) -> list[Finding]:
    cite = (Citation(f"{EVIDENCES_DOC}#{evidence.id}", document_id=EVIDENCES_DOC),)
    if evidence.kind == "B":
        return [
            Finding(evidence.id, evidence.question, (YES, NO), default_state=NO, citations=cite)
        ]
    if evidence.kind == "C":
        return [
            Finding(
                evidence.id,
                evidence.question,
                evidence.values,
                default_state=evidence.default,
                citations=cite,
            )
        ]
    question = evidence.question.rstrip()
    return [
        Finding(
            evidence.finding_id(value),
            f"{question} - {evidence.meanings.get(value, value)}",
            (YES, NO),
            default_state=YES if value == evidence.default else NO,
            group=evidence.id,
            citations=cite,
        )
        for value in evidence.values
    ]


@lru_cache(maxsize=4)
def _catalog(root: Path) -> Catalog:
    raw_evidences = read_json(root / "ddxplus" / "release_evidences.json")
    raw_conditions = read_json(root / "ddxplus" / "release_conditions.json")
    evidences = {key: _parse_evidence(key, raw) for key, raw in raw_evidences.items()}
    conditions: dict[str, Condition] = {}
    for key, raw in raw_conditions.items():
        try:
            condition = Condition(
                id=key,
                name=str(raw.get("cond-name-eng") or key),
                severity=int(raw["severity"]),
                icd10=str(raw.get("icd10-id", "")),
                symptoms=tuple(raw["symptoms"]),
                antecedents=tuple(raw["antecedents"]),
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise DatasetError(f"condition {key}: malformed ({exc!r})") from exc
        unknown = set(condition.evidences) - set(evidences)
        if unknown:
            raise DatasetError(f"condition {key}: unknown evidences {sorted(unknown)}")
        conditions[key] = condition
    findings: list[Finding] = []
    findings_of: dict[str, tuple[str, ...]] = {}
    labels: dict[str, Mapping[str, str]] = {}
    for evidence in evidences.values():
        expanded = _expand(evidence)
        findings.extend(expanded)
        findings_of[evidence.id] = tuple(f.id for f in expanded)
        if evidence.kind == "C" and evidence.meanings:
            labels[evidence.id] = dict(evidence.meanings)
    return Catalog(
        evidences=evidences,
        conditions=conditions,
        findings=tuple(findings),
        findings_of=findings_of,
        evidence_of={fid: eid for eid, fids in findings_of.items() for fid in fids},
        defaults={f.id: str(f.default_state) for f in findings},
        state_labels=labels,
    )


def load_catalog(root: str | Path | None = None) -> Catalog:
    """The parsed knowledge base (evidences, conditions, findings); cached."""
    return _catalog(datasets_dir(root))


def follow_ups(catalog: Catalog, findings: set[str] | None = None) -> dict[str, str]:
    """Finding id -> the yes/no finding it follows up on (``code_question``): "How intense is
    the pain?" follows "Do you have pain somewhere?". The questionnaire asks a follow-up only
    after its parent was answered yes; a parent answered no settles it at its default."""
    out: dict[str, str] = {}
    for finding_id, evidence_id in catalog.evidence_of.items():
        parent = catalog.evidences[evidence_id].parent
        if parent == evidence_id or parent not in catalog.evidences:
            continue
        if catalog.evidences[parent].kind != "B":
            continue
        if findings is None or (finding_id in findings and parent in findings):
            out[finding_id] = parent
    return out


def history_findings(catalog: Catalog, findings: set[str] | None = None) -> list[str]:
    """The finding ids of antecedents (``is_antecedent``: risk factors and medical history,
    "Have you ever had pneumonia?"), which a clinician asks after the complaint's symptoms."""
    return sorted(
        finding_id
        for finding_id, evidence_id in catalog.evidence_of.items()
        if catalog.evidences[evidence_id].is_antecedent
        and (findings is None or finding_id in findings)
    )


# -- patients ---------------------------------------------------------------------------------


_COLUMNS = ("AGE", "DIFFERENTIAL_DIAGNOSIS", "SEX", "PATHOLOGY", "EVIDENCES", "INITIAL_EVIDENCE")


@lru_cache(maxsize=8)
def _patients(path: Path, split: str) -> tuple[Patient, ...]:
    require_file(path)
    out: list[Patient] = []
    with path.open(encoding="utf-8", newline="") as handle:
        reader = csv.DictReader(handle)
        missing = set(_COLUMNS) - set(reader.fieldnames or ())
        if missing:
            raise DatasetError(f"{path}: missing columns {sorted(missing)}")
        for row_number, row in enumerate(reader):
            try:
                differential = tuple(
                    (str(name), float(p)) for name, p in json.loads(row["DIFFERENTIAL_DIAGNOSIS"])
                )
                out.append(
                    Patient(
                        split=split,
                        row=row_number,
                        age=int(row["AGE"]),
                        sex=row["SEX"],
                        pathology=row["PATHOLOGY"],
                        evidences=tuple(str(t) for t in json.loads(row["EVIDENCES"])),
                        initial_evidence=row["INITIAL_EVIDENCE"],
                        differential=differential,
                    )
                )
            except (ValueError, TypeError) as exc:
                raise DatasetError(f"{path}: row {row_number + 2} is malformed ({exc})") from exc
    return tuple(out)


def patients_path(split: str, root: str | Path | None = None) -> Path:
    if split not in SPLITS:
        raise DatasetError(f"unknown DDXPlus split {split!r}; expected one of {SPLITS}")
    return datasets_dir(root) / "ddxplus" / f"patients_{split}.csv"


def load_patients(split: str, root: str | Path | None = None) -> tuple[Patient, ...]:
    """The patients of a split, in file order; cached."""
    return _patients(patients_path(split, root), split)


def patient_answers(patient: Patient, catalog: Catalog) -> dict[str, str]:
    """The patient's answers that differ from the findings' defaults (finding id -> state)."""
    out: dict[str, str] = {}
    # Values in the order the patient's record lists them (a dict, not a set: a set's order
    # follows the hash seed, and so would the answers' order and every run that reads it).
    chosen: dict[str, dict[str, None]] = {}
    for token in patient.evidences:
        name, _, value = token.partition("_@_")
        evidence = catalog.evidences.get(name)
        if evidence is None:
            raise DatasetError(f"patient {patient.split}:{patient.row}: unknown evidence {name!r}")
        if evidence.kind == "B":
            out[name] = YES
        elif evidence.kind == "C":
            if value not in evidence.values:
                raise DatasetError(
                    f"patient {patient.split}:{patient.row}: {name} has unknown value {value!r}"
                )
            if value != evidence.default:
                out[name] = value
        else:
            if value not in evidence.values:
                raise DatasetError(
                    f"patient {patient.split}:{patient.row}: {name} has unknown value {value!r}"
                )
            chosen.setdefault(name, {})[value] = None
    for name, values in chosen.items():
        evidence = catalog.evidences[name]
        for value in values:
            if value != evidence.default:
                out[evidence.finding_id(value)] = YES
        # Choosing any other value ("groin") means the default one ("nowhere") is not chosen.
        if evidence.default not in values:
            out[evidence.finding_id(evidence.default)] = NO
    return out


class DefaultedAnswers(Mapping[str, str]):
    """A case's answers: its own non-default ones over the findings' shared defaults.

    Every finding is covered (an unlisted evidence takes its default value) without storing
    ~900 entries per patient.
    """

    __slots__ = ("_defaults", "_explicit")

    def __init__(self, explicit: Mapping[str, str], defaults: Mapping[str, str]) -> None:
        self._explicit = dict(explicit)
        self._defaults = defaults

    def __getitem__(self, key: str) -> str:
        value = self._explicit.get(key)
        if value is not None:
            return value
        return self._defaults[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._defaults)

    def __len__(self) -> int:
        return len(self._defaults)

    @property
    def explicit(self) -> Mapping[str, str]:
        """Only the answers that differ from the defaults."""
        return self._explicit


# -- learning links ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Counts:
    """Training counts: patients per pathology and, per pathology, non-default states seen."""

    patients: Mapping[str, int]
    states: Mapping[str, Mapping[tuple[str, str], int]]  # pathology -> (finding, state) -> n


def count_states(patients: Sequence[Patient], catalog: Catalog) -> Counts:
    per_condition: Counter[str] = Counter()
    states: dict[str, Counter[tuple[str, str]]] = {}
    for patient in patients:
        if patient.pathology not in catalog.conditions:
            raise DatasetError(
                f"patient {patient.split}:{patient.row}: unknown pathology {patient.pathology!r}"
            )
        per_condition[patient.pathology] += 1
        bucket = states.setdefault(patient.pathology, Counter())
        bucket.update(patient_answers(patient, catalog).items())
    return Counts(dict(per_condition), {k: dict(v) for k, v in states.items()})


def idm_masses(
    counts: Mapping[str, float], n: float, states: Sequence[str], s: float
) -> dict[frozenset[str], float]:
    """Imprecise Dirichlet model: ``n_x / (n + s)`` on each seen state, ``s / (n + s)`` on Theta.

    ``counts`` holds the count of each state among ``n`` observations (states left out have 0).
    """
    if s < 0:
        raise ValueError(f"IDM hyper-parameter s must be >= 0, got {s}")
    if n + s <= 0:
        return {frozenset(states): 1.0}
    out: dict[frozenset[str], float] = {}
    for state in states:
        k = counts.get(state, 0)
        if k:
            out[frozenset([state])] = k / (n + s)
    if s > 0:
        theta = frozenset(states)
        out[theta] = out.get(theta, 0.0) + s / (n + s)
    return out


def _link(
    hypothesis: str,
    finding: str,
    masses: Mapping[frozenset[str], float],
    citations: Sequence[Citation],
) -> Link:
    return Link.make(hypothesis, finding, {k: v for k, v in masses.items()}, citations)


def discount_link(link: Link, frame: Sequence[str], reliability: float) -> Link:
    """Shafer's discounting: ``r * m + (1 - r)`` on Theta.

    For the product-form belief this is the same as discounting every answer to the finding by
    ``r`` (``pl' = r * pl + 1 - r`` for every hypothesis, and a missing link stays vacuous), so
    a network built with ``reliability < 1`` reads every answer as possibly mistaken.
    """
    theta = frozenset(frame)
    masses: dict[frozenset[str], float] = {}
    for focal, mass in link.masses:
        masses[focal] = masses.get(focal, 0.0) + reliability * mass
    masses[theta] = masses.get(theta, 0.0) + 1.0 - reliability
    return Link.make(link.hypothesis, link.finding, masses, link.citations)


@dataclass(frozen=True)
class LinkPrior:
    """What the knowledge says about a listed (pathology, evidence) pair beyond its own
    patients, as pseudo-counts added to the imprecise Dirichlet model (:func:`link_prior`).

    ``pooled[f][x]``: the share of state ``x`` of finding ``f`` among the training patients
    whose pathology lists ``f``'s evidence (the typical presentation of a declared symptom).
    ``soft_n[h][e]`` and ``soft_states[h][(f, x)]``: soft patients of ``h``, the
    ``DIFFERENTIAL_DIAGNOSIS`` weight other patients give ``h``, counted only on evidences
    both pathologies list (where the other patient's answer says something about ``h``).
    """

    strength: float
    soft_weight: float
    underreport: float
    pooled: Mapping[str, Mapping[str, float]]
    soft_n: Mapping[str, Mapping[str, float]]
    soft_states: Mapping[str, Mapping[tuple[str, str], float]]


def link_prior(
    catalog: Catalog,
    patients: Sequence[Patient],
    counts: Counts,
    strength: float,
    soft_weight: float,
    underreport: float = 0.0,
) -> LinkPrior:
    """The pseudo-counts of :class:`LinkPrior` learned from the training ``patients``."""
    listing: dict[str, list[str]] = {}
    for condition in catalog.conditions.values():
        for evidence_id in condition.evidences:
            listing.setdefault(evidence_id, []).append(condition.id)
    pooled: dict[str, dict[str, float]] = {}
    for evidence_id, conditions in listing.items():
        total = sum(counts.patients.get(h, 0) for h in conditions)
        for finding_id in catalog.findings_of[evidence_id]:
            default = catalog.defaults[finding_id]
            shares: Counter[str] = Counter()
            for h in conditions:
                for (f, x), n in counts.states.get(h, {}).items():
                    if f == finding_id and x != default:
                        shares[x] += n
            seen = sum(shares.values())
            if total > 0:
                out = {x: n / total for x, n in shares.items()}
                out[default] = (total - seen) / total
                pooled[finding_id] = out
    soft_n: dict[str, Counter[str]] = {}
    soft_states: dict[str, Counter[tuple[str, str]]] = {}
    if soft_weight > 0:
        listed = {c.id: set(c.evidences) for c in catalog.conditions.values()}
        for patient in patients:
            answers = patient_answers(patient, catalog)
            own = listed.get(patient.pathology, set())
            for h, w in patient.differential:
                if h == patient.pathology or h not in listed or w <= 0:
                    continue
                shared = own & listed[h]
                if not shared:
                    continue
                bucket_n = soft_n.setdefault(h, Counter())
                bucket_x = soft_states.setdefault(h, Counter())
                for evidence_id in shared:
                    bucket_n[evidence_id] += w
                    for finding_id in catalog.findings_of[evidence_id]:
                        state = answers.get(finding_id)
                        if state is not None:
                            bucket_x[(finding_id, state)] += w
    return LinkPrior(
        float(strength),
        float(soft_weight),
        float(underreport),
        pooled,
        {k: dict(v) for k, v in soft_n.items()},
        {k: dict(v) for k, v in soft_states.items()},
    )


def _listed_masses(
    finding_id: str,
    evidence_id: str,
    condition_id: str,
    n: int,
    seen: Mapping[tuple[str, str], int],
    states: Sequence[str],
    default: str,
    s: float,
    prior: LinkPrior | None,
) -> dict[frozenset[str], float] | None:
    """The IDM masses of a listed pair: its patients' counts, plus (with ``prior``) the soft
    patients and ``strength`` pseudo-patients of the pooled presentation; ``s / (N' + s)``
    stays on ignorance, so a pathology with few patients keeps most of its doubt."""
    per_state: dict[str, float] = {x: float(seen.get((finding_id, x), 0)) for x in states}
    per_state[default] = n - sum(v for x, v in per_state.items() if x != default)
    total = float(n)
    if prior is not None:
        soft = prior.soft_weight * prior.soft_n.get(condition_id, {}).get(evidence_id, 0.0)
        if soft > 0:
            soft_x = prior.soft_states.get(condition_id, {})
            given = 0.0
            for x in states:
                if x != default:
                    extra = prior.soft_weight * soft_x.get((finding_id, x), 0.0)
                    per_state[x] += extra
                    given += extra
            per_state[default] += soft - given
            total += soft
        pooled = prior.pooled.get(finding_id)
        if prior.strength > 0 and pooled:
            for x, share in pooled.items():
                per_state[x] = per_state.get(x, 0.0) + prior.strength * share
            total += prior.strength
    per_state = {x: max(v, 0.0) for x, v in per_state.items()}  # rounding below 0
    if total <= 0:
        return None  # no patients and no prior: the IDM link is vacuous, the same as no link
    masses = idm_masses(per_state, total, states, s)
    if prior is not None and prior.underreport > 0:
        # A patient may not mention what they have: a share of each reported state's mass
        # goes to "that state, or not reported" ({x, default}), so a "no" weighs against the
        # pathology less than a "yes" weighs for it.
        for focal, mass in list(masses.items()):
            if len(focal) == 1 and default not in focal:
                moved = prior.underreport * mass
                masses[focal] = mass - moved
                either = focal | {default}
                masses[either] = masses.get(either, 0.0) + moved
    return masses


def _learned_links(
    catalog: Catalog,
    counts: Counts,
    s: float,
    unlisted: Unlisted,
    eps: float,
    train_doc: str,
    prior: LinkPrior | None = None,
) -> list[Link]:
    links: list[Link] = []
    states_of = {f.id: f.states for f in catalog.findings}
    for condition in catalog.conditions.values():
        listed_cite = Citation(f"{CONDITIONS_DOC}#{condition.id}", document_id=CONDITIONS_DOC)
        train_cite = Citation(f"{train_doc}#{condition.id}", document_id=train_doc)
        unlisted_cite = Citation(
            f"{CONDITIONS_DOC}#{condition.id}",
            document_id=CONDITIONS_DOC,
            quote="not among the pathology's symptoms or antecedents",
        )
        n = counts.patients.get(condition.id, 0)
        seen = counts.states.get(condition.id, {})
        listed = set(condition.evidences)
        for evidence_id, finding_ids in catalog.findings_of.items():
            for finding_id in finding_ids:
                finding_states = states_of[finding_id]
                default = catalog.defaults[finding_id]
                if evidence_id in listed:
                    masses = _listed_masses(
                        finding_id,
                        evidence_id,
                        condition.id,
                        n,
                        seen,
                        finding_states,
                        default,
                        s,
                        prior,
                    )
                    if masses is None:
                        continue
                    links.append(_link(condition.id, finding_id, masses, (listed_cite, train_cite)))
                elif unlisted == "closed":
                    closed: dict[frozenset[str], float] = {frozenset([default]): 1.0 - eps}
                    if eps > 0:
                        closed[frozenset(finding_states)] = eps
                    links.append(_link(condition.id, finding_id, closed, (unlisted_cite,)))
    return links


# -- red flags --------------------------------------------------------------------------------


def red_flags(
    catalog: Catalog,
    patients: Sequence[Patient],
    *,
    min_presence: float = 0.5,
    max_mild_rate: float = 0.10,
    mild_budget: float = 0.05,
    severe: int = 2,
    mild_from: int = 3,
    max_benign_share: float = 0.10,
    benign_from: int = 4,
) -> list[RedFlag]:
    """A few cardinal symptoms of the severe pathologies (severity ``<= severe``).

    Candidates: findings of a severe pathology ``h``'s listed *symptoms* (antecedents such as
    "do you drink coffee?" are risk factors, not alarms) whose non-default state occurs in at
    least ``min_presence`` of ``h``'s training patients and in at most ``max_mild_rate`` of the
    training patients with a non-severe pathology (severity ``>= mild_from``), and in at most
    ``max_benign_share`` of the training patients of every benign pathology (severity ``>=
    benign_from``, routine or self-care) on its own: a sign that a benign condition commonly
    brings is no alarm however rare it is overall. Without that rule, pain in the right flank
    (a third of the dev panic attacks, "cardinal" for anaphylaxis by the dataset's pain maps)
    escalated panic attacks as emergencies: 3 of the 7 mild patients escalated among the first
    300 dev patients through the service. Severe patients with such a sign are still flagged
    by the differential's triage (``planning.triage``) or by their other cardinal signs.

    Every candidate alone is rare in mild patients, but a hundred of them together would flag
    most mild patients, so the flags are then chosen greedily as a set cover: repeatedly take
    the candidate covering the most still-unflagged severe patients per newly flagged mild
    patient, while the union flags at most ``mild_budget`` of the mild patients. A flag is
    "emergency" when it is cardinal for a severity-1 pathology, else "urgent".

    ``mild_budget`` 0.05 was chosen on the dev patients through the service (``evaluate
    ddxplus --split dev --limit 300``): at 0.10 the flags included palpitations and numbness
    in both arms and legs, cardinal for severe pathologies but common in panic attacks, and
    7.6% of the mild patients were escalated; at 0.05, 2.3%, with every severe patient still
    flagged (the differential's triage flags those the smaller set misses).
    """
    answers = [frozenset(patient_answers(p, catalog)) for p in patients]
    severity = [catalog.conditions[p.pathology].severity for p in patients]
    by_condition: dict[str, list[int]] = {}
    for i, patient in enumerate(patients):
        by_condition.setdefault(patient.pathology, []).append(i)
    mild = [i for i, s in enumerate(severity) if s >= mild_from]
    grave = [i for i, s in enumerate(severity) if s <= severe]
    order = {f.id: k for k, f in enumerate(catalog.findings)}
    cardinal_for: dict[str, list[Condition]] = {}
    for condition in catalog.conditions.values():
        group = by_condition.get(condition.id, [])
        if condition.severity > severe or not group:
            continue
        hits: Counter[str] = Counter(fid for i in group for fid in answers[i])
        for evidence_id in condition.symptoms:
            if catalog.evidences[evidence_id].is_antecedent:
                continue  # listed as a symptom here, but the evidence file calls it history
            for finding_id in catalog.findings_of[evidence_id]:
                if hits[finding_id] >= min_presence * len(group):
                    cardinal_for.setdefault(finding_id, []).append(condition)
    benign_groups = [
        group
        for condition_id, group in by_condition.items()
        if catalog.conditions[condition_id].severity >= benign_from
    ]

    def common_in_benign(finding_id: str) -> bool:
        return any(
            sum(finding_id in answers[i] for i in group) > max_benign_share * len(group)
            for group in benign_groups
        )

    mild_of = {f: {i for i in mild if f in answers[i]} for f in cardinal_for}
    grave_of = {f: {i for i in grave if f in answers[i]} for f in cardinal_for}
    candidates = sorted(
        (
            f
            for f in cardinal_for
            if len(mild_of[f]) <= max_mild_rate * len(mild) and not common_in_benign(f)
        ),
        key=order.__getitem__,
    )
    chosen: list[str] = []
    covered: set[int] = set()
    mild_flagged: set[int] = set()
    while True:
        best: tuple[float, str] | None = None
        for finding_id in candidates:
            gain = len(grave_of[finding_id] - covered)
            if gain == 0 or finding_id in chosen:
                continue
            new_mild = mild_of[finding_id] - mild_flagged
            if len(mild_flagged) + len(new_mild) > mild_budget * len(mild):
                continue
            score = gain / (1 + len(new_mild))
            if best is None or score > best[0]:
                best = (score, finding_id)
        if best is None:
            break
        chosen.append(best[1])
        covered |= grave_of[best[1]]
        mild_flagged |= mild_of[best[1]]
    out: list[RedFlag] = []
    finding_by_id = {f.id: f for f in catalog.findings}
    for finding_id in sorted(chosen, key=order.__getitem__):
        finding = finding_by_id[finding_id]
        conditions = cardinal_for[finding_id]
        states = tuple(x for x in finding.states if x != finding.default_state)
        names = ", ".join(sorted(c.name for c in conditions))
        out.append(
            RedFlag(
                finding=finding_id,
                states=states,
                reason=f"{finding.question} - a cardinal sign of {names}",
                level="emergency" if min(c.severity for c in conditions) <= 1 else "urgent",
            )
        )
    return out


# Which derived flags are alarms only with a companion sign (stop 39; docs/patient-safety.md).
# The flags above are learned from DDXPlus's population, which holds no injuries, no strains
# and no everyday aches: "the pain goes to the shoulder" and "worse with exertion, better with
# rest" are cardinal for angina there, and told a man who had tweaked his shoulder at the gym
# to call emergency services. Reviewed by hand, by evidence: a pain's place, where it goes,
# where a skin change is, and exertion are the heart's (or, for a skin change, anaphylaxis's)
# only with a sign of them; a high-pitched breath in (stridor) and new confusion are alarms
# on their own and stay unconditional, like every flag of an evidence not listed here.
_CHEST_PLACES = ("V_29", "V_55", "V_56", "V_101", "V_159", "V_160", "V_170", "V_171")
# Chest pain (where it is, where a pain goes, at rest), breathlessness (at all, at the least
# effort), sweating, a near faint, a faint.
HEART_COMPANIONS = (
    *(f"E_55@{v}" for v in _CHEST_PLACES),
    *(f"E_57@{v}" for v in _CHEST_PLACES),
    "E_14",
    "E_66",
    "E_64",
    "E_50",
    "E_82",
    "E_159",
)
# Breathing trouble (breathless, a high-pitched or wheezing breath), a near faint, a faint.
ALLERGY_COMPANIONS = ("E_66", "E_194", "E_214", "E_82", "E_159")
CONDITIONAL_EVIDENCES: Mapping[str, tuple[str, ...]] = {
    "E_55": HEART_COMPANIONS,  # where the pain is
    "E_57": HEART_COMPANIONS,  # where the pain goes
    "E_218": HEART_COMPANIONS,  # worse with exertion, better with rest
    "E_133": ALLERGY_COMPANIONS,  # where the skin change is
}


def conditional_flags(
    flags: Sequence[RedFlag], catalog: Catalog, findings: set[str]
) -> list[RedFlag]:
    """``flags`` with :data:`CONDITIONAL_EVIDENCES`' companions (those among ``findings``, the
    network's): each such flag is its level with a companion, "urgent" without one, and none
    when the patient's words explain the complaint (planning.network.RedFlag)."""
    out = []
    for flag in flags:
        companions = CONDITIONAL_EVIDENCES.get(catalog.evidence_of[flag.finding], ())
        kept = tuple(c for c in companions if c in findings and c != flag.finding)
        out.append(dataclasses.replace(flag, companions=kept) if kept else flag)
    return out


def red_flag_rates(
    flags: Sequence[RedFlag],
    patients: Sequence[Patient],
    catalog: Catalog,
    *,
    severe: int = 2,
    mild_from: int = 4,
) -> tuple[float, float]:
    """(fraction of mild patients tripping a flag, fraction of severe patients tripping one).

    A patient trips a flag when one of their answers (all findings asked) is in its states.
    """
    rules = {f.finding: set(f.states) for f in flags}

    def trips(patient: Patient) -> bool:
        answers = DefaultedAnswers(patient_answers(patient, catalog), catalog.defaults)
        return any(answers[fid] in states for fid, states in rules.items())

    def rate(group: list[Patient]) -> float:
        return sum(trips(p) for p in group) / len(group) if group else 0.0

    sev = {p: catalog.conditions[p.pathology].severity for p in patients}
    mild = [p for p in patients if sev[p] >= mild_from]
    grave = [p for p in patients if sev[p] <= severe]
    return rate(mild), rate(grave)


# -- network and cases ------------------------------------------------------------------------


def _describe(condition: Condition, catalog: Catalog) -> str:
    def questions(ids: Sequence[str]) -> str:
        return "; ".join(catalog.evidences[e].question for e in ids)

    return (
        f"{condition.name} (ICD-10 {condition.icd10}, severity {condition.severity}). "
        f"Symptoms: {questions(condition.symptoms)} Antecedents: {questions(condition.antecedents)}"
    )


@dataclass(frozen=True)
class _Parts:
    hypotheses: tuple[Hypothesis, ...]
    findings: tuple[Finding, ...]
    links: tuple[Link, ...]
    red_flags: tuple[RedFlag, ...]
    counts: Counts
    train_doc: str


@lru_cache(maxsize=8)
def _network_parts(
    root: Path,
    train_path: Path,
    train_label: str,
    s: float,
    unlisted: Unlisted,
    eps: float,
    m_values: MValues,
    flag_settings: tuple[float, float, float],
    reliability: float = 1.0,
    held_out: tuple[int, int] | None = None,
    knowledge_prior: tuple[float, float, float] = (0.0, 0.0, 0.0),
) -> _Parts:
    catalog = _catalog(root)
    patients = _patients(train_path, train_label)
    train_doc = f"ddxplus:{train_path.stem}"
    if held_out is not None:
        k, fold = held_out
        patients = tuple(p for p in patients if p.row % k != fold)
        train_doc = f"{train_doc}#not-fold-{fold}-of-{k}"
    counts = count_states(patients, catalog)
    hypotheses = tuple(
        Hypothesis(
            id=c.id,
            name=c.name,
            description=_describe(c, catalog),
            severity=c.severity,
            citations=(Citation(f"{CONDITIONS_DOC}#{c.id}", document_id=CONDITIONS_DOC),),
        )
        for c in catalog.conditions.values()
    )
    findings = catalog.findings
    strength, soft_weight, underreport = knowledge_prior
    prior = (
        link_prior(catalog, patients, counts, strength, soft_weight, underreport)
        if strength > 0 or soft_weight > 0 or underreport > 0
        else None
    )
    links = _learned_links(catalog, counts, s, unlisted, eps, train_doc, prior)
    if reliability < 1.0:
        frames = {f.id: f.states for f in catalog.findings}
        links = [discount_link(link, frames[link.finding], reliability) for link in links]
    if m_values == "observed":
        seen = {fid for states in counts.states.values() for fid, _ in states}
        findings = tuple(
            f for f in findings if not f.group or f.id in seen or f.default_state == YES
        )
        keep = {f.id for f in findings}
        links = [link for link in links if link.finding in keep]
    min_presence, max_mild_rate, mild_budget = flag_settings
    flags = red_flags(
        catalog,
        patients,
        min_presence=min_presence,
        max_mild_rate=max_mild_rate,
        mild_budget=mild_budget,
    )
    flags = conditional_flags(flags, catalog, {f.id for f in findings})
    return _Parts(hypotheses, findings, tuple(links), tuple(flags), counts, train_doc)


# What the knowledge adds to the links learned from the dev patients (load_network's
# link_prior, soft_labels, underreport), for the patient-intake pack and the evaluation alike.
# Chosen on dev, 4-fold, patients hiding 30% of their positive findings (--sparsity 0.3); the
# measurements are in docs/planner-robustness.md. With every finding answered, the truth led
# for 81.8% (plain IDM links), 93.9% (link_prior 2, underreport 0.3), 97.7% (2, 0.5); with
# no finding hidden 99.1%, 99.2%, 98.7%. soft_labels 1 lowered the macro figure (97.0 -> 96.2)
# and stays off. Through the service (InfoGatherer, exact, first 80 dev patients): 68.8% ->
# 80.0% success, 84.6% -> 94.1% accurate when concluded, 14.9 -> 12.6 questions.
LINKS: dict[str, float] = {"link_prior": 2.0, "soft_labels": 0.0, "underreport": 0.5}


def load_network(
    train_split: str = "dev",
    s: float = 1.0,
    unlisted: Unlisted = "closed",
    eps: float = 0.005,
    *,
    prior: str = "counts",
    m_values: MValues = "all",
    root: str | Path | None = None,
    train_path: str | Path | None = None,
    min_presence: float = 0.5,
    max_mild_rate: float = 0.10,
    mild_budget: float = 0.05,
    reliability: float = 1.0,
    held_out: tuple[int, int] | None = None,
    link_prior: float = 0.0,
    soft_labels: float = 0.0,
    underreport: float = 0.0,
) -> EvidentialNetwork:
    """The DDXPlus network ("ddxplus"), links learned from ``train_split`` (or ``train_path``).

    ``m_values="observed"`` keeps, of the multi-choice value findings, only those some training
    patient chose (plus the "nowhere"-style defaults). In the release 486 of the 676 value
    findings are never chosen by any dev patient; their links only restate the default, so
    dropping them halves the links and the planner's work. The default keeps every value, as
    the knowledge base defines them.

    ``prior="counts"`` gives each pathology the prior plausibility ``n_h / max n`` (at least
    1e-3) from its number of training patients. Without it a rare pathology (Ebola has one
    dev patient) keeps so much ignorance on every link that it stays plausible whatever is
    answered and soaks up BetP; on dev this took InfoGatherer from 62% to 93% success.
    ``prior="uniform"`` leaves every prior at 1. ``eps`` = 0.005 was chosen on dev
    (cross-validated over the dev patients; 0.02 and larger were worse, exact and noisy).

    ``reliability < 1`` discounts every link (:func:`discount_link`), i.e. reads every answer
    as mistaken with probability ``1 - reliability``. Off by default: on the 1566 dev patients
    (4-fold, InfoGatherer without its robustness check, noisy answers: 5% flipped, 10% "not
    sure"), 0.9 raised accuracy when concluded from 90.0% to 97.8% but success fell from 83.5%
    to 71.8%, as the weaker evidence leaves more dialogues short of ``tau`` after 15 questions;
    0.97 and 0.95 traded the same way on 400 of them, and cost exact answers about a question.
    With multi-choice questions asked whole, tau 0.99 and 30 questions the trade is milder and
    ``evaluate`` uses 0.98 (``evaluation.sources``).

    ``held_out=(k, i)`` learns only from the training patients whose row is not ``i`` modulo
    ``k``: fold ``i`` of a ``k``-fold cross-validation over the dev patients
    (:func:`fold_of`), so dev patients can be played on links that never saw them.

    ``link_prior`` and ``soft_labels`` add what the knowledge says to a listed pair's counts
    (:class:`LinkPrior`): ``link_prior`` pseudo-patients presenting the declared evidence as
    the patients of every pathology that lists it do, and each other patient's
    ``DIFFERENTIAL_DIAGNOSIS`` weight on the pathology times ``soft_labels``, so a pathology
    with few (or no) patients gets links of the typical shape instead of its one patient's
    (or none), and a finding none of its patients showed is not ruled out. Ignorance stays
    ``s / (N' + s)``. ``underreport`` moves that share of the mass a listed link puts on a
    reported state ``x`` to ``{x, default}``: a patient may not mention what they have, so a
    "no" to a declared symptom counts against the pathology less than a "yes" counts for it.

    Parsing and learning are cached; each call returns a fresh network object over shared,
    immutable parts, so a caller may mutate its copy.
    """
    if prior not in ("counts", "uniform"):
        raise ValueError(f"prior must be 'counts' or 'uniform', got {prior!r}")
    if unlisted not in ("closed", "vacuous"):
        raise ValueError(f"unlisted must be 'closed' or 'vacuous', got {unlisted!r}")
    if m_values not in ("all", "observed"):
        raise ValueError(f"m_values must be 'all' or 'observed', got {m_values!r}")
    if not 0.0 <= eps <= 1.0:
        raise ValueError(f"eps must be in [0, 1], got {eps}")
    if s < 0:
        raise ValueError(f"IDM hyper-parameter s must be >= 0, got {s}")
    if not 0.0 < reliability <= 1.0:
        raise ValueError(f"reliability must be in (0, 1], got {reliability}")
    if link_prior < 0 or soft_labels < 0:
        raise ValueError("link_prior and soft_labels must be >= 0")
    if not 0.0 <= underreport < 1.0:
        raise ValueError(f"underreport must be in [0, 1), got {underreport}")
    if held_out is not None and not (held_out[0] >= 2 and 0 <= held_out[1] < held_out[0]):
        raise ValueError(f"held_out must be (k, i) with k >= 2 and 0 <= i < k, got {held_out}")
    if train_split == "test" and train_path is None:
        raise DatasetError("refusing to learn from patients_test.csv: it is for reporting only")
    base = datasets_dir(root)
    if train_path is not None:
        path, label = Path(train_path).resolve(), Path(train_path).stem
    else:
        path, label = patients_path(train_split, base), train_split
    parts = _network_parts(
        base,
        path,
        label,
        float(s),
        unlisted,
        float(eps),
        m_values,
        (float(min_presence), float(max_mild_rate), float(mild_budget)),
        float(reliability),
        held_out,
        (float(link_prior), float(soft_labels), float(underreport)),
    )
    catalog = _catalog(base)
    hypotheses = list(parts.hypotheses)
    if prior == "counts":
        counts = parts.counts.patients
        most = max(counts.values(), default=0) or 1
        hypotheses = [
            dataclasses.replace(h, prior=max(counts.get(h.id, 0) / most, 1e-3)) for h in hypotheses
        ]
    return EvidentialNetwork(
        name="ddxplus",
        hypotheses=hypotheses,
        findings=list(parts.findings),
        links=list(parts.links),
        red_flags=list(parts.red_flags),
        metadata={
            "source": "DDXPlus (Fansi Tchango et al., NeurIPS 2022), CC-BY 4.0",
            "train": parts.train_doc,
            "idm_s": float(s),
            "unlisted": unlisted,
            "eps": float(eps),
            "prior": prior,
            "m_values": m_values,
            "reliability": float(reliability),
            "link_prior": float(link_prior),
            "soft_labels": float(soft_labels),
            "underreport": float(underreport),
            "train_patients": dict(parts.counts.patients),
            "state_labels": {k: dict(v) for k, v in catalog.state_labels.items()},
        },
    )


_STATEMENT_RULES: tuple[tuple[str, str], ...] = (
    (r"^Do you have ", "I have "),
    (r"^Do you ", "I "),
    (r"^Are you ", "I am "),
    (r"^Have you ", "I have "),
    (r"^Did you ", "I did "),
    (r"^Do your ", "My "),
    (r"^Are your ", "My "),  # "Are your symptoms worse..." -> fixed below
    (r"^Does the person have ", "The person has "),
)


def complaint_text(question: str) -> str:
    """Turn a yes/no question into the patient's first-person statement, where that is easy.

    Falls back to the question itself when the sentence has a shape the rules do not cover.
    """
    text = question.strip()
    for pattern, replacement in _STATEMENT_RULES:
        if re.match(pattern, text):
            if pattern == r"^Are your ":
                text = re.sub(r"^Are your (\w+) ", r"My \1 are ", text)
            else:
                text = re.sub(pattern, replacement, text)
            break
    else:
        return question
    text = re.sub(r"\bor (do|did) you\b", "or I", text)
    text = re.sub(r"\bor have you\b", "or I have", text)
    text = re.sub(r"\bor are you\b", "or I am", text)
    text = re.sub(r"\bor were you\b", "or I was", text)
    text = re.sub(r"\bor has your (\w+) been\b", r"or my \1 has been", text)
    text = re.sub(r"\byou are\b", "I am", text)
    text = re.sub(r"\byou were\b", "I was", text)
    text = re.sub(r"\byou[’']re\b", "I’m", text)
    text = text.replace("(or were)", "(or was)")
    text = re.sub(r"\byourself\b", "myself", text)
    text = re.sub(r"\byour\b", "my", text)
    # "wake you up", "keeping you from": object; otherwise "you" is the subject of a clause.
    text = re.sub(r"\byou\b(?= (up|from|to|out|down|off)\b|[\s]*[?.,]|$)", "me", text)
    text = re.sub(r"\byou\b", "I", text)
    text = re.sub(r"^I ever ", "I sometimes ", text)
    text = re.sub(r"^(I have|I have had|I have noticed) any\b", r"\1 some", text)
    if re.search(r"\b(do|are|were|has|have) I\b|\bor is\b", text):
        return question
    return text[:-1] + "." if text.endswith("?") else text


def _case(patient: Patient, catalog: Catalog) -> Case:
    condition = catalog.conditions.get(patient.pathology)
    if condition is None:
        raise DatasetError(
            f"patient {patient.split}:{patient.row}: unknown pathology {patient.pathology!r}"
        )
    initial = catalog.evidences.get(patient.initial_evidence)
    if initial is None or initial.kind != "B":
        raise DatasetError(
            f"patient {patient.split}:{patient.row}: INITIAL_EVIDENCE "
            f"{patient.initial_evidence!r} is not a binary evidence"
        )
    return Case(
        id=f"ddxplus-{patient.split}-{patient.row}",
        true_hypothesis=condition.id,
        answers=DefaultedAnswers(patient_answers(patient, catalog), catalog.defaults),
        opening=(Answer.crisp(initial.id, YES),),
        complaint=complaint_text(initial.question),
        metadata={
            "age": patient.age,
            "sex": patient.sex,
            "severity": condition.severity,
            "split": patient.split,
            "row": patient.row,
            "initial_evidence": initial.id,
            "differential": [list(item) for item in patient.differential],
        },
    )


def _root_evidence(catalog: Catalog, evidence_id: str) -> str:
    """The yes/no question an evidence follows up on, up the chain ("how intense is the
    pain?" -> "do you have pain?"), or the evidence itself."""
    seen = {evidence_id}
    current = evidence_id
    while True:
        parent = catalog.evidences[current].parent
        if parent == current or parent not in catalog.evidences or parent in seen:
            return current
        seen.add(parent)
        current = parent


def sparse_case(case: Case, share: float, seed: int = 0, catalog: Catalog | None = None) -> Case:
    """The case of a patient who does not mention ``share`` of their positive findings.

    The units hidden are the patient's reported evidences grouped under the question they
    follow up on (hiding "do you have pain?" hides where and how bad it is too), never the
    complaint the patient opens with. A hidden unit is answered with its defaults, i.e. "no",
    as a patient who does not bring it up would answer. How many units: ``share`` of them,
    rounded up or down at random so that the expected share is exact (a patient with three
    findings and share 0.3 hides one with probability 0.9). Which ones: drawn from a generator
    seeded by ``seed`` and the case id, so every policy meets the same sparse patient and a
    run is reproducible.
    """
    if not 0.0 <= share <= 1.0:
        raise ValueError(f"sparsity must be in [0, 1], got {share}")
    if share == 0.0:
        return case
    catalog = catalog if catalog is not None else load_catalog()
    answers = case.answers
    explicit = dict(answers.explicit if isinstance(answers, DefaultedAnswers) else answers)
    opening = {a.finding for a in case.opening}
    protected = {_root_evidence(catalog, catalog.evidence_of.get(f, f)) for f in opening}
    units: dict[str, list[str]] = {}
    for finding_id, state in explicit.items():
        evidence_id = catalog.evidence_of.get(finding_id)
        if evidence_id is None or state == catalog.defaults.get(finding_id):
            continue
        root = _root_evidence(catalog, evidence_id)
        if root in protected:
            continue
        units.setdefault(root, []).append(finding_id)
    if not units:
        return case
    rng = np.random.default_rng([int(seed), stable_hash(case.id)])
    order = sorted(units)
    exact = share * len(order)
    count = int(exact) + int(rng.random() < exact - int(exact))
    hidden_roots = [order[i] for i in sorted(rng.permutation(len(order))[:count])]
    hidden: set[str] = set()
    for root in hidden_roots:
        for finding_id in units[root]:
            hidden.add(finding_id)
            # The default value of a multi-choice question ("nowhere") was set to "no" by the
            # values chosen; with them hidden it is back to its default.
            evidence = catalog.evidences[catalog.evidence_of[finding_id]]
            if evidence.kind == "M":
                hidden.add(evidence.finding_id(evidence.default))
    kept = {f: s for f, s in explicit.items() if f not in hidden}
    metadata = dict(case.metadata)
    metadata["hidden"] = sorted(hidden_roots)
    return dataclasses.replace(
        case, answers=DefaultedAnswers(kept, catalog.defaults), metadata=metadata
    )


def fold_of(case: Case, k: int) -> int:
    """Which of ``k`` cross-validation folds a case belongs to (its file row modulo ``k``;
    the fold ``load_network(held_out=(k, i))`` leaves out)."""
    return int(case.metadata["row"]) % k


def load_cases(
    split: str, limit: int | None = None, *, root: str | Path | None = None
) -> list[Case]:
    """Evaluation cases from a patients CSV (file order; the first ``limit`` if given)."""
    if limit is not None and limit < 0:
        raise ValueError(f"limit must be >= 0, got {limit}")
    catalog = load_catalog(root)
    patients = load_patients(split, root)
    if limit is not None:
        patients = patients[:limit]
    return [_case(p, catalog) for p in patients]
