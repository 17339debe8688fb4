"""Invisible formatting characters shown as what they are wherever operators read text.

Inbound text loses them on the way in (``bots.messages.clean_text``), but text stored before
that filter, a pack or document imported with them, or a field typed in the admin can still
hold them. Rendered raw, U+202E makes "gnp.exe" read "exe.png" to an operator. This
middleware replaces each one in what signed-in users are served (HTML pages, the pages' JSON,
CSV exports) with a visible marker such as ``[U+202E]``: the operator sees that something was
there, and nothing is reordered. The console's own templates and scripts contain none of them.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from django.http import HttpRequest, HttpResponse

from bots.messages import INVISIBLE

_TYPES = ("text/html", "application/json", "text/csv", "text/plain")
# As JSON escapes them (json.dumps' ensure_ascii, Django's JsonResponse): \u202e or \u202E.
_ESCAPED = re.compile(
    r"\\u("
    + "|".join(f"{code:04x}" for code in range(0x10000) if INVISIBLE.match(chr(code)))
    + ")",
    re.IGNORECASE,
)


def marker(char: str) -> str:
    return f"[U+{ord(char):04X}]"


def neutralise(text: str) -> str:
    """``text`` with every invisible formatting character replaced by its visible marker."""
    return INVISIBLE.sub(lambda m: marker(m.group()), text)


def _neutralise_body(body: bytes, charset: str) -> bytes:
    text = body.decode(charset, errors="surrogateescape")
    changed = neutralise(text)
    changed = _ESCAPED.sub(lambda m: marker(chr(int(m.group(1), 16))), changed)
    return body if changed == text else changed.encode(charset, errors="surrogateescape")


class VisibleControlsMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        user = getattr(request, "user", None)
        if (
            user is None
            or not user.is_authenticated
            or response.streaming
            or not response.get("Content-Type", "").startswith(_TYPES)
        ):
            return response
        body = _neutralise_body(response.content, response.charset or "utf-8")
        if body is not response.content:
            response.content = body
            if response.has_header("Content-Length"):
                response["Content-Length"] = str(len(body))
        return response
