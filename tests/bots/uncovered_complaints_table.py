# ruff: noqa: E501  (a data table: one row a line)
"""Everyday complaints the patient-intake pack has no cause for, and openings that are the
pack's, as patients type them (stop 47). Written before any change of stop 47: ``DEV`` and
``DEV_PACK`` are developed on; ``HELD_OUT`` and ``HELD_OUT_PACK`` (kinds of complaint that
are in no development row) are scored once, at the end.

DDXPlus (the pack) has 49 conditions, mostly of the chest, the airway and the heart. Period
pains, constipation, a cold sore or head lice got 15 of its questions (palpitations,
vaccinations, daycare) and, all answered "no", "seek medical care today": a level that is the
noise of a differential with no fitting cause. What a pharmacist or a triage nurse does
instead (NHS self-care and pharmacy advice, simplified): a few red-flag questions any minor
complaint gets, then

- ``"home"``: nothing flagged: a pharmacist and self-care, never told to call emergency
  services and not sent to be seen today;
- ``"seen"``: a flag (much worse fast, a high temperature, bleeding that does not stop,
  cannot eat, drink or pee, a baby, a pregnancy, a weakened immune system): care today
  (urgent), not an emergency;
- ``"emergency"``: told to call emergency services (piles bleeding non-stop: NHS, A&E);
- ``"pack"``: the pack's own presentation (a cough, a sore throat, heartburn, chest pain, a
  panic attack, a rash ...): its questions, not the nurse's screen (the level is the pack's).

A row, as in ``tests/bots/minor_care_table.py``: the opening, the patient's replies (the first
rule whose words appear in the question is typed, "no" otherwise) and the want. Each
uncovered row answers yes, in its own words, to any question holding its complaint's words
(a patient skimming for "pain", "skin", "bleed" or "sleep"): a screen worded in the
complaint's words is answered yes by every such patient.
"""

from __future__ import annotations

from tests.bots.minor_care_table import Replies, Row

_SCALES: Replies = (
    (("how intense", "how severe", "scale", "how much"), "3"),
    (("how precisely",), "6"),
    (("how fast",), "5"),
)


def _own(words: tuple[str, ...], said: str, *flags: tuple[tuple[str, ...], str]) -> Replies:
    """An uncovered complaint's replies: its flags' yes (when it has one), then yes in its own
    words to a question holding them, and the pack's scales."""
    return (*flags, *_SCALES, (words, said))


# The flags' words, as any way of asking would say them.
_HOT = ("temperature", "fever", "hot", "shiver")
_BLEED = ("bleed", "blood")
_BABY = ("baby", "pregnan", "months old", "infant")
_IMMUNE = ("immune", "chemo", "steroid", "transplant")
_WORSE = ("worse", "spreading", "quickly", "fast")
_FLUIDS = ("eat", "drink", "fluid", "pee", "wee", "urine")

_PERIOD = ("pain", "cramp", "period", "stomach", "tummy", "belly", "abdom")
_BOWEL = ("stool", "poo", "bowel", "toilet", "stomach", "tummy", "belly", "abdom", "constipat")
_LIP = ("lip", "mouth", "skin", "sore", "blister", "lesion")
_SKIN = ("skin", "itch", "lesion", "rash", "foot", "feet", "toe", "red", "peel", "crack")
_SLEEP = ("sleep", "tired", "fatigue", "night", "awake", "wake", "rest")
_HEAD = ("head", "pain", "sick", "nause", "vomit", "drink", "alcohol", "dizzy")

