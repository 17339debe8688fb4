"""One conversation service per worker: built once per process and thread, not per message.

Building a :class:`bots.service.ConversationService` loads the packs' networks, the language
layer and the search backend (1-4 s of CPU), so each worker thread keeps one and builds it
again only when the settings it depends on change.
"""

from __future__ import annotations

import threading
import weakref

from bots.config import ServiceConfig
from bots.service import ConversationService

__all__ = ["worker_service"]

_WORKER = threading.local()
# Services whose thread has ended, by settings key, for the next new thread to take over.
# runserver (the embedded profile) starts a thread per connection: building a service for
# each one cost 1-4 s of CPU with the GIL held up to 1.4 s at a time, stalling every other
# request of the process (/healthz included). A service is still used by one thread at a time.
_SPARE: dict[tuple[object, ...], list[ConversationService]] = {}
_SPARE_LOCK = threading.Lock()
_SPARE_PER_KEY = 16


def _hand_back(key: tuple[object, ...], service: ConversationService) -> None:
    with _SPARE_LOCK:
        spare = _SPARE.setdefault(key, [])
        if len(spare) < _SPARE_PER_KEY:
            spare.append(service)


def _take_spare(key: tuple[object, ...]) -> ConversationService | None:
    with _SPARE_LOCK:
        spare = _SPARE.get(key)
        return spare.pop() if spare else None


def worker_service() -> ConversationService:
    """The service of this worker (process and thread), built on first use and again only
    when its settings change (a thread that ended leaves its service to the next new one);
    a store is not shared, so pass one to ``handle``."""
    from django.conf import settings

    # The language layer and the search backend are built into the service: a change to
    # either (a test's settings, a reconfigured worker) must build a new one.
    watched = [
        name
        for name in dir(settings)
        if name.startswith(("LLM_", "LANGUAGE_", "SEARCH_", "ELASTICSEARCH_"))
    ]
    key = (
        repr(ServiceConfig.from_settings()),
        tuple((name, repr(getattr(settings, name))) for name in sorted(watched)),
    )
    cached = getattr(_WORKER, "service", None)
    if cached is None or _WORKER.key != key:
        cached = _take_spare(key) or ConversationService()
        _WORKER.service, _WORKER.key = cached, key
        # Handed back when this thread's object goes away (the thread ended).
        weakref.finalize(threading.current_thread(), _hand_back, key, cached)
    return cached
