"""Reading configuration from the environment.

Every setting comes from the environment so that one code base runs both profiles: the
embedded default (nothing set) and production (DATABASE_URL, REDIS_URL, ELASTICSEARCH_URL, ...).
"""

from __future__ import annotations

import base64
import os
import secrets
from pathlib import Path
from urllib.parse import unquote, urlparse

import environ


def env_str(name: str, default: str = "") -> str:
    return os.environ.get(name, default)


# django-environ reads and casts the environment; our wrappers add the variable's name to a
# bad value's error (environ's own says only "invalid literal for int()").
_ENV = environ.Env()


class BadSetting(ValueError):
    """An environment variable whose value cannot be what its setting needs."""


def env_int(name: str, default: int | str = 0) -> int:
    try:
        return int(_ENV.int(name, default=int(default)))
    except (TypeError, ValueError):
        raise BadSetting(f"{name}={os.environ.get(name)!r} is not a whole number") from None


def env_float(name: str, default: float | str = 0.0) -> float:
    try:
        return float(_ENV.float(name, default=float(default)))
    except (TypeError, ValueError):
        raise BadSetting(f"{name}={os.environ.get(name)!r} is not a number") from None


def env_bool(name: str, default: bool = False) -> bool:
    value = os.environ.get(name)
    if value is None or value == "":
        return default
    lowered = value.strip().lower()
    if lowered in {"1", "true", "yes", "on"}:
        return True
    if lowered in {"0", "false", "no", "off"}:
        return False
    raise BadSetting(f"{name}={value!r} is not a boolean (use 1/0, true/false, yes/no, on/off)")


def env_list(name: str, default: list[str] | None = None) -> list[str]:
    value = os.environ.get(name)
    if not value:
        return list(default or [])
    return [item.strip() for item in value.split(",") if item.strip()]


SQLITE_BUSY_TIMEOUT_S = 30


def database_from_url(url: str, base_dir: Path) -> dict[str, object]:
    """Translate a DATABASE_URL (sqlite:///path or postgres://user:pw@host:port/name)."""
    parsed = urlparse(url)
    scheme = parsed.scheme
    if scheme == "sqlite":
        # sqlite:///relative/path or sqlite:////absolute/path: drop the separator slash.
        path = unquote(parsed.path)[1:]
        name = Path(path) if Path(path).is_absolute() else base_dir / path
        # IMMEDIATE: a transaction takes the write lock when it begins, waiting for it (the
        # busy timeout) if another writer has it. DEFERRED, SQLite's default, reads first and
        # upgrades at the first write; when another transaction is committing meanwhile, the
        # upgrade fails at once with "database is locked" whatever the timeout (the embedded
        # sweep and a reply's delivery did, while turns of other cases committed). The busy
        # timeout is 30 s, not Python's 5: on a loaded 2-core machine a first start's pack
        # import once waited longer than 5 s for a lock and died with "database is locked",
        # leaving the intake pack out (stop 37).
        return {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": str(name),
            "OPTIONS": {"transaction_mode": "IMMEDIATE", "timeout": SQLITE_BUSY_TIMEOUT_S},
        }
    if scheme in {"postgres", "postgresql", "pgsql"}:
        # django-environ: host, port, credentials, and every query option (sslmode=require,
        # connect_timeout=5, ...) into OPTIONS, except its own conn_max_age and friends.
        config: dict[str, object] = {"CONN_MAX_AGE": 60, "CONN_HEALTH_CHECKS": True}
        config.update(environ.Env.db_url_config(url))
        config["ENGINE"] = "django.db.backends.postgresql"
        config["PORT"] = str(config.get("PORT") or "")
        if not config.get("OPTIONS"):
            config.pop("OPTIONS", None)
        return config
    raise BadSetting(f"DATABASE_URL scheme {scheme!r} is not supported (use sqlite or postgres)")


def secret_key(data_dir: Path, debug: bool) -> str:
    """SECRET_KEY from the environment; outside production (``debug`` True: the embedded
    profile), a key generated once into the data dir."""
    key = os.environ.get("SECRET_KEY")
    if key:
        return key
    if not debug:
        raise RuntimeError("SECRET_KEY must be set in the environment in production (DEBUG=0)")
    path = data_dir / "secret_key"
    if path.exists():
        return path.read_text().strip()
    data_dir.mkdir(parents=True, exist_ok=True)
    key = secrets.token_urlsafe(50)
    path.write_text(key)
    path.chmod(0o600)
    return key


def field_encryption_keys(data_dir: Path, debug: bool) -> list[str]:
    """FIELD_ENCRYPTION_KEYS (comma-separated Fernet keys, the first encrypts); in debug with
    none set, one key generated once into the data dir, so the quick start needs nothing."""
    keys = env_list("FIELD_ENCRYPTION_KEYS")
    if not keys:
        if not debug:
            raise RuntimeError(
                "FIELD_ENCRYPTION_KEYS must be set in the environment in production (DEBUG=0) "
                "(generate one with: python -c 'from cryptography.fernet import Fernet; "
                "print(Fernet.generate_key().decode())')"
            )
        keys = [_generated_key(data_dir / "field_encryption_key")]
    for n, key in enumerate(keys, 1):
        try:
            raw = base64.urlsafe_b64decode(key.encode("ascii"))
        except (ValueError, UnicodeEncodeError):
            raw = b""
        if len(raw) != 32:
            raise RuntimeError(
                f"FIELD_ENCRYPTION_KEYS: key {n} is not a Fernet key "
                "(32 bytes, URL-safe base64, as Fernet.generate_key() prints)"
            )
    return keys


def _generated_key(path: Path) -> str:
    """The key in ``path``, written there first if missing. Two processes starting at once
    (web and worker) must end with the same key: the file appears whole (written aside, then
    hard-linked into place, which fails if another process got there first), mode 0600."""
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        aside = path.with_name(f".{path.name}.{os.getpid()}.{secrets.token_hex(4)}")
        fd = os.open(aside, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w") as handle:
            handle.write(base64.urlsafe_b64encode(secrets.token_bytes(32)).decode())
        try:
            os.link(aside, path)
        except FileExistsError:
            pass
        finally:
            aside.unlink()
    return path.read_text().strip()
