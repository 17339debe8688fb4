"""CSV export of cases and of their turns, with the case list's filters.

Streamed row by row (``iterator``), so an export of the whole table never holds it in memory.
Cells that a spreadsheet would run as a formula (starting with ``=``, ``+``, ``-``, ``@``) are
prefixed with a quote: the transcript is user input.
"""

from __future__ import annotations

import csv
from collections.abc import Iterable, Iterator
from typing import Any

from django.db.models import QuerySet

from bots.models import Case, Turn

CASE_COLUMNS = (
    "id", "channel", "pack", "pack_version", "status", "triage_level", "conclusion",
    "confidence", "assigned_to", "created_at", "waiting_since", "closed_at", "csat_score",
    "outcome", "turns",
)
TURN_COLUMNS = ("case_id", "index", "role", "text", "intent", "action", "operator", "created_at")
_FORMULA = ("=", "+", "-", "@", "\t", "\r")


class _Echo:
    def write(self, value: str) -> str:
        return value


def _cell(value: Any) -> Any:
    if value is None:
        return ""
    if hasattr(value, "isoformat"):
        return value.isoformat()
    if isinstance(value, str) and value.startswith(_FORMULA):
        return "'" + value
    return value


def _lines(header: Iterable[str], rows: Iterable[Iterable[Any]]) -> Iterator[str]:
    writer = csv.writer(_Echo())
    yield writer.writerow(list(header))
    for row in rows:
        yield writer.writerow([_cell(v) for v in row])


def case_rows(cases: QuerySet[Case]) -> Iterator[str]:
    from django.db.models import Count

    rows = (
        cases.order_by("id")
        .annotate(n_turns=Count("turns"))
        .values_list(
            "id", "channel", "pack", "pack_version", "status", "triage_level", "conclusion",
            "confidence", "assigned_to__username", "created_at", "waiting_since", "closed_at",
            "csat_score", "outcome__hypothesis", "outcome__other", "n_turns",
        )
    )

    def shaped() -> Iterator[list[Any]]:
        for *head, hypothesis, other, turns in rows.iterator(chunk_size=2000):
            yield [*head, "other" if other else (hypothesis or ""), turns]

    return _lines(CASE_COLUMNS, shaped())


def turn_rows(cases: QuerySet[Case]) -> Iterator[str]:
    turns = (
        Turn.objects.filter(case__in=cases.order_by().values("pk"))
        .select_related("operator")
        .only("case_id", "index", "role", "text", "interpretation", "action", "created_at",
              "operator__username")
        .order_by("case_id", "index")
    )

    def shaped() -> Iterator[list[Any]]:
        for t in turns.iterator(chunk_size=2000):
            yield [
                t.case_id, t.index, t.role, t.text, (t.interpretation or {}).get("intent", ""),
                (t.action or {}).get("type", ""), t.operator.username if t.operator else "",
                t.created_at,
            ]

    return _lines(TURN_COLUMNS, shaped())


def start(user: Any, what: str, cases: QuerySet[Case], filters: dict[str, Any]) -> Iterator[str]:
    """Record the export (its own transaction and audit row), then stream it."""
    from django.db import transaction

    from . import audit

    if what not in ("cases", "turns"):
        raise ValueError(f"export 'cases' or 'turns', not {what!r}")
    with transaction.atomic():
        audit.record(
            user, "export_csv", target=what,
            filters={k: str(v) for k, v in filters.items() if v not in (None, "")},
        )
    return case_rows(cases) if what == "cases" else turn_rows(cases)
