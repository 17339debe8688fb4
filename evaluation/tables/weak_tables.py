# ruff: noqa: E501  (a data table: its questions are long sentences)
"""Restatements (weak readings): the user answers by saying a state in their own words.

Rows are (class, question, answer, state). Written on 2026-11-26 (stop 33) for the classes
of weak misreading found on the crowd **training** tables (``crowd_tables``: GENERAL,
STEERING_BATTERY, STEERING_BATTERY_2), in other domains and wordings than those rows, as
users write (lower case, typos, hedges, long). ``DEVELOPMENT`` rows were read while the rules
were written; ``HELD_OUT`` rows were written at the same time, after the first rules, and
measured once at the end (docs/answer-reader.md, "Stop 33"); no rule was chosen on them.

Classes:
- ``negated question``: the question's main clause asks about a negated state ("is the
  battery not detected?", "does it fail to ...?"); a negation in the answer agrees (yes), an
  answer affirming the denied word disagrees (no).
- ``no difference``: a question about a change under a condition ("louder when you turn?")
  answered "it's the same whether ... or not" / "no matter ..." (no).
- ``reading in unit``: a number in the question's unit beside other numbers ("32 psi on all
  four" to "below 30 psi?").
- ``level mark``: a level against the marks ("between min and max", "way under the line") to
  "below the MIN mark?" / "above the MAX line?".
- ``fine after a denial``: a denial in one clause and "it looks fine" in the next ("no tears,
  they look fine"): the denial is not over "fine".
"""

from __future__ import annotations

DEVELOPMENT: list[tuple[str, str, str, str]] = [
    ("negated question", "Is the printer not picking up paper?", "it just makes a grinding noise and never grabs the sheet", "yes"),
    ("negated question", "Is the printer not picking up paper?", "it pulls the paper in fine, the problem is the smudges", "no"),
    ("negated question", "Does the phone fail to charge with the original cable?", "plugged it in overnight and it didnt go up at all", "yes"),
    ("negated question", "Does the phone fail to charge with the original cable?", "with the original one it charges, its only the cheap one that doesnt", "no"),
    ("negated question", "Is the wifi adapter not showing in device manager?", "i looked and there's nothing under network adapters", "yes"),
    ("negated question", "Do the brake lights not come on when you press the pedal?", "my wife checked from behind and they dont light up", "yes"),
    ("negated question", "Do the brake lights not come on when you press the pedal?", "both come on bright when i press it", "no"),
    ("negated question", "Does the washing machine fail to drain?", "theres still loads of water in the drum after the cycle, it wont go", "yes"),
    ("negated question", "Is the rash not fading after a few days?", "its still there and hasnt faded at all", "yes"),
    ("negated question", "Is the rash not fading after a few days?", "it has faded a lot since monday", "no"),
    ("no difference", "Does the rattle get worse when you go over bumps?", "honestly its the same whether the road is smooth or bumpy", "no"),
    ("no difference", "Does the fan get louder when you open a game?", "it sounds the same no matter what im running", "no"),
    ("no difference", "Is the pain worse when you lie down?", "it's the same whether i'm standing or lying, doesn't change", "no"),
    ("no difference", "Does the signal get weaker upstairs?", "no difference, its the same either way", "no"),
    ("reading in unit", "Is the battery voltage below 12 volts?", "both meters say 12.6 v, checked it twice", "no"),
    ("reading in unit", "Is your temperature above 38 degrees?", "took it 3 times, it was 38.9 degrees", "yes"),
    ("reading in unit", "Is the tyre pressure above 40 psi?", "the front two are 33 psi", "no"),
    ("level mark", "Is the oil level below the MIN mark on the dipstick?", "wiped it and checked, its sitting between the two dots", "no"),
    ("level mark", "Is the oil level below the MIN mark on the dipstick?", "barely touches the stick, way under the min", "yes"),
    ("level mark", "Is the washer fluid below the low line?", "it's in the middle, topped it up last week", "no"),
    ("level mark", "Is the coolant above the MAX line?", "its a bit over the max line i think i overfilled it", "yes"),
    ("level mark", "Is the coolant above the MAX line?", "right between min and max", "no"),
    ("fine after a denial", "Is the hose cracked or leaking?", "no cracks, it all looks fine to me", "no"),
    ("fine after a denial", "Does the wound look infected?", "not red or anything, it looks clean", "no"),
]

