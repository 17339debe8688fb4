"""``manage.py ingest PATH... --pack NAME [--kind article]``: add documents to a pack's store.

Markdown, HTML, PDF, plain text and JSON files (directories are walked). Unchanged files are
skipped by content hash; a broken file is reported with its reason and the batch goes on; the
exit status is non-zero when any file failed.
"""

from __future__ import annotations

import argparse
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from knowledge.ingest import IngestError, ingest_paths
from knowledge.progress import ProgressBar
from knowledge.search import SearchError


class Command(BaseCommand):
    help = "Ingest Markdown, HTML, PDF, text and JSON files into a knowledge pack's documents."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("paths", nargs="+", metavar="PATH", help="files or directories")
        parser.add_argument("--pack", required=True, help="the pack the documents belong to")
        parser.add_argument("--kind", default="article", help="document kind (default: article)")
        parser.add_argument(
            "--create", action="store_true", help="create the pack (empty) if it does not exist"
        )
        parser.add_argument(
            "--progress",
            action=argparse.BooleanOptionalAction,
            default=None,
            help="a progress bar on stderr (default: when stderr is a terminal)",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            report = ingest_paths(
                options["paths"],
                pack=options["pack"],
                kind=options["kind"],
                create_pack=options["create"],
                progress=ProgressBar(self.stderr, "files", enabled=options["progress"]),
            )
        except (IngestError, SearchError) as exc:
            raise CommandError(str(exc)) from exc
        for outcome in report.outcomes:
            if outcome.status != "failed":
                self.stdout.write(str(outcome))
        self.stdout.write(report.summary())
        if report.failures:
            lines = "\n".join(f"  {o.path}: {o.reason}" for o in report.failures)
            raise CommandError(f"{len(report.failures)} file(s) failed:\n{lines}")
