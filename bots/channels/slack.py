"""Slack: events over HTTP inside Django (Bolt's Django adapter) or Socket Mode; Block Kit replies.

What arrives and which case it belongs to (``Case.external_thread_id`` is
``"<channel id>:<thread ts>"``):

- ``app_mention``: a mention starts a case in the thread under the message (or continues the
  case of the thread it was written in);
- ``message`` in a DM (``message.im``): continues the DM's active case, else starts one in the
  thread of that message; in a channel, only replies in the thread of an existing case count;
- a button press (``block_actions``, action ids ``askfew:<n>``): the case of the message it
  was pressed on;
- the slash command (``/askfew <complaint>``): a new case; the first reply is posted to the
  channel and its thread becomes the case's thread.

Every request is verified by Bolt (v0 signature with ``SLACK_SIGNING_SECRET``); the view also
refuses a missing or non-numeric timestamp, or one outside the 5-minute replay window, before
Bolt sees the request. Listeners only store the event (the inbox the adapter was given) and ack, so
Slack gets its answer well within 3 s; the reply is computed by the task. Slack's retries
(``X-Slack-Retry-Num``) carry the same message, so they hit InboundEvent's unique
(channel, event id) and are dropped: the event id of a message is ``msg:<channel>:<ts>``, which
also makes the ``app_mention`` and ``message`` deliveries of one message a single event.
"""

from __future__ import annotations

import json
import logging
import re
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any, TypeVar

from django.conf import settings
from django.db import close_old_connections
from django.http import HttpRequest, HttpResponse
from django.urls import URLPattern, path
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_POST
from slack_bolt import Ack, App, BoltResponse
from slack_bolt.adapter.django import SlackRequestHandler
from slack_bolt.adapter.socket_mode import SocketModeHandler
from slack_bolt.request import BoltRequest
from slack_sdk import WebClient
from slack_sdk.errors import SlackApiError, SlackRequestError
from slack_sdk.socket_mode.builtin import SocketModeClient
from slack_sdk.socket_mode.request import SocketModeRequest
from slack_sdk.socket_mode.response import SocketModeResponse

from bots import ratelimit, schemas
from bots.channels.base import ChannelAdapter, Inbox, oversized, register
from bots.messages import Inbound, picked
from bots.models import Case, CaseStatus, Channel, OutboundMessage
from bots.outbound import PermanentSendError, TransientSendError

logger = logging.getLogger(__name__)

ACTION_PREFIX = "askfew:"
GREETING = "hello"
REPLAY_WINDOW_S = 5 * 60
# Slack's own limits (https://api.slack.com/reference/block-kit): section text, button label,
# button value, elements per actions block, blocks per message.
SECTION_MAX = 3000
LABEL_MAX = 75
VALUE_MAX = 2000
ACTIONS_MAX = 25
OPTIONS_MAX = 100  # options of a select menu
OPTION_VALUE_MAX = 150
BLOCKS_MAX = 50
TEXT_MAX = 4000
# Message metadata on every reply: lets a retried send find out it landed already.
REPLY_EVENT_TYPE = "askfew_reply"
# Error codes a retry can cure; every other ``ok: false`` is permanent (channel_not_found,
# not_in_channel, invalid_auth, msg_too_long, ...).
TRANSIENT_ERRORS = {
    "ratelimited",
    "internal_error",
    "fatal_error",
    "service_unavailable",
    "request_timeout",
}
_MENTION = re.compile(r"<@[A-Z0-9]+>")
# A signed body can still have the wrong shape (a sender's bug, a leaked signing secret); Bolt
# and the listeners index into it trusting Slack's format, and fail with one of these.
MALFORMED = (KeyError, IndexError, TypeError, AttributeError, ValueError)

T = TypeVar("T")


def command_name() -> str:
    return str(getattr(settings, "SLACK_COMMAND", "") or "/askfew")


# -- the Bolt app ----------------------------------------------------------------------------

_apps: dict[tuple[str, str, str], tuple[App, SlackRequestHandler]] = {}
_apps_lock = threading.Lock()


def web_client() -> WebClient:
    return WebClient(token=settings.SLACK_BOT_TOKEN, base_url=settings.SLACK_API_URL, timeout=10)