HELD_OUT: list[tuple[str, str, str, str]] = [
    ("negated question", "Is the dishwasher not filling with water?", "i hear it humming but no water ever comes in", "yes"),
    ("negated question", "Is the dishwasher not filling with water?", "it fills up ok, it just doesnt wash properly", "no"),
    ("negated question", "Does the screen fail to rotate when you turn the tablet?", "stays stuck in portrait whatever i do, won't flip", "yes"),
    ("negated question", "Does the screen fail to rotate when you turn the tablet?", "it rotates fine in every app", "no"),
    ("negated question", "Are the headlights not turning on?", "nope they dont come on at all, even on full beam", "yes"),
    ("negated question", "Are the headlights not turning on?", "they turn on but they look dim", "no"),
    ("negated question", "Does the mouse not respond when you move it?", "the cursor doesnt move an inch", "yes"),
    ("negated question", "Is the cough not getting better?", "it's been 3 weeks and its not improving", "yes"),
    ("no difference", "Does the whistling get louder when you speed up?", "same at 30 as at 70, it doesnt change", "no"),
    ("no difference", "Does the laptop run hotter when it is on the charger?", "temperature is the same whether its plugged in or not", "no"),
    ("no difference", "Is the itching worse at night?", "its the same no matter what time of day", "no"),
    ("no difference", "Does the vibration change when you press the clutch?", "no change either way, clutch in or out", "no"),
    ("reading in unit", "Is the blood pressure above 140?", "the machine said 150 over 95", "yes"),
    ("reading in unit", "Is the download speed below 5 mbps?", "speedtest says 48 mbps down and 10 up on 2 devices", "no"),
    ("reading in unit", "Is the water pressure below 1 bar?", "the gauge on the boiler sits at 0.5 bar", "yes"),
    ("reading in unit", "Is the fridge warmer than 5 degrees?", "thermometer shows 3 degrees on the middle shelf", "no"),
    ("level mark", "Is the brake fluid below the minimum line?", "it's sitting just under the line, maybe a few mm", "yes"),
    ("level mark", "Is the brake fluid below the minimum line?", "looks like its between the lines still", "no"),
    ("level mark", "Is the transmission fluid above the full mark?", "somewhere in the middle of the hatched bit", "no"),
    ("level mark", "Is the transmission fluid above the full mark?", "it's well over the full mark, someone overfilled it", "yes"),
    ("fine after a denial", "Are the brake pads worn down?", "no, plenty left, they look ok", "no"),
    ("fine after a denial", "Is the belt frayed or glazed?", "no fraying, looks good as new", "no"),
]

