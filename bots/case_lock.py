"""The case lock: one worker at a time per case, so a case's events are handled and answered
in order (``bots.runtime``). It is for order only: the database transaction that claims an
event already guarantees the event is handled once.

With a Redis broker it is a Redis lock, ``askfew:case:<id>`` (``SET NX PX`` with a random
token; extending and releasing compare the token first):

- **short expiry, renewed while held**: the key expires after ``LOCK_TTL_S`` (10 s), and a
  daemon thread in the holder's process pushes the expiry back every ``LOCK_RENEW_S`` (3 s).
  A live holder keeps its case however long a turn takes (a slow platform API, PostgreSQL
  restarting); a dead one (SIGKILL, out of memory, a lost machine) frees it within 10 s.
- **short wait**: a task waits at most ``LOCK_WAIT_S`` (1.5 s) for a busy case and then raises
  :class:`CaseBusy`; ``bots.tasks`` retries it with a countdown, so the pool process is free to
  work on other cases meanwhile instead of sleeping on this one.
- **release is best effort**: a release that fails (Redis restarting, the key expired) is
  logged and ignored; the key expires by itself within ``LOCK_TTL_S``.
- **a lost lock is noticed**: when renewing finds the key gone or someone else's (it expired
  while Redis was unreachable, say), :meth:`Held.check` raises :class:`CaseBusy`; the runtime
  calls it before each send, so a reply that another worker may now be sending is left to it.
- one Redis connection pool per process, not a connection per lock.

Without a broker (eager mode: every task runs in the web process) it is a process-local lock;
nothing can be left behind there, so waiting longer costs nothing.
"""

from __future__ import annotations

import logging
import os
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

logger = logging.getLogger(__name__)

KEY = "askfew:case:{case_id}"
LOCK_TTL_S = 10.0  # a lock outlives a crashed holder by at most this long
LOCK_RENEW_S = 3.0  # a live holder pushes the expiry back this often
LOCK_WAIT_S = 1.5  # how long a task waits for a busy case before it is retried later
LOCAL_WAIT_S = 30.0  # eager mode: a local lock cannot be left behind, so wait it out
REDIS_TIMEOUT_S = 5.0  # a lock operation against an unreachable Redis gives up after this


class CaseBusy(Exception):
    """The case is held by someone else (or the lock could not be taken); retry the task
    after ``delay_s`` seconds."""

    delay_s = 1.0


class Held:
    """A held case lock; ``check()`` raises :class:`CaseBusy` once it is known to be lost."""

    def __init__(self, case_id: int, lock: Any = None) -> None:
        self.case_id = case_id
        self.lock = lock
        self.lost = False

    def check(self) -> None:
        if self.lost:
            raise CaseBusy(f"case {self.case_id}: lock lost; leaving the case to its new holder")


# -- Redis -------------------------------------------------------------------------------------


class _State:
    """Per-process state: the Redis clients and the renewing thread (reset in a forked child,
    where the parent's thread does not exist and its connections must not be shared)."""

    def __init__(self) -> None:
        self.guard = threading.Lock()
        self.clients: dict[str, Any] = {}
        self.held: set[Held] = set()
        self.renewer: threading.Thread | None = None


_state = _State()


def _reset_after_fork() -> None:
    global _state
    _state = _State()


os.register_at_fork(after_in_child=_reset_after_fork)


def client_for(url: str) -> Any:
    """This process's Redis client for ``url`` (one connection pool, reused by every lock)."""
    state = _state
    with state.guard:
        client = state.clients.get(url)
        if client is None:
            import redis

            client = redis.Redis.from_url(
                url,
                socket_timeout=REDIS_TIMEOUT_S,
                socket_connect_timeout=REDIS_TIMEOUT_S,
                health_check_interval=30,
            )
            state.clients[url] = client
        return client


def _renew_forever(state: _State) -> None:
    import redis

    while True:
        time.sleep(LOCK_RENEW_S)
        with state.guard:
            held = list(state.held)
        for item in held:
            try:
                item.lock.reacquire()
            except redis.exceptions.LockNotOwnedError:
                with state.guard:
                    if item not in state.held:
                        continue  # released meanwhile
                    state.held.discard(item)
                item.lost = True
                logger.warning("case %s: lock expired or taken while held", item.case_id)
            except redis.exceptions.RedisError as exc:
                # Redis restarting: the key keeps its expiry; try again next round.
                logger.warning("case %s: could not renew the lock: %s", item.case_id, exc)


def _track(item: Held) -> None:
    state = _state
    with state.guard:
        state.held.add(item)
        if state.renewer is None or not state.renewer.is_alive():
            state.renewer = threading.Thread(
                target=_renew_forever, args=(state,), name="case-lock-renewer", daemon=True
            )
            state.renewer.start()


def _untrack(item: Held) -> None:
    state = _state
    with state.guard:
        state.held.discard(item)


@contextmanager
def redis_lock(case_id: int, url: str) -> Iterator[Held]:
    import redis

    lock = client_for(url).lock(
        KEY.format(case_id=case_id),
        timeout=LOCK_TTL_S,
        blocking_timeout=LOCK_WAIT_S,
        # The renewing thread extends it: the token must not be thread-local.
        thread_local=False,
    )
    try:
        acquired = lock.acquire()
    except redis.exceptions.RedisError as exc:
        raise CaseBusy(f"case {case_id}: lock unavailable ({exc})") from exc
    if not acquired:
        raise CaseBusy(f"case {case_id} is busy")
    item = Held(case_id, lock)
    _track(item)
    try:
        yield item
    finally:
        _untrack(item)
        try:
            lock.release()
        except redis.exceptions.LockError:
            logger.warning("case %s lock expired before release", case_id)
        except redis.exceptions.RedisError as exc:
            logger.warning("case %s lock not released (%s); it expires by itself", case_id, exc)


# -- in-process ----------------------------------------------------------------------------------

_local_locks: dict[int, threading.Lock] = {}
_local_locks_guard = threading.Lock()


@contextmanager
def local_lock(case_id: int, wait_s: float = LOCAL_WAIT_S) -> Iterator[Held]:
    with _local_locks_guard:
        local = _local_locks.setdefault(case_id, threading.Lock())
    if not local.acquire(timeout=wait_s):
        raise CaseBusy(f"case {case_id} is busy")
    try:
        yield Held(case_id)
    finally:
        local.release()


def local_busy(case_id: int) -> bool:
    """Someone in this process holds the case's local lock now (a turn is in flight)."""
    with _local_locks_guard:
        local = _local_locks.get(case_id)
    return local is not None and local.locked()
