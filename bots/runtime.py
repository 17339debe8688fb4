"""The conversation runtime: store what arrived, process each case's events in order, reply once.

Flow (design section 7)::

    channel adapter --verify--> bots.inbox.accept(): InboundEvent row (unique per (channel,
                                 event id))
                                 |  duplicate -> dropped here, by the unique constraint
                                 v
    bots.tasks.process_event(id) --> process(): under the case's lock, deliver any reply still
                                 pending, then handle every RECEIVED event of the case up to
                                 this one, oldest first: ConversationService.handle() -> Reply
                                 -> OutboundMessage (PENDING, its first send attempt counted,
                                 in the same transaction as the turn) -> sent at once
                                 (bots.outbound.send_claimed) -> SENT with the platform id

Per-case ordering: a task handles the oldest unprocessed events of its case first, so whichever
task runs first, events are handled in arrival (primary key) order, and a later task finds the
earlier events done. The case lock that keeps two workers from interleaving is

- a Redis lock (``askfew:case:<id>``) when a Redis broker is configured: it spans handling
  and sending, so replies also leave in order across workers. It expires 10 s after its
  holder stops renewing it, and a task that finds its case busy for more than 1.5 s is retried
  by Celery later instead of waiting (``bots.case_lock`` has the details);
- a process-local lock otherwise (eager mode runs every task in the web process).

Under either, handling one event is one database transaction that first claims the event
(``UPDATE ... WHERE status='received'``) and in which the service then locks the case row
(``bots.case_store``); on PostgreSQL the row lock, on SQLite the database write lock, make a
second handler of the same case wait, and the claim makes it skip an event someone else
handled. So the locks are for order; the transaction alone already guarantees an event is
handled once. A reply is sent only while the lock is known to be held (``Held.check``), so a
holder that lost its lock leaves the reply to the worker that took the case over.

Events are grouped by the case their thread had when they arrived. "Start over" archives a
case and opens a new one in the same thread (bots.case_store): later events belong to the new
case, and the reply to the restart itself is filed under the new case, the one it speaks for.

Eager mode (no broker): tasks run in-process. Requests from Slack and Telegram must be answered
within seconds, so the HTTP views collect the tasks they start (``bots.inbox.deferred()``) and
run them after the response has gone out (``bots.inbox.respond_then_process``).

The conversation service is injected (``serve_with``, called by ``BotsConfig.ready``), and
the adapters are found in the registry (``bots.channels.base``): this module imports neither.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from contextlib import AbstractContextManager
from dataclasses import dataclass
from typing import Any, Protocol

from celery import current_app
from django.conf import settings
from django.db import OperationalError, connection, transaction
from django.db.models import F
from django.utils import timezone

from bots.case_lock import CaseBusy as CaseBusy  # raised by case_lock; bots.tasks retries it
from bots.case_lock import Held, local_lock, redis_lock
from bots.case_store import CaseStore
from bots.channels.base import adapter_for
from bots.messages import Inbound, Reply
from bots.models import (
    Case,
    EventStatus,
    InboundEvent,
    OutboundMessage,
    OutboundStatus,
)
from bots.outbound import deliver, send_claimed
from bots.search_outage import retry_later
from bots.takeover import is_silent
from knowledge.search.base import BackendUnavailable

logger = logging.getLogger(__name__)

APOLOGY = (
    "Sorry, something went wrong on my side while reading that. "
    "Your message is saved and a person will look at it."
)


class Service(Protocol):
    """What the runtime asks for the one reply to one message (``bots.service``)."""

    def handle(self, inbound: Inbound, *, store: CaseStore | None = None) -> Reply: ...


_service: list[Callable[[], Service]] = []


def serve_with(service: Callable[[], Service]) -> None:
    """Make ``service()`` the conversation service every event is handled by."""
    _service[:] = [service]


def is_eager() -> bool:
    """Celery runs tasks in-process (no broker): the embedded profile and the tests."""
    return bool(current_app.conf.task_always_eager)


# -- processing ------------------------------------------------------------------------------


def process(event_pk: int, case_id: int | None = None) -> None:
    """Handle ``event_pk`` and every earlier unprocessed event of its case, in order, and send
    their replies. Raises ``bots.outbound.RetryLater`` when a send must be retried, and
    ``CaseBusy`` when another worker holds the case. ``case_id`` (the event's case, known
    when it was queued) saves looking it up."""
    if case_id is None:
        row = InboundEvent.objects.filter(pk=event_pk).values_list("case_id", flat=True)[:1]
        found = list(row)
        if not found:
            logger.warning("event %s vanished before processing", event_pk)
            return
        case_id = found[0]
        if case_id is None:
            logger.error("event %s has no case; nothing to do", event_pk)
            return
    with case_lock(case_id) as held:
        # Replies still owed (a send that failed transiently, an operator's message) go first.
        for outbound_id in pending_outbound(case_id):
            held.check()
            deliver(outbound_id)
        # Every waiting event at once, oldest first; one claimed by someone else meanwhile is
        # skipped by handle()'s claim.
        waiting = InboundEvent.objects.filter(
            case_id=case_id, status=EventStatus.RECEIVED, pk__lte=event_pk
        ).order_by("pk")
        for event in waiting:
            reply = handle_event(event)
            if reply is None:
                continue
            try:
                held.check()
                send_claimed(reply)
            finally:
                # After the reply, not before: the user waits for the answer, not for the old
                # message's buttons to go.
                acknowledge(event)


def pending_outbound(case_id: int, up_to: int | None = None) -> list[int]:
    """Ids of the case's messages not yet sent, oldest first (optionally up to ``up_to``)."""
    pending = OutboundMessage.objects.filter(case_id=case_id, status=OutboundStatus.PENDING)
    if up_to is not None:
        pending = pending.filter(pk__lte=up_to)
    return list(pending.order_by("pk").values_list("pk", flat=True))