# Stop 34 (2026-11-26): three more classes from the crowd training tables' weak misreadings,
# in other domains and wordings than those rows. ``DEVELOPMENT_34`` rows were read while the
# rules were written; ``HELD_OUT_34`` rows were written before they were first run, after the
# rules (so with them in mind), and measured once (docs/answer-reader.md, "Stop 34").
# - ``affirmed``: a question about a negated state ("are the keys not responding?", "does it
#   fail to ...?") answered by saying the thing asked about is there and works, without
#   repeating the denied word ("every key types normally"): no. A fault, an absence or "I have
#   to do it myself" in the answer is not that.
# - ``stays or changes``: a question about a change or a movement ("does the needle go into
#   the red?") answered "it stays ..." (no), and one about a stuck state ("stuck at the same
#   number?") answered "it changes" (no).
# - ``degree``: "too X?" answered with X of a small degree ("just slightly warm": no) or of a
#   large one ("so hot i can't touch it": yes).
# - ``condition first``: "when you X, is Y not Z?": the leading condition no longer hides the
#   negated state the main clause asks about.
# - ``sounds``: a named noise ("a clunk", "popping") answered "it's quiet": no.
# - ``uneven``: "worn more on one edge than the other?" answered "evenly": no.
# - ``at once``: "play before the wheels respond?" answered "they react as soon as I turn": no.
# - ``broader``: "only in the evening?" answered "at random times, including mornings" or "at
#   all speeds, even in car parks": no.
DEVELOPMENT_34: list[tuple[str, str, str, str]] = [
    ("affirmed", "Are some of the mouse buttons not clicking?", "all the buttons click fine, its the scroll wheel thats weird", "no"),
    ("affirmed", "Does the car door fail to lock with the key fob?", "the doors lock straight away when i press the fob", "no"),
    ("affirmed", "Is the printer not showing up in the printer list?", "the printer is right there in the list with a green tick", "no"),
    ("affirmed", "Does the dishwasher fail to fill with water?", "i have to pour water in myself to get it going", "yes"),
    ("affirmed", "Is the second monitor not detected?", "windows sees both monitors and i can drag stuff across", "no"),
    ("stays or changes", "Does the fuel gauge needle drop when you fill up?", "the needle stays on empty even with a full tank", "no"),
    ("stays or changes", "Is the thermostat reading stuck at the same temperature?", "the reading changes every few minutes as the room warms", "no"),
    ("stays or changes", "Does the phone battery percentage go up when it's plugged in?", "it just stays at 40 no matter how long its on the charger", "no"),
    ("degree", "Does the phone get too hot to hold while charging?", "its a bit warm but i can hold it no problem", "no"),
    ("degree", "Is the water coming out of the tap too hot?", "it comes out so hot i cant keep my hand under it", "yes"),
    ("degree", "Is the music too loud at the lowest volume setting?", "at the lowest setting its only slightly loud, fine really", "no"),
    ("condition first", "When you plug in the charger, is the charging light not coming on?", "the charging light comes on orange straight away", "no"),
    ("condition first", "When you turn the key, does the dashboard not light up?", "nothing at all lights up, totally dark", "yes"),
    ("sounds", "Do you hear a thump from the back when you go over speed bumps?", "its dead quiet over the speed bumps", "no"),
    ("sounds", "Is there a creaking noise when you sit on the office chair?", "no, the chair is completely silent now", "no"),
    ("uneven", "Are the brake pads worn more on one side than the other?", "both pads look like theyre wearing evenly", "no"),
    ("at once", "Is there a delay before the screen wakes up? Do you have to wait before it responds?", "it responds as soon as i touch it", "no"),
    ("broader", "Does the wifi only cut out when the microwave is on?", "it cuts out randomly, microwave or not", "no"),
    ("broader", "Does your knee only hurt when you climb stairs?", "it aches all day, even in bed at night", "no"),
]

HELD_OUT_34: list[tuple[str, str, str, str]] = [
    ("affirmed", "Do some of the lights in the kitchen not turn on?", "every light in there comes on when i flick the switch", "no"),
    ("affirmed", "Does the garage door fail to open with the remote?", "the garage door opens every time i press the remote", "no"),
    ("affirmed", "Is the bluetooth headset not pairing with your phone?", "the headset pairs ok, the sound just cuts out", "no"),
    ("affirmed", "Does the toilet fail to refill after flushing?", "i have to fill the tank with a bucket each time", "yes"),
    ("affirmed", "Is the usb stick not recognised by the laptop?", "it pops up as drive E straight away", "no"),
    ("stays or changes", "Does the rev needle rise when you press the accelerator?", "the rev needle just stays at zero whatever i do", "no"),
    ("stays or changes", "Is the clock on the oven stuck at 12:00?", "the clock changes fine, it keeps the right time", "no"),
    ("stays or changes", "Does the water level in the tank drop overnight?", "water level stays exactly where it was, i marked it", "no"),
    ("stays or changes", "Is the download progress bar stuck at the same place?", "the progress bar goes up slowly but it does go", "no"),
    ("degree", "Is the bath water too cold?", "its slightly cool but fine for the kids", "no"),
    ("degree", "Does the laptop get too hot on your lap?", "it gets really hot, i have to put a cushion under it", "yes"),
    ("degree", "Is the room too bright to sleep in?", "maybe a little bright from the street lamp but i sleep ok", "no"),
    ("condition first", "When you switch on the hob, does the ring not heat up?", "the ring gets hot in a minute or so", "no"),
    ("condition first", "When you press play, is the sound not coming through the speakers?", "the speakers play the sound fine", "no"),
    ("sounds", "Do you hear a knocking noise from the engine when you accelerate?", "engine is quiet when i put my foot down", "no"),
    ("sounds", "Is there a squeak when you press the brake pedal?", "brakes are silent, no noise at all", "no"),
    ("uneven", "Is the sofa cushion sagging more on one end than the other?", "its sagging evenly all along", "no"),
    ("at once", "Does the clutch travel a long way before it starts to bite?", "it bites the moment i lift my foot", "no"),
    ("broader", "Does the printer only jam with thick paper?", "jams with any paper, including the normal stuff", "no"),
    ("broader", "Does the dog only bark when someone knocks?", "barks at random, even when the house is totally quiet", "no"),
]

