"""Reading the test database while the product's own threads (the sweep, a delivery, a staff
alert's sender) write to it."""

from __future__ import annotations

import time
from typing import Any

from django.db import OperationalError


def settled(query: Any, timeout_s: float = 10) -> Any:
    """``query()``, read again while another thread holds the table. Only the test database
    does this: Django's SQLite test database is in memory with a shared cache, where a reader
    meets a writer's table lock at once ("database table is locked") instead of waiting out
    the busy timeout as on the file the product uses. The sweep and the delivery run in
    threads beside this test, so its reads can meet their writes."""
    start = time.monotonic()
    while True:
        try:
            return query()
        except OperationalError as exc:
            if "locked" not in str(exc) or time.monotonic() - start > timeout_s:
                raise
            time.sleep(0.05)
