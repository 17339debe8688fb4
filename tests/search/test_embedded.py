"""Embedded-backend behaviour beyond the contract: sharing one directory between processes."""

from __future__ import annotations

import fcntl
import os
import subprocess
import sys
from pathlib import Path

import pytest
import tantivy

from knowledge.search import BackendUnavailable, SearchError
from knowledge.search.embedded import EmbeddedBackend

from .contract import WIFI, make_doc, passages

REPO = Path(__file__).resolve().parents[2]

WRITER = """
import sys
from knowledge.search import Document, chunk_text
from knowledge.search.embedded import EmbeddedBackend
backend = EmbeddedBackend(sys.argv[1], writer_threads=1, writer_heap_bytes=15_000_000)
tag = sys.argv[2]
for i in range(5):
    text = f"Process {tag} wrote passage {i} about routers."
    doc = Document(id=f"{tag}-{i}", pack="it", kind="article", title="T", text=text)
    backend.index([doc], chunk_text(doc.id, text, pack="it", kind="article", title="T"))
"""


def small(path: Path, **options: float) -> EmbeddedBackend:
    return EmbeddedBackend(path, writer_threads=1, writer_heap_bytes=15_000_000, **options)  # type: ignore[arg-type]


def test_processes_writing_the_same_directory_all_succeed(tmp_path: Path) -> None:
    index_dir = tmp_path / "shared"
    small(index_dir).setup()
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", WRITER, str(index_dir), tag],
            cwd=REPO,
            stderr=subprocess.PIPE,
            text=True,
        )
        for tag in ("a", "b", "c")
    ]
    errors = [p.communicate(timeout=120)[1] for p in procs]
    assert [p.returncode for p in procs] == [0, 0, 0], errors
    reader = small(index_dir)
    reader.refresh()
    assert reader.count(what="documents") == 15
    assert reader.count() == 15
    assert {h.passage.document_id for h in reader.search("process", limit=100)} == {
        f"{t}-{i}" for t in "abc" for i in range(5)
    }


def test_an_open_reader_sees_another_writer_after_refresh(tmp_path: Path) -> None:
    reader, writer = small(tmp_path), small(tmp_path)
    reader.setup()
    assert reader.count() == 0
    writer.index([WIFI], passages(WIFI))
    reader.refresh()
    assert reader.count() == 1
    assert reader.get_document(WIFI.id) == WIFI


def test_a_held_write_lock_times_out_with_a_clear_error(tmp_path: Path) -> None:
    backend = small(tmp_path, lock_timeout_s=0.2)
    backend.setup()
    fd = os.open(tmp_path / ".askfew-write.lock", os.O_RDWR)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        with pytest.raises(BackendUnavailable, match="locked by another writer"):
            backend.index([WIFI], passages(WIFI))
        # Reads need no lock, not even in a process that opens the index only now.
        assert backend.count() == 0
        assert small(tmp_path, lock_timeout_s=0.2).count() == 0
    finally:
        os.close(fd)
    backend.index([WIFI], passages(WIFI))
    assert backend.count() == 1


def test_a_failed_write_leaves_the_index_unchanged_and_writable(tmp_path: Path) -> None:
    backend = small(tmp_path)
    backend.index([WIFI], passages(WIFI))
    with pytest.raises(SearchError):
        backend.delete_document("missing")  # raises inside the writer: rolled back, released
    other = make_doc("other", "Another text.")
    backend.index([other], passages(other))
    assert backend.count(what="documents") == 2


def test_an_index_with_another_schema_is_refused_with_advice(tmp_path: Path) -> None:
    builder = tantivy.SchemaBuilder()
    builder.add_text_field("body", stored=True)
    tantivy.Index(builder.build(), path=str(tmp_path))
    with pytest.raises(SearchError, match="another schema"):
        small(tmp_path).setup()


def test_unwritable_location_is_backend_unavailable(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a directory")
    backend = small(blocker / "index")
    with pytest.raises(BackendUnavailable, match="cannot create"):
        backend.setup()
    assert not backend.health()
