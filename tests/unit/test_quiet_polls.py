"""The access log (runserver's django.server logger) has no line per web chat poll."""

from __future__ import annotations

import logging

import pytest

from console.observability.quiet_polls import QuietPollsFilter


def access_line(request_line: str, status: int) -> logging.LogRecord:
    # What django.core.servers.basehttp.WSGIRequestHandler.log_message logs.
    record = logging.LogRecord(
        "django.server", logging.INFO, __file__, 0, '"%s" %s %s', (request_line, status, 99), None
    )
    record.status_code = status
    return record


@pytest.mark.parametrize(
    ("line", "status", "logged"),
    [
        ("GET /chat/api/transcript?after=4 HTTP/1.1", 200, False),
        ("GET /chat/api/transcript HTTP/1.1", 304, False),
        ("GET /chat/api/transcript?after=4 HTTP/1.1", 404, True),
        ("GET /chat/api/cases/AbC-12_x/messages?after=4 HTTP/1.1", 200, False),
        ("GET /chat/api/cases/AbC-12_x/messages HTTP/1.1", 200, False),
        ("GET /chat/api/cases/AbC-12_x/messages?after=4 HTTP/1.1", 404, True),
        ("GET /chat/api/cases/AbC-12_x/messages?after=4 HTTP/1.1", 500, True),
        ("POST /chat/api/messages HTTP/1.1", 201, True),
        ("GET /chat/ HTTP/1.1", 200, True),
        ("GET /console/cases/ HTTP/1.1", 200, True),
    ],
)
def test_only_successful_polls_are_dropped(line: str, status: int, logged: bool) -> None:
    assert QuietPollsFilter().filter(access_line(line, status)) is logged


def test_the_filter_is_on_the_access_logger() -> None:
    from django.conf import settings

    assert "quiet_polls" in settings.LOGGING["loggers"]["django.server"]["filters"]
