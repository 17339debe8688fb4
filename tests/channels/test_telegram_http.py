"""The light Bot API transport (bots.channels.telegram_http) under python-telegram-bot.

The Telegram adapter's tests (test_telegram) run it against the loopback Bot API, which closes
every connection after its answer. Here a server keeps connections alive and then drops one
while idle, as servers do after their keep-alive timeout: the next call must go through on a
new connection, sent once, and python-telegram-bot's errors must still come out of it.
"""

from __future__ import annotations

import asyncio
import json
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs

import pytest
from telegram import Bot
from telegram.error import NetworkError, RetryAfter

from bots.channels.telegram_http import PlainRequest

TOKEN = "123:keepalive"
ME = {"id": 123, "is_bot": True, "first_name": "askfew", "username": "askfew_bot"}


class KeepAliveBotApi:
    """HTTP/1.1 with keep-alive; ``drop_after_next`` closes the connection after an answer
    without saying so, like an idle timeout on the server's side."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, dict[str, Any]]] = []
        self.connections = 0
        self.drop_after_next = False
        self.flood = False
        # Set once the server is shut down: a kept-alive connection whose handler thread
        # outlives the listening socket hangs up instead of answering, as a dead host would.
        self.gone = False
        api = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def setup(self) -> None:
                super().setup()
                api.connections += 1

            def log_message(self, format: str, *args: Any) -> None:
                pass

            def do_POST(self) -> None:
                if api.gone:
                    self.close_connection = True
                    return
                length = int(self.headers.get("Content-Length") or 0)
                form = parse_qs(self.rfile.read(length).decode())
                params = {key: values[0] for key, values in form.items()}
                method = self.path.rsplit("/", 1)[-1]
                api.calls.append((method, params))
                status, body = api.answer(method, params)
                data = json.dumps(body).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)
                if api.drop_after_next:
                    api.drop_after_next = False
                    self.close_connection = True

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def answer(self, method: str, params: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        if self.flood:
            return 429, {
                "ok": False,
                "error_code": 429,
                "description": "Too Many Requests",
                "parameters": {"retry_after": 7},
            }
        if method == "getMe":
            return 200, {"ok": True, "result": ME}
        message = {
            "message_id": len(self.calls),
            "date": 0,
            "text": params.get("text", ""),
            "chat": {"id": int(params.get("chat_id", 1)), "type": "private"},
        }
        return 200, {"ok": True, "result": message}

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}/bot"


@pytest.fixture
def api() -> Iterator[KeepAliveBotApi]:
    server = KeepAliveBotApi()
    server.thread.start()
    try:
        yield server
    finally:
        server.server.shutdown()
        server.server.server_close()


def run(coro: Any) -> Any:
    return asyncio.new_event_loop().run_until_complete(coro)


def test_calls_reuse_one_connection_and_survive_the_server_dropping_it(
    api: KeepAliveBotApi,
) -> None:
    bot = Bot(TOKEN, base_url=api.base_url, request=PlainRequest())

    async def talk() -> list[str]:
        await bot.initialize()  # getMe
        first = await bot.send_message(chat_id=42, text="one")
        api.drop_after_next = True
        second = await bot.send_message(chat_id=42, text="two")
        third = await bot.send_message(chat_id=42, text="three")  # on a dropped connection
        await bot.shutdown()
        return [first.text or "", second.text or "", third.text or ""]

    assert run(talk()) == ["one", "two", "three"]
    sent = [params["text"] for method, params in api.calls if method == "sendMessage"]
    assert sent == ["one", "two", "three"]  # each sent once
    assert api.connections == 2  # kept alive until the server dropped it, then one new one


def test_python_telegram_bot_errors_come_through(api: KeepAliveBotApi) -> None:
    bot = Bot(TOKEN, base_url=api.base_url, request=PlainRequest())
    run(bot.initialize())
    api.flood = True
    api.drop_after_next = True
    with pytest.raises(RetryAfter) as flood:
        run(bot.send_message(chat_id=42, text="too fast"))
    assert "7" in str(flood.value)
    api.gone = True
    api.server.shutdown()
    api.server.server_close()
    with pytest.raises(NetworkError):
        run(bot.send_message(chat_id=42, text="nobody there"))
