"""A light HTTP transport for python-telegram-bot: a blocking, kept-alive ``http.client``
connection instead of httpx's asyncio client.

``bots.channels.telegram`` calls the Bot API from synchronous code, one call at a time per
thread (each coroutine runs to completion on the thread's own event loop), so an asynchronous
HTTP stack buys nothing there, and it was most of the CPU a Bot API call cost (profiled: about
three quarters of ``call_telegram``, several milliseconds per call). python-telegram-bot still
builds every request, reads every answer and raises its own errors (``RetryAfter``,
``Forbidden``, ``BadRequest``, ``TimedOut``, ``NetworkError``); only the bytes on the wire go
through here. Long polling (``getUpdates``) keeps python-telegram-bot's own transport. File
uploads, which the bot never makes, are refused.
"""

from __future__ import annotations

import http.client
from urllib.parse import SplitResult, urlencode, urlsplit

from telegram.error import NetworkError, TimedOut
from telegram.request import BaseRequest, RequestData

DEFAULT_TIMEOUT_S = 5.0  # python-telegram-bot's own default for reads, writes and connects


class PlainRequest(BaseRequest):
    """One connection per instance (one instance per thread), reopened when the server closed
    it. A request is retried once, on a fresh connection, only when a kept-alive connection
    turns out to have been closed by the server before it answered (its idle timeout)."""

    def __init__(self, timeout_s: float = DEFAULT_TIMEOUT_S) -> None:
        self._timeout_s = timeout_s
        self._conn: http.client.HTTPConnection | None = None
        self._origin: tuple[str, str] = ("", "")

    @property
    def read_timeout(self) -> float | None:
        return self._timeout_s

    async def initialize(self) -> None:
        """Nothing to set up: the connection opens with the first request."""

    async def shutdown(self) -> None:
        self._close()

    async def do_request(
        self,
        url: str,
        method: str,
        request_data: RequestData | None = None,
        read_timeout: object = BaseRequest.DEFAULT_NONE,
        write_timeout: object = BaseRequest.DEFAULT_NONE,
        connect_timeout: object = BaseRequest.DEFAULT_NONE,
        pool_timeout: object = BaseRequest.DEFAULT_NONE,
    ) -> tuple[int, bytes]:
        if request_data is not None and request_data.contains_files:
            raise NetworkError("file uploads are not supported by this transport")
        timeout = read_timeout if isinstance(read_timeout, int | float) else self._timeout_s
        body = urlencode(request_data.json_parameters).encode() if request_data else b""
        headers = {"User-Agent": self.USER_AGENT}
        if request_data is not None:
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        parts = urlsplit(url)
        target = parts.path + (f"?{parts.query}" if parts.query else "")
        for attempt in range(2):
            conn, reused = self._connection(parts, float(timeout))
            try:
                conn.request(method, target, body=body, headers=headers)
                response = conn.getresponse()
                data = response.read()
            except TimeoutError as exc:
                self._close()
                raise TimedOut() from exc
            except (http.client.RemoteDisconnected, ConnectionResetError, BrokenPipeError) as exc:
                self._close()
                if reused and attempt == 0:
                    continue
                raise NetworkError(f"{type(exc).__name__}: {exc}") from exc
            except (OSError, http.client.HTTPException) as exc:
                self._close()
                raise NetworkError(f"{type(exc).__name__}: {exc}") from exc
            if response.will_close:
                self._close()
            return response.status, data
        raise NetworkError("unreachable")  # the loop returns or raises

    def _connection(
        self, parts: SplitResult, timeout_s: float
    ) -> tuple[http.client.HTTPConnection, bool]:
        origin = (parts.scheme, parts.netloc)
        if self._conn is not None and origin == self._origin:
            self._conn.timeout = timeout_s
            if self._conn.sock is None:
                return self._conn, False  # connects again by itself
            self._conn.sock.settimeout(timeout_s)
            return self._conn, True
        self._close()
        host, port = parts.hostname or "", parts.port
        conn: http.client.HTTPConnection
        if parts.scheme == "https":
            conn = http.client.HTTPSConnection(host, port, timeout=timeout_s)
        else:
            conn = http.client.HTTPConnection(host, port, timeout=timeout_s)
        self._conn, self._origin = conn, origin
        return conn, False

    def _close(self) -> None:
        if self._conn is not None:
            self._conn.close()
        self._conn = None
