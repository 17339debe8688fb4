"""Pieces of `manage.py loadtest` that need no servers: what the simulated users send, the
numbers the report computes, and option checking."""

from __future__ import annotations

import json
import random
import subprocess
import sys
import time
from urllib.parse import parse_qs

import pytest
from slack_sdk.signature import SignatureVerifier

from ops.loadtest.capture import Captured
from ops.loadtest.driver import Driver, Mailbox, Phases, TurnRecord
from ops.loadtest.faults import running_pool_process
from ops.loadtest.procs import run_state
from ops.loadtest.report import percentile, summarise
from ops.loadtest.run import ConfigError, LoadTestConfig
from ops.loadtest.users import SlackUser, TelegramUser

SECRET = "loadtest-parts-secret"


def slack_reply(address: str, ts: str, buttons: list[tuple[str, str]]) -> Captured:
    elements = [{"type": "button", "action_id": f"askfew:{i}", "value": value,
                 "text": {"type": "plain_text", "text": label}}
                for i, (label, value) in enumerate(buttons)]
    message = {"ts": ts, "thread_ts": "1700000000.000001", "text": "Is it plugged in?",
               "blocks": [{"type": "actions", "elements": elements}]}
    return Captured("slack", address, message, 0.0)


def test_slack_requests_carry_a_signature_slack_would_accept() -> None:
    user = SlackUser(3, random.Random(3), signing_secret=SECRET, typed_share=0.0)
    address = user.new_conversation()
    opening = user.opening("my laptop is slow")
    verifier = SignatureVerifier(SECRET)
    assert verifier.is_valid_request(opening.body, opening.headers)
    event = json.loads(opening.body)["event"]
    assert (event["channel"], event["channel_type"], event["text"]) == (
        address, "im", "my laptop is slow")

    reply = slack_reply(address, "1700000001.000002", [("Yes", "answer:yes"), ("Why?", "why")])
    choice = user.choose(reply)
    assert choice is not None and choice.payload == "answer:yes"  # never "why"
    press = user.answer(reply, choice)
    assert verifier.is_valid_request(press.body, press.headers)
    payload = json.loads(parse_qs(press.body.decode())["payload"][0])
    assert payload["type"] == "block_actions"
    assert payload["actions"][0]["value"] == "answer:yes"
    assert payload["container"]["message_ts"] == "1700000001.000002"
    # A platform retry is signed anew and says which retry it is.
    retry = press.for_retry(2)
    assert retry.headers["X-Slack-Retry-Num"] == "2" and retry.body == press.body
    assert verifier.is_valid_request(retry.body, retry.headers)


def test_a_reply_without_answer_buttons_ends_the_conversation() -> None:
    user = SlackUser(1, random.Random(1), signing_secret=SECRET)
    user.new_conversation()
    assert user.choose(slack_reply(user.address, "1.2", [("Start over", "restart")])) is None


def test_telegram_button_presses_are_callback_queries() -> None:
    user = TelegramUser(2, random.Random(2), secret_token="tg-secret", typed_share=0.0)
    chat = user.new_conversation()
    message = {"message_id": 101, "chat": {"id": int(chat)}, "text": "Fever?",
               "reply_markup": {"inline_keyboard": [[{"text": "Yes", "callback_data":
                                                      "answer:yes"}]]}}
    press = user.answer(Captured("telegram", chat, message, 0.0),
                        user.choose(Captured("telegram", chat, message, 0.0)))  # type: ignore[arg-type]
    update = json.loads(press.body)
    assert update["callback_query"]["data"] == "answer:yes"
    assert update["callback_query"]["message"]["message_id"] == 101
    assert press.headers == {"X-Telegram-Bot-Api-Secret-Token": "tg-secret"}
    assert press.event_id == f"u{update['update_id']}"


def test_percentile_is_nearest_rank() -> None:
    values = [float(v) for v in range(1, 101)]
    assert percentile(values, 50) == 50.0
    assert percentile(values, 99) == 99.0
    assert percentile([7.0], 99) == 7.0
    assert percentile([], 50) is None