def bolt_app() -> tuple[App, SlackRequestHandler] | None:
    """The Bolt app for the current settings (built once per token/secret/URL), or None when
    SLACK_BOT_TOKEN is unset."""
    token = settings.SLACK_BOT_TOKEN
    if not token:
        return None
    key = (token, settings.SLACK_SIGNING_SECRET, settings.SLACK_API_URL)
    with _apps_lock:
        if key not in _apps:
            app = build_app(*key)
            _apps[key] = (app, SlackRequestHandler(app))
        return _apps[key]


def build_app(token: str, signing_secret: str, api_url: str) -> App:
    app = App(
        signing_secret=signing_secret,
        client=WebClient(token=token, base_url=api_url, timeout=10),
        # Listeners run in the request thread and only store the event; the slow part runs in
        # the task, so acking after the listener still answers Slack in milliseconds.
        process_before_response=True,
        # auth.test runs on the first request instead of at import (no network at startup).
        token_verification_enabled=False,
        name="askfew",
    )
    app.event("app_mention")(_on_mention)
    app.event("message")(_on_message)
    app.action(re.compile("^" + re.escape(ACTION_PREFIX)))(_on_action)
    app.command(command_name())(_on_command)
    app.error(_on_error)
    return app


@csrf_exempt
@require_POST
def events_view(request: HttpRequest) -> HttpResponse:
    """``POST /slack/events``: Events API, interactivity and the slash command."""
    built = bolt_app()
    if built is None or not settings.SLACK_SIGNING_SECRET:
        return HttpResponse(
            "Slack is not configured: set SLACK_BOT_TOKEN and SLACK_SIGNING_SECRET",
            status=503,
            content_type="text/plain",
        )
    problem = timestamp_problem(request.headers.get("X-Slack-Request-Timestamp"))
    if problem:
        logger.info("Slack request refused: %s", problem)
        return HttpResponse(problem, status=401, content_type="text/plain")
    too_big = oversized(request)
    if too_big is not None:
        return too_big
    try:
        schemas.check_slack_body(request.body, request.content_type or "")
    except schemas.BadPayload as exc:
        return not_understood(exc)
    _, handler = built
    with _inbox().deferred() as pending:
        try:
            response = handler.handle(request)
        except MALFORMED as exc:  # raised while Bolt reads the body, before any listener
            response = not_understood(exc)
    return _inbox().respond_then_process(response, pending)


def not_understood(exc: Exception) -> HttpResponse:
    logger.warning("Slack request not understood: %s: %s", type(exc).__name__, exc)
    return HttpResponse(
        f"not a Slack request this app understands ({type(exc).__name__})",
        status=400,
        content_type="text/plain",
    )


def _on_error(error: Exception) -> BoltResponse | None:
    """Bolt's error handler: a payload of the wrong shape is the sender's error (400); any
    other error keeps Bolt's 500 and its traceback in the log."""
    if isinstance(error, MALFORMED):
        bad = not_understood(error)
        return BoltResponse(status=bad.status_code, body=bad.content.decode())
    logger.error("Slack listener failed", exc_info=error)
    return None


def timestamp_problem(value: str | None, now: float | None = None) -> str:
    if not value:
        return "missing X-Slack-Request-Timestamp"
    if not value.isdigit():
        return f"X-Slack-Request-Timestamp {value[:20]!r} is not a Unix time"
    age = (time.time() if now is None else now) - int(value)
    if abs(age) > REPLAY_WINDOW_S:
        return (
            f"X-Slack-Request-Timestamp is {int(age)} s away from now (limit {REPLAY_WINDOW_S} s)"
        )
    return ""


# -- listeners: Slack payload -> Inbound ----------------------------------------------------


def _on_mention(
    ack: Ack, event: dict[str, Any], body: dict[str, Any], context: dict[str, Any]
) -> None:
    ack()
    received = received_from_message(event, context.get("bot_user_id") or "", mention=True)
    if received is not None:
        _inbox().accept(received, raw=body)


def _on_message(
    ack: Ack, event: dict[str, Any], body: dict[str, Any], context: dict[str, Any]
) -> None:
    ack()
    received = received_from_message(event, context.get("bot_user_id") or "", mention=False)
    if received is not None:
        _inbox().accept(received, raw=body)


