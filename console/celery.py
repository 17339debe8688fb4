"""The Celery application. Configuration comes from Django settings (CELERY_* names)."""

import logging
import os
from typing import Any

from celery import Celery, signals

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "console.settings")

app = Celery("askfew")
app.config_from_object("django.conf:settings", namespace="CELERY")
# Celery's Django fixup closes the database connection before and after every task unless told
# to reuse it: a new PostgreSQL connection, so a new server process, for every turn. Reuse it;
# the handler below drops one that broke or outlived CONN_MAX_AGE, and CONN_HEALTH_CHECKS tests
# a reused one before a task's first query (so a restarted PostgreSQL costs a check, not a turn).
app.conf.setdefault("CELERY_DB_REUSE_MAX", 1000)
app.autodiscover_tasks()


def _usable_connections(task: Any = None, **kwargs: Any) -> None:
    if task is None or getattr(task.request, "is_eager", False):
        return  # eager tasks run inside the caller's request (and maybe its transaction)
    from django.db import close_old_connections, connection

    if not connection.in_atomic_block:
        close_old_connections()


signals.task_prerun.connect(_usable_connections, dispatch_uid="askfew-db-connections")


def _warm_packs(**kwargs: Any) -> None:
    """Warm every pack in the worker's main process before it forks its pool, so each pool
    process starts with the packs parsed and their texts encoded (``bots.warmup``). Otherwise
    each pool process did it in its first turn of each pack: tens of seconds on a loaded
    machine, added to the wait of a message the sweep had just re-queued after a crash."""
    log = logging.getLogger("console.celery")
    try:
        import django

        django.setup()
        from bots.warmup import warm_packs

        for line in warm_packs():
            log.info(line)
    except Exception:  # an optimisation: the first turns do whatever is left
        log.exception("warming the packs failed")
    finally:
        from django.db import connections

        connections.close_all()  # the pool processes must not share the parent's connections


signals.worker_init.connect(_warm_packs, dispatch_uid="askfew-warm-packs")
