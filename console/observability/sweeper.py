"""The embedded profile's stand-in for Celery beat: the same ``redispatch_stalled`` sweep, run
every ``REDISPATCH_INTERVAL_S`` by a daemon thread of the web process.

Without a broker, tasks run in-process. A webhook acknowledged with 200 and then cut off (the
process crashed or was restarted before the turn ran) leaves its event RECEIVED, and a reply
whose send failed while the platform was down stays PENDING: in production beat re-queues both
after ``STALLED_AFTER_S``; here this thread does, so nothing waits for the user to write again.
Started by ``manage.py serve`` (``start_in_background``); a second call is a no-op.
"""

from __future__ import annotations

import logging
import threading

from django.conf import settings
from django.db import close_old_connections

logger = logging.getLogger(__name__)

_started = threading.Event()
_stop = threading.Event()


def interval_s() -> float:
    return float(getattr(settings, "REDISPATCH_INTERVAL_S", 30.0))


def sweep_once() -> dict[str, int]:
    from console.observability.tasks import redispatch_stalled

    close_old_connections()
    try:
        return redispatch_stalled()
    finally:
        close_old_connections()


def _run() -> None:
    while not _stop.wait(interval_s()):
        try:
            sweep_once()
        except Exception:  # the next round tries again; a sweep must never kill the thread
            logger.exception("redispatch sweep failed")


def start_in_background() -> bool:
    """Start the sweeper thread in the embedded profile (no broker); False when not needed."""
    if not settings.CELERY_TASK_ALWAYS_EAGER or _started.is_set():
        return False
    from bots.tasks import EAGER_RETRIES_SWEPT

    _started.set()
    _stop.clear()
    EAGER_RETRIES_SWEPT.set()
    threading.Thread(target=_run, name="askfew-redispatch", daemon=True).start()
    return True


def stop() -> None:
    from bots.tasks import EAGER_RETRIES_SWEPT

    _stop.set()
    _started.clear()
    EAGER_RETRIES_SWEPT.clear()
