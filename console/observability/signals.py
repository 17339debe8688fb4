"""Metrics and structured log lines recorded from the runtime's own rows.

The runtime already stores everything worth counting: a bot ``Turn`` per reply (with the
action and the service's latency), an ``InboundEvent`` per message, an ``OutboundMessage``
whose status turns SENT or FAILED. Listening to their ``post_save`` keeps the runtime free of
metrics code, and recording ``on_commit`` means a rolled-back turn (a worker that died, a
database that went away mid-turn) is not counted: what is counted is what happened.

Log lines here carry ids, kinds and timings, never what anyone wrote.
"""

from __future__ import annotations

import logging
from typing import Any

from django.db import transaction
from django.db.models.signals import post_save

from console.observability import context, metrics

logger = logging.getLogger("askfew.runtime")

OUTCOMES = {"conclude", "abstain", "escalate", "handoff"}


def connect() -> None:
    from bots.models import InboundEvent, OutboundMessage, Turn

    post_save.connect(turn_saved, sender=Turn, dispatch_uid="observability-turn")
    post_save.connect(inbound_saved, sender=InboundEvent, dispatch_uid="observability-inbound")
    post_save.connect(outbound_saved, sender=OutboundMessage,
                      dispatch_uid="observability-outbound")


def turn_saved(sender: Any, instance: Any, created: bool, **kwargs: Any) -> None:
    from bots.models import Role

    if not created or instance.role != Role.BOT:
        return
    case = instance.case  # the service passes the case object: no query
    channel = str(case.channel)
    pack = str(case.pack or "none")
    action = str((instance.action or {}).get("type") or "none")
    latency_ms = instance.latency_ms
    fields = {"case_id": case.pk, "turn": instance.index, "channel": channel, "pack": pack,
              "action": action, "status": str(case.status)}
    if latency_ms is not None:
        fields["latency_ms"] = round(float(latency_ms), 1)

    def record() -> None:
        metrics.TURNS.labels(channel, pack, action).inc()
        if latency_ms is not None:
            metrics.DECISION_LATENCY.labels(channel).observe(float(latency_ms) / 1000.0)
        if action in OUTCOMES:
            metrics.OUTCOMES.labels(pack, action).inc()
        logger.info("turn", extra=fields)

    transaction.on_commit(record)


def inbound_saved(sender: Any, instance: Any, created: bool, **kwargs: Any) -> None:
    if not created:
        return
    context.bind(case_id=instance.case_id, event_id=instance.pk)
    channel = str(instance.channel)
    fields = {"case_id": instance.case_id, "event_id": instance.pk, "channel": channel}

    def record() -> None:
        metrics.INBOUND.labels(channel).inc()
        logger.info("inbound stored", extra=fields)

    transaction.on_commit(record)


def outbound_saved(sender: Any, instance: Any, created: bool, update_fields: Any = None,
                   **kwargs: Any) -> None:
    from bots.models import InboundEvent, OutboundStatus

    if created or not update_fields or "status" not in update_fields:
        return
    channel = str(instance.channel)
    fields: dict[str, Any] = {"case_id": instance.case_id, "outbound_id": instance.pk,
                              "channel": channel, "attempts": instance.attempts}
    if instance.status == OutboundStatus.SENT:
        seconds: float | None = None
        if instance.in_reply_to_id and instance.sent_at:
            # The runtime sends a fresh reply with its event in hand: no query then.
            received_at = (
                instance.in_reply_to.received_at
                if type(instance).in_reply_to.is_cached(instance)
                else InboundEvent.objects.filter(pk=instance.in_reply_to_id)
                .values_list("received_at", flat=True)
                .first()
            )
            if received_at is not None:
                seconds = max(0.0, (instance.sent_at - received_at).total_seconds())
                fields["end_to_end_ms"] = round(seconds * 1000.0, 1)

        def sent() -> None:
            metrics.REPLIES.labels(channel, "sent").inc()
            if seconds is not None:
                metrics.END_TO_END_LATENCY.labels(channel).observe(seconds)
            logger.info("reply sent", extra=fields)

        transaction.on_commit(sent)
    elif instance.status == OutboundStatus.FAILED:
        def failed() -> None:
            metrics.REPLIES.labels(channel, "failed").inc()
            logger.warning("reply failed for good", extra=fields)

        transaction.on_commit(failed)
