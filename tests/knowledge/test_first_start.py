"""First start imports the example packs once, and skips cleanly without the datasets."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from console import startup
from knowledge.datasets.common import datasets_dir
from knowledge.first_start import import_example_packs
from knowledge.models import Pack
from knowledge.packs.store import load_network
from knowledge.search.embedded import EmbeddedBackend

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_step_is_registered_once() -> None:
    assert startup.FIRST_START_STEPS.count(import_example_packs) == 1


def test_missing_datasets_are_skipped_with_a_reason(
    settings: Any, tmp_path: Path, backend: EmbeddedBackend
) -> None:
    settings.DATASETS_DIR = tmp_path / "nowhere"
    messages = list(startup.first_start())
    assert len(messages) == 1
    assert f"datasets directory {tmp_path / 'nowhere'} not found" in messages[0]
    assert Pack.objects.count() == 0


@pytest.mark.skipif(
    not (datasets_dir() / "flodial").is_dir(), reason="the FloDial dataset is not available"
)
def test_packs_are_imported_on_first_start_only(
    settings: Any, tmp_path: Path, backend: EmbeddedBackend
) -> None:
    # A datasets directory with FloDial but no DDXPlus: two packs load, the third is skipped.
    root = tmp_path / "datasets"
    root.mkdir()
    (root / "flodial").symlink_to(datasets_dir() / "flodial")
    settings.DATASETS_DIR = root
    messages = list(import_example_packs())
    assert messages[0].startswith("Example pack loaded: it-laptop 1.1.0: 85 hypotheses")
    assert messages[1].startswith("Example pack loaded: car 1.1.0: 98 hypotheses")
    assert messages[2].startswith("Example pack patient-intake skipped: dataset file not found")
    assert sorted(Pack.objects.values_list("name", flat=True)) == ["car", "it-laptop"]
    assert len(load_network("car").hypotheses) == 98
    assert backend.count(pack="it-laptop", kind="faq", what="documents") == 6
    assert list(import_example_packs()) == []


@pytest.mark.skipif(
    not (datasets_dir() / "flodial").is_dir(), reason="the FloDial dataset is not available"
)
def test_a_database_from_an_older_release_gets_this_releases_pack_policy(
    settings: Any, tmp_path: Path, backend: EmbeddedBackend
) -> None:
    # A database keeps the pack it first imported: one imported before a stopping rule (or a
    # question order) was declared in the builder is brought up to it at the next start,
    # network and documents as they were; an operator's own pack is left alone.
    from knowledge.packs.importers import build_example_pack
    from knowledge.packs.store import import_pack

    root = tmp_path / "datasets"
    root.mkdir()
    (root / "flodial").symlink_to(datasets_dir() / "flodial")
    settings.DATASETS_DIR = root
    old_car = build_example_pack("car", root)
    del old_car["metadata"]["stopping"]  # as built before the rule was declared
    import_pack(old_car)
    own = build_example_pack("it-laptop", root)
    own["metadata"] = {"generated_by": "an operator", "stopping": {"tau": 0.5}}
    import_pack(own)

    messages = list(import_example_packs())

    assert len(messages) == 1 and messages[0].startswith("Example pack car: stopping rule")
    car = Pack.objects.get(name="car").current_version
    assert car.version.startswith("1.1.0+")
    assert car.content["metadata"]["stopping"] == {"tau": 0.85, "max_turns": 15}
    assert car.content["network"] == old_car["network"]
    assert len(load_network("car").hypotheses) == 98
    laptop = Pack.objects.get(name="it-laptop").current_version.content
    assert laptop["metadata"]["stopping"] == {"tau": 0.5}
    assert list(import_example_packs()) == []  # once brought up, nothing to do
