"""The case a log line belongs to, carried across a request or a task in context variables.

The web request that stores an inbound event and the task that processes it set the case id
here; ``jsonlog.ContextFilter`` copies it onto every record logged meanwhile, so operators can
follow one case through web and worker logs without the logs carrying what users wrote.

A task knows its event id up front but would need a query to learn the case: it binds a
resolver instead (``bind_case_lookup``), which runs only if something logs without a case id,
at most once per task. Most turns log only lines that carry their case id already.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar, Token

case_id_var: ContextVar[int | None] = ContextVar("askfew_case_id", default=None)
event_id_var: ContextVar[int | None] = ContextVar("askfew_event_id", default=None)
case_lookup_var: ContextVar[Callable[[], int | None] | None] = ContextVar(
    "askfew_case_lookup", default=None
)
_resolving = threading.local()

Tokens = list[tuple[ContextVar[object], Token[object]]]


def bind(*, case_id: int | None = None, event_id: int | None = None) -> None:
    """Attach ids to the current request or task (reset by ``scope``/``reset`` when it ends)."""
    if case_id is not None:
        case_id_var.set(case_id)
    if event_id is not None:
        event_id_var.set(event_id)


def bind_case_lookup(lookup: Callable[[], int | None]) -> None:
    """How to find the case id should a line need it (a query the common path never runs)."""
    case_lookup_var.set(lookup)


def fresh() -> Tokens:
    """Start a fresh context (ids bound before do not leak in); ``reset`` undoes it."""
    return [
        (case_id_var, case_id_var.set(None)),  # type: ignore[list-item]
        (event_id_var, event_id_var.set(None)),  # type: ignore[list-item]
        (case_lookup_var, case_lookup_var.set(None)),  # type: ignore[list-item]
    ]


def reset(tokens: Tokens) -> None:
    for var, token in reversed(tokens):
        try:
            var.reset(token)
        except ValueError:  # set in another context (a thread pool reusing a thread)
            var.set(None)


@contextmanager
def scope() -> Iterator[None]:
    """A fresh context for one request or task: ids bound inside do not leak to the next one
    served by the same thread."""
    tokens = fresh()
    try:
        yield
    finally:
        reset(tokens)


def current(resolve_case: bool = True) -> dict[str, int]:
    """The bound ids; ``resolve_case=False`` never runs the case lookup."""
    case_id = case_id_var.get()
    lookup = case_lookup_var.get()
    if (resolve_case and case_id is None and lookup is not None
            and not getattr(_resolving, "active", False)):
        # Resolve once; a failure (the database gone mid-task) just leaves the id out.
        case_lookup_var.set(None)
        _resolving.active = True
        try:
            case_id = lookup()
        except Exception:
            case_id = None
        finally:
            _resolving.active = False
        if case_id is not None:
            case_id_var.set(case_id)
    ids = {"case_id": case_id, "event_id": event_id_var.get()}
    return {key: value for key, value in ids.items() if value is not None}
