"""Simulated users: the requests Slack and Telegram send when a person talks to the bot.

A user opens a conversation with a complaint, then answers each question the bot asks,
pressing one of its answer buttons (or, now and then, typing the button's label), until a
reply has no answer buttons left (a conclusion, an escalation, a hand-over) or the turn cap is
reached; then it opens a new conversation. Each conversation has its own Slack DM channel or
Telegram chat, so replies are told apart by where they arrive.

Requests are exactly what the platforms send: Slack Events API and ``block_actions``
interactivity payloads signed with the signing secret (v0 HMAC-SHA256), Telegram ``Update``
objects with ``X-Telegram-Bot-Api-Secret-Token``.
"""

from __future__ import annotations

import hashlib
import hmac
import itertools
import json
import random
import threading
import time
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlencode

from ops.loadtest.capture import Captured

JSON = dict[str, Any]
TEAM = "T0000001"
APP = "A0000001"
BOT_USER = "UBOT0001"
# Payload prefixes of buttons that answer the question (or choose a pack or section); "why",
# "how", "human" and "restart" are left alone so conversations run their course.
ANSWER_PREFIXES = ("answer:", "pack:", "section:")

SLACK_COMPLAINTS = (
    "my laptop won't connect to wifi",
    "the laptop battery does not charge",
    "my laptop screen stays black when I turn it on",
    "laptop keeps overheating and the fan is loud",
    "my laptop is very slow since yesterday",
)
TELEGRAM_COMPLAINTS = (
    "I have a bad cough and a fever",
    "my stomach hurts a lot",
    "I have a headache and feel dizzy",
    "sore throat and runny nose since two days",
    "my chest hurts when I breathe",
)

# Platform ids (update ids, message ts, event ids) unique across runs against one database.
_ids = itertools.count(int(time.time() * 1000) % 10**12)
_ids_lock = threading.Lock()


def next_id() -> int:
    with _ids_lock:
        return next(_ids)


@dataclass(frozen=True)
class Request:
    """One webhook request: what to POST, and the platform's id for it (for retries)."""

    path: str
    body: bytes
    content_type: str
    headers: dict[str, str]
    event_id: str
    text: str  # what the user wrote or the label pressed (for the audit, never logged)
    resign: Any = None  # Slack signs each delivery anew: called with (retry number)

    def for_retry(self, attempt: int) -> Request:
        if self.resign is None:
            return self
        return self.resign(attempt)


@dataclass(frozen=True)
class Choice:
    label: str
    payload: str  # Slack button value | Telegram callback data
    index: int  # position among the message's buttons


class SimulatedUser:
    """A person in one channel; subclasses build the platform's requests."""

    channel = ""

    def __init__(self, index: int, rng: random.Random, *, typed_share: float = 0.2) -> None:
        self.index = index
        self.rng = rng
        self.typed_share = typed_share
        self.conversation = 0
        self.address = ""

    def new_conversation(self) -> str:
        """Start talking somewhere new; returns the address replies will arrive at."""
        self.conversation += 1
        self.address = self._address()
        return self.address

    def choose(self, reply: Captured) -> Choice | None:
        """The answer button this user presses, or None when nothing is left to answer."""
        buttons = self.buttons(reply)
        answers = [b for b in buttons if b.payload.startswith(ANSWER_PREFIXES)
                   or b.payload.startswith("#")]
        if not answers:
            return None
        sure = [b for b in answers if b.payload != "answer:unsure"]
        # Mostly definite answers, sometimes "not sure", like people.
        pool = sure if sure and self.rng.random() < 0.85 else answers
        return self.rng.choice(pool)

    def complaint(self) -> str:
        raise NotImplementedError

    def _address(self) -> str:
        raise NotImplementedError

    def buttons(self, reply: Captured) -> list[Choice]:
        raise NotImplementedError

    def opening(self, text: str) -> Request:
        raise NotImplementedError

    def answer(self, reply: Captured, choice: Choice) -> Request:
        raise NotImplementedError


# -- Slack ----------------------------------------------------------------------------------


def slack_signature(secret: str, timestamp: str, body: bytes) -> str:
    base = b"v0:" + timestamp.encode() + b":" + body
    return "v0=" + hmac.new(secret.encode(), base, hashlib.sha256).hexdigest()


