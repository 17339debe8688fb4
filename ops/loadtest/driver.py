"""Plays N users against the web server and records every turn: POST to reply captured.

Each user is a thread in a closed loop (send, wait for the reply, read it, answer), as a
person is, paced: its messages are at least ``pace_s`` apart (50 users at a 1 s pace offer 50
turns/s; the system answers them as fast as it can, and when it cannot keep up the replies
come later and throughput levels off at capacity). ``pace_s=0`` sends each answer the moment
the reply arrives: a saturation test, where latency is queueing (users / throughput).

Deliveries are retried like the platforms retry (on a network error or a 5xx, with the same
event id, re-signed, after a back-off), a bounded number of times.

Time runs in phases: ``warmup_s`` (caches fill: every pool process loads the packs once),
``duration_s`` measured, then no new messages while the replies still owed are awaited for up
to ``drain_s``. Every wait is bounded, so the driver stops by itself.
"""

from __future__ import annotations

import http.client
import random
import threading
import time
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field

from ops.loadtest.capture import Captured
from ops.loadtest.users import Request, SimulatedUser

# Platform-like delivery retries: 0.25 s doubling to 4 s, 10 tries (about 25 s in all).
HTTP_ATTEMPTS = 10
HTTP_TIMEOUT_S = 10.0


@dataclass
class TurnRecord:
    user: int
    channel: str
    address: str
    event_id: str
    posted_at: float  # monotonic, first delivery attempt
    acked_at: float | None = None  # 2xx received
    status: int = 0  # last HTTP status (0: no answer)
    attempts: int = 0
    replied_at: float | None = None
    reply_kind: str = ""  # "buttons" | "final" | "error"

    @property
    def accepted(self) -> bool:
        return self.acked_at is not None

    @property
    def latency_ms(self) -> float | None:
        if self.replied_at is None:
            return None
        return (self.replied_at - self.posted_at) * 1000.0


@dataclass
class Mailbox:
    """Replies arriving at one address (one conversation), and what was sent to it."""

    user: int
    channel: str
    replies: list[Captured] = field(default_factory=list)
    accepted: int = 0  # messages the web server acknowledged
    unacked: int = 0  # deliveries given up on (the server may still have stored them)
    cond: threading.Condition = field(default_factory=threading.Condition)

    def wait(self, count: int, deadline: float) -> Captured | None:
        """The ``count``-th reply (1-based), waiting until ``deadline`` (monotonic)."""
        with self.cond:
            while len(self.replies) < count:
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    return None
                self.cond.wait(remaining)
            return self.replies[count - 1]


class Connection:
    """One keep-alive HTTP connection to the web server, reopened after any failure."""

    def __init__(self, host: str, port: int) -> None:
        self.host = host
        self.port = port
        self.conn: http.client.HTTPConnection | None = None

    def post(self, request: Request) -> int:
        headers = {
            "Content-Type": request.content_type,
            # TLS ends at the proxy in production; it tells Django so (SECURE_PROXY_SSL_HEADER).
            "X-Forwarded-Proto": "https",
            **request.headers,
        }
        reused = self.conn is not None
        try:
            return self._post(request, headers)
        except (OSError, http.client.HTTPException):
            self.close()
            if not reused:
                raise
        # The server closed an idle keep-alive connection: one fresh try, as clients do.
        try:
            return self._post(request, headers)
        except (OSError, http.client.HTTPException):
            self.close()
            raise

    def _post(self, request: Request, headers: dict[str, str]) -> int:
        if self.conn is None:
            self.conn = http.client.HTTPConnection(self.host, self.port, timeout=HTTP_TIMEOUT_S)
        self.conn.request("POST", request.path, body=request.body, headers=headers)
        response = self.conn.getresponse()
        response.read()
        if response.getheader("Connection", "").lower() == "close":
            self.close()
        return int(response.status)

    def close(self) -> None:
        if self.conn is not None:
            self.conn.close()
            self.conn = None


@dataclass(frozen=True)
class Phases:
    start: float  # monotonic
    warmup_s: float
    duration_s: float
    drain_s: float

    @property
    def measure_start(self) -> float:
        return self.start + self.warmup_s

    @property
    def send_end(self) -> float:
        return self.measure_start + self.duration_s

    @property
    def drain_end(self) -> float:
        return self.send_end + self.drain_s


