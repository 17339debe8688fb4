"""Run the product on whatever profile the environment selects (embedded by default).

Steps: apply migrations, run the first-start steps (loading the example packs once), start the
bots whose tokens are set, then serve the console and web chat. This is README's run command.
"""

from __future__ import annotations

import socket
import threading
import time
from typing import Any

from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError, CommandParser

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
        from bots import inbox
        from console.observability import sweeper

        self._warm_up()
        inbox.run_deferred_in_background()

        if sweeper.start_in_background():
            self.stdout.write(
                "Re-dispatching stalled messages every "
                f"{sweeper.interval_s():g} s (the embedded stand-in for Celery beat)"
            )
        self._announce_when_listening(options["addrport"])
        # DEBUG is off by default, so runserver would not serve /static/: the embedded profile
        # has no proxy in front to do it (production serves them from nginx or the image).
        from django.conf import settings

        call_command(
            "runserver",
            options["addrport"],
            use_reloader=False,
            insecure_serving=not settings.PRODUCTION,
        )

    def _warm_up(self) -> None:
        """Do before serving what each pack's first message would do (``bots.warmup``): done
        by the first message, it held the GIL for up to a second at a time (every request of
        the process waited, health probes included) and, on SQLite, the database's write lock
        for tens of seconds (every other message waited, failed and was left to the sweep)."""
        from bots.warmup import warm_packs

        for line in warm_packs():
            self.stdout.write(line)

    def _announce_when_listening(self, addrport: str) -> None:
        """Print the URL once the server accepts connections, not before: a port already in
        use then shows runserver's error alone, never a URL that leads nowhere."""
        host, _, port = addrport.rpartition(":")
        host = host.strip("[]") or "127.0.0.1"
        if not port.isdigit():  # runserver reports the bad address itself
            return
        probe_host = "127.0.0.1" if host in ("0.0.0.0", "") else "::1" if host == "::" else host
        family = socket.AF_INET6 if ":" in host else socket.AF_INET
        with socket.socket(family) as sock:
            try:
                sock.bind((host, int(port)))
            except OSError as exc:
                # Checked first: a probe would otherwise find whatever holds the port.
                raise CommandError(
                    f"cannot listen on {addrport}: {exc.strerror}; "
                    "give another address, e.g. bin/run 127.0.0.1:8001"
                ) from exc

        def wait() -> None:
            deadline = time.monotonic() + 60
            while time.monotonic() < deadline:
                try:
                    with socket.create_connection((probe_host, int(port)), timeout=0.5):
                        self.stdout.write(f"Console and web chat on http://{addrport}/")
                        self.stdout.flush()
                        return
                except OSError:
                    time.sleep(0.1)

        threading.Thread(target=wait, name="serve-announce", daemon=True).start()
