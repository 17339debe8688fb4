"""Red flags learned from DDXPlus, through the service (stop 39): an injury, a strain or an
everyday ache that answers yes to one of them ("worse with exertion, better with rest", "the
pain goes to the shoulder") is not told to call emergency services, and a heart presentation
that answers the same questions still is (the table: ``tests/bots/derived_flag_table.py``;
``pytest -s`` prints each part's numbers)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.bots.derived_flag_table import DEV, HELD_OUT, Row
from tests.bots.intake_player import play


def _measure(service: Any, rows: list[Row], part: str) -> dict[str, list[str]]:
    wrong: dict[str, list[str]] = {"mild": [], "emergency": [], "seen": []}
    counts = {"mild": 0, "emergency": 0, "seen": 0}
    for i, row in enumerate(rows):
        level, told, _ = play(service, f"derived-{part}-{i}", row[0], row[1])
        want = row[2]
        counts[want] += 1
        if want == "mild" and (told or level == "emergency"):
            wrong["mild"].append(row[0])
        elif want == "emergency" and not (told or level == "emergency"):
            wrong["emergency"].append(f"{row[0]} -> {level}")
        elif want == "seen" and level not in ("emergency", "urgent"):
            wrong["seen"].append(f"{row[0]} -> {level}")
        print(f"  [{part}] want {want:9} got {level or '-':9} told 112: {told}  {row[0][:70]}")
    print(
        f"\n{part}: mild sent to emergency services {len(wrong['mild'])}/{counts['mild']}, "
        f"emergencies told {counts['emergency'] - len(wrong['emergency'])}/{counts['emergency']}"
        f", seen today or sooner {counts['seen'] - len(wrong['seen'])}/{counts['seen']}"
    )
    return wrong


@pytest.mark.django_db
def test_development_part(service_factory: Any) -> None:
    wrong = _measure(service_factory(), DEV, "dev")
    assert not wrong["emergency"], wrong["emergency"]
    assert not wrong["seen"], wrong["seen"]
    assert not wrong["mild"], wrong["mild"]


@pytest.mark.django_db
def test_held_out_part(service_factory: Any) -> None:
    wrong = _measure(service_factory(), HELD_OUT, "held-out")
    assert not wrong["emergency"], wrong["emergency"]
    assert not wrong["seen"], wrong["seen"]
    assert len(wrong["mild"]) <= 1, wrong["mild"]
