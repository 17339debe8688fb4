# ruff: noqa: E501  (a data table: one row a line)
"""Urgent signs and paraphrased emergencies, as patients type them (stop 38): held-out part.

Written with ``urgent_phrasings.DEV``, before any rule was changed, in other words than it;
measured once before and once at the end, never tuned on. Rows as in ``urgent_phrasings``.
"""

HELD_OUT: list[tuple[str, str]] = [
    # emergencies in other words
    ("excruciating pain in my side and back, feel really clammy and faint", "emergency"),
    ("the pain in my stomach is off the scale and i think im going to pass out", "emergency"),
    ("sharp tearing feeling in my chest that shot through to my back", "emergency"),
    (
        "sudden agonising headache like ive been hit on the back of the head, came on while lifting",
        "emergency",
    ),
    ("coughing up loads of bright red blood", "emergency"),
    ("in agony with my belly and went grey and nearly fainted on the loo", "emergency"),
    # urgent in other words
    ("cant lay down flat at night cos i cant get my breath, using 4 pillows", "urgent"),
    ("wake up at 3am fighting for air and have to open the window", "urgent"),
    ("feet and ankles really swollen and im breathless doing anything", "urgent"),
    ("sleeping upright in my recliner as i get too breathless in bed", "urgent"),
    ("brought up some blood when i was coughing this morning", "urgent"),
    ("theres blood in my phlegm", "urgent"),
    ("been vomiting all day and cant hold any fluids down", "urgent"),
    ("everything i eat or drink comes back up, 2 days now", "urgent"),
    ("came over all faint and had to lie on the floor at work", "urgent"),
    ("dizzy spells where i nearly black out", "urgent"),
    ("one leg is much fatter than the other and the calf is hot and tender", "urgent"),
    ("cant wee at all, bursting and it hurts", "urgent"),
    # mild
    ("i like to sleep propped up with pillows to read", "mild"),
    ("swollen ankles in this heat", "mild"),
    ("felt a bit faint in a hot shop but fine after a drink", "mild"),
    ("worst sore throat ive had in years, still eating ok", "mild"),
    ("threw up after too much to drink last night, fine now", "mild"),
    ("bit of clear phlegm in the mornings", "mild"),
    ("got a touch of heartburn when i lie down after dinner", "mild"),
    ("bit breathless after my spin class", "mild"),
    ("pulled something in my back at the gym", "mild"),
    ("period pain worse than usual this month", "mild"),
]

# Written before stop 48's rule for a hot, swollen joint (gout or an infected joint: NHS "Gout"
# and "Septic arthritis" say to be seen the same day), found when "my big toe joint went red
# hot and swollen overnight, agony to touch, im 71" was closed at a pharmacist; not developed
# on. Scored by test_held_out_48.
HELD_OUT_48: list[tuple[str, str]] = [
    ("knee has blown up like a balloon and its hot and red, cant bend it", "urgent"),
    ("dads ankle joint is swollen, red and feels really warm, hes had a temperature", "urgent"),
    ("woke up with my wrist all hot and puffy and so painful i cant move it", "urgent"),
    ("the joint at the base of my big toe is red and swollen, cant even have the sheet on it", "urgent"),
    ("knee a bit swollen after football, not hot or red", "mild"),
    ("sprained my ankle, its swollen and bruised", "mild"),
    ("stiff achy knees in the morning, been like it for years", "mild"),
    ("my feet swell in hot weather", "mild"),
]
