"""The beat sweeper: events and replies a lost broker message stranded are queued again."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from django.utils import timezone

from console.observability.tasks import CASE_LOCK_KEY, _claim, redispatch_stalled
from ops.loadtest.redis_server import TempRedis, missing_reason


def stranded_web_event(event_id: str, age_s: float, pack: str) -> Any:
    """An inbound web chat message stored but never queued (as when Redis was down)."""
    from bots import inbox
    from bots.messages import Inbound
    from bots.models import InboundEvent

    received = Inbound(channel="web", event_id=event_id, thread_id="t" * 24,
                       text="my laptop won't connect to wifi", pack=pack)
    event = InboundEvent.objects.create(channel="web", event_id=event_id,
                                        case=inbox.case_for(received),
                                        payload={"received": received.to_dict(), "raw": {}})
    InboundEvent.objects.filter(pk=event.pk).update(
        received_at=timezone.now() - timedelta(seconds=age_s))
    return event


def test_a_stranded_event_is_processed_and_a_fresh_one_left_alone(
    it_pack: str, settings: Any
) -> None:
    from bots.models import EventStatus, InboundEvent, OutboundMessage, OutboundStatus

    settings.STALLED_AFTER_S = 60
    fresh = stranded_web_event("w-fresh", age_s=5, pack=it_pack)
    assert redispatch_stalled() == {"event": 0, "outbound": 0, "skipped_locked": 0}
    assert InboundEvent.objects.get(pk=fresh.pk).status == EventStatus.RECEIVED

    old = stranded_web_event("w-old", age_s=120, pack=it_pack)
    counts = redispatch_stalled()  # eager here: the re-queued task runs at once
    assert counts["event"] == 1
    # The case's task handles every waiting event in order, the fresh one included.
    for event in (fresh, old):
        assert InboundEvent.objects.get(pk=event.pk).status == EventStatus.PROCESSED
    replies = OutboundMessage.objects.filter(in_reply_to__in=[fresh.pk, old.pk])
    assert sorted(replies.values_list("status", flat=True)) == [OutboundStatus.SENT] * 2
    assert redispatch_stalled()["event"] == 0  # nothing left to do


@pytest.fixture
def redis_client(tmp_path: Path) -> Iterator[Any]:
    reason = missing_reason()
    if reason:
        pytest.skip(reason)
    import os

    import redis

    server = TempRedis(tmp_path / "redis", dict(os.environ), persistent=False).start()
    client = redis.Redis.from_url(server.url)
    try:
        yield client
    finally:
        client.close()
        server.stop()


@pytest.mark.redis
def test_claims_skip_busy_cases_and_recent_requeues(redis_client: Any) -> None:
    client = redis_client
    assert _claim(client, "event", 11, case_id=3, age=60) == "go"
    # Queued once: not again until STALLED_AFTER_S has passed.
    assert _claim(client, "event", 11, case_id=3, age=60) == "recent"
    assert 0 < client.ttl("askfew:redispatched:event:11") <= 60
    # A case someone holds (bots.runtime.case_lock) is left to its holder.
    client.set(CASE_LOCK_KEY.format(case_id=4), "token", ex=30)
    assert _claim(client, "event", 12, case_id=4, age=60) == "locked"
    assert _claim(client, "outbound", 12, case_id=5, age=60) == "go"
