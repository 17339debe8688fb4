"""A noise made when the person tries to start the car is about starting (stop 45).

lead20: "turn the key and all i get is a rapid clicking noise, dash lights come on but go dim
while its clicking" went straight into the noises chart ("clicking" is a noise word; "turn the
key" was no starting word to the router) and asked twelve ticking questions before a hand-off.
Trying to start, in the words people use for it (turning or twisting the key, the start
button, "get it going"), now joins the router's starting synonyms
(``knowledge.retrieval.text.SYNONYM_GROUPS``), so the starting chart is the one entered or
offered first; a noise while driving stays with the noises, the steering or the brakes.
Turning the key also names a car for the scope check (``bots.scope``): "every time i turn the
key theres just a click" named nothing a car pack covers and was asked which topic it was.
Checked through the service: the first section offered (entered, or first in the picker).
Both parts were written before the change; the held-out part is scored once: before 3/6, after
5/6 ("when i try and get it going it just clicks at me" names no car and is asked the topic).
Development 3/6 -> 6/6; controls 7/7 before and after. FloDial dev's 198 distinct openings:
the same charts entered, all right (one now through the meaning's tie-break).
"""

from __future__ import annotations

from typing import Any

import pytest

from .conftest import _ensure_packs
from .test_routing_on_the_trouble import _section

START = "car_wont_start"

DEVELOPMENT = [
    "turn the key and all i get is a rapid clicking noise, dash lights come on but go dim while "
    "its clicking",
    "every time i turn the key theres just a click click click and nothing happens",
    "tried to start it this morning and it just made a clicking sound",
    "press the start button and it clicks but the engine wont turn over",
    "when i go to start the car it makes a grinding noise and doesnt catch",
    "turning the ignition just gives me a whirring noise, engine never fires",
]
HELD_OUT = [
    "car wont go this morning, i turn the key and hear a single click from under the bonnet and "
    "that's it, engine doesnt even try to turn over",
    "key goes round, lights on the dash flicker and theres a tapping noise but no start",
    "when i try and get it going it just clicks at me",
    "soon as i twist the key there's a loud clunk and then silence",
    "hit the push button start and all it does is make a chattering noise",
    "it makes a whining noise when i turn the ignition but never catches",
]
# Noises while driving: not the starting chart.
CONTROLS = [
    "ticking noise from the front wheel when i drive",
    "clicking noise when i turn the steering wheel on full lock",
    "theres a ticking from the engine for the first couple of minutes on cold mornings then it "
    "goes",
    "clunking noise over speed bumps",
    "theres a tick tick tick from the back end but only when im reversing into my drive",
    "the car starts fine but theres a clicking from the wheels when i drive off",
    "squealing noise when i brake",
]


@pytest.mark.django_db
@pytest.mark.parametrize("opening", DEVELOPMENT, ids=[r[:40] for r in DEVELOPMENT])
def test_a_noise_when_starting_is_about_starting(
    service_factory: Any, packs: Any, opening: str
) -> None:
    _ensure_packs(("car",))
    assert _section(service_factory(), "start", "car", opening) == START


@pytest.mark.django_db
@pytest.mark.parametrize("opening", CONTROLS, ids=[r[:40] for r in CONTROLS])
def test_a_noise_while_driving_is_not(service_factory: Any, packs: Any, opening: str) -> None:
    _ensure_packs(("car",))
    assert _section(service_factory(), "drive", "car", opening) != START


@pytest.mark.django_db
def test_held_out(service_factory: Any, packs: Any) -> None:
    """Scored and printed, not asserted (module docstring)."""
    _ensure_packs(("car",))
    service = service_factory()
    got = [_section(service, f"start-{i}", "car", t) == START for i, t in enumerate(HELD_OUT)]
    print(f"held-out start routing: {sum(got)}/{len(got)}")
