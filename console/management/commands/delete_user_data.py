"""Delete everything stored about one user (a data-subject erasure request).

    manage.py delete_user_data --channel slack --user U024BE7LH
    manage.py delete_user_data --channel web --user <chat token> --dry-run

Deletes the user's cases with their turns, inbound events, outbound replies, outcome labels and
hand-over rows; writes an audit entry (which names the user id and the counts, nothing said).
"""

from __future__ import annotations

import json
from typing import Any

from django.core.management.base import BaseCommand, CommandParser
from django.db import transaction

from bots import privacy
from bots.models import Channel


class Command(BaseCommand):
    help = "Delete one user's cases, turns, events, replies and outcomes."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--channel", required=True, choices=[c.value for c in Channel])
        parser.add_argument(
            "--user", required=True, help="the platform's user id (web chat: the chat token)"
        )
        parser.add_argument("--dry-run", action="store_true", help="count only")

    def handle(self, *args: Any, **options: Any) -> None:
        from console import audit

        channel, user = options["channel"], options["user"]
        cases = privacy.cases_of_user(channel, user)
        if options["dry_run"]:
            counts = privacy.count_cases(cases)
            verb = "would delete"
        else:
            with transaction.atomic():
                counts = privacy.delete_cases(cases)
                audit.record_command("delete_user_data", target=f"{channel}:{user}", **counts)
            verb = "deleted"
        parts = ", ".join(f"{n} {label.replace('_', ' ')}" for label, n in counts.items())
        self.stdout.write(f"{verb} for {channel} user {user}: {parts}")
        self.stdout.write(json.dumps({verb.replace(" ", "_"): counts}))
