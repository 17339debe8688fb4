"""The production deployment on loopback: PostgreSQL, Redis, gunicorn, Celery workers and
beat, and the loopback chat APIs, all started here and all stopped on exit (even after an
error part-way through starting).

The processes get the production environment a container would (``DEBUG=0``, a
``DATABASE_URL``, a Redis broker, JSON logs, a multi-process metrics directory), and none of
the caller's profile settings leak in. The proxy in front of production terminates TLS and
says so with ``X-Forwarded-Proto: https``; the load test's requests carry that header.
"""

from __future__ import annotations

import base64
import contextlib
import json
import os
import secrets
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from types import TracebackType
from typing import Any
from urllib.request import Request, urlopen

from ops.loadtest.capture import Sink, capturing_slack, capturing_telegram
from ops.loadtest.postgres import TempPostgres
from ops.loadtest.procs import (
    LOOPBACK,
    Proc,
    StartError,
    free_port,
    tail,
    wait_until,
)
from ops.loadtest.redis_server import TempRedis

BASE_DIR = Path(__file__).resolve().parents[2]
SLACK_TOKEN = "xoxb-loadtest-0001"
TELEGRAM_TOKEN = "700000001:loadtest-token"
# Settings a caller's environment must not carry into the stack (it defines its own).
_PROFILE_PREFIXES = (
    "DATABASE_", "REDIS_", "CELERY_", "ELASTICSEARCH_", "SEARCH_", "LLM_", "OPENAI_",
    "LANGUAGE_", "SLACK_", "TELEGRAM_", "DEBUG", "SECRET_KEY", "ALLOWED_HOSTS", "DATA_DIR",
    "PROMETHEUS_", "METRICS_", "LOG_", "GUNICORN_", "STALLED_", "REDISPATCH_", "BOT_",
    "PLANNER_", "SECURE_", "CSRF_", "FIELD_ENCRYPTION_", "prometheus_multiproc_dir",
)


@dataclass(frozen=True)
class StackConfig:
    web_workers: int = 2
    web_threads: int = 8
    workers: int = 1  # Celery worker processes
    concurrency: int = 4  # pool processes per worker (twice the cores: turns wait on I/O)
    packs: tuple[str, ...] = ("it-laptop", "patient-intake")
    log_level: str = "INFO"
    stalled_after_s: float = 10.0
    redispatch_interval_s: float = 5.0
    pg_fsync: bool = True
    keep: bool = False
    datasets_dir: str = ""
    extra_env: dict[str, str] = field(default_factory=dict)


