"""Channel adapters: Slack, Telegram and web chat.

Each adapter does three jobs and nothing else: turn a verified platform event into a
``bots.runtime.Received`` (and hand it to ``bots.runtime.accept``), render a stored reply
(``OutboundMessage.payload``) in the platform's own form and send it, and acknowledge a button
press (take the buttons off the message it came from). Conversation logic lives in the service.

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

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from django.http import HttpRequest, HttpResponse

from bots.models import Channel

if TYPE_CHECKING:
    from bots.outbound import Sender
    from bots.runtime import Received

Acknowledger = Callable[["Received"], None]


def oversized(request: HttpRequest) -> HttpResponse | None:
    """A 413 for a body over Django's DATA_UPLOAD_MAX_MEMORY_SIZE, else None (the body is
    then read and cached on the request). Neither platform sends a message near that size, so
    no reply is owed; left to Django, reading the body would end in a bare 400."""
    try:
        request.body  # noqa: B018 - reading is the check
    except RequestDataTooBig:
        limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
        return HttpResponse(
            f"request body larger than {limit} bytes", status=413, content_type="text/plain"
        )
    return None


def sender_for(channel: str) -> Sender:
    if channel == Channel.SLACK:
        from bots.channels import slack

        return slack.send
    if channel == Channel.TELEGRAM:
        from bots.channels import telegram

        return telegram.send
    if channel == Channel.WEB:
        from bots.channels import web

        return web.send
    raise ValueError(f"no sender for channel {channel!r}")


def acknowledger_for(channel: str) -> Acknowledger:
    if channel == Channel.SLACK:
        from bots.channels import slack

        return slack.acknowledge
    if channel == Channel.TELEGRAM:
        from bots.channels import telegram

        return telegram.acknowledge
    return lambda received: None


def start_configured_bots() -> Iterator[str]:
    """The bot starter ``manage.py serve`` runs (the console registers it): Socket Mode and
    long polling where their tokens are set, each in a daemon thread so the server starts
    without waiting on them."""
    from bots.channels import slack, telegram

    yield from slack.start_socket_mode_in_background()
    yield from telegram.start_polling_in_background()
