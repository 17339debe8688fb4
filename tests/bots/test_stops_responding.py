"""A laptop that freezes or sleeps on its own reaches the chart that asks about it, through the
service: either straight into it or with it among the picker's choices. The picker shows the
section nearest in meaning as well as the words' best (``intake.with_nearest_in_meaning``), and
the router knows "locks up", "hangs" and "standby" as "freeze" and "sleep"
(``knowledge.retrieval.text.SYNONYM_GROUPS``). Rows: ``stops_responding_table.py``."""

from __future__ import annotations

from typing import Any

import pytest

from knowledge.datasets.flodial import load_network

from .stops_responding_table import DEVELOPMENT, HELD_OUT
from .test_scope_and_pickers import web
from .test_service import Service

pytestmark = pytest.mark.django_db

CHART = "laptop_overheating"
QUESTIONS = [f.question.strip() for f in load_network(CHART).findings]


def reaches(service: Any, thread: str, complaint: str) -> bool:
    reply = web(service, thread, complaint, pack="it-laptop")
    if reply.kind == "prompt":
        return any(b.payload.endswith(CHART) for b in reply.buttons)
    asked = reply.parts[-1] if reply.parts else ""
    return reply.kind == "question" and any(q in asked for q in QUESTIONS)


@pytest.mark.parametrize(
    ("rows", "floor"), [(DEVELOPMENT, 0.85), (HELD_OUT, 0.6)], ids=["development", "held-out"]
)
def test_a_laptop_that_stops_responding_reaches_the_chart_that_asks_about_it(
    service_factory: Service, rows: list[str], floor: float
) -> None:
    service: Any = service_factory()
    hits = [reaches(service, f"freeze{i}", text) for i, text in enumerate(rows)]
    print(f"reached the overheating chart: {sum(hits)}/{len(rows)}")
    missed = [t for t, h in zip(rows, hits, strict=True) if not h]
    assert sum(hits) / len(rows) >= floor, missed
