"""``manage.py evaluate`` end to end on a few real cases of each dataset."""

from __future__ import annotations

import json
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.core.management import CommandError, call_command
from PIL import Image

from planning.metrics import METRIC_NAMES

POLICIES = ["source-order", "random"]
SAFETY_RATES = ("severe_flagged_rate", "mild_escalated_rate", "mild_urgent_rate")
RATES = (
    "success_rate",
    "abstain_rate",
    "escalate_rate",
    "accuracy_when_concluded",
    "recall_at_3",
    "red_flag_rate",
)


def run(*args: str) -> str:
    out = StringIO()
    call_command("evaluate", *args, stdout=out, stderr=StringIO())
    return out.getvalue()


def check_payload(payload: dict[str, Any], dataset: str, split: str, max_turns: int) -> None:
    assert payload["dataset"] == dataset and payload["split"] == split
    assert payload["n_cases"] == 5
    assert payload["settings"]["policy"] == POLICIES
    assert payload["settings"]["limit"] == 5
    assert payload["settings"]["max_turns"] == max_turns
    assert set(payload["policies"]) == set(POLICIES)
    for name, endings in payload["endings"].items():
        assert sum(endings.values()) == 5, name
    for metrics in payload["policies"].values():
        assert set(METRIC_NAMES) <= set(metrics)
        for key in RATES:
            assert metrics[key] is None or 0.0 <= metrics[key] <= 100.0
        assert (
            metrics["abstain_rate"] + metrics["escalate_rate"] + 100.0 * metrics["n_concluded"] / 5
        ) == pytest.approx(100.0)
        assert 0.0 <= metrics["mean_turns"] <= max_turns
        assert metrics["ece"] is None or 0.0 <= metrics["ece"] <= 1.0
        assert 0.0 <= metrics["decision_ms_p50"] <= metrics["decision_ms_p99"]


def check_report(directory: Path) -> None:
    report = (directory / "report.md").read_text(encoding="utf-8")
    assert "| policy |" in report and "source-order" in report
    pngs = sorted(directory.glob("*.png"))
    assert {p.name for p in pngs} == {
        "success_vs_turns.png",
        "calibration_source-order.png",
        "calibration_random.png",
    }
    for png in pngs:
        assert f"]({png.name})" in report
        with Image.open(png) as image:
            image.load()
            assert image.format == "PNG" and image.width > 100 and image.height > 100


def test_ddxplus_dev_subset_json_report_and_table(tmp_path: Path) -> None:
    out = run(
        "ddxplus",
        "--split", "dev",
        "--policy", *POLICIES,
        "--limit", "5",
        "--max-turns", "10",
        "--json", str(tmp_path / "ddx.json"),
        "--report", str(tmp_path / "report"),
    )  # fmt: skip
    payload = json.loads((tmp_path / "ddx.json").read_text(encoding="utf-8"))
    check_payload(payload, "ddxplus", "dev", max_turns=10)
    assert payload["settings"]["red_flags"] == "flag"
    assert payload["networks"] == ["ddxplus"]
    lines = out.splitlines()
    header = next(i for i, line in enumerate(lines) if line.startswith("policy"))
    assert [line.split()[0] for line in lines[header + 2 : header + 4]] == POLICIES
    check_report(tmp_path / "report")


def test_flodial_subset_with_the_chart_known_walks_it_to_the_fix(tmp_path: Path) -> None:
    run(
        "flodial",
        "--split", "dev",
        "--policy", *POLICIES,
        "--limit", "5",
        "--json", str(tmp_path / "flo.json"),
    )  # fmt: skip
    payload = json.loads((tmp_path / "flo.json").read_text(encoding="utf-8"))
    check_payload(payload, "flodial", "dev", max_turns=15)
    assert payload["settings"]["chart_known"] is True
    # FloDial has no severities: the clinical-safety rates are null, not 0.
    for key in SAFETY_RATES:  # FloDial has no severities
        assert payload[key] is None
    # With exact answers, walking the dialog's own flowchart always reaches its fix.
    assert payload["policies"]["source-order"]["success_rate"] == 100.0
    # What the users were shown: a confidence below certainty at every conclusion.
    shown = payload["shown_confidence"]
    assert shown["concluded"] >= 5 and 0.5 < shown["max"] < 1.0
    assert shown["claims_certainty"] == 0


