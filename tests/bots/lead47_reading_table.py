# ruff: noqa: E501  (a data table: one row a line)
"""Stop 47's reading changes (the lead, from lead23's web-chat probes), scored on rows written
after the rules in other words, never developed on (``HELD_OUT``), by the change's author:
not blind. ``python -m pytest -s tests/bots/test_lead47_reading.py`` prints the score.

Openings: (chart, message, {question node: state}). Replies: (chart, node, reply, state,
where state "unsure" is a "not sure").
"""

OPENINGS_HELD_OUT: list[tuple[str, str, dict[str, str]]] = [
    (
        "car_wont_start",
        "nothing happens when i turn the key apart from a clicking noise, the starter just clicks",
        {"q1": "no"},
    ),
    (
        "car_wont_start",
        "car is dead, it only made a single click this morning and the engine did not turn over",
        {"q1": "no"},
    ),
    (
        "engine_overheats",
        "ive topped up the coolant twice this week and it still runs hot",
        {"q5": "yes"},
    ),
    (
        "engine_overheats",
        "expansion tank has been topped up to the line but the gauge still climbs",
        {"q5": "yes"},
    ),
    (
        "laptop_overheating",
        "a wisp of smoke came out of the keyboard and it smelt like melting plastic",
        {"q1": "yes"},
    ),
    (
        "laptop_overheating",
        "it smells scorched when its been on a while and gets really hot underneath",
        {"q1": "yes"},
    ),
    (
        "ticking",
        "theres a clonk from the back each time we drive over the speed humps near school",
        {"q2": "yes"},
    ),
    (
        "wireless",
        "if i connect it to the router with the network cable everything works fine, wifi is hopeless",
        {"q13": "yes"},
    ),
    (
        "laptop_battery",
        "battery only lasts half an hour these days even fully charged",
        {"q2": "yes"},
    ),
    ("laptop_drive", "windows never loads, just goes round in circles then restarts", {"q2": "no"}),
    (
        "laptop_drive",
        "theres a horrible grinding from the hard disk when i turn it on",
        {"q3": "yes"},
    ),
    (
        "car_electrical_failure",
        "the nearside headlight wont come on but the other one is fine",
        {"q14": "yes"},
    ),
]
REPLIES_HELD_OUT: list[tuple[str, str, str, str]] = [
    ("car_electrical_failure", "q14", "the rear left bulb doesnt come on", "yes"),
    ("car_electrical_failure", "q14", "my brake light isnt working", "yes"),
    ("car_electrical_failure", "q14", "no theyre all working", "no"),
    ("engine_overheats", "q5", "its almost empty", "no"),
    ("engine_overheats", "q5", "looks pretty low to be honest", "no"),
    ("brake_problem", "q3", "its full", "yes"),
    ("brake_problem", "q10", "perhaps the back left one, it smells hot after driving", "unsure"),
    ("car_steering", "q20", "maybe the fronts look a bit worn on the inside", "unsure"),
    ("laptop_drive", "q1", "only the hp logo and then nothing", "yes"),
    ("laptop_drive", "q1", "it sits at the bios screen", "yes"),
]
