"""A turn that needs the search index while it is down: a polite notice now, the turn later.

Every retrieval call of a turn is guarded (``bots.grounding``): routing runs on a local index,
"why?" falls back to the citation's quote, "how do I check that?" to the finding's own
``how_to_check`` text. Only a "how do I check that?" with no such text has nothing to say
without the index; ``bots.grounding`` then lets ``knowledge.search.BackendUnavailable`` through
and ``bots.runtime.handle_event`` hands it here. The turn's transaction has rolled back, so its
event is still RECEIVED and the case as it was.

The first time, the user is told the answer is coming (:data:`NOTICE`); :class:`SearchDown`
then makes ``bots.tasks`` retry the task after ``BOT_SEARCH_RETRY_S`` seconds, doubling each
time: with a worker as a Celery retry with that countdown, in eager mode by waiting in-process
(as for every transient failure there), so a web chat POST waits at most the sum of the delays
(2 + 4 + 8 s by default). When the ``BOT_SEARCH_RETRIES`` retries have failed too, the turn
fails like any other: the apology, and the event FAILED for a person to pick up. The notice is
not ``in_reply_to`` the event (the turn's one reply, which comes later, is).
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from django.db import transaction
from django.db.models import F

from bots.models import EventStatus, InboundEvent, OutboundMessage

logger = logging.getLogger(__name__)

NOTICE = "I can't look that up right now. I'll get back to you here in a moment."


class SearchDown(Exception):
    """Retry the task after ``delay_s`` seconds (``bots.tasks._with_retries``)."""

    def __init__(self, event_pk: int, delay_s: float, cause: str) -> None:
        super().__init__(f"event {event_pk}: search index down, retry in {delay_s:.1f}s ({cause})")
        self.delay_s = delay_s


def retry_later(
    event_pk: int, exc: Exception, *, fail: Callable[[int, Exception], int | None]
) -> int | None:
    """Record the try; notify the user on the first; raise SearchDown, or ``fail`` the turn
    (the runtime's apology) when the retries are spent."""
    from bots.config import search_retries, search_retry_s
    from bots.outbound import deliver

    tried = (
        InboundEvent.objects.filter(pk=event_pk, status=EventStatus.RECEIVED)
        .values_list("attempts", flat=True)
        .first()
    )
    if tried is None:
        return None  # another worker handled it meanwhile
    if tried >= search_retries():
        logger.error("event %s: search index still down after %s tries", event_pk, tried + 1)
        return fail(event_pk, exc)  # counts this try
    with transaction.atomic():
        InboundEvent.objects.filter(pk=event_pk, status=EventStatus.RECEIVED).update(
            attempts=F("attempts") + 1, error=f"search index down: {exc}"[:5000]
        )
        event = InboundEvent.objects.get(pk=event_pk)
    logger.warning("event %s: search index down (%s); the turn will be retried", event_pk, exc)
    if event.attempts == 1:
        # Not ``in_reply_to`` the event: that is the turn's one reply, still to come.
        notice = OutboundMessage.objects.create(
            case_id=event.case_id,
            channel=event.channel,
            payload={"role": "bot", "parts": [NOTICE], "buttons": [], "kind": "notice"},
        )
        deliver(notice.pk)
    raise SearchDown(event_pk, search_retry_s() * 2 ** (event.attempts - 1), str(exc))
