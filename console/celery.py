"""The Celery application. Configuration comes from Django settings (CELERY_* names)."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "console.settings")

app = Celery("askfew")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
