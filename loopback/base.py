"""What every loopback server shares: serving HTTP/1.1 on 127.0.0.1 (a free port) in a daemon
thread, reading each request whole, answering JSON, and the call log the tests wait on.

An outage can be staged (``outage("refuse")`` / ``outage("hang")``, then ``restore()``): the
platform down, not the test's own server failing, so nothing it is sent in between is recorded.

A server subclasses :class:`LoopbackServer` and writes only its API: ``serve`` gets one
:class:`Exchange` (method, path, lower-cased headers, body) and returns the status, the
payload (JSON-able, raw bytes, or None for no body) and any extra headers. Use it as a
context manager (or ``start()``/``stop()``); ``base_url`` is where it listens.
"""

from __future__ import annotations

import json
import threading
import time
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Self

JSON = dict[str, Any]


@dataclass(frozen=True)
class Exchange:
    """One request as the server read it."""

    method: str
    path: str
    headers: dict[str, str]  # names lower-cased
    body: bytes
    client: tuple[str, int]


@dataclass(frozen=True)
class Answer:
    status: int
    payload: Any = None  # JSON-able, bytes (sent as they are), or None (no body)
    headers: tuple[tuple[str, str], ...] = ()
    content_type: str = "application/json"


class LoopbackServer:
    """Serves ``serve`` on 127.0.0.1 until stopped."""

    # Headers and body leave in two writes; without TCP_NODELAY, Nagle's algorithm and the
    # client's delayed ACK add ~40 ms to every keep-alive request (no real API does that).
    no_delay: bool = False
    poll_interval_s: float = 0.05
    _server: ThreadingHTTPServer | None = None
    _port: int = 0  # kept across an outage, so the product's configured URL stays right
    _down: str = ""  # "", "refuse" or "hang"
    _back: threading.Event | None = None  # set when an outage ends (hung requests give up)

    def serve(self, exchange: Exchange) -> Answer:
        raise NotImplementedError

    # -- serving -------------------------------------------------------------------------------

    def start(self) -> Self:
        server = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"
            disable_nagle_algorithm = server.no_delay

            def log_message(self, format: str, *args: Any) -> None:
                pass

            def _serve(self) -> None:
                if server._down and server._hang_up():
                    self.close_connection = True  # no answer: the API is not there
                    return
                length = int(self.headers.get("Content-Length") or 0)
                exchange = Exchange(
                    self.command,
                    self.path,
                    {k.lower(): v for k, v in self.headers.items()},
                    self.rfile.read(length) if length else b"",
                    self.client_address[:2],
                )
                answer = server.serve(exchange)
                payload = answer.payload
                if payload is None:
                    data = b""
                elif isinstance(payload, bytes):
                    data = payload
                else:
                    data = json.dumps(payload).encode()
                try:
                    self.send_response(answer.status)
                    self.send_header("Content-Type", answer.content_type)
                    self.send_header("Content-Length", str(len(data)))
                    for name, value in answer.headers:
                        self.send_header(name, value)
                    self.end_headers()
                    if self.command != "HEAD":
                        self.wfile.write(data)
                except (BrokenPipeError, ConnectionResetError):
                    pass  # the client gave up (a timeout test); nothing left to answer

            do_GET = do_PUT = do_POST = do_DELETE = do_HEAD = _serve

        self._handler = Handler
        self._listen()
        return self

    def _listen(self) -> None:
        self._server = ThreadingHTTPServer(("127.0.0.1", self._port), self._handler)
        self._server.daemon_threads = True
        self._port = int(self._server.server_address[1])
        threading.Thread(
            target=self._server.serve_forever,
            kwargs={"poll_interval": self.poll_interval_s},
            daemon=True,
        ).start()

    def stop(self) -> None:
        if self._back is not None:
            self._back.set()
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
            self._server = None

    # -- outages -------------------------------------------------------------------------------

    def outage(self, mode: str) -> None:
        """Take the API down. ``refuse``: nothing listens on the port (connections are refused;
        a kept-alive one is hung up on). ``hang``: connections are accepted and requests read,
        but never answered until the outage ends, when they are hung up on unprocessed (the
        caller's timeout decides how long it waits, as with a black-holed host)."""
        assert mode in ("refuse", "hang"), mode
        if self._back is not None:
            self._back.set()  # requests held by an earlier hang give up now
        self._back = threading.Event()
        self._down = mode
        if mode == "refuse" and self._server is not None:
            self._server.shutdown()
            self._server.server_close()
            self._server = None

    def restore(self) -> None:
        """End the outage: the API answers again on the same port."""
        self._down = ""
        if self._back is not None:
            self._back.set()
        if self._server is None:
            self._listen()

    @property
    def down(self) -> str:
        return self._down

    def _hang_up(self) -> bool:
        """Whether a request arriving now gets no answer (waiting first, while hanging)."""
        if self._down == "hang" and self._back is not None:
            self._back.wait()
        return True

    def __enter__(self) -> Self:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    @property
    def base_url(self) -> str:
        """``http://127.0.0.1:PORT`` (no trailing slash)."""
        assert self._port, "start the server first (use it as a context manager)"
        return f"http://127.0.0.1:{self._port}"


class CallLog:
    """The API calls a server received, for tests to inspect and wait on. The subclass keeps
    ``calls`` (each with a ``method``) and ``_lock``."""

    calls: list[Any]
    _lock: threading.Lock

    def calls_to(self, method: str) -> list[Any]:
        with self._lock:
            return [c for c in self.calls if c.method == method]

    def wait_for(self, method: str, count: int, timeout_s: float = 20.0) -> list[Any]:
        """Block until ``count`` calls of ``method`` arrived (tests with a worker in between)."""
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline:
            calls = self.calls_to(method)
            if len(calls) >= count:
                return calls
            time.sleep(0.05)
        raise AssertionError(f"expected {count} {method} calls, got {len(self.calls_to(method))}")
