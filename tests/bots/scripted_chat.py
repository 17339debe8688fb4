"""A conversation played through the conversation service with a scripted user: the users'
probe format (``rules``: a question containing one of ``if_any``'s words gets ``say``, a
prompt with a button containing one of ``if_button``'s words gets that button pressed,
``default`` otherwise), in process, so a table of openings can count what users get."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from bots.messages import Inbound, Reply


@dataclass
class Exchange:
    """One user message and the bot's reply to it, with the turn's stored action."""

    user: str
    reply: Reply
    action: dict[str, Any]
    rationale: dict[str, Any]


@dataclass
class Played:
    exchanges: list[Exchange] = field(default_factory=list)

    @property
    def questions(self) -> list[Exchange]:
        return [e for e in self.exchanges if e.reply.kind == "question"]

    @property
    def confirmations(self) -> list[Exchange]:
        return [e for e in self.exchanges if e.action.get("type") == "confirm"]

    @property
    def conclusion(self) -> Reply | None:
        last = self.exchanges[-1].reply if self.exchanges else None
        return last if last is not None and last.kind == "conclusion" else None


def _word_start(keyword: str, text: str) -> bool:
    return re.search(r"(?<![a-z0-9])" + re.escape(keyword.lower()), text) is not None


def _next(script: dict[str, Any], reply: Reply) -> tuple[str, str | None]:
    question = reply.parts[-1].lower()
    labels = [(b.label.lower(), b.payload) for b in reply.buttons]
    for rule in script.get("rules", ()):
        if "press_button" in rule and any(
            k.lower() in label for k in rule.get("if_button", ()) for label, _ in labels
        ):
            want = str(rule["press_button"]).lower()
            for label, payload in labels:
                if want in label:
                    return "", payload
        if "say" in rule and any(_word_start(k, question) for k in rule.get("if_any", ())):
            return str(rule["say"]), None
    return str(script.get("default", "not sure")), None


def play(service: Any, thread: str, script: dict[str, Any], *, max_turns: int = 12) -> Played:
    """``script``: ``pack``, ``opening``, ``rules`` and ``default`` (as above)."""
    from bots.models import Turn

    played = Played()
    text, button = str(script["opening"]), None
    for _ in range(max_turns + 1):
        reply: Reply = service.handle(
            Inbound(
                channel="web",
                thread_id=thread,
                text=text,
                button=button,
                pack=script.get("pack"),
            )
        )
        turn = Turn.objects.filter(pk=reply.turn_id).first() if reply.turn_id else None
        played.exchanges.append(
            Exchange(
                text or f"[{button}]",
                reply,
                dict(turn.action) if turn is not None else {},
                dict(turn.rationale) if turn is not None else {},
            )
        )
        if reply.kind not in ("question", "prompt"):
            break
        text, button = _next(script, reply)
    return played
