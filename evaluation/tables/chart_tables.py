"""Answers to chart questions by question kind, for charts nobody developed the reader on (stop 40).

Rows are (kind, question, answer, state), written the way users answer chart questions (lower
case, typos, hedges, indirect, long), with questions worded for charts the reader was not
developed on (a dishwasher, a combi boiler, a printer, a phone, an e-bike, a fridge, a smoke
alarm, a TV). ``HELD_OUT_40`` was written and committed before any reader change of stop 40;
it is measured once at the end (docs/answer-reader.md, "Stop 40").

Kinds (the question kinds of the stop-40 leave-one-chart-out view,
``python -m evaluation.reader_proxy charts``):
- ``state``: a yes/no question about a state ("is the display blank?").
- ``happened``: did something happen ("did it beep when you pressed start?").
- ``either``: "is it A or B", answered yes when the reply reports either.
- ``how long``: a duration against a bound ("more than a few seconds?").
- ``location``: where something is ("is the drip under the door?").
- ``level``: a level against a mark ("is the pressure below 1 bar?").
"""

from __future__ import annotations

HELD_OUT_40: list[tuple[str, str, str, str]] = [
    (
        "state",
        "Is the display on the boiler blank?",
        "theres nothing on it at all, just dark",
        "yes",
    ),
    (
        "state",
        "Is the dishwasher door fully latched?",
        "i think so it clicks when i shut it",
        "yes",
    ),
    (
        "state",
        "Is the paper tray seated all the way in?",
        "it sticks out a bit, wont go in further",
        "no",
    ),
    (
        "state",
        "Is the fridge light on when you open the door?",
        "nope its pitch black in there",
        "no",
    ),
    (
        "happened",
        "Did the smoke alarm chirp after you changed the battery?",
        "yeah it still chirps every minute or so",
        "yes",
    ),
    (
        "happened",
        "Did the phone vibrate when you plugged the charger in?",
        "didnt feel anything",
        "no",
    ),
    (
        "happened",
        "Did the printer print a test page?",
        "it pulled the paper through but it came out blank",
        "no",
    ),
    (
        "happened",
        "Did the TV restart on its own?",
        "it went off and came back by itself twice last night",
        "yes",
    ),
    (
        "either",
        "Does the boiler show an F22 code or a flashing red light?",
        "theres a red light blinking at me",
        "yes",
    ),
    (
        "either",
        "Does the phone say 'no SIM' or 'SIM not provisioned'?",
        "it says sim not provisioned",
        "yes",
    ),
    (
        "either",
        "Is the water left in the bottom clean or just slightly cloudy?",
        "its filthy, bits of food floating in it",
        "no",
    ),
    (
        "either",
        "Does the e-bike display show 'Error 21' or 'motor fault'?",
        "neither, it just shows the battery bars",
        "no",
    ),
    (
        "how long",
        "Does the boiler run for more than a few minutes before cutting out?",
        "its off again after maybe 30 seconds",
        "no",
    ),
    (
        "how long",
        "Has the battery been lasting less than a day?",
        "its dead by lunchtime most days",
        "yes",
    ),
    (
        "how long",
        "Does the printer take longer than a minute to warm up?",
        "its ready in like 10 secs",
        "no",
    ),
    (
        "how long",
        "Has the fridge been warm for over 24 hours?",
        "since yesterday morning so yeah about two days",
        "yes",
    ),
    (
        "location",
        "Is the water pooling under the dishwasher door?",
        "its more round the back by the pipes",
        "no",
    ),
    (
        "location",
        "Is the paper jammed inside the rear access panel?",
        "yeah i can see it crumpled up in there when i open the back flap",
        "yes",
    ),
    (
        "location",
        "Is the ice building up on the back wall of the freezer?",
        "its all on the door seal actually",
        "no",
    ),
    (
        "location",
        "Is the crack on the bottom edge of the phone screen?",
        "up in the top corner near the camera",
        "no",
    ),
    (
        "level",
        "Is the pressure gauge on the boiler below 1 bar?",
        "needle is sitting at about 0.5",
        "yes",
    ),
    (
        "level",
        "Is the rinse aid below the minimum mark?",
        "its about half full",
        "no",
    ),
    (
        "level",
        "Is the fridge temperature above 8 degrees?",
        "the thermometer says 4",
        "no",
    ),
    (
        "level",
        "Is the battery charge under 20 percent when it shuts off?",
        "usually it still says like 40% when it dies",
        "no",
    ),
    (
        "level",
        "Is the tyre pressure lower than the recommended level?",
        "bit under what it says on the sticker",
        "yes",
    ),
]