def _on_action(ack: Ack, body: dict[str, Any], action: dict[str, Any]) -> None:
    ack()
    received = received_from_action(body, action)
    if received is not None:
        _inbox().accept(received, raw=body)


def _on_command(ack: Ack, command: dict[str, Any]) -> None:
    text = str(command.get("text") or "").strip()
    if not text:
        ack(
            f"Tell me what is wrong, for example `{command_name()} my laptop won't connect to "
            "Wi-Fi`."
        )
        return
    received = received_from_command(command)
    if not ratelimit.verdict(received).allowed:
        # The command's own (private) acknowledgement carries the notice: no thread is made.
        ack(ratelimit.SLOW_DOWN)
        return
    ack("Got it - I'll ask a few questions in a thread.")
    _inbox().accept(received, raw=command, limit=False)


def received_from_message(
    event: dict[str, Any], bot_user_id: str, *, mention: bool
) -> Inbound | None:
    if event.get("bot_id") or event.get("subtype") not in (None, "file_share", "thread_broadcast"):
        return None  # our own posts, edits, deletions, joins
    channel = str(event.get("channel") or "")
    ts = str(event.get("ts") or "")
    user = str(event.get("user") or "")
    if not channel or not ts or not user or user == bot_user_id:
        return None
    thread_ts = str(event.get("thread_ts") or "")
    if mention:
        thread = thread_ts or ts
    elif event.get("channel_type") == "im":
        thread = thread_ts or _active_thread(channel) or ts
    elif (
        thread_ts
        and Case.objects.filter(
            channel=Channel.SLACK, external_thread_id=f"{channel}:{thread_ts}"
        ).exists()
    ):
        thread = thread_ts
    else:
        return None  # channel chatter that is not part of a case
    text = strip_mentions(str(event.get("text") or ""))
    if not text and not mention:
        return None  # a file or an emoji without words: nothing to read
    return Inbound(
        channel=Channel.SLACK,
        event_id=f"msg:{channel}:{ts}",
        thread_id=f"{channel}:{thread}",
        # A bare "@askfew" is a greeting: the service answers by asking what is wrong.
        text=text or GREETING,
        user_id=user,
        user_display=user,
        meta={"channel": channel, "ts": ts},
    )


def received_from_action(body: dict[str, Any], action: dict[str, Any]) -> Inbound | None:
    message = body.get("message") or {}
    container = body.get("container") or {}
    channel = str((body.get("channel") or {}).get("id") or container.get("channel_id") or "")
    ts = str(message.get("ts") or container.get("message_ts") or "")
    user = body.get("user") or {}
    if not channel or not ts:
        return None
    label = str((action.get("text") or {}).get("text") or "")
    value = str(action.get("value") or "")
    selected = action.get("selected_options")
    if isinstance(selected, list):  # the choice list: every option ticked, as one answer
        label = ", ".join(str((o.get("text") or {}).get("text") or "") for o in selected)
        value = picked([str(o.get("value") or "") for o in selected])
    press = body.get("trigger_id") or action.get("action_ts") or ""
    return Inbound(
        channel=Channel.SLACK,
        event_id=f"act:{channel}:{ts}:{press}",
        thread_id=_thread_of(channel, ts, str(message.get("thread_ts") or "")),
        text=label,
        button=value,
        user_id=str(user.get("id") or ""),
        user_display=str(user.get("username") or user.get("name") or user.get("id") or ""),
        meta={
            "channel": channel,
            "ts": ts,
            "text": str(message.get("text") or ""),
            "blocks": list(message.get("blocks") or []),
        },
    )


def received_from_command(command: dict[str, Any]) -> Inbound:
    channel = str(command["channel_id"])
    trigger = str(command["trigger_id"])
    user = str(command.get("user_id") or "")
    text = str(command.get("text") or "").strip()
    return Inbound(
        channel=Channel.SLACK,
        event_id=f"cmd:{trigger}",
        # No message to thread under yet: the first reply creates it (see ``send``).
        thread_id=f"{channel}:cmd-{trigger}"[:200],
        text=text,
        user_id=user,
        user_display=str(command.get("user_name") or user),
        meta={"channel": channel, "intro": f"<@{user}> asked: {escape(text)}"},
    )


