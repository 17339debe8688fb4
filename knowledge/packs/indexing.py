"""Documents between the database and the search index, with undo for failed writes.

The search index has no transactions. Writers here record every index document they touch and,
when the surrounding database transaction fails, call :func:`restore` to put each one back as
the database held it before (re-index the old row, or delete a document that was new), so the
index never keeps half of a failed import or ingest.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from knowledge.models import Document
from knowledge.packs.passages import DEFAULT_SPLIT, content_hash, split_passages
from knowledge.search import Document as SearchDocument
from knowledge.search import NotFound, SearchBackend
from knowledge.search import Passage as SearchPassage

logger = logging.getLogger(__name__)

INDEX_BATCH = 200


@dataclass(frozen=True)
class DocState:
    """A document as the database holds it, enough to index it again."""

    external_id: str
    pack: str
    kind: str
    title: str
    text: str
    source: str
    split: str
    origin: str
    content_hash: str
    metadata: Mapping[str, Any]

    @classmethod
    def of(cls, row: Document, pack: str) -> DocState:
        return cls(
            external_id=row.external_id,
            pack=pack,
            kind=row.kind,
            title=row.title,
            text=row.text,
            source=row.source,
            split=row.split,
            origin=row.origin,
            content_hash=row.content_hash,
            metadata=dict(row.metadata or {}),
        )

    def passages(self) -> list[SearchPassage]:
        return split_passages(
            self.external_id,
            self.text,
            pack=self.pack,
            kind=self.kind,
            title=self.title,
            split=self.split,
        )

    def search_document(self) -> SearchDocument:
        return SearchDocument(
            id=self.external_id,
            pack=self.pack,
            kind=self.kind,
            title=self.title,
            text=self.text,
            source=self.source,
            content_hash=self.content_hash,
            metadata={**self.metadata, "origin": self.origin},
        )

    def same_as(self, other: DocState | None) -> bool:
        """Nothing to write: same content, source and metadata."""
        return (
            other is not None
            and other.content_hash == self.content_hash
            and other.source == self.source
            and dict(other.metadata) == dict(self.metadata)
            and other.origin == self.origin
        )

    def fields(self) -> dict[str, Any]:
        """The Document row's fields (besides pack, external_id and passage_count)."""
        return {
            "kind": self.kind,
            "title": self.title,
            "text": self.text,
            "source": self.source,
            "split": self.split,
            "origin": self.origin,
            "content_hash": self.content_hash,
            "metadata": dict(self.metadata),
        }


def document_state(
    *,
    external_id: str,
    pack: str,
    kind: str,
    title: str,
    text: str,
    source: str = "",
    split: str = DEFAULT_SPLIT,
    origin: str = Document.ORIGIN_PACK,
    metadata: Mapping[str, Any] | None = None,
) -> DocState:
    return DocState(
        external_id=external_id,
        pack=pack,
        kind=kind,
        title=title,
        text=text,
        source=source,
        split=split,
        origin=origin,
        content_hash=content_hash(kind=kind, title=title, text=text, split=split),
        metadata=dict(metadata or {}),
    )


def batches(items: Sequence[DocState], size: int) -> Iterable[Sequence[DocState]]:
    if size < 1:
        raise ValueError(f"batch_size must be at least 1, got {size}")
    for start in range(0, len(items), size):
        yield items[start : start + size]


def delete_quietly(store: SearchBackend, document_id: str) -> None:
    """Delete a document from the index; one that is not there is fine."""
    with contextlib.suppress(NotFound):
        store.delete_document(document_id)


def restore(
    store: SearchBackend,
    touched: Sequence[str],
    before: Mapping[str, DocState],
    exc: BaseException,
) -> None:
    """Put every touched index document back as it was before the failed write.

    Failures while undoing are logged and attached to ``exc`` as a note, never raised: the
    caller re-raises the original error.
    """
    failures = []
    for ident in dict.fromkeys(reversed(touched)):
        state = before.get(ident)
        try:
            if state is None:
                delete_quietly(store, ident)
            else:
                store.index([state.search_document()], state.passages())
        except Exception as undo_error:  # keep undoing the rest; report below
            failures.append(f"{ident}: {undo_error}")
    try:
        store.refresh()
    except Exception as undo_error:
        failures.append(f"refresh: {undo_error}")
    if failures:
        logger.error("could not undo the index writes of a failed write: %s", failures)
        exc.add_note(
            "The search index could not be fully restored (run `manage.py reindex_packs`): "
            + "; ".join(failures)
        )
