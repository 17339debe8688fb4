"""Replies that give both answers at once, written as users type, and nearby replies that do
take a side. Stop 38's probe (lead14): "sometimes yes, sometimes no" to three laptop-screen
questions was read as a plain "no" each time and the bot concluded at 97%. DEV rows were
developed on; HELD_OUT rows were written at the same time, before the reader changed, and are
only measured (``tests/bots/test_both_answers.py``)."""

# Both at once: neither a yes nor a no (read as "not sure").
DEV_BOTH = [
    "sometimes yes, sometimes no",
    "sometimes yes sometimes no",
    "yes and no",
    "kind of yes and no",
    "some days yes some days no",
    "some days it does, some days it doesnt",
    "sometimes it does sometimes it doesnt",
    "it depends",
    "depends on the day tbh",
    "it varies",
    "well yes and no really",
    "yes... and no",
    "it does and it doesnt",
    "sometimes it is and sometimes it isnt",
    "its a yes and a no",
]
# Nearby replies that take a side, which must keep it.
DEV_KEEP = [
    ("yes sometimes", "yes"),
    ("no, not always", "no"),
    ("yes, no lights though", "yes"),
    ("no. yes. no it doesnt", "no"),
    ("yes but no noise", "yes"),
    ("yes, no doubt about it", "yes"),
    ("yep, no problems there", "yes"),
    ("nope, yes i checked", "no"),
]
HELD_OUT_BOTH = [
    "somtimes yes somtimes no",
    "yes and also no lol",
    "some mornings it does, some mornings it doesnt",
    "half the time yes half the time no",
    "i mean yes and no",
    "it kind of depends",
    "honestly it varies a lot",
    "depends what im doing",
    "some days yeah some days nah",
    "sometimes it will and sometimes it wont",
]
HELD_OUT_KEEP = [
    ("yes, sometimes more than others", "yes"),
    ("no not that i can see", "no"),
    ("yeah, no smoke or anything though", "yes"),
    ("no, no noise at all", "no"),
]
