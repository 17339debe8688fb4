from typing import Any

from django.apps import AppConfig

# The channel adapters, each registering itself when imported (bots.channels.base).
DEFAULT_CHANNELS = (
    "bots.channels.slack",
    "bots.channels.telegram",
    "bots.channels.web",
    "bots.channels.terminal",
)


class BotsConfig(AppConfig):
    name = "bots"
    verbose_name = "Bots"

    def ready(self) -> None:
        # The composition root: the adapters are loaded by name, the inbox handed to them and
        # the conversation service to the runtime, so none of them imports another's caller.
        from importlib import import_module

        from django.conf import settings

        from bots import channels, inbox, runtime

        for module in getattr(settings, "BOT_CHANNELS", DEFAULT_CHANNELS):
            import_module(module)
        channels.connect(inbox)
        runtime.serve_with(_worker_service)

        from django.core import checks

        from bots.alerts import check_targets

        checks.register(check_targets, "bots")

        from django.db.models.signals import post_migrate

        post_migrate.connect(_ensure_transcript_index, sender=self)


def _ensure_transcript_index(using: str = "default", plan: Any = None, **_: Any) -> None:
    """SQLite's transcript word index after every migrate: a migration that rebuilt the turns
    table dropped its triggers with it (``bots.transcript_index``). Not when the turns table
    is not there (migrated back to zero) or when going back past the index's migration."""
    from django.db import connections

    from bots import transcript_index

    connection = connections[using]
    if connection.vendor != "sqlite":
        return
    if "bots_turn" not in connection.introspection.table_names():
        return
    from django.db.migrations.recorder import MigrationRecorder

    applied = MigrationRecorder(connection).applied_migrations()
    if ("bots", "0006_turn_word_index") in applied:
        transcript_index.ensure(connection)


def _worker_service() -> Any:
    from bots.service_pool import worker_service

    return worker_service()
