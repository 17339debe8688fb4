"""The shape of everything that arrives from outside, checked before any code trusts it.

Each inbound parser (web chat POST, Slack events, interactions and slash commands, Telegram
updates) reads its body through ``load_json`` and validates it against a pydantic model here.
A body that is not JSON, nests deeper than ``MAX_DEPTH`` (``json.loads`` raises
``RecursionError`` a thousand levels down; long before that nothing legitimate nests), or has a
field of the wrong type (``"channel": {"a": 1}``) raises ``BadPayload``, which every view turns
into a 4xx. Models name only the fields the adapters read, typed strictly (no coercion of a
dict or a number into a string); other fields pass through untouched, since the platforms add
fields over time and an unknown one must not refuse a real message.
"""

from __future__ import annotations

import json
from typing import Any, TypeVar

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, StrictStr, ValidationError

# Slack's and Telegram's deepest real payloads (Block Kit rich text inside a message inside an
# interaction) stay under 15 levels.
MAX_DEPTH = 32

M = TypeVar("M", bound=BaseModel)


class BadPayload(ValueError):
    """The body is not what this endpoint accepts; the message says why (for a 400)."""


def depth(value: Any, limit: int = MAX_DEPTH) -> int:
    """Nesting depth of ``value`` (iteratively, so a deep value cannot overflow the stack);
    stops counting at ``limit`` + 1."""
    deepest = 0
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        item, level = stack.pop()
        if isinstance(item, dict):
            children: Any = item.values()
        elif isinstance(item, list):
            children = item
        else:
            continue
        deepest = max(deepest, level)
        if deepest > limit:
            return deepest
        stack.extend((child, level + 1) for child in children)
    return deepest


def load_json(body: bytes | str) -> Any:
    """Parse ``body``; BadPayload for anything that is not JSON or nests too deeply."""
    try:
        data = json.loads(body)
    except RecursionError as exc:
        raise BadPayload(f"body nests deeper than {MAX_DEPTH} levels") from exc
    except (ValueError, TypeError) as exc:
        raise BadPayload(f"body is not JSON: {str(exc)[:200]}") from exc
    if depth(data) > MAX_DEPTH:
        raise BadPayload(f"body nests deeper than {MAX_DEPTH} levels")
    return data


def validate(model: type[M], data: Any) -> M:
    """``data`` as ``model``; BadPayload naming the first wrong field otherwise."""
    if depth(data) > MAX_DEPTH:
        raise BadPayload(f"body nests deeper than {MAX_DEPTH} levels")
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        first = exc.errors(include_url=False, include_input=False)[0]
        where = ".".join(str(part) for part in first["loc"]) or "body"
        raise BadPayload(f"{where}: {first['msg']}") from exc
    except RecursionError as exc:  # pragma: no cover - depth() stops it first
        raise BadPayload(f"body nests deeper than {MAX_DEPTH} levels") from exc


class _Open(BaseModel):
    """Platform payloads: named fields typed strictly, others allowed (platforms add fields)."""

    model_config = ConfigDict(extra="allow", populate_by_name=True)


# -- web chat ----------------------------------------------------------------------------------


class WebChatMessage(BaseModel):
    """``POST /chat/api/messages``. Our own page sends it, so unknown fields are refused."""

    model_config = ConfigDict(extra="forbid")

    text: StrictStr = ""
    button: StrictStr = ""
    token: StrictStr | None = None
    pack: StrictStr | None = None
    client_id: StrictStr | None = None


# -- Slack -------------------------------------------------------------------------------------


class SlackEvent(_Open):
    type: StrictStr
    channel: StrictStr | None = None
    ts: StrictStr | None = None
    thread_ts: StrictStr | None = None
    user: StrictStr | None = None
    text: StrictStr | None = None
    channel_type: StrictStr | None = None
    subtype: StrictStr | None = None
    bot_id: StrictStr | None = None
    event_ts: StrictStr | None = None


class SlackEnvelope(_Open):
    """Events API body (``event_callback``) or the URL check (``url_verification``)."""

    type: StrictStr
    token: StrictStr | None = None
    challenge: StrictStr | None = None
    team_id: StrictStr | None = None
    api_app_id: StrictStr | None = None
    event_id: StrictStr | None = None
    event_time: StrictInt | None = None
    event: SlackEvent | None = None


