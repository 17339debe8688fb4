"""Evaluation cases and the network each case is played on, per dataset.

DDXPlus: one network for every case, its links learned from the dev patients only (the test
patients are for reporting) and discounted for answers that may be mistaken; cases from
``dev``, ``test`` or both (``all``: dev first).
FloDial: with the chart known (the default) each dialog is played on its own chart's network;
with it unknown, on the combined network of every chart in the dialog's category, so the
policy must also work out which chart the problem belongs to.

Networks are built up front and shared: a network caches its compiled arrays, and worker
processes forked by the evaluation (evaluation.play) inherit them instead of rebuilding one
per case.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from knowledge.datasets import ddxplus, flodial
from planning.network import EvidentialNetwork
from planning.simulation import Case

DATASETS = ("ddxplus", "flodial")
SPLITS = ("dev", "test", "all")
DDXPLUS_TRAIN_SPLIT = "dev"
# Every answer is read as mistaken with probability 2% (``load_network(reliability=...)``).
# Chosen on the dev patients, 4-fold, InfoGatherer, multi-choice questions asked whole, tau
# 0.99, 30 questions: 1.0 gave 98.7% exact success but 97.5% accuracy when concluding with
# noisy answers; 0.98 98.5% and 98.1%; 0.97 98.3% and 98.3%.
DDXPLUS_RELIABILITY = 0.98


# What the knowledge adds to the links learned from the dev patients: the pack's own settings
# (chosen on dev; ddxplus.LINKS says how), so the evaluation plays the network users get.
DDXPLUS_LINKS: dict[str, float] = dict(ddxplus.LINKS)


def ddxplus_reliability(flip_rate: float = 0.0) -> float:
    """How far the evaluation network trusts an answer: mistaken with the 2% above, or with
    the simulated users' flip rate when that is higher (the users are known to flip that
    often). Chosen on dev, 4-fold, noisy answers (flip 0.05, unsure 0.1): trusting answers to
    0.98 gave 96.8% success, 4.68 questions, 98.1% accurate when concluding; 0.95 (this rule)
    96.2%, 5.61, 98.5%; 0.931 (both error rates multiplied) 95.3%, 6.19, 98.5%."""
    return 1.0 - max(1.0 - DDXPLUS_RELIABILITY, flip_rate)


@dataclass
class CaseSource:
    """The cases of one run and, for each, the network it is played on."""

    dataset: str
    split: str
    cases: list[Case]
    networks: dict[str, EvidentialNetwork]
    key_of: Callable[[Case], str]  # which of ``networks`` a case is played on

    def network_for_case(self, case: Case) -> EvidentialNetwork:
        return self.networks[self.key_of(case)]

    def describe_networks(self) -> list[str]:
        return sorted({n.name for n in self.networks.values()})


def _check(dataset: str, split: str, limit: int | None) -> None:
    if dataset not in DATASETS:
        raise ValueError(f"unknown dataset {dataset!r}; choose from {', '.join(DATASETS)}")
    if split not in SPLITS:
        raise ValueError(f"unknown split {split!r}; choose from {', '.join(SPLITS)}")
    if limit is not None and limit < 1:
        raise ValueError(f"limit must be >= 1, got {limit}")


def ddxplus_source(
    split: str,
    limit: int | None = None,
    flip_rate: float = 0.0,
    folds: int | None = None,
    sparsity: float = 0.0,
    seed: int = 0,
    links: dict[str, float] | None = None,
) -> CaseSource:
    """``links``: keyword arguments of ``ddxplus.load_network`` for the links (``link_prior``,
    ``soft_labels``, ``underreport``; default ``DDXPLUS_LINKS``). With ``folds`` (dev only),
    each dev patient is played on links learned from the other folds' patients
    (``ddxplus.fold_of``): numbers to tune on that are not in-sample. With ``sparsity``, each
    patient keeps quiet about that share of their positive findings (``ddxplus.sparse_case``,
    seeded by ``seed``)."""
    _check("ddxplus", split, limit)
    splits = ("dev", "test") if split == "all" else (split,)
    cases: list[Case] = []
    for name in splits:
        remaining = None if limit is None else limit - len(cases)
        if remaining is not None and remaining <= 0:
            break
        cases.extend(ddxplus.load_cases(name, limit=remaining))
    if sparsity:
        cases = [ddxplus.sparse_case(case, sparsity, seed) for case in cases]
    reliability = ddxplus_reliability(flip_rate)
    how = dict(DDXPLUS_LINKS if links is None else links)
    if folds is not None:
        if split != DDXPLUS_TRAIN_SPLIT:
            raise ValueError(f"folds cross-validate the {DDXPLUS_TRAIN_SPLIT} patients only")
        if folds < 2:
            raise ValueError(f"folds must be >= 2, got {folds}")
        k = folds
        networks = {
            f"fold-{i}": ddxplus.load_network(
                train_split=DDXPLUS_TRAIN_SPLIT,
                reliability=reliability,
                held_out=(k, i),
                **how,
            )
            for i in range(k)
        }
        return CaseSource(
            "ddxplus", split, cases, networks, lambda case: f"fold-{ddxplus.fold_of(case, k)}"
        )
    network = ddxplus.load_network(train_split=DDXPLUS_TRAIN_SPLIT, reliability=reliability, **how)
    return CaseSource("ddxplus", split, cases, {"ddxplus": network}, _ddxplus_key)


def _ddxplus_key(case: Case) -> str:
    return "ddxplus"


def _chart_of(case: Case) -> str:
    chart = case.metadata.get("chart")
    if not isinstance(chart, str):
        raise ValueError(f"FloDial case {case.id!r} has no chart in its metadata")
    return chart


def flodial_source(split: str, limit: int | None = None, chart_known: bool = True) -> CaseSource:
    _check("flodial", split, limit)
    cases = flodial.load_cases(split)
    if limit is not None:
        cases = cases[:limit]
    charts = sorted({_chart_of(c) for c in cases})
    if chart_known:
        networks = {chart: flodial.load_network(chart) for chart in charts}
        return CaseSource("flodial", split, cases, networks, _chart_of)
    category = {chart: str(flodial.load_chart(chart)["category"]) for chart in charts}
    combined = {cat: flodial.load_combined_network(cat) for cat in sorted(set(category.values()))}
    return CaseSource("flodial", split, cases, combined, lambda case: category[_chart_of(case)])


def load_source(
    dataset: str,
    split: str,
    limit: int | None = None,
    chart_known: bool = True,
    flip_rate: float = 0.0,
    folds: int | None = None,
    sparsity: float = 0.0,
    seed: int = 0,
    links: dict[str, float] | None = None,
) -> CaseSource:
    _check(dataset, split, limit)
    if dataset == "ddxplus":
        return ddxplus_source(split, limit, flip_rate, folds, sparsity, seed, links)
    if folds is not None:
        raise ValueError("folds apply to DDXPlus only (FloDial's charts are not learned)")
    if sparsity:
        raise ValueError("sparsity applies to DDXPlus only (a FloDial user answers every step)")
    return flodial_source(split, limit, chart_known)
