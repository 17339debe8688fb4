"""The per-process memory of each pack's current version (``store.current_version``): a turn
asks for it several times, so it is remembered for a second; changes made in this process are
seen at once, another process's within the TTL."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from bots.grounding import StoredPacks
from knowledge.models import Pack, PackVersion
from knowledge.packs import store
from knowledge.packs.store import PackError, current_version, import_pack, load_network
from knowledge.search.embedded import EmbeddedBackend

pytestmark = pytest.mark.django_db(transaction=True)


def _v2(tiny_pack: dict[str, Any]) -> dict[str, Any]:
    v2 = copy.deepcopy(tiny_pack)
    v2["version"] = "2"
    v2["title"] = "Tiny, second edition"
    v2["network"]["hypotheses"][1]["name"] = "Outdated driver"
    return v2


def test_an_import_in_this_process_is_seen_by_the_next_lookup(
    tiny_pack: dict[str, Any], backend: EmbeddedBackend
) -> None:
    packs = StoredPacks()
    import_pack(tiny_pack)
    assert packs.info("tiny").version == "1"
    assert packs.names().count("tiny") == 1
    import_pack(_v2(tiny_pack), replace=True)
    info = packs.info("tiny")
    assert (info.version, info.title) == ("2", "Tiny, second edition")
    assert packs.network("tiny").hypothesis("h-driver").name == "Outdated driver"


def test_another_process_change_is_seen_once_the_ttl_has_passed(
    tiny_pack: dict[str, Any], backend: EmbeddedBackend, monkeypatch: pytest.MonkeyPatch
) -> None:
    import_pack(tiny_pack)
    import_pack(_v2(tiny_pack), replace=True)
    assert StoredPacks().info("tiny").version == "2"
    first = PackVersion.objects.get(pack__name="tiny", version="1")
    # A bulk update sends no signals: the same as a rollback done by another process.
    Pack.objects.filter(name="tiny").update(current_version=first)
    assert StoredPacks().info("tiny").version == "2"  # within the TTL: remembered

    later = store._clock() + store.CURRENT_TTL_S + 0.01
    monkeypatch.setattr(store, "_clock", lambda: later)
    assert StoredPacks().info("tiny").version == "1"
    assert load_network("tiny").hypothesis("h-driver").name != "Outdated driver"


def test_unknown_and_deleted_packs_are_not_remembered(
    tiny_pack: dict[str, Any], backend: EmbeddedBackend
) -> None:
    with pytest.raises(PackError, match="unknown pack"):
        StoredPacks().info("tiny")
    import_pack(tiny_pack)
    assert current_version("tiny") is not None
    Pack.objects.get(name="tiny").delete()
    assert current_version("tiny") is None
    assert "tiny" not in StoredPacks().names()
