"""Telegram: a webhook inside Django or long polling; replies with inline keyboards.

A case is one chat (``Case.external_thread_id`` is the chat id). The webhook at
``/telegram/webhook`` checks ``X-Telegram-Bot-Api-Secret-Token`` against
``TELEGRAM_WEBHOOK_SECRET`` in constant time (403 otherwise, nothing stored), parses the body
with ``Update.de_json`` and stores it; updates are de-duplicated by ``update_id`` (Telegram
re-sends an update until it gets a 2xx). ``manage.py runbot telegram`` polls ``getUpdates``
instead, for a bot without a public URL.

Commands: ``/restart``, ``/human`` and ``/why`` map onto the button payloads every channel
shares (``restart``, ``human``, ``why``); ``/start <complaint>`` is the complaint; ``/start``
alone is a greeting on first contact and ``restart`` in a chat that has a conversation.
Callback data is limited to 64 bytes, so a longer button payload travels as
``#<outbound id>:<button index>`` and is looked up in the stored reply when pressed.

python-telegram-bot is asyncio-based; this module is called from synchronous code (views,
Celery tasks), so each thread keeps one event loop and one initialised ``Bot`` per
token/URL and runs the coroutines on it; the ORM is only touched outside those coroutines.
"""

from __future__ import annotations

import asyncio
import hmac
import logging
import re
import threading
import warnings
from collections.abc import Callable, Coroutine, Iterator
from datetime import UTC, datetime, timedelta
from typing import Any, TypeVar

from django.conf import settings
from django.db import close_old_connections
from django.http import HttpRequest, HttpResponse
from django.urls import URLPattern, path
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_POST
from telegram import Bot, InlineKeyboardButton, InlineKeyboardMarkup, Update
from telegram.error import (
    BadRequest,
    ChatMigrated,
    Conflict,
    Forbidden,
    InvalidToken,
    NetworkError,
    RetryAfter,
    TelegramError,
)

from bots import schemas
from bots.channels.base import ChannelAdapter, Inbox, oversized, register
from bots.channels.telegram_http import PlainRequest
from bots.messages import Inbound
from bots.models import Case, Channel, OutboundMessage
from bots.outbound import PermanentSendError, TransientSendError

logger = logging.getLogger(__name__)

SECRET_HEADER = "X-Telegram-Bot-Api-Secret-Token"
TEXT_MAX = 4096
# Telegram allows 100 buttons in a keyboard; the rest of a longer list is typed.
CHOICES_MAX = 90
CALLBACK_DATA_MAX = 64
BUTTONS_PER_ROW = 3
COMMANDS = {"/restart": "restart", "/human": "human", "/why": "why"}
# Telegram keeps undelivered updates for 24 hours; the margin covers clock differences.
STALE_AFTER = timedelta(hours=26)
GREETING = "hello"  # what /start on first contact means: the service answers with its prompt

T = TypeVar("T")


# -- talking to the Bot API from synchronous code --------------------------------------------


class _BotRunner:
    """One event loop and one Bot, used from a single thread."""

    def __init__(self, token: str, base_url: str) -> None:
        self.loop = asyncio.new_event_loop()
        # Calls go through a light blocking transport (bots.channels.telegram_http); long
        # polling keeps python-telegram-bot's own.
        self.bot = Bot(token, base_url=base_url, request=PlainRequest())
        self.initialised = False

    def run(self, make: Callable[[Bot], Coroutine[Any, Any, T]]) -> T:
        async def go() -> T:
            if not self.initialised:
                await self.bot.initialize()
                self.initialised = True
            return await make(self.bot)

        return self.loop.run_until_complete(go())


_local = threading.local()


def close_runners() -> None:
    """Shut down this thread's Bots and event loops (tests, a stopping poller)."""
    runners: dict[tuple[str, str], _BotRunner] = _local.__dict__.pop("runners", {})
    for runner in runners.values():
        if runner.initialised:
            runner.loop.run_until_complete(runner.bot.shutdown())
        runner.loop.close()


def run_bot(make: Callable[[Bot], Coroutine[Any, Any, T]]) -> T:
    token = settings.TELEGRAM_BOT_TOKEN
    if not token:
        raise PermanentSendError("TELEGRAM_BOT_TOKEN is not set")
    runners: dict[tuple[str, str], _BotRunner] = _local.__dict__.setdefault("runners", {})
    key = (token, settings.TELEGRAM_API_URL)
    if key not in runners:
        runners[key] = _BotRunner(*key)
    return runners[key].run(make)


