"""Dependency checks behind ``/readyz`` (and ``probe ready``): database, broker, search.

Each check returns a ``Check``: ok or not, how long it took, and on failure the error in
words. A check never raises and never waits long (short socket timeouts), so a probe answers
within a couple of seconds even with a dependency gone.

- database: a ``SELECT 1`` on the default connection;
- broker: ``PING`` to the Redis broker when one is configured; with no broker (the embedded
  profile runs tasks in-process) it is reported as ``skipped``;
- search: the configured backend's ``health()`` (the embedded index opens; Elasticsearch
  answers).
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from typing import Any

from django.conf import settings

BROKER_TIMEOUT_S = 2.0


@dataclass(frozen=True)
class Check:
    name: str
    ok: bool
    ms: float
    detail: str = ""  # what is wrong, or why the check was skipped
    skipped: bool = False

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["ms"] = round(self.ms, 1)
        del data["name"]
        if not data["detail"]:
            del data["detail"]
        if not self.skipped:
            del data["skipped"]
        return data


def _timed(name: str, run: Callable[[], str | None]) -> Check:
    """Run one check; ``run`` returns None when fine, a reason when skipped, raises when down."""
    started = time.perf_counter()
    try:
        skipped_because = run()
    except Exception as exc:
        return Check(name, False, (time.perf_counter() - started) * 1000,
                     f"{type(exc).__name__}: {exc}".strip()[:500])
    elapsed = (time.perf_counter() - started) * 1000
    if skipped_because:
        return Check(name, True, elapsed, skipped_because, skipped=True)
    return Check(name, True, elapsed)


def check_database() -> Check:
    def run() -> None:
        from django.db import connection

        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()

    check = _timed("database", run)
    if not check.ok:
        # A dead connection stays dead for this thread until closed; the next probe reconnects.
        from django.db import connection

        with contextlib.suppress(Exception):
            connection.close()
    return check


def broker_url() -> str:
    """The Redis broker's URL, or "" when tasks run in-process (or the broker is not Redis)."""
    if getattr(settings, "CELERY_TASK_ALWAYS_EAGER", False):
        return ""
    url = str(getattr(settings, "CELERY_BROKER_URL", "") or "")
    return url if url.startswith(("redis://", "rediss://", "unix://")) else ""


def broker_client() -> Any:
    """A short-timeout Redis client for the broker, or None without one."""
    url = broker_url()
    if not url:
        return None
    import redis

    return redis.Redis.from_url(
        url, socket_timeout=BROKER_TIMEOUT_S, socket_connect_timeout=BROKER_TIMEOUT_S,
        retry_on_timeout=False,
    )


def check_broker() -> Check:
    def run() -> str | None:
        client = broker_client()
        if client is None:
            if getattr(settings, "CELERY_TASK_ALWAYS_EAGER", False):
                return "no broker configured: tasks run in-process"
            return f"broker {settings.CELERY_BROKER_URL.split('://')[0]}:// is not checked"
        with client:
            if not client.ping():
                raise ConnectionError("broker did not answer PING")
        return None

    return _timed("broker", run)


def check_search() -> Check:
    def run() -> None:
        from knowledge.search import get_backend

        backend = get_backend()
        if not backend.health():
            raise ConnectionError(f"{backend!r} is not answering")

    return _timed("search", run)


CHECKS: dict[str, Callable[[], Check]] = {
    "database": check_database,
    "broker": check_broker,
    "search": check_search,
}


def readiness() -> tuple[bool, dict[str, Any]]:
    """(ready, JSON body): ready when every check passed or was skipped."""
    checks = [run() for run in CHECKS.values()]
    ready = all(check.ok for check in checks)
    body: dict[str, Any] = {
        "status": "ready" if ready else "unavailable",
        "checks": {check.name: check.to_dict() for check in checks},
    }
    failed = [check.name for check in checks if not check.ok]
    if failed:
        body["failed"] = failed
    return ready, body