# Written after HELD_OUT_40 was committed, while the stop-40 reading ("fine elsewhere",
# bots/language/reader.py) was written: a judgement of another condition or of the excluded
# alternative beside the state asked about (yes), and controls where the fine is of the asked
# condition or the state is put under yet another one (not read as a yes by that reading).
DEVELOPMENT_40: list[tuple[str, str, str, str]] = [
    (
        "fine elsewhere",
        "Does the wifi drop out only at night?",
        "during the day its totally fine, its after 10pm it keeps cutting out",
        "yes",
    ),
    (
        "fine elsewhere",
        "Does the car shudder only when you brake hard?",
        "gentle stops are fine, its when i slam them on it shakes",
        "yes",
    ),
    (
        "fine elsewhere",
        "Does the printer jam after it warms up?",
        "the first few pages are fine then it starts jamming",
        "yes",
    ),
    (
        "fine elsewhere",
        "Does the fridge get noisy at night?",
        "in the daytime its ok, at night it hums loads",
        "yes",
    ),
    (
        "fine elsewhere",
        "Is the rattle coming from the boot rather than the dashboard?",
        "pretty sure its the boot, dash seems fine",
        "yes",
    ),
    (
        "fine elsewhere",
        "Does the screen flicker only on battery power?",
        "plugged in its fine but on battery it flickers like mad",
        "yes",
    ),
    (
        "fine elsewhere",
        "Does the boiler lose pressure overnight?",
        "it is fine in the evening, by the morning the pressure has dropped",
        "yes",
    ),
    (
        "fine elsewhere",
        "Is the steering heavy only when parking?",
        "on the motorway its fine, its in car parks where i struggle to turn it",
        "yes",
    ),
    (
        "fine asked",
        "Does the wifi drop out only at night?",
        "its fine at night, it drops during the day",
        "no",
    ),
    (
        "fine asked",
        "Does the car shudder only when you brake hard?",
        "braking hard is fine, it shudders when i cruise",
        "no",
    ),
    (
        "control",
        "Does the fridge get noisy at night?",
        "its fine, no noise at all",
        "no",
    ),
    (
        "control",
        "Does the printer jam after it warms up?",
        "its fine for me, no jams",
        "no",
    ),
    (
        "control",
        "Is the rattle coming from the boot rather than the dashboard?",
        "the boot is fine, its the dash",
        "no",
    ),
    (
        "control",
        "Does the screen flicker only on battery power?",
        "its fine on battery, it flickers when plugged in",
        "no",
    ),
]


