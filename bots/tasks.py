"""Celery tasks of the conversation runtime (see bots.runtime for the flow).

``process_event`` handles one stored inbound event (and any earlier ones of its case still
waiting) and sends the replies; ``send_outbound`` delivers one stored message that no inbound
event is waiting on (an operator's reply). Both retry a transient send failure after the
delay ``bots.outbound`` asks for (Retry-After, else exponential backoff). Celery's eager mode
re-runs a retried task at once, ignoring the countdown, so there the task waits out the delay
itself.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable

from celery import Task, shared_task

from bots import outbound, runtime
from bots.search_outage import SearchDown

logger = logging.getLogger(__name__)

# Attempts are counted per message in the database (bots.outbound.MAX_ATTEMPTS); this bound
# only stops a task that keeps finding its case busy or its reply waiting.
MAX_TASK_RETRIES = 20
# Set while something re-sends stalled replies in-process (the embedded profile's sweeper,
# console.observability.sweeper): then an eager task leaves a failed send to it, not to sleep.
EAGER_RETRIES_SWEPT = threading.Event()


def _with_retries(task: Task, work: Callable[[], None]) -> None:
    """Run ``work``; on a transient failure retry it after the delay it asks for.

    In a worker the retry is a new Celery message with a countdown (the worker is free in the
    meantime). Eagerly, Celery would re-run the task at once, ignoring the countdown, so the
    wait happens here, in-process.
    """
    attempt = 0
    while True:
        try:
            work()
            return
        except (outbound.RetryLater, runtime.CaseBusy, SearchDown) as exc:
            delay_s = exc.delay_s
            logger.info("%s: %s; retrying in %.1f s", task.name, exc, delay_s)
            if not task.request.is_eager:
                raise task.retry(exc=exc, countdown=delay_s, max_retries=MAX_TASK_RETRIES) from exc
            if isinstance(exc, outbound.RetryLater) and EAGER_RETRIES_SWEPT.is_set():
                # Eager: never sleep out a platform's backoff in a web server thread (an outage
                # would tie up every thread, /healthz included). The reply stays PENDING with
                # its retry time; the embedded sweeper sends it when due.
                return
            attempt += 1
            if attempt > MAX_TASK_RETRIES:
                raise
            time.sleep(delay_s)


@shared_task(bind=True, name="bots.tasks.process_event", acks_late=True)
def process_event(self: Task, event_id: int, case_id: int | None = None) -> None:
    _with_retries(self, lambda: runtime.process(event_id, case_id))


@shared_task(bind=True, name="bots.tasks.send_outbound", acks_late=True)
def send_outbound(self: Task, outbound_id: int) -> None:
    """Deliver a stored message after any earlier ones of its case (operator replies)."""
    from bots.models import OutboundMessage

    case_id = (
        OutboundMessage.objects.filter(pk=outbound_id).values_list("case_id", flat=True).first()
    )
    if case_id is None:
        logger.warning("outbound %s vanished before sending", outbound_id)
        return

    def deliver_in_order() -> None:
        with runtime.case_lock(case_id):
            for pending_id in runtime.pending_outbound(case_id, up_to=outbound_id):
                outbound.deliver(pending_id)

    _with_retries(self, deliver_in_order)


@shared_task(bind=True, name="bots.tasks.send_staff_alert", acks_late=True)
def send_staff_alert(self: Task, alert_id: int) -> None:
    """Page staff through one target (bots.alerts); sent once, retried with backoff."""
    from bots import alerts

    _with_retries(self, lambda: alerts.deliver(alert_id))
