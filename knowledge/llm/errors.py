"""The language model's failure modes, each its own type so callers can fall back precisely."""

from __future__ import annotations


class LLMError(Exception):
    """Anything the language model could not do (unreachable, refused, misconfigured)."""


class LLMTimeout(LLMError):
    """The endpoint did not answer within the timeout, on every attempt."""


class LLMInvalidOutput(LLMError):
    """Every attempt produced output that was not JSON or broke the schema or the checks.

    ``problems`` lists what was wrong with each attempt, oldest first.
    """

    def __init__(self, message: str, problems: list[str] | None = None) -> None:
        super().__init__(message)
        self.problems = list(problems or [])


class BudgetExceeded(LLMError):
    """The client's token budget is spent; no further calls are made."""