DEV: list[Row] = [
    # Period pains
    (
        "really bad period pains again, cramps low down in my tummy and my back, usual time of the month",
        _own(_PERIOD, "yes my period cramps"),
        "home",
    ),
    (
        "hi, my daughter is 14 and gets awful cramps every time her period starts, what can she take",
        _own(_PERIOD, "yes she gets period pains"),
        "home",
    ),
    # Constipation
    (
        "havent been for a poo in 4 days and when i do its like rocks, so uncomfortable",
        _own(_BOWEL, "yes im constipated, havent been for days"),
        "home",
    ),
    (
        "bit embarassing but im bunged up, been straining on the loo all week",
        _own(_BOWEL, "yes constipated"),
        "home",
    ),
    (
        "my baby is 7 weeks old and hasnt done a poo for 3 days, shes straining and crying",
        _own(_BOWEL, "yes she hasnt pooed", (_BABY, "yes shes 7 weeks old")),
        "seen",
    ),
    # A cold sore
    (
        "cold sore coming on my top lip, its tingling and a little blister is starting",
        _own(_LIP, "yes on my lip, a cold sore"),
        "home",
    ),
    (
        "im on chemo and ive got a horrible cold sore that keeps spreading round my mouth",
        _own(
            _LIP,
            "yes a cold sore on my lip",
            (_IMMUNE, "yes im on chemo"),
            (_WORSE, "yes its spreading"),
        ),
        "seen",
    ),
    # Hiccups
    ("cant get rid of these hiccups, had them on and off all afternoon lol", (), "home"),
    (
        "my 4 year old has had the hiccups for about an hour and its upsetting him, is that normal",
        (),
        "home",
    ),
    # A nosebleed that has stopped
    (
        "had a nosebleed earlier, pinched it for 10 mins and its stopped now, should i worry",
        _own((*_BLEED, "nose"), "it bled earlier but its stopped now"),
        "home",
    ),
    # A mouth ulcer
    (
        "got a mouth ulcer on the inside of my cheek, stings like mad when i eat anything salty",
        _own(("mouth", "ulcer", "sore", "pain", "lesion"), "yes the ulcer in my mouth"),
        "home",
    ),
    # Head lice
    (
        "school sent a letter about nits and now my sons head is really itchy, think hes got lice",
        _own(("head", "itch", "scalp", "skin"), "yes his head is itchy"),
        "home",
    ),
    # Athlete's foot
    (
        "skin between my toes is itchy, white and cracking, i think its athletes foot from the gym",
        _own(_SKIN, "yes between my toes"),
        "home",
    ),
    # Piles. Bleeding that will not stop is the NHS piles page's A&E (relabelled from "seen"
    # after the first measurement: the label contradicted its own source).
    (
        "i think ive got piles, theres a lump by my bum and a bit of bright red blood on the paper",
        _own(
            ("lump", "swelling", "stool", "poo", "bowel", "pain", "itch"),
            "yes the pile is sore",
            (_BLEED, "just a bit on the paper, it stops"),
        ),
        "home",
    ),
    (
        "piles again since having the baby 3 weeks ago, they are bleeding a lot and it wont stop",
        _own(
            ("lump", "swelling", "stool", "poo", "pain", "itch"),
            "yes the piles",
            (_BLEED, "yes its still bleeding a lot"),
        ),
        "emergency",
    ),
    # A verruca
    (
        "my son has a verruca on the bottom of his foot, hurts a bit when he walks, how do we get rid of it",
        _own((*_SKIN, "pain", "walk"), "yes on the bottom of his foot"),
        "home",
    ),
    # Trouble sleeping
    (
        "i just cant sleep lately, lie awake till 3am every night and im shattered at work",
        _own(_SLEEP, "yes i cant get to sleep"),
        "home",
    ),
    (
        "struggling to drop off at night for a couple of weeks, mind racing about work stuff",
        _own(_SLEEP, "yes i cant sleep"),
        "home",
    ),
    # A hangover
    (
        "massive hangover, head is pounding and i feel rough after last nights party",
        _own(_HEAD, "yes from drinking last night"),
        "home",
    ),
    (
        "went out for my birthday and drank way too much, feel awful this morning, any tips?",
        _own(_HEAD, "yes from the drink"),
        "home",
    ),
    # Existing rows of the nurse's table (stop 40-46) keep their handling.
    (
        "rolled my ankle playing football, its swollen but i can walk on it",
        (*_SCALES, (("weight", "walk"), "yes i can walk on it")),
        "home",
    ),
    (
        "got a stye on my eyelid, red lump and a bit sore",
        _own(("eye", "sight"), "my sight is fine"),
        "home",
    ),
]

