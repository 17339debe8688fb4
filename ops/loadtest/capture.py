"""The loopback Slack and Telegram APIs, reporting each reply to the user waiting for it.

They are the ``loopback`` package's servers (the Web API and Bot API wire formats, over real
HTTP), extended only to hand every posted message to a callback the moment it arrives: the
load test's latency ends there.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from loopback.slack import FakeSlack
from loopback.telegram import FakeTelegram

JSON = dict[str, Any]


@dataclass(frozen=True)
class Captured:
    """One reply as the platform received it."""

    channel: str  # "slack" | "telegram"
    address: str  # Slack channel id | Telegram chat id
    message: JSON  # the message as the platform stores it (ts / message_id, blocks / markup)
    at: float  # time.monotonic() on arrival


Sink = Callable[[Captured], None]


def capturing_slack(sink: Sink, token: str) -> FakeSlack:
    class CapturingSlack(FakeSlack):
        # The loopback's TCP_NODELAY (loopback.base): without it every call would wait for the
        # client's delayed ACK (40 ms on Linux), a stall no real API adds.
        no_delay = True

        def _m_chat_postMessage(self, body: JSON) -> JSON:
            answer: JSON = super()._m_chat_postMessage(body)
            if answer.get("ok"):
                sink(Captured("slack", str(answer["channel"]), dict(answer["message"]),
                              time.monotonic()))
            return answer

    return CapturingSlack(token=token)


def capturing_telegram(sink: Sink, token: str) -> FakeTelegram:
    class CapturingTelegram(FakeTelegram):
        no_delay = True

        def _m_sendMessage(self, params: JSON) -> Any:
            result = super()._m_sendMessage(params)
            if isinstance(result, dict):
                sink(Captured("telegram", str(result["chat"]["id"]), dict(result),
                              time.monotonic()))
            return result

    return CapturingTelegram(token=token)
