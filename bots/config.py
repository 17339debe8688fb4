"""The conversation service's settings, read once from Django settings (all optional).

``BOT_CHANNEL_PACKS`` (channel -> pack name or None: route/pick) [slack: it-laptop, telegram:
patient-intake, web and terminal: chosen or routed; also "slack=it-laptop,web=" in the
environment], ``BOT_POLICY`` [infogatherer], ``PLANNER_TAU`` [0.85], ``PLANNER_MAX_TURNS``
[15], ``PLANNER_OPEN_WORLD`` [None], ``PLANNER_OPEN_WORLD_THRESHOLD`` [0.5],
``BOT_PATIENT_DOMAINS`` [("medical",)], ``BOT_FOCUS_SECTIONS`` [True], ``BOT_SECTION_MARGIN``
[1.2], ``BOT_MAX_MESSAGE_CHARS`` [10000, at most ``MAX_TEXT``; also from the
environment], ``BOT_SEARCH_RETRIES`` [3] and ``BOT_SEARCH_RETRY_S`` [2.0] (a turn that needs
the search index while it is down: see ``bots.search_outage``).
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from planning.dialogue import StoppingRule
from planning.recovery import DEFAULT_MAX_CONFIRMATIONS

# The hard ceiling on a message's text, whatever BOT_MAX_MESSAGE_CHARS says.
MAX_TEXT = 10_000

DEFAULT_CHANNEL_PACKS: Mapping[str, str | None] = {
    "slack": "it-laptop",
    "telegram": "patient-intake",
    "web": None,
    "terminal": None,
}


class ServiceError(RuntimeError):
    """The service is misconfigured (an unknown pack in the channel mapping, ...)."""


# -- configuration ----------------------------------------------------------------------------


@dataclass(frozen=True)
class ServiceConfig:
    channel_packs: Mapping[str, str | None] = field(
        default_factory=lambda: dict(DEFAULT_CHANNEL_PACKS)
    )
    policy: str = "infogatherer"
    stopping: StoppingRule = field(default_factory=StoppingRule)
    open_world: float | None = None
    patient_domains: frozenset[str] = frozenset({"medical"})
    # Focus the dialogue on the routed section (routing group) of a pack when the router's
    # best section beats the next by ``section_margin``; ask the user to pick otherwise.
    focus_sections: bool = True
    section_margin: float = 1.2
    # A red flag in a patient-facing pack escalates whatever ``stopping.red_flags`` says.
    # False only for an evaluation that measures diagnosis and triage apart
    # (``manage.py evaluate --red-flags flag``): the flag is recorded and the dialogue goes on.
    patient_red_flags_escalate: bool = True
    # At most this many confirmations a case (planning.engine; 0: none, to measure the reader
    # alone).
    max_confirmations: int = DEFAULT_MAX_CONFIRMATIONS
    # Tuning parameters of the policy (``planning.policies.make_policy``), for experiments.
    policy_params: Mapping[str, Any] = field(default_factory=dict)

    @classmethod
    def from_settings(cls) -> ServiceConfig:
        from django.conf import settings

        packs = dict(DEFAULT_CHANNEL_PACKS)
        packs.update(_channel_packs(getattr(settings, "BOT_CHANNEL_PACKS", None)))
        open_world = getattr(settings, "PLANNER_OPEN_WORLD", None)
        stopping = StoppingRule(
            tau=float(getattr(settings, "PLANNER_TAU", 0.85)),
            max_turns=int(getattr(settings, "PLANNER_MAX_TURNS", 15)),
            open_world_threshold=float(getattr(settings, "PLANNER_OPEN_WORLD_THRESHOLD", 0.5)),
            red_flags="escalate",
        )
        return cls(
            channel_packs=packs,
            policy=str(getattr(settings, "BOT_POLICY", "infogatherer")),
            stopping=stopping,
            open_world=None if open_world in (None, "") else float(open_world),
            patient_domains=frozenset(getattr(settings, "BOT_PATIENT_DOMAINS", ("medical",))),
            focus_sections=bool(getattr(settings, "BOT_FOCUS_SECTIONS", True)),
            section_margin=float(getattr(settings, "BOT_SECTION_MARGIN", 1.2)),
        )


def _channel_packs(value: Any) -> dict[str, str | None]:
    """``{"slack": "it-laptop"}`` or "slack=it-laptop,web=" (also from the environment)."""
    if value is None:
        value = os.environ.get("BOT_CHANNEL_PACKS")
    if not value:
        return {}
    if isinstance(value, Mapping):
        return {str(k): (str(v) if v else None) for k, v in value.items()}
    out: dict[str, str | None] = {}
    for item in str(value).split(","):
        channel, sep, pack = item.partition("=")
        if not sep or not channel.strip():
            raise ServiceError(f"BOT_CHANNEL_PACKS entry {item!r} is not channel=pack")
        out[channel.strip()] = pack.strip() or None
    return out


# -- limits -----------------------------------------------------------------------------------


def _setting(name: str, default: float) -> float:
    from django.conf import settings

    value = getattr(settings, name, None)
    if value in (None, ""):
        value = os.environ.get(name) or default
    try:
        return float(value)
    except (TypeError, ValueError) as exc:
        raise ServiceError(f"{name} must be a number, not {value!r}") from exc


def max_message_chars() -> int:
    """The longest message the bots read; a longer one is stored cut to this length and
    answered with "too long" (:data:`MAX_TEXT` is the hard ceiling). The rule itself:
    ``bots.messages.admitted``."""
    return max(1, min(int(_setting("BOT_MAX_MESSAGE_CHARS", MAX_TEXT)), MAX_TEXT))


def search_retries() -> int:
    """How many times a turn that needs the search index is retried while it is down."""
    return max(0, int(_setting("BOT_SEARCH_RETRIES", 3)))


def search_retry_s() -> float:
    return max(0.0, _setting("BOT_SEARCH_RETRY_S", 2.0))
