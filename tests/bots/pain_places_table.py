"""Openings that say where it hurts, with the places the intake must read from them.

Each row: (opening, places), the places as a patient reads them without a side ("ear" for the
right and the left ear). An empty set: no place may be read (an area that covers several of the
question's places, a place said in doubt, pain denied). ``HELD_OUT`` was written before it was
first measured and is never developed on.
"""

from __future__ import annotations

Row = tuple[str, set[str]]

DEVELOPMENT: list[Row] = [
    ("ear has been throbbing since saturday", {"ear"}),
    ("my left ear hurts", {"ear"}),
    ("my ear has been absolutely killing me since last night, it feels full", {"ear"}),
    ("sore knee", {"knee"}),
    ("my knees and hips ache", {"knee", "hip"}),
    ("pain in my right shoulder and my left knee", {"shoulder", "knee"}),
    ("bad headache at the back of my head", {"back of the head"}),
    ("headache right across my forehead", {"forehead"}),
    ("i have an earache and a sore throat", {"ear"}),
    ("my throat is really sore", set()),
    ("pain in my lower back", set()),
    ("my back hurts", set()),
    ("toothache in my upper jaw", set()),
    ("no pain in my knee, just my ankle", {"ankle"}),
    ("not sure if its my ear or my jaw that hurts", set()),
]

HELD_OUT: list[Row] = [
    ("my right knee has been killing me since i went running", {"knee"}),
    ("sharp pain in my left shoulder when i lift my arm", {"shoulder"}),
    ("earache on and off for 3 days, worse at night", {"ear"}),
    ("my elbow is really sore after tennis", {"elbow"}),
    ("pain in my lower back going down my leg", set()),
    ("headache mostly in my temples", {"temple"}),
    ("my tummy hurts", set()),
    ("my calf is tender and a bit swollen", {"calf"}),
    ("no pain anywhere, just a rash on my arm", set()),
    ("sore throat and my ear hurts when i swallow", {"ear"}),
]
