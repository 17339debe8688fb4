"""/healthz and /readyz: answered ahead of the host check, ready only when dependencies are."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from django.test import Client

from ops.loadtest.procs import free_port
from tests.production.conftest import ROOT

POD_IP = "10.42.7.13:8000"  # what a kubelet probe sends as Host; not in ALLOWED_HOSTS


def test_healthz_answers_a_probe_by_pod_ip() -> None:
    response = Client().get("/healthz", HTTP_HOST=POD_IP)
    assert response.status_code == 200
    assert response.json() == {"status": "ok"}
    # Anything else from that host is refused by the host check as before.
    assert Client().get("/chat/", HTTP_HOST=POD_IP).status_code == 400


def test_probes_only_answer_get() -> None:
    response = Client().post("/readyz", HTTP_HOST=POD_IP)
    assert response.status_code == 405
    assert "GET" in response.json()["error"]


@pytest.mark.django_db
def test_readyz_is_ready_on_the_embedded_profile(settings: Any, tmp_path: Path) -> None:
    settings.SEARCH_INDEX_DIR = tmp_path / "search"
    response = Client().get("/readyz", HTTP_HOST=POD_IP)
    body = response.json()
    assert response.status_code == 200, body
    assert body["status"] == "ready"
    assert body["checks"]["database"]["ok"] is True
    # No broker on a laptop: tasks run in-process, and readiness says so.
    assert body["checks"]["broker"]["skipped"] is True
    assert "in-process" in body["checks"]["broker"]["detail"]
    assert body["checks"]["search"]["ok"] is True


@pytest.mark.django_db
def test_readyz_fails_with_a_clear_body_when_the_broker_is_down(
    settings: Any, tmp_path: Path
) -> None:
    settings.SEARCH_INDEX_DIR = tmp_path / "search"
    settings.CELERY_TASK_ALWAYS_EAGER = False
    settings.CELERY_BROKER_URL = f"redis://127.0.0.1:{free_port()}/0"  # nothing listens
    response = Client().get("/readyz", HTTP_HOST=POD_IP)
    body = response.json()
    assert response.status_code == 503
    assert body["status"] == "unavailable"
    assert body["failed"] == ["broker"]
    assert body["checks"]["broker"]["ok"] is False
    assert "ConnectionError" in body["checks"]["broker"]["detail"]
    assert body["checks"]["database"]["ok"] is True
    assert response["Cache-Control"] == "no-store"


def test_ready_probe_names_an_unreachable_database(tmp_path: Path) -> None:
    """The container probe (python -m console.observability.probe ready) against a
    PostgreSQL URL where nothing listens: exit 1 and the database named in the JSON body."""
    env = {
        "PATH": os.environ.get("PATH", ""),
        "HOME": str(tmp_path),
        "DJANGO_SETTINGS_MODULE": "console.settings",
        "DATA_DIR": str(tmp_path / "data"),
        "DATABASE_URL": f"postgres://askfew@127.0.0.1:{free_port()}/askfew?connect_timeout=3",
        "PYTHONPATH": str(ROOT),
    }
    done = subprocess.run([sys.executable, "-m", "console.observability.probe", "ready"],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 1, done.stderr
    body = json.loads(done.stdout)
    assert body["status"] == "unavailable"
    assert "database" in body["failed"]
    assert "OperationalError" in body["checks"]["database"]["detail"]


def test_probe_usage_errors_are_named() -> None:
    done = subprocess.run([sys.executable, "-m", "console.observability.probe", "sideways"],
                          cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert "usage:" in done.stderr


def test_beat_probe_follows_the_schedule_file(tmp_path: Path) -> None:
    from console.observability.probe import beat_fresh

    schedule = tmp_path / "celerybeat-schedule"
    ok, body = beat_fresh(schedule, 600)
    assert not ok and "does not exist" in str(body["detail"])
    schedule.write_bytes(b"x")
    assert beat_fresh(schedule, 600)[0]
    old = schedule.stat().st_mtime - 3600
    os.utime(schedule, (old, old))
    ok, body = beat_fresh(schedule, 600)
    assert not ok and float(str(body["schedule_age_s"])) >= 3600
