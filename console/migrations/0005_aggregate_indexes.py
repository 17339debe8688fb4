"""Indexes for the queue's order and the dashboard's grouped counts, on the bots' tables.

- ``console_turn_kind``: (case, role, the action's type), so the dashboard counts each case's
  questions from the index (replaced by 0006's partial index).
- ``console_case_ended``: what the dashboard groups ended cases by, so its scan reads the index
  only (SQLite otherwise reads every case row, JSON columns and all).
- ``console_case_queue``: what the queue orders and the SLA counts group by (status, urgency,
  waiting since, created), likewise.

Plain SQL both SQLite and PostgreSQL accept, as in 0002; the expression differs per backend.
"""

from django.db import migrations

# The turn's action type as queries spelled it then (0006 replaced this index).
ACTION_TYPE_SQL = {
    "sqlite": "json_extract(action, '$.type')",
    "postgresql": "(action ->> 'type')",
}

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
