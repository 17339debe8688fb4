"""Indexes for the console's case filters (channel, pack, assignee), on the bots' Case table.

The console filters and sorts cases by channel, pack and assignee over tens of thousands of
rows; ``bots.Case`` indexes only status and creation time. These indexes belong to the
console's queries, so they live in the console's migrations (plain SQL both SQLite and
PostgreSQL accept). If ``bots.Case.Meta`` ever declares the same indexes, drop these.
"""

from django.db import migrations

INDEXES = [
    ("console_case_channel_created", "channel, created_at"),
    ("console_case_pack_created", "pack, created_at"),
    ("console_case_assigned_status", "assigned_to_id, status"),
]


class Migration(migrations.Migration):
    dependencies = [
        ("console", "0001_initial"),
        ("bots", "0001_initial"),
    ]

    operations = [
        migrations.RunSQL(
            sql=f"CREATE INDEX IF NOT EXISTS {name} ON bots_case ({columns})",
            reverse_sql=f"DROP INDEX IF EXISTS {name}",
        )
        for name, columns in INDEXES
    ]
