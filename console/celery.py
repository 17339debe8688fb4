"""The Celery application. Configuration comes from Django settings (CELERY_* names)."""

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
