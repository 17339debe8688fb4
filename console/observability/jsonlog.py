"""JSON logs: one object per line, with the case id of the request or task that logged it.

Configured from ``settings.LOGGING`` (``LOG_FORMAT=json``, the production default)::

    {"ts": "2026-11-21T23:50:01.123Z", "level": "INFO", "logger": "console.observability",
     "msg": "turn", "case_id": 42, "channel": "slack", "pack": "it-laptop", "action": "ask",
     "latency_ms": 38.1, "process": 812}

Extra fields passed with ``logger.info(..., extra={...})`` become keys. What users and the bot
wrote is never logged at INFO: our own lines carry ids, kinds and timings only (checked by
tests/production/test_logging.py across a whole turn). Whatever else reaches a handler passes
``redact.RedactFilter`` first (emails, phone numbers, tokens, long digit runs scrubbed).
"""

from __future__ import annotations

import json
import logging
import traceback
from datetime import UTC, datetime
from typing import Any

from console.observability import context

# The record attributes every LogRecord has; anything else on a record is an extra.
from console.observability.redact import STANDARD_ATTRIBUTES as _STANDARD
from console.observability.redact import redact

# Attributes every LogRecord has; anything else on a record came from ``extra=``.


class ContextFilter(logging.Filter):
    """Copies the bound case and event ids (``context``) onto each record that lacks them."""

    def filter(self, record: logging.LogRecord) -> bool:
        ids = context.current(resolve_case=not hasattr(record, "case_id"))
        for key, value in ids.items():
            if not hasattr(record, key):
                setattr(record, key, value)
        return True


class JsonFormatter(logging.Formatter):
    """A LogRecord as one line of JSON (``ts``, ``level``, ``logger``, ``msg``, extras)."""

    def format(self, record: logging.LogRecord) -> str:
        entry: dict[str, Any] = {
            "ts": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds")
            .replace("+00:00", "Z"),
            "level": record.levelname,
            "logger": record.name,
            "msg": record.getMessage(),
            "process": record.process,
        }
        for key, value in vars(record).items():
            if key not in _STANDARD and not key.startswith("_"):
                entry[key] = value
        if record.exc_info:
            entry["exc_type"] = record.exc_info[0].__name__ if record.exc_info[0] else None
            # exc_text when a filter already formatted (and redacted) it; see redact.py.
            entry["exc"] = record.exc_text or "".join(
                traceback.format_exception(*record.exc_info)
            ).rstrip()
        if record.stack_info:
            entry["stack"] = record.stack_info
        # Objects passed as extras (Django's request, say) print as their repr: scrubbed too.
        return json.dumps(entry, default=_scrubbed, ensure_ascii=False)


def _scrubbed(value: Any) -> str:

    return redact(str(value))


class TextFormatter(logging.Formatter):
    """The embedded profile's readable lines, with the case id when there is one."""

    def __init__(self) -> None:
        super().__init__("%(asctime)s %(levelname)s %(name)s%(case)s: %(message)s")

    def format(self, record: logging.LogRecord) -> str:
        case_id = getattr(record, "case_id", None)
        record.case = f" [case {case_id}]" if case_id is not None else ""
        return super().format(record)