# Written and committed before any reader change of stop 41 (measured once at the end):
# answers to chart questions of the two classes stop 41 works on, for charts nobody developed
# the reader on. "absence": the state asked is an absence (blank, empty, silent, dark, off)
# and the answer says it with "nothing" / "no X"; "absence control": the "nothing" denies
# something else or the presence is said. "condition": the state asked under a condition,
# the answer says it there and not under the other; "other condition": the answer puts the
# state under another condition, or under the asked one and another as well.
HELD_OUT_41: list[tuple[str, str, str, str]] = [
    (
        "absence",
        "Is the display on the thermostat blank?",
        "theres no numbers or anything on it, used to show the temp",
        "yes",
    ),
    (
        "absence",
        "Is the water tank on the coffee machine empty?",
        "nothing in there at all when i looked this morning",
        "yes",
    ),
    (
        "absence",
        "Is the bluetooth speaker completely silent?",
        "no sound whatsoever, not even a crackle",
        "yes",
    ),
    (
        "absence",
        "Is the control panel on the washer dark?",
        "no lights no nothing, like its not getting power",
        "yes",
    ),
    (
        "absence",
        "Are the printed pages coming out blank?",
        "no ink on them at all, just white paper",
        "yes",
    ),
    (
        "absence",
        "Is the router's status light off?",
        "no light at all on the front of it",
        "yes",
    ),
    (
        "absence",
        "Is the tv screen black when you switch it on?",
        "theres no picture, just the little red standby light",
        "yes",
    ),
    (
        "absence",
        "Is the tap dry when you turn it on?",
        "nothing comes out, not a drop",
        "yes",
    ),
    (
        "absence control",
        "Is the screen blank?",
        "no its got the logo on it and nothing else",
        "no",
    ),
    (
        "absence control",
        "Is the coolant tank empty?",
        "no its about half full, nothing wrong with the level",
        "no",
    ),
    (
        "absence control",
        "Is the laptop fan silent?",
        "no it makes a whirring noise, nothing too loud",
        "no",
    ),
    (
        "absence control",
        "Are there any warning lights on the boiler?",
        "nothing flashing that i can see",
        "no",
    ),
    (
        "absence control",
        "Is there water under the washing machine?",
        "no nothing, the floor is dry",
        "no",
    ),
    (
        "absence control",
        "Is the dehumidifier bucket empty in the morning?",
        "no theres always a good inch of water in it",
        "no",
    ),
    (
        "condition",
        "Does the laptop only turn on when the charger is connected?",
        "on battery alone it does nothing, soon as i pull the cable out it dies",
        "yes",
    ),
    (
        "condition",
        "Does the speaker only play when it is on the charger?",
        "it only plays on the charging cable, take it off and it cuts out straight away",
        "yes",
    ),
    (
        "condition",
        "Does the garage door only stick in cold weather?",
        "it sticks when its freezing out, in summer it goes up smooth",
        "yes",
    ),
    (
        "condition",
        "Does it click only when you turn?",
        "only when im turning, going straight its fine",
        "yes",
    ),
    (
        "condition",
        "Does the tumble dryer only get hot on the high setting?",
        "on low it stays cold, only high heats up",
        "yes",
    ),
    (
        "condition",
        "Does the screen flicker only when you move the lid?",
        "it flickers when i tilt the lid back, leave it still and its steady",
        "yes",
    ),
    (
        "condition",
        "Do the dashboard lights flicker at idle and steady up when you accelerate?",
        "they go steady once i give it some gas",
        "yes",
    ),
    (
        "condition",
        "Does the phone only charge when the cable is held at an angle?",
        "if i hold the cable bent a certain way it charges, let go and it stops",
        "yes",
    ),
    (
        "other condition",
        "Does the washing machine bang only during the spin cycle?",
        "its only when its filling up with water, the spin is quiet",
        "no",
    ),
    (
        "other condition",
        "Do you hear the squeal when you brake?",
        "only when i pull away from the lights, not when i brake",
        "no",
    ),
    (
        "other condition",
        "Does the knocking happen only over speed bumps?",
        "going straight its quiet, its when i turn the wheel that it knocks",
        "no",
    ),
    (
        "other condition",
        "Does the fan only come on when you run games?",
        "it comes on even just sitting on the desktop doing nothing",
        "no",
    ),
    (
        "other condition",
        "Does the coffee machine leak only when you steam milk?",
        "it drips when i make a normal espresso too, not just with the milk",
        "no",
    ),
    (
        "other condition",
        "Does the vibration only happen at high speed?",
        "its there from about 20 mph, by the time im on the motorway its gone",
        "no",
    ),
    (
        "other condition",
        "Does the toothbrush only stop when the battery is low?",
        "stops even right after a full charge",
        "no",
    ),
    (
        "other condition",
        "Does the lawnmower cut out only when the grass is long?",
        "it cuts out on short grass too, even on the patio",
        "no",
    ),
    (
        "other condition",
        "Does the windscreen only fog up when the heater is on?",
        "it mists up as soon as i turn the blower off",
        "no",
    ),
    (
        "other condition",
        "Is the grinding noise only there when you reverse?",
        "i get it going forwards as well, mostly at low speed",
        "no",
    ),
]


