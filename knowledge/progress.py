"""Progress bars for long management commands, on a terminal only.

`ProgressBar(stream, "files")` is a `(done, total, item="")` callback that redraws one line,
`[########............] 8/20 files`, and ends it when done reaches total. It draws only when
`stream` is a terminal (or when asked to), so logs and CI output get no carriage returns.
`quiet_logs()` raises the console log handlers to WARNING while a command shows its own output
(a progress bar or a dialogue), unless LOG_LEVEL says otherwise.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, TextIO

WIDTH = 20


def is_terminal(stream: Any) -> bool:
    isatty = getattr(stream, "isatty", None)
    try:
        return bool(isatty and isatty())
    except (ValueError, OSError):  # a closed stream
        return False


class ProgressBar:
    def __init__(self, stream: TextIO | Any, what: str, *, enabled: bool | None = None) -> None:
        self.stream = stream
        self.what = what
        self.enabled = is_terminal(stream) if enabled is None else enabled
        self._last = -1

    def __call__(self, done: int, total: int, item: str = "") -> None:
        if not self.enabled or total <= 0:
            return
        filled = min(WIDTH, WIDTH * done // total)
        if filled == self._last and done < total:
            return  # redraw only when the bar moves
        self._last = filled
        line = f"\r[{'#' * filled}{'.' * (WIDTH - filled)}] {done}/{total} {self.what}\x1b[K"
        end = "\n" if done >= total else ""
        write = self.stream.write
        try:
            write(line + end, ending="")  # Django's OutputWrapper
        except TypeError:
            write(line + end)
        self.stream.flush()


@contextmanager
def quiet_logs(level: int = logging.WARNING) -> Iterator[None]:
    """Console log handlers at `level` for the duration (unless LOG_LEVEL is set)."""
    if os.environ.get("LOG_LEVEL"):
        yield
        return
    handlers = [h for h in logging.getLogger().handlers if isinstance(h, logging.StreamHandler)]
    before = [h.level for h in handlers]
    for handler in handlers:
        handler.setLevel(max(handler.level, level))
    try:
        yield
    finally:
        for handler, old in zip(handlers, before, strict=True):
            handler.setLevel(old)
