"""Reading packs for the console: any version's network (cached), and cited passages.

A case records the pack version it ran on; the console explains the case with that version's
network, not today's, so a question's citations and a link's masses are shown as the bot saw
them. Parsing a version's content is the expensive part (megabytes of JSON for a large pack),
so parsed networks are kept per version row and content hash, a few at a time.

Passages are rebuilt from the ``knowledge.Document`` rows with the same split the search index
used (``knowledge.packs.passages``), so a citation ``<document>#<n>`` resolves without the
search backend being up.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from knowledge.models import Document, Pack, PackVersion
from knowledge.packs.passages import split_passages
from knowledge.search.base import Passage
from planning.network import Citation, EvidentialNetwork, NetworkError

_CACHE_SIZE = 8
_cache: OrderedDict[tuple[int, str], EvidentialNetwork] = OrderedDict()
_lock = threading.Lock()


def version_row(pack_name: str, version: str = "") -> PackVersion | None:
    """The named version of a pack (its current one when ``version`` is empty), or None."""
    if not pack_name:
        return None
    if version:
        row = PackVersion.objects.filter(pack__name=pack_name, version=version).first()
        if row is not None:
            return row
    pack = Pack.objects.filter(name=pack_name).select_related("current_version").first()
    return pack.current_version if pack is not None else None


def network_of(row: PackVersion | None) -> EvidentialNetwork | None:
    """The network of a version row (parsed once per row and content), None if it has none."""
    if row is None:
        return None
    key = (row.pk, row.content_hash)
    with _lock:
        cached = _cache.get(key)
        if cached is not None:
            _cache.move_to_end(key)
            return cached
    content = row.content if "content" in row.__dict__ else None
    if content is None:
        content = PackVersion.objects.values_list("content", flat=True).get(pk=row.pk)
    try:
        network = EvidentialNetwork.from_dict(content["network"])
    except (KeyError, TypeError, NetworkError):
        return None
    with _lock:
        _cache[key] = network
        while len(_cache) > _CACHE_SIZE:
            _cache.popitem(last=False)
    return network


def network_for(pack_name: str, version: str = "") -> EvidentialNetwork | None:
    """The network of a pack version by name (current version when ``version`` is empty)."""
    row = (
        PackVersion.objects.filter(pack__name=pack_name, version=version)
        .only("pk", "content_hash")
        .first()
        if version
        else None
    )
    if row is None:
        pack = Pack.objects.filter(name=pack_name).only("current_version_id").first()
        if pack is None or pack.current_version_id is None:
            return None
        row = PackVersion.objects.only("pk", "content_hash").get(pk=pack.current_version_id)
    return network_of(row)


def document_of(passage_id: str, fallback: str = "") -> str:
    """The document id of a passage id ``<document>#<n>``."""
    doc, sep, _ = passage_id.rpartition("#")
    return doc if sep else (fallback or passage_id)


@dataclass(frozen=True)
class CitedPassage:
    """A citation as the console shows it: where it points and a preview of the text."""

    passage_id: str
    document_id: str
    title: str
    quote: str
    text: str
    found: bool

    @property
    def ordinal(self) -> str:
        return self.passage_id.rpartition("#")[2]


def document_passages(document: Document) -> list[Passage]:
    return split_passages(
        document.external_id,
        document.text,
        pack=document.pack.name if "pack" in document.__dict__ else "",
        kind=document.kind,
        title=document.title,
        split=document.split,
    )


def resolve_citations(citations: list[Citation], preview: int = 320) -> list[CitedPassage]:
    """Titles and passage text of citations (one query for all their documents)."""
    if not citations:
        return []
    doc_ids = {c.document_id or document_of(c.passage_id) for c in citations}
    documents = {d.external_id: d for d in Document.objects.filter(external_id__in=doc_ids)}
    passages: dict[str, dict[str, str]] = {}
    out = []
    for citation in citations:
        doc_id = citation.document_id or document_of(citation.passage_id)
        document = documents.get(doc_id)
        text = ""
        if document is not None:
            if doc_id not in passages:
                passages[doc_id] = {p.id: p.text for p in document_passages(document)}
            text = passages[doc_id].get(citation.passage_id, "")
        shown = " ".join(text.split())
        if len(shown) > preview:
            shown = shown[: preview - 1].rstrip() + "…"
        out.append(
            CitedPassage(
                passage_id=citation.passage_id,
                document_id=doc_id,
                title=document.title if document is not None else doc_id,
                quote=citation.quote,
                text=shown,
                found=bool(text),
            )
        )
    return out


def citations_from(items: Any) -> list[Citation]:
    """Citations from stored dicts (a rationale's ``citations``), skipping malformed ones."""
    out = []
    for item in items or []:
        if isinstance(item, dict) and item.get("passage_id"):
            out.append(Citation.from_dict(item))
    return out
