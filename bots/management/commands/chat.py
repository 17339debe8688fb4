"""``manage.py chat``: talk to the bot in a terminal, through the same conversation service.

Reads one message per line from stdin and prints each reply, through the terminal channel
adapter (``bots.channels.terminal``): buttons are listed as "[1] Yes  [2] No ...". Typing a
button's label or its number presses it (a label wins, so on a 0-10 scale "3" means 3).
"quit" or end of input leaves. Works in a pipe, so a script can
drive it: ``printf 'my laptop will not charge\\n2\\n' | manage.py chat --pack it-laptop``.

The database must be migrated (``bin/run`` / ``manage.py serve`` does it on start); when no
pack has been imported yet, the example packs are imported first (the first-start step).
"""

from __future__ import annotations

import sys
import uuid
from argparse import ArgumentParser
from dataclasses import replace
from typing import Any

from django.core.management.base import BaseCommand, CommandError
from django.db import DatabaseError

from bots.channels import adapter_for
from bots.models import Channel
from knowledge.progress import quiet_logs


class Command(BaseCommand):
    help = "Chat with the bot in the terminal (one message per line; numbers press buttons)."

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument(
            "--pack",
            default=None,
            help="the knowledge pack to use (default: route each complaint to a pack)",
        )
        parser.add_argument(
            "--thread",
            default=None,
            help="conversation id (default: a new one per run); reuse one to resume a case",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        # The dialogue only: the service's INFO lines would interleave with it (LOG_LEVEL wins).
        with quiet_logs():
            self._chat(options)

    def _chat(self, options: dict[str, Any]) -> None:
        from bots.config import ServiceConfig
        from bots.service import ConversationService

        self._ensure_packs()
        names = self._pack_names()
        pack: str | None = options["pack"]
        if pack is not None and pack not in names:
            raise CommandError(f"unknown pack {pack!r}; loaded packs: {', '.join(names) or 'none'}")
        config = ServiceConfig.from_settings()
        config = replace(config, channel_packs={**config.channel_packs, "terminal": pack})
        service = ConversationService(config=config)
        thread = options["thread"] or f"terminal-{uuid.uuid4().hex[:12]}"
        interactive = sys.stdin.isatty()
        self.stdout.write(
            f"askfew chat ({pack or 'any topic'}). Describe the problem; type a button's "
            "number or label to press it, 'quit' to leave."
        )

        def prompt() -> None:
            self.stdout.write("you> ", ending="")
            self.stdout.flush()

        # The terminal adapter (bots.channels.terminal) reads and renders; the service answers.
        adapter_for(Channel.TERMINAL).converse(  # type: ignore[attr-defined]
            service,
            thread,
            pack,
            sys.stdin,
            self.stdout.write,
            prompt=prompt if interactive else None,
            echo_presses=not interactive,
        )

    def _ensure_packs(self) -> None:
        try:
            from knowledge.models import Pack

            empty = not Pack.objects.exists()
        except DatabaseError as exc:
            raise CommandError(
                f"the database is not ready ({exc}); run `manage.py migrate` (bin/run does)"
            ) from exc
        if empty:
            from knowledge.first_start import import_example_packs

            for message in import_example_packs():
                self.stderr.write(message)

    def _pack_names(self) -> list[str]:
        from bots.grounding import StoredPacks

        return StoredPacks().names()
