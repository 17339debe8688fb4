"""Answers to FloDial chart questions in lay words, and answers about another finding (stop 45).

Written before any reader change of stop 45 (docs/answer-reader.md, "Stop 45"), the way users
answer a chart's question in the web chat: lower case, typos, hedges, indirect, long, and in
words the chart's question does not use ("takes forever to pull up" for "hard to bring the car
to a halt?"). Only FloDial's dev charts: the two test charts (``car_steering``,
``laptop_battery``) are not used. ``HELD_OUT_45`` is not developed on; it is scored once at the
end of the stop.

Answer rows are (chart, finding, answer, label); the finding is the chart's node ("q31"). The
label is "yes" or "no", or "other" for a reply that speaks of another finding and must not be
read onto the pending question (right when the pending question gets no yes or no from it).

Opening rows are (pack or chart, opening message, finding, must): ``must`` True when the
finding must be read "yes" from the opening, False when it must not be. Two classes the lead's
probes found (docs/probes/lead20.json, note44): a single lamp said as "one headlight out, the
rest works" is the car chart's "single lamp failure?", and a machine's wheezing noise is no
wheeze of the breath (the patient-intake pack's findings).
"""

from __future__ import annotations

AnswerRow = tuple[str, str, str, str]
OpeningRow = tuple[str, str, str, bool]

DEVELOPMENT_45: list[AnswerRow] = [
    (
        "brake_problem",
        "q31",
        "takes forever to pull up at the lights, i have to really stamp on it",
        "yes",
    ),
    ("brake_problem", "q18", "when i slow down theres a horrible screech", "yes"),
    (
        "brake_problem",
        "q18",
        "its silent when i come to a stop, the noise is only when i accelerate",
        "no",
    ),
    ("brake_problem", "q2", "pedal sinks right down to the carpet", "yes"),
    ("brake_problem", "q17", "i have to press it 3 or 4 times before it gets hard", "yes"),
    ("brake_problem", "q28", "when i slow down the car veers to the left a bit", "yes"),
    ("brake_problem", "q28", "the wheel stays dead straight when i stop", "no"),
    ("brake_problem", "q21", "i think its more of a griding metal on metal sound", "yes"),
    ("engine_overheats", "q7", "yeah i can hear it whirring once the engine gets hot", "yes"),
    (
        "engine_overheats",
        "q18",
        "if i pull over and let it tick over the needle goes back down to the middle",
        "yes",
    ),
    (
        "engine_overheats",
        "q22",
        "theres a puddle of green stuff under the front every morning",
        "yes",
    ),
    (
        "engine_overheats",
        "q1",
        "pretty sure i saw some steam comming from under the bonnet",
        "yes",
    ),
    ("laptop_overheating", "q2", "its next to a radiator in my bedroom", "yes"),
    ("laptop_overheating", "q8", "i use it in bed on the duvet mostly", "no"),
    (
        "laptop_overheating",
        "q6",
        "the fan is roaring like a jet engine when it gets hot",
        "yes",
    ),
    ("laptop_overheating", "q11", "it just turns itself off when it gets too hot", "yes"),
    ("lcd_problem", "q2", "when i plug it into the tv i see the logo and everything", "yes"),
    ("lcd_problem", "q6", "i never get past the windows logo", "no"),
    (
        "lcd_problem",
        "q10",
        "i can just about make out the icons if i shine a torch on it",
        "yes",
    ),
    ("wireless", "q1", "my wifi name isnt in the list, just the neighbours ones", "no"),
    ("wireless", "q6", "i can see loads of networks, just not mine", "yes"),
    ("wireless", "q20", "it keeps dropping out every half hour or so", "yes"),
    ("car_wont_start", "q1", "when i turn the key it just goes click and nothing", "no"),
    ("car_wont_start", "q9", "it turns over and over but never catches", "no"),
    # Another finding: not this question's answer.
    ("brake_problem", "q19", "the brake warning light came on yesterday", "other"),
    (
        "laptop_overheating",
        "q6",
        "it shuts down after about 10 minutes of gaming",
        "other",
    ),
    (
        "engine_overheats",
        "q4",
        "theres green fluid dripping from under the radiator",
        "other",
    ),
    ("wireless", "q15", "my phone connects to it fine", "other"),
    ("lcd_problem", "q3", "the screen stays black the whole time", "other"),
    ("car_wont_start", "q5", "the battery is brand new, put it in last week", "other"),
]

