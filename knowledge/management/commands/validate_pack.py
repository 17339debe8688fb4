"""``manage.py validate_pack PATH...``: check pack files (or pack directories) without importing.

Prints one summary line per valid pack; otherwise fails listing every problem as
``file: field: reason``.
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from knowledge.packs.validate import PackInvalid, Problem, load_pack


class Command(BaseCommand):
    help = "Validate knowledge pack files against the pack schema and their own references."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("paths", nargs="+", metavar="PATH", help="pack file or directory")

    def handle(self, *args: Any, **options: Any) -> None:
        problems: list[Problem] = []
        for path in options["paths"]:
            try:
                valid = load_pack(path)
            except PackInvalid as exc:
                problems.extend(exc.problems)
                continue
            self.stdout.write(f"{path}: valid: {valid.summary()}")
        if problems:
            lines = "\n".join(f"  {p}" for p in problems)
            raise CommandError(f"{len(problems)} problem(s):\n{lines}")
