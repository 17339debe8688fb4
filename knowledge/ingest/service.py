"""Ingest files into a pack's document store: read, hash, write rows and index, file by file.

Each file is its own unit of work: its documents are written to the database in one
transaction and to the index with undo on failure (as in pack imports), so a broken or failing
file never leaves half of itself behind and never stops the batch. A file whose documents all
have the content hash already stored is "unchanged" and costs no write at all.

Document ids are ``<pack>:<path>`` with the path relative to the directory given on the command
line (or the file name for a file given directly); a JSON file with several documents gives
``<pack>:<path>/<id or position>``. Re-ingesting the same tree therefore updates in place.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from django.db import transaction

from knowledge.ingest.readers import ReadError, read_document, supported
from knowledge.models import Document, Pack
from knowledge.packs.indexing import DocState, delete_quietly, document_state, restore
from knowledge.packs.passages import CHUNKS
from knowledge.packs.schema import DOCUMENT_ID_MAX, KIND_PATTERN
from knowledge.search import SearchBackend, get_backend

Status = Literal["ingested", "updated", "unchanged", "failed"]
Progress = Callable[[int, int, str], None]

_ID_UNSAFE = re.compile(r"[\s#]+")
_KEY_UNSAFE = re.compile(r"[/\\]+|\.{2,}")


class IngestError(ValueError):
    """The ingest cannot start (unknown pack, bad kind); per-file problems are outcomes."""


@dataclass(frozen=True)
class FileOutcome:
    path: str
    status: Status
    documents: int = 0
    passages: int = 0
    reason: str = ""

    def __str__(self) -> str:
        if self.status == "failed":
            return f"{self.path}: failed: {self.reason}"
        if self.status == "unchanged":
            return f"{self.path}: unchanged"
        return (
            f"{self.path}: {self.status} ({self.documents} document(s), {self.passages} passages)"
        )


@dataclass
class IngestReport:
    outcomes: list[FileOutcome] = field(default_factory=list)

    def count(self, status: Status) -> int:
        return sum(1 for o in self.outcomes if o.status == status)

    @property
    def failures(self) -> list[FileOutcome]:
        return [o for o in self.outcomes if o.status == "failed"]

    def summary(self) -> str:
        passages = sum(o.passages for o in self.outcomes)
        return (
            f"{len(self.outcomes)} file(s): {self.count('ingested')} ingested, "
            f"{self.count('updated')} updated, {self.count('unchanged')} unchanged, "
            f"{self.count('failed')} failed; {passages} passages indexed"
        )


def collect_files(paths: Iterable[str | Path]) -> tuple[list[tuple[Path, str]], list[FileOutcome]]:
    """(file, id path) for every supported file under ``paths``, and outcomes for bad paths.

    A directory is walked recursively (hidden entries skipped) and files of unsupported types
    in it are ignored; a file named directly must be of a supported type.
    """
    files: list[tuple[Path, str]] = []
    problems: list[FileOutcome] = []
    seen: set[Path] = set()
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            root = path.resolve()
            found = sorted(
                p
                for p in path.rglob("*")
                if p.is_file()
                and supported(p)
                and not any(part.startswith(".") for part in p.relative_to(path).parts)
            )
            entries = []
            for p in found:
                # A symlink (to a file, or a directory on the way) may point out of the folder
                # the operator gave: such a file is not read.
                if not p.resolve().is_relative_to(root):
                    problems.append(
                        FileOutcome(str(p), "failed",
                                    reason="links outside the folder being ingested; skipped")
                    )
                    continue
                entries.append((p, p.relative_to(path).as_posix()))
        elif path.is_file():
            if not supported(path):
                problems.append(
                    FileOutcome(
                        str(path), "failed", reason=f"unsupported file type {path.suffix!r}"
                    )
                )
                continue
            entries = [(path, path.name)]
        else:
            problems.append(FileOutcome(str(path), "failed", reason="no such file or directory"))
            continue
        for file, rel in entries:
            key = file.resolve()
            if key not in seen:
                seen.add(key)
                files.append((file, rel))
    return files, problems


def ingest_paths(
    paths: Sequence[str | Path],
    *,
    pack: str,
    kind: str = "article",
    backend: SearchBackend | None = None,
    create_pack: bool = False,
    progress: Progress | None = None,
) -> IngestReport:
    """Ingest every supported file under ``paths`` into ``pack``; never stops at a bad file."""
    if not re.fullmatch(KIND_PATTERN, kind):
        raise IngestError(f"invalid kind {kind!r}: lower-case letters, digits, '-' or '_'")
    pack_row = Pack.objects.filter(name=pack).first()
    if pack_row is None:
        if not create_pack:
            raise IngestError(
                f"unknown pack {pack!r}; import it first, or pass --create to start an empty one"
            )
        if not re.fullmatch(r"[a-z0-9][a-z0-9_-]{0,63}", pack):
            raise IngestError(f"invalid pack name {pack!r}: lower-case letters, digits, '-', '_'")
        pack_row = Pack.objects.create(name=pack, title=pack)
    store = backend if backend is not None else get_backend()
    store.setup()
    files, problems = collect_files(paths)
    report = IngestReport(outcomes=list(problems))
    total = len(files)
    if progress is not None:
        progress(0, total, "")
    for done, (path, rel) in enumerate(files, start=1):
        report.outcomes.append(_ingest_file(path, rel, pack_row, kind, store))
        if progress is not None:
            progress(done, total, str(path))
    return report


def _document_id(pack: str, rel: str, key: str = "") -> str:
    ident = f"{pack}:{_ID_UNSAFE.sub('-', rel)}"
    if key:
        # A key comes from inside the file (a JSON item's "id"): one segment, no "..", so the
        # id names this document and a console link to it stays on its page.
        flat = _KEY_UNSAFE.sub("-", _ID_UNSAFE.sub("-", key)).strip("-.") or "item"
        ident += f"/{flat}"
    return ident


def _ingest_file(path: Path, rel: str, pack: Pack, kind: str, store: SearchBackend) -> FileOutcome:
    shown = str(path)
    try:
        extracted = read_document(path)
    except ReadError as exc:
        return FileOutcome(shown, "failed", reason=str(exc))
    base = _document_id(pack.name, rel)
    states: list[DocState] = []
    for item in extracted:
        ident = _document_id(pack.name, rel, item.key) if len(extracted) > 1 or item.key else base
        item_kind = item.kind or kind
        if len(ident) > DOCUMENT_ID_MAX:
            return FileOutcome(shown, "failed", reason=f"document id too long: {ident[:60]}...")
        if not re.fullmatch(KIND_PATTERN, item_kind):
            return FileOutcome(shown, "failed", reason=f"invalid kind {item_kind!r}")
        states.append(
            document_state(
                external_id=ident,
                pack=pack.name,
                kind=item_kind,
                title=item.title,
                text=item.text,
                source=item.source or rel,
                split=CHUNKS,
                origin=Document.ORIGIN_INGEST,
                metadata=item.metadata,
            )
        )
    ids = [s.external_id for s in states]
    clash = (
        Document.objects.filter(external_id__in=ids)
        .exclude(pack=pack, origin=Document.ORIGIN_INGEST)
        .select_related("pack")
        .first()
    )
    if clash is not None:
        return FileOutcome(
            shown,
            "failed",
            reason=f"document id {clash.external_id!r} belongs to a {clash.origin} document "
            f"of pack {clash.pack.name!r}",
        )
    rows = Document.objects.filter(pack=pack, origin=Document.ORIGIN_INGEST).filter(
        external_id__in=ids
    ) | Document.objects.filter(
        pack=pack, origin=Document.ORIGIN_INGEST, external_id__startswith=f"{base}/"
    )
    old = {row.external_id: DocState.of(row, pack.name) for row in rows}
    changed = [s for s in states if not s.same_as(old.get(s.external_id))]
    stale = [ident for ident in old if ident not in set(ids)]
    if not changed and not stale:
        return FileOutcome(shown, "unchanged", documents=len(states))
    try:
        passages = _write(pack, changed, stale, old, store)
    except Exception as exc:
        return FileOutcome(shown, "failed", reason=f"could not store it: {exc}")
    status: Status = "updated" if old else "ingested"
    return FileOutcome(shown, status, documents=len(changed), passages=passages)


def _write(
    pack: Pack,
    changed: Sequence[DocState],
    stale: Sequence[str],
    old: dict[str, DocState],
    store: SearchBackend,
) -> int:
    touched: list[str] = []
    written = 0
    try:
        with transaction.atomic():
            for state in changed:
                passages = state.passages()
                Document.objects.update_or_create(
                    external_id=state.external_id,
                    defaults={"pack": pack, "passage_count": len(passages), **state.fields()},
                )
                touched.append(state.external_id)
                store.index([state.search_document()], passages)
                written += len(passages)
            Document.objects.filter(pack=pack, external_id__in=list(stale)).delete()
            for ident in stale:
                touched.append(ident)
                delete_quietly(store, ident)
        store.refresh()
    except BaseException as exc:
        restore(store, touched, old, exc)
        raise
    return written