def handle_event(event: InboundEvent) -> OutboundMessage | None:
    """Claim ``event`` (read while RECEIVED), run the conversation service on it and store its
    reply, claimed for its first send (``bots.outbound.send_claimed``); None when another
    worker claimed the event first."""
    try:
        with transaction.atomic():
            claimed = InboundEvent.objects.filter(pk=event.pk, status=EventStatus.RECEIVED).update(
                status=EventStatus.PROCESSED,
                processed_at=timezone.now(),
                attempts=F("attempts") + 1,
            )
            if not claimed:
                return None
            # The claim succeeded, so the row read before it is the one claimed (an event's
            # payload never changes). The service finds and locks the case row itself.
            inbound = Inbound.from_payload(event.payload)
            answered = _reply_for(inbound, _case_of(event, inbound, event.case_id))
            if is_silent(answered.payload):
                return None  # a person has the case: the message waits for them, unanswered
            # A restart archives the thread's case and opens a new one: the reply belongs to
            # the case the service answered in.
            case = _case_of(event, inbound, answered.case_id or event.case_id)
            outbound = OutboundMessage(
                case=case,
                in_reply_to=event,
                turn_id=answered.turn_id,
                channel=event.channel,
                payload=answered.payload,
                # Counted as its first attempt now, in the turn's transaction; the send follows
                # at once (send_claimed), without reading the row back.
                attempts=1,
            )
            outbound.save(force_insert=True)
            return outbound
    except BackendUnavailable as exc:
        return _stored(retry_later(event.pk, exc, fail=_fail))
    except OperationalError as exc:
        if _database_busy(exc):
            # SQLite's write lock is another turn's (a transaction holds it until it commits):
            # nothing is wrong with this message. The turn rolled back and the event is still
            # RECEIVED: try it again shortly (bots.tasks) instead of apologising for it, which
            # would need the same lock and fail too, leaving it to the sweep a minute later.
            raise CaseBusy(f"event {event.pk}: the database is busy ({exc})") from exc
        logger.exception("processing %s failed", event.pk)
        return _stored(_fail(event.pk, exc))
    except Exception as exc:
        # The service failed (a bug, a pack that does not load): the transaction rolled back,
        # so record the failure on its own and still answer, once.
        logger.exception("processing %s failed", event.pk)
        return _stored(_fail(event.pk, exc))


