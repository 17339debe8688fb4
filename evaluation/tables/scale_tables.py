"""Answers that give the thing asked about a state of their own (stop 38).

Rows are (class, question, answer, state), written the way users answer chart questions
(lower case, typos, hedges, long). ``HELD_OUT_38`` was written and committed before any reader
change of stop 38 and before the crowd tables' "another predicate" misreadings were read in
detail; it is measured once at the end (docs/answer-reader.md, "Stop 38").

Classes:
- ``scale differs``: the answer gives the thing asked about another state on the question's
  scale (flat to "tilted?", firm to "saggy?", quiet to "loud?", soldered to "removable?"): no.
- ``scale agrees``: it gives a state on the same side of that scale in other words (spongy to
  "soft?", murky to "cloudy?"): yes.
- ``not planned``: classes this stop does not target (an event that shows the asked state, a
  sound of the asked event, an amount against a duration, scales on no list).
"""

from __future__ import annotations

HELD_OUT_38: list[tuple[str, str, str, str]] = [
    (
        "scale differs",
        "Is the washing machine tilted to one side?",
        "its sitting dead flat, checked with the spirit level app on my phone",
        "no",
    ),
    (
        "scale differs",
        "Does the mattress feel saggy in the middle?",
        "its still pretty firm all over tbh",
        "no",
    ),
    (
        "scale differs",
        "Is the water coming out of the tap cloudy?",
        "looks crystal clear when i fill a glass",
        "no",
    ),
    (
        "scale differs",
        "Is the SSD in the laptop removable?",
        "its soldered onto the board from what i read online",
        "no",
    ),
    (
        "scale differs",
        "Is the printer showing as offline?",
        "in the devices list it says idle",
        "no",
    ),
    (
        "scale differs",
        "Is the temperature gauge reading high?",
        "needles sitting about halfway like it always does",
        "no",
    ),
    ("scale differs", "Is the fan loud?", "its barely audible honestly, really quiet", "no"),
    (
        "scale differs",
        "Is the radiator hot at the top?",
        "the top is stone cold, bottom is sort of lukewarm",
        "no",
    ),
    (
        "scale differs",
        "Is the internet slow on the laptop?",
        "speedtest says 300 down so it seems fast to me",
        "no",
    ),
    ("scale differs", "Does the headlight flicker?", "the beam looks steady to me", "no"),
    ("scale differs", "Is the monitor's power light off?", "its glowing orange", "no"),
    (
        "scale differs",
        "Is the wheel nut loose?",
        "its tight, couldnt budge it with the wrench",
        "no",
    ),
    (
        "scale differs",
        "Is the floor under the dishwasher wet?",
        "bone dry when i looked this morning",
        "no",
    ),
    (
        "scale differs",
        "Is the bedroom window open?",
        "its shut, i closed it myself last night",
        "no",
    ),
    ("scale agrees", "Is the brake pedal soft?", "it feels spongy and sinks a long way", "yes"),
    ("scale agrees", "Is the coolant cloudy?", "kind of a murky brown colour", "yes"),
    (
        "scale agrees",
        "Is the laptop running slow?",
        "it crawls, takes forever to open anything",
        "yes",
    ),
    (
        "scale agrees",
        "Is the fan noisy?",
        "it roars like a jet engine as soon as i open chrome",
        "yes",
    ),
    (
        "not planned",
        "Does the laptop boot?",
        "it went straight to the login screen this time",
        "yes",
    ),
    ("not planned", "Does the engine start?", "caught on the first crank and idled fine", "yes"),
    ("not planned", "Is the kettle boiling?", "i can hear it bubbling away", "yes"),
    (
        "not planned",
        "Does the phone battery last through the night?",
        "by morning its dead every single time",
        "no",
    ),
    (
        "not planned",
        "Does the laptop stay on for more than ten minutes?",
        "lasts maybe two or three and then it just cuts out",
        "no",
    ),
    ("not planned", "Is the wiper blade stiff?", "still nice and flexible", "no"),
    (
        "not planned",
        "Is the paint on the bonnet dull?",
        "still glossy like the day i bought it",
        "no",
    ),
]

