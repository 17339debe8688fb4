"""Where the CPU went: seconds of CPU per role (web, workers, PostgreSQL, Redis, beat, this
driver with its loopback APIs), read from /proc for the process trees the stack started."""

from __future__ import annotations

import os
from pathlib import Path

from ops.loadtest.procs import children_of, cpu_ticks

TICK_S = 1.0 / os.sysconf("SC_CLK_TCK")


def tree_ticks(pid: int) -> int:
    """CPU ticks of ``pid`` and its live descendants (finished ones are not counted)."""
    total, stack = 0, [pid]
    while stack:
        current = stack.pop()
        total += cpu_ticks(current)
        stack.extend(children_of(current))
    return total


def sample(stack: object) -> dict[str, float]:
    """CPU seconds used so far, by role."""
    from ops.loadtest.stack import ProductionStack

    assert isinstance(stack, ProductionStack)
    roles: dict[str, float] = {}
    if stack.web is not None and stack.web.alive():
        roles["web"] = tree_ticks(stack.web.pid) * TICK_S
    roles["workers"] = sum(tree_ticks(w.pid) for w in stack.workers if w.alive()) * TICK_S
    if stack.beat is not None and stack.beat.alive():
        roles["beat"] = tree_ticks(stack.beat.pid) * TICK_S
    if stack.redis is not None and stack.redis.proc.alive():
        roles["redis"] = tree_ticks(stack.redis.proc.pid) * TICK_S
    if stack.pg is not None:
        pid = stack.pg.server_pid()
        if pid is not None:
            roles["postgres"] = tree_ticks(pid) * TICK_S
    times = os.times()
    roles["driver"] = times.user + times.system
    return roles


def used(before: dict[str, float], after: dict[str, float]) -> dict[str, float]:
    return {role: round(after[role] - before.get(role, 0.0), 2) for role in after}


def machine_busy_s() -> float:
    """CPU seconds the whole machine spent busy since boot (all cores)."""
    fields = Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]
    user, nice, system, _idle, _iowait, irq, softirq, steal = (int(v) for v in fields[:8])
    return (user + nice + system + irq + softirq + steal) * TICK_S