class ProductionStack:
    """``with ProductionStack(config, sink) as stack:`` everything runs; on exit, nothing."""

    def __init__(self, config: StackConfig, sink: Sink) -> None:
        self.config = config
        self.sink = sink
        self.root = Path(tempfile.mkdtemp(prefix="askfew-loadtest-"))
        self.logs = self.root / "logs"
        self.logs.mkdir()
        self.signing_secret = secrets.token_hex(16)
        self.webhook_secret = secrets.token_urlsafe(24)
        # A Fernet key (32 random bytes, URL-safe base64) shared by every process of the stack.
        self.field_key = base64.urlsafe_b64encode(secrets.token_bytes(32)).decode()
        self.metrics_token = secrets.token_urlsafe(32)
        self.web_port = free_port()
        self._exit = contextlib.ExitStack()
        self.slack: Any = None
        self.telegram: Any = None
        self.pg: TempPostgres | None = None
        self.redis: TempRedis | None = None
        self.web: Proc | None = None
        self.workers: list[Proc] = []
        self.beat: Proc | None = None
        self.env: dict[str, str] = {}
        self.timings: dict[str, float] = {}
        self.generation = 0  # replacement workers started so far
        # The restart policy of deploy/docker-compose.yml (``restart: unless-stopped``): a
        # service process that exits on its own is started again. Faults that remove a
        # process on purpose hold ``lock`` while they do.
        self.lock = threading.Lock()
        self.restarts: list[dict[str, Any]] = []
        self._supervising = threading.Event()
        self._supervisor: threading.Thread | None = None

    # -- lifecycle ----------------------------------------------------------------------------

    def __enter__(self) -> ProductionStack:
        try:
            self._start()
        except BaseException:
            self.close()
            raise
        return self

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.close()

    def _step(self, name: str, started: float) -> None:
        self.timings[name] = round(time.monotonic() - started, 2)

    def _start(self) -> None:
        started = time.monotonic()
        self.slack = self._exit.enter_context(capturing_slack(self.sink, SLACK_TOKEN))
        self.telegram = self._exit.enter_context(capturing_telegram(self.sink, TELEGRAM_TOKEN))
        self.pg = TempPostgres(self.root / "pg", fsync=self.config.pg_fsync)
        self._exit.callback(self._stop_postgres)
        self.pg.start()
        self._step("postgres_s", started)
        self.env = self.environment()
        started = time.monotonic()
        self.redis = TempRedis(self.root / "redis", self.env)
        self._exit.callback(self.redis.stop)
        self.redis.start()
        self.env = self.environment()
        self._step("redis_s", started)

        started = time.monotonic()
        self.bootstrap()
        self._step("bootstrap_s", started)

        started = time.monotonic()
        self.web = self._proc("web", [
            sys.executable, "-m", "gunicorn", "-c", str(BASE_DIR / "deploy" / "gunicorn.conf.py"),
            "console.wsgi:application",
        ], GUNICORN_BIND=f"{LOOPBACK}:{self.web_port}",
            GUNICORN_WORKERS=str(self.config.web_workers),
            GUNICORN_THREADS=str(self.config.web_threads),
            GUNICORN_ACCESS_LOG="off")
        for index in range(self.config.workers):
            self.workers.append(self.worker(index))
        self.beat = self._proc("beat", [
            sys.executable, "-m", "celery", "-A", "console.celery:app", "beat",
            "--schedule", str(self.root / "beat-schedule"), "--loglevel=WARNING",
        ])
        self.wait_ready()
        self._step("processes_s", started)
        self.supervise()

    def supervise(self, every_s: float = 0.5) -> None:
        """Start restarting service processes that exit on their own (until ``close``)."""
        self._supervising.set()
        self._supervisor = threading.Thread(target=self._supervise, args=(every_s,),
                                            name="supervisor", daemon=True)
        self._supervisor.start()

    def _supervise(self, every_s: float) -> None:
        while self._supervising.is_set():
            with self.lock:
                for proc in [self.web, *self.workers, self.beat]:
                    if proc is None or proc.alive() or not self._supervising.is_set():
                        continue
                    code = proc.popen.returncode if proc.popen is not None else None
                    self.restarts.append({"process": proc.name, "exit_code": code,
                                          "at": time.monotonic(), "log": tail(proc.log, 600)})
                    proc.start()
            time.sleep(every_s)

    def close(self) -> None:
        self._supervising.clear()
        if self._supervisor is not None:
            self._supervisor.join(timeout=5)
        for proc in [self.beat, *self.workers, self.web]:
            if proc is not None:
                with contextlib.suppress(Exception):
                    proc.stop()
        self._exit.close()
        if not self.config.keep:
            shutil.rmtree(self.root, ignore_errors=True)

    def _stop_postgres(self) -> None:
        if self.pg is None:
            return
        try:
            self.pg.stop()
        except Exception:
            self.pg.kill()

    # -- the pieces ---------------------------------------------------------------------------

    def environment(self) -> dict[str, str]:
        env = {key: value for key, value in os.environ.items()
               if not key.startswith(_PROFILE_PREFIXES)}
        data_dir = self.root / "data"
        metrics_dir = self.root / "prometheus"
        metrics_dir.mkdir(exist_ok=True)
        env.update({
            "DJANGO_SETTINGS_MODULE": "console.settings",
            "PYTHONPATH": str(BASE_DIR),
            "PYTHONUNBUFFERED": "1",
            "DEBUG": "0",
            "SECRET_KEY": secrets.token_urlsafe(50),
            "FIELD_ENCRYPTION_KEYS": self.field_key,
            "METRICS_TOKEN": self.metrics_token,
            "ALLOWED_HOSTS": f"{LOOPBACK},localhost",
            "DATA_DIR": str(data_dir),
            "SEARCH_BACKEND": "embedded",
            "SEARCH_INDEX_DIR": str(data_dir / "search"),
            "LANGUAGE_BACKEND": "offline",
            "LOG_FORMAT": "json",
            "LOG_LEVEL": self.config.log_level,
            "PROMETHEUS_MULTIPROC_DIR": str(metrics_dir),
            "STALLED_AFTER_S": str(self.config.stalled_after_s),
            "REDISPATCH_INTERVAL_S": str(self.config.redispatch_interval_s),
            "SLACK_BOT_TOKEN": SLACK_TOKEN,
            "SLACK_SIGNING_SECRET": self.signing_secret,
            "SLACK_APP_TOKEN": "",
            "TELEGRAM_BOT_TOKEN": TELEGRAM_TOKEN,
            "TELEGRAM_WEBHOOK_SECRET": self.webhook_secret,
            # Each simulated user sends up to one message a second: a load test measures
            # capacity, not bots.ratelimit's per-user limit.
            "RATELIMIT_ENABLED": "0",
        })
        if self.config.datasets_dir:
            env["DATASETS_DIR"] = self.config.datasets_dir
        if self.slack is not None:
            env["SLACK_API_URL"] = self.slack.url
        if self.telegram is not None:
            env["TELEGRAM_API_URL"] = self.telegram.url
        if self.pg is not None:
            env["DATABASE_URL"] = self.pg.url
        if self.redis is not None:
            env["REDIS_URL"] = self.redis.url
            env["CELERY_BROKER_URL"] = self.redis.url
            env["CELERY_RESULT_BACKEND"] = self.redis.url
        env.update(self.config.extra_env)
        return env

    def _proc(self, name: str, argv: list[str], **env: str) -> Proc:
        proc = Proc(name, argv, env={**self.env, **env}, cwd=BASE_DIR, log_dir=self.logs)
        return proc.start()

    def bootstrap(self) -> None:
        log = self.logs / "bootstrap.log"
        with log.open("wb") as out:
            done = subprocess.run(
                [sys.executable, "-m", "ops.loadtest.bootstrap", *self.config.packs],
                cwd=BASE_DIR, env=self.env, stdout=out, stderr=subprocess.STDOUT, timeout=900,
            )
        if done.returncode != 0:
            raise StartError(f"migrating and importing packs failed:\n{tail(log)}")

    def worker(self, index: int, generation: int = 0) -> Proc:
        name = f"worker{index}" + (f"-{generation}" if generation else "")
        port = free_port()
        proc = self._proc(name, [
            sys.executable, "-m", "celery", "-A", "console.celery:app", "worker",
            "--pool=prefork", f"--concurrency={self.config.concurrency}",
            f"--hostname={name}@loadtest", "--without-gossip", "--without-mingle",
            "--loglevel=WARNING",
        ], METRICS_PORT=str(port), METRICS_ADDR=LOOPBACK)
        proc.metrics_port = port  # type: ignore[attr-defined]
        return proc

    def wait_ready(self, timeout_s: float = 120.0) -> None:
        assert self.web is not None

        def web_ready() -> bool:
            self.web.ensure_running("starting")  # type: ignore[union-attr]
            return self.get("/readyz")[0] == 200

        wait_until(web_ready, "the web server's /readyz", timeout_s)
        for worker in self.workers:
            self.wait_worker(worker, timeout_s)

    def wait_worker(self, worker: Proc, timeout_s: float = 120.0) -> float:
        port = worker.metrics_port  # type: ignore[attr-defined]

        def ready() -> bool:
            worker.ensure_running("starting")
            with urlopen(f"http://{LOOPBACK}:{port}/healthz", timeout=2) as response:
                return int(response.status) == 200

        return wait_until(ready, f"{worker.name} (its /healthz port)", timeout_s)

    # -- talking to it ------------------------------------------------------------------------

    @property
    def web_url(self) -> str:
        return f"http://{LOOPBACK}:{self.web_port}"

    def get(self, path: str, timeout_s: float = 5.0) -> tuple[int, bytes]:
        from urllib.error import HTTPError

        headers = {"X-Forwarded-Proto": "https"}
        if path.startswith("/metrics"):  # the production profile asks for the scrape token
            headers["Authorization"] = f"Bearer {self.metrics_token}"
        request = Request(self.web_url + path, headers=headers)
        try:
            with urlopen(request, timeout=timeout_s) as response:
                return int(response.status), response.read()
        except HTTPError as exc:
            return int(exc.code), exc.read()

    def readiness(self) -> dict[str, Any]:
        status, body = self.get("/readyz")
        try:
            parsed: dict[str, Any] = json.loads(body)
        except ValueError:
            parsed = {"raw": body[:500].decode(errors="replace")}
        parsed["http_status"] = status
        return parsed

    def log_tails(self, chars: int = 2000) -> dict[str, str]:
        return {path.name: tail(path, chars) for path in sorted(self.logs.glob("*.log"))}
