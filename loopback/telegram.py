"""A loopback Telegram Bot API: the methods the bot calls, in Telegram's wire format.

The product talks to it through the real python-telegram-bot ``Bot`` (``TELEGRAM_API_URL``
points at ``url``), so what the tests see is what api.telegram.org would receive. Every call is
recorded; failures are scripted per method. ``getUpdates`` serves the updates a test queued
with ``push`` (long polling: it holds the request until one arrives or the timeout passes).

Wire format (https://core.telegram.org/bots/api#making-requests): the URL is
``<base>/bot<token>/<method>``; parameters arrive form-encoded (PTB JSON-encodes non-string
values); every answer is ``{"ok": true, "result": ...}`` or
``{"ok": false, "error_code": N, "description": "...", "parameters": {"retry_after": s}}``.
"""

from __future__ import annotations

import json
import threading
import time
from collections import defaultdict, deque
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import parse_qs

from loopback.base import Answer, CallLog, Exchange, LoopbackServer

JSON = dict[str, Any]

BOT_USER = {
    "id": 7000000001,
    "is_bot": True,
    "first_name": "askfew",
    "username": "askfew_test_bot",
    "can_join_groups": True,
    "can_read_all_group_messages": False,
    "supports_inline_queries": False,
}
_STRUCTURED = {"reply_markup", "allowed_updates", "link_preview_options", "entities"}
_INTEGER = {"chat_id", "message_id", "offset", "limit", "timeout", "message_thread_id"}


@dataclass
class Call:
    method: str
    params: JSON
    at: float


@dataclass
class Failure:
    error_code: int
    description: str
    retry_after: int | None = None


@dataclass
class FakeTelegram(CallLog, LoopbackServer):
    token: str = "123456:TEST-token"
    calls: list[Call] = field(default_factory=list)
    webhook_url: str = ""
    _failures: dict[str, deque[Failure]] = field(default_factory=lambda: defaultdict(deque))
    _updates: list[JSON] = field(default_factory=list)
    _messages: dict[tuple[int, int], JSON] = field(default_factory=dict)
    _next_message_id: int = 100
    _lock: threading.Lock = field(default_factory=threading.Lock)
    _arrived: threading.Condition = field(init=False)

    def __post_init__(self) -> None:
        self._arrived = threading.Condition(self._lock)

    # -- scripting and inspection -------------------------------------------------------------

    def fail(
        self, method: str, error_code: int, description: str = "", retry_after: int | None = None
    ) -> None:
        if not description:
            description = {
                429: f"Too Many Requests: retry after {retry_after or 1}",
                403: "Forbidden: bot was blocked by the user",
                400: "Bad Request: chat not found",
            }.get(error_code, "Internal Server Error")
        with self._lock:
            self._failures[method].append(Failure(error_code, description, retry_after))

    def push(self, *updates: JSON) -> None:
        """Queue updates for ``getUpdates`` (polling mode)."""
        with self._arrived:
            self._updates.extend(updates)
            self._arrived.notify_all()

    def sent(self) -> list[JSON]:
        """Messages the bot sent, as Telegram now holds them (after edits), oldest first."""
        with self._lock:
            return [dict(m) for m in self._messages.values()]

    @property
    def url(self) -> str:
        """The Bot API base URL as ``TELEGRAM_API_URL`` takes it (the token is appended)."""
        return f"{self.base_url}/bot"

    # -- the API ------------------------------------------------------------------------------

    def _answer(self, method: str, params: JSON) -> tuple[int, JSON]:
        with self._lock:
            queue = self._failures.get(method)
            failure = queue.popleft() if queue else None
        if failure is not None:
            body: JSON = {
                "ok": False,
                "error_code": failure.error_code,
                "description": failure.description,
            }
            if failure.retry_after is not None:
                body["parameters"] = {"retry_after": failure.retry_after}
            return failure.error_code, body
        handler = getattr(self, "_m_" + method, None)
        if handler is None:
            return 404, {"ok": False, "error_code": 404, "description": "Not Found"}
        result = handler(params)
        if isinstance(result, tuple):
            return result
        return 200, {"ok": True, "result": result}

    def _m_getMe(self, params: JSON) -> JSON:
        return dict(BOT_USER)

    def _m_sendMessage(self, params: JSON) -> Any:
        text = str(params.get("text") or "")
        if not text.strip():
            return _bad_request("message text is empty")
        if len(text) > 4096:
            return _bad_request("message is too long")
        chat_id = int(params["chat_id"])
        with self._lock:
            self._next_message_id += 1
            message: JSON = {
                "message_id": self._next_message_id,
                "date": int(time.time()),
                "chat": {"id": chat_id, "type": "private" if chat_id > 0 else "group"},
                "from": dict(BOT_USER),
                "text": text,
            }
            if params.get("reply_markup"):
                message["reply_markup"] = params["reply_markup"]
            self._messages[(chat_id, message["message_id"])] = message
        return message

    def _m_answerCallbackQuery(self, params: JSON) -> bool:
        return True

    def _m_editMessageReplyMarkup(self, params: JSON) -> Any:
        key = (int(params.get("chat_id") or 0), int(params.get("message_id") or 0))
        with self._lock:
            message = self._messages.get(key)
            if message is None:
                return _bad_request("message to edit not found")
            if params.get("reply_markup"):
                message["reply_markup"] = params["reply_markup"]
            else:
                message.pop("reply_markup", None)
            return dict(message)

    def _m_setWebhook(self, params: JSON) -> bool:
        self.webhook_url = str(params.get("url") or "")
        return True

    def _m_deleteWebhook(self, params: JSON) -> bool:
        self.webhook_url = ""
        return True

    def _m_getUpdates(self, params: JSON) -> Any:
        if self.webhook_url:
            return 409, {
                "ok": False,
                "error_code": 409,
                "description": "Conflict: can't use getUpdates method while webhook is active",
            }
        offset = int(params.get("offset") or 0)
        wait_s = min(float(params.get("timeout") or 0), 2.0)
        deadline = time.monotonic() + wait_s
        with self._arrived:
            # Confirming an offset forgets every earlier update, as Telegram does.
            self._updates = [u for u in self._updates if u["update_id"] >= offset]
            while not self._updates and time.monotonic() < deadline:
                self._arrived.wait(max(0.0, deadline - time.monotonic()))
            return list(self._updates[: int(params.get("limit") or 100)])

    # -- serving ------------------------------------------------------------------------------

    def serve(self, exchange: Exchange) -> Answer:
        prefix = f"/bot{self.token}/"
        if not exchange.path.startswith(prefix):
            return Answer(401, {"ok": False, "error_code": 401, "description": "Unauthorized"})
        method = exchange.path[len(prefix) :].split("?")[0]
        params = _parse(exchange.headers.get("content-type", ""), exchange.body)
        with self._lock:
            self.calls.append(Call(method, params, time.monotonic()))
        return Answer(*self._answer(method, params))

    def stop(self) -> None:
        # Wake a long poll (getUpdates) waiting for updates, so the server can shut down.
        with self._arrived:
            self._arrived.notify_all()
        super().stop()


