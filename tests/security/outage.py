"""A platform outage staged against a running deployment, and what users and probes saw.

Used by the outage tests of both profiles (embedded: ``manage.py serve``; production:
gunicorn + Celery + Redis). The Slack and Telegram APIs are the ``loopback`` servers the
deployment was configured with; ``run_outage`` takes both down for ``outage_s`` seconds
(the first half hanging: requests accepted and never answered; the second half refusing
connections), keeps users writing before, during and after, and polls ``/healthz`` the whole
time on its own connection each round. Then it waits until every message has had its reply.
"""

from __future__ import annotations

import json
import random
import threading
import time
from dataclasses import asdict, dataclass, field
from http.client import HTTPConnection
from pathlib import Path
from typing import Any

from ops.loadtest.capture import Captured
from ops.loadtest.driver import Connection
from ops.loadtest.users import SimulatedUser, SlackUser, TelegramUser

HEALTHZ_EVERY_S = 0.25
HEALTHZ_TIMEOUT_S = 10.0  # a probe slower than this counts as this slow (it never answered)
COMPLAINTS = {
    "slack": ["my laptop won't connect to the office wifi since this morning",
              "outlook keeps asking for my password over and over"],
    "telegram": ["I've had a bad cough and a fever for three days",
                 "my stomach hurts after eating, mostly on the right side"],
}


class Replies:
    """Replies as the loopback platforms deliver them, by (channel, address)."""

    def __init__(self) -> None:
        self.by_address: dict[tuple[str, str], list[Captured]] = {}
        self.lock = threading.Lock()

    def __call__(self, reply: Captured) -> None:
        with self.lock:
            self.by_address.setdefault((reply.channel, reply.address), []).append(reply)

    def count(self, key: tuple[str, str]) -> int:
        with self.lock:
            return len(self.by_address.get(key, []))


@dataclass
class Probe:
    at: float  # seconds since the outage began (negative: before)
    status: int
    took_s: float


@dataclass
class OutageReport:
    outage_s: float
    probes: list[Probe] = field(default_factory=list)
    acks: list[tuple[str, int, float]] = field(default_factory=list)  # (phase, status, took)
    sent: list[tuple[str, str, str]] = field(default_factory=list)  # (phase, channel, address)
    recovered_s: float | None = None  # outage end -> last reply delivered
    replies: dict[tuple[str, str], int] = field(default_factory=dict)

    @property
    def slowest_probe_s(self) -> float:
        return max(p.took_s for p in self.probes if p.at >= 0)

    @property
    def slowest_before_s(self) -> float:
        return max((p.took_s for p in self.probes if p.at < 0), default=0.0)

    @property
    def failed_probes(self) -> list[Probe]:
        """Probes from the outage's start to the end (every reply delivered, and after) that
        failed or took 1 s or more. Before the outage is the baseline: the first messages of a
        fresh process are in ``summary``, not held against the outage."""
        return [p for p in self.probes if p.at >= 0 and (p.status != 200 or p.took_s >= 1.0)]

    def save(self, path: Path) -> None:
        """Every probe, ack and reply count, for a look at what a failure looked like."""
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps({
            "outage_s": self.outage_s, "summary": self.summary(),
            "probes": [asdict(p) for p in self.probes], "acks": self.acks,
            "replies": [[c, a, n] for (c, a), n in self.replies.items()],
        }, indent=1))

    def summary(self) -> str:
        during = [p for p in self.probes if 0 <= p.at <= self.outage_s]
        counts = [self.replies.get((c, a), 0) for _, c, a in self.sent]
        return (
            f"outage {self.outage_s:.0f} s: {len(self.probes)} /healthz probes "
            f"({len(during)} during); from the outage on: slowest "
            f"{self.slowest_probe_s * 1000:.0f} ms, {len(self.failed_probes)} failed or >= 1 s "
            f"(before it: slowest {self.slowest_before_s * 1000:.0f} ms); "
            f"{len(self.sent)} messages "
            f"({sum(1 for p, _, _ in self.sent if p == 'during')} during), webhook acks "
            f"slowest {max(t for _, _, t in self.acks) * 1000:.0f} ms; replies per message "
            f"min {min(counts)} max {max(counts)}; all delivered "
            f"{'NEVER' if self.recovered_s is None else f'{self.recovered_s:.1f} s'} "
            "after the outage ended"
        )


