"""Step the dialogue engine with a simulated user's answers (the planning-level tests' user).

The conversation service steps the engine one message at a time; these tests step it
directly, with a user that answers findings instead of writing messages. A user with a
``confirm`` method answers confirmations with it, and one with ``reading_confidence`` says how
sure "the reader" was of each answer (else 1.0, a button).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from planning.dialogue import Policy, StoppingRule
from planning.engine import Engine, Rules
from planning.network import EvidentialNetwork
from planning.results import CaseResult
from planning.simulation import Case


def run_case(
    policy: Policy,
    network: EvidentialNetwork,
    case: Case,
    user: Any,
    stopping: StoppingRule,
    open_world: float | None = None,
    *,
    rules: Rules | None = None,
) -> CaseResult:
    """Play ``case`` until the engine stops asking (no confirmations unless ``rules`` allow).
    ``user.opening`` is volunteered (the case's own, unless the user says otherwise)."""
    rules = rules or Rules(stopping, open_world, max_confirmations=0)
    opening = getattr(user, "opening", case.opening)
    return Engine(policy, rules).play_case(network, replace(case, opening=opening), user)