def strip_mentions(text: str) -> str:
    return _MENTION.sub("", text).strip()


def _active_thread(channel: str) -> str:
    case = (
        Case.objects.filter(
            channel=Channel.SLACK,
            external_thread_id__startswith=f"{channel}:",
            status=CaseStatus.ACTIVE,
        )
        .order_by("-pk")
        .first()
    )
    return case.external_thread_id.partition(":")[2] if case else ""


def _thread_of(channel: str, ts: str, thread_ts: str) -> str:
    """The case thread of a message the bot posted (a button press names only the message)."""
    case_thread = (
        OutboundMessage.objects.filter(channel=Channel.SLACK, external_id=ts)
        .values_list("case__external_thread_id", flat=True)
        .first()
    )
    return case_thread or f"{channel}:{thread_ts or ts}"


# -- rendering and sending -------------------------------------------------------------------


def escape(text: str) -> str:
    """Slack's three control characters (https://api.slack.com/reference/surfaces/formatting)."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def render_blocks(payload: dict[str, Any], intro: str = "") -> list[dict[str, Any]]:
    blocks: list[dict[str, Any]] = []
    if intro:
        blocks.append({"type": "context", "elements": [{"type": "mrkdwn", "text": intro}]})
    if payload.get("role") == "operator":
        who = escape(str(payload.get("operator") or "Operator"))
        label = f"*{who}* (operator)" if payload.get("operator") else "*Operator*"
        blocks.append({"type": "context", "elements": [{"type": "mrkdwn", "text": label}]})
    for part in payload.get("parts") or []:
        text = escape(str(part))
        for start in range(0, max(len(text), 1), SECTION_MAX):
            chunk = text[start : start + SECTION_MAX]
            if chunk.strip():
                blocks.append({"type": "section", "text": {"type": "mrkdwn", "text": chunk}})
    choices = list(payload.get("choices") or [])[:OPTIONS_MAX]
    if choices:
        # Several may apply: a multi-select menu, whose ticked options come back as one
        # answer (received_from_action).
        menu = {
            "type": "multi_static_select",
            "action_id": f"{ACTION_PREFIX}choices",
            "placeholder": {"type": "plain_text", "text": "Choose all that apply"},
            "options": [
                {
                    "text": {"type": "plain_text", "text": str(c["label"])[:LABEL_MAX]},
                    "value": str(c["payload"])[:OPTION_VALUE_MAX],
                }
                for c in choices
            ],
        }
        blocks.append({"type": "actions", "block_id": "askfew-choices", "elements": [menu]})
    buttons = list(payload.get("buttons") or [])
    for first in range(0, len(buttons), ACTIONS_MAX):
        elements = [
            {
                "type": "button",
                "action_id": f"{ACTION_PREFIX}{first + i}",
                "text": {"type": "plain_text", "text": str(b["label"])[:LABEL_MAX], "emoji": True},
                "value": str(b["payload"])[:VALUE_MAX],
            }
            for i, b in enumerate(buttons[first : first + ACTIONS_MAX])
        ]
        blocks.append(
            {"type": "actions", "block_id": f"askfew-answers-{first}", "elements": elements}
        )
    return blocks[:BLOCKS_MAX]


def fallback_text(payload: dict[str, Any], intro: str = "") -> str:
    """The ``text`` Slack shows in notifications and where blocks cannot be shown."""
    parts = [intro] if intro else []
    parts += [escape(str(p)) for p in payload.get("parts") or []]
    return ("\n\n".join(parts) or "…")[:TEXT_MAX]


def send(outbound: OutboundMessage) -> str:
    """Post one stored reply in its case's thread; returns the message ts.

    Every reply carries its outbound id in Slack's message metadata. A reply on its second
    attempt or later may already be in Slack (a worker that died after Slack accepted it,
    before it was marked SENT): it is looked up first and, if there, not posted again.
    """
    case = outbound.case
    channel, _, thread = thread_of_case(case.external_thread_id)
    starts_thread = thread.startswith("cmd-")
    landed = None
    if outbound.attempts > 1:
        landed = _already_posted(outbound, channel, None if starts_thread else thread)
    ts = landed if landed is not None else _post(outbound, channel, thread, starts_thread)
    if starts_thread:
        # The slash command's case now lives in the thread of the message just posted.
        Case.objects.filter(pk=case.pk).update(external_thread_id=f"{channel}:{ts}")
    if landed is not None:
        logger.info(
            "reply already in Slack; not posted again",
            extra={"outbound_id": outbound.pk, "case_id": case.pk},
        )
    return ts


def _post(outbound: OutboundMessage, channel: str, thread: str, starts_thread: bool) -> str:
    intro = ""
    if starts_thread and outbound.in_reply_to is not None:
        received = outbound.in_reply_to.payload.get("received", {})
        intro = str(received.get("meta", {}).get("intro", ""))
    kwargs: dict[str, Any] = {
        "channel": channel,
        "text": fallback_text(outbound.payload, intro),
        "blocks": render_blocks(outbound.payload, intro),
    }
    if not starts_thread:
        kwargs["thread_ts"] = thread
    kwargs["metadata"] = {
        "event_type": REPLY_EVENT_TYPE,
        "event_payload": {"outbound_id": str(outbound.pk)},
    }
    response = call_slack(lambda client: client.chat_postMessage(**kwargs))
    return str(response["ts"])


def _already_posted(outbound: OutboundMessage, channel: str, thread: str | None) -> str | None:
    """The ts of this reply if an earlier attempt put it in Slack, else None.

    Looks in the thread (or, for a slash command's first reply, the channel since the reply
    was stored) for a message whose metadata names the outbound id. A lookup that fails
    (no history scope, Slack down) answers None: the reply is posted, as before.
    """
    wanted = str(outbound.pk)
    since = f"{outbound.created_at.timestamp() - 1:.6f}" if outbound.created_at else "0"

    def lookup(client: WebClient) -> Any:
        if thread is not None:
            return client.conversations_replies(
                channel=channel, ts=thread, oldest=since, include_all_metadata=True, limit=200
            )
        return client.conversations_history(
            channel=channel, oldest=since, include_all_metadata=True, limit=200
        )

    try:
        messages = call_slack(lookup).get("messages") or []
    except (TransientSendError, PermanentSendError) as exc:
        logger.warning("could not look for an earlier attempt of outbound %s: %s", outbound.pk, exc)
        return None
    for message in messages:
        metadata = message.get("metadata") or {}
        payload = metadata.get("event_payload") or {}
        if metadata.get("event_type") == REPLY_EVENT_TYPE and payload.get("outbound_id") == wanted:
            return str(message["ts"])
    return None


def thread_of_case(external_thread_id: str) -> tuple[str, str, str]:
    """(channel, ":", thread ts) of a case; an archived case's id ends in "~<case id>"."""
    return external_thread_id.split("~", 1)[0].partition(":")


