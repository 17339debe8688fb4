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

# Stop 48 (issue 19): written before any reader change of stop 48 and before its development
# rows, from the classes the crowd tables' misreadings were expected to fall into: the state
# in other words, a degree or how often, a hedge ("i reckon so"), what the user did or saw
# done, an opposite said with a negation ("not a drop"), and a reply about another finding
# (label "other": must not be read onto the question asked). FloDial dev charts only. Scored
# once, at the end of stop 48 (docs/answer-reader.md, "Stop 48"); not developed on.
HELD_OUT_48: list[AnswerRow] = [
    ("brake_problem", "q2", "my foot basically ends up on the floor mat when i brake", "yes"),
    ("brake_problem", "q17", "nah one push and its solid straight away", "no"),
    (
        "brake_problem",
        "q19",
        "theres a high pitched whine every time i stop, like a squeaky door",
        "yes",
    ),
    ("brake_problem", "q20", "i reckon so, a sort of thud when i first press down", "yes"),
    ("brake_problem", "q31", "it pulls up nice and quick, no complaints there", "no"),
    ("brake_problem", "q9", "handbrake holds it on the hill outside my house no bother", "yes"),
    (
        "brake_problem",
        "q5",
        "the little red exclamation thing on the dash has been lit up since tuesday",
        "yes",
    ),
    ("brake_problem", "q28", "no tug on the wheel at all when braking", "no"),
    (
        "brake_problem",
        "q3",
        "i topped it up last month and its already way below the min line again",
        "no",
    ),
    (
        "car_electrical_failure",
        "q6",
        "if it sits for more than about three days it wont turn over",
        "yes",
    ),
    ("car_electrical_failure", "q3", "radio still works, its just the wipers that are dead", "no"),
    (
        "car_electrical_failure",
        "q16",
        "the arrow on the dash just stays lit and doesnt tick",
        "yes",
    ),
    ("car_electrical_failure", "q22", "theyre covered in furry blue-green crud", "no"),
    ("car_wont_start", "q1", "i turn it and it goes rurr rurr rurr but never catches", "yes"),
    ("car_wont_start", "q9", "not even a splutter", "no"),
    ("car_wont_start", "q23", "it goes for a couple of seconds and then conks out", "yes"),
    ("car_wont_start", "q28", "only seems to happen on wet days come to think of it", "yes"),
    (
        "car_wont_start",
        "q29",
        "its fine once its warmed up, its only on cold mornings it dies",
        "no",
    ),
    ("car_wont_start", "q20", "id have thought so, its a 2015 golf", "yes"),
    (
        "engine_overheats",
        "q7",
        "i cant hear anything spinning under the bonnet even when its boiling hot",
        "no",
    ),
    ("engine_overheats", "q2", "smells like someone spilled candy in the vents", "yes"),
    ("engine_overheats", "q4", "a red thermometer symbol pops up now and again", "yes"),
    ("engine_overheats", "q18", "even sitting still it keeps on climbing", "no"),
    ("engine_overheats", "q5", "the tank is bone dry", "no"),
    ("engine_overheats", "q13", "the mechanic said its stuck shut", "no"),
    (
        "laptop_drive",
        "q1",
        "i get white text on a black background saying something about disk",
        "yes",
    ),
    ("laptop_drive", "q26", "theres a faint hum if i put my ear right up to it", "yes"),
    ("laptop_drive", "q19", "dont think ive ever had one of those tbh", "no"),
    (
        "laptop_drive",
        "q17",
        "i hammered f8 and it came up in that low res mode with safe mode in the corners",
        "yes",
    ),
    ("laptop_overheating", "q2", "its in the conservatory which gets like a greenhouse", "yes"),
    ("laptop_overheating", "q8", "mostly on my duvet in bed tbh", "no"),
    ("laptop_overheating", "q6", "when it gets toasty i can hear it going flat out", "yes"),
    ("laptop_overheating", "q13", "it only kicks in now and then when im gaming", "no"),
    ("laptop_overheating", "q12", "i dont believe so", "no"),
    (
        "lcd_problem",
        "q10",
        "i have to tilt it and shine a torch on it to make anything out",
        "yes",
    ),
    ("lcd_problem", "q14", "theres a thin pink stripe running top to bottom", "yes"),
    ("lcd_problem", "q16", "everythings sideways", "yes"),
    (
        "lcd_problem",
        "q25",
        "theres a dark patch in the corner and its bigger than it was last week",
        "yes",
    ),
    ("power", "q1", "plugging it in makes no difference, all the lights stay dark", "no"),
    ("power", "q10", "it feels mushy, no click at all", "no"),
    ("power", "q19", "took the battery out and ran it off the mains, came on fine", "yes"),
    ("power", "q25", "the lamp works off the same socket", "yes"),
    ("ticking", "q1", "more like a deep knock than a tick", "yes"),
    ("ticking", "q6", "if i knock it out of gear and let it roll it carries on", "yes"),
    ("ticking", "q15", "new set of michelins went on about a fortnight ago", "yes"),
    ("ticking", "q19", "its there at every speed, even on the motorway", "no"),
    ("wireless", "q20", "it cuts in and out all evening", "yes"),
    ("wireless", "q6", "the list is completely empty", "no"),
    ("wireless", "q22", "it works fine at the library and in starbucks", "yes"),
    ("wireless", "q15", "the globe symbol on the box is dark", "no"),
    ("wireless", "q5", "i think so? its the one in my flat", "yes"),
    # Another finding: not this question's answer.
    ("brake_problem", "q21", "the handbrake lever feels floppy", "other"),
    ("car_electrical_failure", "q14", "my battery light keeps flickering on the dash", "other"),
    ("car_wont_start", "q5", "the starter motor makes a grinding noise", "other"),
    ("engine_overheats", "q25", "the heater only blows cold air", "other"),
    ("engine_overheats", "q4", "the fan is roaring like a jet engine", "other"),
    ("laptop_drive", "q14", "the fan is really loud when it starts", "other"),
    ("laptop_overheating", "q11", "the bottom gets too hot to touch", "other"),
    ("lcd_problem", "q27", "the colours look a bit washed out", "other"),
    ("power", "q3", "the fan spins for a second then stops", "other"),
    ("ticking", "q17", "it gets louder when i turn left", "other"),
    ("wireless", "q1", "my password is definitely right", "other"),
]
