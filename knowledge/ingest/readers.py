"""Readers: one file in, extracted documents (title and plain text) out, or a ReadError.

Supported: Markdown (``.md``, ``.markdown``), HTML (``.html``, ``.htm``), PDF (``.pdf``, via
pypdf), plain text (``.txt``, ``.text``) and JSON (``.json``: a list of ``{"title", "text"}``
objects, or ``{"documents": [...]}``; each item may also give ``id``, ``kind`` and
``source``). Text files must be UTF-8. A ReadError says what is wrong with the file, so a batch
can report it and go on.
"""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from knowledge.ingest.html_text import html_to_text
from knowledge.ingest.markdown_text import markdown_blocks

_MAX_TITLE = 200
# Bounds on what one file may cost (a hostile or broken file is refused, the batch goes on).
MAX_FILE_BYTES = 25 * 1024 * 1024
MAX_PDF_PAGES = 2_000
MAX_TEXT_CHARS = 5_000_000


class ReadError(ValueError):
    """The file cannot be turned into documents; the message is the reason."""


@dataclass(frozen=True)
class Extracted:
    """One document read from a file. ``key`` tells documents of one file apart ("" if one)."""

    title: str
    text: str
    key: str = ""
    kind: str | None = None
    source: str = ""
    metadata: dict[str, Any] = field(default_factory=dict)


def _decode(path: Path) -> str:
    data = _read_bytes(path)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise ReadError(
            f"not valid UTF-8 text: byte 0x{data[exc.start]:02x} at offset {exc.start}"
        ) from None


def _read_bytes(path: Path) -> bytes:
    check_size(path)
    return path.read_bytes()


def check_size(path: Path) -> None:
    size = path.stat().st_size
    if size > MAX_FILE_BYTES:
        raise ReadError(
            f"the file is {size / 2**20:,.1f} MB; the limit is {MAX_FILE_BYTES // 2**20} MB "
            "(split it, or raise knowledge.ingest.readers.MAX_FILE_BYTES)"
        )


def _fallback_title(path: Path) -> str:
    return path.stem.replace("_", " ").replace("-", " ").strip() or path.name


def _clip(title: str) -> str:
    title = " ".join(title.split())
    return title if len(title) <= _MAX_TITLE else title[: _MAX_TITLE - 1].rstrip() + "…"


def _require_text(text: str) -> str:
    text = text.strip()
    if not text:
        raise ReadError("no text in the file")
    return text


# -- plain text and Markdown ------------------------------------------------------------------


def read_text(path: Path) -> list[Extracted]:
    text = _require_text(_decode(path).replace("\r\n", "\n"))
    first = text.split("\n", 1)[0].strip()
    title = first if 0 < len(first) <= 100 else _fallback_title(path)
    return [Extracted(title=_clip(title), text=text)]


_FRONT_MATTER = re.compile(r"\A---[ \t]*\n(.*?)\n---[ \t]*\n", re.S)


def markdown_to_text(source: str) -> tuple[str, str]:
    """(title, text): front matter dropped (its ``title`` kept), the rest parsed as Markdown
    (``knowledge.ingest.markdown_text``): headings, paragraphs, lists and code as written, no
    link targets, emphasis marks, table pipes or HTML."""
    text = source.replace("\r\n", "\n")
    title = ""
    front = _FRONT_MATTER.match(text)
    if front:
        for line in front.group(1).splitlines():
            key, _, value = line.partition(":")
            if key.strip().lower() == "title":
                title = value.strip().strip("\"'")
        text = text[front.end() :]
    heading, text = markdown_blocks(text)
    return title or heading, text.strip()


def read_markdown(path: Path) -> list[Extracted]:
    title, text = markdown_to_text(_decode(path))
    return [Extracted(title=_clip(title or _fallback_title(path)), text=_require_text(text))]


# -- HTML -------------------------------------------------------------------------------------


def read_html(path: Path) -> list[Extracted]:
    title, text = html_to_text(_decode(path))
    return [Extracted(title=_clip(title or _fallback_title(path)), text=_require_text(text))]


# -- PDF --------------------------------------------------------------------------------------


@contextmanager
def _quiet(logger_name: str) -> Iterator[None]:
    # pypdf logs a warning for every recoverable defect; the outcome (text or a ReadError)
    # is what the ingest reports, so the warnings are noise on the console.
    logger = logging.getLogger(logger_name)
    level = logger.level
    logger.setLevel(logging.ERROR)
    try:
        yield
    finally:
        logger.setLevel(level)