# Stop 35 (2026-11-26): answers to chart-style questions as users type them, written before
# any of stop 35's reader changes and measured once at the end (docs/answer-reader.md, "Stop
# 35"); no rule was chosen on them. Classes are the stop's targets and plain chart answers:
# - ``degree beside a yes``: a yes (said or restated) with a small degree ("a bit", "kinda",
#   "slightly") is still a yes; a no with one is still a no.
# - ``change as a sequence``: "does X change with Y?" answered with one state, then another
#   ("quiet until 40 then louder"): yes; one state held throughout: no.
# - ``chart answer``: plain answers to FloDial-style chart questions in other words.
HELD_OUT_35: list[tuple[str, str, str, str]] = [
    ("degree beside a yes", "Is the brake pedal spongy?", "slightly spongy yeah, it goes down further than it used to", "yes"),
    ("degree beside a yes", "Does the screen flicker?", "a little bit ya, mostly when i scroll fast", "yes"),
    ("degree beside a yes", "Is the engine noisy at idle?", "kinda noisy yea, its annoying at red lights", "yes"),
    ("degree beside a yes", "Is the steering wheel shaking?", "only slightly but yes its def there", "yes"),
    ("degree beside a yes", "Is the hum from the speakers too loud?", "its a bit too loud tbh yes, i can hear it across the room", "yes"),
    ("degree beside a yes", "Is the keyboard hot?", "no, a little warm maybe but thats normal for it", "no"),
    ("change as a sequence", "Does the vibration change as you speed up?", "smooth until about 50 then the whole car shakes", "yes"),
    ("change as a sequence", "Does the brightness change when you unplug the charger?", "its bright on the charger then goes dim as soon as i unplug", "yes"),
    ("change as a sequence", "Does the temperature change under load?", "sits around 40 at idle and jumps to 90 when gaming", "yes"),
    ("change as a sequence", "Does the noise change when you turn the wheel?", "quiet going straight, starts grinding when i turn left", "yes"),
    ("change as a sequence", "Does the sound change with engine speed?", "it stays the same from idle all the way up to 4000 rpm", "no"),
    ("change as a sequence", "Does the fan speed change when you open a game?", "it starts quiet and stays quiet even in games", "no"),
    ("chart answer", "Is the battery light on the dashboard on?", "yeah its lit up red since this morning", "yes"),
    ("chart answer", "Does the laptop turn on when plugged in?", "nothing happens when i plug it in and press power", "no"),
    ("chart answer", "Is the charging LED lit?", "the little light stays dark", "no"),
    ("chart answer", "Do you hear the fan spin up when you press the power button?", "i hear it whirr for a second then it stops", "yes"),
    ("chart answer", "Is the tyre flat?", "its pumped up fine, i checked with a gauge", "no"),
    ("chart answer", "Does the wifi drop out often?", "every half hour or so it disconects", "yes"),
    ("chart answer", "Is the screen completely black?", "i can faintly see the desktop if i shine a torch on it", "no"),
    ("chart answer", "Does the car crank when you turn the key?", "it cranks over fine but never catches", "yes"),
    ("chart answer", "Is there any smell of fuel?", "cant smell anything unusual", "no"),
]

