"""The embedded search backend: a tantivy index in a local directory.

One index holds both record types, told apart by the `record` field, so a document and its
passages are replaced in a single commit: a reader never sees a document with half its
passages. Document records keep their title and text only in the stored payload, so term
statistics over `title`/`text` come from passages alone. Document records do count in tantivy's
document total (IDF's N and the average field length), which shifts BM25 scores a little
against a passages-only index: the price of the atomic replace, and the same for every query.

Tantivy allows one writer per directory across processes. Writers here serialise on a flock of
their own (waiting up to `lock_timeout_s` instead of failing at once), hold tantivy's writer
only for the duration of one write, and release it by waiting for its merge threads.
"""

from __future__ import annotations

import fcntl
import json
import os
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import tantivy

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
    highlight_escape,
    kinds_filter,
    metadata_json,
    passage_ordinal,
    query_words,
    validate_batch,
)

_DOCUMENT, _PASSAGE = "document", "passage"
_SEARCH_FIELDS = ["title", "text"]
# Titles repeat on every passage of a document: they should help route a query to the right
# document without drowning the passage text that actually answers it.
_TITLE_BOOST = 0.5
_LOCK_FILE = ".askfew-write.lock"
_LOCK_POLL_S = 0.02


def _schema() -> tantivy.Schema:
    sb = tantivy.SchemaBuilder()
    for name in ("record", "id", "document_id", "pack", "kind"):
        sb.add_text_field(name, stored=True, tokenizer_name="raw")
    sb.add_text_field("title", stored=True, tokenizer_name="en_stem")
    sb.add_text_field("text", stored=True, tokenizer_name="en_stem")
    for name in ("start", "end", "ordinal"):
        sb.add_integer_field(name, stored=True)
    sb.add_bytes_field("payload", stored=True)
    return sb.build()


