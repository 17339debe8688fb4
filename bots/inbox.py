"""The way in: what the channel adapters hand a message to (``bots.channels.base.Inbox``).

``accept`` applies the rate limits (``bots.ratelimit``), the message rules
(``bots.messages.admitted``: cleaned, cut, marked unreadable), stores the message as an
``InboundEvent`` (unique per channel and event id, so a redelivery is dropped here) and hands
it to ``bots.tasks.process_event``: queued after commit with a broker; in eager mode run now,
or after the HTTP response when the view collects ``deferred()`` (Slack and Telegram must be
answered within seconds). Under ``manage.py serve`` (``run_deferred_in_background``) that
work goes to a few threads of its own: run in the connection's thread, a turn whose send hangs
(the platform down) would hold up the next webhook the platform sends on that kept-alive
connection for the send's whole timeout. The processing itself is ``bots.runtime``'s.

The bots app connects this module to the adapters (``BotsConfig.ready``); the adapters never
import it.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Iterator, Mapping
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from django.db import IntegrityError, close_old_connections, transaction
from django.http import HttpResponse

from bots import ratelimit
from bots.messages import Inbound, admitted, admitted_raw
from bots.models import Case, InboundEvent, OutboundMessage
from bots.runtime import is_eager
from bots.tasks import process_event, send_outbound

logger = logging.getLogger(__name__)


def accept(
    inbound: Inbound, raw: Mapping[str, Any] | None = None, *, limit: bool = True
) -> InboundEvent | None:
    """Store an inbound message and start its processing; None when it is a duplicate, or
    over a rate limit (then dropped and, once per window, the user told to slow down).
    ``limit=False``: the caller applied the limits itself (the web chat answers 429, a
    Slack command acks with the notice)."""
    if not inbound.event_id:
        raise ValueError(f"{inbound.channel} message without an event id cannot be stored")
    if limit:
        decision = ratelimit.verdict(inbound)
        if not decision.allowed:
            if decision.notify:
                notify_slow_down(inbound)
            return None
    inbound = admitted(inbound)
    case = case_for(inbound)
    try:
        with transaction.atomic():
            event = InboundEvent.objects.create(
                channel=inbound.channel,
                event_id=inbound.event_id,
                case=case,
                payload={"received": inbound.to_dict(), "raw": admitted_raw(raw)},
            )
    except IntegrityError:
        logger.info("duplicate %s event %s dropped", inbound.channel, inbound.event_id)
        return None
    dispatch(event.pk, case.pk)
    return event


def case_for(inbound: Inbound) -> Case:
    """The case of the thread, created on its first message (the service fills it in: the
    pack, chosen or routed, is its decision). Only its id is read: the webhook needs no
    more, and the dialogue state is the largest (encrypted) column of the row."""
    case, _ = Case.objects.only("id", "channel", "external_thread_id").get_or_create(
        channel=inbound.channel,
        external_thread_id=inbound.thread_id,
        defaults={
            "external_user_id": inbound.user_id[:200],
            "user_display": inbound.user_display[:200],
        },
    )
    return case


def notify_slow_down(inbound: Inbound) -> int:
    """Store the "slow down" reply on the sender's case and send it like any other reply."""
    case = case_for(inbound)
    outbound = OutboundMessage.objects.create(
        case=case,
        channel=inbound.channel,
        payload={
            "role": "bot",
            "parts": [ratelimit.SLOW_DOWN],
            "buttons": [],
            "kind": ratelimit.NOTICE_KIND,
        },
    )
    if not is_eager():
        # The worker must see the row: queue only once the transaction that stored it commits.
        transaction.on_commit(lambda: send_outbound.delay(outbound.pk))
        return outbound.pk
    try:
        send_outbound.delay(outbound.pk)  # eager: sent now, in this process
    except Exception:
        # The notice is a courtesy: failing to send it must not fail the webhook's answer.
        logger.warning("could not send the rate-limit notice %s", outbound.pk, exc_info=True)
    return outbound.pk


# -- dispatching -----------------------------------------------------------------------------

_deferred: ContextVar[list[int] | None] = ContextVar("askfew_deferred_events", default=None)


def dispatch(event_pk: int, case_id: int | None = None) -> None:
    """Hand an event to ``bots.tasks.process_event``: queued after commit with a broker; in
    eager mode run now, or after the HTTP response when the caller collects ``deferred()``."""
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
    for pk in event_pks:
        process_event.delay(pk)


_background: ThreadPoolExecutor | None = None
_background_lock = threading.Lock()
BACKGROUND_THREADS = 4


def run_deferred_in_background() -> None:
    """From now on, work collected by ``deferred()`` runs in this process's own threads after
    the response, not in the server's thread for the connection (``manage.py serve``)."""
    global _background
    with _background_lock:
        if _background is None:
            _background = ThreadPoolExecutor(BACKGROUND_THREADS, thread_name_prefix="askfew-turn")


def _in_background(work: Callable[[], None]) -> None:
    try:
        work()
    except Exception:  # the event stays RECEIVED / the reply PENDING: the sweeper has it
        logger.exception("deferred processing failed")
    finally:
        close_old_connections()


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
            if _background is not None:
                _background.submit(_in_background, work)
            else:
                work()


def respond_then_process(response: HttpResponse, pending: list[int]) -> HttpResponse:
    if not pending:
        return response
    return _ThenProcess(response, lambda: run_now(pending))