def test_lost_and_duplicated_are_counted_per_conversation() -> None:
    driver = Driver([], "127.0.0.1", 1)
    phases = Phases(start=0.0, warmup_s=0.0, duration_s=10.0, drain_s=5.0)
    reply = Captured("slack", "D1", {}, 1.0)
    # D1: two messages, three replies (one duplicate); D2: two messages, one reply (one lost).
    driver.mailboxes[("slack", "D1")] = Mailbox(0, "slack", replies=[reply] * 3, accepted=2)
    driver.mailboxes[("slack", "D2")] = Mailbox(1, "slack", replies=[reply], accepted=2)
    driver.records = [
        TurnRecord(0, "slack", "D1", "e1", posted_at=1.0, acked_at=1.01, replied_at=1.2),
        TurnRecord(0, "slack", "D1", "e2", posted_at=2.0, acked_at=2.01, replied_at=2.1),
        TurnRecord(1, "slack", "D2", "e3", posted_at=3.0, acked_at=3.01, replied_at=3.3),
        TurnRecord(1, "slack", "D2", "e4", posted_at=4.0, acked_at=4.01),
    ]
    report = summarise(driver, phases, None)
    assert (report["sent"], report["answered"], report["lost"], report["duplicated"]) == (
        4, 3, 1, 1)
    assert report["p50_ms"] == pytest.approx(200.0)
    assert report["turns_per_s"] == pytest.approx(0.3)


@pytest.mark.parametrize(("changes", "named"), [
    ({"conversations": 0}, "--conversations 0"),
    ({"duration_s": 0.5}, "--duration"),
    ({"fault": "unplug-the-moon"}, "--fault 'unplug-the-moon'"),
    ({"fault_at_s": 30.0, "duration_s": 10.0}, "--fault-at"),
    ({"channels": ("slack", "irc")}, "--channels"),
])
def test_bad_options_are_named(changes: dict[str, object], named: str) -> None:
    with pytest.raises(ConfigError, match=named.replace("(", r"\(")):
        LoadTestConfig(**changes).validate()  # type: ignore[arg-type]


def test_the_stack_restarts_a_process_that_exits_on_its_own_as_compose_would() -> None:
    """A Celery worker can die by itself (kombu's "Unrecoverable error" when Redis restarts
    at the wrong moment); deploy/docker-compose.yml restarts it, and so does the stack."""
    import sys
    import time

    from ops.loadtest.procs import Proc
    from ops.loadtest.stack import BASE_DIR, ProductionStack, StackConfig

    stack = ProductionStack(StackConfig(), sink=lambda reply: None)
    try:
        short_lived = Proc("worker0", [sys.executable, "-c", "import time; time.sleep(0.3)"],
                           env={}, cwd=BASE_DIR, log_dir=stack.logs).start()
        stack.workers.append(short_lived)
        stack.supervise(every_s=0.05)
        deadline = time.monotonic() + 10
        while len(stack.restarts) < 2 and time.monotonic() < deadline:
            time.sleep(0.05)
        assert [r["process"] for r in stack.restarts[:2]] == ["worker0", "worker0"]
        assert stack.restarts[0]["exit_code"] == 0
        assert short_lived.starts >= 3
    finally:
        stack.close()
    assert not short_lived.alive()  # closing stops the supervisor, then the processes


def test_the_kill_worker_fault_picks_a_process_that_is_computing() -> None:
    busy = subprocess.Popen([sys.executable, "-c", "while True: pass"])
    idle = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        deadline = time.monotonic() + 10.0
        while run_state(idle.pid) != "S" and time.monotonic() < deadline:
            time.sleep(0.01)  # the interpreter starting up runs too
        assert run_state(idle.pid) == "S"
        assert running_pool_process([idle.pid, busy.pid], deadline_s=10.0) == busy.pid
        assert running_pool_process([idle.pid], deadline_s=0.3) is None
    finally:
        for proc in (busy, idle):
            proc.kill()
            proc.wait()
    assert run_state(busy.pid) == ""  # gone
