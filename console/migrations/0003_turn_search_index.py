"""An index for searching transcripts (``console.case_queries.search_transcripts``).

PostgreSQL: a GIN index on the same ``to_tsvector`` expression Django's ``SearchVector``
produces, so full-text search does not read the table. SQLite: a substring match cannot use
an index to find rows, but a covering index on (text, case_id) lets the scan read only those
two columns instead of every turn's JSON (rationale, belief), several times faster.
"""

from django.db import migrations

SQLITE = "CREATE INDEX IF NOT EXISTS console_turn_text_case ON bots_turn (text, case_id)"
POSTGRES = (
    "CREATE INDEX IF NOT EXISTS console_turn_text_fts ON bots_turn "
    "USING GIN (to_tsvector('english'::regconfig, COALESCE(text, '')))"
)


def create(apps, schema_editor):
    vendor = schema_editor.connection.vendor
    if vendor == "sqlite":
        schema_editor.execute(SQLITE)
    elif vendor == "postgresql":
        schema_editor.execute(POSTGRES)


def drop(apps, schema_editor):
    schema_editor.execute("DROP INDEX IF EXISTS console_turn_text_case")
    schema_editor.execute("DROP INDEX IF EXISTS console_turn_text_fts")


class Migration(migrations.Migration):
    dependencies = [("console", "0002_case_filter_indexes"), ("bots", "0001_initial")]

    operations = [migrations.RunPython(create, drop)]
