"""FloDial loader: charts, per-chart and combined networks, dialogs, splits, cases (real data)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from knowledge.datasets import flodial
from knowledge.datasets.common import DatasetError, datasets_dir
from planning.network import EvidentialNetwork


def _walk(network: EvidentialNetwork, answers: dict[str, str], start: str) -> str:
    """Follow the chart's own flow from ``start`` using ``answers``; return where it stops."""
    node = start
    for _ in range(len(network.findings) + 1):
        if node in network.hypothesis_index:
            return node
        node = network.flow[node][answers[node]]
    raise AssertionError("the walk did not reach a terminal")


def _crisp_answers(network: EvidentialNetwork, hypothesis: str) -> dict[str, str]:
    out = {}
    for link in network.links:
        if link.hypothesis == hypothesis:
            ((focal, mass),) = link.masses
            assert mass == 1.0 and len(focal) == 1
            out[link.finding] = next(iter(focal))
    return out


@pytest.fixture(scope="module")
def networks() -> dict[str, EvidentialNetwork]:
    return {name: flodial.load_network(name) for name in flodial.chart_names()}


def test_twelve_charts_six_per_category_with_car_steering_fixed() -> None:
    assert len(flodial.chart_names()) == 12
    laptops = flodial.chart_names("laptops")
    cars = flodial.chart_names("cars")
    assert len(laptops) == 6 and len(cars) == 6
    assert "car_steering" in cars and "car_steering" not in laptops
    assert flodial.load_chart("car_steering")["category"] == "cars"
    # load_chart hands out copies: editing one does not corrupt the cache.
    chart = flodial.load_chart("power")
    chart["nodes"].clear()
    assert flodial.load_chart("power")["nodes"]
    assert set(flodial.load_charts("cars")) == set(cars)
    with pytest.raises(DatasetError, match="unknown FloDial chart"):
        flodial.load_chart("toaster")


def test_chart_networks_mirror_the_charts(networks: dict[str, EvidentialNetwork]) -> None:
    for name, network in networks.items():
        chart = flodial.load_chart(name)
        terminals = [n for n, v in chart["nodes"].items() if v["terminal"]]
        questions = [n for n, v in chart["nodes"].items() if not v["terminal"]]
        assert [h.id for h in network.hypotheses] == [f"{name}:t{n}" for n in terminals]
        assert {f.id for f in network.findings} == {f"{name}:q{n}" for n in questions}
        assert network.flow_root == f"{name}:q1"
        for hypothesis in network.hypotheses:
            node = hypothesis.id.split(":t")[1]
            assert hypothesis.resolution == chart["nodes"][node]["utterance"]
        for finding in network.findings:
            node = finding.id.split(":q")[1]
            assert finding.question == chart["nodes"][node]["utterance"]
            assert finding.states == ("yes", "no")


def test_every_hypothesis_path_reproduces_the_flowchart_walk(
    networks: dict[str, EvidentialNetwork],
) -> None:
    for network in networks.values():
        assert network.flow_root is not None
        for hypothesis in network.hypotheses:
            answers = _crisp_answers(network, hypothesis.id)
            assert answers, hypothesis.id
            assert _walk(network, answers, network.flow_root) == hypothesis.id


def test_off_path_questions_are_vacuous(networks: dict[str, EvidentialNetwork]) -> None:
    network = networks["power"]
    # Terminal 4 ("beep codes") sits on the path 1-yes, 2-no, 3-yes.
    assert _crisp_answers(network, "power:t4") == {
        "power:q1": "yes",
        "power:q2": "no",
        "power:q3": "yes",
    }
    assert network.link("power:t4", "power:q17") is None
    compiled = network.compile()
    j = network.finding_index["power:q17"]
    h = network.hypothesis_index["power:t4"]
    assert compiled.pl[j][:, h].tolist() == [1.0, 1.0]


def test_dag_paths_keep_only_the_answers_all_paths_agree_on() -> None:
    chart: dict[str, Any] = {
        "name": "dag",
        "nodes": {
            "1": {"terminal": False},
            "2": {"terminal": False},
            "3": {"terminal": False},
            "4": {"terminal": True},
            "5": {"terminal": True},
        },
        "edges": {"1": {"yes": "2", "no": "3"}, "2": {"yes": "4", "no": "5"}, "3": {"yes": "4"}},
    }
    paths = flodial.terminal_paths(chart)
    assert sorted(paths["4"]) == [[("1", "no"), ("3", "yes")], [("1", "yes"), ("2", "yes")]]
    # Node 1 is answered differently on the two paths, 2 and 3 are each on one path only.
    assert flodial.determined_answers(paths["4"]) == {}
    assert flodial.determined_answers(paths["5"]) == {"1": "yes", "2": "no"}


