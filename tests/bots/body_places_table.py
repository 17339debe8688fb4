"""Openings that say where it hurts, swells or has a rash, with the places the intake must
read from them (bots.language.body_places).

Each row: (opening, places), the places as a patient reads them without a side ("ear" for the
right and the left ear), a swelling's and a rash's prefixed with their topic ("swelling:ankle",
"skin:belly"). An empty set: no place may be read (an area that covers several of the
question's places, a place said in doubt, pain denied). The held-out parts were written before
they were first measured and are never developed on.
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
    # swelling and the skin
    ("my legs swell by the evening", set()),
    ("my ankle is swollen after i twisted it", {"swelling:ankle"}),
    ("rash on my arms that itches like mad", set()),
    ("itchy spots on my forehead and cheeks", {"skin:forehead", "skin:cheek"}),
    ("my face is puffy around my cheeks", {"swelling:cheek"}),
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

# Written with the swelling and skin topics, before their first run.
HELD_OUT_2: list[Row] = [
    ("both my ankles have been really swollen this week", {"swelling:ankle"}),
    ("swelling on the top of my foot after a bee sting", {"swelling:top of the foot"}),
    ("a red itchy rash on my belly", {"skin:belly"}),
    ("spots round the corner of my mouth", {"skin:corner of the mouth"}),
    ("my thigh is swollen and tender", {"swelling:thigh", "thigh"}),
    ("a rash all over, nothing in particular", set()),
]
