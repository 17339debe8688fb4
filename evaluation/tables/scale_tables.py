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