def test_faqs_are_passages_and_cited_by_related_findings(
    networks: dict[str, EvidentialNetwork],
) -> None:
    total_cited = 0
    for name, network in networks.items():
        chart = flodial.load_chart(name)
        faqs = network.metadata["faqs"]
        assert len(faqs) == len(chart["supporting_faqs"])
        faq_ids = {f["id"] for f in faqs}
        assert all(i.startswith(f"{name}:faq-") for i in faq_ids)
        for finding in network.findings:
            cited = [c.passage_id for c in finding.citations if ":faq-" in c.passage_id]
            assert set(cited) <= faq_ids
            total_cited += len(cited)
    assert total_cited >= 40
    # "How do I measure the laptop power adapter's voltage?" belongs to the voltage question.
    voltage = networks["power"].finding("power:q17")
    assert "multimeter" in voltage.how_to_check.lower()


def test_combined_network_joins_the_six_laptop_charts() -> None:
    combined = flodial.load_combined_network("laptops")
    names = flodial.chart_names("laptops")
    singles = [flodial.load_network(n) for n in names]
    assert combined.metadata["charts"] == names
    assert len(combined.hypotheses) == sum(len(n.hypotheses) for n in singles)
    assert len(combined.findings) == sum(len(n.findings) for n in singles)
    assert len(combined.links) == sum(len(n.links) for n in singles)
    assert all(h.prior == 1.0 for h in combined.hypotheses)
    for link in combined.links:
        assert link.hypothesis.split(":")[0] == link.finding.split(":")[0]
    assert combined.flow_root is None
    assert combined.metadata["flow_roots"] == {n: f"{n}:q1" for n in names}
    for name in names:
        for hypothesis in flodial.load_network(name).hypotheses:
            answers = _crisp_answers(combined, hypothesis.id)
            assert _walk(combined, answers, f"{name}:q1") == hypothesis.id


def test_dialog_splits_match_the_readme() -> None:
    dev = flodial.load_dialogs("dev")
    test = flodial.load_dialogs("test")
    everything = flodial.load_dialogs("all")
    assert (len(dev), len(test), len(everything)) == (396, 498, 894)
    assert {d.chart for d in test} == {"car_steering", "laptop_battery"}
    assert not {d.chart for d in dev} & {"car_steering", "laptop_battery"}
    assert {d.id for d in dev} | {d.id for d in test} == {d.id for d in everything}
    root = datasets_dir()
    u_test = json.loads((root / "flodial" / "dialogs" / "u-flo-test.json").read_text())["tst"]
    assert {d.id for d in test} == {str(i) for i in u_test}
    with pytest.raises(DatasetError, match="unknown FloDial split"):
        flodial.load_dialogs("train")


def test_dialogs_reach_a_terminal_and_user_turns_answer_path_nodes() -> None:
    dialogs = flodial.load_dialogs("all")
    assert all(d.terminal is not None for d in dialogs)
    for dialog in dialogs:
        assert dialog.terminal is not None
        chart = flodial.load_chart(dialog.chart)
        assert chart["nodes"][dialog.terminal]["terminal"]
        (path,) = flodial.terminal_paths(chart)[dialog.terminal]
        path_nodes = {node for node, _ in path}
        assert dialog.opening
        for turn in dialog.turns:
            assert turn.node in path_nodes or turn.node == dialog.terminal
            assert turn.is_terminal == (turn.node == dialog.terminal)


def test_cases_follow_the_terminal_path_and_carry_the_user_words() -> None:
    cases = flodial.load_cases("all")
    assert len(cases) == 894
    networks = {n: flodial.load_network(n) for n in flodial.chart_names()}
    by_id = {d.id: d for d in flodial.load_dialogs("all")}
    for case in cases:
        network = networks[case.metadata["chart"]]
        assert network.flow_root is not None
        assert _walk(network, dict(case.answers), network.flow_root) == case.true_hypothesis
        assert case.opening == ()
        dialog = by_id[case.metadata["dialog_id"]]
        assert case.complaint == dialog.opening
        for finding, texts in case.metadata["utterances"].items():
            assert finding in case.answers and texts
    first = next(c for c in cases if c.id == "flodial-1")
    assert first.true_hypothesis == "car_electrical_failure:t21"
    assert first.answers == {
        "car_electrical_failure:q1": "yes",
        "car_electrical_failure:q19": "no",
        "car_electrical_failure:q20": "yes",
    }
    assert first.metadata["utterances"]["car_electrical_failure:q19"][-1] == (
        "I checked and there was no blown fuse there."
    )


def test_missing_charts_directory_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(DatasetError, match="charts directory not found"):
        flodial.chart_names(root=tmp_path)