def acknowledge(received: Inbound) -> None:
    """Replace the pressed message's buttons with a line saying what was answered."""
    meta = received.meta
    kept = [b for b in meta.get("blocks") or [] if b.get("type") != "actions"]
    who = f"<@{received.user_id}>" if received.user_id else "You"
    kept.append(
        {
            "type": "context",
            "elements": [
                {
                    "type": "mrkdwn",
                    "text": f"{who} answered: *{escape(received.text or received.button)}*",
                }
            ],
        }
    )
    call_slack(
        lambda client: client.chat_update(
            channel=meta["channel"],
            ts=meta["ts"],
            text=meta.get("text") or received.text,
            blocks=kept,
        )
    )


def call_slack(request: Callable[[WebClient], T]) -> T:
    """Run one Web API call, sorting failures into transient and permanent ones."""
    try:
        return request(web_client())
    except SlackApiError as exc:
        status = exc.response.status_code
        error = str(exc.response.get("error") or f"HTTP {status}")
        if status == 429 or error == "ratelimited":
            raise TransientSendError(
                f"Slack rate limit ({error})", retry_after=_retry_after(exc.response.headers)
            ) from exc
        if status >= 500 or error in TRANSIENT_ERRORS:
            raise TransientSendError(f"Slack error {error} (HTTP {status})") from exc
        raise PermanentSendError(f"Slack refused the message: {error}") from exc
    except (SlackRequestError, OSError, ValueError) as exc:
        # Network failures, timeouts, a non-JSON answer from a proxy in front of Slack.
        raise TransientSendError(f"Slack unreachable: {exc}") from exc


