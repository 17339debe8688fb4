"""Beat tasks: re-queue the work a lost broker message left stranded.

Every inbound event and every reply is stored before its task is queued, so the database
knows what is owed even when the queue forgets: a webhook whose enqueue failed while Redis
restarted (the platform's retry is then dropped as a duplicate), a task that failed because
PostgreSQL went away mid-turn (the turn rolled back), a reply whose last send attempt died
with its worker. ``redispatch_stalled`` runs from beat (``settings.CELERY_BEAT_SCHEDULE``)
and queues again

- ``bots.tasks.process_event`` for events still RECEIVED ``STALLED_AFTER_S`` after arrival;
- ``bots.tasks.send_outbound`` for replies still PENDING that long after they were stored
  (and past any backoff the last failure asked for).

Re-queuing is safe: handling claims an event with ``UPDATE ... WHERE status='received'`` and a
SENT reply is never sent again. A case whose lock is held is left alone this round (its holder,
or the lock's expiry, comes first; queuing more tasks behind a lock only ties up workers), and
an item re-queued once is not re-queued again for ``STALLED_AFTER_S`` (a Redis key with that
expiry), so a slow queue is not flooded with copies.
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta
from typing import Any

from celery import shared_task
from django.conf import settings
from django.utils import timezone

from console.observability import metrics
from console.observability.health import broker_client

logger = logging.getLogger(__name__)

BATCH = 500
CASE_LOCK_KEY = "askfew:case:{case_id}"  # bots.runtime.case_lock's key
MARK_KEY = "askfew:redispatched:{kind}:{pk}"


def stalled_after_s() -> float:
    return float(getattr(settings, "STALLED_AFTER_S", 60.0))


@shared_task(name="console.observability.tasks.redispatch_stalled", ignore_result=True)
def redispatch_stalled() -> dict[str, int]:
    """Re-queue stranded events and replies; returns how many of each were queued."""
    age = stalled_after_s()
    client = broker_client()
    try:
        counts = _sweep(client, age)
    finally:
        if client is not None:
            client.close()
    if counts["event"]:
        metrics.REDISPATCHED.labels("event").inc(counts["event"])
    if counts["outbound"]:
        metrics.REDISPATCHED.labels("outbound").inc(counts["outbound"])
    if counts["event"] or counts["outbound"]:
        logger.warning("re-queued stranded work", extra=counts)
    return counts


def _sweep(client: Any, age: float) -> dict[str, int]:
    from bots.models import EventStatus, InboundEvent, OutboundMessage, OutboundStatus
    from bots.outbound import RETRY_AT_KEY
    from bots.tasks import process_event, send_outbound

    cutoff = timezone.now() - timedelta(seconds=age)
    counts = {"event": 0, "outbound": 0, "skipped_locked": 0}

    events = (
        InboundEvent.objects.filter(status=EventStatus.RECEIVED, received_at__lt=cutoff,
                                    case__isnull=False)
        .order_by("pk")
        .values_list("pk", "case_id")[:BATCH]
    )
    # One task per case is enough: it handles every earlier event of the case in order.
    latest_per_case: dict[int, int] = {}
    for pk, case_id in events:
        latest_per_case[case_id] = pk
    for case_id, pk in latest_per_case.items():
        outcome = _claim(client, "event", pk, case_id, age)
        if outcome == "go":
            process_event.delay(pk)
            counts["event"] += 1
        elif outcome == "locked":
            counts["skipped_locked"] += 1

    now = timezone.now()
    replies = (
        OutboundMessage.objects.filter(status=OutboundStatus.PENDING, created_at__lt=cutoff)
        .order_by("pk")
        .values_list("pk", "case_id", "payload")[:BATCH]
    )
    for pk, case_id, payload in replies:
        if not _due(payload, RETRY_AT_KEY, now):
            continue
        outcome = _claim(client, "outbound", pk, case_id, age)
        if outcome == "go":
            send_outbound.delay(pk)
            counts["outbound"] += 1
        elif outcome == "locked":
            counts["skipped_locked"] += 1
    return counts


def _due(payload: Any, key: str, now: datetime) -> bool:
    raw = (payload or {}).get(key) if isinstance(payload, dict) else None
    if not raw:
        return True
    try:
        return datetime.fromisoformat(str(raw)) <= now
    except ValueError:
        return True


def _claim(client: Any, kind: str, pk: int, case_id: int, age: float) -> str:
    """"go" to re-queue, "locked" when the case is busy, "recent" when re-queued lately."""
    if client is None:
        # Eager (the embedded sweeper): a case whose turn is in flight in this process is its
        # holder's; queuing behind its lock would stall the sweep of every other case.
        from bots.case_lock import local_busy

        return "locked" if local_busy(case_id) else "go"
    if client.exists(CASE_LOCK_KEY.format(case_id=case_id)):
        return "locked"
    fresh = client.set(MARK_KEY.format(kind=kind, pk=pk), "1", nx=True, ex=max(1, int(age)))
    return "go" if fresh else "recent"