def test_flodial_subset_with_the_chart_unknown(tmp_path: Path) -> None:
    out = run(
        "flodial",
        "--split", "all",
        "--policy", *POLICIES,
        "--limit", "5",
        "--no-chart-known",
        "--flip-rate", "0.1",
        "--json", str(tmp_path / "flo.json"),
    )  # fmt: skip
    payload = json.loads((tmp_path / "flo.json").read_text(encoding="utf-8"))
    check_payload(payload, "flodial", "all", max_turns=15)
    assert payload["settings"]["chart_known"] is False
    assert payload["settings"]["flip_rate"] == 0.1
    assert all(name.startswith("flodial:") for name in payload["networks"])
    assert "source-order" in out and "random" in out


def test_unknown_policy_names_the_valid_choices() -> None:
    with pytest.raises(CommandError, match=r"unknown policy 'oracle'.*infogatherer"):
        run("ddxplus", "--policy", "oracle", "--limit", "1")


def test_unknown_dataset_and_split_name_the_valid_choices() -> None:
    with pytest.raises(CommandError, match=r"invalid choice: 'mimic'.*ddxplus.*flodial"):
        run("mimic", "--policy", "random")
    with pytest.raises(CommandError, match=r"invalid choice: 'train'.*dev.*test.*all"):
        run("flodial", "--split", "train", "--policy", "random")


def test_a_rate_outside_the_unit_interval_is_refused() -> None:
    with pytest.raises(CommandError, match=r"'1.5' is not a rate in \[0, 1\]"):
        run("ddxplus", "--policy", "random", "--flip-rate", "1.5")
    with pytest.raises(CommandError, match=r"'-1' is not a share >= 0"):
        run("ddxplus", "--policy", "random", "--typical-share", "-1")


def test_ddxplus_reports_the_clinical_safety_rates_per_policy(tmp_path: Path) -> None:
    out = run(
        "ddxplus",
        "--split", "dev",
        "--policy", "infogatherer",
        "--limit", "100",
        "--json", str(tmp_path / "safety.json"),
    )  # fmt: skip
    payload = json.loads((tmp_path / "safety.json").read_text(encoding="utf-8"))
    metrics = payload["policies"]["infogatherer"]
    for key in SAFETY_RATES:  # one policy: the pooled top-level rate is that policy's own
        assert payload[key] == metrics[key]
    # The first 100 dev patients (28 severe, 41 mild): every severe one is flagged (measured
    # 100%). Mild ones escalated: 4.9% before a pressed or typed "yes" got the emergency check
    # typed words get (bots.safety.affirmed); 19.5% with it, because mild patients (anemia,
    # panic attack, bronchitis) answer yes to "shortness of breath ... in a significant way";
    # since the nurse's safety follow-up (bots.conversation.safety_check) 5.3% on the first
    # 300 dev patients (131 mild). The first 100's 41 mild were not measured apart since: the
    # bound allows a few of them (6 of 41) and catches a return to escalating every screening
    # yes. No one is told "routine" on answers that contradict it (what the service said,
    # planning.metrics.routine_under_conflict).
    assert payload["severe_flagged_rate"] >= 99.0
    assert payload["mild_escalated_rate"] <= 15.0
    assert payload["routine_under_conflict"] == 0
    assert metrics["mild_escalated_rate"] <= metrics["mild_urgent_rate"]
    assert "safety infogatherer: severe_flagged_rate " in out
    # DDXPlus's own stopping defaults (FloDial keeps 0.85 and 15: see the FloDial tests).
    assert (payload["settings"]["tau"], payload["settings"]["max_turns"]) == (0.97, 15)
    assert payload["answer_reliability"] == 0.98  # exact answers: the 2% misfit discount
    # Played through the conversation service, with the stopping rule the pack gives patients.
    assert payload["path"] == "service"
    assert (payload["in_force"]["tau"], payload["in_force"]["max_turns"]) == (0.97, 15)
    assert metrics["mean_turns"] <= 12.0 and metrics["success_rate"] >= 85.0
    # Every question, button and reply in plain words (knowledge/packs/wording.py): no code.
    assert payload["user_visible_codes"] == 0


