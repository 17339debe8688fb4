"""Nothing unanswered (issue 25), embedded profile: a Telegram update acknowledged and then cut
off by a crash is answered by the in-process sweep with no further user message, and a reply
whose send fails while Telegram's API is down does not sleep in the request thread: it is sent
once by the sweep when the API is back. Real webhook requests, python-telegram-bot against the
loopback Bot API, the real sweep (``console.observability.tasks.redispatch_stalled``) in its
thread. ``STALLED_AFTER_S`` and the interval are shortened here (defaults: 60 s and 30 s, so a
stranded reply goes out within 90 s); the mechanism is the same.
"""

# ruff: noqa: F811

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from typing import Any

import pytest
from django.test import Client

from bots.models import InboundEvent, OutboundMessage
from console.observability import sweeper
from loopback.telegram import FakeTelegram, text_update
from tests.channels.conftest import (  # noqa: F401  (fixtures)
    WEBHOOK_SECRET,
    StandInService,
    service,
    telegram,
)
from tests.security.tally import record
from tests.threaded_db import settled

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def sweeping(settings: Any) -> Iterator[None]:
    settings.STALLED_AFTER_S = 1.0
    settings.REDISPATCH_INTERVAL_S = 0.5
    assert sweeper.start_in_background()
    yield
    sweeper.stop()
    time.sleep(0.6)  # let the thread see the stop before the next test's database


def post(update: dict[str, Any]) -> Any:
    return Client().post(
        "/telegram/webhook", data=json.dumps(update), content_type="application/json",
        headers={"X-Telegram-Bot-Api-Secret-Token": WEBHOOK_SECRET},
    )


def wait_for(condition: Any, timeout_s: float) -> float | None:
    start = time.monotonic()
    while time.monotonic() - start < timeout_s:
        if settled(condition):
            return time.monotonic() - start
        time.sleep(0.1)
    return None


def test_a_crash_after_acknowledging_loses_no_reply(
    telegram: FakeTelegram, service: StandInService, sweeping: None,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The crash: the webhook answered 200, then the process died before running the turn.
    monkeypatch.setattr("bots.inbox.run_now", lambda pks: None)
    assert post(text_update(501, "my head hurts")).status_code == 200
    assert InboundEvent.objects.get().status == "received"
    monkeypatch.undo()  # a restarted process: nothing special, just the sweep
    sweeper.start_in_background()
    took = wait_for(lambda: telegram.calls_to("sendMessage"), timeout_s=30)
    held = took is not None and len(telegram.calls_to("sendMessage")) == 1
    assert record("nothing unanswered", "crash between ack and answer (embedded)", held)
    assert settled(lambda: InboundEvent.objects.get().status) != "received"


def test_an_api_outage_does_not_hold_the_request_and_every_reply_goes_once(
    telegram: FakeTelegram, service: StandInService, sweeping: None,
) -> None:
    for _ in range(3):
        telegram.fail("sendMessage", 502)
    started = time.monotonic()
    response = post(text_update(601, "my head hurts"))
    response.close()  # the WSGI server closes it: the deferred turn runs now
    took = time.monotonic() - started
    assert response.status_code == 200
    # Before: the request thread slept out the backoff (2 + 4 + 8 s ...) before it was free.
    assert record("nothing unanswered", "no backoff sleep in the request thread", took < 1.5), took
    delivered = wait_for(
        lambda: OutboundMessage.objects.filter(status="sent").exists(), timeout_s=40
    )
    assert delivered is not None
    time.sleep(2)  # further sweeps must not send it again
    texts = [c.params["text"] for c in telegram.calls_to("sendMessage")]
    assert record("nothing unanswered", "reply delivered once after the outage",
                  settled(OutboundMessage.objects.filter(status="sent").count) == 1), texts


def test_the_sweep_leaves_a_case_in_flight_to_its_holder_and_answers_the_others(
    telegram: FakeTelegram, service: StandInService, sweeping: None,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import threading

    from bots.case_lock import local_lock

    # Two acknowledged updates left RECEIVED; the first case's turn is still running in this
    # process (its lock held) when the sweep finds both. Before, the sweep queued behind that
    # lock (30 s, then again) and the other case waited with it.
    monkeypatch.setattr("bots.inbox.run_now", lambda pks: None)
    assert post(text_update(701, "my head hurts", chat_id=701)).status_code == 200
    assert post(text_update(702, "my ear hurts", chat_id=702)).status_code == 200
    monkeypatch.undo()
    first = InboundEvent.objects.order_by("pk").first()
    assert first is not None
    taken, release = threading.Event(), threading.Event()

    def in_flight() -> None:
        with local_lock(first.case_id):
            taken.set()
            release.wait(20)

    holder = threading.Thread(target=in_flight, daemon=True)
    holder.start()
    assert taken.wait(5)
    try:
        sweeper.start_in_background()

        def answered(chat_id: int) -> bool:
            sent = telegram.calls_to("sendMessage")
            return any(str(c.params["chat_id"]) == str(chat_id) for c in sent)

        assert wait_for(lambda: answered(702), timeout_s=10) is not None
        assert not answered(701)  # its holder's, while it holds it
    finally:
        release.set()
        holder.join(5)
    assert wait_for(lambda: answered(701), timeout_s=10) is not None
    time.sleep(1.5)  # later sweeps send nothing twice
    chats = sorted(int(c.params["chat_id"]) for c in telegram.calls_to("sendMessage"))
    assert chats == [701, 702]