def call_telegram(make: Callable[[Bot], Coroutine[Any, Any, T]]) -> T:
    """Run one Bot API call, sorting failures into transient and permanent ones."""
    try:
        return run_bot(make)
    except RetryAfter as exc:
        raise TransientSendError(
            f"Telegram flood control: {exc}", retry_after=_seconds(exc)
        ) from exc
    except (Forbidden, BadRequest, InvalidToken, ChatMigrated) as exc:
        raise PermanentSendError(f"Telegram refused the message: {exc}") from exc
    except (NetworkError, TelegramError, OSError) as exc:
        # TimedOut is a NetworkError; 5xx answers arrive as NetworkError too.
        raise TransientSendError(f"Telegram error: {exc}") from exc


def _seconds(exc: RetryAfter) -> float:
    with warnings.catch_warnings():
        # PTB 22 deprecates the int form of retry_after; either form is fine here.
        warnings.simplefilter("ignore")
        value = exc.retry_after
    return value.total_seconds() if isinstance(value, timedelta) else float(value)


# -- the webhook -----------------------------------------------------------------------------


@csrf_exempt
@require_POST
def webhook_view(request: HttpRequest) -> HttpResponse:
    """``POST /telegram/webhook``: one Update per request."""
    expected = settings.TELEGRAM_WEBHOOK_SECRET
    given = request.headers.get(SECRET_HEADER, "")
    if not expected or not hmac.compare_digest(given.encode(), expected.encode()):
        # Unset secret: refuse everything rather than accept unauthenticated updates.
        return HttpResponse("bad or missing secret token", status=403, content_type="text/plain")
    too_big = oversized(request)
    if too_big is not None:
        return too_big
    try:
        data = schemas.check_telegram_body(request.body)
        update = Update.de_json(data, None)
    except Exception as exc:  # PTB trusts its input: a mistyped field raises anything
        return HttpResponse(f"not a Telegram Update: {exc}", status=400, content_type="text/plain")
    if is_stale(update):
        # 200, not an error: Telegram never sends such an update, so nobody legitimate waits.
        logger.warning(
            "Telegram update %s dated over %s ago dropped", update.update_id, STALE_AFTER
        )
        return HttpResponse(status=200)
    with _inbox().deferred() as pending:
        accept_update(update, data)
    return _inbox().respond_then_process(HttpResponse(status=200), pending)


def is_stale(update: Update, now: datetime | None = None) -> bool:
    """Whether a message update is older than Telegram could still be delivering.

    Replays are stopped by the secret token and by ``update_id`` de-duplication; this closes
    what those leave: a captured update replayed after retention (``manage.py purge``) removed
    its stored copy. Telegram keeps an undelivered update for at most 24 hours and re-sends it
    unchanged (same ``date``), so a message dated more than ``STALE_AFTER`` ago cannot be a
    legitimate retry, even after a day-long outage of ours; a tighter cutoff would drop real
    retries. Button presses carry no date of their own (the message they hang under can be
    days old), so only new messages are checked.
    """
    message = update.message
    if message is None or message.date is None:
        return False
    sent = message.date if message.date.tzinfo else message.date.replace(tzinfo=UTC)
    return (now or datetime.now(UTC)) - sent > STALE_AFTER


def accept_update(update: Update, raw: dict[str, Any]) -> bool:
    """Store one update; False when it carries nothing for us or was seen before."""
    received = received_from_update(update)
    if received is None:
        return False
    return _inbox().accept(received, raw=raw) is not None


def _has_chat_id(message: object) -> bool:
    """The message names a chat we can reply to (Telegram's chat ids are integers)."""
    chat = getattr(message, "chat", None)
    chat_id = getattr(chat, "id", None)
    return isinstance(chat_id, int) and not isinstance(chat_id, bool)