HELD_OUT_45: list[AnswerRow] = [
    ("power", "q1", "the little light by the plug comes on when i plug it in", "yes"),
    ("power", "q7", "i can hear it whirring inside for a sec", "yes"),
    ("power", "q3", "it goes beep beep beep when i press the button", "yes"),
    ("power", "q14", "the charger socket wobbles about when i touch it", "yes"),
    ("power", "q18", "the plug sits snug, doesnt move at all", "no"),
    (
        "laptop_drive",
        "q3",
        "its been making a clicking clunk sound from the bottom left for a week",
        "yes",
    ),
    ("laptop_drive", "q26", "dead silent, not a peep from it", "no"),
    ("laptop_drive", "q16", "i get the windows logo then it goes black", "yes"),
    (
        "laptop_drive",
        "q2",
        "it loops on the spinning dots forever and never reaches my desktop",
        "no",
    ),
    ("ticking", "q5", "it ticks even when im parked with the engine running", "no"),
    (
        "ticking",
        "q8",
        "its there first thing on frosty mornings and goes once its warmed up",
        "yes",
    ),
    ("ticking", "q13", "mostly when i go round corners, on the straight its quiet", "yes"),
    ("ticking", "q24", "only when i back out of the drive", "yes"),
    ("car_electrical_failure", "q2", "the wipers and the radio are dead", "yes"),
    (
        "car_electrical_failure",
        "q6",
        "if i leave it over the weekend its flat on monday",
        "yes",
    ),
    (
        "car_electrical_failure",
        "q16",
        "the indicators flash really fast on the left side",
        "yes",
    ),
    ("brake_problem", "q30", "the pedal judders under my foot when i stop hard", "yes"),
    (
        "brake_problem",
        "q10",
        "feels like its being held back, one wheel is really hot after a drive",
        "yes",
    ),
    (
        "engine_overheats",
        "q2",
        "theres a sickly sweet smell like syrup when i get out",
        "yes",
    ),
    (
        "wireless",
        "q13",
        "when i plug the cable straight into the router the internet works",
        "yes",
    ),
    # Another finding: not this question's answer.
    ("power", "q10", "the charging light is orange", "other"),
    ("engine_overheats", "q7", "the temperature needle goes right up into the red", "other"),
    ("ticking", "q17", "it gets faster the faster i drive", "other"),
    ("wireless", "q2", "the router lights are all green", "other"),
    ("laptop_drive", "q14", "it makes a clunking sound as it starts", "other"),
    ("brake_problem", "q5", "my brakes squeal like crazy", "other"),
]

# Openings. car_electrical_failure q14: "Do you have a single lamp failure? It could be a
# headlight, a taillight, or a blinker." Intake E_214: a wheezing sound when breathing out.
DEVELOPMENT_45_OPENINGS: list[OpeningRow] = [
    (
        "car_electrical_failure",
        "my passenger side headlight has gone out, everything else works fine, indicators and "
        "brake lights all ok",
        "q14",
        True,
    ),
    (
        "car_electrical_failure",
        "one of my brake lights isnt working, the other one is fine",
        "q14",
        True,
    ),
    (
        "car_electrical_failure",
        "the left indicator bulb has blown, all my other lights are fine",
        "q14",
        True,
    ),
    (
        "car_electrical_failure",
        "none of my lights work at all, headlights, indicators, nothing",
        "q14",
        False,
    ),
    # Added after the first version ran, from lead21's probe (a rear light: "rear", "front"
    # and "back" lights were not among the lamps).
    (
        "car_electrical_failure",
        "the garage told me my nearside rear light isnt working, all the other bulbs and the "
        "dash are fine",
        "q14",
        True,
    ),
    ("patient-intake", "my car makes a wheezing noise when i accelerate", "E_214", False),
    ("patient-intake", "the kettle wheezes and whistles when it boils", "E_214", False),
    ("patient-intake", "my laptop fan has a wheezy rattle to it", "E_214", False),
    ("patient-intake", "ive been wheezing when i breathe out since the cold", "E_214", True),
]

HELD_OUT_45_OPENINGS: list[OpeningRow] = [
    ("car_electrical_failure", "rear left tail light out, rest are working", "q14", True),
    (
        "car_electrical_failure",
        "only the drivers side dipped beam has stopped working",
        "q14",
        True,
    ),
    (
        "car_electrical_failure",
        "just one fog light is dead, everything else electrical is fine",
        "q14",
        True,
    ),
    (
        "car_electrical_failure",
        "all the lights on the dash and outside died at once",
        "q14",
        False,
    ),
    ("patient-intake", "the hoover makes a wheezing sound", "E_214", False),
    ("patient-intake", "engine wheezes when i put my foot down", "E_214", False),
    ("patient-intake", "the radiator pipes wheeze and hiss at night", "E_214", False),
    ("patient-intake", "wheezy chest, worse when i breathe out", "E_214", True),
    ("patient-intake", "my son wheezes every time he breathes out", "E_214", True),
]
