"""The runtime as deployed: a web process, a Celery worker and a real redis-server.

The web process (Django's server) receives signed Slack events and queues them over Redis; a
worker with four threads processes them; replies go to the loopback Slack API in this process.
A burst of messages in one thread must be handled in arrival order and answered once each,
in that order, and a retried delivery must be dropped.

The processes share an SQLite file database; the order of handling is read from it
(``InboundEvent.processed_at``, stamped under the case lock) and the order of sending from
the order in which Slack received the replies.

The case lock itself (``bots.case_lock``) is checked against the same redis-server: a holder
that dies frees its case within the lock's expiry, a live one keeps it past the expiry, a
waiter gives up quickly, a lost lock is noticed, and a failed release is harmless.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.request import Request, urlopen

import pytest

from bots import case_lock
from bots.case_lock import CaseBusy, redis_lock
from loopback.slack import FakeSlack, signed_headers

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
def redis_server(tmp_path: Path) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    """(URL, process) of a fresh redis-server."""
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
        yield f"redis://127.0.0.1:{port}/0", server
    finally:
        if server.poll() is None:
            server.terminate()
        server.wait(10)


@pytest.fixture
def redis_url(redis_server: tuple[str, subprocess.Popen[bytes]]) -> str:
    return redis_server[0]


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


# -- the case lock -------------------------------------------------------------------------------


@pytest.fixture
def quick_lock(monkeypatch: pytest.MonkeyPatch) -> None:
    """Lock timings scaled down (expiry 2 s, renewed every 0.3 s, waits of 0.3 s), and a fresh
    per-process state, so the renewing thread starts with these timings."""
    monkeypatch.setattr(case_lock, "LOCK_TTL_S", 2.0)
    monkeypatch.setattr(case_lock, "LOCK_RENEW_S", 0.3)
    monkeypatch.setattr(case_lock, "LOCK_WAIT_S", 0.3)
    monkeypatch.setattr(case_lock, "_state", case_lock._State())


def busy_after(url: str, case_id: int) -> float:
    """Seconds a second taker waited before CaseBusy (fails if it got the lock)."""
    started = time.monotonic()
    with pytest.raises(CaseBusy), redis_lock(case_id, url):
        pass
    return time.monotonic() - started


HOLDER = """
import sys, time
from bots import case_lock
case_lock.LOCK_TTL_S, case_lock.LOCK_RENEW_S = 2.0, 0.3
with case_lock.redis_lock(int(sys.argv[2]), sys.argv[1]):
    print("held", flush=True)
    time.sleep(60)
"""


@pytest.mark.usefixtures("quick_lock")
def test_a_killed_holder_frees_its_case_within_the_lock_expiry(redis_url: str) -> None:
    holder = subprocess.Popen([sys.executable, "-c", HOLDER, redis_url, "41"], cwd=ROOT,
                              stdout=subprocess.PIPE, env=dict(os.environ, PYTHONPATH=str(ROOT)))
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == b"held"
        time.sleep(3.0)  # longer than the expiry: the holder's renewals keep it
        # A waiter gives up after its 0.3 s wait; one that queued would wait out the holder's
        # 60 s. The bound leaves room for a loaded machine (2.4 s was seen at load 14).
        assert busy_after(redis_url, 41) < 5.0
        holder.send_signal(signal.SIGKILL)
        holder.wait(10)
        killed = time.monotonic()
        while True:
            try:
                with redis_lock(41, redis_url):
                    break
            except CaseBusy:
                assert time.monotonic() - killed < 8.0, "the dead holder's lock outlived it"
        # The expiry (2 s), one wait (0.3 s), and slack for a busy machine (the holder would
        # have kept it 60 s).
        assert time.monotonic() - killed <= 6.0
    finally:
        if holder.poll() is None:
            holder.kill()
            holder.wait(10)


@pytest.mark.usefixtures("quick_lock")
def test_a_live_holder_keeps_its_case_past_the_expiry_and_frees_it_at_once(
    redis_url: str,
) -> None:
    import redis

    client = redis.Redis.from_url(redis_url)
    with redis_lock(42, redis_url) as held:
        time.sleep(4.5)  # two and a bit expiries
        busy_after(redis_url, 42)
        held.check()  # still ours
        assert 0 < client.pttl("askfew:case:42") <= 2000
    assert not client.exists("askfew:case:42")
    with redis_lock(42, redis_url):
        pass


@pytest.mark.usefixtures("quick_lock")
def test_a_lost_lock_is_noticed_and_a_failed_release_is_harmless(
    redis_server: tuple[str, subprocess.Popen[bytes]], caplog: Any,
) -> None:
    import redis

    url, server = redis_server
    client = redis.Redis.from_url(url)
    with redis_lock(43, url) as held:
        # Taken over (its expiry passed while this holder could not reach Redis, say).
        client.set("askfew:case:43", "someone-else", px=5000)
        deadline = time.monotonic() + 3.0
        while not held.lost and time.monotonic() < deadline:
            time.sleep(0.05)
        with pytest.raises(CaseBusy):
            held.check()
    assert client.get("askfew:case:43") == b"someone-else"  # the new holder's lock stays

    with redis_lock(44, url):
        server.terminate()  # Redis goes away while the case is held
        server.wait(10)
    assert "not released" in caplog.text


@pytest.mark.usefixtures("quick_lock")
def test_locks_share_one_connection_pool_per_process(redis_url: str) -> None:
    import redis

    for case_id in range(20):
        with redis_lock(100 + case_id, redis_url):
            pass
    ours = [c for c in redis.Redis.from_url(redis_url).client_list() if c["cmd"] != "client|list"]
    assert len(ours) <= 2  # this process's pool (the renewing thread may hold a second one)