class EmbeddedBackend(SearchBackend):
    """BM25 passage search in a tantivy index under `path` (created on first use)."""

    def __init__(
        self,
        path: str | os.PathLike[str],
        *,
        writer_heap_bytes: int = 64_000_000,
        writer_threads: int = 0,
        lock_timeout_s: float = 30.0,
        snippet_chars: int = 200,
    ) -> None:
        self.path = Path(path)
        self._writer_heap_bytes = writer_heap_bytes
        self._writer_threads = writer_threads
        self._lock_timeout_s = lock_timeout_s
        self._snippet_chars = snippet_chars
        self._schema = _schema()
        self._index_or_none: tantivy.Index | None = None
        self._open_lock = threading.Lock()

    def __repr__(self) -> str:
        return f"EmbeddedBackend({str(self.path)!r})"

    # -- lifecycle -----------------------------------------------------------------------------

    def setup(self) -> None:
        self._index()

    def _index(self) -> tantivy.Index:
        if self._index_or_none is None:
            with self._open_lock:
                if self._index_or_none is None:
                    self._index_or_none = self._open()
        return self._index_or_none

    def _open(self) -> tantivy.Index:
        try:
            self.path.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise BackendUnavailable(
                f"cannot create search index directory {self.path}: {exc}"
            ) from exc
        if tantivy.Index.exists(str(self.path)):
            return self._construct()  # no lock: readers must not wait for a long write
        # Two processes creating the same fresh index race on meta.json; creation goes under
        # the write lock so the loser opens what the winner made.
        with self._write_lock():
            return self._construct()

    def _construct(self) -> tantivy.Index:
        try:
            return tantivy.Index(self._schema, path=str(self.path), reuse=True)
        except ValueError as exc:
            hint = ""
            if "schema" in str(exc).lower():
                hint = " (an index with another schema lives there; delete it and re-index)"
            raise SearchError(f"cannot open search index at {self.path}: {exc}{hint}") from exc

    def health(self) -> bool:
        try:
            self._index().searcher()
        except Exception:
            return False
        return True

    def refresh(self) -> None:
        self._index().reload()

    # -- writes --------------------------------------------------------------------------------

    def index(self, documents: Sequence[Document], passages: Sequence[Passage]) -> None:
        validate_batch(documents, passages)
        if not documents:
            return
        by_doc: dict[str, list[Passage]] = {d.id: [] for d in documents}
        for p in passages:
            by_doc[p.document_id].append(p)
        with self._writer() as writer:
            for doc in documents:
                writer.delete_documents_by_term("document_id", doc.id)
                writer.add_document(_document_record(doc))
                for p in by_doc[doc.id]:
                    writer.add_document(_passage_record(p))

    def delete_document(self, document_id: str) -> None:
        with self._writer() as writer:
            # Checked under the write lock, so a concurrent writer cannot slip in between.
            self._index().reload()
            self._get(_DOCUMENT, document_id)
            writer.delete_documents_by_term("document_id", document_id)

    def clear(self, pack: str | None = None) -> None:
        with self._writer() as writer:
            if pack is None:
                writer.delete_all_documents()
            else:
                writer.delete_documents_by_term("pack", pack)

    @contextmanager
    def _writer(self) -> Iterator[Any]:
        index = self._index()
        with self._write_lock():
            writer = self._take_writer(index)
            try:
                yield writer
                writer.commit()
            except BaseException:
                writer.rollback()
                raise
            finally:
                # Consumes the writer: merges finish and tantivy's directory lock is released.
                writer.wait_merging_threads()
        index.reload()

    def _take_writer(self, index: tantivy.Index) -> Any:
        try:
            return index.writer(self._writer_heap_bytes, self._writer_threads)
        except ValueError as exc:
            # Our flock is held, so only a writer outside this code can hold tantivy's lock.
            raise BackendUnavailable(f"cannot write to {self.path}: {exc}") from exc

    @contextmanager
    def _write_lock(self) -> Iterator[None]:
        try:
            fd = os.open(self.path / _LOCK_FILE, os.O_RDWR | os.O_CREAT, 0o644)
        except OSError as exc:
            raise BackendUnavailable(f"cannot write to search index {self.path}: {exc}") from exc
        try:
            deadline = time.monotonic() + self._lock_timeout_s
            while True:
                try:
                    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                    break
                except BlockingIOError:
                    if time.monotonic() > deadline:
                        raise BackendUnavailable(
                            f"search index {self.path} has been locked by another writer for "
                            f"more than {self._lock_timeout_s:g} s"
                        ) from None
                    time.sleep(_LOCK_POLL_S)
            yield
        finally:
            os.close(fd)  # closing the descriptor drops the flock

    # -- reads ---------------------------------------------------------------------------------

    def get_document(self, document_id: str) -> Document:
        stored = self._get(_DOCUMENT, document_id)
        payload = json.loads(stored["payload"][0])
        return Document(
            id=stored["id"][0],
            pack=stored["pack"][0],
            kind=stored["kind"][0],
            title=payload["title"],
            text=payload["text"],
            source=payload["source"],
            content_hash=payload["content_hash"],
            metadata=payload["metadata"],
        )

    def get_passage(self, passage_id: str) -> Passage:
        return _passage_from(self._get(_PASSAGE, passage_id))

    def passages_of(self, document_id: str) -> list[Passage]:
        searcher = self._index().searcher()
        query = self._filters(_PASSAGE, document_id=document_id)
        total = _count(searcher, query)
        if not total:
            return []
        hits = searcher.search(query, total, count=False).hits
        passages = [_passage_from(searcher.doc(addr).to_dict()) for _, addr in hits]
        return sorted(passages, key=lambda p: p.ordinal)

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
        index = self._index()
        text_query = self._text_query(index, query, raw)
        if text_query is None:
            return []
        filters = self._filters(_PASSAGE, pack=pack, kinds=kinds)
        full = tantivy.Query.boolean_query(
            [
                (tantivy.Occur.Must, text_query),
                (tantivy.Occur.Must, tantivy.Query.const_score_query(filters, 0.0)),
            ]
        )
        searcher = index.searcher()
        hits = searcher.search(full, limit, count=False).hits
        if not hits:
            return []
        snippets = None
        if highlight:
            snippets = tantivy.SnippetGenerator.create(searcher, text_query, self._schema, "text")
            snippets.set_max_num_chars(self._snippet_chars)
        results = []
        for score, addr in hits:
            doc = searcher.doc(addr)
            snippet = _render_snippet(snippets.snippet_from_doc(doc)) if snippets else ""
            results.append(
                SearchHit(
                    passage=_passage_from(doc.to_dict()),
                    score=float(score),
                    highlights=(snippet,) if snippet else (),
                )
            )
        return results

    def count(
        self, *, pack: str | None = None, kind: str | None = None, what: Counted = "passages"
    ) -> int:
        check_counted(what)
        record = _PASSAGE if what == "passages" else _DOCUMENT
        query = self._filters(record, pack=pack, kinds=kinds_filter(kind))
        return _count(self._index().searcher(), query)

    def _text_query(self, index: tantivy.Index, query: str, raw: bool) -> tantivy.Query | None:
        if raw:
            if not isinstance(query, str):
                raise ValueError(f"query must be a string, got {type(query).__name__}")
            try:
                return index.parse_query(
                    query, _SEARCH_FIELDS, field_boosts={"title": _TITLE_BOOST}
                )
            except ValueError as exc:
                raise InvalidQuery(f"cannot parse query {query!r}: {exc}") from exc
        words = query_words(query)
        if not words:
            return None
        # Each word quoted: the parser then treats AND, field:, (, ) and quotes as plain text.
        quoted = " ".join(f'"{w}"' for w in words)
        return index.parse_query(quoted, _SEARCH_FIELDS, field_boosts={"title": _TITLE_BOOST})

    def _filters(
        self,
        record: str,
        *,
        pack: str | None = None,
        kinds: list[str] | None = None,
        document_id: str | None = None,
        id_: str | None = None,
    ) -> tantivy.Query:
        clauses = [(tantivy.Occur.Must, self._term("record", record))]
        for name, value in (("pack", pack), ("document_id", document_id), ("id", id_)):
            if value is not None:
                clauses.append((tantivy.Occur.Must, self._term(name, value)))
        if kinds is not None:
            query = (
                tantivy.Query.term_set_query(self._schema, "kind", kinds)
                if kinds
                else tantivy.Query.empty_query()
            )
            clauses.append((tantivy.Occur.Must, query))
        return tantivy.Query.boolean_query(clauses)

    def _term(self, name: str, value: str) -> tantivy.Query:
        return tantivy.Query.term_query(self._schema, name, value)

    def _get(self, record: str, id_: str) -> dict[str, list[Any]]:
        searcher = self._index().searcher()
        hits = searcher.search(self._filters(record, id_=id_), 1, count=False).hits
        if not hits:
            raise NotFound(f"no {record} with id {id_!r} in {self.path}")
        return searcher.doc(hits[0][1]).to_dict()


