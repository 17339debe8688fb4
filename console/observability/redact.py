"""Personal data and secrets scrubbed from log records before any handler formats them.

Our own log lines carry ids, kinds and timings, never what users wrote; this filter is the net
under that rule, for what a library, an exception message or a future log line lets through:
email addresses, phone numbers, Slack and Telegram tokens, bearer tokens and long digit runs
(platform user ids, card numbers). It rewrites the record in place (message with its
arguments merged, string extras, the formatted traceback), so every handler and formatter
after it, text or JSON, sees only the scrubbed version.
"""

from __future__ import annotations

import logging
import re

# The attributes every LogRecord has (anything else on a record is an extra, which may hold
# personal data); jsonlog prints the extras.
STANDARD_ATTRIBUTES = frozenset(
    vars(logging.LogRecord("x", logging.INFO, "x", 0, "x", None, None)).keys()
) | {"message", "asctime", "taskName"}

# Order matters: tokens before the digit runs they contain, emails before phone numbers.
_PATTERNS: tuple[tuple[re.Pattern[str], str], ...] = (
    # The web chat's case token is the conversation's credential (runserver's access log).
    (re.compile(r"(/chat/api/cases/)[A-Za-z0-9_-]+"), r"\1[token]"),
    # Slack: bot/user/app/refresh tokens and incoming-webhook URLs.
    (re.compile(r"\bxox[abpersco]-[A-Za-z0-9-]{8,}"), "[slack-token]"),
    (re.compile(r"\bxapp-[A-Za-z0-9-]{8,}"), "[slack-token]"),
    (re.compile(r"hooks\.slack\.com/services/[A-Za-z0-9/_-]+"), "hooks.slack.com/[redacted]"),
    # Telegram bot token (<bot id>:<35 characters>), bare or inside an API URL.
    (re.compile(r"(?<!\d)\d{6,12}:[A-Za-z0-9_-]{30,}"), "[telegram-token]"),
    # Authorization headers and bearer tokens in any spelling.
    (re.compile(r"(?i)\b(bearer|basic|token)\s+[A-Za-z0-9._~+/=-]{8,}"), r"\1 [redacted]"),
    (
        re.compile(
            r"(?i)\b(authorization|api[_-]?key|password|secret)(\"?\s*[:=]\s*\"?)[^\s\",}]+"
        ),
        r"\1\2[redacted]",
    ),
    (re.compile(r"[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}"), "[email]"),
)
# Phone numbers: an optional +, then digits with spaces, dots, dashes or brackets between
# them; checked further in _phone (enough digits, not a date, a time or an IP address).
_PHONE = re.compile(r"(?<![\w.:/-])(?:\+|00)?\(?\d[\d\s().-]{5,}\d(?![\w:/-])")
_DATE_OR_IP = re.compile(r"^\d{4}-\d{2}-\d{2}|^\d{1,3}(?:\.\d{1,3}){3}$|^\d+\.\d+$")
# Any run of 9 or more digits: platform user and chat ids, card and account numbers.
_LONG_DIGITS = re.compile(r"\d{9,}")


def _phone(match: re.Match[str]) -> str:
    text = match.group(0)
    digits = sum(c.isdigit() for c in text)
    if text.isdigit():
        return "[number]" if digits >= 9 else text  # a plain run: see _LONG_DIGITS
    if digits < 8 or _DATE_OR_IP.search(text.strip()):
        return text
    if digits > 15:
        return "[number]"  # grouped card or account numbers
    if not any(c in text for c in " ()-+") and "." in text:
        return text  # "1234.5678" is a number, not a phone
    return "[phone]"


def redact(text: str) -> str:
    """``text`` with personal data and secrets replaced by ``[kind]`` markers."""
    if not text:
        return text
    for pattern, replacement in _PATTERNS:
        text = pattern.sub(replacement, text)
    text = _PHONE.sub(_phone, text)
    return _LONG_DIGITS.sub("[number]", text)


class RedactFilter(logging.Filter):
    """Attach to a handler (before its formatter runs): scrubs each record in place."""

    def filter(self, record: logging.LogRecord) -> bool:
        try:
            message = record.getMessage()
        except Exception:  # a bad format string must not lose the line
            message = f"{record.msg} {record.args!r}"
        record.msg, record.args = redact(message), None
        for key, value in list(vars(record).items()):
            extra = key not in STANDARD_ATTRIBUTES and not key.startswith("_")
            if extra and isinstance(value, str):
                setattr(record, key, redact(value))
        if record.exc_info and record.exc_info[0] is not None:
            record.exc_text = redact(_formatter.formatException(record.exc_info))
        elif record.exc_text:
            record.exc_text = redact(record.exc_text)
        if record.stack_info:
            record.stack_info = redact(record.stack_info)
        return True


_formatter = logging.Formatter()
