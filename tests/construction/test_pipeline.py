"""From a folder of articles to an answer in the web chat: the README's path, end to end.

``ingest`` -> ``build_network`` (offline: no LLM configured) -> a draft version ->
``publish_pack`` -> the web chat API (the real ConversationService behind it) asks the
article's questions and concludes with the article's fix. Plus the round trips of
``export_pack``/``import_pack`` at each stage, and the same passage id for an HTML article
whether it was ingested or shipped in a pack directory.
"""

from __future__ import annotations

import json
import shutil
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command

from knowledge.models import Document, Pack
from knowledge.packs.passages import split_passages
from knowledge.packs.store import export_pack, import_pack
from tests.channels.test_webchat import Browser

pytestmark = pytest.mark.django_db

ARTICLES = Path(__file__).parent / "articles"


@pytest.fixture
def offline(settings: Any, tmp_path: Path) -> Path:
    settings.SEARCH_BACKEND = "embedded"
    settings.SEARCH_INDEX_DIR = tmp_path / "search"
    settings.LLM_BASE_URL = ""
    settings.LLM_API_KEY = ""
    folder = tmp_path / "kb"
    shutil.copytree(ARTICLES, folder)
    return folder


def run(*args: str) -> str:
    out, err = StringIO(), StringIO()
    call_command(*args, stdout=out, stderr=err)
    return out.getvalue() + err.getvalue()


def test_a_folder_of_articles_becomes_a_pack_to_chat_with(offline: Path) -> None:
    run("ingest", str(offline), "--pack", "helpdesk", "--create")
    built = run("build_network", "--pack", "helpdesk", "--progress")
    assert "Draft network of pack 'helpdesk'" in built and "3/3 documents" in built
    pack = Pack.objects.get(name="helpdesk")
    content = pack.current_version.content
    assert content["metadata"]["review"] == "draft"
    network = content["network"]
    assert len(network["hypotheses"]) >= 10
    # Every cause cites the article it comes from, with the words it rests on.
    for hypothesis in network["hypotheses"]:
        (citation,) = hypothesis["citations"]
        assert citation["passage_id"].startswith("helpdesk:")
        assert citation["quote"]
    run("publish_pack", "helpdesk")
    pack.refresh_from_db()
    assert pack.current_version.content["metadata"]["review"] == "published"

    browser = Browser()
    token = browser.post(text="Outlook does not get any new mail", pack="helpdesk").json()["token"]
    answers = {
        "working offline": "No",
        "web mail": "Yes",
        "disconnected": "Yes",
    }
    seen = []
    for _ in range(6):
        last = browser.messages(token).json()["messages"][-1]
        if last["kind"] != "question":
            break
        seen.append(last["text"])
        key = next((k for k in answers if k in last["text"].lower()), None)
        label = answers[key] if key else "Not sure"
        button = next(b for b in last["buttons"] if b["label"] == label)
        browser.post(token=token, text=button["label"], button=button["payload"])
    final = browser.messages(token).json()["messages"][-1]["text"]
    assert "profile is damaged" in final.lower() or "new mail profile" in final.lower(), (
        seen,
        final,
    )


def test_each_stage_round_trips_through_a_pack_file(offline: Path, tmp_path: Path) -> None:
    run("ingest", str(offline), "--pack", "helpdesk", "--create")
    documents_only = export_pack("helpdesk")
    assert "network" not in documents_only
    assert {d["id"] for d in documents_only["documents"]} == {
        "helpdesk:outlook.txt",
        "helpdesk:printer.html",
        "helpdesk:vpn.md",
    }
    stage_file = tmp_path / "documents.json"
    stage_file.write_text(json.dumps(documents_only), encoding="utf-8")
    Pack.objects.all().delete()
    Document.objects.all().delete()
    run("import_pack", str(stage_file))
    assert (
        Document.objects.filter(pack__name="helpdesk", origin=Document.ORIGIN_INGEST).count() == 3
    )
    assert Pack.objects.get(name="helpdesk").current_version is None

    run("build_network", "--pack", "helpdesk")
    draft = export_pack("helpdesk")
    draft_file = tmp_path / "draft.json"
    run("export_pack", "helpdesk", "--output", str(draft_file))
    assert json.loads(draft_file.read_text(encoding="utf-8")) == draft
    Pack.objects.all().delete()
    Document.objects.all().delete()
    run("import_pack", str(draft_file))
    assert export_pack("helpdesk") == draft


