"""A loopback Slack Web API: the methods the bot calls, in Slack's wire format, over real HTTP.

Only the remote end is simulated: the product talks to it through the real ``slack_sdk``
``WebClient`` (``settings.SLACK_API_URL`` points here), so what the tests see is what
slack.com would receive. Every call is recorded. Failures are scripted per method, answered
in order before the normal behaviour resumes:

    with FakeSlack(token="xoxb-test") as slack:
        slack.fail("chat.postMessage", status=429, retry_after=1)   # then succeed
        ...
        assert slack.calls_to("chat.postMessage")[0].body["thread_ts"] == "1700000000.000100"

Wire format (https://api.slack.com/web): every answer is a JSON object with ``ok``; errors
are ``{"ok": false, "error": "<code>"}``; rate limiting is HTTP 429 with ``Retry-After``
seconds and ``{"ok": false, "error": "ratelimited"}``. Requests arrive as JSON (with the
token in ``Authorization: Bearer``) or form-encoded (token in the header or a ``token`` field).
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
CONTENT = "application/json; charset=utf-8"

BOT_USER_ID = "UBOT0001"
BOT_ID = "BBOT0001"
TEAM_ID = "T0000001"


@dataclass
class Call:
    method: str
    headers: dict[str, str]
    body: JSON
    at: float  # time.monotonic() when it arrived: lets a test check a retry waited
    peer: tuple[str, int] = ("", 0)  # the client's address: which connection it came on

    @property
    def blocks(self) -> list[JSON]:
        raw = self.body.get("blocks") or []
        return json.loads(raw) if isinstance(raw, str) else list(raw)

    def buttons(self) -> list[JSON]:
        return [
            element
            for block in self.blocks
            if block.get("type") == "actions"
            for element in block.get("elements", [])
            if element.get("type") == "button"
        ]


@dataclass
class Failure:
    status: int = 200
    error: str = "internal_error"
    retry_after: int | None = None


@dataclass
class FakeSlack(CallLog, LoopbackServer):
    token: str = "xoxb-test-token"
    app_token: str = "xapp-1-test"
    socket_url: str = ""  # what apps.connections.open hands out (a FakeSocketMode's URL)
    calls: list[Call] = field(default_factory=list)
    _failures: dict[str, deque[Failure]] = field(default_factory=lambda: defaultdict(deque))
    _messages: dict[tuple[str, str], JSON] = field(default_factory=dict)
    _clock: int = 0
    _lock: threading.Lock = field(default_factory=threading.Lock)

    # -- scripting and inspection -------------------------------------------------------------

    def fail(
        self, method: str, status: int = 200, error: str = "", retry_after: int | None = None
    ) -> None:
        """Answer the next call of ``method`` with an error (HTTP ``status``)."""
        if not error:
            error = "ratelimited" if status == 429 else "internal_error"
        with self._lock:
            self._failures[method].append(Failure(status, error, retry_after))

    def posted(self) -> list[JSON]:
        """The messages as Slack now holds them (after any chat.update), oldest first."""
        with self._lock:
            return [dict(m) for m in self._messages.values()]

    @property
    def url(self) -> str:
        """The Web API base URL, as ``SLACK_API_URL`` takes it (``.../api/``)."""
        return f"{self.base_url}/api/"

    # -- the API ------------------------------------------------------------------------------

    def _answer(self, method: str, token: str, body: JSON) -> tuple[int, JSON, dict[str, str]]:
        # apps.connections.open takes the app-level token (xapp-...), every other method ours.
        expected = self.app_token if method == "apps.connections.open" else self.token
        if token != expected:
            return 200, {"ok": False, "error": "invalid_auth"}, {}
        with self._lock:
            queue = self._failures.get(method)
            failure = queue.popleft() if queue else None
        if failure is not None:
            headers = {}
            if failure.retry_after is not None:
                headers["Retry-After"] = str(failure.retry_after)
            return failure.status, {"ok": False, "error": failure.error}, headers
        handler = getattr(self, "_m_" + method.replace(".", "_"), None)
        if handler is None:
            return 200, {"ok": False, "error": "unknown_method"}, {}
        return 200, handler(body), {}

    def _m_auth_test(self, body: JSON) -> JSON:
        return {
            "ok": True,
            "url": "https://askfew-test.slack.com/",
            "team": "askfew test",
            "user": "askfew",
            "team_id": TEAM_ID,
            "user_id": BOT_USER_ID,
            "bot_id": BOT_ID,
            "is_enterprise_install": False,
        }

    def _m_apps_connections_open(self, body: JSON) -> JSON:
        if not self.socket_url:
            return {"ok": False, "error": "not_allowed_token_type"}
        return {"ok": True, "url": self.socket_url}

    def _m_chat_postMessage(self, body: JSON) -> JSON:
        channel = str(body.get("channel") or "")
        if not channel:
            return {"ok": False, "error": "channel_not_found"}
        if not body.get("text") and not body.get("blocks"):
            return {"ok": False, "error": "no_text"}
        with self._lock:
            # Slack's ts is the posting time in microseconds, unique per channel.
            self._clock = max(self._clock + 1, int(time.time() * 1_000_000))
            ts = f"{self._clock // 1_000_000}.{self._clock % 1_000_000:06d}"
            message = {
                "type": "message",
                "user": BOT_USER_ID,
                "bot_id": BOT_ID,
                "ts": ts,
                "text": body.get("text", ""),
                "blocks": _decoded(body.get("blocks")),
            }
            if body.get("thread_ts"):
                message["thread_ts"] = body["thread_ts"]
            if body.get("metadata"):
                message["metadata"] = _decoded_object(body["metadata"])
            self._messages[(channel, ts)] = message
        return {"ok": True, "channel": channel, "ts": ts, "message": _shown(message, False)}

    def _m_conversations_replies(self, body: JSON) -> JSON:
        """A thread: its parent (when we hold it) and its replies, oldest first."""
        channel, ts = str(body.get("channel") or ""), str(body.get("ts") or "")
        if not channel or not ts:
            return {"ok": False, "error": "invalid_arguments"}
        with self._lock:
            thread = [
                dict(m)
                for (ch, _), m in self._messages.items()
                if ch == channel and (m["ts"] == ts or m.get("thread_ts") == ts)
            ]
        return _page(thread, body)

    def _m_conversations_history(self, body: JSON) -> JSON:
        """A channel's top-level messages, newest first (as Slack lists them)."""
        channel = str(body.get("channel") or "")
        if not channel:
            return {"ok": False, "error": "channel_not_found"}
        with self._lock:
            top = [
                dict(m)
                for (ch, _), m in self._messages.items()
                if ch == channel and m.get("thread_ts", m["ts"]) == m["ts"]
            ]
        answer = _page(top, body)
        answer["messages"].reverse()
        return answer

    def _m_chat_update(self, body: JSON) -> JSON:
        key = (str(body.get("channel") or ""), str(body.get("ts") or ""))
        with self._lock:
            message = self._messages.get(key)
            if message is None:
                return {"ok": False, "error": "message_not_found"}
            if "text" in body:
                message["text"] = body["text"]
            if "blocks" in body:
                message["blocks"] = _decoded(body["blocks"])
        return {"ok": True, "channel": key[0], "ts": key[1], "text": message["text"]}

    # -- serving ------------------------------------------------------------------------------

    def serve(self, exchange: Exchange) -> Answer:
        # Read methods (conversations.replies, .history) come as GET with a query.
        if not exchange.path.startswith("/api/"):
            return Answer(404, {"ok": False, "error": "unknown_method"}, content_type=CONTENT)
        method, _, query = exchange.path[len("/api/") :].partition("?")
        body = _parse_body(exchange.headers.get("content-type", ""), exchange.body)
        body.update({k: v[-1] for k, v in parse_qs(query).items()})
        auth = exchange.headers.get("authorization", "")
        token = auth.removeprefix("Bearer ") if auth else str(body.get("token", ""))
        with self._lock:
            self.calls.append(
                Call(method, exchange.headers, body, time.monotonic(), exchange.client)
            )
        status, payload, extra = self._answer(method, token, body)
        return Answer(status, payload, tuple(extra.items()), content_type=CONTENT)


