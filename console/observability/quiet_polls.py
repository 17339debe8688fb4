"""Keeps the web chat's transcript polls out of the access log.

An open chat page asks for new messages every 2 seconds (GET /chat/api/transcript, or the
older GET /chat/api/cases/<token>/messages);
one INFO line each would bury everything else in runserver's log. Successful polls are dropped;
a failing one (4xx/5xx) is still logged, as is every other request.
"""

from __future__ import annotations

import logging
import re

_POLL = re.compile(
    r'^"GET /chat/api/(transcript|cases/[^/\s]+/messages)(\?[^\s]*)? HTTP/[\d.]+"'
)


class QuietPollsFilter(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        status = getattr(record, "status_code", None)
        if not isinstance(status, int) or status >= 400:
            return True
        return not _POLL.match(record.getMessage())
