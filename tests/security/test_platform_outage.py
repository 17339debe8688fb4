"""A Slack and Telegram API outage against the embedded profile as ``bin/run`` serves it
(``manage.py serve``: runserver, tasks in-process, the in-process sweeper), issue 25:
``/healthz`` answers within 1 s throughout, every webhook is acknowledged, and every reply is
delivered exactly once after the APIs come back.

The outage lasts ``OUTAGE_S`` seconds (default 12 in the suite; the issue's 60-second outage
is ``OUTAGE_S=60 pytest tests/security/test_platform_outage.py``). Half of it the APIs hang
(requests accepted, never answered: each send waits out the client's timeout), half they
refuse connections. The sweep's timings are shortened with it (``STALLED_AFTER_S``, the
interval); the delivery path is the one users get: the real webhooks, the real service and
packs, python-telegram-bot and slack_sdk against the loopback APIs.
"""

from __future__ import annotations

import os
import secrets
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from loopback.base import LoopbackServer
from ops.loadtest.capture import capturing_slack, capturing_telegram
from ops.loadtest.procs import LOOPBACK, Proc, free_port, tail, wait_until
from tests.security.outage import Replies, run_outage
from tests.security.tally import record

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
OUTAGE_S = float(os.environ.get("OUTAGE_S", "12"))


def healthz_ok(port: int) -> bool:
    from urllib.request import urlopen

    with urlopen(f"http://{LOOPBACK}:{port}/healthz", timeout=2) as response:
        return int(response.status) == 200


class Embedded:
    def __init__(self, proc: Proc, port: int, slack: LoopbackServer, telegram: LoopbackServer,
                 replies: Replies, signing_secret: str, webhook_secret: str) -> None:
        self.proc, self.port, self.slack, self.telegram = proc, port, slack, telegram
        self.replies = replies
        self.signing_secret, self.webhook_secret = signing_secret, webhook_secret


@pytest.fixture
def embedded(tmp_path: Path) -> Iterator[Embedded]:
    replies = Replies()
    signing_secret, webhook_secret = secrets.token_hex(16), secrets.token_urlsafe(24)
    with capturing_slack(replies, "xoxb-outage-test") as slack, \
            capturing_telegram(replies, "700000002:outage-token") as telegram:
        env = {key: value for key, value in os.environ.items()
               if not key.startswith(("SLACK_", "TELEGRAM_", "DATABASE_", "CELERY_", "REDIS_",
                                      "DEBUG", "PRODUCTION", "STALLED_", "REDISPATCH_"))}
        env.update({
            "DJANGO_SETTINGS_MODULE": "console.settings",
            "PYTHONPATH": str(ROOT),
            "DATA_DIR": str(tmp_path / "data"),
            "SLACK_BOT_TOKEN": slack.token, "SLACK_SIGNING_SECRET": signing_secret,
            "SLACK_APP_TOKEN": "", "SLACK_API_URL": slack.url,
            "TELEGRAM_BOT_TOKEN": telegram.token, "TELEGRAM_WEBHOOK_SECRET": webhook_secret,
            "TELEGRAM_API_URL": telegram.url,
        })
        if OUTAGE_S < 60:
            # Shortened with the outage (the product's defaults, used for 60 s and more: 60 s
            # and 30 s): a stranded reply is retried once it is STALLED_AFTER_S old and its
            # backoff has run out.
            env.update(STALLED_AFTER_S=str(max(2.0, OUTAGE_S / 4)), REDISPATCH_INTERVAL_S="1")
        port = free_port()
        (tmp_path / "logs").mkdir()
        proc = Proc("serve", [sys.executable, "manage.py", "serve", f"{LOOPBACK}:{port}"],
                    env=env, cwd=ROOT, log_dir=tmp_path / "logs").start()
        try:
            def ready() -> bool:
                proc.ensure_running("starting")
                return healthz_ok(port)

            wait_until(ready, "manage.py serve", timeout_s=240, interval_s=0.5)
            yield Embedded(proc, port, slack, telegram, replies, signing_secret, webhook_secret)
        finally:
            proc.stop()
            kept = ROOT / "test-output" / "security" / "outage-embedded-serve.log"
            kept.parent.mkdir(parents=True, exist_ok=True)
            kept.write_text(tail(proc.log, 10**7))
            sys.stderr.write(f"--- serve.log\n{tail(proc.log, 4000)}\n")


def test_embedded_profile_rides_out_a_platform_outage(embedded: Embedded) -> None:
    report = run_outage(
        host=LOOPBACK, port=embedded.port, slack=embedded.slack, telegram=embedded.telegram,
        replies=embedded.replies, signing_secret=embedded.signing_secret,
        webhook_secret=embedded.webhook_secret, outage_s=OUTAGE_S,
        writes_during=max(4, int(OUTAGE_S // 10)),
    )
    print(report.summary())
    report.save(ROOT / "test-output" / "security" / "outage-embedded.json")
    label = f"{OUTAGE_S:.0f} s API outage (embedded)"
    assert record("outage", f"/healthz within 1 s throughout a {label}",
                  not report.failed_probes), report.failed_probes[:10]
    assert record("outage", f"every webhook acknowledged during a {label}",
                  all(status == 200 for _, status, _ in report.acks)), report.acks
    assert record("outage", f"every reply delivered after a {label}",
                  report.recovered_s is not None), report.replies
    assert record("outage", f"no reply delivered twice after a {label}",
                  all(n == 1 for n in report.replies.values())), report.replies
