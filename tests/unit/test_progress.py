"""knowledge.progress: a bar on a terminal only; quiet_logs; the load test's time bar."""

from __future__ import annotations

import io
import logging
import time

import pytest

from knowledge.progress import ProgressBar, quiet_logs


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_a_bar_on_a_terminal_and_nothing_elsewhere() -> None:
    tty, pipe = Terminal(), io.StringIO()
    for stream in (tty, pipe):
        bar = ProgressBar(stream, "files")
        for done in range(1, 41):
            bar(done, 40)
    assert pipe.getvalue() == ""
    frames = tty.getvalue().split("\r")[1:]
    assert len(frames) == 21  # redrawn when the bar moves (0..20 marks), not per item
    assert frames[-1] == "[####################] 40/40 files\x1b[K\n"
    forced = io.StringIO()
    ProgressBar(forced, "runs", enabled=True)(1, 2)
    assert forced.getvalue() == "\r[##########..........] 1/2 runs\x1b[K"


def test_quiet_logs_hides_info_unless_log_level_is_set(monkeypatch: pytest.MonkeyPatch) -> None:
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    root = logging.getLogger()
    root.addHandler(handler)
    monkeypatch.setattr(root, "level", logging.INFO)
    try:
        monkeypatch.delenv("LOG_LEVEL", raising=False)
        with quiet_logs():
            logging.getLogger("askfew.test").info("a turn")
            logging.getLogger("askfew.test").warning("a problem")
        logging.getLogger("askfew.test").info("after")
        monkeypatch.setenv("LOG_LEVEL", "INFO")
        with quiet_logs():
            logging.getLogger("askfew.test").info("asked for")
    finally:
        root.removeHandler(handler)
    assert stream.getvalue().splitlines() == ["a problem", "after", "asked for"]


def test_the_load_tests_bar_counts_seconds_and_ends_full() -> None:
    from ops.loadtest.run import _tick

    seen: list[tuple[int, int]] = []
    done = _tick(lambda d, t: seen.append((d, t)), 2.0)
    time.sleep(1.2)
    done.set()
    time.sleep(0.7)
    assert seen[-1] == (2, 2) and len(seen) >= 2
    assert all(d < 2 for d, _ in seen[:-1])
