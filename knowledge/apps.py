from django.apps import AppConfig


class KnowledgeConfig(AppConfig):
    name = "knowledge"
    verbose_name = "Knowledge"

    def ready(self) -> None:
        from console import startup
        from knowledge.first_start import import_example_packs

        # ready() can run more than once (tests, reloads); register the step only once.
        if import_example_packs not in startup.FIRST_START_STEPS:
            startup.FIRST_START_STEPS.append(import_example_packs)
