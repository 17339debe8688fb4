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


def _worker_service() -> Any:
    from bots.service import worker_service

    return worker_service()