# Openings that are the pack's and must keep its questions: what DDXPlus's conditions present
# with, some said beside an everyday complaint's words.
DEV_PACK: list[Row] = [
    ("ive had a chesty cough for a week and im bringing up green stuff", _SCALES, "pack"),
    ("sore throat and it hurts to swallow, feel a bit feverish", _SCALES, "pack"),
    ("really bad heartburn after i eat, burning up into my throat", _SCALES, "pack"),
    ("i get a tight pain in my chest when i walk up hills", _SCALES, "pack"),
    (
        "keep getting these panic attacks, heart races and i feel like im going to die",
        _SCALES,
        "pack",
    ),
    ("runny nose, sneezing and a blocked nose for 3 days", _SCALES, "pack"),
    ("my heart keeps fluttering and skipping beats", _SCALES, "pack"),
    ("my son has an earache and a temperature since last night", _SCALES, "pack"),
    ("cant sleep because i keep waking up coughing and short of breath", _SCALES, "pack"),
    ("ive got a rash on my cheeks and my joints ache", _SCALES, "pack"),
    ("always tired, no energy and i look really pale", _SCALES, "pack"),
    ("feeling sick and throwing up since this morning", _SCALES, "pack"),
]

HELD_OUT: list[Row] = [
    (
        "my little girl keeps scratching her bottom at night, i saw tiny white threads, think its worms",
        _own(("itch", "skin", "bottom", "stool", "poo"), "yes her bottom is itchy"),
        "home",
    ),
    (
        "think ive got thrush again, itchy down there and a white cottage cheese discharge",
        _own(("itch", "discharge", "vagina", "skin"), "yes itchy and the discharge"),
        "home",
    ),
    (
        "thrush i think, but im 20 weeks pregnant so not sure what i can use",
        _own(
            ("itch", "discharge", "vagina"), "yes its thrush", (_BABY, "yes im 20 weeks pregnant")
        ),
        "seen",
    ),
    (
        "my toes go red, itchy and swollen when i come in from the cold, chilblains maybe?",
        _own((*_SKIN, "swell"), "yes my toes"),
        "home",
    ),
    (
        "got a wart on my finger thats been there for months, its not painful just annoying",
        _own((*_SKIN, "finger", "lump"), "yes the wart on my finger"),
        "home",
    ),
    (
        "ingrown toenail on my big toe, red and sore along the side",
        _own((*_SKIN, "pain", "nail"), "yes my big toe"),
        "home",
    ),
    (
        "ingrowing toenail has gone really red up my foot, pus coming out and now i feel hot and shivery",
        _own(
            (*_SKIN, "pain", "nail", "pus"),
            "yes my toe",
            (_HOT, "yes i feel hot and shivery"),
            (_WORSE, "yes the redness is spreading"),
        ),
        "seen",
    ),
    (
        "i always get travel sick on boats and we are going on a ferry next week, what can i take",
        _own(("sick", "nause", "vomit"), "yes on boats"),
        "home",
    ),
    (
        "flew back from thailand yesterday and my body clock is all over the place, jet lag is awful",
        _own(_SLEEP, "yes since the flight"),
        "home",
    ),
    (
        "keep getting cramp in my calves at night, wakes me up, really painful for a minute then goes",
        _own(("cramp", "calf", "calves", "leg", "pain", "night"), "yes cramp in my calves"),
        "home",
    ),
    (
        "new shoes gave me a massive blister on my heel",
        _own((*_SKIN, "blister", "heel"), "yes on my heel"),
        "home",
    ),
    (
        "got a splinter in my thumb from the garden fence and i cant get it out",
        _own(("thumb", "skin", "pain", "finger"), "yes my thumb"),
        "home",
    ),
    (
        "my wife says my snoring is unbearable, im keeping her up every night",
        _own(("snor", "sleep", "night"), "yes i snore"),
        "home",
    ),
    (
        "worried i have bad breath, people keep offering me mints",
        _own(("breath", "mouth"), "yes my breath smells"),
        "home",
    ),
    (
        "lips are so chapped and cracked they bleed a bit when i smile",
        _own(
            (*_LIP, "crack"),
            "yes my lips are cracked",
            (_BLEED, "a tiny bit when they crack, it stops"),
        ),
        "home",
    ),
    (
        "so much trapped wind, keep farting and burping after dinner",
        _own(("wind", "gas", "burp", "fart", "stomach", "tummy"), "yes trapped wind"),
        "home",
    ),
    (
        "hands are really dry and cracked from all the handwashing at work",
        _own((*_SKIN, "hand"), "yes my hands"),
        "home",
    ),
    (
        "itchy red patch in my groin since the hot weather, think its jock itch",
        _own((*_SKIN, "groin"), "yes in my groin"),
        "home",
    ),
    (
        "burnt my hand on the oven tray, its red and stings but no blisters",
        _own((*_SKIN, "burn", "hand", "pain", "blister"), "yes my hand where i burnt it"),
        "home",
    ),
    (
        "hard painful corn on the side of my little toe, shoes rub on it",
        _own((*_SKIN, "pain", "corn"), "yes the corn on my toe"),
        "home",
    ),
    (
        "my toenails have gone thick and yellow, think its a fungal infection",
        _own((*_SKIN, "nail", "yellow"), "yes my toenails"),
        "home",
    ),
    (
        "my hair is falling out more than usual when i brush it, clumps in the plughole",
        _own(("hair", "scalp", "skin"), "yes my hair"),
        "home",
    ),
    (
        "heels are cracked and sore, the skin is all thick and splits",
        _own((*_SKIN, "heel", "pain"), "yes my heels"),
        "home",
    ),
    (
        "breastfeeding my 3 week old and my nipples are so sore and cracked",
        _own(
            ("nipple", "breast", "pain", "crack", "skin"),
            "yes my nipples",
            (_BABY, "yes my baby is 3 weeks old"),
        ),
        "seen",
    ),
    (
        "my feet stink no matter what i do, its embarrassing",
        _own((*_SKIN, "smell"), "yes my feet"),
        "home",
    ),
    (
        "bunion on my big toe joint is aching from my work shoes",
        _own((*_SKIN, "pain", "joint"), "yes my big toe joint"),
        "home",
    ),
    (
        "my 6 year old wakes up crying with achy legs at night, fine in the day, growing pains?",
        _own(("leg", "pain", "ache", "night"), "yes his legs ache at night"),
        "home",
    ),
]