def test_ddxplus_trusts_answers_no_more_than_the_simulated_users_flip_rate(
    tmp_path: Path,
) -> None:
    run(
        "ddxplus",
        "--split", "dev",
        "--policy", "infogatherer",
        "--limit", "3",
        "--flip-rate", "0.05",
        "--json", str(tmp_path / "noisy.json"),
    )  # fmt: skip
    payload = json.loads((tmp_path / "noisy.json").read_text(encoding="utf-8"))
    assert payload["answer_reliability"] == 0.95
    assert payload["settings"]["flip_rate"] == 0.05
    # The engine's confirmations are on (they never question a button answer).
    assert payload["settings"]["recover"] is True


def test_ddxplus_dev_cross_validated_with_a_policy_parameter(tmp_path: Path) -> None:
    run(
        "ddxplus",
        "--split", "dev",
        "--folds", "4",
        "--policy", "infogatherer",
        "--param", "infogatherer.settle_floor=0.7",
        "--param", "infogatherer.ask_again_unsure=false",
        "--limit", "8",
        "--json", str(tmp_path / "cv.json"),
    )  # fmt: skip
    payload = json.loads((tmp_path / "cv.json").read_text(encoding="utf-8"))
    assert payload["settings"]["folds"] == 4
    assert payload["settings"]["recover"] is True  # the engine's rule; buttons never confirmed
    assert payload["settings"]["params"] == [
        "infogatherer.settle_floor=0.7",
        "infogatherer.ask_again_unsure=false",
    ]
    assert payload["networks"] == ["ddxplus"]
    assert payload["policies"]["infogatherer"]["success_rate"] >= 50.0


def test_ddxplus_sparse_patients_and_the_pathology_balanced_report(tmp_path: Path) -> None:
    out = run(
        "ddxplus",
        "--split", "dev",
        "--folds", "4",
        "--sparsity", "0.3",
        "--policy", "source-order",
        "--limit", "6",
        "--max-turns", "8",
        "--json", str(tmp_path / "sparse.json"),
    )  # fmt: skip
    payload = json.loads((tmp_path / "sparse.json").read_text(encoding="utf-8"))
    assert payload["settings"]["sparsity"] == 0.3
    macro = payload["macro"]["source-order"]
    assert 1 <= macro["n_hypotheses"] <= 6
    assert 0.0 <= macro["success_rate"] <= 100.0
    assert macro["worst_success_rate"] <= macro["success_rate"]
    assert "pathology-balanced" in out and f"macro/{macro['n_hypotheses']}" in out
    with pytest.raises(CommandError, match="sparsity applies to DDXPlus only"):
        run("flodial", "--sparsity", "0.3", "--policy", "random", "--limit", "1")


def test_folds_and_params_are_checked() -> None:
    with pytest.raises(CommandError, match="folds cross-validate the dev patients only"):
        run("ddxplus", "--split", "test", "--folds", "4", "--policy", "random", "--limit", "1")
    with pytest.raises(CommandError, match="folds must be >= 2"):
        run("ddxplus", "--folds", "1", "--policy", "random", "--limit", "1")
    with pytest.raises(CommandError, match="folds apply to DDXPlus only"):
        run("flodial", "--folds", "4", "--policy", "random", "--limit", "1")
    with pytest.raises(CommandError, match=r"expected POLICY\.NAME=VALUE"):
        run("ddxplus", "--policy", "random", "--param", "settle_floor=0.7", "--limit", "1")
    with pytest.raises(CommandError, match="policy 'uot' is not in this run"):
        run("ddxplus", "--policy", "random", "--param", "uot.depth=2", "--limit", "1")
    with pytest.raises(CommandError, match=r"policy 'random': bad parameters \['depth'\]"):
        run("ddxplus", "--policy", "random", "--param", "random.depth=2", "--limit", "1")


