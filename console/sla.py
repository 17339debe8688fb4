"""Waiting against the SLA: per urgency level, how many cases wait, how long, how many past it.

The SLA minutes per level are settings (``CONSOLE_SLA_MINUTES``, read by ``bots.takeover``).
One query per call, grouped by level in the database: the queue page and the dashboard both
ask, on every poll, whatever the size of the case table.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from django.db import models
from django.utils import timezone
from django.utils.safestring import SafeString

from bots import takeover
from bots.models import Case

from .charts import bar_chart


@dataclass(frozen=True)
class LevelWait:
    level: str
    sla_minutes: int
    waiting: int
    breached: int
    longest_s: float  # the longest wait now (0 when nobody waits)


def waits(cases: models.QuerySet[Case] | None = None) -> list[LevelWait]:
    """Per level, in urgency order: cases waiting now, past their SLA, and the longest wait."""
    now = timezone.now()
    sla = takeover.sla_minutes()
    queued = (cases if cases is not None else Case.objects.all()).filter(
        status__in=takeover.QUEUE_STATUSES
    )
    rows = (
        queued.order_by()
        .annotate(rank=takeover.urgency_rank(), since=takeover.waited_from())
        .values("rank")
        .annotate(
            waiting=models.Count("id"),
            oldest=models.Min("since"),
            **{
                f"breached_{i}": models.Count(
                    "id", filter=models.Q(since__lt=now - dt.timedelta(minutes=sla[level]))
                )
                for i, level in enumerate(takeover.LEVELS)
            },
        )
    )
    found = {int(r["rank"]): r for r in rows}
    out = []
    for i, level in enumerate(takeover.LEVELS):
        row = found.get(i)
        out.append(
            LevelWait(
                level=level,
                sla_minutes=sla[level],
                waiting=int(row["waiting"]) if row else 0,
                breached=int(row[f"breached_{i}"]) if row else 0,
                longest_s=(now - row["oldest"]).total_seconds() if row and row["oldest"] else 0.0,
            )
        )
    return out


def wait_chart(levels: list[LevelWait]) -> SafeString:
    """The longest wait per level against its SLA, with the number of cases behind each bar."""
    return bar_chart(
        [lw.level for lw in levels],
        [lw.longest_s / 60.0 for lw in levels],
        counts=[lw.waiting for lw in levels],
        marks=[float(lw.sla_minutes) for lw in levels],
        title="Longest wait per urgency level (minutes; the tick is the SLA)",
        unit="min",
        css_class="chart wait-chart",
    )
