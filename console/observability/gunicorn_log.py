"""gunicorn's access log without secrets in paths (``logger_class`` in deploy/gunicorn.conf.py).

The web chat's case token is the credential of a conversation and travels in the path
(``/chat/api/cases/<token>/messages``); access logs keep the route and drop the token.
"""

from __future__ import annotations

import re
from typing import Any

from gunicorn.glogging import Logger

_TOKEN_IN_PATH = re.compile(r"(/chat/api/cases/)[^/]+")


def redact(path: str) -> str:
    return _TOKEN_IN_PATH.sub(r"\1<token>", path)


class RedactingLogger(Logger):
    def atoms(self, resp: Any, req: Any, environ: Any, request_time: Any) -> dict[str, Any]:
        atoms: dict[str, Any] = super().atoms(resp, req, environ, request_time)
        for key in ("U", "r"):
            if isinstance(atoms.get(key), str):
                atoms[key] = redact(atoms[key])
        atoms["q"] = "-"  # query strings are not logged
        return atoms
