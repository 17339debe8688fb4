"""A water infection and a sore or sticky eye through the service (stop 46): the pack
(DDXPlus) has no cause for them, so the triage nurse's table decides the level
(bots.safety.minor_care) after its two questions, instead of 15 of the pack's questions about
other things (tests/bots/waterworks_eye_table.py; ``pytest -s`` prints each part)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.bots.intake_player import play_counted
from tests.bots.waterworks_eye_table import (
    DEV,
    DEV_BUG,
    DEV_EAR,
    DEV_HEAD,
    DEV_TOOTH,
    HELD_OUT,
    HELD_OUT_BUG,
    HELD_OUT_EAR,
    HELD_OUT_HEAD,
    HELD_OUT_TOOTH,
    Row,
)

HOME = ("routine", "self-care")


def _measure(service: Any, rows: list[Row], part: str) -> tuple[list[str], int]:
    wrong, most = [], 0
    for i, row in enumerate(rows):
        level, told, _, asked = play_counted(service, f"we-{part}-{i}", row[0], row[1])
        most = max(most, asked)
        want = row[2]
        ok = (
            (want == "home" and level in HOME and not told)
            or (want == "seen" and level == "urgent" and not told)
            or (want == "emergency" and told)
        )
        if not ok:
            wrong.append(f"{row[0]} (want {want}) -> {level}, told 112: {told}")
        shown = f"want {want:9} got {level or '-':9} told 112: {told!s:5} asked {asked:2}"
        print(f"  [{part}] {shown}  {row[0][:60]}")
    print(f"{part}: right {len(rows) - len(wrong)}/{len(rows)}, most questions {most}")
    return wrong, most


@pytest.mark.django_db
def test_development_part(service_factory: Any) -> None:
    wrong, most = _measure(service_factory(), DEV, "dev")
    assert not wrong, wrong
    assert most <= 4  # the nurse's questions, not the pack's fifteen


@pytest.mark.django_db
def test_held_out_part(service_factory: Any) -> None:
    wrong, _ = _measure(service_factory(), HELD_OUT, "held-out")
    assert len(wrong) <= 2, wrong


def _unsafe(wrong: list[str]) -> list[str]:
    """The rows a nurse would call unsafe: an emergency not told, or a row that is none told."""
    return [w for w in wrong if ("(want emergency)" in w) != w.endswith("told 112: True")]


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("part", "dev", "held"),
    [
        ("ear", DEV_EAR, HELD_OUT_EAR),
        ("tooth", DEV_TOOTH, HELD_OUT_TOOTH),
        ("bug", DEV_BUG, HELD_OUT_BUG),
        ("head", DEV_HEAD, HELD_OUT_HEAD),
    ],
)
def test_the_later_rows(service_factory: Any, part: str, dev: list[Row], held: list[Row]) -> None:
    """Ringing or blocked ears, toothache, a tummy bug, a headache (stop 46): development
    asserted; held-out printed, with no emergency missed and none told where there is none."""
    wrong, most = _measure(service_factory(), dev, f"{part}-dev")
    assert not wrong, wrong
    assert most <= 4  # the nurse's questions, not the pack's fifteen
    held_wrong, _ = _measure(service_factory(), held, f"{part}-held-out")
    assert not _unsafe(held_wrong), held_wrong
