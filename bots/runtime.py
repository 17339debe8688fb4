"""The conversation runtime: store what arrived, process each case's events in order, reply once.

Flow (design section 7)::

    channel adapter --verify--> accept(): InboundEvent row (unique per (channel, event id))
                                 |  duplicate -> dropped here, by the unique constraint
                                 v
    bots.tasks.process_event(id) --> process(): under the case's lock, deliver any reply still
                                 pending, then handle every RECEIVED event of the case up to
                                 this one, oldest first: ConversationService.handle() -> Reply
                                 -> OutboundMessage (PENDING, in the same transaction as the
                                 turn) -> bots.outbound.deliver() -> SENT with the platform id

Per-case ordering: a task handles the oldest unprocessed events of its case first, so whichever
task runs first, events are handled in arrival (primary key) order, and a later task finds the
earlier events done. The case lock that keeps two workers from interleaving is

- a Redis lock (``redis.lock``, ``askfew:case:<id>``) when a Redis broker is configured:
  it spans handling and sending, so replies also leave in order across workers;
- a process-local lock otherwise (eager mode runs every task in the web process).

Under either, handling one event is one database transaction that first claims the event
(``UPDATE ... WHERE status='received'``) and locks the case row (``select_for_update``); on
PostgreSQL the row lock, on SQLite the database write lock, make a second handler of the same
case wait, and the claim makes it skip an event someone else handled. So the locks are for
order; the transaction alone already guarantees an event is handled once.

Events are grouped by the case their thread had when they arrived. "Start over" archives a
case and opens a new one in the same thread (bots.case_store): later events belong to the new
case, and the reply to the restart itself is filed under the new case, the one it speaks for.

Eager mode (no broker): tasks run in-process. Requests from Slack and Telegram must be answered
within seconds, so the HTTP views collect the tasks they start (``deferred()``) and run them
after the response has gone out (``respond_then_process``).
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import asdict, dataclass, field
from typing import Any

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import F
from django.http import HttpResponse
from django.utils import timezone

from bots.models import (
    Case,
    EventStatus,
    InboundEvent,
    OutboundMessage,
    OutboundStatus,
)

logger = logging.getLogger(__name__)

LOCK_TIMEOUT_S = 120  # a lock outlives a crashed holder by at most this long
LOCK_WAIT_S = 30  # how long a task waits for a busy case before it retries later
APOLOGY = (
    "Sorry, something went wrong on my side while reading that. "
    "Your message is saved and a person will look at it."
)


@dataclass(frozen=True)
class Received:
    """One verified inbound message, channel-neutral: what an adapter hands the runtime.

    ``event_id`` is the platform's id for de-duplication; ``thread_id`` identifies the case
    (``Case.external_thread_id``); ``button`` is a pressed button's payload (``text`` its
    label); ``meta`` holds what the channel needs afterwards (which message to take the
    buttons off); ``pack`` is a pack chosen up front (web chat), empty to let the service
    route the complaint.
    """

    channel: str
    event_id: str
    thread_id: str
    text: str = ""
    button: str = ""
    user_id: str = ""
    user_display: str = ""
    pack: str = ""
    meta: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if not self.event_id:
            raise ValueError(f"{self.channel} event without an event id")
        if not self.thread_id:
            raise ValueError(f"{self.channel} event {self.event_id} without a thread id")
        if len(self.event_id) > 200 or len(self.thread_id) > 200:
            raise ValueError(f"{self.channel} event id or thread id longer than 200 characters")

    @classmethod
    def from_payload(cls, payload: dict[str, Any]) -> Received:
        return cls(**payload["received"])


# -- accepting -------------------------------------------------------------------------------


def accept(received: Received, raw: dict[str, Any] | None = None) -> InboundEvent | None:
    """Store an inbound event and start its processing; None when it is a duplicate."""
    case = case_for(received)
    try:
        with transaction.atomic():
            event = InboundEvent.objects.create(
                channel=received.channel,
                event_id=received.event_id,
                case=case,
                payload={"received": asdict(received), "raw": raw or {}},
            )
    except IntegrityError:
        logger.info("duplicate %s event %s dropped", received.channel, received.event_id)
        return None
    dispatch(event.pk)
    return event


def case_for(received: Received) -> Case:
    """The case of the thread, created on its first message (the service fills it in: the
    pack, chosen or routed, is its decision)."""
    case, _ = Case.objects.get_or_create(
        channel=received.channel,
        external_thread_id=received.thread_id,
        defaults={
            "external_user_id": received.user_id[:200],
            "user_display": received.user_display[:200],
        },
    )
    return case


# -- dispatching -----------------------------------------------------------------------------

_deferred: ContextVar[list[int] | None] = ContextVar("askfew_deferred_events", default=None)


def is_eager() -> bool:
    from bots.tasks import process_event

    return bool(process_event.app.conf.task_always_eager)


def dispatch(event_pk: int) -> None:
    """Hand an event to ``bots.tasks.process_event``: queued after commit with a broker; in
    eager mode run now, or after the HTTP response when the caller collects ``deferred()``."""
    from bots.tasks import process_event

    if is_eager():
        pending = _deferred.get()
        if pending is not None:
            pending.append(event_pk)
        else:
            process_event.delay(event_pk)
        return
    # The worker must see the row: enqueue only once the transaction that stored it commits.
    transaction.on_commit(lambda: process_event.delay(event_pk))


@contextmanager
def deferred() -> Iterator[list[int]]:
    """Collect the event ids that eager dispatch would run now; the caller runs them later."""
    pending: list[int] = []
    token = _deferred.set(pending)
    try:
        yield pending
    finally:
        _deferred.reset(token)


def run_now(event_pks: list[int]) -> None:
    from bots.tasks import process_event

    for pk in event_pks:
        process_event.delay(pk)


class _ThenProcess(HttpResponse):
    """A response that runs the collected tasks once the server has sent it (``close()`` is
    called by the WSGI server after the body is written, and by Django's test client)."""

    def __init__(self, response: HttpResponse, work: Callable[[], None]) -> None:
        super().__init__(content=response.content, status=response.status_code)
        for name, value in response.items():
            self[name] = value
        self._work = work

    def close(self) -> None:
        try:
            super().close()
        finally:
            work, self._work = self._work, lambda: None
            work()


def respond_then_process(response: HttpResponse, pending: list[int]) -> HttpResponse:
    if not pending:
        return response
    return _ThenProcess(response, lambda: run_now(pending))


# -- processing ------------------------------------------------------------------------------


def process(event_pk: int) -> None:
    """Handle ``event_pk`` and every earlier unprocessed event of its case, in order, and send
    their replies. Raises ``bots.outbound.RetryLater`` when a send must be retried."""
    from bots.outbound import deliver

    event = InboundEvent.objects.filter(pk=event_pk).only("pk", "case_id").first()
    if event is None:
        logger.warning("event %s vanished before processing", event_pk)
        return
    if event.case_id is None:
        logger.error("event %s has no case; nothing to do", event_pk)
        return
    with case_lock(event.case_id):
        # Replies still owed (a send that failed transiently, an operator's message) go first.
        for outbound_id in pending_outbound(event.case_id):
            deliver(outbound_id)
        while True:
            nxt = (
                InboundEvent.objects.filter(
                    case_id=event.case_id, status=EventStatus.RECEIVED, pk__lte=event_pk
                )
                .order_by("pk")
                .first()
            )
            if nxt is None:
                return
            outbound_id = handle(nxt.pk)
            if outbound_id is None:
                continue
            acknowledge(nxt)
            deliver(outbound_id)


def pending_outbound(case_id: int, up_to: int | None = None) -> list[int]:
    """Ids of the case's messages not yet sent, oldest first (optionally up to ``up_to``)."""
    pending = OutboundMessage.objects.filter(case_id=case_id, status=OutboundStatus.PENDING)
    if up_to is not None:
        pending = pending.filter(pk__lte=up_to)
    return list(pending.order_by("pk").values_list("pk", flat=True))


def handle(event_pk: int) -> int | None:
    """Run the conversation service on one event and store its reply; the reply's id, or None
    when another worker claimed the event first."""
    try:
        with transaction.atomic():
            claimed = InboundEvent.objects.filter(pk=event_pk, status=EventStatus.RECEIVED).update(
                status=EventStatus.PROCESSED,
                processed_at=timezone.now(),
                attempts=F("attempts") + 1,
            )
            if not claimed:
                return None
            event = InboundEvent.objects.get(pk=event_pk)
            case = Case.objects.select_for_update().get(pk=event.case_id)
            answered = converse(event, case)
            outbound = OutboundMessage.objects.create(
                # A restart archives the thread's case and opens a new one: the reply belongs
                # to the case the service answered in.
                case_id=answered.case_id or case.pk,
                in_reply_to=event,
                turn_id=answered.turn_id,
                channel=event.channel,
                payload=answered.payload,
            )
            return outbound.pk
    except Exception as exc:
        # The service failed (a bug, a pack that does not load): the transaction rolled back,
        # so record the failure on its own and still answer, once.
        logger.exception("processing %s failed", event_pk)
        return _fail(event_pk, exc)


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


def converse(event: InboundEvent, case: Case) -> Answered:
    """The service's reply to one stored event."""
    return _reply_for(Received.from_payload(event.payload), case)


def acknowledge(event: InboundEvent) -> None:
    """Best effort: take the buttons off the message a button press came from."""
    received = Received.from_payload(event.payload)
    if not received.button:
        return
    from bots.channels import acknowledger_for

    try:
        acknowledger_for(received.channel)(received)
    except Exception:
        logger.warning(
            "could not acknowledge %s button press %s", received.channel, event.pk, exc_info=True
        )


# -- the case lock ---------------------------------------------------------------------------

_local_locks: dict[int, threading.Lock] = {}
_local_locks_guard = threading.Lock()


class CaseBusy(Exception):
    """Another worker held the case for longer than we wait; retry the task later."""

    delay_s = 2.0


def redis_url() -> str:
    broker = str(getattr(settings, "CELERY_BROKER_URL", "") or "")
    if broker.startswith(("redis://", "rediss://")):
        return broker
    return str(getattr(settings, "REDIS_URL", "") or "")


@contextmanager
def case_lock(case_id: int) -> Iterator[None]:
    url = "" if is_eager() else redis_url()
    if url:
        import redis

        client = redis.Redis.from_url(url)
        lock = client.lock(
            f"askfew:case:{case_id}", timeout=LOCK_TIMEOUT_S, blocking_timeout=LOCK_WAIT_S
        )
        if not lock.acquire():
            raise CaseBusy(f"case {case_id} is busy")
        try:
            yield
        finally:
            try:
                lock.release()
            except redis.exceptions.LockError:
                logger.warning("case %s lock expired before release", case_id)
            client.close()
        return
    with _local_locks_guard:
        local = _local_locks.setdefault(case_id, threading.Lock())
    if not local.acquire(timeout=LOCK_WAIT_S):
        raise CaseBusy(f"case {case_id} is busy")
    try:
        yield
    finally:
        local.release()


# -- the conversation service ----------------------------------------------------------------


@dataclass(frozen=True)
class Answered:
    """The service's reply as stored: the OutboundMessage payload, the bot's turn, the case."""

    payload: dict[str, Any]
    turn_id: int | None = None
    case_id: int | None = None


def _reply_for(received: Received, case: Case) -> Answered:
    """Ask the conversation service (bots.service) for the one reply to one message."""
    from bots.messages import MAX_TEXT, Inbound
    from bots.service import ConversationService

    inbound = Inbound(
        channel=received.channel,
        thread_id=received.thread_id,
        text=received.text[:MAX_TEXT],
        button=received.button or None,
        user_id=received.user_id,
        user_display=received.user_display,
        event_id=received.event_id,
        pack=received.pack or None,
    )
    reply = ConversationService().handle(inbound)
    return Answered(reply_payload(reply), reply.turn_id, reply.case_id)


def reply_payload(reply: Any) -> dict[str, Any]:
    """A service Reply as the channel-neutral OutboundMessage payload (see bots.channels)."""
    return {"role": "bot", **reply.to_dict()}
