"""What users said about the help after an operator closed their case (CSAT, 1-5), per week.

The rating is the user's answer to the closing message (``bots.takeover``), stored on the case.
Counted in the database: ratings per day and score, folded into weeks here.
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from dataclasses import dataclass

from django.db.models import Count, Q, QuerySet, Sum

from bots.models import Case

from .case_sql import UtcDay, as_date
from .dashboard import week_of


@dataclass(frozen=True)
class CsatWeek:
    week: dt.date
    count: int
    mean: float | None
    satisfied: float | None  # share of 4s and 5s


def _ratings(cases: QuerySet[Case]) -> list[tuple[dt.date, int, int]]:
    """(day of the rating, score, how many), counted in the database."""
    rows = (
        cases.filter(csat_score__isnull=False, csat_at__isnull=False)
        .order_by()
        .annotate(day=UtcDay("csat_at"))
        .values_list("day", "csat_score")
        .annotate(n=Count("pk"))
    )
    return [(as_date(day), int(score), int(n)) for day, score, n in rows]


def summary(cases: QuerySet[Case]) -> tuple[int, float | None, float | None]:
    """(ratings, mean score, share satisfied) over ``cases``."""
    row = cases.filter(csat_score__isnull=False).aggregate(
        n=Count("pk"), total=Sum("csat_score"), satisfied=Count("pk", filter=Q(csat_score__gte=4))
    )
    n = int(row["n"] or 0)
    if not n:
        return 0, None, None
    return n, int(row["total"]) / n, int(row["satisfied"]) / n


def by_week(cases: QuerySet[Case]) -> list[CsatWeek]:
    grouped: dict[dt.date, list[tuple[int, int]]] = defaultdict(list)
    for day, score, n in _ratings(cases):
        grouped[week_of(day)].append((score, n))
    if not grouped:
        return []
    out = []
    day, last = min(grouped), max(grouped)
    while day <= last:
        scores = grouped.get(day, [])
        n = sum(k for _, k in scores)
        out.append(
            CsatWeek(
                day,
                n,
                sum(s * k for s, k in scores) / n if n else None,
                sum(k for s, k in scores if s >= 4) / n if n else None,
            )
        )
        day += dt.timedelta(days=7)
    return out
