"""The Elasticsearch backend, through the official client.

Two indices, `{prefix}-documents` and `{prefix}-passages`, each created from an index template
of the same name (so a re-created index gets the same analysis and mapping). Passages are
searched with BM25 under Elasticsearch's English analyzer; documents are records fetched by id.
Mappings are strict: a field we did not declare is a bug, and Elasticsearch refuses it.

Writes are not visible to search until a refresh (Elasticsearch refreshes every second, or on
`refresh()`); fetches by id are real-time. Re-indexing a document upserts its passages and then
deletes the ones it no longer has, so a search can briefly see both, never neither.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any

import elastic_transport
from elastic_transport import Transport
from elasticsearch import (
    ApiError,
    BadRequestError,
    Elasticsearch,
    NotFoundError,
    UnsupportedProductError,
)
from elasticsearch.helpers import BulkIndexError, bulk

from .base import (
    BackendUnavailable,
    Counted,
    Document,
    InvalidQuery,
    NotFound,
    Passage,
    SearchBackend,
    SearchError,
    SearchHit,
    check_counted,
    check_limit,
    kinds_filter,
    metadata_json,
    passage_ordinal,
    query_words,
    validate_batch,
)
from .plain_json import PlainJsonTransport

ANALYZER = "askfew_english"
TEMPLATE_PRIORITY = 200  # above Elasticsearch's built-in templates (100)
TEMPLATE_VERSION = 1
_TITLE_BOOST = 0.5  # same weighting as the embedded backend: titles route, text answers
_PAGE = 1000  # passages_of page size (search_after keeps it exact past 10,000)
# Bounds one delete_by_query's `terms` lists well under index.max_terms_count (65,536).
_STALE_BATCH_IDS = 10_000
_UNAVAILABLE_STATUSES = {429, 502, 503, 504}


def _settings() -> dict[str, Any]:
    return {"analysis": {"analyzer": {ANALYZER: {"type": "english"}}}}


def _keyword() -> dict[str, Any]:
    return {"type": "keyword"}


def _english() -> dict[str, Any]:
    return {"type": "text", "analyzer": ANALYZER}


def passages_mapping(embedding_dims: int | None) -> dict[str, Any]:
    properties: dict[str, Any] = {
        "id": _keyword(),
        "document_id": _keyword(),
        "pack": _keyword(),
        "kind": _keyword(),
        "title": _english(),
        "text": _english(),
        "start": {"type": "integer"},
        "end": {"type": "integer"},
        "ordinal": {"type": "integer"},
        # Kept in _source only: arbitrary importer keys must not grow the mapping.
        "metadata": {"type": "object", "enabled": False},
    }
    if embedding_dims is not None:
        properties["embedding"] = _embedding_mapping(embedding_dims)
    return {"dynamic": "strict", "properties": properties}


def documents_mapping() -> dict[str, Any]:
    return {
        "dynamic": "strict",
        "properties": {
            "id": _keyword(),
            "pack": _keyword(),
            "kind": _keyword(),
            "title": _english(),
            # Search runs on passages; the full text is stored for display and re-chunking.
            "text": {"type": "text", "index": False},
            "source": {"type": "keyword", "ignore_above": 2048},
            "content_hash": _keyword(),
            "metadata": {"type": "object", "enabled": False},
        },
    }


def _embedding_mapping(dims: int) -> dict[str, Any]:
    return {"type": "dense_vector", "dims": dims, "index": True, "similarity": "cosine"}


# One escaped fragment of up to 200 characters per hit, matches in <mark> (SearchHit.highlights).
_HIGHLIGHT: dict[str, Any] = {
    "encoder": "html",
    "pre_tags": ["<mark>"],
    "post_tags": ["</mark>"],
    "fields": {"text": {"number_of_fragments": 1, "fragment_size": 200}},
}


class ElasticsearchBackend(SearchBackend):
    """Passage search in Elasticsearch at `url` (e.g. http://localhost:9200).

    `embedding_dims` maps a `dense_vector` field `embedding` on passages (cosine similarity);
    without it no vector field exists and `index(..., embeddings=...)` is refused.
    Credentials go in the URL (https://user:password@host:9200) or as `api_key`.
    `compat_media_types=False` sends plain `application/json` for servers that speak the same
    REST API but refuse the client's `compatible-with=9` media type (see `plain_json`).
    """

    def __init__(
        self,
        url: str,
        *,
        index_prefix: str = "askfew",
        embedding_dims: int | None = None,
        api_key: str | None = None,
        request_timeout: float = 10.0,
        max_retries: int = 2,
        bulk_chunk_size: int = 500,
        client: Elasticsearch | None = None,
        compat_media_types: bool = True,
    ) -> None:
        if not index_prefix or index_prefix != index_prefix.lower() or "," in index_prefix:
            raise ValueError(
                f"index_prefix must be non-empty lowercase without commas, got {index_prefix!r}"
            )
        if embedding_dims is not None and not 1 <= embedding_dims <= 4096:
            raise ValueError(f"embedding_dims must be in 1..4096, got {embedding_dims}")
        self.url = url
        self.documents_index = f"{index_prefix}-documents"
        self.passages_index = f"{index_prefix}-passages"
        self.embedding_dims = embedding_dims
        self._bulk_chunk_size = bulk_chunk_size
        self._ready = False
        self.client = client or Elasticsearch(
            url,
            api_key=api_key,
            request_timeout=request_timeout,
            max_retries=max_retries,
            retry_on_timeout=True,
            transport_class=Transport if compat_media_types else PlainJsonTransport,
        )

    def __repr__(self) -> str:
        return f"ElasticsearchBackend({self.url!r}, passages={self.passages_index!r})"

    # -- lifecycle -----------------------------------------------------------------------------

    def templates(self) -> dict[str, dict[str, Any]]:
        """Index template bodies by name (what `setup` PUTs)."""
        return {
            self.documents_index: self._template(self.documents_index, documents_mapping()),
            self.passages_index: self._template(
                self.passages_index, passages_mapping(self.embedding_dims)
            ),
        }

    @staticmethod
    def _template(index: str, mappings: dict[str, Any]) -> dict[str, Any]:
        return {
            "index_patterns": [index],
            "priority": TEMPLATE_PRIORITY,
            "version": TEMPLATE_VERSION,
            "template": {"settings": _settings(), "mappings": mappings},
            "_meta": {"managed_by": "askfew"},
        }

    def setup(self) -> None:
        with self._errors("setting up indices"):
            for name, body in self.templates().items():
                self.client.indices.put_index_template(name=name, **body)
            for name in (self.documents_index, self.passages_index):
                if not self.client.indices.exists(index=name):
                    self._create_index(name)
            if self.embedding_dims is not None:
                # An index created before vectors were enabled gains the field in place.
                self.client.indices.put_mapping(
                    index=self.passages_index,
                    properties={"embedding": _embedding_mapping(self.embedding_dims)},
                )
        self._ready = True

    def _create_index(self, name: str) -> None:
        try:
            self.client.indices.create(index=name)
        except BadRequestError as exc:
            # Another process created it between our exists() and create().
            if _error_type(exc) != "resource_already_exists_exception":
                raise

    def drop(self) -> None:
        """Delete both indices and their templates (tests, re-deploys). Missing ones are fine."""
        with self._errors("dropping indices"):
            for name in (self.documents_index, self.passages_index):
                self.client.options(ignore_status=404).indices.delete(index=name)
                self.client.options(ignore_status=404).indices.delete_index_template(name=name)
        self._ready = False

    def health(self) -> bool:
        try:
            with self._errors("health check"):
                self.client.info()
        except SearchError:
            return False
        return True

    def refresh(self) -> None:
        with self._errors("refreshing"):
            self.client.indices.refresh(index=[self.documents_index, self.passages_index])

    # -- writes --------------------------------------------------------------------------------

    def index(
        self,
        documents: Sequence[Document],
        passages: Sequence[Passage],
        *,
        embeddings: Mapping[str, Sequence[float]] | None = None,
    ) -> None:
        """As `SearchBackend.index`; `embeddings` maps passage id to its vector."""
        validate_batch(documents, passages)
        self._check_embeddings(passages, embeddings or {})
        if not documents:
            return
        if not self._ready:
            self.setup()
        with self._errors("bulk indexing"):
            try:
                bulk(
                    self.client,
                    self._actions(documents, passages, embeddings or {}),
                    chunk_size=self._bulk_chunk_size,
                )
            except BulkIndexError as exc:
                raise SearchError(_bulk_failure(exc)) from exc
            self._delete_stale_passages(documents, passages)

    def _check_embeddings(
        self, passages: Sequence[Passage], embeddings: Mapping[str, Sequence[float]]
    ) -> None:
        if not embeddings:
            return
        if self.embedding_dims is None:
            raise ValueError("embeddings given but this backend has no embedding_dims configured")
        known = {p.id for p in passages}
        for pid, vector in embeddings.items():
            if pid not in known:
                raise ValueError(f"embedding for passage {pid!r}, which is not in this batch")
            if len(vector) != self.embedding_dims:
                raise ValueError(
                    f"embedding for passage {pid!r} has {len(vector)} dimensions, "
                    f"expected {self.embedding_dims}"
                )

    def _actions(
        self,
        documents: Sequence[Document],
        passages: Sequence[Passage],
        embeddings: Mapping[str, Sequence[float]],
    ) -> Iterator[dict[str, Any]]:
        for doc in documents:
            yield {"_index": self.documents_index, "_id": doc.id, "_source": _document_source(doc)}
        for p in passages:
            source = _passage_source(p)
            if p.id in embeddings:
                source["embedding"] = [float(x) for x in embeddings[p.id]]
            yield {"_index": self.passages_index, "_id": p.id, "_source": source}

    def _delete_stale_passages(
        self, documents: Sequence[Document], passages: Sequence[Passage]
    ) -> None:
        # delete_by_query sees only refreshed data. Refreshing here, after every bulk write,
        # keeps the invariant that all passages ever written are visible to it, so stale ones
        # from an earlier, unrefreshed call cannot survive (delete_document relies on it too).
        self.client.indices.refresh(index=self.passages_index)
        keep: dict[str, list[str]] = {d.id: [] for d in documents}
        for p in passages:
            keep[p.document_id].append(p.id)
        for doc_ids, kept_ids in _batches(keep, _STALE_BATCH_IDS):
            query: dict[str, Any] = {"bool": {"filter": [{"terms": {"document_id": doc_ids}}]}}
            if kept_ids:
                query["bool"]["must_not"] = [{"terms": {"id": kept_ids}}]
            self.client.delete_by_query(index=self.passages_index, query=query, conflicts="proceed")

    def delete_document(self, document_id: str) -> None:
        with self._errors(f"deleting document {document_id!r}"):
            self.client.delete(index=self.documents_index, id=document_id)
            # No refresh needed first: index() refreshes passages after every bulk write, so
            # delete_by_query already sees all of them.
            self.client.delete_by_query(
                index=self.passages_index,
                query={"term": {"document_id": document_id}},
                conflicts="proceed",
            )

    def clear(self, pack: str | None = None) -> None:
        query: dict[str, Any] = {"match_all": {}} if pack is None else {"term": {"pack": pack}}
        with self._errors("clearing"):
            self.refresh()
            for name in (self.documents_index, self.passages_index):
                self.client.delete_by_query(index=name, query=query, conflicts="proceed")

    # -- reads ---------------------------------------------------------------------------------

    def get_document(self, document_id: str) -> Document:
        with self._errors(f"document {document_id!r}"):
            source = self.client.get(index=self.documents_index, id=document_id)["_source"]
        return Document(
            id=source["id"],
            pack=source["pack"],
            kind=source["kind"],
            title=source["title"],
            text=source["text"],
            source=source.get("source", ""),
            content_hash=source.get("content_hash", ""),
            metadata=source.get("metadata", {}),
        )

    def get_passage(self, passage_id: str) -> Passage:
        with self._errors(f"passage {passage_id!r}"):
            source = self.client.get(index=self.passages_index, id=passage_id)["_source"]
        return _passage_from(source)

    def passages_of(self, document_id: str) -> list[Passage]:
        passages: list[Passage] = []
        after: list[Any] | None = None
        with self._errors(f"passages of {document_id!r}"):
            while True:
                page = self.client.search(
                    index=self.passages_index,
                    query={"term": {"document_id": document_id}},
                    sort=[{"ordinal": "asc"}],
                    size=_PAGE,
                    search_after=after,
                    source_excludes=["embedding"],
                )["hits"]["hits"]
                passages.extend(_passage_from(h["_source"]) for h in page)
                if len(page) < _PAGE:
                    return passages
                after = page[-1]["sort"]

    def search(
        self,
        query: str,
        *,
        pack: str | None = None,
        kind: str | Sequence[str] | None = None,
        limit: int = 10,
        raw: bool = False,
        highlight: bool = True,
    ) -> list[SearchHit]:
        check_limit(limit)
        kinds = kinds_filter(kind)
        if kinds == []:
            return []
        fields = ["text", f"title^{_TITLE_BOOST}"]
        text_query: dict[str, Any]
        if raw:
            if not isinstance(query, str):
                raise ValueError(f"query must be a string, got {type(query).__name__}")
            text_query = {"query_string": {"query": query, "fields": fields}}
        else:
            if not query_words(query):
                return []
            # multi_match analyses the text and never parses operators: user text is inert.
            text_query = {"multi_match": {"query": query, "fields": fields, "type": "most_fields"}}
        with self._errors("searching", query=True):
            response = self.client.search(
                index=self.passages_index,
                query={"bool": {"must": [text_query], "filter": self._filters(pack, kinds)}},
                size=limit,
                source_excludes=["embedding"],
                highlight=_HIGHLIGHT if highlight else None,
            )
        return [
            SearchHit(
                passage=_passage_from(h["_source"]),
                score=float(h["_score"]),
                highlights=tuple(h.get("highlight", {}).get("text", ())),
            )
            for h in response["hits"]["hits"]
        ]

    def count(
        self, *, pack: str | None = None, kind: str | None = None, what: Counted = "passages"
    ) -> int:
        check_counted(what)
        index = self.passages_index if what == "passages" else self.documents_index
        filters = self._filters(pack, kinds_filter(kind))
        with self._errors("counting"):
            return int(self.client.count(index=index, query={"bool": {"filter": filters}})["count"])

    @staticmethod
    def _filters(pack: str | None, kinds: list[str] | None) -> list[dict[str, Any]]:
        filters: list[dict[str, Any]] = []
        if pack is not None:
            filters.append({"term": {"pack": pack}})
        if kinds is not None:
            filters.append({"terms": {"kind": kinds}})
        return filters

    # -- errors --------------------------------------------------------------------------------

    @contextmanager
    def _errors(self, what: str, *, query: bool = False) -> Iterator[None]:
        """Translate client exceptions into the interface's typed errors.

        A 400 is InvalidQuery only where the request carried the caller's query (`query`);
        elsewhere it is our request that was wrong, a plain SearchError.
        """
        try:
            yield
        except SearchError:
            raise
        except UnsupportedProductError as exc:
            raise BackendUnavailable(
                f"{what}: the server at {self.url} is not Elasticsearch "
                "(no 'X-Elastic-Product: Elasticsearch' header)"
            ) from exc
        except NotFoundError as exc:
            if _error_type(exc) == "index_not_found_exception":
                raise NotFound(f"{what}: index missing ({_reason(exc)}); run setup()") from exc
            raise NotFound(f"{what}: not found") from exc
        except BadRequestError as exc:
            error = InvalidQuery if query else SearchError
            raise error(f"{what}: {_error_type(exc)}: {_reason(exc)}") from exc
        except ApiError as exc:
            error = BackendUnavailable if exc.status_code in _UNAVAILABLE_STATUSES else SearchError
            detail = f"HTTP {exc.status_code} {_error_type(exc)}: {_reason(exc)}"
            raise error(f"{what}: {detail}") from exc
        except elastic_transport.TransportError as exc:
            raise BackendUnavailable(f"{what}: cannot reach {self.url}: {exc}") from exc


def _document_source(doc: Document) -> dict[str, Any]:
    return {
        "id": doc.id,
        "pack": doc.pack,
        "kind": doc.kind,
        "title": doc.title,
        "text": doc.text,
        "source": doc.source,
        "content_hash": doc.content_hash,
        "metadata": json.loads(metadata_json(f"document {doc.id!r}", doc.metadata)),
    }


def _passage_source(p: Passage) -> dict[str, Any]:
    return {
        "id": p.id,
        "document_id": p.document_id,
        "pack": p.pack,
        "kind": p.kind,
        "title": p.title,
        "text": p.text,
        "start": p.start,
        "end": p.end,
        "ordinal": passage_ordinal(p.id, p.document_id),
        "metadata": json.loads(metadata_json(f"passage {p.id!r}", p.metadata)),
    }


def _passage_from(source: Mapping[str, Any]) -> Passage:
    return Passage(
        id=source["id"],
        document_id=source["document_id"],
        pack=source["pack"],
        kind=source["kind"],
        title=source["title"],
        text=source["text"],
        start=int(source["start"]),
        end=int(source["end"]),
        metadata=source.get("metadata", {}),
    )


def _batches(keep: Mapping[str, list[str]], max_ids: int) -> Iterable[tuple[list[str], list[str]]]:
    """Group documents (with the passage ids they keep) so no group exceeds `max_ids` ids.

    A document keeping more ids than that goes alone; Elasticsearch's own limit
    (index.max_terms_count, 65,536 ids) then bounds how many passages one document may have.
    """
    doc_ids: list[str] = []
    kept: list[str] = []
    for doc_id, ids in keep.items():
        if doc_ids and len(doc_ids) + len(kept) + 1 + len(ids) > max_ids:
            yield doc_ids, kept
            doc_ids, kept = [], []
        doc_ids.append(doc_id)
        kept.extend(ids)
    if doc_ids:
        yield doc_ids, kept


def _error_type(exc: ApiError) -> str:
    body = exc.body
    if isinstance(body, dict) and isinstance(body.get("error"), dict):
        return str(body["error"].get("type", ""))
    return str(exc.message)


def _reason(exc: ApiError) -> str:
    body = exc.body
    if isinstance(body, dict) and isinstance(body.get("error"), dict):
        error = body["error"]
        caused = error.get("caused_by") or {}
        reason = str(error.get("reason", ""))
        if isinstance(caused, dict) and caused.get("reason"):
            reason = f"{reason} ({caused['reason']})" if reason else str(caused["reason"])
        return reason
    return str(body)


def _bulk_failure(exc: BulkIndexError) -> str:
    errors = exc.errors
    first = errors[0] if errors else {}
    return f"bulk indexing failed for {len(errors)} record(s); first: {first}"
