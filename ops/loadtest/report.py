"""Numbers from a run: throughput, latency percentiles, lost and duplicated replies, recovery.

- ``sent``: messages the web server acknowledged (2xx), warm-up included;
- ``answered``: of those, how many got their reply (by the end of the drain);
- ``lost`` = sent - answered; ``duplicated``: replies beyond one per message;
- ``turns_per_s``: replies that arrived in the measured window, per second of it;
- ``p50_ms``/``p99_ms``: webhook POST (first attempt) to reply captured, over the turns posted
  in the measured window that were answered;
- with a fault, ``recovery_s``: from the fault's start until every message posted before the
  fault ended was answered, and the per-second reply counts around it.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from ops.loadtest.driver import Driver, Phases, TurnRecord
from ops.loadtest.faults import FaultRecord


def percentile(values: Sequence[float], q: float) -> float | None:
    """Nearest-rank percentile (q in 0..100) of ``values``; None when empty."""
    if not values:
        return None
    ordered = sorted(values)
    rank = max(1, math.ceil(q / 100.0 * len(ordered)))
    return ordered[rank - 1]


def _round(value: float | None, digits: int = 1) -> float | None:
    return None if value is None else round(value, digits)


def summarise(driver: Driver, phases: Phases, fault: FaultRecord | None) -> dict[str, Any]:
    records = list(driver.records)
    accepted = [r for r in records if r.accepted]
    sent = len(accepted)
    boxes = list(driver.mailboxes.values())
    replies = sum(len(b.replies) for b in boxes)
    answered = sum(min(len(b.replies), b.accepted) for b in boxes)
    # A delivery given up on may still have been stored and answered: not a duplicate.
    duplicated = sum(max(0, len(b.replies) - b.accepted - b.unacked) for b in boxes)
    measured = [r for r in accepted
                if phases.measure_start <= r.posted_at < phases.send_end]
    latencies = [r.latency_ms for r in measured if r.latency_ms is not None]
    in_window = [r for r in accepted if r.replied_at is not None
                 and phases.measure_start <= r.replied_at < phases.send_end]
    result: dict[str, Any] = {
        "turns_per_s": round(len(in_window) / phases.duration_s, 2),
        "p50_ms": _round(percentile(latencies, 50)),
        "p99_ms": _round(percentile(latencies, 99)),
        "sent": sent,
        "answered": answered,
        "lost": sent - answered,
        "duplicated": duplicated,
        "p90_ms": _round(percentile(latencies, 90)),
        "max_ms": _round(max(latencies) if latencies else None),
        "measured_turns": len(latencies),
        "replies_captured": replies,
        "orphan_replies": len(driver.orphans),
        "undelivered_requests": dict(driver.rejected),
        "retried_deliveries": sum(1 for r in accepted if r.attempts > 1),
        "conversations": len(boxes),
        "conversations_finished": sum(1 for r in accepted if r.reply_kind == "final"),
        "by_channel": by_channel(measured, in_window, phases),
        "ack_p99_ms": _round(percentile(
            [(r.acked_at - r.posted_at) * 1000.0 for r in measured if r.acked_at], 99)),
        "driver_errors": driver.errors[:10],
    }
    if fault is not None:
        result["fault"] = fault_summary(fault, accepted, phases)
    return result


def by_channel(measured: list[TurnRecord], in_window: list[TurnRecord],
               phases: Phases) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for channel in sorted({r.channel for r in measured}):
        lat = [r.latency_ms for r in measured if r.channel == channel and r.latency_ms]
        out[channel] = {
            "turns_per_s": round(sum(1 for r in in_window if r.channel == channel)
                                 / phases.duration_s, 2),
            "p50_ms": _round(percentile(lat, 50)),
            "p99_ms": _round(percentile(lat, 99)),
        }
    return out


def fault_summary(fault: FaultRecord, accepted: list[TurnRecord],
                  phases: Phases) -> dict[str, Any]:
    affected = [r for r in accepted if r.posted_at <= fault.ended
                and (r.replied_at is None or r.replied_at >= fault.started)]
    unanswered = [r for r in affected if r.replied_at is None]
    last = max((r.replied_at for r in affected if r.replied_at is not None), default=None)
    recovery = None if unanswered or last is None else max(0.0, last - fault.started)
    start_bucket = int(fault.started - phases.measure_start) - 5
    timeline = []
    for second in range(max(0, start_bucket), start_bucket + 30):
        lo = phases.measure_start + second
        timeline.append(sum(1 for r in accepted if r.replied_at is not None
                            and lo <= r.replied_at < lo + 1))
    worst = max((r.latency_ms or 0.0 for r in affected), default=0.0)
    return {
        "name": fault.name,
        "at_s": round(fault.started - phases.measure_start, 2),
        "took_s": round(fault.ended - fault.started, 2),
        "detail": fault.detail,
        "turns_in_flight": len(affected),
        "unanswered": len(unanswered),
        "recovery_s": _round(recovery, 2),
        "worst_latency_ms": round(worst, 1),
        "replies_per_s_from": max(0, start_bucket),
        "replies_per_s": timeline,
    }
