"""Where the shared datasets live, and the error raised when they are missing or malformed.

Plain Python on purpose: the loaders run in benchmarks and tests without Django, so they resolve
the datasets directory themselves instead of importing the Django settings (which agree: both
default to ``../shared/datasets`` next to the project and honour ``DATASETS_DIR``).
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

DEFAULT_DATASETS_DIR = Path(__file__).resolve().parents[2].parent / "shared" / "datasets"


class DatasetError(ValueError):
    """A dataset file is missing, or its content is not what the loader expects."""


def datasets_dir(override: str | os.PathLike[str] | None = None) -> Path:
    """The datasets root: ``override``, else ``$DATASETS_DIR``, else ``../shared/datasets``."""
    if override is not None:
        return Path(override).resolve()
    env = os.environ.get("DATASETS_DIR")
    if env:
        return Path(env).resolve()
    return DEFAULT_DATASETS_DIR


def require_file(path: Path) -> Path:
    if not path.is_file():
        raise DatasetError(
            f"dataset file not found: {path} (set DATASETS_DIR or pass the datasets directory)"
        )
    return path


def read_json(path: Path) -> Any:
    require_file(path)
    try:
        with path.open(encoding="utf-8") as handle:
            return json.load(handle)
    except json.JSONDecodeError as exc:
        raise DatasetError(f"{path}: not valid JSON ({exc})") from exc
