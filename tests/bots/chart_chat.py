"""A web chat on one FloDial chart through the service as ``manage.py evaluate flodial``
builds it, answering each question by button from the user's own path: the harness of the
tests of what a conclusion or a hand-off went by (test_conclusion_basis, test_handoff_basis)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bots.messages import Inbound, Reply
from tests.bots.test_last_question_asks_back import evaluation_service


class ChartChat:
    def __init__(self, chart: str, thread: str, path: Mapping[str, str], *, most: int) -> None:
        self.chart, self.thread, self.path, self.most = chart, thread, path, most
        self.service = evaluation_service(chart)
        self.store = self.service.store
        self.replies: list[Reply] = []

    def send(self, text: str = "", button: str = "") -> Reply:
        inbound = Inbound("web", self.thread, text=text, button=button or None, pack=self.chart)
        reply = self.service.handle(inbound, store=self.store)
        self.replies.append(reply)
        return reply

    def answer_on_path(self) -> Reply:
        """Every question answered with the user's own path, by button ("not sure" off it),
        until the bot stops asking (or ``most`` replies, a dialogue that never ends)."""
        reply = self.replies[-1]
        while reply.kind == "question" and len(self.replies) < self.most:
            reply = self.send(button=f"answer:{self.path.get(str(reply.question), 'unsure')}")
        return reply

    @property
    def case(self) -> Any:
        return self.store.cases[("web", self.thread)]

    def turns(self) -> list[Any]:
        return list(self.store.turns[self.case.pk])

    def bot_actions(self) -> list[dict[str, Any]]:
        return [dict(t.action) for t in self.turns() if t.role == "bot" and t.action]
