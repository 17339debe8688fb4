"""Re-encrypt every encrypted value under the first key of FIELD_ENCRYPTION_KEYS.

Rotation, with no downtime:

1. put a new key in front: ``FIELD_ENCRYPTION_KEYS=<new>,<old>``; roll it out to every
   process (web, workers, beat). New writes use the new key; both keys read.
2. ``manage.py rotate_encryption_key`` (re-encrypts the rest; safe to interrupt and rerun,
   safe while the bot runs).
3. drop the old key: ``FIELD_ENCRYPTION_KEYS=<new>``; roll out.

The same command encrypts rows still in plaintext and rebuilds the transcript search index
under the first key. Writes an audit entry with the counts.
"""

from __future__ import annotations

import json
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser

from bots import crypto, reencrypt


class Command(BaseCommand):
    help = "Re-encrypt all stored personal data under the first FIELD_ENCRYPTION_KEYS key."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--quiet", action="store_true", help="no progress lines")

    def handle(self, *args: Any, **options: Any) -> None:
        from console import audit

        keys = len(settings.FIELD_ENCRYPTION_KEYS)

        def progress(model: str, tally: reencrypt.Tally) -> None:
            if not options["quiet"]:
                self.stderr.write(f"{model}: {tally.rows} rows read, {tally.rewritten} rewritten")

        try:
            tallies = reencrypt.encrypt_all(reencrypt.bots_models(), progress=progress)
        except crypto.DecryptionError as exc:
            raise CommandError(f"{exc} (is the old key still in FIELD_ENCRYPTION_KEYS?)") from exc
        summary = {name: t.as_dict() for name, t in tallies.items()}
        rewritten = sum(t.rewritten for t in tallies.values())
        audit.record_command(
            "rotate_encryption_key",
            target=f"{keys} keys configured",
            rewritten=rewritten,
            models=summary,
        )
        self.stdout.write(
            f"{rewritten} rows rewritten under the first of {keys} key(s); "
            + ("the other keys can now be removed" if keys > 1 else "nothing else to remove")
        )
        self.stdout.write(json.dumps(summary))
