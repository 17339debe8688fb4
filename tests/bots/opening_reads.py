"""The facts the opening reader takes from a message on a FloDial chart, as {node: state}:
what the opening-fact tests compare with their labels."""

from __future__ import annotations

import pytest

from bots.language.volunteer import volunteered_facts
from knowledge.datasets import flodial


def read_opening(chart: str, text: str) -> dict[str, str]:
    try:
        network = flodial.load_network(chart)
    except Exception as exc:  # the shared datasets are not beside the checkout
        pytest.skip(f"FloDial charts not available: {exc}")
    return {
        a.finding.split(":", 1)[1]: a.states[0]
        for a in volunteered_facts(text, network)
        if a.states
    }
