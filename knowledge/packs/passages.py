"""How a document becomes passages, and the hash that says whether it changed.

Citations name passages as ``<document id>#<ordinal>``, so the split must be deterministic.
Two splits exist: ``paragraphs`` (one passage per blank-line-separated paragraph: stable as
long as the paragraphs are, and the natural unit for FAQs, flowchart nodes and reference lists)
and ``chunks`` (the search chunker's size-bounded passages, for long prose such as ingested
articles). Both keep exact offsets: ``text[p.start:p.end] == p.text``.
"""

from __future__ import annotations

import hashlib
import json
import re

from knowledge.search.base import Passage, passage_id
from knowledge.search.chunking import chunk_text

CHUNKS, PARAGRAPHS = "chunks", "paragraphs"
DEFAULT_SPLIT = CHUNKS
CHUNK_MAX_CHARS = 1200
CHUNK_OVERLAP = 150

_PARAGRAPH_GAP = re.compile(r"\n[^\S\n]*\n\s*")


def paragraph_spans(text: str) -> list[tuple[int, int]]:
    """(start, end) of each non-blank paragraph, trimmed of surrounding whitespace."""
    spans: list[tuple[int, int]] = []
    pos = 0
    for gap in [*_PARAGRAPH_GAP.finditer(text), None]:
        end = len(text) if gap is None else gap.start()
        segment = text[pos:end]
        stripped = segment.strip()
        if stripped:
            start = pos + (len(segment) - len(segment.lstrip()))
            spans.append((start, start + len(stripped)))
        if gap is not None:
            pos = gap.end()
    return spans


def split_passages(
    document_id: str, text: str, *, pack: str, kind: str, title: str, split: str = DEFAULT_SPLIT
) -> list[Passage]:
    """The passages of a document, ids ``<document_id>#0``, ``#1``, ... in text order."""
    if split == CHUNKS:
        return chunk_text(
            document_id,
            text,
            pack=pack,
            kind=kind,
            title=title,
            max_chars=CHUNK_MAX_CHARS,
            overlap=CHUNK_OVERLAP,
        )
    if split != PARAGRAPHS:
        raise ValueError(f"unknown split {split!r}; expected {CHUNKS!r} or {PARAGRAPHS!r}")
    return [
        Passage(
            id=passage_id(document_id, ordinal),
            document_id=document_id,
            pack=pack,
            kind=kind,
            title=title,
            text=text[start:end],
            start=start,
            end=end,
        )
        for ordinal, (start, end) in enumerate(paragraph_spans(text))
    ]


def content_hash(*, kind: str, title: str, text: str, split: str) -> str:
    """SHA-256 of a document's content: what its passages are made of (not where it came from)."""
    payload = json.dumps(
        {"kind": kind, "title": title, "text": text, "split": split},
        ensure_ascii=False,
        sort_keys=True,
    )
    return hashlib.sha256(payload.encode("utf-8")).hexdigest()


def json_hash(data: object) -> str:
    """SHA-256 of canonical JSON (sorted keys, no whitespace): equal content, equal hash."""
    payload = json.dumps(data, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(payload.encode("utf-8")).hexdigest()
