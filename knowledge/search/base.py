"""The document store's search interface: records, errors and the backend contract.

Both backends (embedded tantivy, Elasticsearch) implement `SearchBackend` and pass the same
contract suite (tests/search/contract.py), so callers never need to know which one they hold.
"""

from __future__ import annotations

import json
import re
from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

Counted = Literal["passages", "documents"]

# Upper bound on `limit`: both engines pay per requested hit (snippets, stored-field reads), and
# Elasticsearch refuses more than 10,000 per page by default.
MAX_LIMIT = 1000

# A word as both engines' tokenizers see it (letters and digits, any script).
_WORD = re.compile(r"[^\W_]+")


@dataclass(frozen=True)
class Document:
    """A source document as ingested (an article, a flowchart, a FAQ page)."""

    id: str
    pack: str
    kind: str
    title: str
    text: str
    source: str = ""
    content_hash: str = ""
    metadata: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Passage:
    """A retrievable span of a document.

    `id` is stable: f"{document_id}#{ordinal}", so re-chunking the same text yields the same ids
    and citations survive re-indexing. `start`/`end` are character offsets into the document
    text; passages made by `chunk_text` satisfy `document.text[start:end] == passage.text`.
    """

    id: str
    document_id: str
    pack: str
    kind: str
    title: str
    text: str
    start: int
    end: int
    metadata: dict[str, Any] = field(default_factory=dict)

    @property
    def ordinal(self) -> int:
        return passage_ordinal(self.id, self.document_id)


@dataclass(frozen=True)
class SearchHit:
    """One ranked passage. `highlights` are HTML-escaped snippets with <mark>..</mark> tags,
    escaped as Elasticsearch's `html` highlight encoder does (`highlight_escape`)."""

    passage: Passage
    score: float
    highlights: tuple[str, ...]


# Lucene's SimpleHTMLEncoder, behind Elasticsearch's `"encoder": "html"`: these six characters,
# `'` and `/` as hexadecimal references. Every backend escapes snippets the same way.
_HIGHLIGHT_ESCAPES = str.maketrans(
    {"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;", "/": "&#x2F;"}
)


def highlight_escape(text: str) -> str:
    """`text` escaped for a highlight snippet, as Elasticsearch's html encoder escapes it."""
    return text.translate(_HIGHLIGHT_ESCAPES)


class SearchError(Exception):
    """Anything the search store could not do."""


class NotFound(SearchError):
    """The document, passage or index does not exist."""


class BackendUnavailable(SearchError):
    """The engine cannot be reached (down, wrong URL, not Elasticsearch, index locked)."""


class InvalidQuery(SearchError):
    """The engine rejected the query (only raw query syntax can be invalid)."""


class SearchBackend(ABC):
    """A document store with BM25 passage search.

    Writes are bulk upserts keyed by id. `index()` replaces a document's whole passage set, so a
    re-chunked document never keeps stale passages. Call `refresh()` before reading your own
    writes through `search`, `count` or `passages_of` (direct fetches by id are real-time).
    """

    @abstractmethod
    def setup(self) -> None:
        """Create indices, templates or schema. Idempotent."""

    @abstractmethod
    def index(self, documents: Sequence[Document], passages: Sequence[Passage]) -> None:
        """Upsert documents with their passages; each document's passages are replaced.

        Every passage must belong to a document in the same call (see `validate_batch`).
        """

    @abstractmethod
    def delete_document(self, document_id: str) -> None:
        """Remove a document and its passages; NotFound if there is no such document."""

    @abstractmethod
    def get_document(self, document_id: str) -> Document:
        """NotFound if absent."""

    @abstractmethod
    def get_passage(self, passage_id: str) -> Passage:
        """NotFound if absent."""

    @abstractmethod
    def passages_of(self, document_id: str) -> list[Passage]:
        """The document's passages in ordinal order; empty if the document has none."""

    @abstractmethod
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
        """BM25 over passage title and text, best first.

        Plain text (the default) never fails to parse: quotes, colons, brackets and operator
        words are matched as words. `raw=True` passes the engine's own query syntax through and
        raises InvalidQuery when it does not parse. `highlight=False` leaves every hit's
        `highlights` empty, for callers that only rank (building snippets is most of a
        many-hit search's cost).
        """

    @abstractmethod
    def count(
        self, *, pack: str | None = None, kind: str | None = None, what: Counted = "passages"
    ) -> int:
        """How many passages (or documents) match the filters."""

    @abstractmethod
    def refresh(self) -> None:
        """Make all writes so far visible to search and count."""

    @abstractmethod
    def clear(self, pack: str | None = None) -> None:
        """Delete everything, or everything in one pack."""

    @abstractmethod
    def health(self) -> bool:
        """True when the store answers; never raises."""


