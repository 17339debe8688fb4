"""Entry point for the processes of tests/channels/test_runtime_redis.py: a web server or a
Celery worker, configured from the environment like a deployment.

    python -m tests.channels.processes web 127.0.0.1:8123   # migrates, then serves
    python -m tests.channels.processes worker

With ``ASKFEW_TEST_ECHO_SERVICE=1`` the conversation service is replaced by an echo (the reply
repeats the message, after a short pause that lets concurrent tasks overlap): the Redis test
checks the runtime's ordering, and an echo makes the order visible in what Slack receives.
"""

from __future__ import annotations

import os
import sys
import time
from typing import Any


def echo(received: Any, case: Any) -> Any:
    from bots.runtime import Answered

    time.sleep(float(os.environ.get("ASKFEW_TEST_ECHO_DELAY_S", "0.05")))
    return Answered({"role": "bot", "parts": [f"echo: {received.text}"], "buttons": [],
                     "kind": "question", "status": "active"})


def main(argv: list[str]) -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "console.settings")
    import django

    django.setup()
    if os.environ.get("ASKFEW_TEST_ECHO_SERVICE") == "1":
        import bots.runtime

        bots.runtime._reply_for = echo  # type: ignore[assignment]
    if argv[0] == "web":
        from django.core.management import call_command

        # The database is new: the web process migrates it before it serves (the worker only
        # touches it once the first event has been queued, by then migrated).
        call_command("migrate", verbosity=0)
        call_command("runserver", argv[1], use_reloader=False, use_threading=True)
    elif argv[0] == "worker":
        from console.celery import app

        app.worker_main(["worker", "--pool=threads", "--concurrency=4", "--loglevel=WARNING",
                         "--without-gossip", "--without-mingle", "--without-heartbeat"])
    else:
        raise SystemExit(f"usage: {sys.argv[0]} web ADDR:PORT | worker")


if __name__ == "__main__":
    main(sys.argv[1:])
