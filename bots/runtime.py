"""The conversation runtime: store what arrived, process each case's events in order, reply once.

Flow (design section 7)::

    channel adapter --verify--> accept(): InboundEvent row (unique per (channel, event id))
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
within seconds, so the HTTP views collect the tasks they start (``deferred()``) and run them
after the response has gone out (``respond_then_process``).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field, fields
from typing import Any

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import F
from django.http import HttpResponse
from django.utils import timezone

from bots.case_lock import CaseBusy as CaseBusy  # raised by case_lock; bots.tasks retries it
from bots.case_lock import Held, local_lock, redis_lock
from bots.models import (
    Case,
    EventStatus,
    InboundEvent,
    OutboundMessage,
    OutboundStatus,
)
from bots.takeover import is_silent
from knowledge.search.base import BackendUnavailable

logger = logging.getLogger(__name__)

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

    def as_payload(self) -> dict[str, Any]:
        """The fields as a dict for the event's JSON payload: shallow, unlike ``asdict``'s
        recursive copy of ``meta`` (a button press's message blocks), since it is serialized
        at once."""
        return {f.name: getattr(self, f.name) for f in fields(self)}

    @classmethod
    def from_payload(cls, payload: dict[str, Any]) -> Received:
        return cls(**payload["received"])


# -- accepting -------------------------------------------------------------------------------


def accept(received: Received, raw: dict[str, Any] | None = None) -> InboundEvent | None:
    """Store an inbound event and start its processing; None when it is a duplicate."""
    from bots.config import max_message_chars
    from bots.messages import storable

    received, raw = storable(received, raw, max_message_chars())
    case = case_for(received)
    try:
        with transaction.atomic():
            event = InboundEvent.objects.create(
                channel=received.channel,
                event_id=received.event_id,
                case=case,
                payload={"received": received.as_payload(), "raw": raw},
            )
    except IntegrityError:
        logger.info("duplicate %s event %s dropped", received.channel, received.event_id)
        return None
    dispatch(event.pk, case.pk)
    return event


def case_for(received: Received) -> Case:
    """The case of the thread, created on its first message (the service fills it in: the
    pack, chosen or routed, is its decision). Only its id is read: the webhook needs no
    more, and the dialogue state is the largest (encrypted) column of the row."""
    case, _ = Case.objects.only("id", "channel", "external_thread_id").get_or_create(
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


def dispatch(event_pk: int, case_id: int | None = None) -> None:
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
    transaction.on_commit(lambda: process_event.delay(event_pk, case_id))


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


def process(event_pk: int, case_id: int | None = None) -> None:
    """Handle ``event_pk`` and every earlier unprocessed event of its case, in order, and send
    their replies. Raises ``bots.outbound.RetryLater`` when a send must be retried, and
    ``CaseBusy`` when another worker holds the case. ``case_id`` (the event's case, known
    when it was queued) saves looking it up."""
    from bots.outbound import deliver, send_claimed

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


def handle(event_pk: int) -> int | None:
    """Run the conversation service on one stored event and store its reply (unsent); the
    reply's id, or None when the event was handled already."""
    event = InboundEvent.objects.filter(pk=event_pk, status=EventStatus.RECEIVED).first()
    if event is None:
        return None
    reply = handle_event(event)
    return reply.pk if reply is not None else None


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
            received = Received.from_payload(event.payload)
            answered = _reply_for(received, _case_of(event, received, event.case_id))
            if is_silent(answered.payload):
                return None  # a person has the case: the message waits for them, unanswered
            # A restart archives the thread's case and opens a new one: the reply belongs to
            # the case the service answered in.
            case = _case_of(event, received, answered.case_id or event.case_id)
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
        from bots.search_outage import retry_later

        return _stored(retry_later(event.pk, exc, fail=_fail))
    except Exception as exc:
        # The service failed (a bug, a pack that does not load): the transaction rolled back,
        # so record the failure on its own and still answer, once.
        logger.exception("processing %s failed", event.pk)
        return _stored(_fail(event.pk, exc))


def _case_of(event: InboundEvent, received: Received, case_id: int | None) -> Case:
    """The case a reply goes to, as far as a sender needs it: its id and thread. The thread is
    the event's, since the service finds (or opens) the case by it; nothing is read back."""
    return Case(pk=case_id, channel=event.channel, external_thread_id=received.thread_id)


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


def converse(event: InboundEvent) -> Answered:
    """The service's reply to one stored event."""
    received = Received.from_payload(event.payload)
    return _reply_for(received, _case_of(event, received, event.case_id))


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


def _reply_for(received: Received, case: Case) -> Answered:
    """Ask the conversation service (bots.service) for the one reply to one message."""
    from bots.case_store import CaseStore
    from bots.messages import MAX_TEXT, Inbound
    from bots.service import worker_service

    too_long = bool(received.meta.get("truncated_from")) or len(received.text) > MAX_TEXT
    empty = not received.text.strip() and not received.button
    inbound = Inbound(
        channel=received.channel,
        thread_id=received.thread_id,
        text=received.text[:MAX_TEXT],
        button=received.button or None,
        user_id=received.user_id,
        user_display=received.user_display,
        event_id=received.event_id,
        pack=received.pack or None,
        unreadable="too_long" if too_long else "empty" if empty else "",
    )
    # The event's claim and the turn commit or roll back together (handle_event).
    reply = worker_service().handle(inbound, store=CaseStore(savepoint=False))
    return Answered(reply_payload(reply), reply.turn_id, reply.case_id)


def reply_payload(reply: Any) -> dict[str, Any]:
    """A service Reply as the channel-neutral OutboundMessage payload (see bots.channels)."""
    return {"role": "bot", **reply.to_dict()}
