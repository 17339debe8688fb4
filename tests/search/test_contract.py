"""The search contract, run against every backend: the embedded index, and the Elasticsearch
backend through the official client against a real Elasticsearch-API server (osmem-server,
started by the `elasticsearch` fixture; or the server ELASTICSEARCH_URL names)."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from knowledge.search.elastic import ElasticsearchBackend
from knowledge.search.embedded import EmbeddedBackend
from tests.elasticsearch_server import ElasticsearchServer

from .contract import SearchBackendContract


class TestEmbedded(SearchBackendContract):
    @pytest.fixture
    def backend(self, tmp_path: Path) -> EmbeddedBackend:
        backend = EmbeddedBackend(
            tmp_path / "index", writer_threads=1, writer_heap_bytes=20_000_000
        )
        backend.setup()
        return backend


class TestElasticsearch(SearchBackendContract):
    """Each test gets its own indices on the session's server, dropped afterwards."""

    @pytest.fixture
    def backend(self, elasticsearch: ElasticsearchServer) -> Iterator[ElasticsearchBackend]:
        backend = ElasticsearchBackend(
            elasticsearch.url,
            index_prefix=f"askfew-test-{uuid.uuid4().hex[:12]}",
            max_retries=0,
            compat_media_types=elasticsearch.compat_media_types,
        )
        backend.setup()
        try:
            yield backend
        finally:
            backend.drop()
