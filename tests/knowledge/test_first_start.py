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