HELD_OUT_PACK: list[Row] = [
    ("bad heartburn every night after dinner, acid comes up into my mouth", _SCALES, "pack"),
    ("i have gerd and my reflux has been really bad this week", _SCALES, "pack"),
    ("scratchy sore throat since yesterday", _SCALES, "pack"),
    ("dry tickly cough that wont go away", _SCALES, "pack"),
    ("pain in the middle of my chest that spreads to my left arm", _SCALES, "pack"),
    (
        "i think i had a panic attack on the bus, couldnt breathe and my hands tingled",
        _SCALES,
        "pack",
    ),
    ("my 2 year old has a barking cough like a seal and a hoarse voice", _SCALES, "pack"),
    ("fever, aching all over and shivering, think its flu", _SCALES, "pack"),
    ("blocked nose and pain in my cheeks and forehead when i bend down", _SCALES, "pack"),
    ("my ear really hurts and theres gunk coming out of it", _SCALES, "pack"),
    ("wheezy and tight chested when i breathe out", _SCALES, "pack"),
    ("my ankles are swollen by the end of the day", _SCALES, "pack"),
    ("found a lump in my groin that gets bigger when i cough", _SCALES, "pack"),
    ("lost my voice, very hoarse since monday", _SCALES, "pack"),
    ("coughed up a bit of blood this morning", _SCALES, "pack"),
    ("get out of breath just walking up the stairs lately", _SCALES, "pack"),
    ("my periods are really heavy and go on for over a week", _SCALES, "pack"),
    ("ive noticed an unusual vaginal discharge", _SCALES, "pack"),
    ("been losing weight without trying and sweating at night", _SCALES, "pack"),
    ("seeing double when i look to the side", _SCALES, "pack"),
    ("numbness and tingling in both feet", _SCALES, "pack"),
    ("my neck muscles keep spasming and pulling my head to one side", _SCALES, "pack"),
    ("my stomach feels bloated and swollen all the time", _SCALES, "pack"),
    ("itchy eyes and sneezing every spring, think its hay fever", _SCALES, "pack"),
    ("cant smell anything since my cold last week", _SCALES, "pack"),
]

