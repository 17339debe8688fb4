"""A "no" also answers the compound questions that take its "yes" for granted
(``bots.language.presupposed``): an engine that does not fire neither "fires right up but stalls
when you release the key" nor "starts, runs a few seconds and then stalls". The lead14 web chat
probe was asked the first right after saying "it wont fire up"."""

from __future__ import annotations

from typing import Any

import pytest

from bots.language.offline import OfflineInterpreter
from bots.language.presupposed import presupposing
from bots.language.volunteer import volunteered_facts
from knowledge.datasets import flodial

from .conftest import _ensure_packs
from .test_opening_facts_service import _open
from .test_service import Service, say

CHARTS = (
    "car_wont_start",
    "engine_overheats",
    "ticking",
    "brake_problem",
    "car_electrical_failure",
    "car_steering",
    "laptop_battery",
    "laptop_drive",
    "laptop_overheating",
    "lcd_problem",
    "power",
    "wireless",
)
FIRED_THEN_STALLED = {"car_wont_start:q23", "car_wont_start:q27"}


def test_only_compound_questions_presuppose() -> None:
    """The two questions that ask for a firing and then a stall presuppose the firing (and the
    starter's cranking, which a firing needs); no plain question presupposes its neighbours
    ("the battery reads more than 12 volts" reads as a 12 volt reading at the coil, which it
    does not take for granted)."""
    table = {chart: presupposing(flodial.load_network(chart)) for chart in CHARTS}
    assert table["car_wont_start"] == {
        "car_wont_start:q9": frozenset(FIRED_THEN_STALLED),
        "car_wont_start:q1": frozenset(FIRED_THEN_STALLED),
    }
    assert all(not found for chart, found in table.items() if chart != "car_wont_start")


@pytest.mark.parametrize(
    "opening",
    [
        "it turns over and over but it just wont catch",
        "turn the key and nothing at all, the starter doesnt even crank",
    ],
)
def test_an_engine_that_never_fired_did_not_fire_and_stall(opening: str) -> None:
    network = flodial.load_network("car_wont_start")
    read = {a.finding: a.states for a in volunteered_facts(opening, network)}
    assert all(read.get(f) == ("no",) for f in FIRED_THEN_STALLED), read


def test_a_firing_said_is_not_denied() -> None:
    """An engine that fires and then stalls answers the compound questions from its own words,
    never "no" from the presupposition."""
    network = flodial.load_network("car_wont_start")
    read = {
        a.finding: a.states
        for a in volunteered_facts("it fires up for a second then dies", network)
    }
    assert read.get("car_wont_start:q23") != ("no",), read
    assert read.get("car_wont_start:q27") != ("no",), read


@pytest.mark.django_db
@pytest.mark.parametrize("reply", ["no it wont fire up", "nope, it doesnt even try to catch"])
def test_an_answer_no_to_the_firing_answers_fire_and_stall(
    packs: tuple[str, ...], reply: str
) -> None:
    """The answer path: "no" to "does the engine fire?" is read for the pending question and,
    through the interpreter the service uses, for the two questions that presuppose it."""
    network = flodial.load_network("car_wont_start")
    pending = network.finding("car_wont_start:q9")
    read = OfflineInterpreter().interpret(reply, pending=pending, network=network)
    assert read.answer_for(pending.id) is not None
    assert read.answer_for(pending.id).states == ("no",)  # type: ignore[union-attr]
    noted = {a.finding: a.states for a in read.volunteered}
    assert all(noted.get(f) == ("no",) for f in FIRED_THEN_STALLED), noted


@pytest.mark.django_db
@pytest.mark.parametrize(
    "opening",
    [
        "it cranks but never catches, and fuel is definitely reaching the filter",
        "cranks fine, wont catch, fuel gets to the filter, its a carb engine",
    ],
)
def test_no_to_the_firing_is_no_to_fire_and_stall(
    service_factory: Service, packs: tuple[str, ...], opening: str
) -> None:
    """Through the web chat's service: once the opening says the engine does not fire,
    neither compound question is asked in the rest of the conversation (before, both
    openings were asked "does the engine fire right up but stall ...?", as the lead14 probe
    was)."""
    _ensure_packs(("car",))
    service: Any = service_factory()
    thread = f"presupposed-{len(opening)}"
    reply = _open(service, thread, opening, "car", "start")
    for _ in range(8):
        if not reply.buttons:
            break
        assert reply.question not in FIRED_THEN_STALLED, reply.parts
        reply = say(service, thread, "not sure", channel="web")
