"""Packs in the database and the search index: import, atomicity, export round trip, load."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from knowledge.models import Document, Pack, PackVersion
from knowledge.packs.importers import it_laptop_pack
from knowledge.packs.store import (
    PackError,
    export_pack,
    import_pack,
    load_network,
    reindex,
)
from knowledge.packs.validate import PackInvalid, validate_pack
from knowledge.search import NotFound, SearchError
from knowledge.search.embedded import EmbeddedBackend
from planning.network import EvidentialNetwork
from tests.knowledge.conftest import FailingBackend

pytestmark = pytest.mark.django_db(transaction=True)


def _indexed_ids(store: EmbeddedBackend, pack: str) -> set[str]:
    store.refresh()
    ids = set()
    for hit in store.search("laptop battery wifi driver power keyboards", pack=pack, limit=100):
        ids.add(hit.passage.document_id)
    return ids


def test_import_writes_rows_and_index_and_citations_resolve(
    tiny_pack: dict[str, Any], backend: EmbeddedBackend
) -> None:
    result = import_pack(tiny_pack)
    assert (result.status, result.indexed, result.passages) == ("created", 3, 5)
    pack = Pack.objects.get(name="tiny")
    assert pack.current_version is not None and pack.current_version.version == "1"
    assert pack.current_version.content == tiny_pack
    assert sorted(pack.documents.values_list("external_id", "passage_count")) == [
        ("tiny:faq", 2),
        ("tiny:guide", 2),
        ("tiny:notes", 1),
    ]
    assert backend.count(pack="tiny", what="documents") == 3
    assert backend.count(pack="tiny") == 5
    network = load_network("tiny")
    for link in network.links:
        for citation in link.citations:
            passage = backend.get_passage(citation.passage_id)
            assert passage.pack == "tiny"
    assert "dead battery" in backend.get_passage("tiny:guide#0").text
    hits = backend.search("Wi-Fi icon system tray", pack="tiny", kind="faq", limit=1)
    assert hits[0].passage.id == "tiny:faq#1"


def test_an_existing_pack_needs_replace_and_versions_are_immutable(
    tiny_pack: dict[str, Any], backend: EmbeddedBackend
) -> None:
    import_pack(tiny_pack)
    with pytest.raises(PackError, match=r"already exists \(current version 1\)"):
        import_pack(tiny_pack)
    assert import_pack(tiny_pack, replace=True).status == "unchanged"
    changed = copy.deepcopy(tiny_pack)
    changed["title"] = "Renamed"
    with pytest.raises(PackError, match="version '1' of pack 'tiny' already exists"):
        import_pack(changed, replace=True)
    assert PackVersion.objects.count() == 1


def test_a_new_version_updates_changed_documents_and_removes_dropped_ones(
    tiny_pack: dict[str, Any], backend: EmbeddedBackend
) -> None:
    import_pack(tiny_pack)
    v2 = copy.deepcopy(tiny_pack)
    v2["version"] = "2"
    v2["documents"][0]["text"] = v2["documents"][0]["text"].replace("dead", "worn-out")
    del v2["documents"][2]  # tiny:notes
    v2["network"]["links"][0]["masses"] = [{"states": ["no"], "mass": 1.0}]
    result = import_pack(v2, replace=True)
    assert (result.status, result.indexed, result.kept, result.removed) == ("updated", 1, 1, 1)
    assert "worn-out battery" in backend.get_document("tiny:guide").text
    with pytest.raises(NotFound):
        backend.get_document("tiny:notes")
    assert not Document.objects.filter(external_id="tiny:notes").exists()
    assert list(Pack.objects.get(name="tiny").versions.values_list("version", flat=True)) == [
        "2",
        "1",
    ]
    assert load_network("tiny").links[0].plausibility(["yes"]) == 0.0

    # Importing the old content again is a rollback to the kept version.
    assert import_pack(tiny_pack, replace=True).status == "updated"
    assert Pack.objects.get(name="tiny").current_version.version == "1"  # type: ignore[union-attr]
    assert backend.get_document("tiny:notes").title == "Field notes"
    assert PackVersion.objects.count() == 2


def test_failed_indexing_leaves_nothing_of_a_new_pack(
    tiny_pack: dict[str, Any], index_dir: Path
) -> None:
    # Documents are indexed in order, one per batch: tiny:guide goes in before tiny:faq fails.
    store = FailingBackend(index_dir, poison="tiny:faq")
    with pytest.raises(SearchError, match="injected failure"):
        import_pack(tiny_pack, backend=store, batch_size=1)
    assert Pack.objects.count() == 0
    assert PackVersion.objects.count() == 0
    assert Document.objects.count() == 0
    store.refresh()
    assert store.count(pack="tiny", what="documents") == 0
    assert store.count(pack="tiny") == 0


def test_failed_replace_restores_the_previous_version_in_db_and_index(
    tiny_pack: dict[str, Any], index_dir: Path
) -> None:
    store = FailingBackend(index_dir, poison="tiny:new")
    import_pack(tiny_pack, backend=store)
    v2 = copy.deepcopy(tiny_pack)
    v2["version"] = "2"
    v2["documents"][0]["text"] = "Rewritten guide.\n\nSecond paragraph."
    v2["documents"][2] = {"id": "tiny:new", "kind": "article", "title": "New", "text": "New."}
    with pytest.raises(SearchError):
        import_pack(v2, replace=True, backend=store, batch_size=1)
    pack = Pack.objects.get(name="tiny")
    assert pack.current_version is not None and pack.current_version.version == "1"
    assert PackVersion.objects.count() == 1
    assert Document.objects.get(external_id="tiny:guide").text == tiny_pack["documents"][0]["text"]
    store.refresh()
    # tiny:guide was re-indexed with v2's text before the failure: it is back to v1's.
    assert store.get_document("tiny:guide").text == tiny_pack["documents"][0]["text"]
    assert store.get_passage("tiny:guide#0").text.startswith("A laptop that does not power on")
    assert store.get_document("tiny:notes").title == "Field notes"
    with pytest.raises(NotFound):
        store.get_document("tiny:new")
    assert store.count(pack="tiny", what="documents") == 3


def test_import_command_validates_first_and_reports_problems(
    tiny_pack: dict[str, Any], write_json: Callable[..., Path], backend: EmbeddedBackend
) -> None:
    tiny_pack["network"]["links"][0]["finding"] = "q3"
    path = write_json(tiny_pack)
    with pytest.raises(CommandError, match=r"network\.links\[0\]\.finding: unknown finding 'q3'"):
        call_command("import_pack", str(path))
    assert Pack.objects.count() == 0
    assert backend.count(what="documents") == 0


def test_export_of_an_imported_real_pack_round_trips(
    backend: EmbeddedBackend, write_json: Callable[..., Path], tmp_path: Path
) -> None:
    pack = it_laptop_pack()
    path = write_json(pack, "it-laptop.json")
    call_command("import_pack", str(path))
    out = tmp_path / "export.json"
    call_command("export_pack", "it-laptop", output=out)
    exported = validate_pack(json.loads(out.read_text(encoding="utf-8")))
    assert exported.data == pack
    assert (
        load_network("it-laptop").to_dict()
        == EvidentialNetwork.from_dict(pack["network"]).to_dict()
    )
    # Round trip through the database again: the exported file imports as "unchanged".
    call_command("import_pack", str(out), replace=True)
    assert PackVersion.objects.filter(pack__name="it-laptop").count() == 1


def test_export_can_include_ingested_documents(
    tiny_pack: dict[str, Any], backend: EmbeddedBackend, tmp_path: Path
) -> None:
    from knowledge.ingest import ingest_paths

    import_pack(tiny_pack)
    (tmp_path / "extra.md").write_text("# Docking\n\nUnplug the dock first.", encoding="utf-8")
    ingest_paths([tmp_path / "extra.md"], pack="tiny")
    plain = export_pack("tiny")
    full = export_pack("tiny", include_ingested=True)
    assert plain == tiny_pack
    assert [d["id"] for d in full["documents"]][-1] == "tiny:extra.md"
    validate_pack(full)
    with pytest.raises(PackError, match="unknown pack 'nope'"):
        export_pack("nope")


def test_load_network_is_cached_per_version(
    tiny_pack: dict[str, Any], backend: EmbeddedBackend
) -> None:
    import_pack(tiny_pack)
    first = load_network("tiny")
    assert load_network("tiny") is first
    v2 = copy.deepcopy(tiny_pack)
    v2["version"] = "2"
    v2["network"]["hypotheses"][1]["name"] = "Outdated driver"
    import_pack(v2, replace=True)
    second = load_network("tiny")
    assert second is not first and second.hypothesis("h-driver").name == "Outdated driver"
    with pytest.raises(PackError, match="unknown pack"):
        load_network("missing")


def test_reindex_rebuilds_the_index_from_the_database(
    tiny_pack: dict[str, Any], backend: EmbeddedBackend
) -> None:
    import_pack(tiny_pack)
    backend.clear()
    backend.refresh()
    assert backend.count(pack="tiny") == 0
    call_command("reindex_packs")
    assert backend.count(pack="tiny", what="documents") == 3
    assert backend.count(pack="tiny") == 5
    assert reindex("tiny") == 3


def test_invalid_pack_given_as_dict_is_rejected_before_any_write(
    tiny_pack: dict[str, Any], backend: EmbeddedBackend
) -> None:
    del tiny_pack["network"]["hypotheses"]
    with pytest.raises(PackInvalid):
        import_pack(tiny_pack)
    assert Pack.objects.count() == 0


def test_admin_pages_show_packs_versions_and_documents(
    tiny_pack: dict[str, Any], backend: EmbeddedBackend, admin_client: Any
) -> None:
    import_pack(tiny_pack)
    version = PackVersion.objects.get()
    page = admin_client.get(f"/admin/knowledge/packversion/{version.pk}/change/")
    assert page.status_code == 200
    assert b"2 hypotheses, 2 findings, 2 links, 1 red flags, 3 documents" in page.content
    listing = admin_client.get("/admin/knowledge/document/?q=Wi-Fi")
    assert listing.status_code == 200 and b"tiny:faq" in listing.content
