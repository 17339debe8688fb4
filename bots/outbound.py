"""Delivering stored replies: one send per OutboundMessage, retried with backoff, never twice.

Every reply is stored (``OutboundMessage``, PENDING) in the same transaction that records the
turn, and only then sent. ``deliver`` sends a PENDING message and marks it SENT with the
platform's message id; a SENT message is never sent again, so a retried task, a redelivered
Celery message or a second worker cannot produce a second reply.

The one window bookkeeping alone cannot close: a process that dies after the platform
accepted the message but before ``mark SENT`` committed. Neither Slack's chat.postMessage nor
Telegram's sendMessage takes an idempotency key. Slack replies carry their outbound id in the
message metadata, and a second attempt first looks in the thread for it
(``bots.channels.slack.send``). The Bot API has no way to read a chat back, so a Telegram
retry in that window sends the message again; the window is kept as short as one write.

Channel API errors come in two kinds. ``TransientSendError`` (HTTP 429, 5xx, a network
failure) is retried: ``deliver`` raises ``RetryLater`` with the delay (the platform's
Retry-After when it gave one, else exponential backoff) and the caller (a Celery task)
schedules the retry. ``PermanentSendError`` (a bad channel, a blocked bot) and running out of
attempts mark the message FAILED, with the error, for operators to see.
"""

from __future__ import annotations

import logging
import time
from datetime import datetime, timedelta
from typing import Protocol

from django.db import InterfaceError, OperationalError, connection, transaction
from django.utils import timezone

# The send errors are the adapters' (bots.channels.base); kept importable from here.
from bots.channels.base import PermanentSendError as PermanentSendError
from bots.channels.base import SendError as SendError
from bots.channels.base import TransientSendError as TransientSendError
from bots.channels.base import adapter_for
from bots.models import OutboundMessage, OutboundStatus

logger = logging.getLogger(__name__)

# Backoff 2, 4, 8, ... s capped at 300 s: the tenth attempt comes about 13 minutes after the
# first, so a reply outlives a platform outage that long. With six, the last attempt came 62 s
# after the first and a 60-second outage of Slack or Telegram left replies FAILED.
MAX_ATTEMPTS = 10
# How long a sent reply waits for the database to come back to be marked SENT.
MARK_SENT_PATIENCE_S = 60.0
BACKOFF_BASE_S = 2.0
BACKOFF_CAP_S = 300.0
# Kept in the payload of a message waiting for a retry: no attempt before this time (ISO 8601).
RETRY_AT_KEY = "_retry_at"


class RetryLater(Exception):
    """A send failed transiently; try again after ``delay_s`` seconds."""

    def __init__(self, outbound_id: int, delay_s: float, cause: str) -> None:
        super().__init__(f"outbound {outbound_id}: retry in {delay_s:.1f}s ({cause})")
        self.outbound_id = outbound_id
        self.delay_s = delay_s
        self.cause = cause


class Sender(Protocol):
    """A channel's way to put one stored reply on the platform; returns the platform's id."""

    def __call__(self, outbound: OutboundMessage) -> str: ...


def backoff_s(attempt: int, retry_after: float | None = None) -> float:
    """Delay before attempt ``attempt + 1``: Retry-After when given, else 2, 4, 8, ... s."""
    if retry_after is not None and retry_after >= 0:
        return min(float(retry_after), BACKOFF_CAP_S)
    return min(BACKOFF_BASE_S * 2 ** max(0, attempt - 1), BACKOFF_CAP_S)


def sender_for(channel: str) -> Sender:
    """The registered adapter's ``send`` (``bots.channels.base``)."""
    return adapter_for(channel).send


