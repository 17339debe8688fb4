"""Probe endpoints and request metrics, first in ``settings.MIDDLEWARE``.

``/healthz`` (liveness: the process serves requests; touches no dependency), ``/readyz``
(readiness: ``health.readiness()``; 503 with the failing checks in the JSON body) and
``/metrics`` (Prometheus text format) are answered here, before ``SecurityMiddleware`` and
``CommonMiddleware``: orchestrators probe a pod by its IP over plain HTTP, which the host
check (``ALLOWED_HOSTS``) and the HTTPS redirect would otherwise refuse. They are GET/HEAD only
and expose no user data. ``/metrics`` takes a bearer token when ``METRICS_TOKEN`` is set.

Every other request runs in a fresh log context (``context.scope``) and is counted by route
name (never the raw path, which would make label values unbounded).
"""

from __future__ import annotations

import hmac
import json
import time
from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse

from console.observability import context, health, metrics

PROBES = {"/healthz", "/readyz", "/metrics"}


class ObservabilityMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if request.path in PROBES:
            return probe(request)
        started = time.perf_counter()
        with context.scope():
            response = self.get_response(request)
        route = _route(request)
        metrics.HTTP_REQUESTS.labels(route, request.method or "", str(response.status_code)).inc()
        metrics.HTTP_DURATION.labels(route).observe(time.perf_counter() - started)
        return response


def _route(request: HttpRequest) -> str:
    match = getattr(request, "resolver_match", None)
    if match is None:
        return "unmatched"
    return match.view_name or "unnamed"


def probe(request: HttpRequest) -> HttpResponse:
    if request.method not in ("GET", "HEAD"):
        return _json(405, {"error": f"{request.method} not allowed; use GET"})
    if request.path == "/healthz":
        return _json(200, {"status": "ok"})
    if request.path == "/readyz":
        ready, checks = health.readiness()
        return _json(200 if ready else 503, checks)
    token = str(getattr(settings, "METRICS_TOKEN", "") or "")
    if token:
        given = request.headers.get("Authorization", "").removeprefix("Bearer ").strip()
        if not hmac.compare_digest(given.encode(), token.encode()):
            return _json(401, {"error": "metrics need Authorization: Bearer <METRICS_TOKEN>"})
    text, content_type = metrics.render()
    return HttpResponse(text, content_type=content_type)


def _json(status: int, body: dict[str, object]) -> HttpResponse:
    response = HttpResponse(json.dumps(body), status=status, content_type="application/json")
    response["Cache-Control"] = "no-store"
    return response
