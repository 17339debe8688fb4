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
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

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
class FakeOpenAI:
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
    _server: ThreadingHTTPServer | None = None
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

    # -- lifecycle --------------------------------------------------------------------------

    @property
    def url(self) -> str:
        assert self._server is not None, "start the server first (use it as a context manager)"
        host, port = self._server.server_address[:2]
        return f"http://{host!s}:{port}/v1"

    def __enter__(self) -> FakeOpenAI:
        fake = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, format: str, *args: Any) -> None:
                pass

            def do_GET(self) -> None:
                if self.path.rstrip("/").endswith("/v1/models"):
                    self._send(200, {"object": "list", "data": [{"id": fake.model}]})
                else:
                    self._send(404, _error(f"no route GET {self.path}"))

            def do_POST(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                raw = self.rfile.read(length)
                try:
                    body = json.loads(raw or b"{}")
                except json.JSONDecodeError:
                    self._send(400, _error("request body is not JSON"))
                    return
                request = Request(self.path, {k.lower(): v for k, v in self.headers.items()}, body)
                with fake._lock:
                    fake.requests.append(request)
                if not self.path.rstrip("/").endswith("/v1/chat/completions"):
                    self._send(404, _error(f"no route POST {self.path}"))
                    return
                mode = _format_mode(body.get("response_format"))
                if mode in fake.reject_formats:
                    self._send(
                        fake.reject_status,
                        _error(f"response_format {mode} is not supported by this server"),
                    )
                    return
                reply = fake._next(request)
                if reply.delay_s:
                    time.sleep(reply.delay_s)
                if reply.status != 200:
                    self._send(reply.status, _error(reply.error or f"scripted {reply.status}"))
                    return
                self._send(200, fake._completion(request, reply))

            def _send(self, status: int, payload: JSON) -> None:
                data = json.dumps(payload).encode()
                try:
                    self.send_response(status)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(data)))
                    self.end_headers()
                    self.wfile.write(data)
                except (BrokenPipeError, ConnectionResetError):
                    # The client gave up (a timeout test); nothing left to answer.
                    pass

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._server.daemon_threads = True
        threading.Thread(
            target=self._server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True
        ).start()
        return self

    def __exit__(self, *exc: object) -> None:
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
            self._server = None

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