def test_an_html_passage_has_one_id_through_ingest_and_a_pack_directory(
    offline: Path, tmp_path: Path
) -> None:
    run("ingest", str(offline / "printer.html"), "--pack", "ingested", "--create")
    ingested = Document.objects.get(external_id="ingested:printer.html")
    directory = tmp_path / "packdir"
    (directory / "docs").mkdir(parents=True)
    shutil.copy(offline / "printer.html", directory / "docs" / "printer.html")
    (directory / "pack.json").write_text(
        json.dumps(
            {
                "format": "askfew-pack",
                "format_version": 1,
                "name": "shipped",
                "version": "1",
                "title": "Shipped",
                "documents": [
                    {
                        "id": "shipped:printer.html",
                        "kind": "article",
                        "title": ingested.title,
                        "file": "docs/printer.html",
                        "split": ingested.split,
                    }
                ],
                "network": {"name": "shipped", "hypotheses": [{"id": "h"}], "findings": []},
            }
        ),
        encoding="utf-8",
    )
    import_pack(directory)
    shipped = Document.objects.get(external_id="shipped:printer.html")
    assert shipped.text == ingested.text

    def passages(doc: Document) -> list[tuple[str, str]]:
        items = split_passages(
            doc.external_id, doc.text, pack="p", kind=doc.kind, title=doc.title, split=doc.split
        )
        return [(p.id.split("#")[1], p.text) for p in items]

    assert passages(shipped) == passages(ingested)


def test_the_draft_is_reviewed_in_the_console_with_its_passages(offline: Path) -> None:
    from console.roles import KNOWLEDGE_EDITOR
    from tests.console.conftest import client_for, make_user

    run("ingest", str(offline), "--pack", "helpdesk", "--create")
    run("build_network", "--pack", "helpdesk")
    network = Pack.objects.get(name="helpdesk").current_version.content["network"]
    by_name = {h["name"]: h["id"] for h in network["hypotheses"]}
    toner = next(i for n, i in by_name.items() if "toner" in n.lower())
    driver = next(i for n, i in by_name.items() if "driver" in n.lower())
    vpn_access = next(i for n, i in by_name.items() if "vpn access" in n.lower())
    client = client_for(make_user("rita", KNOWLEDGE_EDITOR))

    page = client.get("/knowledge/helpdesk/review/").content.decode()
    assert 'id="review-state">draft<' in page
    # The citing passage is shown beside the cause.
    assert "Replace the toner cartridge with a new one." in page

    def act(**form: str) -> None:
        response = client.post("/knowledge/helpdesk/review/action/", form)
        assert response.status_code == 302

    act(action="rename", item=toner, text="Toner cartridge is empty")
    act(action="merge", item=vpn_access, other=driver)  # a wrong merge, undone below
    act(action="drop_cause", item=driver)
    first_link = next(lk for lk in network["links"] if lk["hypothesis"] == toner)
    act(action="drop_link", item=toner, other=first_link["finding"])
    act(action="publish")
    content = Pack.objects.get(name="helpdesk").current_version.content
    names = {h["id"]: h["name"] for h in content["network"]["hypotheses"]}
    assert names[toner] == "Toner cartridge is empty"
    assert driver not in names and vpn_access not in names
    assert not any(
        lk["hypothesis"] == toner and lk["finding"] == first_link["finding"]
        for lk in content["network"]["links"]
    )
    assert content["metadata"]["review"] == "published"
    page = client.get("/knowledge/helpdesk/review/").content.decode()
    assert 'id="review-state">published<' in page
