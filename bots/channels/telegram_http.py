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
from urllib.parse import urlencode

from telegram.error import NetworkError, TimedOut
from telegram.request import BaseRequest, RequestData

from bots.channels.kept_alive import KeptAliveConnection

DEFAULT_TIMEOUT_S = 5.0  # python-telegram-bot's own default for reads, writes and connects


class PlainRequest(BaseRequest):
    """One connection per instance (one instance per thread): ``KeptAliveConnection``, which
    reopens it when the server closed it and retries a request once only when a kept-alive
    connection turns out to have been closed by the server before it answered."""

    def __init__(self, timeout_s: float = DEFAULT_TIMEOUT_S) -> None:
        self._timeout_s = timeout_s
        self._http = KeptAliveConnection()

    @property
    def read_timeout(self) -> float | None:
        return self._timeout_s

    async def initialize(self) -> None:
        """Nothing to set up: the connection opens with the first request."""

    async def shutdown(self) -> None:
        self._http.close()

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
        try:
            response, data = self._http.request(method, url, body, headers, float(timeout))
        except TimeoutError as exc:
            raise TimedOut() from exc
        except (OSError, http.client.HTTPException) as exc:
            raise NetworkError(f"{type(exc).__name__}: {exc}") from exc
        return response.status, data
