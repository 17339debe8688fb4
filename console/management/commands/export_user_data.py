"""Export everything stored about one user, decrypted, as JSON (a data-subject access request).

    manage.py export_user_data --channel telegram --user 123456789 --output alice.json
    manage.py export_user_data --channel web --user <chat token>     # JSON on stdout

The web chat has no accounts: name its user by the chat token. Writes an audit entry.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandParser
from django.utils import timezone

from bots import privacy
from bots.models import Channel


class Command(BaseCommand):
    help = "Write one user's cases and turns (decrypted) as JSON."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--channel", required=True, choices=[c.value for c in Channel])
        parser.add_argument(
            "--user",
            required=True,
            help="the platform's user id (web chat: the chat token); write --user=ID "
            "when it begins with '-'",
        )
        parser.add_argument("--output", type=Path, help="file to write (default: stdout)")

    def handle(self, *args: Any, **options: Any) -> None:
        from console import audit

        channel, user = options["channel"], options["user"]
        cases = privacy.cases_of_user(channel, user).order_by("created_at", "pk")
        data = {
            "channel": channel,
            "user": user,
            "exported_at": timezone.now().isoformat(),
            "cases": privacy.export(cases),
        }
        text = json.dumps(data, ensure_ascii=False, indent=2)
        output = options.get("output")
        if output is not None:
            output.parent.mkdir(parents=True, exist_ok=True)
            # The export is personal data in the clear: readable by its owner only.
            fd = os.open(output, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            with os.fdopen(fd, "w", encoding="utf-8") as handle:
                handle.write(text + "\n")
        else:
            self.stdout.write(text)
        n_turns = sum(len(c["turns"]) for c in data["cases"])
        audit.record_command(
            "export_user_data", target=f"{channel}:{user}", cases=len(data["cases"]), turns=n_turns
        )
        where = f" -> {output}" if output is not None else ""
        # An empty export is a valid answer ("nothing is stored"), not an error.
        self.stderr.write(f"{len(data['cases'])} cases, {n_turns} turns{where}")