def test_flodial_in_the_users_own_words_reports_answer_accuracy_in_percent(
    tmp_path: Path,
) -> None:
    out = run(
        "flodial",
        "--split", "dev",
        "--policy", "infogatherer",
        "--answers", "utterances",
        "--limit", "8",
        "--json", str(tmp_path / "utt.json"),
    )  # fmt: skip
    payload = json.loads((tmp_path / "utt.json").read_text(encoding="utf-8"))
    pooled = payload["answers"]["pooled"]
    assert pooled["questions"] > 0
    assert pooled["correct"] + pooled["wrong"] + pooled["unsure"] == pooled["questions"]
    # A percentage like every other rate in the payload, not a fraction.
    expected = round(100.0 * pooled["correct"] / pooled["questions"], 2)
    assert payload["answer_accuracy"] == expected
    assert payload["answer_accuracy"] > 50.0
    assert f"answer_accuracy {expected}% over" in out


def test_ddxplus_users_typing_their_answers_go_through_the_reader(tmp_path: Path) -> None:
    out = run(
        "ddxplus",
        "--split", "dev",
        "--policy", "infogatherer",
        "--answers", "words",
        "--limit", "5",
        "--json", str(tmp_path / "words.json"),
    )  # fmt: skip
    payload = json.loads((tmp_path / "words.json").read_text(encoding="utf-8"))
    assert payload["path"] == "service" and payload["settings"]["answers"] == "words"
    assert payload["n_cases"] == 5 and payload["replies"] > 5
    assert isinstance(payload["user_visible_codes"], int)
    assert 0 <= payload["misunderstood"] < payload["replies"]
    assert "user_visible_codes " in out


def test_utterances_need_a_dataset_with_users_words() -> None:
    with pytest.raises(CommandError, match="only FloDial dialogs have users' words"):
        run("ddxplus", "--policy", "random", "--answers", "utterances", "--limit", "1")


def test_ddxplus_question_order_comes_from_the_pack_and_costs_questions(tmp_path: Path) -> None:
    # Issue 3's harness asked in the policy's own order; the product asks about the complaint
    # first and a follow-up only after its parent (docs/engine-parity.md). Both are the pack's
    # metadata.question_order, reported in in_force. Opening early only the topics the
    # opening named (no typical topics: --typical-share above 1) costs more questions
    # (docs/first-questions.md). Until stop 42 the policy's own order also asked no more
    # questions than the product's; since stop 43 (the follow-ups of what was said first, the
    # short profiles' signs reached) it asks more on these six patients (4.83 against 4.67),
    # so the order's cost is no longer asserted, only that turning it off changes the dialogues.
    turns = {}
    for name, flags in (
        ("product", []),
        ("named-only", ["--typical-share", "2"]),
        ("policy-order", ["--complaint-first", "0", "--no-follow-ups-after-parent"]),
    ):
        path = tmp_path / f"{name}.json"
        run(
            "ddxplus", "--split", "dev", "--policy", "infogatherer", "--limit", "6",
            "--max-turns", "30", "--json", str(path), *flags,
        )  # fmt: skip
        payload = json.loads(path.read_text(encoding="utf-8"))
        order = payload["in_force"]["question_order"]
        if name == "product":
            assert order == {
                "complaint_first": 3,
                "follow_ups_after_parent": True,
                "typical_share": 0.75,
                "volunteered_topics": ["E_129", "E_151"],
            }
        elif name == "named-only":
            assert order["typical_share"] == 2.0
        else:
            assert order["complaint_first"] == 0 and not order["follow_ups_after_parent"]
        turns[name] = payload["policies"]["infogatherer"]["mean_turns"]
    assert turns["product"] < turns["named-only"], turns
    assert turns["policy-order"] != turns["product"], turns


def test_ddxplus_cases_record_what_each_safety_outcome_rests_on(tmp_path: Path) -> None:
    from evaluation.escalations import causes, read_cases

    cases = tmp_path / "cases.jsonl"
    run(
        "ddxplus",
        "--split", "dev",
        "--policy", "infogatherer",
        "--limit", "4",
        "--cases", str(cases),
    )  # fmt: skip
    records = read_cases(cases)
    assert len(records) == 4
    for record in records:
        assert record["policy"] == "infogatherer" and record["severity"] in range(1, 6)
        why = record["why"]
        assert why["ranking"] and why["ending"]["type"]
        assert {f["finding"] for f in why["red_flags"]} == set(record["red_flags"])
        assert bool(causes(record)) == record["escalated"]
