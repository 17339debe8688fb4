"""Processes the load test starts and therefore owns: started in their own process group,
logged to a file, and stopped (TERM, then KILL) by their own ids only."""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import time
from collections.abc import Callable, Sequence
from pathlib import Path

LOOPBACK = "127.0.0.1"


class StartError(RuntimeError):
    """A process did not come up; the message ends with the tail of its log."""


def free_port() -> int:
    """A TCP port on loopback that nothing listens on right now."""
    with socket.socket() as sock:
        sock.bind((LOOPBACK, 0))
        return int(sock.getsockname()[1])


def wait_until(check: Callable[[], bool], what: str, timeout_s: float,
               interval_s: float = 0.1) -> float:
    """Poll ``check`` until true; seconds it took. Raises TimeoutError naming ``what``."""
    started = time.monotonic()
    deadline = started + timeout_s
    while True:
        try:
            if check():
                return time.monotonic() - started
        except (OSError, ConnectionError):
            pass
        if time.monotonic() >= deadline:
            raise TimeoutError(f"timed out after {timeout_s:.0f} s waiting for {what}")
        time.sleep(interval_s)


def tail(path: Path, chars: int = 3000) -> str:
    try:
        return path.read_text(errors="replace")[-chars:]
    except OSError:
        return ""


class Proc:
    """One long-running process we started: ``start``, ``stop``, ``kill``, its log."""

    def __init__(self, name: str, argv: Sequence[str], *, env: dict[str, str], cwd: Path,
                 log_dir: Path) -> None:
        self.name = name
        self.argv = list(argv)
        self.env = env
        self.cwd = cwd
        self.log = log_dir / f"{name}.log"
        self.popen: subprocess.Popen[bytes] | None = None
        self.starts = 0

    @property
    def pid(self) -> int:
        if self.popen is None:
            raise RuntimeError(f"{self.name} is not started")
        return self.popen.pid

    def alive(self) -> bool:
        return self.popen is not None and self.popen.poll() is None

    def start(self) -> Proc:
        if self.alive():
            raise RuntimeError(f"{self.name} is already running (pid {self.pid})")
        self.starts += 1
        with self.log.open("ab") as log:
            log.write(f"\n--- start {self.starts}: {' '.join(self.argv)}\n".encode())
            log.flush()
            # Its own session: signals go to the process group it leads (its pool children
            # included) and never to ours.
            self.popen = subprocess.Popen(
                self.argv, cwd=self.cwd, env=self.env, stdout=log, stderr=subprocess.STDOUT,
                stdin=subprocess.DEVNULL, start_new_session=True,
            )
        return self

    def ensure_running(self, what: str) -> None:
        if not self.alive():
            raise StartError(f"{self.name} exited while {what}:\n{tail(self.log)}")

    def signal_group(self, sig: int) -> None:
        if self.popen is None:
            return
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.popen.pid, sig)

    def stop(self, timeout_s: float = 15.0) -> None:
        """TERM the process group, wait, then KILL what is left."""
        if self.popen is None:
            return
        if self.popen.poll() is None:
            self.signal_group(signal.SIGTERM)
            try:
                self.popen.wait(timeout_s)
            except subprocess.TimeoutExpired:
                self.signal_group(signal.SIGKILL)
                self.popen.wait(5)
        # Children that outlived their leader (a pool process mid-exit) go too.
        self.signal_group(signal.SIGKILL)

    def kill(self) -> None:
        """SIGKILL the whole group at once: a machine losing the process, no cleanup."""
        self.signal_group(signal.SIGKILL)
        if self.popen is not None:
            self.popen.wait(10)


def children_of(pid: int) -> list[int]:
    """Direct children of ``pid`` (Linux /proc)."""
    found: list[int] = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        # Field 4 (after the parenthesised name, which may hold spaces) is the parent pid.
        fields = stat[stat.rindex(")") + 2 :].split()
        if int(fields[1]) == pid:
            found.append(int(entry.name))
    return found


def run_state(pid: int) -> str:
    """The scheduler state of ``pid`` ("R" on or waiting for a CPU, "S" asleep, ...; "" once
    it is gone)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return ""
    return stat[stat.rindex(")") + 2 :].split(maxsplit=1)[0]


def cpu_ticks(pid: int) -> int:
    """User + system CPU time of ``pid`` in clock ticks (0 once it is gone)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return 0
    fields = stat[stat.rindex(")") + 2 :].split()
    return int(fields[11]) + int(fields[12])
