"""Safety advice for hazards a troubleshooting user mentions (bots.safety.hazards), read from
words as people type them, and given once, before the reply, through the service.

The phrasing table has a development part (the patterns were written against it) and a
held-out part written afterwards and not developed on; both are reported with ``-s``. The
first held-out part (now the end of the development rows) was measured once at recall 88.9%,
false alarms 20% ("got a little electric shock", "the gauge never goes into the red"); the
rules were then fixed for those classes, so it became development data and a new held-out part
was written."""

from __future__ import annotations

import pytest

from bots.safety.hazards import hazards

from .test_service import Service, say

# (message, the hazard kinds it mentions)
DEVELOPMENT = [
    ("theres smoke coming out of the side of my laptop!!", {"fire"}),
    ("charger smells like burning plastic when its plugged in", {"fire"}),
    ("saw a spark when i plugged the charger in", {"fire"}),
    ("the plug on the adapter has melted a bit", {"fire"}),
    ("battery is all swollen and the trackpad is pushing up", {"battery"}),
    ("the underneath gets too hot to touch after 10 mins", {"battery"}),
    ("brake pedal goes right down to the floor", {"brakes"}),
    ("brakes have gone completely, i could barely stop", {"brakes"}),
    ("car wont stop properly when i brake", {"brakes"}),
    ("steam coming out from under the bonnet", {"overheating engine"}),
    ("temp gauge shot up into the red on the motorway", {"overheating engine"}),
    ("strong smell of petrol inside the car", {"fuel"}),
    ("fuel is dripping under the car", {"fuel"}),
    ("the laptop case gave me a shock when i touched it while charging", {"electric shock"}),
    ("no smoke or anything, it just wont turn on", set()),
    ("fan is loud but nothing burning", set()),
    ("the brakes squeal a bit but stop fine", set()),
    ("temperature gauge sits in the middle as normal", set()),
    ("hasnt overheated, no steam", set()),
    ("screen is black but i can hear the fan", set()),
    ("wifi keeps dropping every ten minutes", set()),
    ("battery drains fast, about 2 hours", set()),
    ("car clicks when i turn the key", set()),
]

HELD_OUT = [
    ("my macbook charger is sparking at the magnet end", {"fire"}),
    ("smells like something electrical is burning near the laptop", {"fire"}),
    ("the battery has puffed up so much the lid wont shut", {"battery"}),
    ("pedal feels spongy and sinks to the floor at lights", {"brakes"}),
    ("put my foot on the brake and it just didnt stop, nearly hit someone", {"brakes"}),
    ("temperature light came on and theres steam from the radiator", {"overheating engine"}),
    ("i can smell gas when the heater is on in the car", {"fuel"}),
    ("keeps zapping me when i touch the usb port", {"electric shock"}),
    ("laptop wont stop beeping when i turn it on", set()),
    ("no burning smell, the fan just runs all the time", set()),
    ("the brakes are fine, its the clicking when i turn", set()),
    ("battery doesnt hold a charge anymore", set()),
    ("car is smoking hot in the sun so the aircon struggles", set()),
    ("heater blows cold air", set()),
]

DEVELOPMENT += [
    ("there was a pop and a puff of smoke from the power brick", {"fire"}),
    ("keyboard has a brown scorch mark near the hinge and it smells burnt", {"fire"}),
    ("my battery is bulging out of the bottom of the case", {"battery"}),
    ("it literally burned my leg on the sofa", {"battery"}),
    ("pressed the brake and it went almost to the floor before anything happened", {"brakes"}),
    ("the brakes failed going down the hill, had to use the handbrake", {"brakes"}),
    ("clouds of steam from the engine and the needle is maxed out", {"overheating engine"}),
    ("theres a really strong diesel smell in the cabin", {"fuel"}),
    ("got a little electric shock off the metal edge of the laptop", {"electric shock"}),
    ("no sparks, no smell, just dead", set()),
    ("brakes feel fine, its the steering that pulls", set()),
    ("the gauge never goes into the red", set()),
    ("laptop gets warm but not hot", set()),
    ("engine cranks but doesnt fire", set()),
]

DEVELOPMENT += [
    ("i got a tingle off the metal edge of my laptop when its charging", {"electric shock"}),
    ("there's a hissing and a crackling from the charger and a flash", {"fire"}),
    ("the steering locked up while i was driving", {"wheels and steering"}),
    ("wheel nut came off and the wheel is wobbling", {"wheels and steering"}),
    ("steering wheel shakes at 60 on the motorway", set()),
    ("steering wheel turns a few inches before the wheels do", set()),
    ("my phone buzzes on the desk next to the laptop", set()),
]

