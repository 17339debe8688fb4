"""Document ingestion: Markdown, HTML, PDF, plain text and JSON files into a pack's store.

from knowledge.ingest import ingest_paths
report = ingest_paths(["docs/"], pack="it-laptop", kind="article")
print(report.summary())

The readers (knowledge.ingest.readers) need no Django; the service names are loaded on first
use so importing the readers does not require configured settings.
"""

from __future__ import annotations

from typing import Any

from knowledge.ingest.readers import Extracted, ReadError, read_document

_SERVICE_NAMES = ("FileOutcome", "IngestError", "IngestReport", "collect_files", "ingest_paths")

__all__ = ["Extracted", "ReadError", "read_document", *_SERVICE_NAMES]


def __getattr__(name: str) -> Any:
    if name in _SERVICE_NAMES:
        from knowledge.ingest import service

        return getattr(service, name)
    raise AttributeError(f"module 'knowledge.ingest' has no attribute {name!r}")