# Stop 47b: a second held-out part, written before the exemplars were widened to the common
# self-care / Pharmacy First kinds (threadworms, thrush, chilblains, warts, toenails, jet lag,
# travel sickness, sunburn, bites, earwax, spots, dandruff, lips, blisters, splinters, cramp,
# nails, dry skin, heels, corns), in words the exemplars do not use; scored once, at the end.
HELD_OUT_47B: list[Row] = [
    (
        "my 5 yr old keeps wriggling and scratching his bum all night, nursery said theres worms going round",
        _own(("itch", "skin", "bottom", "stool", "poo"), "yes his bottom itches"),
        "home",
    ),
    (
        "woke up with an itchy backside and saw a tiny white wriggly thing in the toilet, gross",
        _own(("itch", "skin", "bottom", "stool", "poo"), "yes its itchy"),
        "home",
    ),
    (
        "pretty sure its thrush, really itchy and sore down below, always get it after antibiotics",
        _own(("itch", "vagina", "skin", "sore"), "yes itchy down below"),
        "home",
    ),
    (
        "tips of my fingers go purple, itchy and burny after ive been out in the frost",
        _own((*_SKIN, "finger"), "yes my fingers"),
        "home",
    ),
    (
        "couple of rough little warts on my knuckles that wont budge, tried the freezing spray",
        _own((*_SKIN, "finger", "hand", "lump"), "yes on my knuckles"),
        "home",
    ),
    (
        "edge of my big toenail is digging into the skin, bit puffy and tender",
        _own((*_SKIN, "pain", "nail"), "yes my big toe"),
        "home",
    ),
    (
        "ingrown nail on my toe is oozing yellow stuff and now im feverish and achy",
        _own((*_SKIN, "pain", "nail", "pus"), "yes my toe", (_HOT, "yes i feel feverish")),
        "seen",
    ),
    (
        "just back from LA, 8 hours difference, wide awake at 4am and nodding off at lunch",
        _own(_SLEEP, "yes since the trip"),
        "home",
    ),
    (
        "my kids get carsick on long drives, we have a 5 hour journey saturday, anything that helps",
        _own(("sick", "nause", "vomit"), "yes in the car"),
        "home",
    ),
    (
        "fell asleep in the garden and my shoulders are bright pink and tender, proper sunburnt",
        _own((*_SKIN, "burn", "pain", "shoulder"), "yes my shoulders"),
        "home",
    ),
    (
        "something bit me at the campsite, itchy pink bump on my ankle, otherwise im fine",
        # Its own words hold no "red": the insect row asks whether "the redness is spreading".
        _own(("bite", "ankle", "lump", "itch"), "yes the bite on my ankle"),
        "home",
    ),
    (
        "my ear feels bunged up and muffled, think its wax build up, doesnt hurt",
        # " ear", not "ear": "a baby under a year" holds "ear".
        _own((" ear", "hearing", "wax"), "yes my ear is blocked"),
        "home",
    ),
    (
        "im 16 and keep breaking out in spots on my forehead and chin, want something to clear them",
        _own((*_SKIN, "spot", "face"), "yes spots on my face"),
        "home",
    ),
    (
        "white flakes all over my dark jumpers from my scalp, so embarassing",
        _own(("scalp", "head", "skin", "itch", "hair"), "yes my scalp flakes"),
        "home",
    ),
    (
        "lips are dry and flaky from the wind, i keep licking them which doesnt help",
        _own((*_LIP, "dry"), "yes my lips"),
        "home",
    ),
    (
        "walked 20 miles at the weekend and theres a fluid filled bubble on my little toe",
        _own((*_SKIN, "blister", "pain"), "yes on my toe"),
        "home",
    ),
    (
        "tiny bit of wood stuck under my fingernail from sanding, cant get at it",
        _own(("finger", "nail", "skin", "pain"), "yes under my nail"),
        "home",
    ),
    (
        "charley horse in my leg last night shot me awake, muscle still a bit tight",
        # No "pain": its words say none, and "pain" said yes to the clot question's "any pain
        # in your chest" (stop 48; told 112 by the harness, not by the product).
        _own(("cramp", "calf", "leg", "muscle", "night"), "yes my leg muscle"),
        "home",
    ),
    (
        "my big toenail has gone crumbly and discoloured, been like that for months",
        _own((*_SKIN, "nail"), "yes my toenail"),
        "home",
    ),
    (
        "skin on my shins gets so dry in winter it looks scaly and itches",
        _own((*_SKIN, "dry", "leg"), "yes my shins"),
        "home",
    ),
    (
        "deep splits in the skin on my heels, hurts walking barefoot",
        _own((*_SKIN, "heel", "pain", "walk"), "yes my heels"),
        "home",
    ),
    (
        "hard patch of skin on the ball of my foot, like walking on a little stone",
        _own((*_SKIN, "pain", "walk"), "yes the ball of my foot"),
        "home",
    ),
]

