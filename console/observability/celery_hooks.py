"""Celery signal handlers: log context per task, task counts, a metrics port for workers.

- ``setup_logging``: Celery keeps its hands off logging (Django's ``LOGGING`` applies).
- ``task_prerun``/``task_postrun``: each task runs in a fresh log context bound to the case
  it works on (``bots.tasks.process_event(event_id)`` and ``send_outbound(outbound_id)``; the
  case id is looked up only if a line needs it), so worker log lines carry the case id; the
  final state is counted in ``askfew_tasks_total``.
- ``worker_ready``: with ``METRICS_PORT`` set, the worker's main process serves ``/healthz``
  and ``/metrics`` on that port (``worker_http``; all pool processes' values, through
  ``PROMETHEUS_MULTIPROC_DIR``).
- ``worker_process_shutdown``: tells the multi-process registry a pool process is gone.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Callable
from typing import Any

from celery import signals

from console.observability import context, metrics

logger = logging.getLogger(__name__)

# Context tokens per task id, reset when the task ends (prerun and postrun are separate calls).
_tokens: dict[str, context.Tokens] = {}


def connect() -> None:
    # A receiver here means Celery leaves logging alone: workers keep Django's LOGGING (JSON
    # lines, LOG_LEVEL) whatever --loglevel says.
    signals.setup_logging.connect(keep_django_logging, dispatch_uid="observability-logging")
    signals.task_prerun.connect(task_prerun, dispatch_uid="observability-prerun")
    signals.task_postrun.connect(task_postrun, dispatch_uid="observability-postrun")
    signals.worker_ready.connect(worker_ready, dispatch_uid="observability-worker-ready")
    signals.worker_process_shutdown.connect(
        worker_process_shutdown, dispatch_uid="observability-process-shutdown"
    )


def keep_django_logging(**kwargs: Any) -> None:
    """Celery's setup_logging: nothing to do, Django configured logging at setup."""


def case_lookup(task_name: str, args: tuple[Any, ...]) -> tuple[Callable[[], int | None] | None,
                                                                int | None]:
    """(how to find the case id, event id) of a runtime task; (None, None) for other tasks."""
    if not args or not isinstance(args[0], int):
        return None, None
    pk = args[0]
    if task_name == "bots.tasks.process_event":
        def event_case() -> int | None:
            from bots.models import InboundEvent

            return InboundEvent.objects.filter(pk=pk).values_list("case_id", flat=True).first()

        return event_case, pk
    if task_name == "bots.tasks.send_outbound":
        def outbound_case() -> int | None:
            from bots.models import OutboundMessage

            return (
                OutboundMessage.objects.filter(pk=pk).values_list("case_id", flat=True).first()
            )

        return outbound_case, None
    return None, None


def task_prerun(task_id: str = "", task: Any = None, args: Any = (), **kwargs: Any) -> None:
    _tokens[task_id] = context.fresh()
    lookup, event_id = case_lookup(getattr(task, "name", ""), tuple(args or ()))
    context.bind(event_id=event_id)
    if lookup is not None:
        context.bind_case_lookup(lookup)


def task_postrun(task_id: str = "", task: Any = None, state: str | None = None,
                 **kwargs: Any) -> None:
    metrics.TASKS.labels(getattr(task, "name", "unknown"), state or "UNKNOWN").inc()
    context.reset(_tokens.pop(task_id, []))


def worker_ready(**kwargs: Any) -> None:
    port = os.environ.get("METRICS_PORT", "")
    if not port:
        return
    from console.observability import worker_http

    addr = os.environ.get("METRICS_ADDR", "0.0.0.0")
    worker_http.serve(int(port), addr)
    logger.info("worker health and metrics", extra={"port": int(port), "addr": addr})


def worker_process_shutdown(pid: int | None = None, **kwargs: Any) -> None:
    metrics.mark_process_dead(pid or os.getpid())
