"""``manage.py seed_demo --cases N``: demo cases from simulated users and the real service.

See ``console.demo`` for how cases are made. Uses the loaded packs (``--pack`` to choose);
labels a share of the ended cases and has a demo operator take over some waiting ones.
"""

from __future__ import annotations

import time
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from console.demo import DEMO_OPERATOR, DemoError, seed


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

    def handle(self, *args: Any, **options: Any) -> None:
        if not 0.0 <= options["label_fraction"] <= 1.0:
            raise CommandError("--label-fraction must be between 0 and 1")
        if options["weeks"] < 1:
            raise CommandError("--weeks must be at least 1")
        started = time.perf_counter()
        try:
            result = seed(
                options["cases"],
                packs=options["packs"],
                seed_value=options["seed"],
                weeks=options["weeks"],
                label_fraction=options["label_fraction"],
                noisy=not options["exact"],
                log=lambda line: self.stdout.write(line),
            )
        except DemoError as exc:
            raise CommandError(str(exc)) from exc
        statuses = ", ".join(f"{k} {v}" for k, v in sorted(result.by_status.items()))
        self.stdout.write(
            f"{result.cases} case(s) in {time.perf_counter() - started:.1f} s "
            f"({result.messages} user messages): {statuses}; {result.labelled} labelled, "
            f"{result.handled} taken over by {DEMO_OPERATOR}"
        )
