"""``manage.py bench_console --cases 10000 --json PATH``: console page times at scale.

Runs itself again in a subprocess whose ``DATABASE_URL`` points at a SQLite file in a new
temporary directory (with its own DATA_DIR and search index), so the real database is never
touched: there it migrates, imports three synthetic packs, bulk-creates the cases
(``ops.console_bench``), renders the case list, case pages, the queue and the dashboard
through Django's test client as an operator, and writes ``{"list_p95_ms", "detail_p95_ms",
"queue_p95_ms", ...}``. The target is 150 ms at the 95th percentile for each.

``--database postgresql`` runs the same against a throwaway PostgreSQL cluster started in the
scratch directory (``ops.loadtest.postgres``: Debian's server binaries, loopback only,
``--pg-port`` or a free port) and stopped afterwards. Wall-clock and CPU time are both
reported, with the load average before and after: on a shared machine the first depends on
the others' work, the second is what a page costs.
"""

from __future__ import annotations

import base64
import json
import os
import secrets
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError, CommandParser

TARGET_MS = 150.0
CHILD_FLAG = "--in-scratch-database"
SCRATCH_ENV = "ASKFEW_BENCH_SCRATCH_DATABASE_URL"


class Command(BaseCommand):
    help = "Seed N cases in a scratch SQLite database and time the console's pages."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--cases", type=int, default=10000)
        parser.add_argument("--requests", type=int, default=200,
                            help="timed requests per page kind (default 200)")
        parser.add_argument("--json", type=Path, required=True, metavar="PATH")
        parser.add_argument("--seed", type=int, default=0)
        parser.add_argument("--keep", action="store_true",
                            help="keep the scratch directory (its path is printed)")
        parser.add_argument("--database", choices=("sqlite", "postgresql"), default="sqlite",
                            help="scratch database kind (default sqlite)")
        parser.add_argument("--pg-port", type=int, default=0,
                            help="loopback port of the scratch PostgreSQL (default: a free one)")
        parser.add_argument(CHILD_FLAG, action="store_true", help="(internal)")

    def handle(self, *args: Any, **options: Any) -> None:
        if options["cases"] < 1 or options["requests"] < 1:
            raise CommandError("--cases and --requests must be at least 1")
        if options["in_scratch_database"]:
            self._child(options)
            return
        scratch = Path(tempfile.mkdtemp(prefix="askfew-bench-console-"))
        postgres = None
        database_url = f"sqlite:///{scratch / 'bench.sqlite3'}"
        if options["database"] == "postgresql":
            from ops.loadtest.postgres import TempPostgres, missing_reason

            if missing_reason():
                raise CommandError(missing_reason())
            postgres = TempPostgres(scratch / "postgres", port=options["pg_port"] or None,
                                    fsync=False)
            postgres.start()
            database_url = postgres.url
        env = {
            **os.environ,
            "DATABASE_URL": database_url,
            # The child seeds only the database its parent created for it.
            SCRATCH_ENV: database_url,
            "DATA_DIR": str(scratch / "data"),
            "SEARCH_BACKEND": "embedded",
            "SEARCH_INDEX_DIR": str(scratch / "search"),
            "ELASTICSEARCH_URL": "",
            "CELERY_BROKER_URL": "",
            "REDIS_URL": "",
            "DEBUG": "false",
            "SECRET_KEY": secrets.token_urlsafe(40),
            "FIELD_ENCRYPTION_KEYS": base64.urlsafe_b64encode(secrets.token_bytes(32)).decode(),
            # The production profile refuses to start without it (console.security).
            "METRICS_TOKEN": secrets.token_urlsafe(32),
            "LOG_LEVEL": "WARNING",
        }
        command = [
            sys.executable, str(Path(settings.BASE_DIR) / "manage.py"), "bench_console",
            CHILD_FLAG, "--cases", str(options["cases"]), "--requests",
            str(options["requests"]), "--seed", str(options["seed"]),
            "--json", str(options["json"].resolve()),
        ]
        self.stdout.write(f"scratch {options['database']} database in {scratch}")
        load_before = os.getloadavg()
        try:
            done = subprocess.run(command, env=env, check=False)
            if done.returncode != 0:
                raise CommandError(f"the benchmark failed (exit {done.returncode})")
        finally:
            if postgres is not None:
                postgres.stop()
            if not options["keep"]:
                import shutil

                shutil.rmtree(scratch, ignore_errors=True)
        result = json.loads(options["json"].read_text())
        load_after = os.getloadavg()
        result["load_average_before"] = [round(x, 2) for x in load_before]
        result["load_average_after"] = [round(x, 2) for x in load_after]
        options["json"].write_text(json.dumps(result, indent=2) + "\n")
        self.stdout.write(
            f"{result.get('database', '?')}, {result.get('cases')} cases; load average "
            f"(1/5/15 min) before {' '.join(f'{x:.2f}' for x in load_before)}, after "
            f"{' '.join(f'{x:.2f}' for x in load_after)} on {os.cpu_count()} CPUs"
        )
        for page in ("list", "detail", "queue", "dashboard"):
            if f"{page}_p95_ms" not in result:
                continue
            p95 = result[f"{page}_p95_ms"]
            verdict = "ok" if p95 <= TARGET_MS else f"OVER {TARGET_MS:.0f} ms"
            self.stdout.write(
                f"{page:>9}: wall p50 {result[f'{page}_p50_ms']:7.1f} ms  p95 {p95:7.1f} ms  "
                f"max {result[f'{page}_max_ms']:7.1f} ms  [{verdict}]  "
                f"cpu p50 {result.get(f'{page}_cpu_p50_ms', float('nan')):6.1f} ms  "
                f"p95 {result.get(f'{page}_cpu_p95_ms', float('nan')):6.1f} ms"
            )

    def _child(self, options: dict[str, Any]) -> None:
        from django.db import connection

        from knowledge.packs.store import import_pack
        from ops.console_bench import PACKS, bench_pack, measure, seed_cases

        engine = settings.DATABASES["default"]["ENGINE"]
        name = str(settings.DATABASES["default"]["NAME"])
        scratch_url = os.environ.get(SCRATCH_ENV, "")
        is_scratch = (
            "sqlite" in engine and "askfew-bench-console-" in name
        ) or (
            "postgresql" in engine and bool(scratch_url)
            and scratch_url == os.environ.get("DATABASE_URL")
        )
        if not is_scratch:
            raise CommandError(f"refusing to seed a database that is not a scratch one: {name}")
        started = time.perf_counter()
        call_command("migrate", verbosity=0)
        for i, pack in enumerate(PACKS):
            import_pack(bench_pack(pack, seed=i))
        migrated = time.perf_counter()
        totals = seed_cases(options["cases"], seed=options["seed"],
                            log=lambda line: self.stdout.write(line))
        seeded = time.perf_counter()
        result = measure(requests=options["requests"], seed=options["seed"] + 1)
        result.update(
            database=connection.vendor,
            outcomes=totals["outcomes"],
            setup_s=round(migrated - started, 2),
            seed_s=round(seeded - migrated, 2),
            measure_s=round(time.perf_counter() - seeded, 2),
            target_ms=TARGET_MS,
        )
        path: Path = options["json"]
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(result, indent=2) + "\n")
