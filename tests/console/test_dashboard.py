"""Dashboard metrics on cases whose outcome we know, and the page that draws them."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest

from bots.models import Case, Outcome, Role, Turn
from console import dashboard
from console.models import CaseHandling
from tests.console.conftest import client_for

pytestmark = pytest.mark.django_db

MONDAY = dt.datetime(2026, 3, 2, 10, 0, tzinfo=dt.UTC)


def make(n: int, status: str, *, pack: str = "p", days: int = 0, conclusion: str = "",
         confidence: float | None = None, label: str | None = None, other: bool = False,
         taken_over: str = "", questions: int = 2) -> Case:
    case = Case.objects.create(
        channel="web", external_thread_id=f"t{n}", pack=pack, status=status,
        conclusion=conclusion, confidence=confidence,
    )
    Case.objects.filter(pk=case.pk).update(created_at=MONDAY + dt.timedelta(days=days))
    for i in range(questions):
        Turn.objects.create(case=case, index=i, role=Role.BOT, action={"type": "ask"})
    Turn.objects.create(case=case, index=questions, role=Role.BOT, action={"type": "conclude"})
    if label is not None or other:
        Outcome.objects.create(case=case, hypothesis=label or "", other=other)
    if taken_over:
        CaseHandling.objects.create(case=case, bot_status=taken_over)
    return case


@pytest.fixture
def cases() -> None:
    make(1, "concluded", conclusion="h1", confidence=0.9, label="h1")  # right
    make(2, "concluded", conclusion="h1", confidence=0.9, label="h2")  # wrong
    make(3, "concluded", conclusion="h2", confidence=0.95)  # unlabelled, deflected
    make(4, "abstained", label="h3", questions=4)
    make(5, "closed", taken_over="escalated", label="h1", questions=0)  # operator closed it
    make(6, "handed_off", days=8)
    make(7, "concluded", conclusion="h1", confidence=0.99, taken_over="concluded", days=15,
         other=True)
    make(8, "active")  # not ended: left out
    make(9, "concluded", pack="q", conclusion="x", confidence=0.5, label="x", days=1)


def test_rates_follow_the_definitions(cases: None) -> None:
    ended = dashboard.summarise(Case.objects.filter(pack="p"))
    rates = dashboard.rates(ended)
    assert rates.cases == 7
    # Labelled: 1 (right), 2 (wrong), 4, 5, 7 ("other"): one success in five.
    assert rates.labelled == 5 and rates.success == pytest.approx(1 / 5)
    assert rates.abstention == pytest.approx(1 / 7)
    # 5 was escalated before the operator closed it; 6 is a request for a person.
    assert rates.escalation == pytest.approx(2 / 7)
    # Concluded and never taken over: 1, 2, 3 (7 was taken over by an operator).
    assert rates.deflection == pytest.approx(3 / 7)
    assert rates.mean_questions == pytest.approx((2 + 2 + 2 + 4 + 0 + 2 + 2) / 7)
    # Calibration uses concluded, labelled cases: 1 (0.9, right), 2 (0.9, wrong), 7 (0.99,
    # labelled other: wrong).
    assert rates.calibrated_cases == 3
    assert rates.ece == pytest.approx((2 * abs(0.9 - 0.5) + abs(0.99 - 0.0)) / 3)


def test_per_pack_and_per_week(cases: None) -> None:
    ended = dashboard.summarise(Case.objects.all())
    per_pack = dashboard.by_pack(ended)
    assert sorted(per_pack) == ["p", "q"] and per_pack["q"].success == 1.0
    weeks = dashboard.by_week(ended)
    assert [w for w, _ in weeks] == [
        dt.date(2026, 3, 2), dt.date(2026, 3, 9), dt.date(2026, 3, 16)
    ]
    assert [r.cases for _, r in weeks] == [6, 1, 1]


def test_the_page_draws_the_charts(cases: None, operator: Any) -> None:
    response = client_for(operator).get("/dashboard/", {"pack": "p"})
    assert response.status_code == 200
    html = response.content.decode()
    assert 'class="chart weekly-chart"' in html and 'class="chart calibration"' in html
    assert "20%" in html  # the success rate of pack p


def test_a_confirmation_counts_as_a_question() -> None:
    case = make(20, "concluded", pack="confirming", conclusion="h1", confidence=0.9, questions=2)
    Turn.objects.create(case=case, index=3, role=Role.BOT, action={"type": "confirm"})
    Turn.objects.create(case=case, index=4, role=Role.BOT, action={"type": "why"})
    rates = dashboard.rates(dashboard.summarise(Case.objects.filter(pack="confirming")))
    assert rates.cases == 1 and rates.mean_questions == 3