def received_from_update(update: Update) -> Inbound | None:
    event_id = f"u{update.update_id}"
    if update.callback_query is not None:
        query = update.callback_query
        message = query.message
        # Telegram always sends these; a body without them is not one we can answer.
        if not _has_chat_id(message) or not query.data or query.from_user is None:
            return None
        assert message is not None
        payload, label = resolve_button(str(query.data), message.to_dict(), str(message.chat.id))
        return Inbound(
            channel=Channel.TELEGRAM,
            event_id=event_id,
            thread_id=str(message.chat.id),
            text=label,
            button=payload,
            user_id=str(query.from_user.id),
            user_display=query.from_user.full_name,
            meta={
                "callback_query_id": query.id,
                "chat_id": message.chat.id,
                "message_id": message.message_id,
            },
        )
    message = update.message
    if message is None or not isinstance(message.text, str) or message.from_user is None:
        return None  # edits, stickers, photos, service messages
    if not _has_chat_id(message):
        return None  # never from Telegram itself: nowhere to reply
    text = message.text.strip()
    button = ""
    command, _, rest = text.partition(" ")
    command = command.split("@", 1)[0].lower()  # /why@askfew_bot in groups
    if command in COMMANDS:
        button, text = COMMANDS[command], rest.strip() or text
    elif command == "/start":
        # "/start <complaint>" is the complaint itself. Alone, it is what Telegram sends when a
        # user opens the bot: a greeting on first contact, starting over in a running chat.
        text = rest.strip()
        if not text and _has_conversation(str(message.chat.id)):
            button = "restart"
        elif not text:
            text = GREETING
    return Inbound(
        channel=Channel.TELEGRAM,
        event_id=event_id,
        thread_id=str(message.chat.id),
        text=text,
        button=button,
        user_id=str(message.from_user.id),
        user_display=message.from_user.full_name,
        meta={"chat_id": message.chat.id, "message_id": message.message_id},
    )


def _has_conversation(chat_id: str) -> bool:
    """Whether the chat's case has had messages before (this update is not stored yet)."""
    return bool(
        Case.objects.filter(
            channel=Channel.TELEGRAM, external_thread_id=chat_id, events__isnull=False
        ).exists()
    )


def resolve_button(data: str, message: dict[str, Any], chat_id: str) -> tuple[str, str]:
    """(payload, label) of a pressed button, following a ``#<outbound>:<index>`` reference
    (only to a reply sent to this chat: callback data comes from the client)."""
    label = ""
    for row in (message.get("reply_markup") or {}).get("inline_keyboard") or []:
        for button in row:
            if button.get("callback_data") == data:
                label = str(button.get("text") or "")
    if data.startswith("#") and ":" in data:
        outbound_id, _, index = data[1:].partition(":")
        outbound = (
            OutboundMessage.objects.filter(
                pk=int(outbound_id) if outbound_id.isdigit() else 0,
                channel=Channel.TELEGRAM,
                case__external_thread_id__regex=rf"^{re.escape(chat_id)}(~[0-9]+)?$",
            )
            .only("payload")
            .first()
        )
        buttons = keyboard_items(outbound.payload) if outbound else []
        if index.isdigit() and int(index) < len(buttons):
            chosen = buttons[int(index)]
            return str(chosen["payload"]), label or str(chosen["label"])
    return data, label or data


# -- rendering and sending -------------------------------------------------------------------


def render_text(payload: dict[str, Any]) -> str:
    parts = [str(p) for p in payload.get("parts") or [] if str(p).strip()]
    if payload.get("choices"):
        # A keyboard button answers with one choice; several are typed.
        parts.append('Tap the one that applies, or type all that apply (e.g. "my arm and my jaw").')
    if payload.get("role") == "operator":
        who = str(payload.get("operator") or "")
        parts.insert(0, f"{who} (operator):" if who else "Operator:")
    text = "\n\n".join(parts) or "…"
    return text if len(text) <= TEXT_MAX else text[: TEXT_MAX - 1] + "…"


def keyboard_items(payload: dict[str, Any]) -> list[dict[str, Any]]:
    """The keyboard's buttons in order: the choices of a choice list, then the buttons."""
    choices = list(payload.get("choices") or [])[:CHOICES_MAX]
    return [*choices, *(payload.get("buttons") or [])]


def render_keyboard(outbound: OutboundMessage) -> InlineKeyboardMarkup | None:
    buttons = keyboard_items(outbound.payload)
    if not buttons:
        return None
    keys = []
    for index, button in enumerate(buttons):
        data = str(button["payload"])
        if len(data.encode()) > CALLBACK_DATA_MAX:
            data = f"#{outbound.pk}:{index}"
        keys.append(InlineKeyboardButton(str(button["label"]), callback_data=data))
    choices = min(len(outbound.payload.get("choices") or []), CHOICES_MAX)
    # Choices two to a row (their labels are short places), the usual buttons after them.
    rows = [keys[i : i + 2] for i in range(0, choices, 2)]
    rest = keys[choices:]
    rows += [rest[i : i + BUTTONS_PER_ROW] for i in range(0, len(rest), BUTTONS_PER_ROW)]
    return InlineKeyboardMarkup(rows)


