"""Shared fixtures: the FloDial example packs (built from the real charts) and search stores."""

from __future__ import annotations

from pathlib import Path

import pytest

from knowledge.packs.importers import car_pack, it_laptop_pack
from knowledge.packs.validate import ValidPack, validate_pack
from knowledge.retrieval.routing import Router
from knowledge.search import Document
from knowledge.search.embedded import EmbeddedBackend


@pytest.fixture(scope="session")
def flodial_packs() -> list[ValidPack]:
    return [
        validate_pack(it_laptop_pack(), check_schema=False),
        validate_pack(car_pack(), check_schema=False),
    ]


@pytest.fixture(scope="session")
def router(flodial_packs: list[ValidPack], tmp_path_factory: pytest.TempPathFactory) -> Router:
    return Router.from_packs(flodial_packs, index_dir=tmp_path_factory.mktemp("routing-index"))


@pytest.fixture(scope="session")
def pack_store(
    flodial_packs: list[ValidPack], tmp_path_factory: pytest.TempPathFactory
) -> EmbeddedBackend:
    """The packs' documents in a document store, as importing them would leave it."""
    backend = EmbeddedBackend(Path(tmp_path_factory.mktemp("pack-store")))
    for pack in flodial_packs:
        documents = [
            Document(id=d["id"], pack=pack.name, kind=d["kind"], title=d["title"], text=d["text"])
            for d in pack.data["documents"]
        ]
        backend.index(documents, [p for d in documents for p in pack.passages[d.id]])
    backend.refresh()
    return backend