class Driver:
    def __init__(self, users: list[SimulatedUser], host: str, port: int, *, max_turns: int = 12,
                 pace_s: float = 1.0, seed: int = 0) -> None:
        self.users = users
        self.pace_s = pace_s
        self.host = host
        self.port = port
        self.max_turns = max_turns
        self.seed = seed
        self.records: list[TurnRecord] = []
        self.mailboxes: dict[tuple[str, str], Mailbox] = {}
        self.orphans: list[Captured] = []  # replies to no conversation of ours
        self.rejected: dict[int, int] = defaultdict(int)  # HTTP status -> deliveries given up
        self.errors: list[str] = []
        self._lock = threading.Lock()
        self.phases: Phases | None = None

    # -- replies ------------------------------------------------------------------------------

    def capture(self, reply: Captured) -> None:
        """The loopback APIs' sink: file the reply under its conversation."""
        with self._lock:
            box = self.mailboxes.get((reply.channel, reply.address))
            if box is None:
                self.orphans.append(reply)
                return
        with box.cond:
            box.replies.append(reply)
            box.cond.notify_all()

    # -- running ------------------------------------------------------------------------------

    def run(self, warmup_s: float, duration_s: float, drain_s: float,
            on_phase: Callable[[str], None] | None = None) -> Phases:
        self.phases = Phases(time.monotonic(), warmup_s, duration_s, drain_s)
        threads = [threading.Thread(target=self._user_loop, args=(user,), daemon=True,
                                    name=f"user-{user.index}") for user in self.users]
        for thread in threads:
            thread.start()
        if on_phase is not None:
            on_phase("started")
        for thread in threads:
            thread.join(max(0.0, self.phases.drain_end - time.monotonic()) + HTTP_TIMEOUT_S * 2)
        return self.phases

    def _user_loop(self, user: SimulatedUser) -> None:
        assert self.phases is not None
        connection = Connection(self.host, self.port)
        # Users start spread over one pace interval, not all in the same instant.
        time.sleep(self.rng_for(user).uniform(0.0, self.pace_s))
        try:
            while time.monotonic() < self.phases.send_end:
                if not self._conversation(user, connection):
                    return
        except Exception as exc:  # a driver bug must show in the report, not vanish
            with self._lock:
                self.errors.append(f"user {user.index}: {type(exc).__name__}: {exc}")
        finally:
            connection.close()

    def rng_for(self, user: SimulatedUser) -> random.Random:
        return random.Random(self.seed * 1_000_003 + user.index)

    def _pace(self, last_sent: float) -> None:
        """Wait until ``pace_s`` after the previous message (a person reading the reply)."""
        delay = last_sent + self.pace_s - time.monotonic()
        if delay > 0:
            time.sleep(delay)

    def _conversation(self, user: SimulatedUser, connection: Connection) -> bool:
        """One conversation; False when the user must stop (no reply came in time)."""
        assert self.phases is not None
        address = user.new_conversation()
        box = Mailbox(user.index, user.channel)
        with self._lock:
            self.mailboxes[(user.channel, address)] = box
        request = user.opening(user.complaint())
        for _ in range(self.max_turns):
            record = self._deliver(user, address, request, connection)
            if not record.accepted:
                box.unacked += 1
                return time.monotonic() < self.phases.send_end
            box.accepted += 1
            reply = box.wait(box.accepted, self.phases.drain_end)
            if reply is None:
                return False  # owed a reply past the drain: counted lost by the report
            record.replied_at = reply.at
            choice = user.choose(reply)
            record.reply_kind = "buttons" if choice is not None else "final"
            if choice is None:
                self._pace(record.posted_at)
                return True
            self._pace(record.posted_at)
            if time.monotonic() >= self.phases.send_end:
                return True
            request = user.answer(reply, choice)
        self._pace(record.posted_at)
        return True

    def _deliver(self, user: SimulatedUser, address: str, request: Request,
                 connection: Connection) -> TurnRecord:
        record = TurnRecord(user.index, user.channel, address, request.event_id,
                            posted_at=time.monotonic())
        with self._lock:
            self.records.append(record)
        delay = 0.25
        for attempt in range(HTTP_ATTEMPTS):
            record.attempts = attempt + 1
            try:
                record.status = connection.post(request.for_retry(attempt))
            except (OSError, http.client.HTTPException):
                record.status = 0
            if 200 <= record.status < 300:
                record.acked_at = time.monotonic()
                return record
            if 400 <= record.status < 500:
                break  # refused: retrying the same request cannot help
            time.sleep(delay)
            delay = min(delay * 2, 4.0)
        with self._lock:
            self.rejected[record.status] += 1
        return record
