"""Channel adapters: Slack, Telegram, web chat and the terminal.

Each adapter (``bots.channels.base.ChannelAdapter``, one module per platform, registered when
imported) does three jobs and nothing else: turn a verified platform event into a
``bots.messages.Inbound`` and hand it to the inbox it was given, render a stored reply
(``OutboundMessage.payload``) in the platform's own form and send it, and acknowledge a button
press (take the buttons off the message it came from). Conversation logic lives in the
service; the adapters never import it, nor the runtime.

The reply payload every sender renders (``OutboundMessage.payload``) is
``bots.messages.Reply.to_dict()`` plus who speaks::

    {"role": "bot" | "operator", "parts": ["text", ...],
     "buttons": [{"label": "Yes", "payload": "answer:yes"}, ...],
     "kind": "question" | "conclusion" | ..., "status": "active" | ..., ...}

Only ``parts`` is required.

An operator's reply is such a payload with ``role: "operator"``, stored as an OutboundMessage
and queued with ``bots.tasks.send_outbound``.
"""

from __future__ import annotations

from collections.abc import Iterator

from bots.channels.base import (
    ChannelAdapter,
    Inbox,
    adapter_for,
    adapters,
    connect,
    oversized,
    register,
)

__all__ = [
    "ChannelAdapter",
    "Inbox",
    "adapter_for",
    "adapters",
    "connect",
    "oversized",
    "register",
    "start_configured_bots",
]


def start_configured_bots() -> Iterator[str]:
    """The bot starter ``manage.py serve`` runs (the console registers it): each adapter's
    background listener where it is configured (Socket Mode, long polling), each in a daemon
    thread so the server starts without waiting on them."""
    for adapter in adapters():
        yield from adapter.start()