def _database_busy(exc: OperationalError) -> bool:
    """SQLite's "database is locked" (its busy timeout ran out behind another writer)."""
    return connection.vendor == "sqlite" and "locked" in str(exc).lower()


def _case_of(event: InboundEvent, inbound: Inbound, case_id: int | None) -> Case:
    """The case a reply goes to, as far as a sender needs it: its id and thread. The thread is
    the event's, since the service finds (or opens) the case by it; nothing is read back."""
    return Case(pk=case_id, channel=event.channel, external_thread_id=inbound.thread_id)


def _stored(outbound_id: int | None) -> OutboundMessage | None:
    """A reply stored by a fallback path, claimed for its first send like a normal one."""
    if outbound_id is None:
        return None
    with transaction.atomic():
        outbound = (
            OutboundMessage.objects.select_for_update()
            .select_related("case", "in_reply_to")
            .get(pk=outbound_id)
        )
        if outbound.status != OutboundStatus.PENDING:
            return None
        outbound.attempts += 1
        outbound.save(update_fields=["attempts"])
    return outbound


def _fail(event_pk: int, exc: Exception) -> int | None:
    with transaction.atomic():
        claimed = InboundEvent.objects.filter(pk=event_pk, status=EventStatus.RECEIVED).update(
            status=EventStatus.FAILED,
            processed_at=timezone.now(),
            attempts=F("attempts") + 1,
            error=f"{type(exc).__name__}: {exc}"[:5000],
        )
        if not claimed:
            return None
        event = InboundEvent.objects.get(pk=event_pk)
        outbound = OutboundMessage.objects.create(
            case_id=event.case_id,
            in_reply_to=event,
            channel=event.channel,
            payload={"role": "bot", "parts": [APOLOGY], "buttons": [], "kind": "error"},
        )
        return outbound.pk


def acknowledge(event: InboundEvent) -> None:
    """Best effort: take the buttons off the message a button press came from."""
    inbound = Inbound.from_payload(event.payload)
    if not inbound.button:
        return
    try:
        adapter_for(inbound.channel).acknowledge(inbound)
    except Exception:
        logger.warning(
            "could not acknowledge %s button press %s", inbound.channel, event.pk, exc_info=True
        )


# -- the case lock ---------------------------------------------------------------------------


def redis_url() -> str:
    broker = str(getattr(settings, "CELERY_BROKER_URL", "") or "")
    if broker.startswith(("redis://", "rediss://")):
        return broker
    return str(getattr(settings, "REDIS_URL", "") or "")


def case_lock(case_id: int) -> AbstractContextManager[Held]:
    """The case's lock (``bots.case_lock``): in Redis with a broker, in-process when eager."""
    url = "" if is_eager() else redis_url()
    if url:
        return redis_lock(case_id, url)
    return local_lock(case_id)


# -- the conversation service ----------------------------------------------------------------


@dataclass(frozen=True)
class Answered:
    """The service's reply as stored: the OutboundMessage payload, the bot's turn, the case."""

    payload: dict[str, Any]
    turn_id: int | None = None
    case_id: int | None = None


def _reply_for(inbound: Inbound, case: Case) -> Answered:
    """Ask the conversation service for the one reply to one message."""
    if not _service:
        raise RuntimeError("no conversation service: bots.runtime.serve_with() was not called")
    # The event's claim and the turn commit or roll back together (handle_event).
    reply = _service[0]().handle(inbound, store=CaseStore(savepoint=False))
    return Answered(reply_payload(reply), reply.turn_id, reply.case_id)


def reply_payload(reply: Reply) -> dict[str, Any]:
    """A service Reply as the channel-neutral OutboundMessage payload (see bots.channels)."""
    return {"role": "bot", **reply.to_dict()}
