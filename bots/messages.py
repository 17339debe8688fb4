"""What a channel adapter hands the conversation service, and what it gets back.

A channel adapter (Slack, Telegram, web chat, the terminal) only converts: a platform payload
into an :class:`Inbound`, and a :class:`Reply` into the platform's message format. The service
answers every Inbound with exactly one Reply; a Reply may hold several text ``parts`` (say an
explanation, then the question asked again) and a row of :class:`Button` s whose ``payload``
comes back as ``Inbound.button`` when pressed.

Both types round-trip through plain JSON (``to_dict`` / ``from_dict``), so they can cross a
Celery queue and be stored in ``InboundEvent.payload`` / ``OutboundMessage.payload``.

Button payloads the service understands:

==================  ====================================================================
``answer:<state>``  answers the pending question with that state (``answer:yes``, ...)
``answer:unsure``   "not sure"
``why``             why is this being asked
``how``             how do I check that
``human``           hand the case to a person
``restart``         start over (a new case in the same thread)
``pack:<name>``     choose the knowledge pack (web chat, before the complaint is routed)
==================  ====================================================================
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal, get_args

from bots.models import Channel

if TYPE_CHECKING:
    from bots.runtime import Received

ReplyKind = Literal[
    "prompt",  # asking for the complaint, or for a pack
    "question",  # a diagnostic question (possibly after an explanation)
    "conclusion",  # the likely cause and what to do, or next care steps
    "handoff",  # handed to a person (asked for, abstained)
    "escalation",  # red flag or "not a problem I know"
    "closed",  # the case has ended; offers to start over
]
REPLY_KINDS: tuple[str, ...] = get_args(ReplyKind)
CHANNELS: tuple[str, ...] = tuple(str(value) for value in Channel.values)
MAX_THREAD_ID = 200
MAX_TEXT = 10_000
# Why a message's text cannot be read (``Inbound.unreadable``); the service says so instead.
UNREADABLE = ("empty", "too_long")


class MessageError(ValueError):
    """An Inbound or Reply is malformed (names the field)."""


@dataclass(frozen=True)
class Button:
    label: str
    payload: str

    def to_dict(self) -> dict[str, str]:
        return {"label": self.label, "payload": self.payload}


@dataclass(frozen=True)
class Source:
    """A passage a reply is grounded on: shown as "title (passage id)"."""

    title: str
    passage_id: str
    document_id: str = ""
    text: str = ""

    def to_dict(self) -> dict[str, str]:
        return {
            "title": self.title,
            "passage_id": self.passage_id,
            "document_id": self.document_id,
            "text": self.text,
        }


@dataclass(frozen=True)
class Inbound:
    """One message from a user: free ``text``, or a pressed ``button`` payload, or both.

    ``thread_id`` identifies the conversation in the channel (Slack "<channel>:<thread ts>",
    Telegram "<chat id>", web a token). ``pack`` is the user's choice in the web chat picker;
    other channels leave it empty and the channel's configured pack applies.
    """

    channel: str
    thread_id: str
    text: str = ""
    button: str | None = None
    user_id: str = ""
    user_display: str = ""
    event_id: str = ""
    pack: str | None = None
    unreadable: str = ""

    def __post_init__(self) -> None:
        if self.channel not in CHANNELS:
            raise MessageError(f"unknown channel {self.channel!r}; expected one of {CHANNELS}")
        if not isinstance(self.thread_id, str) or not self.thread_id.strip():
            raise MessageError("thread_id must be a non-empty string")
        if len(self.thread_id) > MAX_THREAD_ID:
            raise MessageError(f"thread_id longer than {MAX_THREAD_ID} characters")
        if not isinstance(self.text, str):
            raise MessageError(f"text must be a string, got {type(self.text).__name__}")
        if len(self.text) > MAX_TEXT:
            raise MessageError(f"text longer than {MAX_TEXT} characters")
        if self.button is not None and (not isinstance(self.button, str) or not self.button):
            raise MessageError("button must be a non-empty payload string or None")
        if self.unreadable and self.unreadable not in UNREADABLE:
            raise MessageError(f"unreadable must be one of {UNREADABLE}, not {self.unreadable!r}")
        if not self.text.strip() and not self.button and not self.unreadable:
            raise MessageError("an inbound message needs text or a button payload")

    def to_dict(self) -> dict[str, Any]:
        return {
            "channel": self.channel,
            "thread_id": self.thread_id,
            "text": self.text,
            "button": self.button,
            "user_id": self.user_id,
            "user_display": self.user_display,
            "event_id": self.event_id,
            "pack": self.pack,
            "unreadable": self.unreadable,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Inbound:
        try:
            return cls(
                channel=str(data["channel"]),
                thread_id=str(data["thread_id"]),
                text=str(data.get("text") or ""),
                button=data.get("button") or None,
                user_id=str(data.get("user_id") or ""),
                user_display=str(data.get("user_display") or ""),
                event_id=str(data.get("event_id") or ""),
                pack=data.get("pack") or None,
                unreadable=str(data.get("unreadable") or ""),
            )
        except KeyError as exc:
            raise MessageError(f"inbound message without {exc.args[0]!r}") from None


@dataclass(frozen=True)
class Reply:
    """The one reply to one Inbound, rendering-neutral.

    ``parts`` are paragraphs in order (render as separate messages or blocks as the platform
    prefers); ``buttons`` apply to the last part. ``status`` is the case's status after this
    turn; ``question`` the finding id now pending (for adapters that track it); ``sources``
    the passages the reply is grounded on; ``triage_level`` is set for patient intake.
    """

    parts: tuple[str, ...]
    kind: ReplyKind
    buttons: tuple[Button, ...] = ()
    case_id: int | None = None
    status: str = ""
    question: str | None = None
    sources: tuple[Source, ...] = ()
    triage_level: str = ""
    turn_id: int | None = None
    metadata: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if not self.parts or not all(isinstance(p, str) and p.strip() for p in self.parts):
            raise MessageError("a reply needs at least one non-empty text part")
        if self.kind not in REPLY_KINDS:
            raise MessageError(f"unknown reply kind {self.kind!r}; expected one of {REPLY_KINDS}")

    @property
    def text(self) -> str:
        """All parts as one plain-text message."""
        return "\n\n".join(self.parts)

    def to_dict(self) -> dict[str, Any]:
        return {
            "parts": list(self.parts),
            "kind": self.kind,
            "buttons": [b.to_dict() for b in self.buttons],
            "case_id": self.case_id,
            "status": self.status,
            "question": self.question,
            "sources": [s.to_dict() for s in self.sources],
            "triage_level": self.triage_level,
            "turn_id": self.turn_id,
            "metadata": dict(self.metadata),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Reply:
        return cls(
            parts=tuple(str(p) for p in data["parts"]),
            kind=data["kind"],
            buttons=tuple(
                Button(str(b["label"]), str(b["payload"])) for b in data.get("buttons", [])
            ),
            case_id=data.get("case_id"),
            status=str(data.get("status") or ""),
            question=data.get("question"),
            sources=tuple(
                Source(
                    str(s.get("title", "")),
                    str(s.get("passage_id", "")),
                    str(s.get("document_id", "")),
                    str(s.get("text", "")),
                )
                for s in data.get("sources", [])
            ),
            triage_level=str(data.get("triage_level") or ""),
            turn_id=data.get("turn_id"),
            metadata=dict(data.get("metadata") or {}),
        )


def render_plain(reply: Reply, *, numbered: bool = True) -> str:
    """Plain text with the buttons listed ("[1] Yes  [2] No ..."), for terminals and logs."""
    lines = [reply.text]
    if reply.buttons:
        if numbered:
            lines.append("  ".join(f"[{i}] {b.label}" for i, b in enumerate(reply.buttons, 1)))
        else:
            lines.append("  ".join(f"[{b.label}]" for b in reply.buttons))
    return "\n".join(lines)


# -- what can be stored -----------------------------------------------------------------------

# NUL (PostgreSQL stores it in neither text nor jsonb) and the other C0 controls but tab and
# newlines; lone surrogates (a JSON "\ud800" escape) cannot be encoded as UTF-8 at all.
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
_SURROGATE = re.compile(r"[\ud800-\udfff]")


def clean_text(text: str) -> str:
    """``text`` as it can be stored and shown: control characters dropped, lone surrogates
    replaced by U+FFFD."""
    return _SURROGATE.sub("\ufffd", _CONTROL.sub("", text))


def clean_json(value: Any, max_chars: int) -> Any:
    """A JSON value with every string (keys too) cleaned and cut to ``max_chars``."""
    if isinstance(value, str):
        return clean_text(value)[:max_chars]
    if isinstance(value, Mapping):
        return {clean_text(str(k))[:max_chars]: clean_json(v, max_chars) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [clean_json(v, max_chars) for v in value]
    return value


def storable(
    received: Received, raw: Mapping[str, Any] | None, max_chars: int
) -> tuple[Received, Any]:
    """A ``bots.runtime.Received`` and its raw platform payload as they may be stored: strings
    cleaned (:func:`clean_text`), the text cut to ``max_chars`` with its full length kept in
    ``meta["truncated_from"]`` (the service then answers "too long" instead of reading it)."""
    fields: dict[str, Any] = {}
    for name in ("event_id", "thread_id", "text", "button", "user_id", "user_display", "pack"):
        value = getattr(received, name)
        # Adapters pass the platform's fields on; a forged payload may put anything there.
        cleaned = clean_text(
            value if isinstance(value, str) else "" if value is None else str(value)
        )
        if cleaned != value:
            fields[name] = cleaned
    text = fields.get("text", received.text)
    meta = clean_json(received.meta, max_chars)
    if len(text) > max_chars:
        fields["text"] = text[:max_chars]
        meta["truncated_from"] = len(text)
    fields["meta"] = meta
    return dataclasses.replace(received, **fields), clean_json(raw or {}, max_chars)
