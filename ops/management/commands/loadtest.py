"""``manage.py loadtest``: the production profile on this machine, under load and faults.

    python manage.py loadtest --conversations 50 --duration 60 --json out.json
    python manage.py loadtest --conversations 20 --duration 30 --fault kill-worker

Starts its own PostgreSQL, Redis, gunicorn, Celery workers and beat and loopback Slack and
Telegram APIs (all on 127.0.0.1, all stopped at the end), plays N users through the real
webhooks, and prints (and writes with --json) turns_per_s, p50_ms, p99_ms, sent, answered,
lost, duplicated, the database audit and, with --fault, the recovery. See ops/loadtest/.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser

from knowledge.progress import ProgressBar, is_terminal
from ops.loadtest.faults import FAULTS
from ops.loadtest.run import CHANNELS, ConfigError, LoadTestConfig, missing_requirements, run
from ops.loadtest.stack import StackConfig


class Command(BaseCommand):
    help = "Load-test the production profile (own PostgreSQL, Redis, workers) with faults."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--conversations", type=int, default=50,
                            help="concurrent simulated users (default 50)")
        parser.add_argument("--duration", type=float, default=60.0,
                            help="measured seconds (default 60)")
        parser.add_argument("--warmup", type=float, default=10.0,
                            help="unmeasured seconds first, while caches fill (default 10)")
        parser.add_argument("--drain", type=float, default=None,
                            help="seconds to wait for owed replies (default 30; 60 with a fault)")
        parser.add_argument("--fault", choices=FAULTS, default="")
        parser.add_argument("--fault-at", type=float, default=None,
                            help="seconds into the measured window (default: a third)")
        parser.add_argument("--fault-downtime", type=float, default=3.0,
                            help="seconds Redis/PostgreSQL stay down (default 3)")
        parser.add_argument("--channels", default=",".join(CHANNELS),
                            help="comma-separated: slack,telegram (default both)")
        parser.add_argument("--pace", type=float, default=1.0,
                            help="seconds between one user's messages, at least (default 1: "
                                 "N users offer N turns/s); 0 sends at once (saturation)")
        parser.add_argument("--max-turns", type=int, default=12)
        parser.add_argument("--workers", type=int, default=1, help="Celery worker processes")
        # Twice the cores: a pool process waiting on the database or a platform API leaves its
        # core to another (measured: p50 806 ms with 2, 100 ms with 4, same CPU per turn).
        parser.add_argument("--concurrency", type=int, default=4,
                            help="pool processes per worker (default 4)")
        parser.add_argument("--web-workers", type=int, default=2)
        parser.add_argument("--web-threads", type=int, default=8)
        parser.add_argument("--log-level", default="INFO")
        parser.add_argument("--no-fsync", action="store_true",
                            help="PostgreSQL without fsync (faster; not durable)")
        parser.add_argument("--seed", type=int, default=0)
        parser.add_argument("--keep", action="store_true",
                            help="keep the temporary directory (logs, data) afterwards")
        parser.add_argument("--json", type=Path, default=None, metavar="PATH",
                            help="write the report here")

    def handle(self, *args: Any, **options: Any) -> None:
        missing = missing_requirements()
        if missing:
            raise CommandError("cannot start the stack: " + "; ".join(missing))
        config = LoadTestConfig(
            conversations=options["conversations"],
            duration_s=options["duration"],
            warmup_s=options["warmup"],
            drain_s=options["drain"],
            fault=options["fault"],
            fault_at_s=options["fault_at"],
            fault_downtime_s=options["fault_downtime"],
            channels=tuple(c.strip() for c in options["channels"].split(",") if c.strip()),
            max_turns=options["max_turns"],
            pace_s=options["pace"],
            seed=options["seed"],
            stack=StackConfig(
                web_workers=options["web_workers"],
                web_threads=options["web_threads"],
                workers=options["workers"],
                concurrency=options["concurrency"],
                log_level=options["log_level"],
                pg_fsync=not options["no_fsync"],
                keep=options["keep"],
                datasets_dir=str(settings.DATASETS_DIR),
            ),
        )
        try:
            config.validate()
        except ConfigError as exc:
            raise CommandError(str(exc)) from exc
        if options["json"] is not None and not options["json"].parent.is_dir():
            raise CommandError(f"--json: directory {options['json'].parent} does not exist")
        report = run(
            config,
            progress=lambda message: self.stderr.write(message),
            bar=ProgressBar(self.stderr, "s of load") if is_terminal(self.stderr) else None,
        )
        text = json.dumps(report, indent=2, default=str)
        if options["json"] is not None:
            options["json"].write_text(text + "\n")
        headline = {k: report[k] for k in ("turns_per_s", "p50_ms", "p99_ms", "sent",
                                            "answered", "lost", "duplicated")}
        self.stdout.write(json.dumps(headline))
        audit = report["audit"]
        self.stdout.write(f"audit: {audit['state_mismatches']} state mismatches, events "
                          f"{audit['events']}, replies {audit['replies']}")
        if "fault" in report:
            self.stdout.write(f"fault: {json.dumps(report['fault'])}")
        for restart in report.get("restarts", []):
            self.stdout.write(f"restarted {restart['process']} (exit code "
                              f"{restart['exit_code']}) {restart['at']:.1f} s into the window")
