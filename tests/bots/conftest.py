"""Fixtures for the conversation tests: the example packs in the test database, a service."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings

PACKS = ("it-laptop", "patient-intake")
_BUILT: dict[str, Any] = {}


def _datasets_present() -> bool:
    root = Path(settings.DATASETS_DIR)
    return (root / "flodial").is_dir() and (root / "ddxplus").is_dir()


def _ensure_packs(names: tuple[str, ...]) -> None:
    """Import the example packs that are not in the database (built once per session)."""
    from knowledge.models import Pack
    from knowledge.packs.importers import build_example_pack
    from knowledge.packs.store import import_pack
    from knowledge.packs.validate import validate_pack

    for name in names:
        if Pack.objects.filter(name=name, current_version__isnull=False).exists():
            continue
        if name not in _BUILT:
            _BUILT[name] = validate_pack(build_example_pack(name), check_schema=False)
        import_pack(_BUILT[name], replace=True)


@pytest.fixture(scope="session")
def _session_packs(django_db_setup: Any, django_db_blocker: Any) -> None:
    if not _datasets_present():
        pytest.skip(f"the shared datasets are not in {settings.DATASETS_DIR}")
    with django_db_blocker.unblock():
        _ensure_packs(PACKS)


@pytest.fixture
def packs(_session_packs: None, db: None) -> tuple[str, ...]:
    """The example packs, re-imported when a transactional test elsewhere flushed them."""
    _ensure_packs(PACKS)
    return PACKS


@pytest.fixture
def service_factory(packs: tuple[str, ...]) -> Iterator[Callable[..., Any]]:
    """A fresh ConversationService per call (each call is like another worker)."""
    from bots.config import ServiceConfig
    from bots.language import OfflineInterpreter
    from bots.service import ConversationService

    def make(**overrides: Any) -> Any:
        config = overrides.pop("config", None) or ServiceConfig()
        interpreter = overrides.pop("interpreter", None) or OfflineInterpreter()
        return ConversationService(config=config, interpreter=interpreter, **overrides)

    yield make
