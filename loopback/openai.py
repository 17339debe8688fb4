"""A loopback OpenAI-compatible server: the chat-completions wire format over real HTTP.

It stands in for the remote endpoint only: our client talks to it through the real ``openai``
SDK, so what the tests see is what a hosted API or a llama.cpp server would receive. Replies
are scripted, either as a queue (``script``) or by a function of the request (``respond``),
and can be delayed (to trigger timeouts), be HTTP errors, or carry any content (invalid JSON,
schema-breaking JSON). Every request is recorded for assertions.

    with FakeOpenAI() as fake:
        fake.script({"answer": 1}, Reply(status=500), "not json")
        client = LLMClient(fake.url, "key", "test-model")
        ...
        assert fake.requests[0].body["response_format"]["type"] == "json_schema"
"""

from __future__ import annotations

import json
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from loopback.base import Answer, Exchange, LoopbackServer

JSON = dict[str, Any]


@dataclass
class Reply:
    """One scripted answer. ``content`` may be a string (sent as is) or JSON-able (dumped)."""

    content: Any = ""
    status: int = 200
    delay_s: float = 0.0
    finish_reason: str = "stop"
    usage: JSON | None = None
    error: str = ""


@dataclass
class Request:
    path: str
    headers: dict[str, str]
    body: JSON

    @property
    def messages(self) -> list[JSON]:
        return list(self.body.get("messages", []))

    @property
    def text(self) -> str:
        """All message contents joined: handy for asserting what a prompt contained."""
        return "\n".join(str(m.get("content", "")) for m in self.messages)

    @property
    def schema(self) -> JSON | None:
        fmt = self.body.get("response_format") or {}
        inner = fmt.get("json_schema") or {}
        schema = inner.get("schema")
        return schema if isinstance(schema, dict) else None

    @property
    def schema_name(self) -> str:
        fmt = self.body.get("response_format") or {}
        return str((fmt.get("json_schema") or {}).get("name", ""))


Scripted = Reply | str | JSON | list[Any]
Responder = Callable[[Request], Scripted]


@dataclass
class FakeOpenAI(LoopbackServer):
    """``url`` ends in ``/v1`` like a real base URL. Use as a context manager."""

    model: str = "fake-model"
    # Response-format modes to refuse, as servers that lack them do: "json_schema",
    # "json_object_schema" (json_object carrying a schema) or "json_object"; and the status
    # to refuse with (llama-cpp-python's server answers 500, most others 400).
    reject_formats: frozenset[str] = frozenset()
    reject_status: int = 400
    requests: list[Request] = field(default_factory=list)
    _queue: deque[Scripted] = field(default_factory=deque)
    _responder: Responder | None = None
    _lock: threading.Lock = field(default_factory=threading.Lock)

    # -- scripting --------------------------------------------------------------------------

    def script(self, *replies: Scripted) -> None:
        """Queue replies, answered in order; queued replies win over ``respond``."""
        with self._lock:
            self._queue.extend(replies)

    def respond(self, responder: Responder) -> None:
        """Answer every request (once the queue is empty) with ``responder(request)``."""
        self._responder = responder

    def chat_requests(self) -> list[Request]:
        return [r for r in self.requests if r.path.endswith("/chat/completions")]

    # -- serving ----------------------------------------------------------------------------

    @property
    def url(self) -> str:
        return f"{self.base_url}/v1"

    def serve(self, exchange: Exchange) -> Answer:
        if exchange.method == "GET":
            if exchange.path.rstrip("/").endswith("/v1/models"):
                return Answer(200, {"object": "list", "data": [{"id": self.model}]})
            return Answer(404, _error(f"no route GET {exchange.path}"))
        try:
            body = json.loads(exchange.body or b"{}")
        except json.JSONDecodeError:
            return Answer(400, _error("request body is not JSON"))
        request = Request(exchange.path, exchange.headers, body)
        with self._lock:
            self.requests.append(request)
        if not exchange.path.rstrip("/").endswith("/v1/chat/completions"):
            return Answer(404, _error(f"no route POST {exchange.path}"))
        mode = _format_mode(body.get("response_format"))
        if mode in self.reject_formats:
            return Answer(
                self.reject_status,
                _error(f"response_format {mode} is not supported by this server"),
            )
        reply = self._next(request)
        if reply.delay_s:
            time.sleep(reply.delay_s)
        if reply.status != 200:
            return Answer(reply.status, _error(reply.error or f"scripted {reply.status}"))
        return Answer(200, self._completion(request, reply))

    # -- internals --------------------------------------------------------------------------

    def _next(self, request: Request) -> Reply:
        with self._lock:
            scripted = self._queue.popleft() if self._queue else None
        if scripted is None:
            if self._responder is None:
                return Reply(status=500, error="the loopback server has no scripted reply left")
            scripted = self._responder(request)
        if isinstance(scripted, Reply):
            return scripted
        return Reply(content=scripted)

    def _completion(self, request: Request, reply: Reply) -> JSON:
        content = reply.content if isinstance(reply.content, str) else json.dumps(reply.content)
        prompt_tokens = max(1, len(request.text) // 4)
        completion_tokens = max(1, len(content) // 4)
        usage = reply.usage or {
            "prompt_tokens": prompt_tokens,
            "completion_tokens": completion_tokens,
            "total_tokens": prompt_tokens + completion_tokens,
        }
        return {
            "id": f"chatcmpl-{len(self.requests)}",
            "object": "chat.completion",
            "created": int(time.time()),
            "model": str(request.body.get("model", self.model)),
            "choices": [
                {
                    "index": 0,
                    "message": {"role": "assistant", "content": content},
                    "finish_reason": reply.finish_reason,
                }
            ],
            "usage": usage,
        }


def _format_mode(response_format: Any) -> str:
    if not isinstance(response_format, dict):
        return "text"
    kind = str(response_format.get("type", "text"))
    if kind == "json_object" and "schema" in response_format:
        return "json_object_schema"
    return kind


def _error(message: str) -> JSON:
    return {"error": {"message": message, "type": "invalid_request_error", "code": None}}
