from django.apps import AppConfig


class ObservabilityConfig(AppConfig):
    name = "console.observability"
    label = "observability"
    verbose_name = "Observability"

    def ready(self) -> None:
        from console.observability import celery_hooks, signals

        signals.connect()
        celery_hooks.connect()
