"""Indexes for the queue's order and the dashboard's grouped counts, on the bots' tables.

- ``console_turn_kind``: (case, role, the action's type), the expression spelled as
  ``console.case_sql.ACTION_TYPE_SQL`` spells it, so the dashboard counts each case's questions
  from the index without reading a turn's JSON.
- ``console_case_ended``: what the dashboard groups ended cases by, so its scan reads the index
  only (SQLite otherwise reads every case row, JSON columns and all).
- ``console_case_queue``: what the queue orders and the SLA counts group by (status, urgency,
  waiting since, created), likewise.

Plain SQL both SQLite and PostgreSQL accept, as in 0002; the expression differs per backend.
"""

from django.db import migrations

from console.case_sql import ACTION_TYPE_SQL

CASE_INDEXES = [
    ("console_case_ended", "status, pack, created_at, confidence, conclusion"),
    ("console_case_queue", "status, triage_level, waiting_since, created_at"),
]


def create(apps, schema_editor):
    vendor = schema_editor.connection.vendor
    for name, columns in CASE_INDEXES:
        schema_editor.execute(f"CREATE INDEX IF NOT EXISTS {name} ON bots_case ({columns})")
    kind = ACTION_TYPE_SQL.get(vendor)
    if kind is not None:
        schema_editor.execute(
            f"CREATE INDEX IF NOT EXISTS console_turn_kind ON bots_turn (case_id, role, ({kind}))"
        )


def drop(apps, schema_editor):
    for name in ["console_turn_kind", *(n for n, _ in CASE_INDEXES)]:
        schema_editor.execute(f"DROP INDEX IF EXISTS {name}")


class Migration(migrations.Migration):
    dependencies = [("console", "0004_operator_tools"), ("bots", "0004_staff_alert")]

    operations = [migrations.RunPython(create, drop)]