# Look-alikes that are the pack's and must keep its questions (stop 47b, held out).
HELD_OUT_47B_PACK: list[Row] = [
    ("been coughing for days, dry and tickly, it keeps me up at night", _SCALES, "pack"),
    ("my 3 year old is burning up, 39.4 and off her food", _SCALES, "pack"),
    ("spotty rash all over his tummy and he has a high temperature", _SCALES, "pack"),
    ("burning behind my breastbone after meals, worse when i lie down", _SCALES, "pack"),
    ("throat feels like razor blades, it hurts to swallow", _SCALES, "pack"),
    ("eyes streaming and itchy, nose wont stop running when the pollen is high", _SCALES, "pack"),
    ("my sons ear is killing him and hes hot to touch", _SCALES, "pack"),
    ("heart pounding out of my chest for no reason, lasted 20 mins", _SCALES, "pack"),
    ("short of breath lately and my legs are puffy by the evening", _SCALES, "pack"),
    ("itchy red blotches all over and my lips have swollen up", _SCALES, "pack"),
]

# Stop 48: a third held-out part, written before any change of stop 48 and scored once, at the
# end. Everyday complaints of kinds the exemplars cover (everyday_exemplars.toml), worded unlike
# them: typos, hedges, a parent about a child, long. Three rows answer "not sure" to the
# screen's question of a worse complaint or a fever (lead22's itchy scalp closed "seek medical
# care today" on that): a patient who cannot say is no evidence of urgency, so their want is a
# pharmacist with the flag to watch for ("home"), the flag's yes stays "seen".
_UNSURE_WORSE = ((*_WORSE, *_HOT), "not sure")
HELD_OUT_48: list[Row] = [
    (
        "is it normal to be doubled over on day one of my time of the month? ibuprofen barely takes the edge off",
        _own(_PERIOD, "yes on the first day"),
        "home",
    ),
    (
        "my 3yr old hasnt managed a number 2 since sunday and cries when he tries to push it out",
        _own(_BOWEL, "yes he cant go"),
        "home",
    ),
    (
        "that tingly itchy feeling at the corner of my mouth again, same as every time im run down",
        _own(_LIP, "yes the corner of my mouth"),
        "home",
    ),
    (
        "hiccuping non stop since lunch, tried holding my breath and a spoon of sugar, nothing works lol",
        (),
        "home",
    ),
    (
        "my daughter (8) gets nose bleeds nearly every week, they always stop after 5 mins of squeezing",
        _own((*_BLEED, "nose"), "they stop after a few minutes"),
        "home",
    ),
    (
        "little white crater on my gum thats really tender, think i bit it a few days ago",
        _own(("mouth", "gum", "ulcer", "sore", "pain", "lesion"), "yes on my gum"),
        "home",
    ),
    (
        "found creepy crawlies in my daughters hair when i was brushing it, half her class has them",
        _own(("head", "hair", "itch", "scalp", "skin"), "yes in her hair"),
        "home",
    ),
    (
        "skin in between my toes has gone soggy and white and pongs, been in trainers all summer",
        _own(_SKIN, "yes between my toes"),
        "home",
    ),
    (
        "sorry tmi but it itches round my back passage and theres a small squishy lump after i go",
        _own(("lump", "swelling", "itch", "bottom", "stool", "poo"), "yes the lump by my bum"),
        "home",
    ),
    (
        "swimming teacher says my daughter has a verucca on her heel, looks like a tiny cauliflower",
        _own((*_SKIN, "heel", "walk"), "yes on her heel"),
        "home",
    ),
    (
        "havent had a proper nights kip in weeks, my brain just wont shut off when i go to bed",
        _own(_SLEEP, "yes i cant get off to sleep"),
        "home",
    ),
    (
        "too many ciders last night, mouth like sandpaper and my heads banging, how do i survive work",
        _own(_HEAD, "yes from the ciders"),
        "home",
    ),
    (
        "my twins keep digging at their bottoms at bedtime, i think weve got worms in the house again",
        _own(("itch", "skin", "bottom", "stool", "poo"), "yes their bottoms itch"),
        "home",
    ),
    (
        "think i might have a yeast infection, really itchy and burny in my private area, had one before",
        _own(("itch", "vagina", "skin", "burn", "discharge"), "yes itchy down there"),
        "home",
    ),
    (
        "after walking the dog in the snow my little toes went swollen and purply and now theyre itching and burning",
        _own((*_SKIN, "swell", "toe"), "yes my toes"),
        "home",
    ),
    (
        "theres a small bumpy growth on my sons thumb, been there a couple of months, doesnt bother him",
        _own((*_SKIN, "finger", "thumb", "lump"), "yes on his thumb"),
        "home",
    ),
    (
        "think the nail on my big toe has grown in at the corner, tender and a bit puffy when i put shoes on",
        _own((*_SKIN, "pain", "nail", "swell"), "yes my big toe"),
        "home",
    ),
    (
        "back from australia and at midday my body thinks its the middle of the night, cant function",
        _own(_SLEEP, "yes since the flight"),
        "home",
    ),
    (
        "i go green and queasy reading in the back of the car, weve got a long road trip tomorrow",
        _own(("sick", "nause", "vomit", "queasy"), "yes in the car"),
        "home",
    ),
    (
        "mozzies ate me alive on holiday, dozens of itchy lumps all over my legs, otherwise fine",
        _own(("bite", "leg", "lump", "itch"), "yes the bites on my legs"),
        "home",
    ),
    (
        "my teenage daughter keeps getting big zits on her cheeks and its knocking her confidence",
        _own((*_SKIN, "spot", "face", "cheek"), "yes spots on her face"),
        "home",
    ),
    (
        "corners of my lips keep splitting and stinging in this cold weather",
        _own((*_LIP, "crack", "split"), "yes my lips"),
        "home",
    ),
    (
        "new hiking boots rubbed a big bubble of fluid up on the back of my ankle",
        _own((*_SKIN, "blister", "ankle", "pain"), "yes on my ankle"),
        "home",
    ),
    (
        "my calf knotted up at 3am and i had to jump out of bed and stretch it out, still a bit achy",
        _own(("cramp", "calf", "leg", "muscle", "pain", "night"), "yes my calf"),
        "home",
    ),
    (
        "a hard bit of skin has built up under my big toe, feels like a pebble in my shoe",
        _own((*_SKIN, "pain", "walk", "toe"), "yes under my toe"),
        "home",
    ),
    # A flag said yes: care today.
    (
        "im 30 weeks pregnant and have a horrible cold sore on my lip, what am i allowed to use",
        _own(_LIP, "yes on my lip", (_BABY, "yes im 30 weeks pregnant")),
        "seen",
    ),
    # "Not sure" to the screen's worse-or-fever question: no evidence of urgency.
    (
        "scalp keeps shedding little white bits onto my collar and it itches a bit, dandruff i guess?",
        _own(("scalp", "head", "skin", "itch", "hair"), "yes my scalp", _UNSURE_WORSE),
        "home",
    ),
    (
        "hard dry skin on my heels has started cracking, bit sore when i walk on it",
        _own((*_SKIN, "heel", "pain", "walk"), "yes my heels", _UNSURE_WORSE),
        "home",
    ),
    (
        "my little boy (6) keeps getting hiccups after his tea, is there anything that stops them",
        (_UNSURE_WORSE,),
        "home",
    ),
]