def _bad_request(what: str) -> tuple[int, JSON]:
    return 400, {"ok": False, "error_code": 400, "description": f"Bad Request: {what}"}


def _parse(content_type: str, raw: bytes) -> JSON:
    if "application/json" in content_type:
        return json.loads(raw or b"{}")
    params: JSON = {}
    for key, values in parse_qs(raw.decode()).items():
        value: Any = values[-1]
        if key in _STRUCTURED:
            value = json.loads(value)
        elif key in _INTEGER:
            value = int(value)
        params[key] = value
    return params


# -- updates as Telegram sends them ------------------------------------------------------------

USER = {"id": 4242, "is_bot": False, "first_name": "Ada", "last_name": "Patient", "username": "ada"}


def text_update(update_id: int, text: str, chat_id: int = 4242, user: JSON | None = None) -> JSON:
    message: JSON = {
        "message_id": 10_000 + update_id,
        "date": int(time.time()),
        "chat": {"id": chat_id, "type": "private", "first_name": "Ada"},
        "from": dict(user or USER),
        "text": text,
    }
    if text.startswith("/"):
        command = text.split()[0]
        message["entities"] = [{"type": "bot_command", "offset": 0, "length": len(command)}]
    return {"update_id": update_id, "message": message}


def callback_update(update_id: int, data: str, message: JSON, user: JSON | None = None) -> JSON:
    """A button press on ``message`` (a message the bot sent, as ``FakeTelegram.sent`` has it)."""
    return {
        "update_id": update_id,
        "callback_query": {
            "id": f"cbq-{update_id}",
            "from": dict(user or USER),
            "chat_instance": "-1234567890",
            "message": message,
            "data": data,
        },
    }
