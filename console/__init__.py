"""The Django project (settings, urls, Celery app) and the operator console."""

from .celery import app as celery_app

__all__ = ["celery_app"]