# Look-alikes of the everyday kinds that are the pack's (DDXPlus conditions) and must keep its
# questions (stop 48, held out).
HELD_OUT_48_PACK: list[Row] = [
    (
        "ate some tuna at lunch and now my face is flushed, pounding head and the runs",
        _SCALES,
        "pack",
    ),
    (
        "started new anti sickness tablets and my neck has twisted round and my eyes keep rolling up",
        _SCALES,
        "pack",
    ),
    (
        "always shattered lately, puffed out on the stairs and everyone says i look really washed out",
        _SCALES,
        "pack",
    ),
    (
        "cant sleep lying flat anymore, i wake up gasping and have to prop myself up on 3 pillows",
        _SCALES,
        "pack",
    ),
    (
        "lump in my groin that pops out when i strain on the toilet and goes back when i lie down",
        _SCALES,
        "pack",
    ),
    (
        "my feet went tingly and weak and now its creeping up my legs, had a tummy bug 2 weeks ago",
        _SCALES,
        "pack",
    ),
    (
        "my eyelids droop by the evening and i see double when im tired, better in the morning",
        _SCALES,
        "pack",
    ),
    (
        "my 7 month old is wheezy and not feeding well, had a snuffly cold for a few days",
        _SCALES,
        "pack",
    ),
    (
        "coughing fits so bad i make a whooping noise breathing in and sometimes i throw up after",
        _SCALES,
        "pack",
    ),
    (
        "stabbing pain behind my left eye at the same time every night, that eye waters and my nose runs",
        _SCALES,
        "pack",
    ),
]

