"""Question policies: one small API over interchangeable algorithms (design section 4).

``make_policy(name, stopping=..., seed=..., **params)`` builds a policy by name; every policy
has ``choose(state, network) -> Ask | Conclude | Abstain | Escalate`` and applies the shared
stopping and safety rules of :class:`planning.policies.base.Policy` before its own choice.

==================  =========================================================================
``infogatherer``    lexicographic expected reduction of (nonspecificity, discord)
``uot``             Uncertainty of Thoughts: sharpened-IG look-ahead over simulated answers
``mcts``            UCT over question sequences with the network as simulator
``tot``             Tree of Thoughts: BFS (or DFS with pruning) over partial question sequences
``ig-bayesian``     expected entropy reduction on pignistic point probabilities (baseline)
``source-order``    the flowchart walk, or network order (baseline)
``random``          a uniformly random unasked finding (baseline)
==================  =========================================================================
"""

from __future__ import annotations

from typing import Any

from planning.dialogue import StoppingRule

from .base import BeliefView, Policy
from .ig_bayesian import IGBayesian
from .infogatherer import InfoGatherer
from .mcts import MonteCarloTreeSearch
from .random_policy import RandomPolicy
from .source_order import SourceOrder
from .tot import TreeOfThoughts
from .uot import UncertaintyOfThoughts

POLICIES: dict[str, type[Policy]] = {
    cls.name: cls
    for cls in (
        InfoGatherer,
        UncertaintyOfThoughts,
        MonteCarloTreeSearch,
        TreeOfThoughts,
        IGBayesian,
        SourceOrder,
        RandomPolicy,
    )
}
POLICY_NAMES: tuple[str, ...] = tuple(POLICIES)


def make_policy(
    name: str, stopping: StoppingRule | None = None, seed: int = 0, **params: Any
) -> Policy:
    """Build the policy called ``name`` with its tuning ``params`` (clear errors for bad ones)."""
    cls = POLICIES.get(name)
    if cls is None:
        raise ValueError(f"unknown policy {name!r}; choose from {', '.join(POLICY_NAMES)}")
    try:
        return cls(stopping, seed, **params)
    except TypeError as exc:
        allowed = sorted(cls(stopping, seed).get_params())
        raise ValueError(
            f"policy {name!r}: bad parameters {sorted(params)} ({exc}); it takes "
            f"{', '.join(allowed) if allowed else 'none'}"
        ) from exc


__all__ = [
    "POLICIES",
    "POLICY_NAMES",
    "BeliefView",
    "IGBayesian",
    "InfoGatherer",
    "MonteCarloTreeSearch",
    "Policy",
    "RandomPolicy",
    "SourceOrder",
    "TreeOfThoughts",
    "UncertaintyOfThoughts",
    "make_policy",
]