class SlackUser(SimulatedUser):
    channel = "slack"

    def __init__(self, index: int, rng: random.Random, *, signing_secret: str,
                 typed_share: float = 0.2) -> None:
        super().__init__(index, rng, typed_share=typed_share)
        self.secret = signing_secret
        self.user_id = f"U{index:07d}"
        self.thread_ts = ""

    def complaint(self) -> str:
        return self.rng.choice(SLACK_COMPLAINTS)

    def _address(self) -> str:
        self.thread_ts = ""
        return f"D{self.index:05d}{self.conversation:05d}"

    def _ts(self) -> str:
        return f"{int(time.time())}.{next_id() % 10**6:06d}"

    def buttons(self, reply: Captured) -> list[Choice]:
        blocks = reply.message.get("blocks") or []
        elements = [e for b in blocks if b.get("type") == "actions"
                    for e in b.get("elements", []) if e.get("type") == "button"]
        return [Choice(str(e["text"]["text"]), str(e["value"]), i)
                for i, e in enumerate(elements)]

    def _signed(self, path: str, body: bytes, content_type: str, event_id: str, text: str,
                attempt: int = 0) -> Request:
        timestamp = str(int(time.time()))
        headers = {"X-Slack-Request-Timestamp": timestamp,
                   "X-Slack-Signature": slack_signature(self.secret, timestamp, body)}
        if attempt:
            headers["X-Slack-Retry-Num"] = str(attempt)
            headers["X-Slack-Retry-Reason"] = "http_error"

        def resign(n: int) -> Request:
            return self._signed(path, body, content_type, event_id, text, n)

        return Request(path, body, content_type, headers, event_id, text, resign)

    def _message(self, text: str) -> Request:
        ts = self._ts()
        event: JSON = {"type": "message", "channel_type": "im", "channel": self.address,
                       "user": self.user_id, "text": text, "ts": ts, "event_ts": ts,
                       "team": TEAM}
        if self.thread_ts:
            event["thread_ts"] = self.thread_ts
        event_id = f"Ev{next_id():010d}"
        body = json.dumps({
            "token": "legacy-verification-token", "team_id": TEAM, "api_app_id": APP,
            "type": "event_callback", "event_id": event_id, "event_time": int(time.time()),
            "event": event,
            "authorizations": [{"team_id": TEAM, "user_id": BOT_USER, "is_bot": True}],
        }).encode()
        return self._signed("/slack/events", body, "application/json", event_id, text)

    def opening(self, text: str) -> Request:
        return self._message(text)

    def answer(self, reply: Captured, choice: Choice) -> Request:
        # The bot answers in the thread of the first message; later messages go there too.
        self.thread_ts = str(reply.message.get("thread_ts") or reply.message.get("ts"))
        if self.rng.random() < self.typed_share:
            return self._message(choice.label)
        message = dict(reply.message)
        trigger = f"{next_id()}.{self.index}.loadtest"  # the press's event id
        payload = {
            "type": "block_actions",
            "user": {"id": self.user_id, "username": f"user{self.index}",
                     "name": f"user{self.index}", "team_id": TEAM},
            "api_app_id": APP,
            "token": "legacy-verification-token",
            "container": {"type": "message", "message_ts": message["ts"],
                          "channel_id": self.address, "is_ephemeral": False},
            "trigger_id": trigger,
            "team": {"id": TEAM, "domain": "askfew-loadtest"},
            "channel": {"id": self.address, "name": "directmessage"},
            "message": message,
            "response_url": f"https://hooks.slack.com/actions/{TEAM}/1/loadtest",
            "actions": [{
                "action_id": f"askfew:{choice.index}",
                "block_id": "askfew-answers-0",
                "text": {"type": "plain_text", "text": choice.label, "emoji": True},
                "value": choice.payload,
                "type": "button",
                "action_ts": f"{time.time():.6f}",
            }],
        }
        body = urlencode({"payload": json.dumps(payload)}).encode()
        return self._signed("/slack/events", body, "application/x-www-form-urlencoded",
                            f"act:{trigger}", choice.label)


# -- Telegram -------------------------------------------------------------------------------


class TelegramUser(SimulatedUser):
    channel = "telegram"

    def __init__(self, index: int, rng: random.Random, *, secret_token: str,
                 typed_share: float = 0.2) -> None:
        super().__init__(index, rng, typed_share=typed_share)
        self.secret = secret_token
        self.user = {"id": 500_000_000 + index, "is_bot": False, "first_name": f"User{index}"}

    def complaint(self) -> str:
        return self.rng.choice(TELEGRAM_COMPLAINTS)

    def _address(self) -> str:
        return str(600_000_000 + self.index * 100_000 + self.conversation)

    def buttons(self, reply: Captured) -> list[Choice]:
        rows = (reply.message.get("reply_markup") or {}).get("inline_keyboard") or []
        keys = [key for row in rows for key in row if "callback_data" in key]
        return [Choice(str(k.get("text", "")), str(k["callback_data"]), i)
                for i, k in enumerate(keys)]

    def _request(self, update: JSON, text: str) -> Request:
        body = json.dumps(update).encode()
        return Request("/telegram/webhook", body, "application/json",
                       {"X-Telegram-Bot-Api-Secret-Token": self.secret},
                       f"u{update['update_id']}", text)

    def _text(self, text: str) -> Request:
        update_id = next_id()
        chat = {"id": int(self.address), "type": "private", "first_name": self.user["first_name"]}
        return self._request({"update_id": update_id, "message": {
            "message_id": 1_000_000 + update_id, "date": int(time.time()), "chat": chat,
            "from": dict(self.user), "text": text,
        }}, text)

    def opening(self, text: str) -> Request:
        return self._text(text)

    def answer(self, reply: Captured, choice: Choice) -> Request:
        if self.rng.random() < self.typed_share and not choice.payload.startswith("#"):
            return self._text(choice.label)
        update_id = next_id()
        return self._request({"update_id": update_id, "callback_query": {
            "id": f"cbq-{update_id}", "from": dict(self.user), "chat_instance": "-42",
            "message": dict(reply.message), "data": choice.payload,
        }}, choice.label)