# Dizziness and light-headedness (stop 48, held out): the opening, the replies (the probes'
# rule: yes to the complaint's own words, the scales, "not sure" otherwise) and the words each
# of the first three questions must hold one of (at a word's start) to be about what the
# patient said.
_DIZZY_SCALES: Replies = (
    (("how intense", "how severe", "scale", "how precisely", "how fast", "how much"), "3"),
)
_DIZZY_WORDS = (
    "dizz",
    "spin",
    "vertigo",
    "balance",
    "lighthead",
    "light-head",
    "light head",
    "faint",
    "pass out",
    "ear",
    "hear",
    "nause",
    "sick",
    "vomit",
    "head",
    "turn",
    "position",
    "move",
    "room",
    "stand",
    "get up",
    "vision",
    "fall",
)
DIZZY_48: list[tuple[str, Replies, tuple[str, ...]]] = [
    (
        "feel woozy and light headed when i stand up out of bed in the morning, like im about to pass out for a sec",
        (*_DIZZY_SCALES, (("dizz", "lighthead", "light head", "faint", "stand", "get up"), "yes")),
        (*_DIZZY_WORDS, "blood pressure", "heart", "palpitat", "pale", "breath", "conscious"),
    ),
    (
        "everything tilts and whirls if i roll onto my left side in bed, makes me feel queasy",
        (*_DIZZY_SCALES, (("dizz", "spin", "vertigo", "room", "turn"), "yes")),
        _DIZZY_WORDS,
    ),
    (
        "been really dizzy since that bad cold, the room moves when i move my head and my right ear is muffled",
        (*_DIZZY_SCALES, (("dizz", "spin", "vertigo", "ear", "hear"), "yes")),
        (*_DIZZY_WORDS, "cold", "fever", "temperature", "ring"),
    ),
    (
        "keep going all swimmy headed in the afternoons and a bit shaky, havent been eating much",
        (*_DIZZY_SCALES, (("dizz", "lighthead", "light head", "faint", "shak"), "yes")),
        (
            *_DIZZY_WORDS,
            "shak",
            "tremb",
            "eat",
            "food",
            "meal",
            "sugar",
            "diabet",
            "sweat",
            "heart",
            "palpitat",
        ),
    ),
    (
        "giddy spells when i look up at the ceiling or bend down to tie my shoes, lasts a few seconds",
        (*_DIZZY_SCALES, (("dizz", "spin", "vertigo", "giddy", "head"), "yes")),
        (*_DIZZY_WORDS, "bend", "look up"),
    ),
    (
        "my mum is 78 and keeps saying the floor feels like its moving under her, shes unsteady on her feet",
        (*_DIZZY_SCALES, (("dizz", "spin", "balance", "unsteady", "fall"), "yes")),
        (*_DIZZY_WORDS, "unsteady", "walk", "feet", "leg", "weak", "numb", "speech", "heart"),
    ),
]
