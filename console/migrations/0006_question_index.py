"""The dashboard counts each case's questions through a partial index of the bots' question
turns (case_id only, where the turn asks something), written with the condition
``console.case_sql.QUESTION_SQL`` spells for the query; it replaces 0005's
``console_turn_kind`` (case, role, action type), which SQLite still read each turn's JSON for.
"""

from django.db import migrations

from console.case_sql import QUESTION_SQL


def create(apps, schema_editor):
    condition = QUESTION_SQL.get(schema_editor.connection.vendor)
    if condition is None:
        return
    schema_editor.execute("DROP INDEX IF EXISTS console_turn_kind")
    schema_editor.execute(
        "CREATE INDEX IF NOT EXISTS console_turn_question ON bots_turn (case_id) WHERE "
        + condition.format(role="role", action="action")
    )


def drop(apps, schema_editor):
    schema_editor.execute("DROP INDEX IF EXISTS console_turn_question")


class Migration(migrations.Migration):
    dependencies = [("console", "0005_aggregate_indexes")]

    operations = [migrations.RunPython(create, drop)]
