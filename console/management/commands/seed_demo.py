"""``manage.py seed_demo --cases N``: demo cases from simulated users and the real service.

See ``console.demo`` for how cases are made. Uses the loaded packs (``--pack`` to choose);
labels a share of the ended cases and has a demo operator take over some waiting ones.
"""

from __future__ import annotations

import argparse
import time
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import DatabaseError

from console.demo import DEMO_OPERATOR, DemoError, seed
from knowledge.progress import ProgressBar, quiet_logs


class Command(BaseCommand):
    help = "Seed demo cases by running simulated users through the conversation service."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--cases", type=int, default=30, help="how many cases (default 30)")
        parser.add_argument("--pack", action="append", default=[], dest="packs",
                            help="a pack to use (repeatable; default: every loaded pack)")
        parser.add_argument("--seed", type=int, default=0)
        parser.add_argument("--weeks", type=int, default=8,
                            help="spread the cases over this many past weeks")
        parser.add_argument("--label-fraction", type=float, default=0.6,
                            help="share of ended cases given an outcome label")
        parser.add_argument("--exact", action="store_true",
                            help="users answer exactly (no 'not sure', flips or hedges)")
        parser.add_argument("--progress", action=argparse.BooleanOptionalAction, default=None,
                            help="a progress bar on stderr (default: when it is a terminal)")

    def handle(self, *args: Any, **options: Any) -> None:
        if not 0.0 <= options["label_fraction"] <= 1.0:
            raise CommandError("--label-fraction must be between 0 and 1")
        if options["weeks"] < 1:
            raise CommandError("--weeks must be at least 1")
        started = time.perf_counter()
        self._ensure_packs()
        bar = ProgressBar(self.stderr, "cases", enabled=options["progress"])
        try:
            # The service logs every turn at INFO: a bar, not a thousand lines (LOG_LEVEL wins).
            with quiet_logs():
                result = seed(
                    options["cases"],
                    packs=options["packs"],
                    seed_value=options["seed"],
                    weeks=options["weeks"],
                    label_fraction=options["label_fraction"],
                    noisy=not options["exact"],
                    log=lambda line: self.stdout.write(line),
                    progress=bar,
                )
        except DemoError as exc:
            raise CommandError(str(exc)) from exc
        statuses = ", ".join(f"{k} {v}" for k, v in sorted(result.by_status.items()))
        self.stdout.write(
            f"{result.cases} case(s) in {time.perf_counter() - started:.1f} s "
            f"({result.messages} user messages): {statuses}; {result.labelled} labelled, "
            f"{result.handled} taken over by {DEMO_OPERATOR}"
        )

    def _ensure_packs(self) -> None:
        """A fresh database has no packs yet: load the example packs, as the first start does."""
        try:
            from knowledge.models import Pack

            empty = not Pack.objects.filter(current_version__isnull=False).exists()
        except DatabaseError as exc:
            raise CommandError(
                f"the database is not ready ({exc}); run `manage.py migrate` (bin/run does)"
            ) from exc
        if empty:
            from knowledge.first_start import import_example_packs

            for message in import_example_packs():
                self.stdout.write(message)
