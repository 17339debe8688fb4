"""What a bot turn records for operators: the rationale of a question and the belief after it."""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

import numpy as np

from planning.actions import Ask
from planning.belief import TotalConflictError
from planning.dialogue import DialogueState
from planning.network import EvidentialNetwork

SNAPSHOT_SIZE = 5


def rationale_dict(action: Ask, network: EvidentialNetwork) -> dict[str, Any]:
    """The Ask's rationale as stored on the turn, with the hypotheses' names."""
    data = asdict(action.rationale)
    data["separates_named"] = [
        {"id": h, "name": network.hypothesis(h).name}
        for h in action.rationale.separates
        if h in network.hypothesis_index
    ]
    finding = network.finding(action.finding)
    data["citations"] = [c.to_dict() for c in finding.citations]
    return data


def belief_snapshot(state: DialogueState, network: EvidentialNetwork) -> dict[str, Any]:
    """The belief after a turn: leading hypotheses' BetP, conflict, open-world mass, and the
    two parts of Deng entropy (nonspecificity, discord)."""
    n = len(network.hypotheses)
    base = {"turns": state.turns, "asked": len(state.asked)}
    try:
        summary = state.belief.summary()
    except TotalConflictError:
        return {**base, "total_conflict": True, "conflict": 1.0, "top": []}
    betp = summary.betp[:n]
    order = np.argsort(-betp, kind="stable")[:SNAPSHOT_SIZE]
    return {
        **base,
        "top": [
            {
                "id": network.hypotheses[i].id,
                "name": network.hypotheses[i].name,
                "betp": float(betp[i]),
            }
            for i in order
        ],
        "conflict": float(summary.conflict),
        "open_world": float(summary.betp[-1]) if state.belief.open_world is not None else 0.0,
        "nonspecificity": float(summary.nonspecificity),
        "discord": float(summary.discord),
    }