# Written after HELD_OUT_41 was committed, while the stop-41 reading of a state under a condition
# (bots/language/conditions.py) was written; read while the code was written.
DEVELOPMENT_41: list[tuple[str, str, str, str]] = [
    (
        "restricted",
        "Does the laptop work only when plugged in?",
        "it only runs on ac, as soon as i unplug it it is dead",
        "yes",
    ),
    (
        "plain",
        "Do you hear a clunk over bumps?",
        "i only hear it when turning into a parking space, not over bumps",
        "no",
    ),
    ("restricted", "Does the noise happen only over bumps?", "only when im turning", "no"),
    (
        "plain",
        "Do the headlights dim at idle and brighten when you rev?",
        "they get brighter when i rev",
        "yes",
    ),
    (
        "restricted",
        "Does the heater only blow warm air when the engine is revving?",
        "at idle its cold air, rev it and it warms up",
        "yes",
    ),
    (
        "restricted",
        "Does the fan only spin up when you play games?",
        "it spins up just browsing too",
        "no",
    ),
    (
        "restricted",
        "Does the car pull only when braking?",
        "it pulls when i accelerate, not when braking",
        "no",
    ),
    (
        "restricted",
        "Does the car pull only when braking?",
        "it pulls when i brake, not when i accelerate",
        "yes",
    ),
    (
        "restricted",
        "Does the noise only happen when the engine is cold?",
        "only when its warmed up, first thing in the morning its quiet",
        "no",
    ),
    (
        "restricted",
        "Does the noise only happen when the engine is cold?",
        "only first thing in the morning, once warm its quiet",
        "yes",
    ),
    (
        "restricted",
        "Does the phone only disconnect when it is in your pocket?",
        "it drops even sitting on the table next to the router",
        "no",
    ),
    (
        "restricted",
        "Does the printer only jam on thick paper?",
        "it jams on normal paper as well",
        "no",
    ),
    (
        "restricted",
        "Does the squeak only happen when it rains?",
        "only in the wet, dry days its silent",
        "yes",
    ),
    ("restricted", "Is the wifi slow only upstairs?", "downstairs its just as bad", "no"),
    (
        "restricted",
        "Does the battery drain only overnight?",
        "it drains during the day too while im using it",
        "no",
    ),
    (
        "restricted",
        "Does the screen only go dim on battery?",
        "it dims when unplugged, on the charger its bright",
        "yes",
    ),
    (
        "restricted",
        "Does it stall only when you stop at lights?",
        "it stalls when i pull away, not when stopped",
        "no",
    ),
    (
        "restricted",
        "Does the steering shake only when braking?",
        "i only feel it when i brake, cruising is smooth",
        "yes",
    ),
    (
        "restricted",
        "Does the grinding happen only when you change gear?",
        "its there all the time, gear or no gear",
        "no",
    ),
    (
        "restricted",
        "Does the tv only lose signal in bad weather?",
        "it goes even on clear sunny days",
        "no",
    ),
    (
        "restricted",
        "Does the kettle only trip the switch when full?",
        "trips it with just a cup in",
        "no",
    ),
    (
        "restricted",
        "Does the drill only overheat on long jobs?",
        "after a couple of minutes its hot, even on short jobs",
        "no",
    ),
    (
        "restricted",
        "Does the car only misfire under load?",
        "misfires at idle too, not just going uphill",
        "no",
    ),
    (
        "restricted",
        "Is the squeal only there when the aircon is on?",
        "squeals with it off too",
        "no",
    ),
    (
        "restricted",
        "Does the door only stick when it's wet out?",
        "sticks when its wet, dry weather it opens fine",
        "yes",
    ),
    (
        "restricted",
        "Does the engine rattle only on startup?",
        "only for a few seconds after i start it, then it goes quiet",
        "yes",
    ),
    (
        "restricted",
        "Does the engine rattle only on startup?",
        "it rattles whenever i accelerate, not at startup",
        "no",
    ),
    (
        "restricted",
        "Does the computer only crash when gaming?",
        "only when im in a game, browsing is fine",
        "yes",
    ),
    (
        "restricted",
        "Does the computer only crash when gaming?",
        "only when i watch videos, games run fine",
        "no",
    ),
    (
        "restricted",
        "Does the tap only drip when the heating is on?",
        "drips with the heating on or off",
        "no",
    ),
]


