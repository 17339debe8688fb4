from django.apps import AppConfig
from django.db.models.signals import post_migrate, post_save


class ConsoleConfig(AppConfig):
    name = "console"
    verbose_name = "Operator console"

    def ready(self) -> None:
        # The audit log listens for sign-ins; the roles are (re)created after every migrate,
        # including the flush between transactional tests.
        from console import audit, signin, startup  # noqa: F401
        from console.roles import post_migrate_roles

        startup.register_defaults()

        post_migrate.connect(post_migrate_roles, sender=self, dispatch_uid="console-roles")

        from bots.models import Case
        from console.assignment import on_case_saved

        post_save.connect(on_case_saved, sender=Case, dispatch_uid="console-assignment-rules")
