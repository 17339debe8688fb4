"""The example packs built from the real datasets: valid, complete, and correctly grounded."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command

from knowledge.datasets import ddxplus
from knowledge.datasets.common import datasets_dir
from knowledge.packs.importers import CARE_STEPS, car_pack, it_laptop_pack, patient_intake_pack
from knowledge.packs.validate import ValidPack, validate_pack

CHARTS = datasets_dir() / "flodial" / "knowledge-sources"
LAPTOP_CHARTS = {
    "laptop_battery",
    "laptop_drive",
    "laptop_overheating",
    "lcd_problem",
    "power",
    "wireless",
}
CAR_CHARTS = {
    "brake_problem",
    "car_electrical_failure",
    "car_steering",
    "car_wont_start",
    "engine_overheats",
    "ticking",
}

pytestmark = pytest.mark.skipif(
    not (CHARTS.is_dir() and (datasets_dir() / "ddxplus").is_dir()),
    reason="the shared datasets are not available",
)


def _raw_chart(name: str) -> dict[str, Any]:
    # Read straight from the dataset file, independently of the loader under test.
    return json.loads((CHARTS / f"{name}.json").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def packs() -> dict[str, ValidPack]:
    return {
        "it-laptop": validate_pack(it_laptop_pack(), source="it-laptop"),
        "car": validate_pack(car_pack(), source="car"),
        "patient-intake": validate_pack(patient_intake_pack(), source="patient-intake"),
    }


@pytest.mark.parametrize(("name", "charts"), [("it-laptop", LAPTOP_CHARTS), ("car", CAR_CHARTS)])
def test_flodial_packs_hold_every_terminal_of_their_six_charts(
    packs: dict[str, ValidPack], name: str, charts: set[str]
) -> None:
    pack = packs[name]
    terminals = {
        f"{chart}:t{node}"
        for chart in charts
        for node, spec in _raw_chart(chart)["nodes"].items()
        if spec.get("terminal")
    }
    questions = sum(
        1 for c in charts for spec in _raw_chart(c)["nodes"].values() if not spec.get("terminal")
    )
    assert {h.id for h in pack.network.hypotheses} == terminals
    assert len(pack.network.findings) == questions
    assert {g["id"] for g in pack.data["routing"]["groups"]} == charts
    grouped = [h for g in pack.data["routing"]["groups"] for h in g["hypotheses"]]
    assert sorted(grouped) == sorted(terminals)
    kinds = sorted(d["kind"] for d in pack.data["documents"])
    assert kinds.count("chart") == 6 and kinds.count("problem") == 6 and kinds.count("faq") == 6
    assert all(h.resolution for h in pack.network.hypotheses)


def test_counts_of_the_example_packs(packs: dict[str, ValidPack]) -> None:
    assert len(packs["it-laptop"].network.hypotheses) == 85
    assert len(packs["car"].network.hypotheses) == 98
    assert len(packs["patient-intake"].network.hypotheses) == 49


def test_flodial_citations_point_at_the_cited_chart_node(packs: dict[str, ValidPack]) -> None:
    pack = packs["it-laptop"]
    passages = {p.id: p for ps in pack.passages.values() for p in ps}
    for link in pack.network.links:
        chart, node = link.finding.split(":q")
        utterance = " ".join(_raw_chart(chart)["nodes"][node]["utterance"].split())
        (citation,) = link.citations
        assert utterance in passages[citation.passage_id].text
    faq_cited = [c for f in pack.network.findings for c in f.citations if c.quote]
    assert faq_cited, "some questions should cite an FAQ"
    for citation in faq_cited:
        assert f"Q: {' '.join(citation.quote.split())}" in passages[citation.passage_id].text


def test_patient_intake_is_grounded_and_never_states_a_diagnosis(
    packs: dict[str, ValidPack],
) -> None:
    pack = packs["patient-intake"]
    network = pack.network
    passages = {p.id: p for ps in pack.passages.values() for p in ps}
    for h in network.hypotheses:
        assert h.resolution.startswith(CARE_STEPS[int(h.severity or 0)])
        assert h.name.lower() not in h.resolution.lower()
        assert "not a diagnosis" in h.resolution
    catalog = ddxplus.load_catalog()
    for link in network.links[:: max(1, len(network.links) // 500)]:
        condition = catalog.conditions[link.hypothesis]
        evidence = catalog.evidence_of[link.finding]
        first = passages[link.citations[0].passage_id].text
        if evidence in condition.evidences:
            assert catalog.evidences[evidence].question in first
            assert "patients_dev.csv" in passages[link.citations[1].passage_id].text
        else:
            assert "taken as absent" in first
    for flag in network.red_flags:
        assert all(h.name not in flag.reason for h in network.hypotheses)
    assert {d["kind"] for d in pack.data["documents"]} == {"reference", "condition"}
    assert len(pack.data["documents"]) == 50


def test_patient_intake_links_are_the_ones_learned_from_dev_only(
    packs: dict[str, ValidPack],
) -> None:
    learned = ddxplus.load_network("dev", m_values="observed", **ddxplus.LINKS)
    network = packs["patient-intake"].network
    assert network.metadata["train"] == "ddxplus:patients_dev"
    assert [(lk.hypothesis, lk.finding, lk.masses) for lk in network.links] == [
        (lk.hypothesis, lk.finding, lk.masses) for lk in learned.links
    ]


def test_build_example_packs_command_writes_valid_files(tmp_path: Path) -> None:
    call_command("build_example_packs", output=tmp_path, only=["car"])
    assert [p.name for p in tmp_path.iterdir()] == ["car.json"]
    call_command("validate_pack", str(tmp_path / "car.json"))
