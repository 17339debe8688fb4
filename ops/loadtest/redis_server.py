"""A throwaway redis-server on a loopback port, configured as a production broker would be:
append-only file on (``appendfsync everysec``), so a restart keeps queued messages and locks.
"""

from __future__ import annotations

import shutil
import socket
from pathlib import Path

from ops.loadtest.procs import LOOPBACK, Proc, StartError, free_port, wait_until


def missing_reason() -> str:
    if shutil.which("redis-server") is None:
        return "redis-server not found (apt-get install redis-server)"
    return ""


class TempRedis:
    def __init__(self, root: Path, env: dict[str, str], *, port: int | None = None,
                 persistent: bool = True) -> None:
        binary = shutil.which("redis-server")
        if binary is None:
            raise StartError(missing_reason())
        self.root = root
        self.port = port or free_port()
        root.mkdir(parents=True, exist_ok=True)
        argv = [binary, "--port", str(self.port), "--bind", LOOPBACK, "--dir", str(root),
                "--save", "", "--daemonize", "no", "--loglevel", "warning"]
        argv += (["--appendonly", "yes", "--appendfsync", "everysec"] if persistent
                 else ["--appendonly", "no"])
        self.proc = Proc("redis", argv, env=env, cwd=root, log_dir=root)

    @property
    def url(self) -> str:
        return f"redis://{LOOPBACK}:{self.port}/0"

    def ping(self) -> bool:
        with socket.create_connection((LOOPBACK, self.port), timeout=1) as sock:
            sock.sendall(b"PING\r\n")
            return sock.recv(16).startswith(b"+PONG")

    def start(self) -> TempRedis:
        self.proc.start()
        try:
            wait_until(self.ping, f"redis-server on port {self.port}", timeout_s=20)
        except TimeoutError as exc:
            self.proc.ensure_running("starting")
            raise StartError(str(exc)) from exc
        return self

    def stop(self) -> None:
        # SIGTERM: redis flushes the append-only file and exits, as on a clean restart.
        self.proc.stop(timeout_s=20)
