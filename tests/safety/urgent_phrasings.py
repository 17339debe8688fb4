# ruff: noqa: E501  (a data table: one row a line)
"""Urgent signs and paraphrased emergencies, as patients type them (stop 38): development part.

Each row: (what a patient or carer types, the least level it must get). "emergency": emergency
advice at once; "urgent": seen today (urgent or emergency both count as caught); "mild": neither
(a mild complaint told to hurry is an over-escalation). The held-out part
(``urgent_heldout.py``) was written at the same time, before any rule, in other words.
"""

DEV: list[tuple[str, str]] = [
    # a severe pain with fainting: shock (a burst aorta, an ectopic, a bleed inside)
    (
        "worst pain ive ever had in my back going through to my tummy, i feel like im about to pass out",
        "emergency",
    ),
    ("agony in my belly and i keep nearly blacking out", "emergency"),
    (
        "horrendous pain in my lower back, im sweating and i feel like im going to faint",
        "emergency",
    ),
    ("tearing pain between my shoulder blades came on out of nowhere", "emergency"),
    ("sudden ripping pain in my chest going through to my back", "emergency"),
    (
        "stomach pain is unbearable and everything keeps going dark like im going to collapse",
        "emergency",
    ),
    # a thunderclap headache in other words
    ("headache came on like a thunderclap about an hour ago", "emergency"),
    ("never had a headache like it, came on in seconds and im being sick", "emergency"),
    ("felt like something burst in my head and now its pounding", "emergency"),
    # coughing or bringing up blood in other words
    ("coughed up a big mouthful of fresh blood just now", "emergency"),
    ("keep coughing up blood, there's bits in my phlegm every time", "urgent"),
    ("my spit is pink and frothy when i cough", "urgent"),
    ("theres streaks of red in the stuff i cough up", "urgent"),
    # orthopnoea, waking breathless, swollen legs: a failing heart
    ("so breathless i sleep on 3 pillows now and my ankles are swollen", "urgent"),
    ("cant lie flat anymore without feeling like im drowning", "urgent"),
    ("i have to sleep sitting up in the chair because i cant breathe lying down", "urgent"),
    ("keep waking up in the night gasping and have to sit up on the edge of the bed", "urgent"),
    ("my legs have swollen right up to my knees and i get puffed walking to the loo", "urgent"),
    ("getting out of breath just getting dressed, never used to", "urgent"),
    # near-fainting
    ("nearly passed out twice today", "urgent"),
    ("keep feeling like im going to faint even sitting down", "urgent"),
    ("heart keeps fluttering and then i go all woozy like im going to black out", "urgent"),
    # cannot keep anything down
    ("cant keep anything down, even water comes straight back up", "urgent"),
    ("been throwing up since yesterday and cant even keep sips of water down", "urgent"),
    ("sick every time i drink anything and havent had a wee since this morning", "urgent"),
    # a hot swollen calf
    ("my calf is red, hot and swollen and it hurts to walk", "urgent"),
    # a hot or red, swollen joint (stop 48: gout or an infected joint, seen the same day)
    ("my big toe joint went red hot and swollen overnight, agony to touch, im 71", "urgent"),
    ("my knee is swollen and warm and i feel shivery", "urgent"),
    ("twisted my knee on the stairs, its swollen and a bit warm", "mild"),
    ("my elbow is swollen where the wasp stung it, red round the sting", "mild"),
    # cannot pass water
    (
        "i havent been able to pee since last night and my tummy is really swollen and sore",
        "urgent",
    ),
    # black stools without fainting
    ("my poo has been black like tar for two days", "urgent"),
    # mild: must not be told to hurry
    ("i sleep with an extra pillow because of my acid reflux", "mild"),
    ("blocked nose so im sleeping propped up on a couple of pillows", "mild"),
    ("ankles get a bit puffy at the end of a long day on my feet", "mild"),
    ("my ankles swelled up a bit on the long flight home", "mild"),
    ("felt a bit lightheaded when i stood up too quickly, fine now", "mild"),
    ("i always feel faint when i have blood taken", "mild"),
    ("worst cold ive ever had, nose is streaming", "mild"),
    ("worst hangover of my life lol, head is banging", "mild"),
    ("stubbed my toe on the bed and it was the worst pain ever, bit bruised now", "mild"),
    ("was sick once last night but keeping water down fine now", "mild"),
    ("coughing up green phlegm for a few days with a cold", "mild"),
    ("bit of blood when i blow my nose, its very dry", "mild"),
    ("bit out of breath going up the stairs, im quite unfit", "mild"),
    ("headache behind my eyes since this afternoon, probably screen time", "mild"),
    ("my back is killing me after moving furniture", "mild"),
    ("tummy ache on and off, bit bloated", "mild"),
    ("my legs ache after a long run", "mild"),
    ("i get a bit breathless when i laugh too hard", "mild"),
]
