"""The channel adapter interface and the registry the adapters put themselves in.

In the spirit of Rasa's ``InputChannel``: an adapter knows one platform and nothing of the
conversation. It turns a verified platform event into a :class:`bots.messages.Inbound` and
hands it to the :class:`Inbox` it was given (it never imports the runtime or the service);
renders a stored reply (``OutboundMessage.payload``) in the platform's form and sends it;
takes the buttons off a pressed message; serves its own URLs (webhooks, the web chat) and
starts its own background listener (Socket Mode, long polling) where it has one.

Each adapter module registers an instance when it is imported (``register``); the bots app
imports the modules named in ``settings.BOT_CHANNELS`` and connects the runtime's inbox to
them (``BotsConfig.ready``). Everything else finds an adapter by channel name
(:func:`adapter_for`), so this module imports no adapter and no runtime.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import AbstractContextManager
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

if TYPE_CHECKING:
    from django.http import HttpRequest, HttpResponse
    from django.urls import URLPattern

    from bots.messages import Inbound
    from bots.models import InboundEvent, OutboundMessage


class SendError(Exception):
    """A channel API refused or failed a send."""


class TransientSendError(SendError):
    """Worth retrying (rate limit, server error, network). ``retry_after``: the server's wish."""

    def __init__(self, message: str, retry_after: float | None = None) -> None:
        super().__init__(message)
        self.retry_after = retry_after


class PermanentSendError(SendError):
    """Retrying cannot help (unknown channel, the bot was removed or blocked, bad request)."""


class Inbox(Protocol):
    """What an adapter hands messages to (``bots.inbox`` is the one the bots use)."""

    def accept(
        self, inbound: Inbound, raw: Mapping[str, Any] | None = None, *, limit: bool = True
    ) -> InboundEvent | None:
        """Store the message and start its processing; None when it is a duplicate or over
        a rate limit (``limit=False``: the caller has checked the limit itself)."""
        ...

    def deferred(self) -> AbstractContextManager[list[int]]:
        """Collect the processing an HTTP view starts, to run it after its response."""
        ...

    def respond_then_process(self, response: HttpResponse, pending: list[int]) -> HttpResponse:
        ...

    def run_now(self, pending: list[int]) -> None:
        ...


class ChannelAdapter:
    """One platform. Subclasses set ``name`` (a ``bots.models.Channel`` value) and override
    what their platform has; the defaults are "nothing to do"."""

    name: ClassVar[str]
    _inbox: Inbox | None = None

    @property
    def inbox(self) -> Inbox:
        if self._inbox is None:
            raise RuntimeError(
                f"the {self.name} adapter has no inbox: bots.channels.connect() was not called"
                " (the bots app does it when Django starts)"
            )
        return self._inbox

    def urls(self) -> list[URLPattern]:
        """The adapter's routes (mounted at the site root by ``bots.urls``)."""
        return []

    def send(self, outbound: OutboundMessage) -> str:
        """Put one stored reply on the platform; the platform's id for it."""
        raise PermanentSendError(f"the {self.name} channel cannot deliver a stored message")

    def acknowledge(self, inbound: Inbound) -> None:
        """Best effort, after the reply: take the buttons off the message a press came from."""

    def start(self) -> Iterator[str]:
        """Start a background listener where one is configured; says what it started."""
        return iter(())


def oversized(request: HttpRequest) -> HttpResponse | None:
    """A 413 for a body over Django's DATA_UPLOAD_MAX_MEMORY_SIZE, else None (the body is
    then read and cached on the request). Neither platform sends a message near that size, so
    no reply is owed; left to Django, reading the body would end in a bare 400."""
    from django.conf import settings
    from django.core.exceptions import RequestDataTooBig
    from django.http import HttpResponse

    try:
        request.body  # noqa: B018 - reading is the check
    except RequestDataTooBig:
        limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
        return HttpResponse(
            f"request body larger than {limit} bytes", status=413, content_type="text/plain"
        )
    return None


_ADAPTERS: dict[str, ChannelAdapter] = {}
_INBOX: list[Inbox] = []


def register(adapter: ChannelAdapter) -> ChannelAdapter:
    """Add ``adapter`` (replacing an earlier one of its name: a module imported again)."""
    _ADAPTERS[adapter.name] = adapter
    if _INBOX:
        adapter._inbox = _INBOX[0]
    return adapter


def connect(inbox: Inbox) -> None:
    """Give every adapter, registered now or later, ``inbox``."""
    _INBOX[:] = [inbox]
    for adapter in _ADAPTERS.values():
        adapter._inbox = inbox


def adapter_for(channel: str) -> ChannelAdapter:
    try:
        return _ADAPTERS[str(channel)]
    except KeyError:
        raise ValueError(f"no adapter for channel {channel!r}") from None


def adapters() -> list[ChannelAdapter]:
    return list(_ADAPTERS.values())