def passage_id(document_id: str, ordinal: int) -> str:
    return f"{document_id}#{ordinal}"


def passage_ordinal(passage_id_: str, document_id: str) -> int:
    """The ordinal encoded in a passage id; ValueError naming the id when malformed."""
    prefix = f"{document_id}#"
    suffix = passage_id_[len(prefix) :] if passage_id_.startswith(prefix) else ""
    if not suffix.isdigit():
        raise ValueError(f"passage id {passage_id_!r} is not of the form '{document_id}#<ordinal>'")
    return int(suffix)


def query_words(query: str) -> list[str]:
    """The distinct words of a plain-text query, in order; operators and punctuation dropped.

    ValueError when `query` is not a string.
    """
    if not isinstance(query, str):
        raise ValueError(f"query must be a string, got {type(query).__name__}")
    return list(dict.fromkeys(_WORD.findall(query)))


def check_limit(limit: int) -> None:
    if isinstance(limit, bool) or not isinstance(limit, int) or not 1 <= limit <= MAX_LIMIT:
        raise ValueError(f"limit must be an integer from 1 to {MAX_LIMIT}, got {limit!r}")


def check_counted(what: str) -> None:
    if what not in ("passages", "documents"):
        raise ValueError(f"what must be 'passages' or 'documents', got {what!r}")


def kinds_filter(kind: str | Sequence[str] | None) -> list[str] | None:
    """Normalise the `kind` argument; None means no filter, an empty list matches nothing."""
    if kind is None:
        return None
    if isinstance(kind, str):
        return [kind]
    kinds = list(kind)
    for k in kinds:
        if not isinstance(k, str):
            raise ValueError(f"kind must be a string or a sequence of strings, got {k!r}")
    return kinds


def metadata_json(owner: str, metadata: dict[str, Any]) -> str:
    """Serialise metadata, naming the record whose metadata is not JSON."""
    try:
        return json.dumps(metadata, ensure_ascii=False, sort_keys=True, allow_nan=False)
    except (TypeError, ValueError) as exc:
        raise ValueError(f"metadata of {owner} is not JSON-serialisable: {exc}") from exc


def validate_batch(documents: Sequence[Document], passages: Sequence[Passage]) -> None:
    """Reject batches that would leave the store inconsistent, naming the offending record.

    Passages must belong to a document of the same batch (that is what makes "replace the
    document's passages" well defined), agree with it on pack and kind (filters read them from
    the passage) and lie within its text.
    """
    by_id: dict[str, Document] = {}
    for doc in documents:
        if not isinstance(doc, Document):
            raise ValueError(f"expected a Document, got {type(doc).__name__}")
        for name in ("id", "pack", "kind"):
            value = getattr(doc, name)
            if not isinstance(value, str) or not value:
                raise ValueError(f"document {doc.id!r}: {name} must be a non-empty string")
        if doc.id in by_id:
            raise ValueError(f"document {doc.id!r} appears twice in one batch")
        metadata_json(f"document {doc.id!r}", doc.metadata)
        by_id[doc.id] = doc
    seen: set[str] = set()
    for p in passages:
        if not isinstance(p, Passage):
            raise ValueError(f"expected a Passage, got {type(p).__name__}")
        doc_or_none = by_id.get(p.document_id)
        if doc_or_none is None:
            raise ValueError(
                f"passage {p.id!r} belongs to document {p.document_id!r}, "
                "which is not in this batch"
            )
        passage_ordinal(p.id, p.document_id)
        if p.id in seen:
            raise ValueError(f"passage {p.id!r} appears twice in one batch")
        seen.add(p.id)
        if (p.pack, p.kind) != (doc_or_none.pack, doc_or_none.kind):
            raise ValueError(
                f"passage {p.id!r} has pack/kind {p.pack!r}/{p.kind!r} but its document has "
                f"{doc_or_none.pack!r}/{doc_or_none.kind!r}"
            )
        if not 0 <= p.start <= p.end <= len(doc_or_none.text):
            raise ValueError(
                f"passage {p.id!r} offsets {p.start}..{p.end} are outside its document's text "
                f"(length {len(doc_or_none.text)})"
            )
        metadata_json(f"passage {p.id!r}", p.metadata)
