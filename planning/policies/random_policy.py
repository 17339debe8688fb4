"""The random baseline: a uniformly random unasked finding.

The draw comes from :meth:`Policy.rng`, seeded by ``seed`` and the dialogue so far, so the
same state always gets the same question and a run does not depend on case order.
"""

from __future__ import annotations

from planning.actions import Action
from planning.dialogue import DialogueState, StoppingRule
from planning.network import EvidentialNetwork

from .base import BeliefView, Policy


class RandomPolicy(Policy):
    name = "random"

    def __init__(self, stopping: StoppingRule | None = None, seed: int = 0) -> None:
        super().__init__(stopping, seed)

    def select(self, state: DialogueState, network: EvidentialNetwork, view: BeliefView) -> Action:
        pick = int(self.rng(state, "random").integers(view.askable.size))
        return self.ask(view, int(view.askable[pick]), 0.0, "random")