# Stop 38's development rows (read while the scale reading was written, after HELD_OUT_38 was
# committed), in other words than the crowd rows: another position (no), the same position in
# other words (yes), a graded scale's neighbour (a no only when bounded: "only a bit warm"),
# and a restatement in the question's own words, which the scales leave to the negation and
# restatement readings.
DEVELOPMENT_38: list[tuple[str, str, str, str]] = [
    (
        "scale differs",
        "Is the dryer leaning to one side?",
        "it stands perfectly level on the tiles",
        "no",
    ),
    (
        "scale differs",
        "Does the clutch pedal feel soft?",
        "feels really firm, same as always",
        "no",
    ),
    ("scale differs", "Is the brake fluid murky?", "its clear and golden like new stuff", "no"),
    ("scale differs", "Is the keyboard detachable?", "its built into the laptop body", "no"),
    ("scale differs", "Is the scanner offline?", "windows lists it as ready", "no"),
    ("scale differs", "Is the oil pressure gauge low?", "sits right in the middle", "no"),
    ("scale differs", "Is the hard drive noisy?", "its whisper quiet", "no"),
    ("scale differs", "Is the wifi signal weak in the kitchen?", "full bars in there", "no"),
    (
        "scale agrees",
        "Is the car leaning to one side?",
        "the front right corner sits lower than the others",
        "yes",
    ),
    ("scale agrees", "Is the brake fluid murky?", "its gone dark and cloudy", "yes"),
    ("scale agrees", "Is the battery built in?", "its soldered to the motherboard", "yes"),
    ("scale agrees", "Is the phone charging slowly?", "it takes ages, like six hours", "yes"),
    (
        "graded neighbour",
        "Is the room hot where you use the laptop?",
        "its pretty warm in there in the afternoons",
        "yes",
    ),
    ("graded neighbour", "Is the charger too hot to hold?", "only a bit warm", "no"),
    ("restated", "Can you smell burning from the fan?", "i dont smell any burning", "no"),
    # later classes (HELD_OUT_37's misses and the crowd tables' remaining ones, in other words)
    ("event shows", "Does the mower start?", "pulled the cord once and it roared into life", "yes"),
    (
        "event shows",
        "Does the engine start when it is cold?",
        "it just clicks, wont turn over",
        "no",
    ),
    ("event shows", "Is the monitor blank?", "i get the windows login screen on it", "no"),
    ("event shows", "Is the tv screen black?", "it goes to the home screen like normal", "no"),
    (
        "sound of it",
        "Is the shower head dripping?",
        "i can hear a plop every few seconds in the tray",
        "yes",
    ),
    (
        "duration",
        "Does the tablet battery last the whole day?",
        "its flat by mid afternoon most days",
        "no",
    ),
    (
        "duration",
        "Does the laptop battery last a full day of work?",
        "i need to recharge it before lunch",
        "no",
    ),
    (
        "continuity",
        "Does the music cut out on bluetooth?",
        "it played the whole album without a break",
        "no",
    ),
    (
        "evenness",
        "Are the brake discs worn unevenly?",
        "they look worn evenly all the way round",
        "no",
    ),
    ("running", "Does the engine run rough at idle?", "it idles smooth as anything", "no"),
    # after HELD_OUT_38 was measured: "straight to" a screen is the asked start-up done
    (
        "straight to",
        "Does the computer start up?",
        "boots straight into windows, no problem",
        "yes",
    ),
    (
        "straight to",
        "Does the tablet turn on?",
        "it goes straight to the lock screen when i press the button",
        "yes",
    ),
    (
        "straight to",
        "Does the phone show the recovery menu?",
        "it boots straight into android",
        "no",
    ),
    (
        "straight to",
        "Do you get the boot options screen when you press f12?",
        "nope goes straight to the spinning dots",
        "no",
    ),
]
