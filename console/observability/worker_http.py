"""A small HTTP server in a Celery worker's main process: ``/healthz`` and ``/metrics``.

Workers serve no HTTP of their own, yet the orchestrator needs a liveness check and Prometheus
a scrape target per pod. ``/healthz`` answers from the main process without touching any
dependency (like the web's); ``/metrics`` renders every pool process's values (through
``PROMETHEUS_MULTIPROC_DIR``) plus the queue gauges. Started by ``celery_hooks.worker_ready``
when ``METRICS_PORT`` is set.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable
from socketserver import ThreadingMixIn
from typing import Any
from wsgiref.simple_server import WSGIRequestHandler, WSGIServer, make_server

from console.observability import metrics

StartResponse = Callable[..., Any]


def app(environ: dict[str, Any], start_response: StartResponse) -> Iterable[bytes]:
    path = environ.get("PATH_INFO", "")
    if path == "/healthz":
        start_response("200 OK", [("Content-Type", "application/json")])
        return [b'{"status": "ok"}']
    if path == "/metrics":
        body, content_type = metrics.render()
        start_response("200 OK", [("Content-Type", content_type)])
        return [body]
    start_response("404 Not Found", [("Content-Type", "text/plain")])
    return [b"try /healthz or /metrics\n"]


class _ThreadingServer(ThreadingMixIn, WSGIServer):
    daemon_threads = True


class _QuietHandler(WSGIRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:  # probes every few seconds
        pass


def serve(port: int, addr: str = "0.0.0.0") -> WSGIServer:
    """Start serving in a daemon thread; returns the server (``shutdown()`` stops it)."""
    server = make_server(addr, port, app, server_class=_ThreadingServer,
                         handler_class=_QuietHandler)
    threading.Thread(target=server.serve_forever, name="worker-http", daemon=True).start()
    return server