def _retry_after(headers: Any) -> float | None:
    for name, value in dict(headers or {}).items():
        if name.lower() == "retry-after":
            raw = value[0] if isinstance(value, list) else value
            try:
                return float(raw)
            except (TypeError, ValueError):
                return None
    return None


# -- Socket Mode -----------------------------------------------------------------------------


class AckFirstSocketModeHandler(SocketModeHandler):
    """Bolt's Socket Mode handler, acking each envelope before the eager task runs.

    Only public API: the envelope goes to `App.dispatch` as a `BoltRequest`, and Bolt's answer
    back as the `SocketModeResponse` that acknowledges it (its body as payload, as Bolt's own
    handler does), before the turn deferred during the dispatch runs.
    """

    def handle(self, client: SocketModeClient, req: SocketModeRequest) -> None:  # type: ignore[override]
        close_old_connections()
        try:
            with _inbox().deferred() as pending:
                response = self.app.dispatch(_bolt_request(req))
            if response.status == 200:
                client.send_socket_mode_response(_acknowledgement(req, response))
            else:
                logger.warning(
                    "Slack Socket Mode envelope not handled (status %s)", response.status
                )
            _inbox().run_now(pending)
        finally:
            close_old_connections()


def _bolt_request(req: SocketModeRequest) -> BoltRequest:
    # Slack's retry headers, as over HTTP, so retried events are recognised the same way.
    headers: dict[str, str | list[str]] = {}
    if req.retry_attempt is not None:
        headers["x-slack-retry-num"] = str(req.retry_attempt)
    if req.retry_reason is not None:
        headers["x-slack-retry-reason"] = req.retry_reason
    return BoltRequest(body=req.payload, mode="socket_mode", headers=headers or None)


def _acknowledgement(req: SocketModeRequest, response: BoltResponse) -> SocketModeResponse:
    if not response.body:
        return SocketModeResponse(envelope_id=req.envelope_id)
    content_type = response.headers.get("content-type", [""])[0]
    if content_type.startswith("application/json"):
        return SocketModeResponse(envelope_id=req.envelope_id, payload=json.loads(response.body))
    return SocketModeResponse(envelope_id=req.envelope_id, payload={"text": response.body})


def socket_mode_handler() -> AckFirstSocketModeHandler:
    built = bolt_app()
    if built is None or not settings.SLACK_APP_TOKEN:
        raise RuntimeError("Socket Mode needs SLACK_BOT_TOKEN and SLACK_APP_TOKEN (xapp-...)")
    return AckFirstSocketModeHandler(built[0], settings.SLACK_APP_TOKEN)


def start_socket_mode_in_background() -> Iterator[str]:
    if not settings.SLACK_BOT_TOKEN:
        return
    if not settings.SLACK_APP_TOKEN:
        yield "Slack: events over HTTP at /slack/events (SLACK_APP_TOKEN unset, no Socket Mode)"
        return
    handler = socket_mode_handler()

    def connect() -> None:
        try:
            handler.connect()
        except Exception:
            logger.exception("Slack Socket Mode could not connect")

    threading.Thread(target=connect, name="slack-socket-mode", daemon=True).start()
    yield "Slack: Socket Mode connecting in the background"


# -- the adapter -----------------------------------------------------------------------------


class SlackAdapter(ChannelAdapter):
    name = Channel.SLACK.value

    def urls(self) -> list[URLPattern]:
        return [path("slack/events", events_view, name="slack-events")]

    def send(self, outbound: OutboundMessage) -> str:
        return send(outbound)

    def acknowledge(self, inbound: Inbound) -> None:
        acknowledge(inbound)

    def start(self) -> Iterator[str]:
        return start_socket_mode_in_background()


ADAPTER = register(SlackAdapter())


def _inbox() -> Inbox:
    return ADAPTER.inbox
