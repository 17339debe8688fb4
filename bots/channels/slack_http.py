"""A kept-alive transport for slack_sdk's ``WebClient``.

slack_sdk opens a new connection (``urllib.request.urlopen``) for every Web API call: a TCP
and, against Slack itself, a TLS handshake each time, on every reply and every button
acknowledgement. ``KeptAliveWebClient`` sends the same request bytes over one
``http.client`` connection per thread and host, reopened when the server has closed it.
Everything else stays slack_sdk's: building the request, its retry handlers, parsing the
answer, raising ``SlackApiError``. Error statuses are raised as urllib's ``HTTPError``, which is
what slack_sdk's own handling (rate limits, Retry-After) expects from ``urlopen``.
"""

from __future__ import annotations

import http.client
import io
import threading
from typing import Any
from urllib.error import HTTPError
from urllib.parse import urlsplit
from urllib.request import Request

from slack_sdk import WebClient
from slack_sdk.errors import SlackRequestError

_local = threading.local()


def _connections() -> dict[tuple[str, str, int], http.client.HTTPConnection]:
    found: dict[tuple[str, str, int], http.client.HTTPConnection] | None = getattr(
        _local, "connections", None
    )
    if found is None:
        found = _local.connections = {}
    return found


def close_connections() -> None:
    """Close this thread's kept-alive connections (tests, a stopping process)."""
    for conn in _connections().values():
        conn.close()
    _connections().clear()


class KeptAliveWebClient(WebClient):
    def _perform_urllib_http_request_internal(self, url: str, req: Request) -> dict[str, Any]:
        parts = urlsplit(url)
        if parts.scheme not in ("http", "https") or not parts.hostname:
            raise SlackRequestError(f"Invalid URL detected: {url}")
        if self.proxy is not None:  # slack_sdk's own transport knows proxies
            return super()._perform_urllib_http_request_internal(url, req)
        port = parts.port or (443 if parts.scheme == "https" else 80)
        key = (parts.scheme, parts.hostname, port)
        target = parts.path + (f"?{parts.query}" if parts.query else "")
        body = req.data if isinstance(req.data, bytes) else None
        headers = dict(req.header_items())
        for attempt in range(2):
            conn, reused = self._connection(key)
            try:
                conn.request(req.get_method(), target, body=body, headers=headers)
                response = conn.getresponse()
                data = response.read()
            except (http.client.RemoteDisconnected, ConnectionResetError, BrokenPipeError):
                self._drop(key)
                if reused and attempt == 0:
                    continue  # the server closed an idle connection: one fresh try
                raise
            except (OSError, http.client.HTTPException):
                self._drop(key)
                raise
            if response.will_close:
                self._drop(key)
            if response.status >= 400:
                raise HTTPError(url, response.status, response.reason, response.msg,
                                io.BytesIO(data))
            charset = response.msg.get_content_charset() or "utf-8"
            return {"status": response.status, "headers": response.msg,
                    "body": data.decode(charset)}
        raise AssertionError("unreachable")

    def _connection(self, key: tuple[str, str, int]) -> tuple[http.client.HTTPConnection, bool]:
        connections = _connections()
        conn = connections.get(key)
        if conn is not None:
            return conn, True
        scheme, host, port = key
        conn = (
            http.client.HTTPSConnection(host, port, timeout=self.timeout, context=self.ssl)
            if scheme == "https"
            else http.client.HTTPConnection(host, port, timeout=self.timeout)
        )
        connections[key] = conn
        return conn, False

    @staticmethod
    def _drop(key: tuple[str, str, int]) -> None:
        conn = _connections().pop(key, None)
        if conn is not None:
            conn.close()
