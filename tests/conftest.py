import os
from collections.abc import Iterator

import pytest
from hypothesis import settings

from tests.elasticsearch_server import ElasticsearchServer, elasticsearch_server

# In CI the property and fuzzing tests replay the same examples every run, so a red build is
# always the change under test, never a new random draw; locally they explore fresh examples
# (a failure found there prints the example to pin with @example).
settings.register_profile("ci", derandomize=True, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")

# Keep test runs away from the developer's data directory.
os.environ.setdefault(
    "DATA_DIR", os.path.join(os.path.dirname(__file__), "..", "test-output", "data")
)


@pytest.fixture(autouse=True)
def _fresh_rate_limits() -> None:
    """bots.ratelimit counts in the process-wide cache: each test starts from no messages
    (local memory only; a Redis cache is shared with the broker and never flushed here)."""
    from django.core.cache import caches
    from django.core.cache.backends.locmem import LocMemCache

    cache = caches["default"]
    if isinstance(cache, LocMemCache):
        cache.clear()


@pytest.fixture(autouse=True)
def _fresh_pack_cache() -> None:
    """knowledge.packs.store remembers each pack's current version for a second; a test's
    rollback restores pack rows without the save/delete signals that would make it forget."""
    from knowledge.packs.store import forget_current

    forget_current()


def pytest_sessionstart(session: pytest.Session) -> None:
    if not hasattr(session.config, "workerinput"):  # the xdist controller, or a plain run
        from tests.security import tally

        tally.reset()


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """The adversarial suite's count (tests/security): what was tried, what held."""
    from tests.security import tally

    lines = tally.table()
    if lines:
        terminalreporter.section("adversarial suite: tried / held by category")
        for line in lines:
            terminalreporter.write_line(line)


@pytest.fixture(scope="session")
def elasticsearch() -> Iterator[ElasticsearchServer]:
    """An Elasticsearch-API server for this test process: osmem-server on a free port
    (ELASTICSEARCH_URL, when set, names a real Elasticsearch to use instead)."""
    with elasticsearch_server() as server:
        yield server
