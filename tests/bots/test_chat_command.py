"""``manage.py chat``: the terminal chat, driven through stdin like a pipe."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.core.management import call_command
from django.core.management.base import CommandError

from bots.models import Case, CaseStatus, Channel

ROOT = Path(__file__).resolve().parents[2]


def chat(monkeypatch: pytest.MonkeyPatch, lines: list[str], *args: str) -> str:
    monkeypatch.setattr(sys, "stdin", io.StringIO("".join(f"{line}\n" for line in lines)))
    out = io.StringIO()
    call_command("chat", *args, stdout=out, stderr=io.StringIO())
    return out.getvalue()


@pytest.mark.django_db
def test_chat_through_stdin(monkeypatch: pytest.MonkeyPatch, packs: Any) -> None:
    # Button numbers and labels both work; "quit" ends the session.
    output = chat(
        monkeypatch,
        ["My laptop battery won't charge", "4", "why", "No", "quit", "never read"],
        "--pack",
        "it-laptop",
    )
    assert "askfew chat (it-laptop)" in output
    assert "[1] Yes  [2] No  [3] Not sure  [4] Why?" in output
    assert "(pressed: Why?)" in output
    assert "(pressed: No)" in output
    assert output.count("[1] Yes") >= 3  # asked, asked again after "why", then the next question
    case = Case.objects.get(channel=Channel.TERMINAL)
    assert case.pack == "it-laptop"
    assert case.state["turns"] == 1  # "why" twice cost nothing; "No" answered the question
    assert case.turns.count() == 8  # four messages, four replies; "quit" is not a message


@pytest.mark.django_db
def test_chat_to_a_conclusion_and_resume_by_thread(
    monkeypatch: pytest.MonkeyPatch, packs: Any
) -> None:
    chat(monkeypatch, ["my laptop overheats"], "--pack", "it-laptop", "--thread", "t-1")
    case = Case.objects.get(external_thread_id="t-1")
    pending = case.pending_finding
    assert pending
    # A second session on the same thread continues the same case.
    output = chat(monkeypatch, ["not sure"], "--pack", "it-laptop", "--thread", "t-1")
    case.refresh_from_db()
    assert pending in case.state["asked"]
    assert case.status == CaseStatus.ACTIVE
    assert output.strip().splitlines()[-1].startswith("[1]")


@pytest.mark.django_db
def test_unknown_pack_is_a_clear_error(monkeypatch: pytest.MonkeyPatch, packs: Any) -> None:
    with pytest.raises(CommandError, match=r"unknown pack 'nope'; loaded packs: .*it-laptop"):
        chat(monkeypatch, ["hi"], "--pack", "nope")


@pytest.mark.django_db
def test_empty_pack_table_runs_the_first_start_import(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, settings: Any
) -> None:
    settings.DATASETS_DIR = tmp_path / "no-datasets"
    from knowledge.models import Pack

    Pack.objects.all().delete()
    err = io.StringIO()
    monkeypatch.setattr(sys, "stdin", io.StringIO("hi\n"))
    with pytest.raises(CommandError, match="unknown pack 'it-laptop'; loaded packs: none"):
        call_command("chat", "--pack", "it-laptop", stdout=io.StringIO(), stderr=err)
    assert "Example packs skipped" in err.getvalue()


@pytest.mark.slow
def test_chat_works_right_after_a_fresh_start(tmp_path: Path) -> None:
    """A new data directory: migrate (as bin/run does), then chat loads the example packs
    itself and answers in a real pipe."""
    real = Path(settings.DATASETS_DIR)
    if not (real / "flodial").is_dir():
        pytest.skip("FloDial not available")
    datasets = tmp_path / "datasets"
    datasets.mkdir()
    (datasets / "flodial").symlink_to(real / "flodial")  # DDXPlus left out: a faster start
    env = {**os.environ, "DATA_DIR": str(tmp_path / "data"), "DATASETS_DIR": str(datasets)}
    env.pop("DJANGO_SETTINGS_MODULE", None)
    manage = [sys.executable, str(ROOT / "manage.py")]
    subprocess.run([*manage, "migrate", "-v0"], env=env, check=True, timeout=120)
    result = subprocess.run(
        [*manage, "chat", "--pack", "it-laptop"],
        input="my laptop won't turn on\n2\n",
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    assert "Example pack loaded: it-laptop" in result.stderr
    # The dialogue only: no log line per turn between the messages (logs at WARNING here).
    assert " INFO " not in result.stdout + result.stderr
    assert "Example pack patient-intake skipped" in result.stderr
    assert "(pressed: No)" in result.stdout
    assert result.stdout.count("[1] Yes") >= 2
