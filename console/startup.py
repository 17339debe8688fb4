"""What `manage.py serve` does before serving: first-start setup and the optional bots.

Each step is a small function returning messages for the operator. The console composes them
(``register_defaults``, from ``ConsoleConfig.ready``): loading the example packs
(``knowledge.first_start``) and starting Socket Mode or polling (``bots.channels``). The layers
below never import the console to register themselves.
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


def register_defaults() -> None:
    """The product's own steps, once (``ready()`` can run more than once)."""
    from bots.channels import start_configured_bots
    from knowledge.first_start import import_example_packs

    if import_example_packs not in FIRST_START_STEPS:
        FIRST_START_STEPS.append(import_example_packs)
    if start_configured_bots not in BOT_STARTERS:
        BOT_STARTERS.append(start_configured_bots)
