"""Where a turn's CPU goes, in one process: the web request and the worker's ``process()``.

    python -m ops.loadtest.profile_worker --turns 300 [--sqlite] [--profile out.prof]

Starts a throwaway PostgreSQL (or uses SQLite with ``--sqlite``) and the loopback Slack and
Telegram APIs, imports the example packs, then plays simulated users one turn at a time: each
webhook request goes through Django's test client (the web part), and the event it stored is
handed to ``bots.runtime.process`` directly (the worker part, what a Celery pool process runs,
without Celery's hand-off or the Redis case lock). Prints CPU ms and SQL queries per turn for
each part; ``--profile`` (``--web-profile``) writes cProfile stats of the worker (web) part for
``python -m pstats``.
"""

from __future__ import annotations

import argparse
import base64
import contextlib
import cProfile
import os
import random
import secrets
import shutil
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from ops.loadtest.capture import Captured, capturing_slack, capturing_telegram
from ops.loadtest.stack import BASE_DIR, SLACK_TOKEN, TELEGRAM_TOKEN
from ops.loadtest.users import SimulatedUser, SlackUser, TelegramUser


class QueryCounter:
    def __init__(self, show: bool = False) -> None:
        self.count = 0
        self.show = show

    def __call__(
        self, execute: Callable[..., Any], sql: str, params: Any, many: bool, context: Any
    ) -> Any:
        self.count += 1
        if self.show:
            print(f"  SQL {sql[:160]}")
        return execute(sql, params, many, context)


def environment(
    root: Path, db_url: str, slack_url: str, telegram_url: str, signing: str, webhook: str
) -> dict[str, str]:
    return {
        "DJANGO_SETTINGS_MODULE": "console.settings",
        "DEBUG": "0",
        "SECRET_KEY": secrets.token_urlsafe(50),
        "FIELD_ENCRYPTION_KEYS": base64.urlsafe_b64encode(secrets.token_bytes(32)).decode(),
        "METRICS_TOKEN": secrets.token_urlsafe(32),
        "ALLOWED_HOSTS": "testserver,127.0.0.1",
        "DATA_DIR": str(root / "data"),
        "DATABASE_URL": db_url,
        "SEARCH_BACKEND": "embedded",
        "SEARCH_INDEX_DIR": str(root / "data" / "search"),
        "LANGUAGE_BACKEND": "offline",
        "LOG_FORMAT": "json",
        "LOG_LEVEL": "INFO",
        "SLACK_BOT_TOKEN": SLACK_TOKEN,
        "SLACK_SIGNING_SECRET": signing,
        "SLACK_API_URL": slack_url,
        "TELEGRAM_BOT_TOKEN": TELEGRAM_TOKEN,
        "TELEGRAM_WEBHOOK_SECRET": webhook,
        "TELEGRAM_API_URL": telegram_url,
        "RATELIMIT_ENABLED": "0",  # as in the load test's stack
    }


@contextlib.contextmanager
def database(root: Path, sqlite: bool) -> Iterator[str]:
    if sqlite:
        (root / "data").mkdir(parents=True, exist_ok=True)
        yield f"sqlite:///{root / 'data' / 'db.sqlite3'}"
        return
    from ops.loadtest.postgres import TempPostgres

    pg = TempPostgres(root / "pg")
    pg.start()
    try:
        yield pg.url
    finally:
        pg.stop()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--turns", type=int, default=300)
    parser.add_argument("--warmup", type=int, default=40)
    parser.add_argument("--users", type=int, default=10)
    parser.add_argument("--max-turns", type=int, default=12)
    parser.add_argument("--sqlite", action="store_true")
    parser.add_argument("--profile", default="", help="write worker cProfile stats here")
    parser.add_argument("--web-profile", default="", help="write web cProfile stats here")
    parser.add_argument("--show-sql", action="store_true", help="print every statement")
    args = parser.parse_args(argv)

    root = Path(tempfile.mkdtemp(prefix="askfew-profile-"))
    replies: dict[str, Captured] = {}

    def sink(reply: Captured) -> None:
        replies[reply.address] = reply

    signing, webhook = secrets.token_hex(16), secrets.token_urlsafe(24)
    saved_stderr = os.dup(2)
    try:
        with contextlib.ExitStack() as stack:
            slack = stack.enter_context(capturing_slack(sink, SLACK_TOKEN))
            telegram = stack.enter_context(capturing_telegram(sink, TELEGRAM_TOKEN))
            db_url = stack.enter_context(database(root, args.sqlite))
            os.environ.update(environment(root, db_url, slack.url, telegram.url, signing, webhook))
            for key in ("REDIS_URL", "CELERY_BROKER_URL", "CELERY_RESULT_BACKEND"):
                os.environ.pop(key, None)
            # The JSON logs cost what they cost; where they go does not matter here.
            log = (root / "app.log").open("w")
            os.dup2(log.fileno(), 2)
            from ops.loadtest import bootstrap

            bootstrap.main(["it-laptop", "patient-intake"])
            code = play(args, replies, signing, webhook)
            if code:
                raise SystemExit(code)
            return code
    except BaseException:
        os.dup2(saved_stderr, 2)
        print(
            f"failed; the application's log ends:\n{(root / 'app.log').read_text()[-3000:]}",
            file=sys.stderr,
        )
        raise
    finally:
        os.dup2(saved_stderr, 2)
        shutil.rmtree(root, ignore_errors=True)


