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
        yield from refresh_example_policies()
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


def refresh_example_policies() -> Iterator[str]:
    """Bring the example packs already in the database up to this release's code-declared
    metadata (``importers.example_policy``: stopping rule, question order).

    A database keeps the pack it first imported, so a policy added to the builder later never
    reached it: a web chat on a database from before stop 36 asked a chesty cough "Is there a
    rash...?" second, although the release holds a rash back unless named. Only packs this
    builder generated are touched (an operator's own pack of the same name is theirs), and only
    their metadata: the network and documents stay as imported, so nothing is rebuilt or
    re-indexed. The new version's name carries the policy's hash, so the step is idempotent.
    """
    from knowledge.packs.importers import EXAMPLE_PACKS, GENERATOR, example_policy
    from knowledge.packs.passages import json_hash
    from knowledge.packs.store import PackError, import_pack
    from knowledge.packs.validate import PackInvalid, validate_pack

    for row in Pack.objects.filter(name__in=list(EXAMPLE_PACKS)).select_related("current_version"):
        current = row.current_version
        if current is None or not isinstance(current.content, dict):
            continue
        metadata = current.content.get("metadata") or {}
        if metadata.get("generated_by") != GENERATOR:
            continue
        policy = example_policy(row.name)
        if all(metadata.get(key) == value for key, value in policy.items()):
            continue
        content = dict(current.content)
        content["metadata"] = {**metadata, **policy}
        base = str(current.content.get("version", current.version)).split("+")[0]
        content["version"] = f"{base}+{json_hash(policy)[:8]}"
        try:
            valid = validate_pack(content, source=f"example pack {row.name}", check_schema=False)
            result = import_pack(valid, replace=True, note="this release's stopping and order")
        except (PackInvalid, PackError) as exc:
            yield f"Example pack {row.name} kept as it was, its update does not validate: {exc}"
            continue
        yield (
            f"Example pack {row.name}: stopping rule and question order brought up to this "
            f"release ({result.version}, {result.status})"
        )
