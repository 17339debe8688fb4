# ruff: noqa: E501  (a data table: one row a line)
"""Bites, stings and mild injuries, as patients type them (stop 40): complaints DDXPlus, the
patient-intake pack's knowledge, has no cause for. Written before any change; ``DEV`` is tuned
on, ``HELD_OUT`` was measured once before and once at the end.

A row: the opening message, the patient's replies (the first rule whose words appear in the
question is typed; "no" otherwise) and what a triage nurse would say:

- ``"home"``: a local bite or sting, a sprain that takes weight: never told to call emergency
  services, and not sent for care today either (self-care or a routine appointment);
- ``"seen"``: care today (a dog bite through the skin, a spreading infection, a tick's ring or
  fever, an injury that takes no weight): "urgent", not an emergency and not routine;
- ``"emergency"``: anaphylaxis signs after a sting (lips, tongue or throat swelling, trouble
  breathing, faintness): told to call emergency services.
"""

from __future__ import annotations

Replies = tuple[tuple[tuple[str, ...], str], ...]

_SCALES: Replies = (
    (("how intense", "how severe", "scale", "how much"), "3"),
    (("how precisely",), "6"),
    (("how fast",), "7"),
)


def _skin(where: str, itch: str = "yes", pain: str = "no not really, just itchy") -> Replies:
    """A bite or sting on the skin: yes to the swelling, skin and itch questions."""
    return (
        *_SCALES,
        (("where is the swelling", "affected region", "where is the affected", "located"), where),
        (("swelling", "swollen"), "yes"),
        (("rash", "lesion", "skin"), f"yes on my {where}"),
        (("itch",), itch),
        (("color", "colour"), "red"),
        (("pain somewhere", "where do you feel", "where is the pain"), pain),
    )


def _hurt(where: str) -> Replies:
    """A sprain or strain: the pain is where it was hurt, and swollen there."""
    return (
        *_SCALES,
        (("pain somewhere", "where do you feel", "where is the pain"), where),
        (("where is the swelling",), where),
        (("swelling", "swollen"), "yes"),
        (("characterize", "describe"), "sore, aching"),
    )


Row = tuple[str, Replies, str]

DEV: list[Row] = [
    (
        "got eaten alive by mosquitos camping, loads of itchy bumps on my legs and ankles",
        _skin("legs"),
        "home",
    ),
    (
        "stung by a wasp on my hand about an hour ago, its red and a bit puffy and stings like mad but otherwise im fine",
        _skin("hand", pain="yes my hand where it stung me"),
        "home",
    ),
    (
        "bee sting on my foot yesterday, the swelling has gone up a bit round it and its itchy",
        _skin("foot"),
        "home",
    ),
    (
        "think something bit me in the night, theres a little red itchy lump on my neck, maybe a spider?",
        _skin("neck"),
        "home",
    ),
    (
        "rolled my ankle playing 5 a side last night, its swollen and bruised but i can walk on it, just sore",
        _hurt("ankle"),
        "home",
    ),
    (
        "twisted my knee a bit coming down the stairs, bit achy but i can still walk fine",
        _hurt("knee"),
        "home",
    ),
    (
        "found a tick on my leg after a walk and pulled it out, no rash or anything, just wanted to check",
        _skin("leg", itch="no"),
        "home",
    ),
    (
        "my dog nipped my hand while we were playing, didnt break the skin, just a red mark",
        _skin("hand", itch="no"),
        "home",
    ),
    (
        "got bitten by a dog in the park, its gone through the skin on my calf and bled a bit",
        _skin("calf", itch="no", pain="yes my calf"),
        "seen",
    ),
    (
        "had a tick on me 2 weeks ago and now theres a red ring spreading out round where it was, like a bullseye",
        _skin("thigh", itch="no"),
        "seen",
    ),
    (
        "wasp sting on my arm 3 days ago, now the redness has spread right up my arm and its hot and throbbing with pus in it",
        _skin("arm", itch="no", pain="yes my arm"),
        "seen",
    ),
    (
        "fell off my bike onto my wrist, its really swollen and i cant move it or grip anything, think i heard a crack",
        _hurt("wrist"),
        "seen",
    ),
    (
        "got stung by a bee 10 mins ago and now my lips and tongue are swelling up and my throat feels tight",
        _skin("lips"),
        "emergency",
    ),
    (
        "stung by a wasp and i feel really dizzy and faint and ive come out in hives all over my body",
        _skin("all over"),
        "emergency",
    ),
    (
        "something stung me on the neck and now im wheezy and cant get my breath",
        _skin("neck"),
        "emergency",
    ),
]

HELD_OUT: list[Row] = [
    (
        "midge bites all over my arms from the weekend, so itchy and a bit swollen, driving me mad",
        _skin("arms"),
        "home",
    ),
    (
        "bitten by some kind of insect on my upper arm, its a swollen red patch about the size of a coin, bit sore",
        _skin("upper arm", pain="a bit, on my upper arm"),
        "home",
    ),
    (
        "sprained my wrist falling on the ice yesterday, bruised and sore but i can move it and use it",
        _hurt("wrist"),
        "home",
    ),
    (
        "pulled something in my calf running, tight and sore when i walk but i can walk",
        _hurt("calf"),
        "home",
    ),
    (
        "a jellyfish stung my leg at the beach, red lines and burning but its calming down now",
        _skin("leg", itch="a bit"),
        "home",
    ),
    (
        "cat bit my thumb really deep, its puffy now and throbbing",
        _skin("thumb", itch="no", pain="yes my thumb"),
        "seen",
    ),
    (
        "tick bite last month and now ive got a fever, achy joints and feel fluey",
        _skin("back of my knee", itch="no", pain="my joints ache"),
        "seen",
    ),
    (
        "went over on my ankle, it swelled up massively straight away and i cant put any weight on it at all",
        _hurt("ankle"),
        "seen",
    ),
    (
        "hornet sting 15 minutes ago, my face is swelling up and its getting hard to swallow and breathe",
        _skin("face"),
        "emergency",
    ),
    (
        "stung by a bee, now i feel like im going to pass out and my whole body has come out in hives",
        _skin("all over"),
        "emergency",
    ),
]