class HealthPoller(threading.Thread):
    def __init__(self, host: str, port: int, report: OutageReport) -> None:
        super().__init__(name="healthz-poller", daemon=True)
        self.host, self.port, self.report = host, port, report
        self.halt = threading.Event()

    def run(self) -> None:
        while not self.halt.is_set():
            started = time.monotonic()
            status = 0
            try:
                conn = HTTPConnection(self.host, self.port, timeout=HEALTHZ_TIMEOUT_S)
                conn.request("GET", "/healthz", headers={"X-Forwarded-Proto": "https"})
                response = conn.getresponse()
                response.read()
                status = response.status
                conn.close()
            except OSError:
                status = -1
            took = time.monotonic() - started
            self.report.probes.append(Probe(started, status, took))  # rebased at the end
            self.halt.wait(max(0.0, HEALTHZ_EVERY_S - took))


def run_outage(*, host: str, port: int, slack: Any, telegram: Any, replies: Replies,
               signing_secret: str, webhook_secret: str, outage_s: float,
               writes_during: int = 4, deliver_within_s: float = 180.0) -> OutageReport:
    """Users write before, during and after an outage of both APIs; see the module doc."""
    report = OutageReport(outage_s)
    rng = random.Random(25)
    counter = iter(range(1, 10_000))
    origin = [0.0]  # the outage's start (monotonic), once known
    web = Connection(host, port)
    poller = HealthPoller(host, port, report)

    def new_user(channel: str) -> SimulatedUser:
        index = next(counter)
        if channel == "slack":
            return SlackUser(index, rng, signing_secret=signing_secret, typed_share=1.0)
        return TelegramUser(index, rng, secret_token=webhook_secret, typed_share=1.0)

    def write(phase: str) -> None:
        for channel in ("telegram", "slack"):
            user = new_user(channel)
            address = user.new_conversation()
            request = user.opening(rng.choice(COMPLAINTS[channel]))
            started = time.monotonic()
            status = web.post(request)
            report.acks.append((phase, status, time.monotonic() - started))
            report.sent.append((phase, channel, address))

    def wait_replies(timeout_s: float) -> bool:
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline:
            if all(replies.count((c, a)) >= 1 for _, c, a in report.sent):
                return True
            time.sleep(0.1)
        return False

    poller.start()
    try:
        time.sleep(2.0)  # a few probes of the idle server, for comparison
        write("before")
        # A fresh deployment's first turns load the packs (slow on a loaded machine).
        assert wait_replies(180), "no replies before the outage: the deployment is not answering"
        origin[0] = time.monotonic()
        slack.outage("hang")
        telegram.outage("hang")
        rounds = max(2, writes_during)
        for index in range(rounds):
            if index == rounds // 2:
                slack.outage("refuse")
                telegram.outage("refuse")
            write("during")
            time.sleep(max(0.0, origin[0] + outage_s * (index + 1) / rounds - time.monotonic()))
        slack.restore()
        telegram.restore()
        ended = time.monotonic()
        write("after")
        if wait_replies(deliver_within_s):
            report.recovered_s = time.monotonic() - ended
        # Sweeps and retries keep running: a second copy of any reply would show up now.
        time.sleep(6.0)
    finally:
        poller.halt.set()
        poller.join(HEALTHZ_TIMEOUT_S + 1)
        slack.restore()
        telegram.restore()
        web.close()
    report.replies = {(c, a): replies.count((c, a)) for _, c, a in report.sent}
    for probe in report.probes:
        probe.at -= origin[0]
    return report