# A second held-out part, written at stop 34 before the steering and wheels hazard and the
# tingle and crackle wordings, and not developed on. Measured before them: recall 0 of 4; after:
# 3 of 4 ("the nuts on my back wheel are loose" is missed), no false alarm.
HELD_OUT_2 = [
    ("the nuts on my back wheel are loose, i can turn them by hand", {"wheels and steering"}),
    (
        "steering went stiff and locked solid halfway round a roundabout",
        {"wheels and steering"},
    ),
    (
        "theres a buzzing feeling in my fingers when i touch the laptop while its plugged in",
        {"electric shock"},
    ),
    ("the socket crackles and flashes when i plug the charger in", {"fire"}),
    ("the wheels feel fine, its just a rattle from the back", set()),
    ("speakers crackle when i turn the volume up", set()),
    ("screen flashes white now and then", set()),
]


def _score(rows: list[tuple[str, set[str]]]) -> tuple[float, float, list[str]]:
    hits = misses = alarms = quiet = 0
    wrong = []
    for text, kinds in rows:
        found = {h.kind for h in hazards(text)}
        if kinds:
            hits += kinds <= found
            misses += not kinds <= found
        else:
            alarms += bool(found)
            quiet += not found
        if found != kinds:
            wrong.append(f"{text!r}: {sorted(found)} (want {sorted(kinds)})")
    recall = hits / max(1, hits + misses)
    false_alarms = alarms / max(1, alarms + quiet)
    return recall, false_alarms, wrong


# The held-out part, measured once: recall 87.5% (7 of 8), false alarms 16.7% (1 of 6):
# "something electrical is burning" was missed and "smoking hot in the sun" taken as smoke.
# Its floors guard against getting worse; they are not the target.
FLOORS = {"dev": (0.95, 0.05), "held-out": (0.85, 0.2), "held-out-2": (0.75, 0.0)}


@pytest.mark.parametrize(
    ("name", "rows"), [("dev", DEVELOPMENT), ("held-out", HELD_OUT), ("held-out-2", HELD_OUT_2)]
)
def test_hazards_are_read_from_peoples_words(name: str, rows: list[tuple[str, set[str]]]) -> None:
    recall, false_alarms, wrong = _score(rows)
    print(f"\n{name}: recall {recall:.1%}, false alarms {false_alarms:.1%}; wrong: {wrong}")
    least_recall, most_alarms = FLOORS[name]
    assert recall >= least_recall and false_alarms <= most_alarms, wrong


# A parked car's steering lock holds the key: part of a car that won't start, which the
# "wheels and steering" advice ("don't drive it, have it towed") misstates; on the move it
# is the hazard.
STEERING_LOCK = [
    ("steering wheel is locked and the key wont turn", set()),
    ("my steering locked and now i cant turn the ignition", set()),
    ("the key is stuck, I think the steering has locked", set()),
    ("steering locked solid while driving and the key is still in", {"wheels and steering"}),
    ("the steering locked up on the motorway", {"wheels and steering"}),
]


@pytest.mark.parametrize(("text", "kinds"), STEERING_LOCK)
def test_a_parked_steering_lock_is_no_hazard(text: str, kinds: set[str]) -> None:
    assert {h.kind for h in hazards(text)} == kinds


@pytest.mark.django_db
def test_the_advice_comes_first_once_and_the_troubleshooting_goes_on(
    service_factory: Service,
) -> None:
    service = service_factory()
    thread = "hazard-1"
    first = say(
        service,
        thread,
        "laptop charger started smoking and smells like burning plastic, laptop wont charge",
        channel="web",
        pack="it-laptop",
    )
    assert first.parts[0].startswith("Safety first: if you see smoke")
    assert first.kind in ("question", "prompt")
    # Said again: the advice is not repeated, and the conversation goes on.
    second = say(service, thread, "the smoke was coming from the plug end", channel="web")
    assert not any(p.startswith("Safety first") for p in second.parts), second.text
    assert second.kind in ("question", "prompt")


@pytest.mark.django_db
def test_patients_never_get_device_advice(service_factory: Service) -> None:
    service = service_factory()
    reply = say(
        service,
        "hazard-2",
        "i smoke about 10 a day and have a cough",
        channel="web",
        pack="patient-intake",
    )
    assert not any(p.startswith("Safety first") for p in reply.parts)
