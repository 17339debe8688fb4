"""Faults injected while users talk to the stack, each timed for the report.

- ``kill-worker``: SIGKILL a Celery pool process caught computing (at least 40 % of a core
  over 100 ms: it is mid-turn; the report says whether Celery saw a task die with it). Its
  parent starts a replacement process, and with ``acks_late`` + ``reject_on_worker_lost``
  the message it held goes back on the queue, so the turn runs again elsewhere; the killed
  turn's transaction was rolled back by PostgreSQL.
- ``kill-worker-node``: SIGKILL a whole worker (main process and pool) as a lost machine or
  an OOM-killed container would be, then start a replacement worker. Its unacknowledged
  messages come back after the visibility timeout; the beat sweeper re-queues the events
  sooner (``STALLED_AFTER_S``).
- ``restart-redis``: stop redis-server (SIGTERM: it writes its append-only file), keep it down
  ``downtime_s``, start it again on the same port.
- ``restart-postgres``: ``pg_ctl stop -m fast`` (connections are cut mid-transaction), keep it
  down ``downtime_s``, start it again.
"""

from __future__ import annotations

import os
import signal
import time
from dataclasses import dataclass, field
from typing import Any

from ops.loadtest.procs import children_of, cpu_ticks, run_state
from ops.loadtest.stack import ProductionStack

FAULTS = ("kill-worker", "kill-worker-node", "restart-redis", "restart-postgres")
BUSY_TICKS = 4  # of 10 per 100 ms: computing, not waiting


@dataclass
class FaultRecord:
    name: str
    started: float = 0.0  # monotonic
    ended: float = 0.0  # the fault is over (replacement started, service back up)
    detail: dict[str, Any] = field(default_factory=dict)


def inject(name: str, stack: ProductionStack, downtime_s: float) -> FaultRecord:
    record = FaultRecord(name, started=time.monotonic())
    if name == "kill-worker":
        record.detail = kill_busiest_pool_process(stack)
    elif name == "kill-worker-node":
        record.detail = kill_worker_node(stack)
    elif name == "restart-redis":
        assert stack.redis is not None
        stack.redis.stop()
        time.sleep(downtime_s)
        stack.redis.start()
        record.detail = {"downtime_s": downtime_s, "port": stack.redis.port}
    elif name == "restart-postgres":
        assert stack.pg is not None
        stack.pg.stop("fast")
        time.sleep(downtime_s)
        stack.pg.start()
        record.detail = {"downtime_s": downtime_s, "port": stack.pg.port}
    else:
        raise ValueError(f"unknown fault {name!r}; expected one of {', '.join(FAULTS)}")
    record.ended = time.monotonic()
    return record


def kill_busiest_pool_process(stack: ProductionStack) -> dict[str, Any]:
    """SIGKILL a pool process caught computing (mid-turn), as an OOM kill would."""
    pool = {pid: worker for worker in stack.workers for pid in children_of(worker.pid)}
    if not pool:
        raise RuntimeError("no Celery pool process found to kill")
    # An idle pool process sleeps on its pipe; one seen running twice a millisecond apart is
    # computing a turn. A turn takes a few milliseconds of CPU, so poll fast. Failing that
    # within 10 s, take the process that used the most CPU over a 100 ms window.
    busiest = running_pool_process(list(pool), deadline_s=10.0)
    busy_ticks = -1
    if busiest is None:
        busiest = next(iter(pool))
        deadline = time.monotonic() + 2.0
        while time.monotonic() < deadline:
            before = {pid: cpu_ticks(pid) for pid in pool}
            time.sleep(0.1)
            pid = max(pool, key=lambda p: cpu_ticks(p) - before[p])
            ticks = cpu_ticks(pid) - before[pid]
            if ticks > busy_ticks:
                busiest, busy_ticks = pid, ticks
            if busy_ticks >= BUSY_TICKS:
                break
    worker = pool[busiest]
    log_mark = worker.log.stat().st_size if worker.log.exists() else 0
    os.kill(busiest, signal.SIGKILL)
    # The worker's main process notices, re-queues the message, forks a replacement.
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        current = set(children_of(worker.pid))
        if busiest not in current and len(current) >= stack.config.concurrency:
            break
        time.sleep(0.1)
    replacement = sorted(set(children_of(worker.pid)) - set(pool))
    time.sleep(0.5)
    with worker.log.open("rb") as log:
        log.seek(log_mark)
        lost_task = b"WorkerLostError" in log.read()
    chosen = {"found": "running"} if busy_ticks < 0 else {"cpu_ticks_in_100ms": busy_ticks}
    return {"killed_pid": busiest, "worker": worker.name, **chosen,
            "replacement_pids": replacement, "task_was_running": lost_task}


def running_pool_process(pool: list[int], deadline_s: float) -> int | None:
    """A pool process found running in two polls in a row, or None within ``deadline_s``."""
    deadline = time.monotonic() + deadline_s
    seen: set[int] = set()
    while time.monotonic() < deadline:
        running = {pid for pid in pool if run_state(pid) == "R"}
        both = running & seen
        if both:
            return min(both)
        seen = running
        time.sleep(0.001)
    return None


def kill_worker_node(stack: ProductionStack) -> dict[str, Any]:
    if not stack.workers:
        raise RuntimeError("no Celery worker to kill")
    with stack.lock:  # the supervisor must not restart the worker the fault takes away
        victim = stack.workers.pop(0)
        pids = [victim.pid, *children_of(victim.pid)]
        victim.kill()
        index = int(victim.name.removeprefix("worker").split("-")[0])
        stack.generation += 1
        replacement = stack.worker(index, generation=stack.generation)
        stack.workers.append(replacement)
    ready_s = stack.wait_worker(replacement)
    return {"killed_pids": pids, "replacement": replacement.name,
            "replacement_ready_s": round(ready_s, 2)}
