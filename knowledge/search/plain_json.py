"""A transport for Elasticsearch-API servers that refuse the ES 9 client's compat media types.

The official 9.x client sends `Accept`/`Content-Type: application/vnd.elasticsearch+json;
compatible-with=9` (REST API compatibility, which Elasticsearch itself accepts). Other servers
that speak the same REST API, such as OpenSearch and the osmem-server used by the tests, answer
406 to it. This transport sends the plain media types (`application/json`,
`application/x-ndjson`) instead. It goes through the client's public `transport_class`
parameter; against real Elasticsearch it is not needed, and production leaves it off.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from elastic_transport import HttpHeaders, Transport, TransportApiResponse

_COMPAT = re.compile(r"application/vnd\.elasticsearch\+([\w-]+)(\s*;\s*compatible-with=\d+)?")


def plain_media_type(value: str) -> str:
    """`application/vnd.elasticsearch+json; compatible-with=9` -> `application/json`."""
    return _COMPAT.sub(r"application/\1", value)


class PlainJsonTransport(Transport):
    def perform_request(  # type: ignore[override]
        self, method: str, target: str, **kwargs: Any
    ) -> TransportApiResponse:
        headers = kwargs.get("headers")
        if isinstance(headers, Mapping):
            plain = HttpHeaders(headers)
            for name in ("accept", "content-type"):
                if name in plain:
                    plain[name] = plain_media_type(plain[name])
            kwargs["headers"] = plain
        return super().perform_request(method, target, **kwargs)