def _parse_body(content_type: str, raw: bytes) -> JSON:
    if "application/json" in content_type:
        return json.loads(raw or b"{}")
    return {key: values[-1] for key, values in parse_qs(raw.decode()).items()}


def _decoded_object(value: Any) -> JSON:
    return json.loads(value) if isinstance(value, str) else dict(value)


def _truthy(value: Any) -> bool:
    return str(value).lower() in ("1", "true")


def _shown(message: JSON, with_metadata: bool) -> JSON:
    """A message as the API returns it: metadata only when asked for (include_all_metadata)."""
    if with_metadata or "metadata" not in message:
        return dict(message)
    return {k: v for k, v in message.items() if k != "metadata"}


def _page(messages: list[JSON], body: JSON) -> JSON:
    oldest = float(body.get("oldest") or 0)
    limit = int(body.get("limit") or 100)
    metadata = _truthy(body.get("include_all_metadata", False))
    chosen = sorted((m for m in messages if float(m["ts"]) >= oldest), key=lambda m: m["ts"])
    return {
        "ok": True,
        "messages": [_shown(m, metadata) for m in chosen[:limit]],
        "has_more": len(chosen) > limit,
    }


def _decoded(blocks: Any) -> list[JSON]:
    if not blocks:
        return []
    return json.loads(blocks) if isinstance(blocks, str) else list(blocks)


def signed_headers(secret: str, body: bytes, timestamp: int | None = None) -> dict[str, str]:
    """The headers Slack adds to every request: v0 HMAC-SHA256 over ``v0:{timestamp}:{body}``."""
    import hashlib
    import hmac

    ts = str(int(time.time()) if timestamp is None else timestamp)
    base = b"v0:" + ts.encode() + b":" + body
    digest = hmac.new(secret.encode(), base, hashlib.sha256).hexdigest()
    return {"X-Slack-Request-Timestamp": ts, "X-Slack-Signature": f"v0={digest}"}


# -- Socket Mode: Slack's WebSocket end ---------------------------------------------------------

