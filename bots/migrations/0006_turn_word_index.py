"""SQLite: an FTS5 index of the turns' blind index, so transcript search stops reading every
turn (``bots.transcript_index``). Built from the rows already there; PostgreSQL keeps its GIN
index (0002) and needs nothing. Going back drops the table and its triggers, and search falls
back to the substring match."""

from django.db import migrations


def create(apps, schema_editor):
    from bots import transcript_index

    transcript_index.ensure(schema_editor.connection)


def drop(apps, schema_editor):
    from bots import transcript_index

    transcript_index.drop(schema_editor.connection)


class Migration(migrations.Migration):
    dependencies = [("bots", "0005_reindex_shared_words")]

    operations = [migrations.RunPython(create, drop)]
