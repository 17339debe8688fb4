"""The production profile end to end on this machine: PostgreSQL, Redis, gunicorn, a real
Celery worker and beat (ops/loadtest/stack.py starts them, on loopback, and stops them).

A Slack user and a Telegram user talk to the bot through the signed webhooks; the replies
arrive at the loopback APIs; the database, /metrics and the JSON logs must agree with what the
users saw; then readiness must report Redis and PostgreSQL going away and coming back.
"""

from __future__ import annotations

import json
import random
import threading
import time
from typing import Any

import psycopg
import pytest
from django.conf import settings

from ops.loadtest.capture import Captured
from ops.loadtest.driver import Connection
from ops.loadtest.stack import ProductionStack, StackConfig
from ops.loadtest.users import SimulatedUser, SlackUser, TelegramUser
from tests.production.conftest import require_stack

pytestmark = [pytest.mark.postgres, pytest.mark.redis, pytest.mark.slow]
REPLY_TIMEOUT_S = 60.0
MAX_TURNS = 4


class Inbox:
    """Replies by (channel, address), as the loopback APIs deliver them."""

    def __init__(self) -> None:
        self.replies: dict[tuple[str, str], list[Captured]] = {}
        self.cond = threading.Condition()

    def __call__(self, reply: Captured) -> None:
        with self.cond:
            self.replies.setdefault((reply.channel, reply.address), []).append(reply)
            self.cond.notify_all()

    def wait(self, key: tuple[str, str], count: int) -> Captured:
        deadline = time.monotonic() + REPLY_TIMEOUT_S
        with self.cond:
            while len(self.replies.get(key, [])) < count:
                assert self.cond.wait(max(0.0, deadline - time.monotonic())), (
                    f"no reply {count} for {key} within {REPLY_TIMEOUT_S:.0f} s")
            return self.replies[key][count - 1]


def converse(user: SimulatedUser, web: Connection, inbox: Inbox,
             opening: str) -> tuple[str, list[str], list[Captured]]:
    """Talk until the bot stops asking (or MAX_TURNS); (address, what was said, replies)."""
    address = user.new_conversation()
    request = user.opening(opening)
    said, replies = [], []
    for turn in range(1, MAX_TURNS + 1):
        assert web.post(request) == 200
        said.append(request.text)
        reply = inbox.wait((user.channel, address), turn)
        replies.append(reply)
        choice = user.choose(reply)
        if choice is None:
            break
        request = user.answer(reply, choice)
    return address, said, replies


def db_rows(stack: ProductionStack, query: str) -> list[tuple[Any, ...]]:
    assert stack.pg is not None
    with psycopg.connect(stack.pg.url.split("?")[0]) as conn:
        return list(conn.execute(query).fetchall())


def readiness(stack: ProductionStack) -> dict[str, Any]:
    status, body = stack.get("/readyz", timeout_s=15)
    return {"http": status, **json.loads(body)}


def test_production_profile_end_to_end() -> None:
    require_stack()
    inbox = Inbox()
    config = StackConfig(datasets_dir=str(settings.DATASETS_DIR), workers=1, concurrency=2,
                         web_workers=1, web_threads=4)
    with ProductionStack(config, inbox) as stack:
        web = Connection("127.0.0.1", stack.web_port)
        slack = SlackUser(1, random.Random(1), signing_secret=stack.signing_secret,
                          typed_share=0.3)
        telegram = TelegramUser(2, random.Random(2), secret_token=stack.webhook_secret,
                                typed_share=0.3)
        channel_id, slack_said, slack_replies = converse(
            slack, web, inbox, "my laptop won't connect to wifi, zanzibarite")
        chat_id, tg_said, tg_replies = converse(
            telegram, web, inbox, "I have a bad cough and a fever, zanzibarite")
        time.sleep(1.0)  # a second reply to any message would have arrived by now

        # Exactly one reply per message, in the thread / chat it belongs to.
        assert len(inbox.replies[("slack", channel_id)]) == len(slack_said)
        assert len(inbox.replies[("telegram", chat_id)]) == len(tg_said)
        assert len(slack_said) >= 2 and len(tg_said) >= 2, "the bot should ask questions"
        threads = {r.message.get("thread_ts") for r in slack_replies}
        assert len(threads) == 1 and None not in threads

        # The database holds each turn once: the cases resume where the users left them.
        cases = db_rows(stack, """
            SELECT c.channel, c.pack,
                   COUNT(t.id) FILTER (WHERE t.role = 'user'),
                   COUNT(t.id) FILTER (WHERE t.role = 'bot')
            FROM bots_case c JOIN bots_turn t ON t.case_id = c.id
            GROUP BY c.id ORDER BY c.channel""")
        assert cases == [("slack", "it-laptop", len(slack_said), len(slack_said)),
                         ("telegram", "patient-intake", len(tg_said), len(tg_said))]
        assert db_rows(stack, "SELECT status, COUNT(*) FROM bots_inboundevent GROUP BY 1") == [
            ("processed", len(slack_said) + len(tg_said))]

        # /metrics on the web process sums every process of the deployment (the worker's too).
        status, body = stack.get("/metrics")
        assert status == 200
        from prometheus_client.parser import text_string_to_metric_families

        totals: dict[tuple[str, str], float] = {}
        for family in text_string_to_metric_families(body.decode()):
            for sample in family.samples:
                key = (sample.name, sample.labels.get("channel", ""))
                totals[key] = totals.get(key, 0.0) + sample.value
        for channel, said in (("slack", slack_said), ("telegram", tg_said)):
            assert totals[("askfew_turns_total", channel)] == len(said), (channel, totals)
            assert totals[("askfew_end_to_end_latency_seconds_count", channel)] == len(said)

        # JSON logs from web and worker: the case ids are there, what people wrote is not.
        logs = stack.log_tails(10**7)
        entries = [json.loads(line) for name in ("web.log", "worker0.log")
                   for line in logs[name].splitlines() if line.startswith("{")]
        turn_lines = [e for e in entries if e["msg"] == "turn"]
        assert len(turn_lines) == len(slack_said) + len(tg_said)
        assert all(isinstance(e["case_id"], int) for e in turn_lines)
        assert {e["msg"] for e in entries if e.get("case_id")} >= {
            "inbound stored", "turn", "reply sent"}
        texts = ["zanzibarite"] + [str(r.message.get("text")) for r in slack_replies + tg_replies]
        for name, log in logs.items():
            for text in texts:
                assert text not in log, f"{text[:40]!r} appears in {name}"

        # Readiness follows the dependencies down and back up.
        assert readiness(stack)["http"] == 200
        assert stack.redis is not None and stack.pg is not None
        stack.redis.stop()
        down = readiness(stack)
        assert (down["http"], down["failed"]) == (503, ["broker"]), down
        stack.redis.start()
        assert readiness(stack)["http"] == 200
        stack.pg.stop()
        down = readiness(stack)
        assert down["http"] == 503 and "database" in down["failed"], down
        assert "connection" in down["checks"]["database"]["detail"].lower()
        stack.pg.start()
        deadline = time.monotonic() + 30
        while readiness(stack)["http"] != 200:
            assert time.monotonic() < deadline, "not ready again after PostgreSQL came back"
            time.sleep(0.5)
