"""Ingesting Markdown, HTML, PDF, text and JSON files; unchanged files; broken files."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from knowledge.ingest import IngestError, ingest_paths, read_document
from knowledge.ingest.html_text import html_to_text
from knowledge.ingest.readers import ReadError, markdown_to_text
from knowledge.models import Document, Pack
from knowledge.packs.store import import_pack
from knowledge.search.embedded import EmbeddedBackend
from tests.knowledge.conftest import FailingBackend, make_pdf

PAGE = """<!doctype html><html><head><title>Battery care</title>
<style>p { color: red }</style><script>var hidden = "do not index";</script></head>
<body><h1>Keeping a battery healthy</h1>
<p>Keep the laptop   cool &amp; dry.<br>Charge to 80%.</p>
<ul><li>Calibrate monthly</li><li>Avoid full drains</li></ul>
<pre>line one

line two</pre></body></html>"""


def _tree(root: Path) -> Path:
    (root / "guides").mkdir(parents=True)
    (root / "guides" / "wifi.md").write_text(
        "---\ntitle: Wi-Fi drops\n---\n# Ignored heading\n\nReset the **adapter** "
        "as in [the manual](http://example.com).\n",
        encoding="utf-8",
    )
    (root / "guides" / "battery.html").write_text(PAGE, encoding="utf-8")
    (root / "notes.txt").write_text("Fan noise\n\nA ticking fan needs cleaning.", encoding="utf-8")
    (root / "faq.json").write_text(
        '{"documents": [{"id": "dock", "title": "Dock", "text": "Unplug the dock."},'
        ' {"title": "Screen", "text": "Raise the brightness.", "kind": "faq"}]}',
        encoding="utf-8",
    )
    (root / "manual.pdf").write_bytes(
        make_pdf(["Thermal paste guide", "Replace the paste every two years."], title="Thermals")
    )
    (root / "image.png").write_bytes(b"\x89PNG")  # unsupported types in a directory are ignored
    return root


@pytest.fixture
def pack(backend: EmbeddedBackend, tiny_pack: dict[str, Any]) -> str:
    import_pack(tiny_pack)
    return "tiny"


pytestmark = pytest.mark.django_db(transaction=True)


def test_each_format_is_read_chunked_and_indexed(
    pack: str, backend: EmbeddedBackend, tmp_path: Path
) -> None:
    report = ingest_paths([_tree(tmp_path / "docs")], pack=pack, kind="article")
    assert [(o.path.split("docs/")[1], o.status) for o in report.outcomes] == [
        ("faq.json", "ingested"),
        ("guides/battery.html", "ingested"),
        ("guides/wifi.md", "ingested"),
        ("manual.pdf", "ingested"),
        ("notes.txt", "ingested"),
    ]
    docs = {d.external_id: d for d in Document.objects.filter(origin=Document.ORIGIN_INGEST)}
    assert sorted(docs) == [
        "tiny:faq.json/1",
        "tiny:faq.json/dock",
        "tiny:guides/battery.html",
        "tiny:guides/wifi.md",
        "tiny:manual.pdf",
        "tiny:notes.txt",
    ]
    assert docs["tiny:guides/wifi.md"].title == "Wi-Fi drops"
    assert docs["tiny:guides/wifi.md"].text == (
        "Ignored heading\n\nReset the adapter as in the manual."
    )
    html = docs["tiny:guides/battery.html"]
    assert html.title == "Battery care"
    assert "do not index" not in html.text and "color" not in html.text
    assert "Keep the laptop cool & dry.\nCharge to 80%." in html.text
    assert docs["tiny:manual.pdf"].title == "Thermals"
    assert "Replace the paste every two years." in docs["tiny:manual.pdf"].text
    assert docs["tiny:notes.txt"].title == "Fan noise"
    assert docs["tiny:faq.json/1"].kind == "faq" and docs["tiny:faq.json/dock"].kind == "article"
    backend.refresh()
    hit = backend.search("thermal paste", pack="tiny", limit=1)[0]
    assert hit.passage.id == "tiny:manual.pdf#0"
    assert backend.get_document("tiny:guides/battery.html").source == "guides/battery.html"
    assert backend.count(pack="tiny", kind="article", what="documents") == 2 + 5


def test_re_ingesting_unchanged_files_is_a_no_op(
    pack: str, backend: EmbeddedBackend, tmp_path: Path
) -> None:
    root = _tree(tmp_path / "docs")
    ingest_paths([root], pack=pack)
    stamps = dict(Document.objects.values_list("external_id", "updated_at"))
    again = ingest_paths([root], pack=pack)
    assert {o.status for o in again.outcomes} == {"unchanged"}
    assert dict(Document.objects.values_list("external_id", "updated_at")) == stamps

    (root / "notes.txt").write_text("Fan noise\n\nA ticking fan needs oil.", encoding="utf-8")
    (root / "faq.json").write_text('[{"id": "dock", "title": "Dock", "text": "Unplug the dock."}]')
    third = {Path(o.path).name: o.status for o in ingest_paths([root], pack=pack).outcomes}
    assert third["notes.txt"] == "updated" and third["faq.json"] == "updated"
    assert third["wifi.md"] == "unchanged"
    backend.refresh()
    assert "needs oil" in backend.get_document("tiny:notes.txt").text
    # The JSON file lost its second document: gone from the database and the index.
    assert not Document.objects.filter(external_id="tiny:faq.json/1").exists()
    assert backend.count(pack="tiny", kind="faq", what="documents") == 1  # only tiny:faq


def test_broken_files_are_reported_and_do_not_stop_the_batch(
    pack: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root = _tree(tmp_path / "docs")
    (root / "corrupt.pdf").write_bytes(b"%PDF-1.4\n1 0 obj\n<< /Type /Catalog")
    (root / "latin1.txt").write_bytes("caf\xe9 au lait".encode("latin-1"))
    (root / "broken.json").write_text('[{"title": "x", "text": "y"},', encoding="utf-8")
    (root / "empty.md").write_text("   \n", encoding="utf-8")
    with pytest.raises(CommandError) as info:
        call_command("ingest", str(root), str(tmp_path / "missing"), pack=pack, progress=True)
    message = str(info.value)
    assert message.startswith("5 file(s) failed:")
    assert "corrupt.pdf: not a readable PDF" in message
    assert "latin1.txt: not valid UTF-8 text: byte 0xe9 at offset 3" in message
    assert "broken.json: not valid JSON" in message and "line 1" in message
    assert "empty.md: no text in the file" in message
    assert "missing: no such file or directory" in message
    captured = capsys.readouterr()
    assert "[####################] 9/9 files" in captured.err
    assert "10 file(s): 5 ingested, 0 updated, 0 unchanged, 5 failed" in captured.out
    assert Document.objects.filter(origin=Document.ORIGIN_INGEST).count() == 6


def test_a_file_whose_indexing_fails_leaves_nothing_and_others_go_on(
    pack: str, index_dir: Path, tmp_path: Path
) -> None:
    root = _tree(tmp_path / "docs")
    store = FailingBackend(index_dir, poison="tiny:faq.json/1")
    report = ingest_paths([root], pack=pack, backend=store)
    failed = report.failures
    assert [Path(o.path).name for o in failed] == ["faq.json"]
    assert "injected failure" in failed[0].reason
    assert report.count("ingested") == 4
    assert not Document.objects.filter(external_id__startswith="tiny:faq.json").exists()
    store.refresh()
    assert store.count(pack="tiny", what="documents") == 3 + 4  # the pack's own + 4 files


def test_ingest_needs_a_known_pack_or_create(backend: EmbeddedBackend, tmp_path: Path) -> None:
    (tmp_path / "a.txt").write_text("Alpha.", encoding="utf-8")
    with pytest.raises(IngestError, match="unknown pack 'kb'"):
        ingest_paths([tmp_path / "a.txt"], pack="kb")
    with pytest.raises(IngestError, match="invalid kind"):
        ingest_paths([tmp_path / "a.txt"], pack="kb", kind="Bad Kind", create_pack=True)
    report = ingest_paths([tmp_path / "a.txt"], pack="kb", create_pack=True)
    assert report.count("ingested") == 1
    assert Pack.objects.get(name="kb").current_version is None


def test_readers_directly(tmp_path: Path) -> None:
    title, text = html_to_text(PAGE)
    assert title == "Battery care"
    assert text.split("\n\n") == [
        "Keeping a battery healthy",
        "Keep the laptop cool & dry.\nCharge to 80%.",
        "- Calibrate monthly",
        "- Avoid full drains",
        "line one\nline two",
    ]
    assert markdown_to_text("# T\n\n![a cat](cat.png) `code` __b__") == ("T", "T\n\na cat code b")
    (tmp_path / "x.docx").write_bytes(b"PK")
    with pytest.raises(ReadError, match=r"unsupported file type '\.docx'"):
        read_document(tmp_path / "x.docx")
    (tmp_path / "list.json").write_text('[{"title": "t"}]', encoding="utf-8")
    with pytest.raises(ReadError, match=r"\[0\]\.text: missing or empty"):
        read_document(tmp_path / "list.json")


def test_markdown_is_parsed_not_pattern_matched() -> None:
    """markdown-it-py: underlined titles, no link URLs or separator rows indexed, code kept."""
    source = (
        "Printer offline\n"
        "===============\n\n"
        "Read [the vendor's guide](https://vendor.example/guide?id=42) *first*.\n\n"
        "| Symptom | What to do |\n"
        "|---|---|\n"
        "| Offline | Restart the spooler |\n\n"
        "```sh\n"
        "# not a heading\n"
        "net stop spooler && net start spooler\n"
        "```\n\n"
        "Steps\n"
        "-----\n\n"
        "1. Unplug the printer\n"
        "2. Remove the queue\n"
        "   - then add it again\n"
        "<!-- a note for editors -->\n"
    )
    title, text = markdown_to_text(source)
    assert title == "Printer offline"
    assert "=====" not in text and "-----" not in text
    assert "Read the vendor's guide first." in text
    assert "https://" not in text and "vendor.example" not in text
    assert "|---|" not in text
    assert "| Symptom | What to do |\n| Offline | Restart the spooler |" in text
    assert "# not a heading\nnet stop spooler && net start spooler" in text
    assert "1. Unplug the printer\n2. Remove the queue\n  - then add it again" in text
    assert "editors" not in text
