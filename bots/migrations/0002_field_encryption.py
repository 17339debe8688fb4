"""Encrypt transcripts, payloads, dialogue states, display names and outcome notes at rest.

The JSON columns become text columns (ciphertext is not JSON), the turns get their blind
index, and every existing row is encrypted in place (``bots.reencrypt``; batches, so a large
table does not need one huge transaction's memory). Transcript search moves from the turns'
text to the blind index: the console's old text indexes (``console.0003``) index ciphertext
now and are replaced. On SQLite, altering a column rebuilds its table and drops indexes made
by raw SQL, so the console's case-filter indexes (``console.0002``) are made again here.

Reversible: going back writes plaintext again (the keys must still be configured).
"""

import importlib

from django.db import migrations

import bots.fields

SQLITE_SEARCH = (
    "CREATE INDEX IF NOT EXISTS bots_turn_search_case ON bots_turn (search_tokens, case_id)"
)
# The expression Django's SearchVector("search_tokens", config="simple") produces.
POSTGRES_SEARCH = (
    "CREATE INDEX IF NOT EXISTS bots_turn_search_fts ON bots_turn "
    "USING GIN (to_tsvector('simple'::regconfig, COALESCE(search_tokens, '')))"
)


def encrypt_rows(apps, schema_editor):
    from bots.reencrypt import bots_models, encrypt_all

    encrypt_all(bots_models(apps), using=schema_editor.connection.alias)


def decrypt_rows(apps, schema_editor):
    from bots.reencrypt import bots_models, decrypt_all

    decrypt_all(bots_models(apps), using=schema_editor.connection.alias)


def _case_filter_indexes(schema_editor):
    if schema_editor.connection.vendor != "sqlite":
        return
    module = importlib.import_module("console.migrations.0002_case_filter_indexes")
    for name, columns in module.INDEXES:
        schema_editor.execute(f"CREATE INDEX IF NOT EXISTS {name} ON bots_case ({columns})")


def swap_search_indexes(apps, schema_editor):
    schema_editor.execute("DROP INDEX IF EXISTS console_turn_text_case")
    schema_editor.execute("DROP INDEX IF EXISTS console_turn_text_fts")
    vendor = schema_editor.connection.vendor
    if vendor == "sqlite":
        schema_editor.execute(SQLITE_SEARCH)
    elif vendor == "postgresql":
        schema_editor.execute(POSTGRES_SEARCH)
    _case_filter_indexes(schema_editor)


def unswap_search_indexes(apps, schema_editor):
    schema_editor.execute("DROP INDEX IF EXISTS bots_turn_search_case")
    schema_editor.execute("DROP INDEX IF EXISTS bots_turn_search_fts")


def restore_console_indexes(apps, schema_editor):
    """Undoing the column changes rebuilds the tables again (SQLite): the console's indexes
    as its migrations made them."""
    module = importlib.import_module("console.migrations.0003_turn_search_index")
    module.create(apps, schema_editor)
    _case_filter_indexes(schema_editor)


class Migration(migrations.Migration):
    dependencies = [
        ("bots", "0001_initial"),
        # After the console's indexes on these tables exist: this replaces or restores them.
        ("console", "0003_turn_search_index"),
    ]

    operations = [
        # Runs last when going back, after the tables were rebuilt.
        migrations.RunPython(migrations.RunPython.noop, restore_console_indexes),
        migrations.AddField(
            model_name="turn",
            name="search_tokens",
            field=bots.fields.BlindIndexField(source="text"),
        ),
        migrations.AlterField(
            model_name="case",
            name="state",
            field=bots.fields.EncryptedJSONField(blank=True, default=dict),
        ),
        migrations.AlterField(
            model_name="case",
            name="user_display",
            field=bots.fields.EncryptedTextField(blank=True),
        ),
        migrations.AlterField(
            model_name="inboundevent",
            name="payload",
            field=bots.fields.EncryptedJSONField(default=dict),
        ),
        migrations.AlterField(
            model_name="outboundmessage",
            name="payload",
            field=bots.fields.EncryptedJSONField(default=dict),
        ),
        migrations.AlterField(
            model_name="outcome",
            name="note",
            field=bots.fields.EncryptedTextField(blank=True),
        ),
        migrations.AlterField(
            model_name="turn",
            name="text",
            field=bots.fields.EncryptedTextField(blank=True),
        ),
        migrations.RunPython(encrypt_rows, decrypt_rows),
        migrations.RunPython(swap_search_indexes, unswap_search_indexes),
    ]
