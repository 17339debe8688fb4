"""Grouping escalated mild cases by cause (evaluation.escalations)."""

from __future__ import annotations

from typing import Any

from evaluation.escalations import causes, group


def _record(**fields: Any) -> dict[str, Any]:
    base: dict[str, Any] = {
        "case_id": "c",
        "true_hypothesis": "Panic attack",
        "severity": 5,
        "outcome": "concluded",
        "reason": "",
        "triage_level": "routine",
        "escalated": True,
        "why": {"red_flags": [], "follow_ups": [], "ranking": []},
    }
    base.update(fields)
    return base


def _flag(finding: str, states: tuple[str, ...] = ("yes",)) -> dict[str, Any]:
    return {"finding": finding, "states": list(states), "reason": "", "level": "emergency"}


def test_a_follow_up_yes_is_told_apart_from_the_patients_own_words() -> None:
    followed = _record(
        why={
            "red_flags": [_flag("said:breathing", ("said",))],
            "follow_ups": [{"kinds": ["breathing"], "prompted_by": ["E_66"], "yes": True}],
        }
    )
    said = _record(why={"red_flags": [_flag("said:breathing", ("said",))], "follow_ups": []})
    assert causes(followed) == ["follow-up yes: breathing <- E_66"]
    assert causes(said) == ["words: breathing"]


def test_red_flags_triage_and_escalations_are_causes() -> None:
    record = _record(
        outcome="escalated",
        reason="red_flag",
        why={"red_flags": [_flag("E_55@V_84")], "follow_ups": []},
    )
    assert causes(record) == ["red flag: E_55@V_84=yes", "escalated: red_flag"]
    triaged = _record(
        triage_level="emergency",
        why={"red_flags": [], "ranking": [["Panic attack", 0.8, 5], ["Anaphylaxis", 0.15, 1]]},
    )
    assert causes(triaged) == ["triage: Anaphylaxis (severity 1)"]


def test_only_escalated_mild_cases_are_grouped() -> None:
    records = [
        _record(case_id="a", why={"red_flags": [_flag("E_84")]}),
        _record(case_id="b", why={"red_flags": [_flag("E_84")]}, severity=1),
        _record(case_id="c", escalated=False),
        _record(case_id="d", why={"red_flags": [_flag("E_84"), _flag("E_93")]}),
    ]
    groups = group(records)
    assert list(groups) == ["red flag: E_84=yes", "red flag: E_93=yes"]
    assert [r["case_id"] for r in groups["red flag: E_84=yes"]] == ["a", "d"]