# Stop 35's development rows (read while the rules were written): a yes said after the
# statement; a change told as one state giving way to another; a fault named where the
# question asks whether something happens ("it dies every time" to "does it stay lit?"); and
# "only" with another condition, or with the one the question excludes.
DEVELOPMENT_35: list[tuple[str, str, str, str]] = [
    ("yes said after", "Is the fan too loud?", "its a bit loud yeah, annoying", "yes"),
    ("yes said after", "Is the fan too loud?", "its quiet yeah", "no"),
    ("yes said after", "Is the printer making a grinding noise?", "grinding yep, every time it feeds", "yes"),
    ("yes said after", "Is the battery draining fast?", "pretty fast ya", "yes"),
    ("yes said after", "Is the screen too dim?", "a little dim yeah, hard to read outside", "yes"),
    ("yes said after", "Is the screen too dim?", "its fine yeah, i can read it", "no"),
    ("yes said after", "Is the fan too loud?", "its not loud yeah", "no"),
    ("yes said after", "Do you have a cough?", "no fever, cough yes", "yes"),
    ("yes said after", "Do you have a fever?", "no fever, cough yes", "no"),
    ("changes in sequence", "Does the noise change with speed?", "it stays quiet until 40 then gets louder", "yes"),
    ("changes in sequence", "Does the noise change with speed?", "it starts quiet and stays quiet whatever speed", "no"),
    ("changes in sequence", "Does the fan speed change when the laptop gets busy?", "idles silent, then ramps up as soon as i open chrome", "yes"),
    ("changes in sequence", "Does the colour of the light change while charging?", "orange at first then it turns green when full", "yes"),
    ("changes in sequence", "Does the pain change during the day?", "fine in the morning, gets worse by evening", "yes"),
    ("changes in sequence", "Does the pain change during the day?", "it doesnt get better or worse, stays the same all day", "no"),
    ("fault instead", "Does the printer feed the paper through?", "it jams halfway and stops", "no"),
    ("fault instead", "Does the printer feed the paper through?", "the paper gets stuck halfway", "no"),
    ("fault instead", "Is the laptop freezing when it gets hot?", "it stops responding when hot", "yes"),
    ("fault instead", "Does the engine fire when you turn the key?", "it fires then dies straight away", "yes"),
    ("only otherwise", "Does the alarm go off with the key fob?", "only works with the button on the dashboard", "no"),
    ("only otherwise", "Does the heating come on with the thermostat?", "only comes on when i turn it on at the boiler", "no"),
    ("only otherwise", "Does your back hurt even when you are not lifting anything?", "it only hurts when i lift heavy boxes", "no"),
    ("only otherwise", "Does your back hurt even when you are not lifting anything?", "it hurts all the time even sitting", "yes"),
]

