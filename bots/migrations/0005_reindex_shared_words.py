"""Rebuild the turns' blind indexes after the index moved to the shared words module.

The blind index hashes a text's words; its words now come from ``knowledge.words`` (the
tokeniser, stemmer and stop words every other reader uses) instead of a private copy, so some
words hash differently ("properly" -> "proper" where it was kept whole) and stored indexes
would miss them. ``encrypt_all`` rewrites every index that is not what the current code
computes, in batches, leaving rows that are already current alone; running it again is a
no-op. Going back needs nothing: the old code's search then misses the changed words only,
and its own next rewrite of a row restores that row.
"""

from django.db import migrations


def reindex(apps, schema_editor):
    from bots.reencrypt import bots_models, encrypt_all

    encrypt_all(bots_models(apps), using=schema_editor.connection.alias)


class Migration(migrations.Migration):
    dependencies = [("bots", "0004_staff_alert")]

    operations = [migrations.RunPython(reindex, migrations.RunPython.noop, elidable=True)]
