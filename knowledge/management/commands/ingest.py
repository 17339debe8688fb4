"""``manage.py ingest PATH... --pack NAME [--kind article]``: add documents to a pack's store.

Markdown, HTML, PDF, plain text and JSON files (directories are walked). Unchanged files are
skipped by content hash; a broken file is reported with its reason and the batch goes on; the
exit status is non-zero when any file failed.
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from knowledge.ingest import IngestError, ingest_paths
from knowledge.search import SearchError

BAR_WIDTH = 20


class Command(BaseCommand):
    help = "Ingest Markdown, HTML, PDF, text and JSON files into a knowledge pack's documents."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("paths", nargs="+", metavar="PATH", help="files or directories")
        parser.add_argument("--pack", required=True, help="the pack the documents belong to")
        parser.add_argument("--kind", default="article", help="document kind (default: article)")
        parser.add_argument(
            "--create", action="store_true", help="create the pack (empty) if it does not exist"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            report = ingest_paths(
                options["paths"],
                pack=options["pack"],
                kind=options["kind"],
                create_pack=options["create"],
                progress=self._progress,
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

    def _progress(self, done: int, total: int, path: str) -> None:
        filled = BAR_WIDTH * done // total if total else BAR_WIDTH
        bar = "#" * filled + "." * (BAR_WIDTH - filled)
        end = "\n" if done == total else ""
        self.stderr.write(f"\r[{bar}] {done}/{total} files", ending=end)
        self.stderr.flush()