def play(args: argparse.Namespace, replies: dict[str, Captured], signing: str, webhook: str) -> int:
    from django.db import connection
    from django.test import Client

    from bots import inbox, runtime

    collected: list[int] = []

    def collect(event_pks: list[int]) -> None:
        collected.extend(event_pks)  # the worker part is run (and measured) below

    inbox.run_now = collect  # type: ignore[assignment]

    def case_of(event_pk: int) -> int | None:
        from bots.models import InboundEvent

        found: int | None = (
            InboundEvent.objects.filter(pk=event_pk).values_list("case_id", flat=True).first()
        )
        return found

    client = Client()
    users: list[SimulatedUser] = []
    for index in range(args.users):
        rng = random.Random(index)
        if index % 2 == 0:
            users.append(SlackUser(index, rng, signing_secret=signing, typed_share=0.2))
        else:
            users.append(TelegramUser(index, rng, secret_token=webhook, typed_share=0.2))
    turns_in: dict[int, int] = {}
    last: dict[int, Captured | None] = {}
    profiler = cProfile.Profile(time.thread_time) if args.profile else None
    web_profiler = cProfile.Profile(time.thread_time) if args.web_profile else None
    web_cpu = worker_cpu = 0.0
    web_queries = worker_queries = 0
    measured = 0
    counter = QueryCounter(args.show_sql)
    total = args.warmup + args.turns
    done = 0
    with connection.execute_wrapper(counter):
        while done < total:
            for user_index, user in enumerate(users):
                if done >= total:
                    break
                reply = last.get(user_index)
                choice = user.choose(reply) if reply is not None else None
                if choice is None or turns_in.get(user_index, 0) >= args.max_turns:
                    user.new_conversation()
                    turns_in[user_index] = 0
                    request = user.opening(user.complaint())
                else:
                    assert reply is not None
                    request = user.answer(reply, choice)
                measuring = done >= args.warmup
                if args.show_sql:
                    print(f"-- turn {done}: {user.channel} {request.text!r}")
                counter.count = 0
                started = time.thread_time()
                if web_profiler is not None and measuring:
                    web_profiler.enable()
                response = client.post(
                    request.path,
                    data=request.body,
                    content_type=request.content_type,
                    headers={**request.headers, "X-Forwarded-Proto": "https"},
                )
                if web_profiler is not None and measuring:
                    web_profiler.disable()
                web_spent = time.thread_time() - started
                if response.status_code != 200:
                    print(f"webhook answered {response.status_code}: {response.content[:200]!r}")
                    return 1
                web_q = counter.count
                before = replies.get(user.address)
                events = len(collected)
                # As queued by the web process: with the event's case (looked up unmeasured).
                work = [(pk, case_of(pk)) for pk in collected]
                counter.count = 0
                started = time.thread_time()
                if profiler is not None and measuring:
                    profiler.enable()
                for pk, case_id in work:
                    runtime.process(pk, case_id)
                if profiler is not None and measuring:
                    profiler.disable()
                worker_spent = time.thread_time() - started
                collected.clear()
                after = replies.get(user.address)
                if after is None or after is before:
                    print(
                        f"no reply for user {user_index} ({user.channel}) at "
                        f"{user.address}: {request.text!r} -> {events} events"
                    )
                    return 1
                last[user_index] = after
                turns_in[user_index] = turns_in.get(user_index, 0) + 1
                if measuring:
                    measured += 1
                    web_cpu += web_spent
                    worker_cpu += worker_spent
                    web_queries += web_q
                    worker_queries += counter.count
                done += 1
    print(f"turns measured: {measured} ({'sqlite' if args.sqlite else 'postgres'})")
    print(
        f"web    CPU ms/turn: {web_cpu * 1000 / measured:6.2f}  "
        f"queries/turn: {web_queries / measured:5.1f}"
    )
    print(
        f"worker CPU ms/turn: {worker_cpu * 1000 / measured:6.2f}  "
        f"queries/turn: {worker_queries / measured:5.1f}"
    )
    if profiler is not None:
        profiler.dump_stats(args.profile)
        print(f"profile written to {args.profile}")
    if web_profiler is not None:
        web_profiler.dump_stats(args.web_profile)
        print(f"web profile written to {args.web_profile}")
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(BASE_DIR))
    sys.exit(main())
