"""What users said about the help after an operator closed their case (CSAT, 1-5), per week.

The rating is the user's answer to the closing message (``bots.takeover``), stored on the case.
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from dataclasses import dataclass

from django.db.models import QuerySet

from bots.models import Case

from .dashboard import week_of


@dataclass(frozen=True)
class CsatWeek:
    week: dt.date
    count: int
    mean: float | None
    satisfied: float | None  # share of 4s and 5s


def summary(cases: QuerySet[Case]) -> tuple[int, float | None, float | None]:
    """(ratings, mean score, share satisfied) over ``cases``."""
    scores = list(cases.filter(csat_score__isnull=False).values_list("csat_score", flat=True))
    if not scores:
        return 0, None, None
    return len(scores), sum(scores) / len(scores), sum(s >= 4 for s in scores) / len(scores)


def by_week(cases: QuerySet[Case]) -> list[CsatWeek]:
    grouped: dict[dt.date, list[int]] = defaultdict(list)
    rated = cases.filter(csat_score__isnull=False).values_list("csat_at", "csat_score")
    for at, score in rated:
        grouped[week_of(at.date())].append(int(score))
    if not grouped:
        return []
    out = []
    day, last = min(grouped), max(grouped)
    while day <= last:
        scores = grouped.get(day, [])
        n = len(scores)
        out.append(
            CsatWeek(
                day,
                n,
                sum(scores) / n if n else None,
                sum(s >= 4 for s in scores) / n if n else None,
            )
        )
        day += dt.timedelta(days=7)
    return out
