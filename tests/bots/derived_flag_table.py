# ruff: noqa: E501  (a data table: one row a line)
"""Derived red flags (DDXPlus-learned) and the complaints they fire on, as patients type them
(stop 39). Written before any change; ``DEV`` is tuned on, ``HELD_OUT`` was measured once
before and once at the end.

A row: the opening message, the patient's replies (the first rule whose words appear in the
question is typed; "no" otherwise) and what the patient must be told:

- ``"mild"``: an injury, a strain or an everyday ache; it answers yes to one of the derived
  flags' questions (pain going to the shoulder or arm, worse with exertion and better with
  rest, a patch on the upper arm) and must not be told to call emergency services;
- ``"emergency"``: a heart, aorta or lung-clot presentation (exertion and radiation among
  them) that must still be told to call emergency services;
- ``"seen"``: a presentation that may be the heart without chest pain (an arm that aches on
  walking): at least "seek care today", never routine or self-care advice.
"""

from __future__ import annotations

Replies = tuple[tuple[tuple[str, ...], str], ...]

# How a patient with a sore shoulder, arm or neck answers the scales and the usual questions.
_SCALES: Replies = (
    (("how intense", "how severe", "scale", "how much"), "4"),
    (("how precisely",), "5"),
    (("how fast",), "2"),
)


def _injury(where: str, spread: str, exertion: str) -> Replies:
    return (
        *_SCALES,
        (("radiate", "spread"), spread),
        (("exertion", "physical effort but"), exertion),
        (("pain somewhere", "where do you feel", "where is the pain"), where),
        (("characterize", "describe"), "sharp"),
    )


def _heart(where: str, spread: str) -> Replies:
    return (
        (("how intense", "how severe", "scale", "how much"), "7"),
        (("how precisely",), "6"),
        (("how fast",), "8"),
        (("radiate", "spread"), spread),
        (("exertion",), "yes when i walk or do the stairs and it goes when i stop"),
        (("sweat",), "yes i go sweaty with it"),
        (("shortness of breath", "out of breath", "breathing"), "yes i get breathless"),
        (("pain somewhere", "where do you feel", "where is the pain"), where),
        (("characterize", "describe"), "heavy"),
    )


Row = tuple[str, Replies, str]

DEV: list[Row] = [
    # mild: injuries and strains that answer yes to a derived flag's question
    (
        "think i tweaked my shoulder doing overhead presses at the gym, aches when i lift my arm up high but it gets a bit better every day",
        _injury(
            "my right shoulder",
            "yes into my shoulder",
            "yes it hurts more when im using it and eases off when i rest",
        ),
        "mild",
    ),
    (
        "pulled something in my upper arm carrying boxes when we moved house on saturday, sore when i bend my elbow",
        _injury(
            "my left upper arm, the biceps",
            "a bit up into my left shoulder",
            "yeah worse when i lift anything, better resting it",
        ),
        "mild",
    ),
    (
        "fell off my bike yesterday and landed on my left side, my shoulder is really sore and bruised",
        _injury(
            "left shoulder",
            "down into the top of my arm",
            "yes moving it makes it worse, resting helps",
        ),
        "mild",
    ),
    (
        "my neck has been stiff since i slept on it funny, aches into the shoulder when i turn my head",
        _injury("my neck", "yes into my right shoulder", "yes if i do stuff its worse"),
        "mild",
    ),
    (
        "been doing loads of painting and decorating this week and now my right shoulder and arm ache",
        _injury(
            "right shoulder", "down my arm to my biceps", "yes worse when i paint, fine when i rest"
        ),
        "mild",
    ),
    (
        "hurt my elbow playing tennis, its sore on the outside and goes up my arm a bit",
        _injury("my elbow", "up into my biceps", "yes worse when i play, better resting"),
        "mild",
    ),
    (
        "twisted awkwardly lifting my toddler out of the car seat and my upper back and shoulder have been sore since",
        _injury(
            "upper back",
            "into my left shoulder",
            "yes worse when i pick her up, eases when i sit down",
        ),
        "mild",
    ),
    (
        "my knee aches after my runs, especially going down stairs, its been about 3 weeks",
        _injury("my knee", "no", "yes running makes it worse and it settles with rest"),
        "mild",
    ),
    (
        "sore throat and it hurts to swallow, bit of a temperature, think its just a cold",
        (
            *_SCALES,
            (("radiate", "spread"), "yes up to my ears and a bit into my throat"),
            (("pain somewhere", "where do you feel"), "my throat"),
            (("exertion",), "yes i get tired doing things and feel better resting"),
        ),
        "mild",
    ),
    (
        "got an itchy red patch on the inside of my upper arm, i think its from the new gym top i bought",
        (
            *_SCALES,
            (
                ("affected region", "where is the affected", "located"),
                "inside of my upper arm, the biceps",
            ),
            (("rash", "lesion", "skin"), "yes"),
            (("itch",), "yes quite itchy"),
            (("pain somewhere", "where do you feel"), "my arm"),
        ),
        "mild",
    ),
    (
        "banged my shoulder on the door frame a few days ago, still tender when i touch it and when i reach up",
        _injury(
            "right shoulder",
            "a little down into my arm",
            "yes reaching up makes it worse, resting helps",
        ),
        "mild",
    ),
    # emergencies: the heart, the aorta, a clot in the lung
    (
        "my chest gets tight when i walk up the hill to work, it goes into my left arm and goes off when i stop for a bit",
        _heart("middle of my chest", "into my left arm and shoulder"),
        "emergency",
    ),
    (
        "been getting a heavy feeling in my chest when i do the stairs, eases when i sit down",
        _heart("my chest, the middle", "up into my throat and jaw"),
        "emergency",
    ),
    (
        "dull ache in my left shoulder and down my arm when i walk the dog, i feel a bit sweaty with it",
        _heart("my upper chest and left shoulder", "down my left arm"),
        "emergency",
    ),
    (
        "pressure across my chest since this morning, spreading to both shoulders and im sweating",
        _heart("across my chest", "both shoulders"),
        "emergency",
    ),
    (
        "sharp pain in my chest when i breathe in and im short of breath, got back from a long flight yesterday and my calf is sore",
        _heart("right side of my chest", "round to my back"),
        "emergency",
    ),
    (
        "tearing pain through to my back between the shoulder blades, came on suddenly",
        _heart("my back and chest", "through to my back"),
        "emergency",
    ),
    # may be the heart with no chest pain: seen today at least
    (
        "my left arm aches when i walk fast and it goes away when i stop, never had it before, im 62",
        _heart("left arm", "up into my shoulder"),
        "seen",
    ),
]

