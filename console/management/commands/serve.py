"""Run the product on whatever profile the environment selects (embedded by default).

Steps: apply migrations, run the first-start steps (loading the example packs once), start the
bots whose tokens are set, then serve the console and web chat. This is README's run command.
"""

from __future__ import annotations

from typing import Any

from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandParser

from console import startup


class Command(BaseCommand):
    help = "Migrate, load example packs on first start, start configured bots, serve the console."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("addrport", nargs="?", default="127.0.0.1:8000")
        parser.add_argument("--skip-bots", action="store_true", help="do not start Slack/Telegram")

    def handle(self, *args: Any, **options: Any) -> None:
        call_command("migrate", interactive=False, verbosity=0)
        for message in startup.first_start():
            self.stdout.write(message)
        if not options["skip_bots"]:
            for message in startup.start_bots():
                self.stdout.write(message)
        self.stdout.write(f"Console and web chat on http://{options['addrport']}/")
        # DEBUG is off by default, so runserver would not serve /static/: the embedded profile
        # has no proxy in front to do it (production serves them from nginx or the image).
        from django.conf import settings

        call_command(
            "runserver",
            options["addrport"],
            use_reloader=False,
            insecure_serving=not settings.PRODUCTION,
        )
