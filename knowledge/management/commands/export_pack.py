"""``manage.py export_pack NAME [--output PATH]``: write a pack file as it was imported."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from knowledge.packs.store import PackError, export_pack


class Command(BaseCommand):
    help = "Export a knowledge pack (its current version by default) as a pack JSON file."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("name", metavar="NAME")
        parser.add_argument("--output", "-o", type=Path, help="file to write (default: stdout)")
        parser.add_argument("--pack-version", help="export this version instead of the current one")
        parser.add_argument(
            "--include-ingested",
            action="store_true",
            help="add the documents ingested into the pack (manage.py ingest)",
        )
        parser.add_argument("--indent", type=int, default=1, help="JSON indent (0: compact)")

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            content = export_pack(
                options["name"],
                version=options["pack_version"],
                include_ingested=options["include_ingested"],
            )
        except PackError as exc:
            raise CommandError(str(exc)) from exc
        indent = options["indent"] or None
        text = json.dumps(content, ensure_ascii=False, indent=indent) + "\n"
        output: Path | None = options["output"]
        if output is None:
            sys.stdout.write(text)
            return
        output.parent.mkdir(parents=True, exist_ok=True)
        output.write_text(text, encoding="utf-8")
        self.stderr.write(f"wrote {output} ({len(text.encode('utf-8')):,} bytes)")
