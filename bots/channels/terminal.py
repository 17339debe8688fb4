"""The terminal: ``manage.py chat`` talks to the conversation service line by line.

A line is a message; a reply is printed with its buttons listed ("[1] Yes  [2] No ...").
Typing a button's label or its number presses it (a label wins, so on a 0-10 scale "3" means
3). The conversation is synchronous and lives as long as the command: the service is handed
in (``converse``) and answers each line at once, so nothing goes through the inbox, and a
reply stored for a terminal case later (an operator's) has no way to reach it.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Protocol, TextIO

from bots.channels.base import ChannelAdapter, PermanentSendError, register
from bots.messages import Button, Inbound, Reply, picked, render_plain
from bots.models import Channel, OutboundMessage

QUIT = {"quit", "exit", "/quit", "/exit"}


class Service(Protocol):
    def handle(self, inbound: Inbound) -> Reply: ...


class TerminalAdapter(ChannelAdapter):
    name = Channel.TERMINAL.value

    def send(self, outbound: OutboundMessage) -> str:
        raise PermanentSendError("a terminal chat cannot be reached once its command has ended")

    def converse(
        self,
        service: Service,
        thread: str,
        pack: str | None,
        lines: TextIO,
        write: Callable[[str], None],
        *,
        prompt: Callable[[], None] | None = None,
        echo_presses: bool = False,
    ) -> None:
        """Read ``lines`` until end of input or "quit"; answer each with ``service``."""
        buttons: tuple[Button, ...] = ()
        choices: tuple[Button, ...] = ()
        while True:
            if prompt is not None:
                prompt()
            line = lines.readline()
            if not line:
                break
            text = line.strip()
            if not text:
                continue
            if text.lower() in QUIT:
                break
            pressed = pressed_button(text, buttons, choices)
            inbound = Inbound(
                channel=self.name,
                thread_id=thread,
                text="" if pressed else text,
                button=pressed.payload if pressed else "",
                pack=pack or "",
            )
            if echo_presses and pressed is not None:
                write(f"(pressed: {pressed.label})")
            reply = service.handle(inbound)
            buttons, choices = reply.buttons, reply.choices
            write(render_plain(reply))
            write("")


def pressed_button(
    text: str, buttons: tuple[Button, ...], choices: tuple[Button, ...] = ()
) -> Button | None:
    """The button a typed line presses: its label (case-insensitive), else its number (the
    choices are numbered first, the buttons after them); several choice numbers ("1, 3",
    "1 and 3") pick those choices together."""
    lowered = text.lower()
    for button in (*choices, *buttons):
        if button.label.lower() == lowered:
            return button
    numbers = re.findall(r"\d+", text)
    if choices and len(numbers) > 1 and not re.sub(r"\d+|,|\band\b|\s", "", lowered):
        chosen = [int(n) for n in numbers]
        if all(1 <= n <= len(choices) for n in chosen):
            payload = picked([choices[n - 1].payload for n in chosen])
            return Button(", ".join(choices[n - 1].label for n in chosen), payload)
    items = (*choices, *buttons)
    if text.isdigit() and 1 <= int(text) <= len(items):
        return items[int(text) - 1]
    return None


ADAPTER = register(TerminalAdapter())
