"""Complaints typed as users type them go to the chart they are about (``routing_phrasings``):
the development part is what the vocabulary was checked against, the held-out part is only
reported."""

from __future__ import annotations

import pytest

from knowledge.retrieval.routing import Router

from .routing_phrasings import DEVELOPMENT, HELD_OUT


@pytest.mark.parametrize(
    ("rows", "floor"), [(DEVELOPMENT, 0.95), (HELD_OUT, 0.85)], ids=["development", "held-out"]
)
def test_typed_complaints_reach_their_chart(
    router: Router, rows: list[tuple[str, str]], floor: float
) -> None:
    wrong = []
    for complaint, chart in rows:
        routed = router.route(complaint, limit=1)
        if not routed or routed[0].group != chart:
            wrong.append((complaint, chart, routed[0].group if routed else None))
    share = 1 - len(wrong) / len(rows)
    print(f"top-1 {share:.1%} of {len(rows)}; wrong: {wrong}")
    assert share >= floor, wrong
