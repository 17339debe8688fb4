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
        if condition():
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
    assert InboundEvent.objects.get().status != "received"


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
                  OutboundMessage.objects.filter(status="sent").count() == 1), texts
