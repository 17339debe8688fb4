"""The runtime as deployed: a web process, a Celery worker and a real redis-server.

The web process (Django's server) receives signed Slack events and queues them over Redis; a
worker with four threads processes them; replies go to the loopback Slack API in this process.
A burst of messages in one thread must be handled in arrival order and answered once each,
in that order, and a retried delivery must be dropped.

The processes share an SQLite file database; the order of handling is read from it
(``InboundEvent.processed_at``, stamped under the case lock) and the order of sending from
the order in which Slack received the replies.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from urllib.request import Request, urlopen

import pytest

from tests.channels.slack_loopback import FakeSlack, signed_headers

pytestmark = pytest.mark.redis

ROOT = Path(__file__).resolve().parents[2]
SECRET = "redis-test-signing-secret"
BURST = 8


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def wait_until(check, what: str, timeout_s: float = 30.0) -> None:  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        try:
            if check():
                return
        except OSError:
            pass
        time.sleep(0.1)
    raise AssertionError(f"timed out waiting for {what}")


@pytest.fixture
def redis_url(tmp_path: Path) -> Iterator[str]:
    binary = shutil.which("redis-server")
    if binary is None:
        pytest.skip("redis-server is not installed (apt-get install redis-server)")
    port = free_port()
    server = subprocess.Popen(
        [binary, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
         "--dir", str(tmp_path)],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )

    def pong() -> bool:
        with socket.create_connection(("127.0.0.1", port), timeout=1) as sock:
            sock.sendall(b"PING\r\n")
            return sock.recv(16).startswith(b"+PONG")

    try:
        wait_until(pong, "redis-server")
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        server.terminate()
        server.wait(10)


@pytest.fixture
def deployment(redis_url: str, tmp_path: Path) -> Iterator[tuple[str, FakeSlack, Path]]:
    """(web URL, loopback Slack, database file) with a web process and a worker running."""
    db = tmp_path / "db.sqlite3"
    with FakeSlack(token="xoxb-redis-test") as slack:
        env = dict(
            os.environ,
            DJANGO_SETTINGS_MODULE="console.settings",
            DATA_DIR=str(tmp_path / "data"),
            DATABASE_URL=f"sqlite:///{db}",
            REDIS_URL=redis_url,
            CELERY_BROKER_URL=redis_url,
            CELERY_RESULT_BACKEND="",
            SLACK_BOT_TOKEN=slack.token,
            SLACK_SIGNING_SECRET=SECRET,
            SLACK_API_URL=slack.url,
            SLACK_APP_TOKEN="",
            TELEGRAM_BOT_TOKEN="",
            ASKFEW_TEST_ECHO_SERVICE="1",
            PYTHONPATH=str(ROOT),
        )
        port = free_port()
        logs = tmp_path / "logs"
        logs.mkdir()
        processes = [
            subprocess.Popen(
                [sys.executable, "-m", "tests.channels.processes", *args], cwd=ROOT, env=env,
                stdout=(logs / f"{args[0]}.log").open("w"), stderr=subprocess.STDOUT,
            )
            for args in (["web", f"127.0.0.1:{port}"], ["worker"])
        ]
        try:
            web = f"http://127.0.0.1:{port}"
            wait_until(lambda: urlopen(f"{web}/chat/", timeout=2).status == 200, "the web process",
                       timeout_s=60)
            yield web, slack, db
        finally:
            for process in processes:
                process.terminate()
            for process in processes:
                try:
                    process.wait(5)
                except subprocess.TimeoutExpired:
                    process.kill()
                    process.wait(5)
            for log in logs.iterdir():
                sys.stderr.write(f"--- {log.name}\n{log.read_text()[-3000:]}\n")


def post_event(web: str, event: dict, event_id: str, retry: int | None = None) -> int:
    body = json.dumps({"type": "event_callback", "event_id": event_id, "team_id": "T0000001",
                       "api_app_id": "A0000001", "event": event}).encode()
    headers = {"Content-Type": "application/json", **signed_headers(SECRET, body)}
    if retry is not None:
        headers["X-Slack-Retry-Num"] = str(retry)
    with urlopen(Request(f"{web}/slack/events", data=body, headers=headers), timeout=10) as r:
        return int(r.status)


def test_a_burst_in_one_thread_is_handled_and_answered_in_order(
    deployment: tuple[str, FakeSlack, Path],
) -> None:
    web, slack, db = deployment
    channel, thread = "D0BURST", "1700000000.000001"
    texts = [f"message {n}" for n in range(BURST)]
    events = [
        {"type": "message", "channel_type": "im", "channel": channel, "user": "U0ADA",
         "text": text, "ts": f"1700000000.{n + 1:06d}",
         **({"thread_ts": thread} if n else {})}
        for n, text in enumerate(texts)
    ]
    for n, event in enumerate(events):
        assert post_event(web, event, f"Ev{n}") == 200
    # Slack retries the third message (our answer was too slow, say): it must be dropped.
    assert post_event(web, events[2], "Ev2", retry=1) == 200

    posts = slack.wait_for("chat.postMessage", BURST, timeout_s=60)
    time.sleep(0.5)  # a duplicate reply, were there one, would arrive now
    posts = slack.calls_to("chat.postMessage")
    assert [p.body["text"] for p in posts] == [f"echo: {t}" for t in texts]
    assert {p.body["thread_ts"] for p in posts} == {thread}

    with sqlite3.connect(db) as conn:
        rows = conn.execute(
            "SELECT e.id, e.status, e.processed_at, o.status, o.external_id "
            "FROM bots_inboundevent e JOIN bots_outboundmessage o ON o.in_reply_to_id = e.id "
            "ORDER BY e.id"
        ).fetchall()
        cases = conn.execute("SELECT COUNT(*) FROM bots_case").fetchone()[0]
        events_stored = conn.execute("SELECT COUNT(*) FROM bots_inboundevent").fetchone()[0]
    assert (cases, events_stored, len(rows)) == (1, BURST, BURST)
    assert all(row[1] == "processed" and row[3] == "sent" for row in rows)
    processed_at = [row[2] for row in rows]
    assert processed_at == sorted(processed_at)  # handled in arrival order
    sent_ts = [row[4] for row in rows]
    assert sent_ts == [p_ts for p_ts in (m["ts"] for m in slack.posted())]  # sent in that order
