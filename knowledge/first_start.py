"""First start: import the example packs when the database has no pack yet.

The packs are built from the shared datasets (``settings.DATASETS_DIR``) rather than shipped,
so a checkout without the datasets still starts: the step says what it skipped and why. It
builds each pack in memory and imports it without the JSON Schema pass (seconds for the
DDXPlus pack); the importer tests check the schema, and the semantic checks still run.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

from django.conf import settings

from knowledge.models import Pack


def import_example_packs() -> Iterator[str]:
    """A first-start step (console.startup): messages for the operator, one per pack."""
    if Pack.objects.exists():
        return
    # Imported here, not at module level: the dataset loaders pull in NumPy and the planner,
    # which app loading (every manage.py command) should not pay for.
    from knowledge.datasets.common import DatasetError
    from knowledge.packs.importers import EXAMPLE_PACKS, build_example_pack
    from knowledge.packs.store import import_pack
    from knowledge.packs.validate import PackInvalid, validate_pack
    from knowledge.search import SearchError

    root = Path(settings.DATASETS_DIR)
    if not root.is_dir():
        yield (
            f"Example packs skipped: datasets directory {root} not found "
            "(set DATASETS_DIR to load them, or import your own with manage.py import_pack)"
        )
        return
    for name in EXAMPLE_PACKS:
        started = time.perf_counter()
        try:
            pack = build_example_pack(name, root)
            valid = validate_pack(pack, source=f"example pack {name}", check_schema=False)
            result = import_pack(valid)
        except DatasetError as exc:
            yield f"Example pack {name} skipped: {exc}"
            continue
        except PackInvalid as exc:
            yield f"Example pack {name} skipped, it does not validate: {exc}"
            continue
        except SearchError as exc:
            yield f"Example pack {name} skipped, the search index failed: {exc}"
            continue
        elapsed = time.perf_counter() - started
        yield f"Example pack loaded: {valid.summary()} [{result.status}, {elapsed:.1f} s]"
