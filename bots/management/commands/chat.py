"""``manage.py chat``: talk to the bot in a terminal, through the same conversation service.

Reads one message per line from stdin and prints each reply; buttons are listed as
"[1] Yes  [2] No ...". Typing a button's label or its number presses it (a label wins, so on
a 0-10 scale "3" means 3). "quit" or end of input leaves. Works in a pipe, so a script can
drive it: ``printf 'my laptop will not charge\\n2\\n' | manage.py chat --pack it-laptop``.

The database must be migrated (``bin/run`` / ``manage.py serve`` does it on start); when no
pack has been imported yet, the example packs are imported first (the first-start step).
"""

from __future__ import annotations

import sys
import uuid
from argparse import ArgumentParser
from dataclasses import replace
from typing import Any, TextIO

from django.core.management.base import BaseCommand, CommandError
from django.db import DatabaseError

from bots.messages import Button, Inbound, Reply, render_plain

QUIT = {"quit", "exit", "/quit", "/exit"}


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
        self._loop(service, thread, pack, sys.stdin, interactive)

    def _loop(
        self, service: Any, thread: str, pack: str | None, stream: TextIO, interactive: bool
    ) -> None:
        buttons: tuple[Button, ...] = ()
        while True:
            if interactive:
                self.stdout.write("you> ", ending="")
                self.stdout.flush()
            line = stream.readline()
            if not line:
                break
            text = line.strip()
            if not text:
                continue
            if text.lower() in QUIT:
                break
            pressed = _pressed(text, buttons)
            inbound = Inbound(
                channel="terminal",
                thread_id=thread,
                text="" if pressed else text,
                button=pressed.payload if pressed else None,
                pack=pack,
            )
            if not interactive and pressed is not None:
                self.stdout.write(f"(pressed: {pressed.label})")
            reply: Reply = service.handle(inbound)
            buttons = reply.buttons
            self.stdout.write(render_plain(reply))
            self.stdout.write("")

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


def _pressed(text: str, buttons: tuple[Button, ...]) -> Button | None:
    """The button a typed line presses: its label (case-insensitive), else its number."""
    lowered = text.lower()
    for button in buttons:
        if button.label.lower() == lowered:
            return button
    if text.isdigit() and 1 <= int(text) <= len(buttons):
        return buttons[int(text) - 1]
    return None