# Written and committed before any reader change of stop 42 (docs/answer-reader.md, "Stop
# 42"), scored once at its end. The class: "I can't check that" said through its means, a
# tool or a check under a negation or an absence ("no meter here", "nothing to measure it
# with", "no way for me to check", "dont have a gauge"), to questions of appliances and
# machines nobody developed the reader on (a well pump, a heat pump, a pool, a generator, a hot
# tub, a 3D printer, an e-scooter, an aquarium, a water softener, a motorbike, a solar panel,
# a chimney, a sewing machine). ``unable``: read as "cannot check" (help with checking) or
# "not sure", never a yes or a no. ``control``: a "no X" / "nothing" / "dont have" that is the
# answer itself (what is absent is what the question asks about).
HELD_OUT_42: list[tuple[str, str, str, str]] = [
    (
        "unable",
        "Is the voltage at the pump terminals above 220 V?",
        "no meter here so cant say",
        "unable",
    ),
    (
        "unable",
        "Does the thermostat read the same temperature as a separate thermometer?",
        "got nothing to compare it with",
        "unable",
    ),
    (
        "unable",
        "Is the tyre pressure on the e-bike above 40 psi?",
        "i dont have a pump with a gauge on it",
        "unable",
    ),
    (
        "unable",
        "Is the pool water pH between 7.2 and 7.6?",
        "no test strips in the house atm",
        "unable",
    ),
    (
        "unable",
        "Is the resistance across the heating element under 30 ohms?",
        "nothing to measure it with sorry",
        "unable",
    ),
    (
        "unable",
        "Is the refrigerant pressure on the heat pump within the range on the label?",
        "no way for me to check that, its all sealed up",
        "unable",
    ),
    (
        "unable",
        "Does the generator put out 50 Hz under load?",
        "havent any way of testing the frequency",
        "unable",
    ),
    (
        "unable",
        "Is the drive belt on the sewing machine tight enough?",
        "i dont have the tools to get the cover off",
        "unable",
    ),
    (
        "unable",
        "Is the hot tub heater drawing more than 15 amps?",
        "no clamp meter, sorry",
        "unable",
    ),
    (
        "unable",
        "Does the well pump hold pressure for an hour with the taps closed?",
        "theres no gauge on it that i can find",
        "unable",
    ),
    (
        "unable",
        "Is the nozzle of the 3D printer reaching 200 degrees?",
        "the screen is cracked so i have no way to see the temp",
        "unable",
    ),
    (
        "unable",
        "Is the scooter battery above 36 volts when it is charged?",
        "without a multimeter i cant tell you",
        "unable",
    ),
    (
        "unable",
        "Is the chimney flue drawing properly?",
        "id have no way of knowing, its up on the roof",
        "unable",
    ),
    (
        "unable",
        "Does the aquarium filter move more than 200 litres an hour?",
        "not got anything to measure the flow",
        "unable",
    ),
    (
        "unable",
        "Is the water hardness below 5 gpg at the kitchen tap?",
        "we dont have a test kit for that",
        "unable",
    ),
    (
        "unable",
        "Are the brake pads on the motorbike thicker than 2 mm?",
        "cant see them without taking the wheel off and ive no tools for that",
        "unable",
    ),
    (
        "unable",
        "Is the solar panel putting out more than 18 volts in full sun?",
        "nothing here to test it with, just a screwdriver",
        "unable",
    ),
    (
        "unable",
        "Is the pressure in the boiler's expansion vessel about 1 bar?",
        "no pressure gauge for the vessel, only the one on the front",
        "unable",
    ),
    (
        "control",
        "Is there any water left in the dishwasher sump after a cycle?",
        "no water in there, its dry",
        "no",
    ),
    (
        "control",
        "Does the outdoor unit of the heat pump have power?",
        "no power to it at all, the light on it is off",
        "no",
    ),
    ("control", "Do you have a spare fuse for the generator?", "dont have a spare one no", "no"),
    ("control", "Is there a smell of gas near the water heater?", "no smell here at all", "no"),
    (
        "control",
        "Is anything blocking the fan of the 3D printer?",
        "nothing in the way that i can see",
        "no",
    ),
    (
        "control",
        "Does the pool pump hum when it is switched on?",
        "theres no noise from it at all",
        "no",
    ),
    ("control", "Did the scooter show an error code?", "no code, nothing on the screen", "no"),
    (
        "control",
        "Have you cleaned the hot tub filter recently?",
        "havent touched it in months",
        "no",
    ),
    (
        "control",
        "Is the pressure switch on the well pump clicking?",
        "yes it clicks but then no water comes",
        "yes",
    ),
    (
        "control",
        "Is there a tool for adjusting the tension on the sewing machine?",
        "no tool came with it",
        "no",
    ),
]


# Read while writing the stop-42 "cannot check" reading (development, not held out): the
# lead's lead17 misses and rows of the same class for other charts.
DEVELOPMENT_42: list[tuple[str, str, str, str]] = [
    ("unable", "Does the battery read more than 12 volts?", "no meter here", "unable"),
    ("unable", "Does the battery read more than 12 volts?", "nothing to measure it with", "unable"),
    ("unable", "Is the coolant level between the marks?", "no way for me to check", "unable"),
    ("unable", "Is the tyre pressure below 30 psi?", "dont have a gauge", "unable"),
    ("unable", "Is the fuse for the radio blown?", "no tester in the car, cant tell", "unable"),
    (
        "unable",
        "Is the router's signal above -70 dBm?",
        "nothing on my phone to see that",
        "unable",
    ),
    (
        "unable",
        "Is the fridge colder than 5 degrees inside?",
        "havent got a thermometer here",
        "unable",
    ),
    ("unable", "Does the outlet give 120 volts?", "no way of testing it here", "unable"),
    ("unable", "Is the wheel bearing loose?", "i have no jack to lift it up", "unable"),
    ("unable", "Is the alternator putting out 14 volts?", "no voltmeter unfortunately", "unable"),
    ("control", "Is there any power at the outlet?", "no power at all, nothing lights up", "no"),
    ("control", "Do you have a spare battery?", "dont have one", "no"),
    ("control", "Is there a smell of burning?", "no smell here", "no"),
    ("control", "Is there a warning light on the dash?", "nothing on the dash", "no"),
    ("control", "Does the display show anything?", "no picture at all", "no"),
    ("control", "Is the fuel gauge reading empty?", "no its about half", "no"),
]
