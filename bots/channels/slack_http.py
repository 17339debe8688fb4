"""A kept-alive transport for slack_sdk's ``WebClient``.

slack_sdk opens a new connection (``urllib.request.urlopen``) for every Web API call: a TCP
and, against Slack itself, a TLS handshake each time, on every reply and every button
acknowledgement. ``KeptAliveWebClient`` sends the same request bytes over one kept-alive
connection per thread (``bots.channels.kept_alive``). Everything else stays slack_sdk's:
building the request, its retry handlers, parsing the answer, raising ``SlackApiError``. Error
statuses are raised as urllib's ``HTTPError``, which is what slack_sdk's own handling (rate
limits, Retry-After) expects from ``urlopen``.
"""

from __future__ import annotations

import io
import threading
from typing import Any
from urllib.error import HTTPError
from urllib.parse import urlsplit
from urllib.request import Request

from slack_sdk import WebClient
from slack_sdk.errors import SlackRequestError

from bots.channels.kept_alive import KeptAliveConnection

_local = threading.local()


class KeptAliveWebClient(WebClient):
    def _perform_urllib_http_request_internal(self, url: str, req: Request) -> dict[str, Any]:
        parts = urlsplit(url)
        if parts.scheme not in ("http", "https") or not parts.hostname:
            raise SlackRequestError(f"Invalid URL detected: {url}")
        if self.proxy is not None:  # slack_sdk's own transport knows proxies
            return super()._perform_urllib_http_request_internal(url, req)
        body = req.data if isinstance(req.data, bytes) else None
        response, data = self._http().request(
            req.get_method(), url, body, dict(req.header_items()), float(self.timeout)
        )
        if response.status >= 400:
            raise HTTPError(url, response.status, response.reason, response.msg, io.BytesIO(data))
        charset = response.msg.get_content_charset() or "utf-8"
        return {"status": response.status, "headers": response.msg, "body": data.decode(charset)}

    def _http(self) -> KeptAliveConnection:
        """This thread's connection (WebClients are made per call; connections outlive them)."""
        found: KeptAliveConnection | None = getattr(_local, "http", None)
        if found is None:
            found = _local.http = KeptAliveConnection(context=self.ssl)
        return found
