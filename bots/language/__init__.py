"""The language layer: one interface, an offline and an LLM implementation (design section 6).

    from bots.language import get_interpreter
    interpreter = get_interpreter()          # LANGUAGE_BACKEND: "offline" (default) or "llm"
    meaning = interpreter.interpret(text, pending=finding, network=network, button=None)

Both implementations return the same validated :class:`Interpretation`; the LLM one falls back
to the offline one on any error.
"""

from __future__ import annotations

from .base import Intent, Interpretation, InterpretationError, Interpreter
from .offline import OfflineInterpreter

BACKENDS = ("offline", "llm")

__all__ = [
    "BACKENDS",
    "Intent",
    "Interpretation",
    "InterpretationError",
    "Interpreter",
    "OfflineInterpreter",
    "get_interpreter",
]


def get_interpreter(backend: str | None = None) -> Interpreter:
    """The interpreter for ``backend`` (default: the LANGUAGE_BACKEND setting).

    "llm" needs LLM_BASE_URL or LLM_API_KEY; when the client cannot be built the offline
    interpreter is used and the reason logged, so a bad LLM setting never stops the bots.
    """
    if backend is None:
        from django.conf import settings

        backend = str(getattr(settings, "LANGUAGE_BACKEND", "offline") or "offline")
    if backend not in BACKENDS:
        raise ValueError(f"unknown LANGUAGE_BACKEND {backend!r}; expected one of {BACKENDS}")
    if backend == "offline":
        return OfflineInterpreter()
    from .llm import LLMInterpreter

    return LLMInterpreter.from_settings()
