"""The dashboard's CSAT counts from a partial covering index of the rated cases.

The counts filter on the rating (``csat_score IS NOT NULL``), by pack and creation date for a
filtered or team-scoped dashboard; without an index SQLite read every case row, and the
rating sits after the encrypted state, on the row's overflow pages: 4-10 ms a query at 10,000
cases, against 0.1-1 ms from the index. Plain SQL both SQLite and PostgreSQL accept, as in
0002 and 0005.
"""

from django.db import migrations

SQL = (
    "CREATE INDEX IF NOT EXISTS console_case_rated ON bots_case "
    "(pack, created_at, csat_at, csat_score) WHERE csat_score IS NOT NULL"
)


def create(apps, schema_editor):
    if schema_editor.connection.vendor in ("sqlite", "postgresql"):
        schema_editor.execute(SQL)


def drop(apps, schema_editor):
    schema_editor.execute("DROP INDEX IF EXISTS console_case_rated")


class Migration(migrations.Migration):
    dependencies = [("console", "0006_question_index"), ("bots", "0003_handoff")]

    operations = [migrations.RunPython(create, drop)]
