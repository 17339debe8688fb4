"""One load test run from start to finish: ``run(LoadTestConfig(...)) -> dict`` (the report).

Starts the stack, plays the users, injects the fault, waits for the owed replies, audits the
database, reads the metrics, tears everything down; the report says what happened.
"""

from __future__ import annotations

import os
import random
import threading
import time
from dataclasses import asdict, dataclass, field
from typing import Any

from ops.loadtest import cpu, postgres, redis_server
from ops.loadtest.audit import audit
from ops.loadtest.driver import Driver
from ops.loadtest.faults import FAULTS, FaultRecord, inject
from ops.loadtest.report import summarise
from ops.loadtest.stack import ProductionStack, StackConfig
from ops.loadtest.users import SimulatedUser, SlackUser, TelegramUser

CHANNELS = ("slack", "telegram")
PACK_OF_CHANNEL = {"slack": "it-laptop", "telegram": "patient-intake"}
TARGETS = {"turns_per_s": 50.0, "p99_ms": 500.0}


class ConfigError(ValueError):
    """A load test option out of range (names it)."""


@dataclass(frozen=True)
class LoadTestConfig:
    conversations: int = 50
    duration_s: float = 60.0
    warmup_s: float = 10.0
    drain_s: float | None = None  # default: 30 s, 60 s with a fault
    fault: str = ""
    fault_at_s: float | None = None  # into the measured window; default a third of it
    fault_downtime_s: float = 3.0
    channels: tuple[str, ...] = CHANNELS
    max_turns: int = 12
    pace_s: float = 1.0  # seconds between one user's messages at least (0: saturate)
    typed_share: float = 0.2
    seed: int = 0
    stack: StackConfig = field(default_factory=StackConfig)

    def validate(self) -> None:
        if not 1 <= self.conversations <= 1000:
            raise ConfigError(f"--conversations {self.conversations} must be 1..1000")
        if not 1 <= self.duration_s <= 3600:
            raise ConfigError(f"--duration {self.duration_s:g} must be 1..3600 seconds")
        if not 0 <= self.warmup_s <= 600:
            raise ConfigError(f"--warmup {self.warmup_s:g} must be 0..600 seconds")
        if self.drain_s is not None and not 1 <= self.drain_s <= 1800:
            raise ConfigError(f"--drain {self.drain_s:g} must be 1..1800 seconds")
        if self.fault and self.fault not in FAULTS:
            raise ConfigError(f"--fault {self.fault!r} is not one of {', '.join(FAULTS)}")
        if self.fault_at_s is not None and not 0 <= self.fault_at_s < self.duration_s:
            raise ConfigError(f"--fault-at {self.fault_at_s:g} must fall inside --duration")
        if not 0 <= self.fault_downtime_s <= 120:
            raise ConfigError(f"--fault-downtime {self.fault_downtime_s:g} must be 0..120 s")
        unknown = set(self.channels) - set(CHANNELS)
        if not self.channels or unknown:
            raise ConfigError(f"--channels must be a subset of {', '.join(CHANNELS)}")
        if not 0 <= self.pace_s <= 60:
            raise ConfigError(f"--pace {self.pace_s:g} must be 0..60 seconds")
        if not 1 <= self.max_turns <= 100:
            raise ConfigError(f"--max-turns {self.max_turns} must be 1..100")
        if not 1 <= self.stack.workers <= 16 or not 1 <= self.stack.concurrency <= 64:
            raise ConfigError("--workers must be 1..16 and --concurrency 1..64")
        if not 1 <= self.stack.web_workers <= 32 or not 1 <= self.stack.web_threads <= 64:
            raise ConfigError("--web-workers must be 1..32 and --web-threads 1..64")

    @property
    def drain(self) -> float:
        if self.drain_s is not None:
            return self.drain_s
        return 60.0 if self.fault else 30.0


def missing_requirements() -> list[str]:
    """What this machine lacks to run the stack (empty when nothing)."""
    reasons = [postgres.missing_reason(), redis_server.missing_reason()]
    return [reason for reason in reasons if reason]


def make_users(config: LoadTestConfig, signing_secret: str,
               webhook_secret: str) -> list[SimulatedUser]:
    users: list[SimulatedUser] = []
    for index in range(config.conversations):
        channel = config.channels[index % len(config.channels)]
        rng = random.Random(config.seed * 100_003 + index)
        if channel == "slack":
            users.append(SlackUser(index, rng, signing_secret=signing_secret,
                                   typed_share=config.typed_share))
        else:
            users.append(TelegramUser(index, rng, secret_token=webhook_secret,
                                      typed_share=config.typed_share))
    return users


