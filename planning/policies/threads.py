"""One BLAS thread while a policy decides.

The planner's matrix products are small (a few hundred rows by ~50 hypotheses). OpenBLAS
splits even those over every core and its threads spin while they wait, so on a loaded machine
a 0.07 ms product took 26 ms, and the process burns CPU that other work needs. The limit is
set around each decision (about 15 microseconds) and restored after it, so the rest of the
process keeps its own setting.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from functools import lru_cache
from typing import Any

from threadpoolctl import ThreadpoolController


@lru_cache(maxsize=1)
def _controller() -> Any:
    # Inspecting the loaded libraries costs ~1 ms; numpy's BLAS is loaded by now.
    return ThreadpoolController()


@contextmanager
def single_threaded_blas() -> Iterator[None]:
    """BLAS limited to one thread for the duration of the block."""
    with _controller().limit(limits=1, user_api="blas"):
        yield
