from django.apps import AppConfig


class BotsConfig(AppConfig):
    name = "bots"
    verbose_name = "Bots"

    def ready(self) -> None:
        # serve's start_bots() runs whatever is registered; Socket Mode and polling start only
        # for channels whose tokens are set.
        from bots.channels import register_starters

        register_starters()