def _count(searcher: tantivy.Searcher, query: tantivy.Query) -> int:
    # Limit 1, not 0: tantivy panics on a zero limit. The stub lacks SearchResult.count.
    return int(searcher.search(query, 1, count=True).count)  # type: ignore[attr-defined]


def _document_record(doc: Document) -> tantivy.Document:
    payload = {
        "title": doc.title,
        "text": doc.text,
        "source": doc.source,
        "content_hash": doc.content_hash,
        "metadata": json.loads(metadata_json(f"document {doc.id!r}", doc.metadata)),
    }
    return tantivy.Document(
        record=_DOCUMENT,
        id=doc.id,
        document_id=doc.id,
        pack=doc.pack,
        kind=doc.kind,
        payload=json.dumps(payload, ensure_ascii=False).encode(),
    )


def _passage_record(p: Passage) -> tantivy.Document:
    return tantivy.Document(
        record=_PASSAGE,
        id=p.id,
        document_id=p.document_id,
        pack=p.pack,
        kind=p.kind,
        title=p.title,
        text=p.text,
        start=p.start,
        end=p.end,
        ordinal=passage_ordinal(p.id, p.document_id),
        payload=metadata_json(f"passage {p.id!r}", p.metadata).encode(),
    )


def _passage_from(stored: dict[str, list[Any]]) -> Passage:
    # A field with an empty string value may be absent from the stored document.
    def first(name: str, default: Any = "") -> Any:
        values = stored.get(name)
        return values[0] if values else default

    return Passage(
        id=first("id"),
        document_id=first("document_id"),
        pack=first("pack"),
        kind=first("kind"),
        title=first("title"),
        text=first("text"),
        start=int(first("start", 0)),
        end=int(first("end", 0)),
        metadata=json.loads(first("payload", b"{}")),
    )


def _render_snippet(snippet: tantivy.Snippet) -> str:
    """The fragment as escaped HTML with <mark> around matches ("" when nothing matched).

    Tantivy reports highlight ranges as UTF-8 byte offsets into the fragment.
    """
    ranges = snippet.highlighted()
    if not ranges:
        return ""
    fragment = snippet.fragment().encode()
    out: list[str] = []
    pos = 0

    def text(a: int, b: int | None = None) -> str:
        return highlight_escape(fragment[a:b].decode(errors="replace"))

    for r in sorted(ranges, key=lambda r: r.start):
        if r.start < pos:
            continue
        out.append(text(pos, r.start))
        out.append(f"<mark>{text(r.start, r.end)}</mark>")
        pos = r.end
    out.append(text(pos))
    return "".join(out).strip()