# Stop 36 (2026-11-27): answers to chart-style questions as users type them, written before
# any of stop 36's reader changes and measured once at the end (docs/answer-reader.md, "Stop
# 36"); no rule was chosen on them. Classes are the stop's targets:
# - ``other words``: the asked state described in other words than the question's (what one
#   hears, sees, feels; another device working) instead of restated.
# - ``state held``: a process asked about ("does it charge?") answered with a state that does
#   not move ("stuck on", "never moves off"), or one that does.
# - ``ratio``: an amount said as "X out of / of Y" against a percentage in the question.
# - ``only when another``: "only when <another condition>" (or "yes ... when <the excluded
#   condition>") where that condition shares a word with the question.
# - ``every time``: "every time <the asked condition> ..." says the asked thing happens; it is
#   not a broadening.
HELD_OUT_36: list[tuple[str, str, str, str]] = [
    ("other words", "Is the fan spinning?", "yeah i can feel air blowing out the side vent and hear it humming", "yes"),
    ("other words", "Do other devices connect to the wifi?", "my laptop gets on it no problem, its just this phone", "yes"),
    ("other words", "Is the engine turning over?", "i just hear one click and then silence", "no"),
    ("other words", "Is the screen backlight working?", "totally dark, cant make out anything even with a torch", "no"),
    ("other words", "Are the headlights working?", "they light up the road fine at night", "yes"),
    ("other words", "Is water leaking from the dishwasher?", "the floor in front of it is soaked after every wash", "yes"),
    ("other words", "Does the printer show up on the network?", "i can see it listed when i go to add a printer", "yes"),
    ("state held", "Does the battery charge?", "sits at 3% all night even on the charger", "no"),
    ("state held", "Does the phone charge when plugged in?", "the percentage creeps up slowly but it does go up", "yes"),
    ("state held", "Is the update downloading?", "been stuck on 47% for over an hour now", "no"),
    ("state held", "Does the engine warm up?", "the temp needle never moves off cold even after 20 mins of driving", "no"),
    ("ratio", "Is the disk more than 90% full?", "245gb used out of 256", "yes"),
    ("ratio", "Is the battery health below 80%?", "it says 3900 mah out of 5000 design capacity", "yes"),
    ("ratio", "Is memory usage over half?", "task manager says 3.1 of 16 gb in use", "no"),
    ("only when another", "Does the computer shut down by itself?", "only when i shut it down myself from the menu", "no"),
    ("only when another", "Does the car lock on its own?", "only if i press lock on the fob", "no"),
    ("only when another", "Does the fan get loud even when the laptop is idle?", "ya it gets loud when im gaming", "no"),
    ("only when another", "Does the car pull to one side even when you are not braking?", "yeah it pulls to the left when i brake hard", "no"),
    ("every time", "Does the battery go flat after a few days of not driving?", "every time i leave it over a long weekend its dead on monday", "yes"),
    ("every time", "Does the printer jam with thick paper?", "every single time i put card stock in it jams", "yes"),
    ("every time", "Does the wifi drop when the microwave is on?", "pretty much every time someone heats something up it cuts out", "yes"),
]

# Stop 36's development rows (read while the rules were written, after HELD_OUT_36 was
# committed): a level held still where a process is asked about, or moving; an amount out of
# its whole against a percentage; a person doing what is asked to happen by itself; a "yes"
# or a restatement under only the condition an "even when not ...?" question excludes, and an
# "even when ..." clause that is not it; what was found after what was done; a motor heard
# running; and
# "only"/"just" before an amount, which restricts nothing.
DEVELOPMENT_36: list[tuple[str, str, str, str]] = [
    ("level held", "Does the tablet charge overnight?", "it sits at 20% the whole night on the cable", "no"),
    ("level held", "Is the game installing?", "the bar has been stuck at 80% since lunch", "no"),
    ("level held", "Does the kettle heat up?", "the water stays at room temp, the light comes on though", "no"),
    ("level held", "Does the phone charge on the wireless pad?", "the percentage slowly creeps up, like 10% an hour", "yes"),
    ("level held", "Is the pool filling up?", "the water level keeps rising, slowly", "yes"),
    ("level held", "Does the battery charge?", "it charges to 100% and stays at 100", "yes"),
    ("ratio", "Is the drive more than 80% full?", "about 900 gb used out of 1000", "yes"),
    ("ratio", "Is the drive more than 80% full?", "400 gb free of 1000", "no"),
    ("ratio", "Is less than 10% of the storage free?", "only 3 gb left out of 128", "yes"),
    ("ratio", "Is the battery capacity under 60% of the original?", "it says 52000 of 57000 mwh", "no"),
    ("by itself", "Does the tv switch off by itself?", "only when i switch it off with the remote", "no"),
    ("by itself", "Does the garage door open on its own?", "only opens if i press the button on the wall", "no"),
    ("by itself", "Does the tv switch off by itself?", "it switches off on its own in the middle of films", "yes"),
    ("by itself", "Does the phone restart by itself?", "it restarts whenever i open maps", "yes"),
    ("when excluded", "Does the fan get loud even when you are not gaming?", "yeah it gets loud when im gaming", "no"),
    ("when excluded", "Does your knee hurt even when you are not walking?", "it hurts when i walk", "no"),
    ("when excluded", "Does the fan get loud even when you are not gaming?", "yes, even when im just browsing", "yes"),
    ("when excluded", "Does your knee hurt even when you are not walking?", "yes when im sitting too", "yes"),
    ("even otherwise", "Does your back hurt even when you are not lifting anything?", "it aches even when im just lying in bed", "yes"),
    ("even otherwise", "Does the screen flicker even when it is not on battery?", "it flickers even when its plugged in", "yes"),
    ("even otherwise", "Does the screen flicker even when it is not on battery?", "no, only on battery, even when the brightness is up", "no"),
    ("found after", "Are any of the tyres bald?", "i went round all four with a coin and theyre all good", "no"),
    ("found after", "Is there a squeal when you brake?", "i tried braking hard a few times, it was silent", "no"),
    ("found after", "Is the oil level low?", "i checked the dipstick and its right on the max line", "no"),
    ("found after", "Is any coolant leaking under the car?", "i looked under this morning and theres a green puddle", "yes"),
    ("heard running", "Is the pump running?", "there is a steady humming coming from under the sink when the tap is open", "yes"),
    ("heard running", "Is the blower motor spinning?", "theres a faint whirr from behind the dash when i switch the heater on", "yes"),
    ("heard running", "Is the cooling fan spinning?", "the laptop is completely silent, not even a whirr from the vents", "no"),
    ("just an amount", "Does the battery die in just a couple of hours?", "every time i unplug it, it dies in about two hours", "yes"),
    ("just an amount", "Does the battery run down in only a few days?", "every time the car sits over a weekend it needs a jump", "yes"),
]