def run(config: LoadTestConfig, progress: Any = None, bar: Any = None) -> dict[str, Any]:
    config.validate()
    say = progress or (lambda message: None)
    packs = tuple(dict.fromkeys(PACK_OF_CHANNEL[c] for c in config.channels))
    stack_config = StackConfig(**{**asdict(config.stack), "packs": packs})
    driver_box: dict[str, Driver] = {}

    def sink(reply: Any) -> None:
        driver = driver_box.get("driver")
        if driver is not None:
            driver.capture(reply)

    started = time.monotonic()
    say("starting PostgreSQL, Redis, gunicorn, Celery workers and beat ...")
    with ProductionStack(stack_config, sink) as stack:
        say(f"stack up in {time.monotonic() - started:.1f} s {stack.timings} at {stack.root}")
        users = make_users(config, stack.signing_secret, stack.webhook_secret)
        driver = Driver(users, "127.0.0.1", stack.web_port, max_turns=config.max_turns,
                        pace_s=config.pace_s, seed=config.seed)
        driver_box["driver"] = driver
        fault_box: dict[str, FaultRecord] = {}
        fault_errors: list[str] = []

        cpu_samples: dict[str, dict[str, float]] = {}

        def measure_cpu() -> None:
            assert driver.phases is not None
            for name, at in (("start", driver.phases.measure_start),
                             ("end", driver.phases.send_end)):
                time.sleep(max(0.0, at - time.monotonic()))
                cpu_samples[name] = {**cpu.sample(stack), "machine": cpu.machine_busy_s()}

        def on_started(_: str) -> None:
            threading.Thread(target=measure_cpu, daemon=True, name="cpu").start()
            if not config.fault:
                return
            at = config.fault_at_s if config.fault_at_s is not None else config.duration_s / 3

            def fire() -> None:
                assert driver.phases is not None
                time.sleep(max(0.0, driver.phases.measure_start + at - time.monotonic()))
                say(f"fault {config.fault} at {at:.1f} s into the measured window")
                try:
                    fault_box["fault"] = inject(config.fault, stack, config.fault_downtime_s)
                except Exception as exc:
                    fault_errors.append(f"{type(exc).__name__}: {exc}")

            threading.Thread(target=fire, daemon=True, name="fault").start()

        say(f"{config.conversations} users, one message per {config.pace_s:g} s each: "
            f"{config.warmup_s:g} s warm-up, "
            f"{config.duration_s:g} s measured, up to {config.drain:g} s drain")
        ticking = _tick(bar, config.warmup_s + config.duration_s)
        try:
            phases = driver.run(config.warmup_s, config.duration_s, config.drain, on_started)
        finally:
            ticking.set()
        time.sleep(1.0)  # a duplicate reply, were there one, would arrive now
        report = summarise(driver, phases, fault_box.get("fault"))
        if "end" in cpu_samples:
            spent = cpu.used(cpu_samples["start"], cpu_samples["end"])
            turns = max(1, round(report["turns_per_s"] * config.duration_s))
            report["cpu"] = {
                "seconds": spent,
                "ms_per_turn": {k: round(v * 1000 / turns, 1) for k, v in spent.items()},
                "machine_utilisation": round(
                    spent["machine"] / (config.duration_s * (os.cpu_count() or 1)), 3),
            }
        if config.fault and "fault" not in fault_box:
            report["fault"] = {"name": config.fault, "error": fault_errors or ["not injected"]}
        assert stack.pg is not None
        report["audit"] = audit(stack.pg.url, driver.mailboxes)
        report["readiness_after"] = stack.readiness()
        report["metrics"] = metrics_summary(stack)
        report["worker_lost"] = sum(log.count("WorkerLostError")
                                    for name, log in stack.log_tails(10**7).items()
                                    if name.startswith("worker"))
        # Processes that exited on their own and were started again (the compose restart
        # policy the stack follows), with how long into the measured window.
        report["restarts"] = [
            {**r, "at": round(r["at"] - phases.measure_start, 2)} for r in stack.restarts
        ]
        report["stack"] = {**asdict(stack_config), "timings": stack.timings,
                           "cpus": os.cpu_count(), "logs": str(stack.logs)}
    report["config"] = {k: v for k, v in asdict(config).items() if k != "stack"}
    report["offered_turns_per_s"] = (
        round(config.conversations / config.pace_s, 1) if config.pace_s else None)
    report["targets"] = {
        "turns_per_s": {"target": f">= {TARGETS['turns_per_s']:g}",
                        "met": report["turns_per_s"] >= TARGETS["turns_per_s"]},
        "p99_ms": {"target": f"<= {TARGETS['p99_ms']:g}",
                   "met": report["p99_ms"] is not None and report["p99_ms"] <= TARGETS["p99_ms"]},
        "lost": {"target": "== 0", "met": report["lost"] == 0},
        "duplicated": {"target": "== 0", "met": report["duplicated"] == 0},
        "state": {"target": "0 mismatches", "met": report["audit"]["state_mismatches"] == 0},
    }
    report["wall_s"] = round(time.monotonic() - started, 1)
    return report


def metrics_summary(stack: ProductionStack) -> dict[str, Any]:
    """Totals of our metrics as /metrics reports them (all processes of the stack)."""
    from prometheus_client.parser import text_string_to_metric_families

    status, body = stack.get("/metrics", timeout_s=10)
    if status != 200:
        return {"http_status": status}
    totals: dict[str, float] = {}
    for family in text_string_to_metric_families(body.decode()):
        if not family.name.startswith("askfew_"):
            continue
        for sample in family.samples:
            if sample.name.endswith(("_total", "_count")) or family.type == "gauge":
                key = sample.name
                if sample.name == "askfew_replies_total":
                    key = f"{sample.name}{{status={sample.labels.get('status')}}}"
                if sample.name == "askfew_tasks_total":
                    key = f"{sample.name}{{state={sample.labels.get('state')}}}"
                totals[key] = totals.get(key, 0.0) + sample.value
    return totals


def _tick(bar: Any, total_s: float) -> threading.Event:
    """Redraw `bar` (a knowledge.progress.ProgressBar) with the seconds of warm-up and measured
    window gone by, every half second until the returned event is set."""
    done = threading.Event()
    if bar is None or total_s <= 0:
        return done
    started = time.monotonic()
    total = max(1, round(total_s))

    def loop() -> None:
        while not done.wait(0.5):
            bar(min(total - 1, int(time.monotonic() - started)), total)
        bar(total, total)

    threading.Thread(target=loop, daemon=True, name="loadtest-progress").start()
    return done
