"""README's run command starts the product on a fresh data directory and serves the console."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_serve_migrates_and_serves_on_fresh_data_dir(tmp_path: Path) -> None:
    port = free_port()
    env = {**os.environ, "DATA_DIR": str(tmp_path / "data"), "PYTHONUNBUFFERED": "1"}
    for token in ("SLACK_BOT_TOKEN", "TELEGRAM_BOT_TOKEN", "DATABASE_URL", "REDIS_URL"):
        env.pop(token, None)
    proc = subprocess.Popen(
        [sys.executable, "manage.py", "serve", f"127.0.0.1:{port}"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        body = b""
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            if proc.poll() is not None:
                raise AssertionError(
                    f"serve exited early:\n{proc.stdout.read() if proc.stdout else ''}"
                )
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=2) as response:
                    body = response.read()
                    break
            except OSError:
                time.sleep(0.3)
        assert b"askfew console" in body
        assert (tmp_path / "data" / "db.sqlite3").exists()
    finally:
        proc.terminate()
        proc.wait(timeout=20)
