"""Retention: delete the cases whose last activity is older than a number of days.

    manage.py purge --older-than 365 --dry-run   # what would go
    manage.py purge --older-than 365             # delete it, and write an audit entry

A case goes with its turns, inbound events, outbound replies, outcome label and hand-over row;
inbound events never attached to a case go too once as old. Run it from cron (or a Kubernetes
CronJob) with the retention period the deployment promises.
"""

from __future__ import annotations

import json
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import transaction

from bots import privacy


class Command(BaseCommand):
    help = "Delete cases (and their turns, events, replies, outcomes) inactive for DAYS days."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--older-than",
            type=float,
            required=True,
            metavar="DAYS",
            help="last activity more than DAYS days ago",
        )
        parser.add_argument(
            "--dry-run", action="store_true", help="count what would be deleted; delete nothing"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        days = options["older_than"]
        if not days > 0:
            raise CommandError("--older-than must be a positive number of days")
        cutoff = privacy.cutoff(days)
        cases = privacy.stale_cases(cutoff)
        orphans = privacy.orphan_events(cutoff)
        if options["dry_run"]:
            counts = privacy.count_cases(cases)
            counts["inbound_events"] += orphans.count()
            self._report("would delete", counts, cutoff.isoformat())
            return
        from console import audit

        with transaction.atomic():
            counts = privacy.delete_cases(cases)
            counts["inbound_events"] += orphans.delete()[0]
            audit.record_command(
                "purge", target=f"older than {days:g} days", cutoff=cutoff.isoformat(), **counts
            )
        self._report("deleted", counts, cutoff.isoformat())

    def _report(self, verb: str, counts: dict[str, int], cutoff: str) -> None:
        parts = ", ".join(f"{n} {label.replace('_', ' ')}" for label, n in counts.items())
        self.stdout.write(f"{verb} (last activity before {cutoff}): {parts}")
        self.stdout.write(json.dumps({"cutoff": cutoff, verb.replace(" ", "_"): counts}))