# Stop 37's held-out rows: written and committed before any reader change of stop 37, before
# the held-out crowd tables' misreadings were read, the way users answer chart questions
# (other words, a "fine" to a problem question, an amount against the asked one, a hedge, an
# indirect denial, another condition). Measured once at the end (docs/answer-reader.md).
HELD_OUT_37: list[tuple[str, str, str, str]] = [
    ("fine to a problem", "Is the brake pedal spongy when you press it?", "the brakes feel fine to me, normal pedal", "no"),
    ("fine to a problem", "Is the laptop hot to the touch underneath?", "feels normal, nothing crazy", "no"),
    ("fine to a problem", "Does the door squeak when you open it?", "opens smooth and quiet as far as i can tell", "no"),
    ("fine to a problem", "Is the gear change stiff when the engine is cold?", "shifting seems totally normal even first thing in the morning", "no"),
    ("fine to a problem", "Is the engine hard to start when warm?", "warm or cold it starts first turn of the key", "no"),
    ("amount against", "Does the phone battery last a full day?", "i have to charge it again by lunch", "no"),
    ("amount against", "Does the laptop run for more than an hour on battery?", "it barely makes it 20 minutes off the charger", "no"),
    ("amount against", "Does the car start after sitting for a week?", "left it 10 days while on holiday and it fired right up", "yes"),
    ("amount against", "Does the battery hold charge for more than 30 minutes unplugged?", "it doesnt even last ten minutes once i pull the cable", "no"),
    ("other words", "Is the water pump leaking?", "theres a little pink crust and drips right under the pump", "yes"),
    ("other words", "Does the printer power on?", "the lights come on and it does its startup noises", "yes"),
    ("other words", "Does the mouse pointer move?", "the cursor is frozen in the corner, wont budge", "no"),
    ("other words", "Is the router's internet light on?", "the little globe one is dark, all the others are lit", "no"),
    ("other words", "Does the tap drip when it is turned off?", "you can hear it going plink plink all night", "yes"),
    ("other words", "Does the external monitor show a picture?", "the desktop shows up on the tv when i plug it in over hdmi", "yes"),
    ("another condition", "Does the steering wheel shake at motorway speeds?", "only when i brake coming off the slip road", "no"),
    ("another condition", "Does the laptop shut down when running on battery?", "it only does it when its plugged in, weirdly", "no"),
    ("hedged", "Is the fridge making a clicking noise?", "pretty sure thats what i keep hearing every few minutes, a click", "yes"),
    ("hedged", "Is the tyre tread below 2mm?", "i dont think so, looks like there's plenty left", "no"),
    ("indirect", "Has the laptop been dropped recently?", "its never left my desk", "no"),
    ("indirect", "Is the coolant reservoir empty?", "topped it up yesterday and its still at the same level", "no"),
    ("indirect", "Do the lights dim when the engine is idling?", "they get noticeably darker at the lights then brighten when i pull away", "yes"),
]

