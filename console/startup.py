"""What `manage.py serve` does before serving: first-start setup and the optional bots.

Each step is a small function returning messages for the operator; later parts of the product
register their own steps here (loading example packs, starting Socket Mode or polling).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

FirstStartStep = Callable[[], Iterator[str]]
BotStarter = Callable[[], Iterator[str]]

FIRST_START_STEPS: list[FirstStartStep] = []
BOT_STARTERS: list[BotStarter] = []


def first_start() -> Iterator[str]:
    for step in FIRST_START_STEPS:
        yield from step()


def start_bots() -> Iterator[str]:
    for starter in BOT_STARTERS:
        yield from starter()