_WS_GUID = b"258EAFA5-E914-47DA-95CA-C5AB0DC85B11"


@dataclass
class Ack:
    envelope_id: str
    payload: JSON | None
    at: float


@dataclass
class FakeSocketMode:
    """The WebSocket Slack hands a Socket Mode app (RFC 6455, text frames, no TLS).

    It greets each connection with ``hello``, pushes envelopes queued with ``send_event`` and
    records the app's acknowledgements (``{"envelope_id": ...}``), answering pings.
    """

    slack: FakeSlack
    acks: list[Ack] = field(default_factory=list)
    _outbox: deque[JSON] = field(default_factory=deque)
    _server: Any = None
    _lock: threading.Lock = field(default_factory=threading.Lock)
    _stop: threading.Event = field(default_factory=threading.Event)

    def send_event(self, body: JSON, envelope_id: str, retry_attempt: int = 0) -> None:
        """Deliver an Events API body (``{"type": "event_callback", ...}``) as Slack does."""
        with self._lock:
            self._outbox.append({
                "envelope_id": envelope_id,
                "type": "events_api",
                "accepts_response_payload": False,
                "retry_attempt": retry_attempt,
                "retry_reason": "timeout" if retry_attempt else "",
                "payload": body,
            })

    def wait_for_ack(self, envelope_id: str, timeout_s: float = 10.0) -> Ack:
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline:
            with self._lock:
                for ack in self.acks:
                    if ack.envelope_id == envelope_id:
                        return ack
            time.sleep(0.02)
        raise AssertionError(f"no acknowledgement of envelope {envelope_id}")

    def __enter__(self) -> FakeSocketMode:
        import socket

        self._server = socket.create_server(("127.0.0.1", 0))
        self._server.settimeout(0.2)
        port = self._server.getsockname()[1]
        self.slack.socket_url = f"ws://127.0.0.1:{port}/link/?ticket=test"
        threading.Thread(target=self._accept, daemon=True).start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._server.close()

    def _accept(self) -> None:
        while not self._stop.is_set():
            try:
                conn, _ = self._server.accept()
            except OSError:
                continue
            threading.Thread(target=self._session, args=(conn,), daemon=True).start()

    def _session(self, conn: Any) -> None:
        import base64
        import hashlib

        conn.settimeout(0.05)
        request = b""
        while b"\r\n\r\n" not in request:
            try:
                request += conn.recv(4096)
            except TimeoutError:
                continue
        key = next(
            line.split(b":", 1)[1].strip()
            for line in request.split(b"\r\n")
            if line.lower().startswith(b"sec-websocket-key:")
        )
        accept = base64.b64encode(hashlib.sha1(key + _WS_GUID).digest())
        conn.sendall(
            b"HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\n"
            b"Connection: Upgrade\r\nSec-WebSocket-Accept: " + accept + b"\r\n\r\n"
        )
        _send_frame(conn, 0x1, json.dumps({"type": "hello", "num_connections": 1}).encode())
        buffer = b""
        while not self._stop.is_set():
            with self._lock:
                outgoing = list(self._outbox)
                self._outbox.clear()
            for envelope in outgoing:
                _send_frame(conn, 0x1, json.dumps(envelope).encode())
            try:
                chunk = conn.recv(65536)
            except TimeoutError:
                continue
            except OSError:
                return
            if not chunk:
                return
            buffer += chunk
            while (frame := _read_frame(buffer)) is not None:
                opcode, data, buffer = frame
                if opcode == 0x8:  # close
                    return
                if opcode == 0x9:  # ping
                    _send_frame(conn, 0xA, data)
                elif opcode == 0x1:
                    message = json.loads(data)
                    with self._lock:
                        self.acks.append(Ack(message["envelope_id"], message.get("payload"),
                                             time.monotonic()))


def _send_frame(conn: Any, opcode: int, data: bytes) -> None:
    header = bytes([0x80 | opcode])
    if len(data) < 126:
        header += bytes([len(data)])
    elif len(data) < 1 << 16:
        header += bytes([126]) + len(data).to_bytes(2, "big")
    else:
        header += bytes([127]) + len(data).to_bytes(8, "big")
    conn.sendall(header + data)


def _read_frame(buffer: bytes) -> tuple[int, bytes, bytes] | None:
    """(opcode, unmasked payload, rest) of the first complete client frame, or None."""
    if len(buffer) < 2:
        return None
    opcode, length, offset = buffer[0] & 0x0F, buffer[1] & 0x7F, 2
    if length == 126:
        if len(buffer) < 4:
            return None
        length, offset = int.from_bytes(buffer[2:4], "big"), 4
    elif length == 127:
        if len(buffer) < 10:
            return None
        length, offset = int.from_bytes(buffer[2:10], "big"), 10
    masked = bool(buffer[1] & 0x80)
    mask = buffer[offset : offset + 4] if masked else b""
    start = offset + (4 if masked else 0)
    if len(buffer) < start + length:
        return None
    data = buffer[start : start + length]
    if masked:
        data = bytes(b ^ mask[i % 4] for i, b in enumerate(data))
    return opcode, data, buffer[start + length :]
