"""get_backend: settings only when no name is given, shared instances, clear errors."""

from __future__ import annotations

from pathlib import Path

import pytest
from pytest_django.fixtures import Settings

from knowledge.search import get_backend
from knowledge.search.elastic import ElasticsearchBackend
from knowledge.search.embedded import EmbeddedBackend


def test_default_comes_from_settings(settings: Settings, tmp_path: Path) -> None:
    settings.SEARCH_BACKEND = "embedded"
    settings.SEARCH_INDEX_DIR = tmp_path / "idx"
    backend = get_backend()
    assert isinstance(backend, EmbeddedBackend)
    assert backend.path == tmp_path / "idx"
    assert get_backend() is backend  # one instance per configuration
    settings.SEARCH_INDEX_DIR = tmp_path / "other"
    assert get_backend() is not backend


def test_elasticsearch_from_settings(settings: Settings) -> None:
    settings.SEARCH_BACKEND = "elasticsearch"
    settings.ELASTICSEARCH_URL = "http://127.0.0.1:9"
    settings.SEARCH_INDEX_PREFIX = "demo"
    backend = get_backend()
    assert isinstance(backend, ElasticsearchBackend)
    assert (backend.documents_index, backend.passages_index) == ("demo-documents", "demo-passages")


def test_named_backends_do_not_read_settings(settings: Settings, tmp_path: Path) -> None:
    settings.SEARCH_BACKEND = "no-such-backend"  # would fail if it were read
    assert isinstance(get_backend("embedded", path=tmp_path), EmbeddedBackend)
    es = get_backend("elasticsearch", url="http://127.0.0.1:9", index_prefix="x")
    assert isinstance(es, ElasticsearchBackend)


@pytest.mark.parametrize(
    ("name", "options", "message"),
    [
        ("solr", {}, "unknown search backend 'solr'"),
        ("embedded", {}, "needs path="),
        ("elasticsearch", {}, "needs url="),
        ("elasticsearch", {"url": "http://h:9200", "index_prefix": "Bad"}, "lowercase"),
    ],
)
def test_bad_configuration_is_named(name: str, options: dict[str, str], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        get_backend(name, **options)


def test_unknown_setting_value_is_named(settings: Settings) -> None:
    settings.SEARCH_BACKEND = "solr"
    with pytest.raises(ValueError, match="unknown search backend 'solr'"):
        get_backend()