def send(outbound: OutboundMessage) -> str:
    """Send one stored reply to its case's chat; returns the message id."""
    # "<chat id>", or "<chat id>~<case id>" once a restart archived the case.
    chat_id = int(outbound.case.external_thread_id.split("~", 1)[0])
    text = render_text(outbound.payload)
    keyboard = render_keyboard(outbound)
    message = call_telegram(
        lambda bot: bot.send_message(chat_id=chat_id, text=text, reply_markup=keyboard)
    )
    return str(message.message_id)


def acknowledge(received: Inbound) -> None:
    """Stop the button's spinner and take the keyboard off the question that was answered."""
    meta = received.meta
    if "callback_query_id" not in meta:
        return  # a command, not a button press

    async def both(bot: Bot) -> None:
        await bot.answer_callback_query(meta["callback_query_id"])
        await bot.edit_message_reply_markup(
            chat_id=meta["chat_id"], message_id=meta["message_id"], reply_markup=None
        )

    call_telegram(both)


def set_webhook(url: str) -> None:
    """Point Telegram at ``url`` (our /telegram/webhook), with the secret it must send back."""
    secret = settings.TELEGRAM_WEBHOOK_SECRET
    if not secret:
        raise ValueError("TELEGRAM_WEBHOOK_SECRET is not set: the webhook would refuse updates")
    if not url.startswith("https://"):
        raise ValueError(f"Telegram only calls https:// webhooks, not {url!r}")
    run_bot(
        lambda bot: bot.set_webhook(
            url=url, secret_token=secret, allowed_updates=["message", "callback_query"]
        )
    )


# -- long polling ----------------------------------------------------------------------------


class Poller:
    """``getUpdates`` in a loop; each update goes through the same ``accept`` as the webhook.

    The offset is confirmed only after an update is stored, so a crash re-reads it and the
    unique event id drops the copy.
    """

    def __init__(self, poll_timeout_s: int = 30, stop: threading.Event | None = None) -> None:
        self.poll_timeout_s = poll_timeout_s
        self.stop = stop or threading.Event()
        self.offset: int | None = None

    def prepare(self) -> None:
        # Polling and a webhook exclude each other (getUpdates answers 409 while one is set).
        run_bot(lambda bot: bot.delete_webhook(drop_pending_updates=False))

    def run(self) -> None:
        self.prepare()
        while not self.stop.is_set():
            try:
                self.poll_once()
            except Conflict as exc:
                # Another poller, or a webhook set since we started: keep trying, slowly.
                logger.error("Telegram polling conflicts with another consumer: %s", exc)
                self.stop.wait(10.0)
            except (NetworkError, OSError) as exc:
                logger.warning("Telegram polling failed, retrying: %s", exc)
                self.stop.wait(2.0)

    def poll_once(self) -> int:
        timeout = self.poll_timeout_s
        updates = run_bot(
            lambda bot: bot.get_updates(
                offset=self.offset,
                timeout=timeout,
                read_timeout=timeout + 10,
                allowed_updates=["message", "callback_query"],
            )
        )
        close_old_connections()
        for update in updates:
            with _inbox().deferred() as pending:
                accept_update(update, update.to_dict())
            _inbox().run_now(pending)
            self.offset = update.update_id + 1
        return len(updates)


def start_polling_in_background() -> Iterator[str]:
    if not settings.TELEGRAM_BOT_TOKEN:
        return
    if settings.TELEGRAM_WEBHOOK_SECRET:
        yield "Telegram: webhook at /telegram/webhook (TELEGRAM_WEBHOOK_SECRET set, no polling)"
        return

    def poll() -> None:
        try:
            Poller().run()
        except Exception:
            logger.exception("Telegram polling stopped")

    threading.Thread(target=poll, name="telegram-polling", daemon=True).start()
    yield "Telegram: long polling in the background"


# -- the adapter -----------------------------------------------------------------------------


class TelegramAdapter(ChannelAdapter):
    name = Channel.TELEGRAM.value

    def urls(self) -> list[URLPattern]:
        return [path("telegram/webhook", webhook_view, name="telegram-webhook")]

    def send(self, outbound: OutboundMessage) -> str:
        return send(outbound)

    def acknowledge(self, inbound: Inbound) -> None:
        acknowledge(inbound)

    def start(self) -> Iterator[str]:
        return start_polling_in_background()


ADAPTER = register(TelegramAdapter())


def _inbox() -> Inbox:
    return ADAPTER.inbox
