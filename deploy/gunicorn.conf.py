"""gunicorn settings for the web process (console, web chat, Slack/Telegram webhooks).

    gunicorn -c deploy/gunicorn.conf.py console.wsgi:application

Everything can be overridden from the environment (names below). The web process does little
per request (verify, store, enqueue; the turn itself runs in a Celery worker), so a few
processes with a handful of threads each keep latency flat; CPU-bound work scales with workers.
"""

from __future__ import annotations

import json
import multiprocessing
import os
from typing import Any


def _int(name: str, default: int) -> int:
    value = os.environ.get(name, "")
    if not value:
        return default
    try:
        return int(value)
    except ValueError:
        raise SystemExit(f"{name}={value!r} is not an integer") from None


bind = os.environ.get("GUNICORN_BIND", "0.0.0.0:8000")
workers = _int("GUNICORN_WORKERS", min(2 * multiprocessing.cpu_count() + 1, 8))
worker_class = "gthread"
threads = _int("GUNICORN_THREADS", 4)
# Slack wants an answer within 3 s; a request still running after this is a bug to surface.
timeout = _int("GUNICORN_TIMEOUT", 30)
graceful_timeout = _int("GUNICORN_GRACEFUL_TIMEOUT", 20)
keepalive = _int("GUNICORN_KEEPALIVE", 5)
# Recycle workers now and then (memory hygiene), staggered so they do not restart together.
max_requests = _int("GUNICORN_MAX_REQUESTS", 5000)
max_requests_jitter = _int("GUNICORN_MAX_REQUESTS_JITTER", 500)
# Load the app once in the master: workers fork with it (faster start, shared pages).
preload_app = os.environ.get("GUNICORN_PRELOAD", "1") != "0"
# Only the proxy in front of us may set X-Forwarded-* (comma-separated addresses, or *).
forwarded_allow_ips = os.environ.get("FORWARDED_ALLOW_IPS", "127.0.0.1")
# The proxy's buffered requests are small; Slack/Telegram bodies are a few KiB.
limit_request_line = 8190
# gunicorn >= 25.1 opens a control socket under $HOME by default: the image's HOME is read-only
# and two servers on one host would share it. (Older versions ignore this setting.)
control_socket_disable = os.environ.get("GUNICORN_CONTROL_SOCKET", "0") != "1"
worker_tmp_dir = os.environ.get("GUNICORN_WORKER_TMP_DIR", "/dev/shm" if os.path.isdir(
    "/dev/shm") else None)

accesslog = os.environ.get("GUNICORN_ACCESS_LOG", "-") or None
if accesslog == "off":
    accesslog = None
errorlog = "-"
logger_class = "console.observability.gunicorn_log.RedactingLogger"
loglevel = os.environ.get("GUNICORN_LOG_LEVEL", "warning")
# One JSON object per request, like the application's logs; the logger class takes the web
# chat's case token out of paths and drops query strings.
access_log_format = json.dumps({
    "ts": "%(t)s", "level": "INFO", "logger": "gunicorn.access", "msg": "request",
    "method": "%(m)s", "path": "%(U)s", "status": "%(s)s", "bytes": "%(B)s",
    "duration_ms": "%(M)s", "remote": "%(h)s", "process": "%(p)s",
})


def child_exit(server: Any, worker: Any) -> None:
    # The metrics of a recycled worker stay summed in; its live-only values are dropped.
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        from prometheus_client import multiprocess

        multiprocess.mark_process_dead(worker.pid)


def post_fork(server: Any, worker: Any) -> None:
    # Connections opened while preloading belong to the master; each worker opens its own.
    try:
        from django.db import connections

        for connection in connections.all(initialized_only=True):
            connection.close()
    except Exception:  # nothing was open, or Django is not loaded (no preload)
        pass