class _SlackId(_Open):
    id: StrictStr | None = None
    name: StrictStr | None = None
    username: StrictStr | None = None


class _SlackText(_Open):
    type: StrictStr | None = None
    text: StrictStr = ""


class _SlackAction(_Open):
    action_id: StrictStr
    block_id: StrictStr | None = None
    value: StrictStr | None = None
    text: _SlackText | None = None
    action_ts: StrictStr | None = None
    type: StrictStr | None = None


class _SlackContainer(_Open):
    type: StrictStr | None = None
    channel_id: StrictStr | None = None
    message_ts: StrictStr | None = None


class _SlackMessage(_Open):
    ts: StrictStr | None = None
    thread_ts: StrictStr | None = None
    text: StrictStr | None = None
    blocks: list[dict[str, Any]] | None = None


class SlackInteraction(_Open):
    """The ``payload`` field of an interactivity request (button presses)."""

    type: StrictStr
    user: _SlackId | None = None
    channel: _SlackId | None = None
    team: _SlackId | None = None
    container: _SlackContainer | None = None
    message: _SlackMessage | None = None
    actions: list[_SlackAction] | None = None
    trigger_id: StrictStr | None = None
    response_url: StrictStr | None = None


class SlackCommand(_Open):
    """A slash command: form fields, so strings by nature; the ones the adapter needs."""

    command: StrictStr
    channel_id: StrictStr = Field(min_length=1)
    trigger_id: StrictStr = Field(min_length=1)
    user_id: StrictStr | None = None
    user_name: StrictStr | None = None
    text: StrictStr = ""


# -- Telegram ----------------------------------------------------------------------------------


class TelegramUser(_Open):
    id: StrictInt
    is_bot: StrictBool
    first_name: StrictStr
    last_name: StrictStr | None = None
    username: StrictStr | None = None
    language_code: StrictStr | None = None


class TelegramChat(_Open):
    id: StrictInt
    type: StrictStr
    title: StrictStr | None = None
    username: StrictStr | None = None
    first_name: StrictStr | None = None


class TelegramMessage(_Open):
    message_id: StrictInt
    date: StrictInt
    chat: TelegramChat
    from_user: TelegramUser | None = Field(default=None, alias="from")
    text: StrictStr | None = None
    caption: StrictStr | None = None
    message_thread_id: StrictInt | None = None


class TelegramCallbackQuery(_Open):
    id: StrictStr
    from_user: TelegramUser = Field(alias="from")
    chat_instance: StrictStr | None = None
    data: StrictStr | None = None
    message: TelegramMessage | None = None


class TelegramUpdate(_Open):
    update_id: StrictInt
    message: TelegramMessage | None = None
    edited_message: TelegramMessage | None = None
    channel_post: TelegramMessage | None = None
    callback_query: TelegramCallbackQuery | None = None


def check_slack_body(body: bytes, content_type: str) -> None:
    """BadPayload unless ``body`` is a Slack request of a shape the adapter reads: an Events API
    JSON body, an interaction (form field ``payload`` holding JSON) or a slash command (form)."""
    from urllib.parse import parse_qs

    if "application/json" in content_type:
        validate(SlackEnvelope, load_json(body))
        return
    try:
        form = parse_qs(body.decode("utf-8"), keep_blank_values=True, max_num_fields=200)
    except (UnicodeDecodeError, ValueError) as exc:
        raise BadPayload(f"form body not readable: {str(exc)[:200]}") from exc
    fields = {key: values[-1] for key, values in form.items()}
    if "payload" in fields:
        validate(SlackInteraction, load_json(fields["payload"]))
    elif "command" in fields:
        validate(SlackCommand, fields)
    elif "ssl_check" not in fields:
        raise BadPayload("neither an event, an interaction nor a slash command")


def check_telegram_body(body: bytes) -> dict[str, Any]:
    """The update as a dict, once its shape is one the adapter reads; BadPayload otherwise."""
    data = load_json(body)
    if not isinstance(data, dict) or not data:
        raise BadPayload("the body is not a JSON object")
    validate(TelegramUpdate, data)
    return data
