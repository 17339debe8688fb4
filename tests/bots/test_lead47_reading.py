"""Stop 47's reading changes on rows never developed on (``lead47_reading_table``): printed,
with a floor at what was measured when the table was first scored."""

from __future__ import annotations

import os

import pytest

from bots.language.volunteer import volunteered_facts
from knowledge.datasets import flodial

from .lead47_reading_table import OPENINGS_HELD_OUT, REPLIES_HELD_OUT


def _networks() -> dict[str, object]:
    try:
        return {
            c: flodial.load_network(c) for c in {r[0] for r in OPENINGS_HELD_OUT + REPLIES_HELD_OUT}
        }  # type: ignore[misc]
    except Exception as exc:
        pytest.skip(f"FloDial charts not available: {exc}")


def _opening_right(network: object, text: str, expected: dict[str, str]) -> bool:
    got = {a.finding.split(":", 1)[1]: a.states for a in volunteered_facts(text, network)}  # type: ignore[arg-type]
    return all(got.get(node) == (state,) for node, state in expected.items())


def _reply(network: object, node: str, text: str) -> str:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "console.settings")
    from bots.language.offline import OfflineInterpreter

    finding = next(f for f in network.findings if f.id.endswith(f":{node}"))  # type: ignore[attr-defined]
    meaning = OfflineInterpreter().interpret(text, pending=finding, network=network)  # type: ignore[arg-type]
    if meaning.intent != "answer" or not meaning.answers:
        return meaning.intent
    states = meaning.answers[0].states
    return "unsure" if states is None else states[0]


def test_held_out_rows_of_stop_47() -> None:
    networks = _networks()
    openings = sum(_opening_right(networks[c], t, e) for c, t, e in OPENINGS_HELD_OUT)
    replies = sum(_reply(networks[c], n, t) == s for c, n, t, s in REPLIES_HELD_OUT)
    print(
        f"\nstop 47 held-out: openings {openings}/{len(OPENINGS_HELD_OUT)}, "
        f"replies {replies}/{len(REPLIES_HELD_OUT)}"
    )
    wrong = [
        (t, _reply(networks[c], n, t))
        for c, n, t, s in REPLIES_HELD_OUT
        if _reply(networks[c], n, t) != s
    ]
    missed = [t for c, t, e in OPENINGS_HELD_OUT if not _opening_right(networks[c], t, e)]
    print("missed openings:", missed)
    print("wrong replies:", wrong)
    # Scored once when written (2026-11-28 12:00 UTC): openings 11/12, replies 7/10 (two of
    # the three "wrong" replies are arguable labels: a hot-smelling wheel and tyres worn on the
    # inside read as yes; "only the hp logo and then nothing" read as nothing seen is a miss).
    # Then 10/12: "topped up the coolant" said as a past action no longer reads the level now,
    # as the opening table's held-out row "topped up the coolant last week and its already
    # overheating again" is labelled (that row was a new false positive of this stop).
    assert openings >= 10 and replies >= 7
