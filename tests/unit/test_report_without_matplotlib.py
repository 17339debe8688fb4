"""matplotlib is optional: without it the evaluation report is still written, without plots,
and says how to get them."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from evaluation.report import PLOTS_MISSING, write_report


def test_report_without_matplotlib_says_why_it_has_no_plots(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A None entry in sys.modules makes `import matplotlib` raise ImportError, as if absent.
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    payload = {
        "dataset": "flodial",
        "split": "dev",
        "n_cases": 0,
        "settings": {"policy": ["random"]},
        "policies": {"random": {"success_rate": 50.0, "mean_turns": 3.0}},
    }
    written = write_report(tmp_path, payload, {"random": []})
    assert written == [tmp_path / "report.md"]
    assert list(tmp_path.glob("*.png")) == []
    report = written[0].read_text(encoding="utf-8")
    assert PLOTS_MISSING in report and "--extra plots" in report
