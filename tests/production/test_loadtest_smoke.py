"""`manage.py loadtest` for a few seconds: it starts everything, drives real webhooks, loses
and duplicates nothing, finds the database consistent, and tears it all down."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from django.core.management import call_command

from tests.production.conftest import require_stack

pytestmark = [pytest.mark.postgres, pytest.mark.redis, pytest.mark.slow]


def test_a_short_load_test_loses_and_duplicates_nothing(tmp_path: Path) -> None:
    require_stack()
    out = tmp_path / "loadtest.json"
    call_command("loadtest", "--conversations", "3", "--duration", "5", "--warmup", "2",
                 "--drain", "60", "--channels", "slack", "--web-workers", "1",
                 "--web-threads", "4", "--json", str(out))
    report = json.loads(out.read_text())
    for key in ("turns_per_s", "p50_ms", "p99_ms", "sent", "answered", "lost", "duplicated"):
        assert key in report, key
    assert report["sent"] >= 3
    assert report["lost"] == 0 and report["duplicated"] == 0
    assert report["answered"] == report["sent"]
    audit = report["audit"]
    assert audit["ok"], audit
    assert audit["events"] == {"processed": report["sent"]}
    assert report["metrics"]["askfew_turns_total"] == report["sent"]
    # Everything it started is gone: its temporary directory included.
    assert not Path(report["stack"]["logs"]).exists()


def test_missing_options_are_refused_before_anything_starts(tmp_path: Path) -> None:
    from django.core.management.base import CommandError

    with pytest.raises(CommandError, match="--conversations 0 must be"):
        call_command("loadtest", "--conversations", "0")
    with pytest.raises(CommandError, match="--json: directory"):
        call_command("loadtest", "--json", str(tmp_path / "nowhere" / "out.json"))
