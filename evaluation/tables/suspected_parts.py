# ruff: noqa: E501  (a data table: one row a line)
"""Openings that name the part the user suspects, written as users write.

People open with their guess at the cause ("I believe I have a starter, battery or
alternator issue") and then, often in another sentence, say what the thing does or does
not do ("it doesn't even try to turn over"). A guess names a question's subject (the
starter) without saying what the question asks of it (does it crank?): it answers nothing.
Each row is (chart, opening, {finding: state}) with the facts the opening states clearly, as
in ``opening_table``; a suspected part is never a fact.

``HELD_OUT`` was written with ``DEVELOPMENT``, after the rule for the class
(``bots.language.facts.stated_facts``: a "yes" needs its own sentence to say the predicate)
and before it was measured on them; it is only measured.
"""

from __future__ import annotations

from evaluation.tables.opening_table import Row

Y, N = "yes", "no"

DEVELOPMENT: list[Row] = [
    ("car_wont_start", "pretty sure its the starter or the battery. turned the key this morning and it wont even crank", {"q1": N, "q23": N, "q27": N}),
    ("car_wont_start", "I think I've got a starter problem, or maybe the alternator. It doesn't turn over at all when I turn the key.", {"q1": N, "q23": N, "q27": N}),
    ("car_wont_start", "could be the battery, idk. engine cranks over fine but never actually starts", {"q1": Y, "q9": N, "q23": N, "q27": N}),
    ("car_wont_start", "my mechanic reckons its the spark plugs. it turns over ok but doesnt fire", {"q1": Y, "q9": N, "q23": N, "q27": N}),
    ("car_wont_start", "i suspect the fuel filter honestly. car starts, runs for a few seconds then stalls", {"q9": Y, "q23": Y, "q1": Y}),
    ("engine_overheats", "might be the thermostat or the water pump?? the fan does turn on when it warms up tho", {"q7": Y}),
    ("engine_overheats", "i'm guessing its the radiator cap. temp gauge shoots up after 20 mins of driving", {"q3": Y}),
    ("laptop_overheating", "think it might be the fan, or the thermal paste. laptop gets super hot and then just shuts down", {"q11": Y}),
    ("laptop_overheating", "probably a battery issue? it overheats a lot and the fan doesnt spin at all", {"q6": N}),
    ("laptop_battery", "i reckon the battery is on its way out. it goes from full to empty in like 40 minutes", {"q2": Y}),
    ("power", "maybe the power button is broken? i press it and nothing at all happens", {}),
    ("wireless", "could be my router i guess, my phone connects fine but the laptop keeps dropping out", {"q20": Y}),
    ("brake_problem", "i think its the brake pads. the car does stop but theres a grinding noise when i brake", {"q1": Y, "q18": Y, "q21": Y}),
    ("ticking", "maybe its the hub caps? theres a ticking that only happens when the car is moving", {"q5": Y}),
    ("car_electrical_failure", "im thinking its the alternator or the battery, the battery keeps going flat after a couple of days", {"q6": Y}),
    ("lcd_problem", "maybe the inverter? screen is really dim, i can barely see anything", {"q10": Y}),
]

HELD_OUT: list[Row] = [
    ("car_wont_start", "Honestly I think the battery is dying or it's the starter motor. When I turn the key nothing happens, it just won't crank.", {"q1": N, "q23": N, "q27": N}),
    ("car_wont_start", "could it be the ignition coil? it cranks fine but the engine wont catch", {"q1": Y, "q9": N, "q23": N, "q27": N}),
    ("car_wont_start", "My guess is the fuel pump. The engine turns over but it won't start.", {"q1": Y, "q9": N, "q23": N, "q27": N}),
    ("engine_overheats", "Suspect a bad water pump. No leaks that I can see but it still overheats on the motorway", {"q1": N}),
    ("engine_overheats", "i think it's the radiator fan. it never comes on even when the engine is really hot", {"q7": N}),
    ("laptop_overheating", "its probably dust in the fan tbh. laptop gets hot and freezes up when i game", {"q16": Y}),
    ("laptop_overheating", "not sure if its the battery or the fan. it overheats and the fan is running constantly", {"q6": Y, "q13": Y}),
    ("laptop_battery", "Maybe the adapter is faulty? The battery drains super fast, like an hour tops.", {"q2": Y}),
    ("power", "I think the power jack might be loose. When I plug in the charger the power light flickers.", {"q2": Y}),
    ("wireless", "is it my router? my laptop doesnt even show my home network in the list", {"q1": N}),
    ("brake_problem", "pads or rotors maybe? brakes squeal every time i stop", {"q18": Y, "q19": Y}),
    ("car_steering", "pretty sure it's the tie rods. the steering wheel pulls to the left on a straight road", {"q17": Y}),
    ("ticking", "guessing it's a stone in the tyre. ticking sound only at low speed", {"q19": Y}),
    ("car_electrical_failure", "could be the regulator, no idea. one headlight is out", {"q14": Y}),
    ("lcd_problem", "i think the lcd itself is dying, theres lines all through the display", {"q14": Y}),
    ("laptop_drive", "maybe the hard drive is failing? it started making clunking noises last week", {"q3": Y}),
]
