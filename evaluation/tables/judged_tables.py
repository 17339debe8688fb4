# ruff: noqa: E501  (a data table: its rows are long sentences)
"""Answers that name a state against what a yes/no question asks (the rules' "judged"
readings): a denial of the question's own word beside the opposite state, "same thing" after
trying a different one, "only when" questions answered by contrast, a question that names both
sides, one alternative of an "or" question affirmed beside the opposite of the other, "does it
fail to ...?", a number with the state denied.

Rows are (class, question, answer, branch), written as users write (lower case, typos, "tbh",
long replies). They were written on 2026-11-26 from the failure classes found on the crowd
*training* tables (``crowd_tables``: GENERAL, STEERING_BATTERY, STEERING_BATTERY_2), with
questions about no FloDial chart. ``DEVELOPMENT`` is what the rules were changed against;
``HELD_OUT`` was written at the same time, before any change, and is only measured.
"""

from __future__ import annotations

DEVELOPMENT: list[tuple[str, str, str, str]] = [
    ("own word denied", "When you brake, do you hear a grinding noise?", "no grinding, its dead quiet when i brake", "no"),
    ("own word denied", "Does the fan make a loud whirring noise?", "no whirring at all that i can hear, its pretty much silent", "no"),
    ("own word denied", "Is the power light on?", "theres no light on it, looks off to me", "no"),
    ("own word denied", "Is the tyre tread worn or cracked?", "tyres look practically new, no cracks anywhere", "no"),
    ("own word denied", "Is the bike chain loose?", "no slack on it, feels nice and tight", "no"),
    ("own word denied", "Is the screen flickering?", "no flicker that i can see, the picture is steady", "no"),
    ("other word denied", "Is the steering heavy when you're parking?", "turns easily when parking, barely any effort needed", "no"),
    ("other word denied", "Is the garage door hard to open by hand?", "it slides up easily, no real effort", "no"),
    ("other word denied", "Is the fridge noisy at night?", "its quiet, never noticed any problem with it", "no"),
    ("same outcome", "Does it charge if you use a different cable?", "swapped the cable for my partners one, same thing, still not charging", "no"),
    ("same outcome", "Have you tried a different charger?", "tried my mates charger, same result unfortunately", "yes"),
    ("same outcome", "Does the printer work from a different laptop?", "same problem from my husbands laptop", "no"),
    ("same outcome", "Does the noise change in a different gear?", "same noise whatever gear im in", "no"),
    ("only when", "Does the wifi drop only in the evening?", "mornings are fine, it cuts out in the evenings mostly", "yes"),
    ("only when", "Does the steering wheel shake only when you brake?", "its smooth until i hit the brakes, then it shakes like mad", "yes"),
    ("only when", "Does the engine stall only when it's cold?", "it stalls in any weather to be honest", "no"),
    ("only when", "Does it squeak only when you go over bumps?", "only squeaks over bumps, never otherwise", "yes"),
    ("only when", "Does the clicking happen only when the car is moving?", "it stops the moment i stop the car", "yes"),
    ("only when", "Is the laptop slow only when on battery?", "slow whether its plugged in or not", "no"),
    ("both sides", "After swapping the front tyres left to right, does it still pull to the same side?", "swapped them over and it still pulls right", "yes"),
    ("fail to", "Does the door fail to unlock after the cycle?", "door stays locked even after ages", "yes"),
    ("fail to", "Does the app fail to connect?", "it connects straight away", "no"),
    ("fail to", "Does the car fail to start in the morning?", "it starts first time every morning", "no"),
    ("either", "Is the charging light flashing or orange?", "its blinking green every couple of secs", "yes"),
    ("number denied", "Does the steering wheel shake above 50 mph?", "its steady even at 70", "no"),
    ("number denied", "Does the laptop get hot after more than 10 minutes of use?", "stays cool even after an hour", "no"),
]

HELD_OUT: list[tuple[str, str, str, str]] = [
    ("own word denied", "Is there a squealing noise when you start the car?", "no squeal, engine sounds quiet on startup", "no"),
    ("own word denied", "Is the status LED on?", "theres no led lit on it at all, its all off", "no"),
    ("own word denied", "Are the wiper blades cracked?", "they look new, no splits or cracks", "no"),
    ("own word denied", "Does the brake lever feel spongy?", "no sponginess, lever feels firm", "no"),
    ("own word denied", "Is the door handle loose?", "no wobble, feels solid", "no"),
    ("other word denied", "Is the tap hard to turn?", "turns easily, hardly need any force", "no"),
    ("other word denied", "Is the laptop fan loud?", "quiet, i dont even notice it", "no"),
    ("same outcome", "Does the router work with a different ethernet cable?", "tried a second cable, same story", "no"),
    ("same outcome", "Have you tried a different power socket?", "plugged it in upstairs too, same issue", "yes"),
    ("same outcome", "Does the buzz change with a different volume setting?", "same buzz at any volume", "no"),
    ("only when", "Does the printer jam only with thick paper?", "normal paper is fine, it jams with the thick card", "yes"),
    ("only when", "Does the car pull only when braking?", "drives straight normally but veers left when i brake", "yes"),
    ("only when", "Does the heater make noise only when it first turns on?", "it rattles the whole time its running", "no"),
    ("only when", "Does the phone heat up only when charging?", "only gets warm on charge, never otherwise", "yes"),
    ("only when", "Does the knocking happen only when the engine is warm?", "goes away once it warms up", "no"),
    ("fail to", "Does the sink fail to drain?", "water just sits there and wont go down", "yes"),
    ("fail to", "Does the garage door fail to close?", "it closes fine", "no"),
    ("number denied", "Does the fan shake above speed 3?", "runs steady even on 5", "no"),
    ("number denied", "Does the battery get hot after more than 20 minutes of gaming?", "stays cool even after 2 hours of gaming", "no"),
    ("both sides", "After swapping the left and right speakers, is the crackle still on the same side?", "swapped them and its still crackling on the right", "yes"),
]
