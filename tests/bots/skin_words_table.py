"""Skin problems said by how the skin looks or feels, not by the word "rash" (stop 46).

"scalp is really itchy with white flakes all over my shoulders" and "got dry scaly patches on
my elbows that flake off" were read as nothing about the skin: the intake's skin question
("Is there a rash, redness or another problem on your skin?") came third, after fatigue and
mouth ulcers (the lead's probe set lead22). Only "rash", "spots", "blisters", "hives",
"sunburn", "red patch", "itchy skin", "lesions" and "sores on skin" said a skin problem.

Each row: (the opening, what it says of the skin problem: "yes", "no", or None for nothing).
Written as patients write, before the change. ``HELD_OUT`` is scored once and reported, never
developed on.
"""

from __future__ import annotations

Row = tuple[str, str | None]

DEVELOPMENT: list[Row] = [
    ("got dry scaly patches on my elbows that flake off when i scratch them", "yes"),
    ("my eczema has flared up really bad on the backs of my knees", "yes"),
    ("skin between my toes is peeling and cracked and itches like mad", "yes"),
    ("little itchy bumps all over my tummy since yesterday", "yes"),
    ("psoriasis is playing up on my scalp again", "yes"),
    ("face has come out in loads of pimples and a couple of painful boils", "yes"),
    ("my arms are so itchy ive scratched them raw", "yes"),
    ("welts came up on my legs after walking through nettles", "yes"),
    ("a mole on my back has changed shape and gone darker", "yes"),
    # Not the skin: another thing flakes, an itch inside, a scalp that only feels tight.
    ("my scalp feels tight when i get one of my headaches", None),
    ("flakes of paint keep falling off the bedroom ceiling and now im sneezing all night", None),
    ("itchy throat and sneezing since the grass was cut", None),
    # lead20's hay fever probe, after the first change: the itch of eyes said before it.
    ("sneezing my head off and my eyes are streaming and itchy every time i go outside", None),
    ("the skin on my hands is fine, its the joints that ache", "no"),
    ("no spots, no itching, just a temperature", "no"),
]

HELD_OUT: list[Row] = [
    ("my scalps been flaking like mad and its so itchy i scratch till it bleeds", "yes"),
    ("raised red itchy lumps came up on both arms after gardening", "yes"),
    ("a rough patch on my chin keeps peeling off no matter what cream i use", "yes"),
    ("there are little white spots on the back of my throat", None),
    ("babys got nappy rash that wont clear", "yes"),
    ("dermatitis on my hands from all the hand washing at work, cracked and bleeding", "yes"),
    ("my skin is fine, no rashes, its just the joint pain", "no"),
    ("dandruff is out of control and my eyebrows are flaky too", "yes"),
    ("acne on my back and shoulders is getting worse", "yes"),
    ("itchy eyes and a runny nose every spring", None),
    ("blisters on my heels from new shoes", "yes"),
    ("red scaly ring on my forearm thats slowly getting bigger", "yes"),
]