HELD_OUT: list[Row] = [
    (
        "did too many push ups at bootcamp and my shoulders are killing me, can barely lift my arms",
        _injury(
            "both shoulders", "yes into my upper arms", "yes any effort makes it worse, rest helps"
        ),
        "mild",
    ),
    (
        "slipped on the ice and put my hand out, my wrist and forearm are swollen and it aches up to my elbow",
        _injury("my wrist", "up to my elbow and biceps", "yes using it makes it worse"),
        "mild",
    ),
    (
        "rugby tackle went wrong on sunday, my left shoulder clicks and aches, cant sleep on that side",
        _injury(
            "left shoulder", "down into my arm", "yes training makes it worse and resting helps"
        ),
        "mild",
    ),
    (
        "my upper arm has been sore since my covid booster jab yesterday, hurts to lift it",
        _injury(
            "left upper arm where the jab was", "a bit into my shoulder", "yes moving it hurts more"
        ),
        "mild",
    ),
    (
        "strained my back digging the garden at the weekend, its a dull ache that goes up to my shoulder blade",
        _injury(
            "lower back", "up to my shoulder", "yes when i bend or lift its worse, lying down helps"
        ),
        "mild",
    ),
    (
        "i think its rsi, my forearm and shoulder ache by the end of the working day from the mouse",
        _injury(
            "my right forearm", "up into my shoulder", "yes worse the more i work, fine at weekends"
        ),
        "mild",
    ),
    (
        "got a couple of mosquito bites on my upper arm on holiday and theyre itchy and a bit swollen",
        (
            *_SCALES,
            (("affected region", "where is the affected", "located"), "upper arm, biceps"),
            (("rash", "lesion", "skin"), "yes"),
            (("itch",), "yes"),
            (("pain somewhere", "where do you feel"), "no pain just itchy"),
        ),
        "mild",
    ),
    (
        "crushing pain in my chest going down my left arm and i feel sick",
        _heart("middle of my chest", "left arm"),
        "emergency",
    ),
    (
        "chest feels tight and heavy when i go up hills and lately even walking on the flat, goes into my neck",
        _heart("centre of my chest", "into my neck and throat"),
        "emergency",
    ),
    (
        "pain between my shoulders and into my chest when i carry the shopping, and im out of breath much quicker than normal",
        _heart("between my shoulder blades and my chest", "into my left shoulder"),
        "emergency",
    ),
    (
        "woke up with a pain in the middle of my chest that goes up to my jaw, been going for half an hour",
        _heart("middle of chest", "to my jaw and right shoulder"),
        "emergency",
    ),
    (
        "my jaw and shoulder ache when i push the mower and it settles after i stop, i have diabetes",
        _heart("my jaw and left shoulder", "into my left arm"),
        "seen",
    ),
]
