"""A throwaway PostgreSQL cluster: ``initdb`` into a directory, ``pg_ctl`` on a loopback port.

Uses Debian's server binaries (``/usr/lib/postgresql/<version>/bin``, the newest version
first; ``PG_BIN_DIR`` overrides; else ``initdb`` on PATH). PostgreSQL refuses to run as root,
so under root the server runs as the ``postgres`` system user (``setpriv``), owning only the
cluster directory. Authentication is ``trust`` on 127.0.0.1 only: nothing else can reach it.
"""

from __future__ import annotations

import contextlib
import glob
import os
import pwd
import shutil
import subprocess
from pathlib import Path

from ops.loadtest.procs import LOOPBACK, StartError, free_port, tail

USER = "askfew"
DATABASE = "askfew"


def find_bin_dir() -> Path | None:
    """The directory holding initdb, pg_ctl and postgres, or None when not installed."""
    override = os.environ.get("PG_BIN_DIR")
    if override:
        return Path(override) if (Path(override) / "initdb").exists() else None

    def version(path: str) -> tuple[int, ...]:
        name = Path(path).parent.name
        return tuple(int(p) for p in name.split(".") if p.isdigit())

    for candidate in sorted(glob.glob("/usr/lib/postgresql/*/bin"), key=version, reverse=True):
        if (Path(candidate) / "initdb").exists() and (Path(candidate) / "pg_ctl").exists():
            return Path(candidate)
    initdb = shutil.which("initdb")
    if initdb:
        return Path(os.path.realpath(initdb)).parent
    return None


def missing_reason() -> str:
    """Why no cluster can be started here ("" when one can)."""
    if find_bin_dir() is None:
        return ("PostgreSQL server binaries not found (apt-get install postgresql, or set "
                "PG_BIN_DIR to the directory holding initdb and pg_ctl)")
    if os.geteuid() == 0 and _system_user() is None:
        return "running as root and no 'postgres' system user to run the server as"
    if os.geteuid() == 0 and shutil.which("setpriv") is None:
        return "running as root and setpriv (util-linux) is missing"
    return ""


def _system_user() -> pwd.struct_passwd | None:
    try:
        return pwd.getpwnam("postgres")
    except KeyError:
        return None


class TempPostgres:
    """``start()`` a fresh cluster under ``root``; ``url``; ``stop()``/``start_again()``."""

    def __init__(self, root: Path, *, port: int | None = None, fsync: bool = True,
                 max_connections: int = 200) -> None:
        bin_dir = find_bin_dir()
        if bin_dir is None:
            raise StartError(missing_reason())
        self.bin = bin_dir
        self.root = root
        self.data = root / "data"
        self.log = root / "postgres.log"
        self.port = port or free_port()
        self.fsync = fsync
        self.max_connections = max_connections
        self._as_user: list[str] = []
        if os.geteuid() == 0:
            user = _system_user()
            if user is None:
                raise StartError(missing_reason())
            self._as_user = ["setpriv", f"--reuid={user.pw_uid}", f"--regid={user.pw_gid}",
                             "--clear-groups", "--"]
            self._owner = (user.pw_uid, user.pw_gid)

    @property
    def url(self) -> str:
        return f"postgres://{USER}@{LOOPBACK}:{self.port}/{DATABASE}?connect_timeout=5"

    def _run(self, *argv: str, timeout_s: float = 120.0) -> str:
        command = [*self._as_user, *argv] if argv[0].startswith(str(self.bin)) else list(argv)
        done = subprocess.run(command, capture_output=True, text=True, timeout=timeout_s,
                              cwd=self.root)
        if done.returncode != 0:
            raise StartError(
                f"{Path(argv[0]).name} failed ({done.returncode}): "
                f"{(done.stderr or done.stdout).strip()[-2000:]}\n{tail(self.log)}"
            )
        return done.stdout

    def init(self) -> None:
        self.root.mkdir(parents=True, exist_ok=True)
        if self._as_user:
            # The server's user must reach its directory: open the parents for traversal only.
            for parent in [self.root, *self.root.parents]:
                if parent == Path("/") or parent == Path("/tmp"):
                    break
                parent.chmod(parent.stat().st_mode | 0o111)
            os.chown(self.root, *self._owner)
        self._run(str(self.bin / "initdb"), "-D", str(self.data), "-U", USER, "-A", "trust",
                  "-E", "UTF8", "--no-locale", "--no-sync")

    def start(self) -> TempPostgres:
        """Initialise (first time), start, create the database."""
        first = not self.data.exists()
        if first:
            self.init()
        options = " ".join([
            f"-p {self.port}",
            f"-k {self.root}",
            f"-c listen_addresses={LOOPBACK}",
            f"-c max_connections={self.max_connections}",
            "-c shared_buffers=128MB",
            f"-c fsync={'on' if self.fsync else 'off'}",
            "-c log_min_messages=warning",
        ])
        self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-l", str(self.log), "-o",
                  options, "-w", "-t", "60", "start")
        if first:
            self._run(str(self.bin / "createdb"), "-h", LOOPBACK, "-p", str(self.port),
                      "-U", USER, DATABASE)
        return self

    def stop(self, mode: str = "fast") -> None:
        if not (self.data / "postmaster.pid").exists():
            return
        self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", mode, "-w", "-t", "60",
                  "stop")

    def running(self) -> bool:
        return (self.data / "postmaster.pid").exists()

    def server_pid(self) -> int | None:
        try:
            return int((self.data / "postmaster.pid").read_text().split("\n", 1)[0])
        except (OSError, ValueError):
            return None

    def kill(self) -> None:
        """Last resort when ``stop`` failed: SIGKILL the postmaster we started."""
        import signal

        pid = self.server_pid()
        if pid is not None:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