def deliver(outbound_id: int) -> OutboundMessage:
    """Send one stored reply unless it was sent already. Raises ``RetryLater`` on a transient
    failure with attempts left; marks FAILED on a permanent one or when attempts run out."""
    with transaction.atomic():
        # Lock the row so two workers delivering the same message take turns, and the second
        # sees SENT. On SQLite the write below takes the database lock for the same effect.
        outbound = (
            OutboundMessage.objects.select_for_update().select_related("case").get(pk=outbound_id)
        )
        if outbound.status != OutboundStatus.PENDING:
            return outbound
        wait_s = _seconds_until_retry(outbound)
        if wait_s > 0:
            # Another task (a later event of the same case) got here before the backoff ran
            # out: keep the platform's Retry-After instead of spending an attempt.
            raise RetryLater(outbound.pk, wait_s, "waiting out the previous failure")
        outbound.attempts += 1
        outbound.save(update_fields=["attempts"])
    return send_claimed(outbound)


def send_claimed(outbound: OutboundMessage) -> OutboundMessage:
    """Send a PENDING reply whose attempt is already counted (``deliver`` counts it; the
    runtime stores a fresh reply with its first attempt counted, in the turn's transaction,
    and sends it without reading it back). The case lock keeps anyone else from sending it
    meanwhile. Raises ``RetryLater`` like ``deliver``."""
    try:
        external_id = sender_for(outbound.channel)(outbound)
    except TransientSendError as exc:
        if outbound.attempts >= MAX_ATTEMPTS:
            _mark_failed(outbound, f"gave up after {outbound.attempts} attempts: {exc}")
            return outbound
        delay_s = backoff_s(outbound.attempts, exc.retry_after)
        _record_error(outbound, str(exc), delay_s)
        raise RetryLater(outbound.pk, delay_s, str(exc)) from exc
    except PermanentSendError as exc:
        _mark_failed(outbound, str(exc))
        return outbound
    # The unavoidable window (module docstring) is between the send above and this update.
    outbound.status = OutboundStatus.SENT
    outbound.external_id = external_id[:200]
    outbound.sent_at = timezone.now()
    outbound.last_error = ""
    fields = ["status", "external_id", "sent_at", "last_error"]
    if outbound.payload.pop(RETRY_AT_KEY, None) is not None:
        fields.append("payload")  # rewritten (and re-encrypted) only when it changed
    _mark_sent(outbound, fields)
    return outbound


def _mark_sent(outbound: OutboundMessage, fields: list[str]) -> None:
    """Record a send the platform accepted, waiting out a database outage (up to
    ``MARK_SENT_PATIENCE_S``) rather than failing the task: a retried task would send the
    message again. The case lock, renewed meanwhile, keeps anyone else from sending it."""
    deadline = time.monotonic() + MARK_SENT_PATIENCE_S
    delay_s = 0.1
    while True:
        try:
            outbound.save(update_fields=fields)
            return
        except (OperationalError, InterfaceError) as exc:
            if connection.in_atomic_block or time.monotonic() + delay_s > deadline:
                raise
            logger.warning(
                "outbound %s was sent but could not be marked SENT (%s); retrying in %.1fs",
                outbound.pk,
                exc,
                delay_s,
            )
            connection.close()  # a broken connection is replaced on the next query
            time.sleep(delay_s)
            delay_s = min(delay_s * 2, 2.0)


def _seconds_until_retry(outbound: OutboundMessage) -> float:
    raw = outbound.payload.get(RETRY_AT_KEY)
    if not raw:
        return 0.0
    return max(0.0, (datetime.fromisoformat(str(raw)) - timezone.now()).total_seconds())


def _record_error(outbound: OutboundMessage, error: str, delay_s: float) -> None:
    outbound.last_error = error[:2000]
    retry_at = timezone.now() + timedelta(seconds=delay_s)
    outbound.payload[RETRY_AT_KEY] = retry_at.isoformat()
    outbound.save(update_fields=["last_error", "payload"])
    logger.warning(
        "send of outbound %s failed (attempt %s): %s", outbound.pk, outbound.attempts, error
    )


def _mark_failed(outbound: OutboundMessage, error: str) -> None:
    outbound.status = OutboundStatus.FAILED
    outbound.last_error = error[:2000]
    outbound.save(update_fields=["status", "last_error"])
    logger.error("outbound %s failed for good: %s", outbound.pk, error)
