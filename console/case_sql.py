"""Database expressions the console's aggregate queries share with the indexes that serve them.

A partial index is used only when a query spells its condition the same way, so the SQL of
that condition is written once here and used by both the queries (``console.dashboard``) and
the migration that indexes it (``console/migrations/0006_question_index.py``).
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.db import models
from django.db.models.functions import TruncDate, TruncWeek
from django.utils import timezone

# A bot turn that asks the user something: a question, or a confirmation ("just to be sure:
# ...?"), which the user answers too. Written with its constants inline, not as query
# parameters: SQLite uses a partial index only when it can see that the query's condition is
# the index's own (``console/migrations/0006_question_index.py``), which a parameter hides.
QUESTION_KINDS = ("ask", "confirm")
_KINDS = ", ".join(f"'{k}'" for k in QUESTION_KINDS)
QUESTION_SQL = {
    "sqlite": f"{{role}} = 'bot' AND json_extract({{action}}, '$.type') IN ({_KINDS})",
    "postgresql": f"{{role}} = 'bot' AND ({{action}} ->> 'type') IN ({_KINDS})",
}


class IsQuestion(models.Func):
    """True for a turn in which the bot asked a question (see ``QUESTION_SQL``)."""

    output_field = models.BooleanField()
    conditional = True

    def __init__(self, **extra: Any) -> None:
        super().__init__(models.F("role"), models.F("action"), **extra)

    def as_sql(self, compiler: Any, connection: Any, **extra: Any) -> tuple[str, list[Any]]:
        template = QUESTION_SQL.get(connection.vendor)
        if template is None:
            raise NotImplementedError(f"no question condition for {connection.vendor}")
        role, role_params = compiler.compile(self.source_expressions[0])
        action, action_params = compiler.compile(self.source_expressions[1])
        return "(" + template.format(role=role, action=action) + ")", [
            *role_params, *action_params
        ]


class UtcDay(models.Func):
    """The UTC calendar day of a datetime column. On SQLite, the first ten characters of the
    stored text (Django writes UTC as "YYYY-MM-DD HH:MM:SS[.ffffff]"): ``TruncDate`` calls
    back into Python once per row and even ``date()`` parses each value, tens and several
    milliseconds over ten thousand cases. Other backends truncate natively."""

    output_field = models.DateField()

    def __init__(self, expression: Any, **extra: Any) -> None:
        super().__init__(expression, **extra)

    def as_sqlite(self, compiler: Any, connection: Any, **extra: Any) -> tuple[str, list[Any]]:
        column, params = compiler.compile(self.source_expressions[0])
        return f"substr({column}, 1, 10)", list(params)

    def as_postgresql(self, compiler: Any, connection: Any, **extra: Any) -> tuple[str, list[Any]]:
        return TruncDate(*self.source_expressions, tzinfo=dt.UTC).as_sql(compiler, connection)


class UtcWeek(models.Func):
    """The Monday starting the ISO week (UTC) of a datetime column. SQLite: back six days, then
    on to the next Monday (the day itself when it is one), on the stored text's date part."""

    output_field = models.DateField()

    def __init__(self, expression: Any, **extra: Any) -> None:
        super().__init__(expression, **extra)

    def as_sqlite(self, compiler: Any, connection: Any, **extra: Any) -> tuple[str, list[Any]]:
        column, params = compiler.compile(self.source_expressions[0])
        return f"date(substr({column}, 1, 10), '-6 days', 'weekday 1')", list(params)

    def as_postgresql(self, compiler: Any, connection: Any, **extra: Any) -> tuple[str, list[Any]]:
        return TruncDate(
            TruncWeek(*self.source_expressions, tzinfo=dt.UTC), tzinfo=dt.UTC
        ).as_sql(compiler, connection)


def local_week(field: str) -> models.Func:
    """The Monday starting the week of ``field`` in the current time zone."""
    if timezone.get_current_timezone_name() in ("UTC", "Etc/UTC"):
        return UtcWeek(field)
    return TruncDate(TruncWeek(field))


def local_day(field: str) -> models.Func:
    """The day of ``field`` in the current time zone (fast when that zone is UTC)."""
    if timezone.get_current_timezone_name() in ("UTC", "Etc/UTC"):
        return UtcDay(field)
    return TruncDate(field)


def as_date(value: Any) -> dt.date:
    """A day as the backends return it (SQLite's ``date()`` gives text)."""
    if isinstance(value, dt.datetime):
        return value.date()
    if isinstance(value, dt.date):
        return value
    return dt.date.fromisoformat(str(value))
