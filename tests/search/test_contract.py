"""The search contract, run against every backend we can reach."""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from knowledge.search.elastic import ElasticsearchBackend
from knowledge.search.embedded import EmbeddedBackend
from loopback.elasticsearch import FakeElasticsearch

from .contract import SearchBackendContract


class TestEmbedded(SearchBackendContract):
    @pytest.fixture
    def backend(self, tmp_path: Path) -> EmbeddedBackend:
        backend = EmbeddedBackend(
            tmp_path / "index", writer_threads=1, writer_heap_bytes=20_000_000
        )
        backend.setup()
        return backend


class TestElasticsearchLoopback(SearchBackendContract):
    """The Elasticsearch backend over real HTTP to the loopback server."""

    @pytest.fixture
    def backend(self) -> Iterator[ElasticsearchBackend]:
        with FakeElasticsearch() as fake:
            backend = ElasticsearchBackend(fake.url, index_prefix="contract", max_retries=0)
            backend.setup()
            yield backend


@pytest.mark.elasticsearch
@pytest.mark.skipif(
    not os.environ.get("ELASTICSEARCH_URL"), reason="set ELASTICSEARCH_URL to run against a server"
)
class TestElasticsearchServer(SearchBackendContract):
    """The same contract against a real server; each test gets its own indices."""

    @pytest.fixture
    def backend(self) -> Iterator[ElasticsearchBackend]:
        prefix = f"askfew-test-{uuid.uuid4().hex[:12]}"
        backend = ElasticsearchBackend(os.environ["ELASTICSEARCH_URL"], index_prefix=prefix)
        backend.setup()
        try:
            yield backend
        finally:
            backend.drop()
