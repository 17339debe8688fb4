"""When the words leave two charts close, the one clearly nearest in meaning is entered (stop 44).

lead20: "theres a ticking from the engine for the first couple of minutes on cold mornings
then it goes away once its warmed up" scored overheating 1.34 and noises 1.31 by its words, so
the user was asked to pick, though in meaning it is plainly the noise (0.55 against 0.39); a
user who answered "not sure" was handed to a person. ``meaning_check.breaks_the_tie``: one of
the words' two best, nearer in meaning than the next by ``TIE_MARGIN``, is entered.

The rows were written after the rule, before it was first run on them; the held-out part is
scored once and reported. FloDial's dev openings check that no opening enters a wrong chart.
"""

from __future__ import annotations

from typing import Any

import pytest

from bots.messages import Inbound
from bots.models import Case

from .conftest import _ensure_packs

DEVELOPMENT = [
    (
        "car",
        "theres a ticking from the engine for the first couple of minutes on cold mornings then "
        "it goes away once its warmed up",
        "ticking",
    ),
]
HELD_OUT = [
    (
        "car",
        "engine makes a clicking sound when its cold but it stops after a few minutes",
        "ticking",
    ),
    (
        "it-laptop",
        "my laptop keeps dropping the wifi whenever it gets warm on my lap",
        "wireless",
    ),
    ("car", "temperature needle goes up a lot when i drive uphill in the heat", "engine_overheats"),
]


def _section(service: Any, thread: str, pack: str, opening: str) -> str:
    service.handle(Inbound("web", thread, opening, user_id="u1", pack=pack))
    state = Case.objects.get(external_thread_id=thread).state
    return "" if state.get("awaiting_section") else str(state.get("section", ""))


@pytest.mark.django_db
@pytest.mark.parametrize("row", DEVELOPMENT, ids=[r[1][:40] for r in DEVELOPMENT])
def test_meaning_breaks_a_tie_of_words(
    service_factory: Any, packs: Any, row: tuple[str, str, str]
) -> None:
    _ensure_packs(("car",))
    assert _section(service_factory(), "tie", row[0], row[1]) == row[2]


@pytest.mark.django_db
def test_held_out(service_factory: Any, packs: Any) -> None:
    """Scored and printed; asserted: none enters a wrong chart (asking is not wrong)."""
    _ensure_packs(("car",))
    got = [_section(service_factory(), f"tie-{i}", p, t) for i, (p, t, _) in enumerate(HELD_OUT)]
    entered = sum(g == r[2] for g, r in zip(got, HELD_OUT, strict=True))
    print(f"held-out ties: {entered}/{len(HELD_OUT)} entered")
    assert all(g in ("", r[2]) for g, r in zip(got, HELD_OUT, strict=True)), got
