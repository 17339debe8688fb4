"""Answers about one part of a whole, about a place, and states on scales no list had (stop 39).

Rows are (class, question, answer, state), written the way users answer chart questions
(lower case, typos, hedges, long), with questions worded for charts the reader was not
developed on (a hob, earbuds, a router, a damp wall, a windscreen). ``HELD_OUT_39`` was
written and committed before any reader change of stop 39; it is measured once at the end
(docs/answer-reader.md, "Stop 39").

Classes:
- ``one of the whole``: the question asks about both / all of something, the answer about one
  part of it ("only the left one works" to "are both earbuds playing?"): no; an answer that
  names every part ("both of them spin") is a yes.
- ``another place``: the question puts the state at a place (front, rear, top, inside, under
  the car), the answer at another ("its coming out the back" to "leaking from the front?"):
  no; the same place in other words ("underside" to "at the bottom?") is a yes.
- ``unlisted scale``: a state on a scale the stop-38 lists do not hold (flexible / stiff,
  glossy / dull, rusty / shiny, intact / cracked): another position is a no.
- ``not planned``: classes this stop does not target (an amount against a bound, a condition
  widened, an order of events).
"""

from __future__ import annotations

HELD_OUT_39: list[tuple[str, str, str, str]] = [
    (
        "one of the whole",
        "Are both rear brake lights coming on when you press the pedal?",
        "just the right hand one comes on, the other ones dead",
        "no",
    ),
    (
        "one of the whole",
        "Do all four burners on the hob light?",
        "only the big one at the back lights, the rest just click",
        "no",
    ),
    ("one of the whole", "Are both earbuds playing sound?", "only the left bud works tbh", "no"),
    (
        "one of the whole",
        "Do all the USB ports stop working at once?",
        "its just the two on the left side that die",
        "no",
    ),
    (
        "one of the whole",
        "Are both front tyres worn on the inside edge?",
        "only the drivers side one is, passenger side looks fine",
        "no",
    ),
    (
        "one of the whole",
        "Do both speakers crackle?",
        "the right one crackles, left is ok i think",
        "no",
    ),
    (
        "one of the whole",
        "Are all the lights on the router blinking?",
        "just the internet one, the others are solid",
        "no",
    ),
    (
        "one of the whole",
        "Do both fans spin when you power on the pc?",
        "both of them spin up fine",
        "yes",
    ),
    (
        "another place",
        "Is the water leaking from the front of the washing machine?",
        "its coming out the back, theres a puddle behind it",
        "no",
    ),
    (
        "another place",
        "Is the noise coming from the rear of the car?",
        "sounds like its up front somewhere near the drivers wheel",
        "no",
    ),
    (
        "another place",
        "Is the damp patch at the top of the wall?",
        "its more down near the skirting board",
        "no",
    ),
    (
        "another place",
        "Does the car pull to the left when you brake?",
        "it veers right when i brake hard",
        "no",
    ),
    (
        "another place",
        "Is the crack on the inside of the windscreen?",
        "its on the outside, i can feel it with my nail",
        "no",
    ),
    (
        "another place",
        "Is the rattle coming from under the car?",
        "its from inside the dashboard i think",
        "no",
    ),
    (
        "another place",
        "Is the oil leaking at the bottom of the engine?",
        "theres oil all round the underside of the engine, drips on the drive",
        "yes",
    ),
    (
        "another place",
        "Is the scratch on the left side of the screen?",
        "its over on the right hand edge",
        "no",
    ),
    ("unlisted scale", "Is the hose stiff?", "its quite flexible still, bends easy", "no"),
    ("unlisted scale", "Is the paint on the bonnet dull?", "still nice and glossy", "no"),
    (
        "unlisted scale",
        "Is the drain pipe blocked?",
        "its clear, i ran water through it and it flowed straight away",
        "no",
    ),
    ("unlisted scale", "Is the bike chain rusty?", "looks shiny and well oiled", "no"),
    (
        "unlisted scale",
        "Is the laptop lid hinge stiff?",
        "its really floppy, the screen falls back on its own",
        "no",
    ),
    ("unlisted scale", "Is the phone screen cracked?", "its intact, not a mark on it", "no"),
    (
        "not planned",
        "Does the battery last less than an hour after a full charge?",
        "maybe 40 mins tops",
        "yes",
    ),
    (
        "not planned",
        "Is the grinding noise only there when you turn the steering?",
        "it does it going straight as well",
        "no",
    ),
    (
        "not planned",
        "Did the problem start after the update?",
        "it was doing it last week before the update came through",
        "no",
    ),
]


# Stop 39's development rows (read while bots/language/sides.py was written, after
# HELD_OUT_39 was committed): the classes above, and controls whose words must not count as a
# side ("i left it", "came back on", "right away") or a part ("the new one" is a whole here).
DEVELOPMENT_39: list[tuple[str, str, str, str]] = [
    ("one of the whole", "Do both wipers move?", "only the passenger side one moves", "no"),
    (
        "one of the whole",
        "Are all the keys sticky?",
        "just the space bar and one or two others",
        "no",
    ),
    ("one of the whole", "Do both headlights work?", "the left one is out", "no"),
    ("one of the whole", "Are both pedals stiff?", "the clutch one is, brake feels normal", "no"),
    ("one of the whole", "Are all four tyres worn?", "yeah all of them are pretty bald", "yes"),
    (
        "another place",
        "Is the leak at the front of the car?",
        "its dripping at the back by the boot",
        "no",
    ),
    ("another place", "Does the car drift to the right?", "it drifts left on straight roads", "no"),
    (
        "another place",
        "Is the noise from the rear?",
        "i think the back is fine, its up front",
        "no",
    ),
    (
        "another place",
        "Is the damp on the inside of the window?",
        "on the outside, i can wipe it off from outside",
        "no",
    ),
    (
        "another place",
        "Does it still pull to the same side after swapping the tyres?",
        "now it goes the other way",
        "no",
    ),
    (
        "another place",
        "Is the knock coming from the engine bay rather than under the car?",
        "its under the bonnet for sure",
        "yes",
    ),
    (
        "control",
        "Is the left speaker crackling?",
        "i left it on all night and now it crackles",
        "yes",
    ),
    (
        "control",
        "Is the screen dark at the top?",
        "it came back on but the top is still dark",
        "yes",
    ),
    ("control", "Does the car pull to the left?", "it pulls left right away when i let go", "yes"),
    (
        "control",
        "Is the noise coming from the front?",
        "the rear is fine, it is only at the front",
        "yes",
    ),
]
