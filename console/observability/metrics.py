"""The Prometheus metrics, and the registry ``/metrics`` renders.

Counters and histograms are recorded where the work happens (web processes, Celery pool
processes). With ``PROMETHEUS_MULTIPROC_DIR`` set (compose and Kubernetes set it; it must be
an empty directory shared by the processes of one container), each process writes its values
there and a scrape adds them up, so one endpoint per container reports all its processes.
Without it (the embedded profile: one process), the default registry is used.

Gauges describing shared state (queue depth, backlog) are not recorded by processes: they are
read at scrape time by ``StateCollector`` from the broker and the database, so any replica
reports the same, current value.

Metric names (all prefixed ``askfew_``):

=====================================  =========  ==========================================
turns_total{channel,pack,action}       counter    bot turns (one per reply the service made)
decision_latency_seconds{channel}      histogram  the service's time for one turn
end_to_end_latency_seconds{channel}    histogram  inbound stored -> reply accepted by platform
outcomes_total{pack,outcome}           counter    cases ending: conclude/abstain/escalate/handoff
inbound_events_total{channel}          counter    inbound events stored (duplicates excluded)
replies_total{channel,status}          counter    replies sent or failed for good
tasks_total{task,state}                counter    Celery task runs by final state
redispatched_total{kind}               counter    events/replies re-queued by the beat sweeper
http_requests_total{route,method,status} counter  HTTP requests by route name
http_request_duration_seconds{route}   histogram  time to the response
queue_depth{queue}                     gauge      messages waiting in the broker queue
inbound_backlog                        gauge      stored events not processed yet
=====================================  =========  ==========================================
"""

from __future__ import annotations

import logging
import os
from collections.abc import Iterable, Iterator
from typing import Any

from prometheus_client import (
    CONTENT_TYPE_LATEST,
    REGISTRY,
    CollectorRegistry,
    Counter,
    Histogram,
    generate_latest,
)
from prometheus_client.core import GaugeMetricFamily
from prometheus_client.registry import Collector

logger = logging.getLogger(__name__)

# Turns take tens of milliseconds; end to end adds the queue and the platform call.
_FAST_BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.15, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)
_SLOW_BUCKETS = (0.025, 0.05, 0.1, 0.15, 0.25, 0.35, 0.5, 0.75, 1.0, 2.5, 5.0, 10.0, 30.0,
                 60.0, 120.0)

TURNS = Counter("askfew_turns_total", "Bot turns taken", ["channel", "pack", "action"])
DECISION_LATENCY = Histogram(
    "askfew_decision_latency_seconds",
    "Time the conversation service took for one turn (read, decide, store)",
    ["channel"],
    buckets=_FAST_BUCKETS,
)
END_TO_END_LATENCY = Histogram(
    "askfew_end_to_end_latency_seconds",
    "From the inbound event being stored to its reply being accepted by the platform",
    ["channel"],
    buckets=_SLOW_BUCKETS,
)
OUTCOMES = Counter("askfew_outcomes_total", "Cases reaching an outcome", ["pack", "outcome"])
INBOUND = Counter("askfew_inbound_events_total", "Inbound events stored", ["channel"])
REPLIES = Counter("askfew_replies_total", "Replies sent or failed for good", ["channel", "status"])
TASKS = Counter("askfew_tasks_total", "Celery task runs by final state", ["task", "state"])
REDISPATCHED = Counter(
    "askfew_redispatched_total", "Stranded events or replies re-queued by the sweeper", ["kind"]
)
HTTP_REQUESTS = Counter(
    "askfew_http_requests_total", "HTTP requests", ["route", "method", "status"]
)
HTTP_DURATION = Histogram(
    "askfew_http_request_duration_seconds", "HTTP request duration", ["route"],
    buckets=_FAST_BUCKETS,
)

QUEUE_DEPTH = "askfew_queue_depth"
INBOUND_BACKLOG = "askfew_inbound_backlog"


def multiprocess_dir() -> str:
    return os.environ.get("PROMETHEUS_MULTIPROC_DIR", "")


class StateCollector(Collector):
    """Gauges read at scrape time: broker queue lengths and the inbound backlog."""

    def collect(self) -> Iterator[GaugeMetricFamily]:
        depth = GaugeMetricFamily(QUEUE_DEPTH, "Messages waiting in the broker queue",
                                  labels=["queue"])
        for queue, length in queue_lengths():
            depth.add_metric([queue], float(length))
        yield depth
        backlog = inbound_backlog()
        if backlog is not None:
            yield GaugeMetricFamily(INBOUND_BACKLOG, "Inbound events stored, not processed",
                                    value=float(backlog))


def queue_lengths() -> Iterable[tuple[str, int]]:
    """(queue, messages waiting) per Celery queue on a Redis broker; nothing when eager."""
    from django.conf import settings

    from console.observability.health import broker_client

    client = broker_client()
    if client is None:
        return []
    queues = [str(getattr(settings, "CELERY_TASK_DEFAULT_QUEUE", "") or "celery")]
    try:
        with client:
            return [(queue, int(client.llen(queue))) for queue in queues]
    except Exception as exc:  # the broker being down shows in /readyz, not as a 500 here
        logger.warning("queue depth unavailable: %s", exc)
        return []


def inbound_backlog() -> int | None:
    from bots.models import EventStatus, InboundEvent

    try:
        return InboundEvent.objects.filter(status=EventStatus.RECEIVED).count()
    except Exception as exc:
        logger.warning("inbound backlog unavailable: %s", exc)
        return None


def scrape_registry() -> CollectorRegistry:
    """What ``/metrics`` renders: every process's metrics plus the state gauges."""
    path = multiprocess_dir()
    if path:
        from prometheus_client import multiprocess

        registry = CollectorRegistry()
        multiprocess.MultiProcessCollector(registry, path=path)
    else:
        registry = CollectorRegistry()
        registry.register(_DefaultRegistryCollector())
    registry.register(StateCollector())
    return registry


class _DefaultRegistryCollector(Collector):
    """The process-global registry, re-exposed inside a per-scrape registry."""

    def collect(self) -> Iterator[Any]:
        yield from REGISTRY.collect()


def render() -> tuple[bytes, str]:
    return generate_latest(scrape_registry()), CONTENT_TYPE_LATEST


def mark_process_dead(pid: int) -> None:
    """Drop a finished process's live-only files (gunicorn and Celery call this on exit)."""
    if multiprocess_dir():
        from prometheus_client import multiprocess

        multiprocess.mark_process_dead(pid)
