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

JSON = dict[str, Any]


@dataclass(frozen=True)
class Captured:
    """One reply as the platform received it."""

    channel: str  # "slack" | "telegram"
    address: str  # Slack channel id | Telegram chat id
    message: JSON  # the message as the platform stores it (ts / message_id, blocks / markup)
    at: float  # time.monotonic() on arrival


Sink = Callable[[Captured], None]


def _loopbacks() -> tuple[Any, Any]:
    from loopback.slack import FakeSlack
    from loopback.telegram import FakeTelegram

    return FakeSlack, FakeTelegram


def _no_delay(fake: Any) -> Any:
    """TCP_NODELAY on the loopback's connections. Python's HTTP server writes a response's
    headers and body separately; with Nagle's algorithm on, the body then waits for the
    client's delayed ACK (40 ms on Linux) on every call: a stall no real API adds."""
    server = fake._server
    if server is not None:
        server.RequestHandlerClass.disable_nagle_algorithm = True
    return fake


def capturing_slack(sink: Sink, token: str) -> Any:
    fake_slack, _ = _loopbacks()

    class CapturingSlack(fake_slack):  # type: ignore[misc, valid-type]
        def _m_chat_postMessage(self, body: JSON) -> JSON:
            answer: JSON = super()._m_chat_postMessage(body)
            if answer.get("ok"):
                sink(Captured("slack", str(answer["channel"]), dict(answer["message"]),
                              time.monotonic()))
            return answer

        def __enter__(self) -> Any:
            return _no_delay(super().__enter__())

    return CapturingSlack(token=token)


def capturing_telegram(sink: Sink, token: str) -> Any:
    _, fake_telegram = _loopbacks()

    class CapturingTelegram(fake_telegram):  # type: ignore[misc, valid-type]
        def _m_sendMessage(self, params: JSON) -> Any:
            result = super()._m_sendMessage(params)
            if isinstance(result, dict):
                sink(Captured("telegram", str(result["chat"]["id"]), dict(result),
                              time.monotonic()))
            return result

        def __enter__(self) -> Any:
            return _no_delay(super().__enter__())

    return CapturingTelegram(token=token)
