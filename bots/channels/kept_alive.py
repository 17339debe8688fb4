"""One kept-alive HTTP connection, shared by the Slack and Telegram transports.

The platform clients open a connection per call by default (slack_sdk's ``urlopen``) or run an
asyncio stack the bot does not need (python-telegram-bot's httpx). Both transports send their
requests through a :class:`KeptAliveConnection` instead: one ``http.client`` connection to one
origin at a time, reopened when the server closed it. A request on a reused connection that
the server had already closed (its idle timeout) is retried once on a fresh one; every other
failure is raised as ``http.client`` raised it, for the transport to translate.
"""

from __future__ import annotations

import http.client
import ssl
from urllib.parse import urlsplit

# The server closed a kept-alive connection before (or while) we used it.
_CLOSED_BY_SERVER = (http.client.RemoteDisconnected, ConnectionResetError, BrokenPipeError)


class KeptAliveConnection:
    """Not thread-safe: one per thread (or per object used from a single thread)."""

    def __init__(self, context: ssl.SSLContext | None = None) -> None:
        self._context = context
        self._conn: http.client.HTTPConnection | None = None
        self._origin: tuple[str, str] = ("", "")

    def request(
        self, method: str, url: str, body: bytes | None, headers: dict[str, str], timeout_s: float
    ) -> tuple[http.client.HTTPResponse, bytes]:
        """Send one request; the response (read) and its body."""
        parts = urlsplit(url)
        target = parts.path + (f"?{parts.query}" if parts.query else "")
        for attempt in range(2):
            conn, reused = self._connection(parts.scheme, parts.netloc, timeout_s)
            try:
                conn.request(method, target, body=body, headers=headers)
                response = conn.getresponse()
                data = response.read()
            except _CLOSED_BY_SERVER:
                self.close()
                if reused and attempt == 0:
                    continue
                raise
            except (OSError, http.client.HTTPException):
                self.close()
                raise
            if response.will_close:
                self.close()
            return response, data
        raise AssertionError("unreachable: the loop returns or raises")

    def close(self) -> None:
        if self._conn is not None:
            self._conn.close()
        self._conn = None

    def _connection(
        self, scheme: str, netloc: str, timeout_s: float
    ) -> tuple[http.client.HTTPConnection, bool]:
        """The open connection to (scheme, netloc), and whether it was used before."""
        if self._conn is not None and (scheme, netloc) == self._origin:
            self._conn.timeout = timeout_s
            if self._conn.sock is None:
                return self._conn, False  # connects again by itself
            self._conn.sock.settimeout(timeout_s)
            return self._conn, True
        self.close()
        conn: http.client.HTTPConnection
        if scheme == "https":
            conn = http.client.HTTPSConnection(netloc, timeout=timeout_s, context=self._context)
        else:
            conn = http.client.HTTPConnection(netloc, timeout=timeout_s)
        self._conn, self._origin = conn, (scheme, netloc)
        return conn, False
