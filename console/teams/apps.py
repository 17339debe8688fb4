from django.apps import AppConfig


class TeamsConfig(AppConfig):
    name = "console.teams"
    label = "teams"
    default_auto_field = "django.db.models.BigAutoField"
    verbose_name = "Teams"
