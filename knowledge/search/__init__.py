"""The document store: passage search behind one interface, embedded (tantivy) or Elasticsearch.

from knowledge.search import get_backend, Document, chunk_text
store = get_backend()                 # from Django settings
store.index([doc], chunk_text(doc.id, doc.text, pack=doc.pack, kind=doc.kind, title=doc.title))
store.refresh()
hits = store.search("wifi drops after sleep", pack="it", limit=5)
"""

from __future__ import annotations

import threading
from typing import Any

from .base import (
    BackendUnavailable,
    Document,
    InvalidQuery,
    NotFound,
    Passage,
    SearchBackend,
    SearchError,
    SearchHit,
)
from .chunking import chunk_text

__all__ = [
    "BACKENDS",
    "BackendUnavailable",
    "Document",
    "InvalidQuery",
    "NotFound",
    "Passage",
    "SearchBackend",
    "SearchError",
    "SearchHit",
    "chunk_text",
    "get_backend",
]

BACKENDS = ("embedded", "elasticsearch")

# Opening an index (or a client connection pool) per call would be wasteful; instances are
# shared per resolved configuration, so changed settings still give a fresh instance.
_cache: dict[str, SearchBackend] = {}
_cache_lock = threading.Lock()


def get_backend(name: str | None = None, **options: Any) -> SearchBackend:
    """The search backend `name` ("embedded" or "elasticsearch") built from `options`.

    With `name` None, everything comes from Django settings: SEARCH_BACKEND, SEARCH_INDEX_DIR
    (embedded), ELASTICSEARCH_URL and SEARCH_INDEX_PREFIX (elasticsearch); `options` still
    override. With a name, settings are not read at all, so this works without Django:
    embedded needs `path`, elasticsearch needs `url` (`index_prefix` defaults to "askfew").
    """
    if name is None:
        name, options = _from_settings(options)
    if name not in BACKENDS:
        raise ValueError(f"unknown search backend {name!r}; expected one of {BACKENDS}")
    key = f"{name}:{sorted(options.items())!r}"
    with _cache_lock:
        backend = _cache.get(key)
        if backend is None:
            backend = _build(name, options)
            _cache[key] = backend
        return backend


def _from_settings(options: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    from django.conf import settings

    name = str(getattr(settings, "SEARCH_BACKEND", "embedded") or "embedded")
    if name == "embedded":
        defaults = {"path": settings.SEARCH_INDEX_DIR}
    else:
        defaults = {
            "url": getattr(settings, "ELASTICSEARCH_URL", ""),
            "index_prefix": getattr(settings, "SEARCH_INDEX_PREFIX", "askfew"),
            "compat_media_types": getattr(settings, "ELASTICSEARCH_COMPAT_MEDIA_TYPES", True),
        }
    return name, {**defaults, **options}


def _build(name: str, options: dict[str, Any]) -> SearchBackend:
    if name == "embedded":
        if not options.get("path"):
            raise ValueError("the embedded search backend needs path= (the index directory)")
        from .embedded import EmbeddedBackend

        return EmbeddedBackend(**options)
    if not options.get("url"):
        raise ValueError(
            "the elasticsearch search backend needs url= (set ELASTICSEARCH_URL), "
            "e.g. http://localhost:9200"
        )
    from .elastic import ElasticsearchBackend

    return ElasticsearchBackend(**options)
