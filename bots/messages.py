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
``pick:<a>,<b>``    answers a choice-list question (:attr:`Reply.choices`): the options
                    chosen, several at once where the channel lets the user tick them;
                    ``pick:none`` is "none of these"
==================  ====================================================================
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, get_args

# MAX_TEXT: the hard ceiling, kept in bots.config next to the configured limit.
from bots.config import MAX_TEXT as MAX_TEXT
from bots.config import max_message_chars
from bots.models import Channel

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
    """One message from a user, channel-neutral: free ``text``, a pressed ``button`` payload
    (``text`` then its label), or both. What every adapter hands on, what the runtime stores
    (``InboundEvent.payload["received"]``) and what the service reads.

    ``thread_id`` identifies the conversation in the channel (Slack "<channel>:<thread ts>",
    Telegram "<chat id>", web a token; ``Case.external_thread_id``). ``event_id`` is the
    platform's id for de-duplication (required to be stored, see ``bots.inbox.accept``).
    ``pack`` is the user's choice in the web chat picker; other channels leave it empty and
    the channel's configured pack applies. ``meta`` holds what the channel needs afterwards
    (which message to take the buttons off). ``unreadable`` says why the text cannot be read
    (:func:`admitted` sets it); the service then says so instead of reading.
    """

    channel: str
    thread_id: str
    text: str = ""
    button: str = ""
    user_id: str = ""
    user_display: str = ""
    event_id: str = ""
    pack: str = ""
    unreadable: str = ""
    meta: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        # None was the old "no button" / "no pack"; the empty string is the one way now.
        for name in ("button", "pack"):
            if getattr(self, name) is None:
                object.__setattr__(self, name, "")
        if self.channel not in CHANNELS:
            raise MessageError(f"unknown channel {self.channel!r}; expected one of {CHANNELS}")
        if not isinstance(self.thread_id, str) or not self.thread_id.strip():
            raise MessageError(f"{self.channel} message without a thread id")
        if len(self.thread_id) > MAX_THREAD_ID or len(self.event_id) > MAX_THREAD_ID:
            raise MessageError(
                f"{self.channel} event id or thread id longer than {MAX_THREAD_ID} characters"
            )
        if not isinstance(self.text, str):
            raise MessageError(f"text must be a string, got {type(self.text).__name__}")
        if not isinstance(self.button, str):
            raise MessageError("button must be a payload string")
        if self.unreadable and self.unreadable not in UNREADABLE:
            raise MessageError(f"unreadable must be one of {UNREADABLE}, not {self.unreadable!r}")

    def to_dict(self) -> dict[str, Any]:
        """The fields as a dict, for JSON: shallow (``meta`` is not copied), since it is
        serialized at once."""
        return {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Inbound:
        """From ``to_dict``'s output, or from a row stored before the two inbound types were
        one (``Received``: no ``unreadable``, ``None`` for no button)."""
        try:
            return cls(
                channel=str(data["channel"]),
                thread_id=str(data["thread_id"]),
                text=str(data.get("text") or ""),
                button=str(data.get("button") or ""),
                user_id=str(data.get("user_id") or ""),
                user_display=str(data.get("user_display") or ""),
                event_id=str(data.get("event_id") or ""),
                pack=str(data.get("pack") or ""),
                unreadable=str(data.get("unreadable") or ""),
                meta=dict(data.get("meta") or {}),
            )
        except KeyError as exc:
            raise MessageError(f"inbound message without {exc.args[0]!r}") from None

    @classmethod
    def from_payload(cls, payload: Mapping[str, Any]) -> Inbound:
        """The message of a stored ``InboundEvent.payload``, read as the service reads it."""
        return admitted(cls.from_dict(payload["received"]))


@dataclass(frozen=True)
class Reply:
    """The one reply to one Inbound, rendering-neutral.

    ``parts`` are paragraphs in order (render as separate messages or blocks as the platform
    prefers); ``buttons`` apply to the last part. ``choices`` is a choice list where several
    may apply (a multi-choice question asked whole): a channel that can lets the user tick
    several and sends ``pick:`` with every chosen payload's value joined by commas, else
    each choice is a button of its own (and typing several works everywhere). ``status`` is
    the case's status after this turn; ``question`` the finding id now pending (for adapters
    that track it); ``sources`` the passages the reply is grounded on; ``triage_level`` is
    set for patient intake.
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
    choices: tuple[Button, ...] = ()

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
            "choices": [b.to_dict() for b in self.choices],
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
            choices=tuple(
                Button(str(b["label"]), str(b["payload"])) for b in data.get("choices", [])
            ),
        )


def render_plain(reply: Reply, *, numbered: bool = True) -> str:
    """Plain text with the buttons listed ("[1] Yes  [2] No ..."), for terminals and logs."""
    lines = [reply.text]
    if reply.choices:
        # Numbered before the buttons: "1, 3" picks the first and third choices.
        lines.append("Choose all that apply (e.g. 1, 3):" if numbered else "Choose all that apply:")
        lines.extend(
            f"  [{i}] {b.label}" if numbered else f"  [ ] {b.label}"
            for i, b in enumerate(reply.choices, 1)
        )
    if reply.buttons:
        first = len(reply.choices) + 1
        if numbered:
            lines.append("  ".join(f"[{i}] {b.label}" for i, b in enumerate(reply.buttons, first)))
        else:
            lines.append("  ".join(f"[{b.label}]" for b in reply.buttons))
    return "\n".join(lines)


PICK_PREFIX = "pick:"


def picked(payloads: Sequence[str]) -> str:
    """The one payload of several ticked choices (``pick:a`` + ``pick:b`` -> ``pick:a,b``)."""
    values = [p[len(PICK_PREFIX) :] for p in payloads if p.startswith(PICK_PREFIX)]
    return PICK_PREFIX + ",".join(v for v in values if v)


# -- what can be stored -----------------------------------------------------------------------

# NUL (PostgreSQL stores it in neither text nor jsonb) and the other C0 controls but tab and
# newlines; lone surrogates (a JSON "\ud800" escape) cannot be encoded as UTF-8 at all.
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
# Invisible characters that change how text is shown, not what it says: bidi embeddings,
# overrides and isolates (U+202E makes "txt.exe" read "exe.txt" to an operator), marks, the
# zero-width space, word joiner and invisible operators, BOM. Zero-width (non-)joiners stay:
# emoji sequences and Persian and Indic scripts need them. The console shows any that were
# stored anyway as visible markers (console.visible_controls).
INVISIBLE = re.compile("[\u061c\u180e\u200b\u200e\u200f\u202a-\u202e\u2060-\u2064"
                       "\u2066-\u2069\ufeff]")
_SURROGATE = re.compile(r"[\ud800-\udfff]")


def clean_text(text: str) -> str:
    """``text`` as it can be stored and shown: control characters and invisible formatting
    (bidi overrides and the like, ``INVISIBLE``) dropped, lone surrogates replaced by U+FFFD."""
    return _SURROGATE.sub("\ufffd", INVISIBLE.sub("", _CONTROL.sub("", text)))


def clean_json(value: Any, max_chars: int) -> Any:
    """A JSON value with every string (keys too) cleaned and cut to ``max_chars``."""
    if isinstance(value, str):
        return clean_text(value)[:max_chars]
    if isinstance(value, Mapping):
        return {clean_text(str(k))[:max_chars]: clean_json(v, max_chars) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [clean_json(v, max_chars) for v in value]
    return value


def too_long(text: str) -> bool:
    """Whether ``text`` is over the longest message the bots read (``BOT_MAX_MESSAGE_CHARS``)."""
    return len(text) > max_message_chars()


def admitted(inbound: Inbound) -> Inbound:
    """``inbound`` as it may be stored and read, the one place the message rules live: its
    strings cleaned (:func:`clean_text`); text over :func:`bots.config.max_message_chars` cut
    to it, the full length kept in ``meta["truncated_from"]``; ``unreadable`` set to
    "too_long" for a cut text and to "empty" for no words and no button, so the service
    answers that instead of reading. Applying it again changes nothing."""
    fields: dict[str, Any] = {}
    for name in ("event_id", "thread_id", "text", "button", "user_id", "user_display", "pack"):
        value = getattr(inbound, name)
        # Adapters pass the platform's fields on; a forged payload may put anything there.
        cleaned = clean_text(
            value if isinstance(value, str) else "" if value is None else str(value)
        )
        if cleaned != value:
            fields[name] = cleaned
    text = fields.get("text", inbound.text)
    max_chars = max_message_chars()
    meta = clean_json(inbound.meta, max_chars)
    if len(text) > max_chars:
        meta["truncated_from"] = len(text)
        fields["text"] = text = text[:max_chars]
    fields["meta"] = meta
    if meta.get("truncated_from"):
        fields["unreadable"] = "too_long"
    elif not text.strip() and not fields.get("button", inbound.button):
        fields["unreadable"] = "empty"
    return dataclasses.replace(inbound, **fields)


def admitted_raw(raw: Mapping[str, Any] | None) -> Any:
    """A raw platform payload as it may be stored next to its message (strings cleaned and
    cut like the message's)."""
    return clean_json(raw or {}, max_message_chars())