# Stop 37's development rows (read while the rules were written, after HELD_OUT_37 was
# committed), for classes found among the held-out crowd tables' misreadings:
# - ``goes on``: a question asking whether something ends (stops, goes away, clears up) and an
#   answer that says it goes on ("still", "keeps", "the whole drive"): no; one that names its
#   end: yes.
# - ``stays the same``: a question asking about a change or a comparison (gets faster, dims,
#   lower than) and an answer that says it stays the same: no.
# - ``broadening``: "only when/at X?" answered "at every speed", "in every room", "even right
#   next to it": no.
# - ``free of``: "free of X?", "without finding any X?" ask about things being right: "its
#   clean" is a yes.
# - ``instead``: what happens in place of the asked thing ("a blue screen instead", "goes
#   straight to windows"): no.
# - ``but not another``: "it cranks but does not catch" to "does it crank?": the "but" clause
#   denies another thing; the restatement stands ("but nothing happens" denies it all).
DEVELOPMENT_37: list[tuple[str, str, str, str]] = [
    ("goes on", "Does the rattle go away once the car warms up?", "nah its still rattling after half an hour on the motorway", "no"),
    ("goes on", "Does the beeping stop when you close the door?", "it keeps beeping even with every door shut", "no"),
    ("goes on", "Has the leak stopped since you tightened the hose?", "still dripping, maybe a bit slower", "no"),
    ("goes on", "Does the rash clear up after a few days?", "been a week and it's still all over my arms", "no"),
    ("goes on", "Does the rattle go away once the car warms up?", "it rattles for the first few minutes then stops", "yes"),
    ("goes on", "Does the beeping stop when you close the door?", "yep shut the door and it went quiet", "yes"),
    ("goes on", "Does the hissing go away after a minute or two?", "after a couple of minutes its gone completely", "yes"),
    ("goes on", "Does the whining stop when you let off the gas?", "goes quiet as soon as i lift off", "yes"),
    ("stays the same", "Does the fan get louder when you start a game?", "sounds about the same as when im on the desktop", "no"),
    ("stays the same", "Does the picture get brighter when you plug in the charger?", "brightness stays exactly the same plugged or unplugged", "no"),
    ("stays the same", "Is the new tyre pressure lower than the old reading?", "it is the same 32 psi as last week", "no"),
    ("stays the same", "Does the noise change when you press the clutch?", "no change at all when i push it in", "no"),
    ("stays the same", "Does the noise get worse over bumps?", "way worse, it bangs on every pothole", "yes"),
    ("stays the same", "Is the left tyre more worn than the right one?", "honestly they looked about the same to me", "no"),
    ("stays the same", "Is one headlight dimmer than the other?", "both are the same brightness", "no"),
    ("broadening", "Does the phone lose signal only in the basement?", "it drops out in every room of the house tbh", "no"),
    ("broadening", "Does the bike creak only when you stand on the pedals?", "creaks at any speed, sitting or standing", "no"),
    ("broadening", "Does the tv lose sound only on the hdmi input?", "happens on every input, even the aerial", "no"),
    ("broadening", "Does the wifi drop only when the laptop is far from the router?", "it only does it upstairs, far from the box", "yes"),
    ("free of", "Is the charging port free of dust or debris?", "had a look with a torch, its clean", "yes"),
    ("free of", "Did the scan finish without finding any problems?", "came back all clear, nothing flagged", "yes"),
    ("free of", "Is the air filter free of dirt?", "its filthy, grey all over", "no"),
    ("instead", "Does the tablet show the charging symbol when plugged in?", "i get a red battery with an exclamation mark instead", "no"),
    ("instead", "Does the pc show the bios screen when you press f2?", "it goes straight to windows every time", "no"),
    ("but not another", "Does the printer feed the paper?", "it pulls the sheet in but wont print anything on it", "yes"),
    ("but not another", "Does the phone connect to the wifi?", "it connects but the pages dont load", "yes"),
    ("but not another", "Does the laptop turn on?", "the lights come on but nothing else happens", "yes"),
    ("but not another", "Does the laptop turn on?", "i press the button but nothing happens", "no"),
]
