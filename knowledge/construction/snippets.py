"""Passages as the construction sees them: retrieved by BM25 from one pack, shown to the LLM.

Every variable and every link the construction proposes must cite one of these by passage id,
so the retriever is the single place snippets come from.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass

from knowledge.search.base import MAX_LIMIT, SearchBackend
from planning.network import Citation


@dataclass(frozen=True)
class Snippet:
    passage_id: str
    document_id: str
    title: str
    text: str

    def citation(self, quote: str = "") -> Citation:
        return Citation(passage_id=self.passage_id, document_id=self.document_id, quote=quote)


# With a document filter, over-fetch so that filtering still leaves `limit` hits.
_FILTER_OVERFETCH = 4


class PassageRetriever:
    """BM25 search over one pack's passages.

    ``kind`` limits the kinds of document; ``documents`` limits the documents (e.g. to those in
    the pack file, the only ones a saved pack version may cite).
    """

    def __init__(
        self,
        backend: SearchBackend,
        pack: str,
        *,
        kind: str | Sequence[str] | None = None,
        snippet_chars: int = 800,
        documents: Collection[str] | None = None,
    ) -> None:
        if snippet_chars < 50:
            raise ValueError(f"snippet_chars must be at least 50, got {snippet_chars}")
        self.backend = backend
        self.pack = pack
        self.kind = kind
        self.snippet_chars = snippet_chars
        self.documents = frozenset(documents) if documents is not None else None
        self.queries = 0

    def search(self, query: str, limit: int) -> list[Snippet]:
        self.queries += 1
        wanted = limit if self.documents is None else min(MAX_LIMIT, limit * _FILTER_OVERFETCH)
        hits = self.backend.search(query, pack=self.pack, kind=self.kind, limit=wanted)
        if self.documents is not None:
            hits = [h for h in hits if h.passage.document_id in self.documents][:limit]
        return [
            Snippet(
                passage_id=h.passage.id,
                document_id=h.passage.document_id,
                title=h.passage.title,
                text=h.passage.text,
            )
            for h in hits
        ]

    def shown(self, snippet: Snippet) -> str:
        """The snippet text as the model sees it: cut to ``snippet_chars`` on a word."""
        text = " ".join(snippet.text.split())
        if len(text) <= self.snippet_chars:
            return text
        cut = text[: self.snippet_chars].rsplit(" ", 1)[0]
        return f"{cut} ..."

    def numbered(self, snippets: Iterable[Snippet]) -> str:
        """Snippets listed one per paragraph as ``[passage id] (title) text``."""
        return "\n\n".join(
            f"[{s.passage_id}] ({s.title}) {self.shown(s)}"
            if s.title
            else f"[{s.passage_id}] {self.shown(s)}"
            for s in snippets
        )


def unique(snippets: Iterable[Snippet]) -> list[Snippet]:
    """First occurrence of each passage, order kept."""
    seen: set[str] = set()
    out = []
    for s in snippets:
        if s.passage_id not in seen:
            seen.add(s.passage_id)
            out.append(s)
    return out
