"""A headless Chromium driven over the DevTools protocol (``--remote-debugging-pipe``).

Just enough to load a page and run JavaScript in it: messages are JSON terminated by NUL on
file descriptors 3 (to the browser) and 4 (from it), so no WebSocket client is needed.

    with Browser.start(tmp_path) as browser:
        page = browser.open("http://127.0.0.1:8000/chat/")
        page.wait_for("document.readyState === 'complete'")
        page.run("document.querySelector('button').click()")
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import subprocess
import time
from pathlib import Path
from typing import Any

# The binary itself: Debian's /usr/bin/chromium is a shell wrapper.
_CANDIDATES = ("/usr/lib/chromium/chromium", shutil.which("chromium") or "")
CHROMIUM = next((p for p in _CANDIDATES if os.path.exists(p)), "/usr/lib/chromium/chromium")


class BrowserError(RuntimeError):
    pass


class Page:
    def __init__(self, browser: Browser, session: str) -> None:
        self.browser, self.session = browser, session

    def run(self, expression: str) -> Any:
        """Evaluate ``expression`` (awaiting a promise) and return its JSON value."""
        result = self.browser.call(
            "Runtime.evaluate",
            {"expression": expression, "awaitPromise": True, "returnByValue": True},
            session=self.session,
        )
        if "exceptionDetails" in result:
            raise BrowserError(f"{expression!r} threw: {result['exceptionDetails']}")
        return result["result"].get("value")

    def wait_for(self, expression: str, timeout_s: float = 15.0) -> Any:
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline:
            try:
                value = self.run(expression)
            except BrowserError as exc:
                # While a navigation is committing there is briefly no JS context to evaluate in.
                if "execution context" not in str(exc):
                    raise
                value = None
            if value:
                return value
            time.sleep(0.05)
        raise BrowserError(f"timed out waiting for {expression!r}")


class Browser:
    def __init__(self, process: subprocess.Popen[bytes], to_browser: int, from_browser: int):
        self.process, self._out, self._in = process, to_browser, from_browser
        self._next_id = 0
        self._buffer = b""

    @classmethod
    def start(cls, profile: Path) -> Browser:
        if not os.path.exists(CHROMIUM):
            raise FileNotFoundError(CHROMIUM)
        to_read, to_write = os.pipe()  # the browser reads commands on fd 3
        from_read, from_write = os.pipe()  # and writes answers on fd 4

        def plumb() -> None:
            # Copy both ends out of the way first: either may already be fd 3 or 4.
            read_end, write_end = os.dup(to_read), os.dup(from_write)
            os.dup2(read_end, 3)
            os.dup2(write_end, 4)

        process = subprocess.Popen(
            [CHROMIUM, "--headless=new", "--remote-debugging-pipe", "--no-sandbox",
             "--disable-gpu", "--no-first-run", "--disable-extensions",
             f"--user-data-dir={profile}", "about:blank"],
            preexec_fn=plumb, pass_fds=(3, 4),  # kept open (close_fds runs after preexec_fn)
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )
        os.close(to_read)
        os.close(from_write)
        return cls(process, to_write, from_read)

    def call(self, method: str, params: dict[str, Any] | None = None,
             session: str | None = None) -> dict[str, Any]:
        self._next_id += 1
        message: dict[str, Any] = {"id": self._next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        os.write(self._out, json.dumps(message).encode() + b"\0")
        while True:
            reply = self._read()
            if reply.get("id") == self._next_id:
                if "error" in reply:
                    raise BrowserError(f"{method}: {reply['error']}")
                return dict(reply.get("result", {}))

    def _read(self) -> dict[str, Any]:
        while b"\0" not in self._buffer:
            chunk = os.read(self._in, 65536)
            if not chunk:
                raise BrowserError("the browser closed the pipe")
            self._buffer += chunk
        raw, _, self._buffer = self._buffer.partition(b"\0")
        return dict(json.loads(raw))

    def open(self, url: str) -> Page:
        target = self.call("Target.createTarget", {"url": url})["targetId"]
        session = self.call("Target.attachToTarget", {"targetId": target, "flatten": True})
        return Page(self, session["sessionId"])

    def __enter__(self) -> Browser:
        return self

    def __exit__(self, *exc: object) -> None:
        with contextlib.suppress(BrowserError, OSError):
            self.call("Browser.close")
        try:
            self.process.wait(5)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(5)
        os.close(self._out)
        os.close(self._in)
