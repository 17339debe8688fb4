"""Complaints about a laptop that stops responding or sleeps on its own, written as users write
(stop 41). FloDial's overheating chart is the one that asks about freezing, hibernating and
power settings, but its words are "freeze" and "hibernate": "locks up at random" was offered
the hard drive, the display and the battery (lead16). DEVELOPMENT rows were written with the
change; HELD_OUT rows were written before it was measured and only measured
(``test_stops_responding.py``)."""

DEVELOPMENT: list[str] = [
    "laptop locks up completely at random, mouse stops, everything",
    "my laptop keeps freezing",
    "my laptop goes to sleep by itself",
    "keeps dropping into sleep on its own even with 60% battery left",
    "laptop hangs every few minutes and i have to wait for it",
    "computer just becomes unresponsive out of nowhere, cant click anything",
    "screen freezes and the mouse wont move, happens a few times a day",
    "laptop randomly goes into standby while im typing",
]
HELD_OUT: list[str] = [
    "my notebook locks solid a couple of times an hour, even the caps lock light wont toggle",
    "everything on the laptop just stops dead mid video, picture stuck, have to hold the button",
    "lappy keeps hanging when i have more than a few tabs open",
    "it hibernates itself randomly even though im using it",
    "laptop goes to sleep after like 2 mins no matter what i set",
    "pc freezes up solid when i play games for a while",
    "whole thing just locks, cursor stuck, then after 30 secs comes back",
    "my laptop will just stop responding and go unresponsive for ages",
]
