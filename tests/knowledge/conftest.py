"""Fixtures for the knowledge tests: a tiny hand-written pack and a throwaway search index."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest

from knowledge.search import Document, Passage, SearchError, get_backend
from knowledge.search.embedded import EmbeddedBackend

TINY_PACK: dict[str, Any] = {
    "format": "askfew-pack",
    "format_version": 1,
    "name": "tiny",
    "version": "1",
    "title": "Tiny laptop pack",
    "description": "Two causes, two questions.",
    "language": "en",
    "domain": "it",
    "network": {
        "schema_version": 1,
        "name": "tiny",
        "hypotheses": [
            {
                "id": "h-dead",
                "name": "Dead battery",
                "resolution": "Replace the battery.",
                "citations": [{"passage_id": "tiny:guide#0"}],
            },
            {"id": "h-driver", "name": "Old driver", "resolution": "Update the Wi-Fi driver."},
        ],
        "findings": [
            {
                "id": "q1",
                "question": "Does the laptop power on?",
                "states": ["yes", "no"],
                "how_to_check": "Press the power button.",
                "citations": [{"passage_id": "tiny:faq#0", "quote": "How do I check power?"}],
            },
            {"id": "q2", "question": "Is the Wi-Fi icon missing?"},
        ],
        "links": [
            {
                "hypothesis": "h-dead",
                "finding": "q1",
                "masses": [{"states": ["no"], "mass": 0.9}, {"states": ["no", "yes"], "mass": 0.1}],
                "citations": [{"passage_id": "tiny:guide#0", "document_id": "tiny:guide"}],
            },
            {
                "hypothesis": "h-driver",
                "finding": "q2",
                "masses": [{"states": ["yes"], "mass": 1.0}],
                "citations": [{"passage_id": "tiny:guide#1"}],
            },
        ],
        "red_flags": [
            {"finding": "q2", "states": ["yes"], "reason": "test rule", "level": "urgent"}
        ],
        "flow": {"q1": {"yes": "q2", "no": "h-dead"}, "q2": {"yes": "h-driver"}},
        "flow_root": "q1",
    },
    "documents": [
        {
            "id": "tiny:guide",
            "kind": "article",
            "title": "Laptop guide",
            "text": (
                "A laptop that does not power on usually has a dead battery.\n\n"
                "A missing Wi-Fi icon points to an outdated wireless driver."
            ),
            "source": "handbook",
            "split": "paragraphs",
        },
        {
            "id": "tiny:faq",
            "kind": "faq",
            "title": "Laptop FAQ",
            "text": (
                "Q: How do I check power?\nA: Press the power button for two seconds.\n\n"
                "Q: Where is the Wi-Fi icon?\nA: In the system tray."
            ),
            "split": "paragraphs",
        },
        {
            "id": "tiny:notes",
            "kind": "article",
            "title": "Field notes",
            "text": "Keyboards wear out. Fans collect dust over the years.",
        },
    ],
    "routing": {
        "groups": [
            {"id": "laptop", "text": "Laptop problems", "hypotheses": ["h-dead", "h-driver"]}
        ],
        "hypotheses": {"h-driver": "wireless network adapter software"},
    },
}


@pytest.fixture
def tiny_pack() -> dict[str, Any]:
    return copy.deepcopy(TINY_PACK)


@pytest.fixture
def write_json(tmp_path: Path) -> Callable[[Any, str], Path]:
    def write(data: Any, name: str = "pack.json") -> Path:
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
        return path

    return write


@pytest.fixture
def index_dir(tmp_path: Path, settings: Any) -> Path:
    """A fresh embedded index, also what get_backend() (and so the commands) will use."""
    path = tmp_path / "index"
    settings.SEARCH_BACKEND = "embedded"
    settings.SEARCH_INDEX_DIR = path
    return path


@pytest.fixture
def backend(index_dir: Path) -> EmbeddedBackend:
    store = get_backend()
    assert isinstance(store, EmbeddedBackend) and store.path == index_dir
    return store


class FailingBackend(EmbeddedBackend):
    """The real embedded index with one fault injected: indexing ``poison`` raises."""

    def __init__(self, path: Path, poison: str) -> None:
        super().__init__(path)
        self.poison = poison

    def index(self, documents: Sequence[Document], passages: Sequence[Passage]) -> None:
        if any(d.id == self.poison for d in documents):
            raise SearchError(f"injected failure while indexing {self.poison}")
        super().index(documents, passages)


def make_pdf(lines: Sequence[str], title: str = "") -> bytes:
    """A minimal valid one-page PDF whose content stream shows ``lines`` in Helvetica."""
    shown = " ".join(f"({line}) Tj 0 -16 Td" for line in lines)
    stream = f"BT /F1 12 Tf 72 720 Td {shown} ET"
    objects = [
        "<< /Type /Catalog /Pages 2 0 R >>",
        "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R "
        "/Resources << /Font << /F1 5 0 R >> >> >>",
        f"<< /Length {len(stream)} >>\nstream\n{stream}\nendstream",
        "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
        f"<< /Title ({title}) >>",
    ]
    out = b"%PDF-1.4\n"
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += f"{number} 0 obj\n{body}\nendobj\n".encode("latin-1")
    xref = len(out)
    out += f"xref\n0 {len(objects) + 1}\n0000000000 65535 f \n".encode()
    out += "".join(f"{o:010d} 00000 n \n" for o in offsets).encode()
    out += (
        f"trailer\n<< /Size {len(objects) + 1} /Root 1 0 R /Info 6 0 R >>\n"
        f"startxref\n{xref}\n%%EOF\n"
    ).encode()
    return out