def read_pdf(path: Path) -> list[Extracted]:
    try:
        with _quiet("pypdf"):
            return _read_pdf(path)
    except ReadError:
        raise
    except Exception as exc:  # pypdf raises many types on damaged files
        raise ReadError(f"not a readable PDF: {type(exc).__name__}: {exc}") from None


def _read_pdf(path: Path) -> list[Extracted]:
    from pypdf import PdfReader

    check_size(path)
    reader = PdfReader(str(path))
    if reader.is_encrypted and not reader.decrypt(""):
        raise ReadError("the PDF is encrypted with a password")
    # The count the file declares first: counting the pages walks the whole page tree (50 s
    # for 20,000 pages); a file that declares fewer than it has is caught by the count after.
    declared = reader.trailer["/Root"]["/Pages"].get("/Count", 0)
    for count in (lambda: declared, lambda: len(reader.pages)):
        pages_in = count()
        if isinstance(pages_in, int) and pages_in > MAX_PDF_PAGES:
            raise ReadError(f"the PDF has {pages_in:,} pages; the limit is {MAX_PDF_PAGES:,}")
    pages = []
    extracted = 0
    for page in reader.pages:
        # pypdf bounds each stream's inflated size (a decompression bomb raises, and is
        # reported as an unreadable PDF); this bounds the text of the whole file.
        text = page.extract_text() or ""
        extracted += len(text)
        if extracted > MAX_TEXT_CHARS:
            raise ReadError(f"the PDF holds over {MAX_TEXT_CHARS:,} characters of text")
        pages.append(text)
    info = reader.metadata
    meta_title = str(info.title or "") if info is not None else ""
    # Pages stay paragraphs of their own; blank runs inside a page are kept as they are.
    text = "\n\n".join(p.strip() for p in pages if p.strip())
    if not text:
        raise ReadError("no extractable text in the PDF (a scanned document needs OCR first)")
    return [
        Extracted(
            title=_clip(meta_title or _fallback_title(path)),
            text=text,
            metadata={"pages": len(pages)},
        )
    ]


# -- JSON -------------------------------------------------------------------------------------


def read_json(path: Path) -> list[Extracted]:
    try:
        data = json.loads(_decode(path))
    except RecursionError:
        raise ReadError("not valid JSON documents: nested too deeply to read") from None
    except json.JSONDecodeError as exc:
        raise ReadError(
            f"not valid JSON: {exc.msg} (line {exc.lineno}, column {exc.colno})"
        ) from None
    items = data.get("documents") if isinstance(data, dict) else data
    if not isinstance(items, list):
        raise ReadError('expected a list of {"title", "text"} objects or {"documents": [...]}')
    out: list[Extracted] = []
    keys: set[str] = set()
    for i, item in enumerate(items):
        where = f"documents[{i}]" if isinstance(data, dict) else f"[{i}]"
        if not isinstance(item, dict):
            raise ReadError(f"{where}: expected an object, got {type(item).__name__}")
        text = item.get("text")
        if not isinstance(text, str) or not text.strip():
            raise ReadError(f"{where}.text: missing or empty")
        title = item.get("title", "")
        if not isinstance(title, str):
            raise ReadError(f"{where}.title: expected a string")
        key = str(item.get("id", i))
        if key in keys:
            raise ReadError(f"{where}.id: duplicate id {key!r} in this file")
        keys.add(key)
        kind = item.get("kind")
        if kind is not None and not isinstance(kind, str):
            raise ReadError(f"{where}.kind: expected a string")
        out.append(
            Extracted(
                title=_clip(title or f"{_fallback_title(path)} {key}"),
                text=text.strip(),
                key=key,
                kind=kind,
                source=str(item.get("source", "")),
            )
        )
    if not out:
        raise ReadError("no documents in the file")
    return out


READERS: dict[str, Callable[[Path], list[Extracted]]] = {
    ".md": read_markdown,
    ".markdown": read_markdown,
    ".html": read_html,
    ".htm": read_html,
    ".pdf": read_pdf,
    ".txt": read_text,
    ".text": read_text,
    ".json": read_json,
}


def supported(path: Path) -> bool:
    return path.suffix.lower() in READERS


def read_document(path: Path) -> list[Extracted]:
    """The documents in ``path``; ReadError naming the problem when there are none."""
    reader = READERS.get(path.suffix.lower())
    if reader is None:
        raise ReadError(
            f"unsupported file type {path.suffix or '(none)'!r}; "
            f"expected one of {', '.join(sorted(READERS))}"
        )
    try:
        return reader(path)
    except OSError as exc:
        raise ReadError(f"cannot read the file: {exc.strerror or exc}") from None
