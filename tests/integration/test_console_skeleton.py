"""The Django project boots on the embedded profile and serves its start page."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.test import Client

from console.env import database_from_url, env_bool


@pytest.mark.django_db
def test_start_page_is_served() -> None:
    response = Client().get("/")
    assert response.status_code == 200
    assert b"askfew console" in response.content


def test_embedded_profile_is_the_default() -> None:
    assert settings.DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3"
    assert settings.CELERY_TASK_ALWAYS_EAGER is True
    assert settings.SEARCH_BACKEND == "embedded"
    assert settings.LANGUAGE_BACKEND == "offline"


def test_database_url_parsing(tmp_path) -> None:
    pg = database_from_url(
        "postgres://ask:s%40cret@db.internal:5433/askfew?sslmode=require", tmp_path
    )
    assert pg["ENGINE"] == "django.db.backends.postgresql"
    assert (pg["USER"], pg["PASSWORD"], pg["HOST"], pg["PORT"], pg["NAME"]) == (
        "ask",
        "s@cret",
        "db.internal",
        "5433",
        "askfew",
    )
    assert pg["OPTIONS"] == {"sslmode": "require"}
    lite = database_from_url("sqlite:///data/db.sqlite3", tmp_path)
    assert lite["NAME"] == str(tmp_path / "data" / "db.sqlite3")
    with pytest.raises(ValueError, match="mysql"):
        database_from_url("mysql://x/y", tmp_path)


def test_env_bool_rejects_garbage(monkeypatch) -> None:
    monkeypatch.setenv("FLAG", "maybe")
    with pytest.raises(ValueError, match="FLAG='maybe' is not a boolean"):
        env_bool("FLAG")


def test_a_bad_number_in_the_environment_names_its_variable(tmp_path) -> None:
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    env = {"PATH": "/usr/bin:/bin", "DATA_DIR": str(tmp_path), "RATELIMIT_WINDOW_S": "a minute"}
    done = subprocess.run(
        [sys.executable, "-c", "import django, os; os.environ['DJANGO_SETTINGS_MODULE'] = "
         "'console.settings'; django.setup()"],
        cwd=root, env=env, capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert done.returncode != 0
    assert "RATELIMIT_WINDOW_S='a minute' is not a number" in done.stderr


def test_database_url_options_come_from_the_url(tmp_path) -> None:
    pg = database_from_url(
        "postgresql://ask:pw@db.internal/askfew?sslmode=verify-full&connect_timeout=5", tmp_path
    )
    assert pg["OPTIONS"] == {"sslmode": "verify-full", "connect_timeout": 5}
    assert pg["PORT"] == "" and pg["CONN_MAX_AGE"] == 60


@pytest.mark.django_db
def test_the_embedded_database_waits_for_a_busy_writer() -> None:
    # Python's sqlite3 gives up after 5 s: on a loaded 2-core machine a first start's pack
    # import died with "database is locked" (stop 37). The connection waits 30 s.
    from django.db import connection

    if connection.vendor != "sqlite":
        pytest.skip("the embedded profile's SQLite only")
    connection.ensure_connection()
    (busy_ms,) = connection.connection.execute("PRAGMA busy_timeout").fetchone()
    assert busy_ms >= 30_000
