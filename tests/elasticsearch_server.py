"""An Elasticsearch-API server for the tests: osmem-server, started once per test process.

osmem-server (a test extra, a Go binary inside the wheel) is an independent, in-memory server
that speaks Elasticsearch's REST API. It answers 406 to the ES 9 client's
`compatible-with=9` media types, so the backend talks to it with `compat_media_types=False`
(see knowledge/search/plain_json.py). With ELASTICSEARCH_URL set, the tests use that server
(a real Elasticsearch) instead, with the client's default media types.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from osmem_server import resolve_binary


@dataclass(frozen=True)
class ElasticsearchServer:
    url: str
    compat_media_types: bool  # False for osmem-server (406 on compatible-with=9)


def _answers(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=1) as response:
            return response.status == 200 and "version" in json.loads(response.read())
    except (OSError, ValueError, urllib.error.URLError):
        return False


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@contextmanager
def osmem_server(startup_timeout_s: float = 30.0) -> Iterator[ElasticsearchServer]:
    """`osmem-server --addr 127.0.0.1:PORT --no-stdin-watch` on a free port, once it answers.

    Its output goes to a file (a pipe nobody reads would block it once full); `--parent-pid`
    ends it with this process should the cleanup below never run.
    """
    url = f"http://127.0.0.1:{free_port()}"
    with tempfile.TemporaryFile(mode="w+") as log:
        process = subprocess.Popen(
            [
                resolve_binary(),
                "--addr",
                url.removeprefix("http://"),
                "--no-stdin-watch",
                "--parent-pid",
                str(os.getpid()),
            ],
            stdin=subprocess.DEVNULL,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
        try:
            deadline = time.monotonic() + startup_timeout_s
            while not _answers(url):
                if process.poll() is not None or time.monotonic() > deadline:
                    log.seek(0)
                    raise RuntimeError(f"osmem-server at {url} did not start: {log.read()[-800:]}")
                time.sleep(0.05)
            yield ElasticsearchServer(url=url, compat_media_types=False)
        finally:
            process.terminate()
            try:
                process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


@contextmanager
def elasticsearch_server() -> Iterator[ElasticsearchServer]:
    url = os.environ.get("ELASTICSEARCH_URL")
    if url:
        yield ElasticsearchServer(url=url, compat_media_types=True)
        return
    with osmem_server() as server:
        yield server
