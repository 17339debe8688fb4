# ruff: noqa: E501  (a data table: one row a line)
"""Openings of patient intake, written as patients write (typos, hedges, long, indirect), with
what the first three questions must be about and must never be about.

Each row: (opening, about, never). Each of the first three questions must contain one of
``about`` (case-insensitive substrings: the complaint's symptoms, body parts, timing, the
signs of the conditions a clinician would think of), and none may contain any of ``never``
(what the opening already answered or denied, and topics it did not touch). On every row,
whatever its words, none of the first three questions is about history or risk factors
(``follow_ups.history_of``), and nothing answered is asked again.

The table was written before the question order changed. ``HELD_OUT`` is only measured, never
developed on.
"""

from __future__ import annotations

Row = tuple[str, tuple[str, ...], tuple[str, ...]]

TIMING = ("how long", "when did", "started", "onset", "worse", "come on", "came on", "how fast", "appear")
RESP = ("cough", "sputum", "phlegm", "breath", "wheez", "fever", "temperature", "chill", "shiver", "throat", "nose", "nasal", "runny", "sneez", "chest", "swallow", "voice", "hoarse", "lymph", "gland", "tired", "fatigue", "muscle", "ache", "pain", "ear", "sinus", "smell", "taste")
HEART = ("heart", "palpitat", "racing", "beat", "irregular", "pulse", "chest", "breath", "dizz", "lighthead", "faint", "conscious", "sweat", "exert", "effort", "anxi", "panic", "swell", "tired", "fatigue")
GUT = ("stomach", "belly", "abdom", "nause", "vomit", "sick", "diarrh", "stool", "bowel", "burn", "acid", "reflux", "regurg", "swallow", "taste", "mouth", "throat", "chest", "eat", "meal", "lying", "lie down", "weight", "appetite", "cough", "pain")
SKIN = ("rash", "skin", "lesion", "itch", "swell", "red", "hives", "lip", "tongue", "throat", "breath", "allerg", "face", "eye", "pain", "fever")
NERVE = ("weak", "numb", "tingl", "muscle", "arm", "leg", "walk", "eye", "vision", "double", "eyelid", "droop", "swallow", "speak", "speech", "talk", "breath", "tired", "fatigue", "pain", "head")

DEVELOPMENT: list[Row] = [
    ("lost my voice after screaming along at a gig on saturday, its all croaky and hoarse and my throat feels raw when i talk", RESP + TIMING, ("rash", "skin", "lesion")),
    ("my heart keeps randomly racing and fluttering for a few minutes then it just stops, feels like its skipping beats. no pain at all, just a bit lightheaded when it happens", HEART + TIMING, ("pain", "rash")),
    ("sore throat and a temperature since yesterday, hurts to swallow", RESP + TIMING, ("rash", "skin", "lesion")),
    ("i have a sore throat and a fever", RESP + TIMING, ("rash", "skin", "lesion")),
    ("aching all over, shivery and hot and cold, 38.6 this morning. half my office has been off with flu this week so probably that", RESP + TIMING, ("rash", "skin")),
    ("theres a soft lump in my right groin that pops out when i cough or lift the shopping and goes back in when i lie down, aches a bit by the end of the day", ("groin", "lump", "bulge", "swell", "mass", "pain", "ache", "cough", "lift", "strain", "effort", "lying", "belly", "abdom", "stomach", "testic", "scrot", "stool", "bowel", "gas", "vomit", "nause", "tender", *TIMING), ("rash", "ankle", "wrist")),
    ("both my ankles have been really puffy all week, the sock marks stay in for ages, and im getting a bit breathless going up the stairs", ("swell", "ankle", "leg", "foot", "feet", "calf", "thigh", "breath", "lying", "night", "heart", "pain", "chest", "cough", "exert", "effort", "tired", "fatigue", "weight", *TIMING), ("rash", "skin")),
    ("i keep getting this burning feeling behind my breastbone after i eat, worse when i lie down at night, and a sour taste comes up", GUT + TIMING, ("rash", "skin")),
    ("hi, so basically ive had a cough for like 3 weeks now, bringing up greenish stuff, no fever tho", RESP + TIMING, ("rash", "fever", "temperature")),
    ("my nose is completely blocked and my face hurts around my cheeks and eyes when i bend down, been over a week", ("nose", "nasal", "sinus", "face", "cheek", "eye", "forehead", "smell", "taste", "discharge", "runny", "fever", "pain", "cough", "throat", "head", "tooth", "teeth", *TIMING), ("rash", "ankle")),
    ("i get these awful sharp headaches behind one eye, always the same side, my eye waters and my nose runs with it. they last about an hour", ("head", "eye", "tear", "nose", "nasal", "runny", "face", "temple", "forehead", "pain", "eyelid", "droop", "red", "sweat", "restless", "agitat", "night", *TIMING), ("rash", "cough", "ankle")),
    ("got bitten loads on holiday and now theres an itchy red rash on my arms and legs, breathing is fine", (*SKIN, "arm", "leg", "where", "located", *TIMING), ()),
    ("my son is 3 and has a barking cough like a seal, worse at night, and a bit of a temperature", (*RESP, "stridor", "high pitched", "noise", "bark", *TIMING), ("rash", "smok")),
    ("i feel short of breath when i walk any distance and im wheezing at night, i used to smoke a lot", (*RESP, "exert", "effort", "night", "lying", *TIMING), ("rash",)),
    ("im so tired all the time, cant get through the day without a nap, and i look really pale according to my mum", ("tired", "fatigue", "exhaust", "energy", "pale", "breath", "dizz", "lighthead", "faint", "heart", "palpitat", "period", "menstrua", "bleed", "blood", "stool", "weight", "appetite", "usual activities", "cold", "exert", *TIMING), ("rash",)),
    ("i keep having these spells where i get really anxious out of nowhere, heart pounding and sweaty hands, they pass after 10 mins or so", (*HEART, "numb", "tingl", "fear", "shak", "trembl", "chok", "nause", "stomach", *TIMING), ("rash", "cough")),
    ("ear ache in my left ear since the weekend, feels full and muffled, bit of a temp", ("ear", "hear", "discharge", "fever", "temperature", "throat", "nose", "nasal", "runny", "cough", "pain", "head", "dizz", *TIMING), ("rash", "ankle")),
    ("no pain anywhere, just this constant dry tickly cough thats kept me up for 2 weeks", (*RESP, "night", *TIMING), ("pain", "rash")),
    ("I dont have any rash or anything, but my throat is killing me and my glands are up", RESP + TIMING, ("rash", "skin", "lesion")),
    ("my muscles have gone really weak, struggling to climb stairs, and my eyelids droop by the evening", NERVE + TIMING, ("rash", "cough")),
    ("my legs have felt a bit weak and tingly for a few weeks now, mostly in the evenings", (*NERVE, "feet", "foot", "calf", "thigh", "knee", "back", *TIMING), ("rash", "cough")),
    ("ive got a really runny nose, sneezing non stop and itchy eyes, every spring this happens", (*RESP, "eye", "itch", "allerg", "tear", *TIMING), ("rash", "ankle")),
    ("sharp pain in my chest when i breathe in, started after a cold last week, easier if i lean forward", ("chest", "breath", "pain", "lean", "lying", "heart", "palpitat", "fever", "cough", "cold", "sweat", "shoulder", "back", "neck", "arm", "jaw", *TIMING), ("rash", "ankle")),
    ("pain right in the middle of my ribs after a coughing fit, hurts to touch and when i twist", ("rib", "chest", "pain", "touch", "press", "breath", "cough", "twist", "move", "side", *TIMING), ("rash", "ankle")),
    ("been feeling sick and bringing food back up after meals for a few days, no blood or anything", GUT + TIMING, ("rash", "blood")),
    ("erm not sure if this is anything but i keep coughing and wheezing at night, kind of like asthma but i dont have asthma", (*RESP, "night", "lying", *TIMING), ("rash",)),
    ("so my baby (8 months) has a runny nose and a bit of a cough, shes still feeding ok", (*RESP, "feed", "eat", "drink", "nostril", "flar", *TIMING), ("rash", "smok")),
    ("i think i have the flu??? fever 39, head pounding, every bone aches", (*RESP, "head", *TIMING), ("rash",)),
    ("sore throat for 4 days, swallowing hurts but i can manage, no trouble breathing", (*RESP, "drool", "saliva", "mouth", *TIMING), ("rash",)),
    ("persistent low fever for weeks, night sweats, lost a lot of weight without trying and coughing a bit", (*RESP, "sweat", "night", "weight", "appetite", "blood", *TIMING), ("rash",)),
]

HELD_OUT: list[Row] = [
    ("throat's been scratchy for a couple of days and now ive got a stuffy nose and keep sneezing", RESP + TIMING, ("rash", "skin", "lesion")),
    ("heart going like the clappers every now and again, thumping in my chest, no chest pain tho", HEART + TIMING, ("pain", "rash")),
    ("ive had heartburn on and off for months, worse after coffee and big meals, sometimes food comes back up", GUT + TIMING, ("rash", "skin")),
    ("really hoarse since monday, teacher so i talk all day, no other symptoms really", RESP + TIMING, ("rash", "skin", "lesion")),
    ("my 4yo has had a hacking cough for 2 wks, goes red in the face and makes a whooping noise breathing in", (*RESP, "whoop", "vomit", "sick", "red", *TIMING), ("rash", "smok")),
    ("my hands and face swelled up after i ate prawns and im itchy all over", (*SKIN, "eat", "food", "nause", "vomit", "stomach", *TIMING), ()),
    ("feeling exhausted and dizzy, my periods are super heavy this year and i get out of breath easily", ("tired", "fatigue", "exhaust", "energy", "pale", "breath", "dizz", "lighthead", "faint", "heart", "palpitat", "period", "menstrua", "bleed", "blood", "stool", "weight", "usual activities", "exert", *TIMING), ("rash",)),
    ("coughing up yellow phlegm, feel hot and shivery, and it hurts on the right side when i take a deep breath", RESP + TIMING, ("rash",)),
    ("no fever, no pain, just a blocked nose and sneezing for 3 days", RESP + TIMING, ("pain", "rash", "fever", "temperature")),
    ("sudden sharp pain on one side of my chest and i feel a bit breathless, im tall and skinny if that matters", ("chest", "breath", "pain", "side", "shoulder", "cough", "heart", "palpitat", "lung", "sweat", "back", "neck", "arm", *TIMING), ("rash", "ankle")),
    ("my calf on the left is swollen and tender and a bit warm, flew back from australia last week", ("calf", "leg", "swell", "pain", "tender", "warm", "red", "breath", "chest", "cough", "thigh", "ankle", *TIMING), ("rash",)),
    ("woke up with a pounding headache on one side, eye on that side is red and watering", ("head", "eye", "tear", "nose", "nasal", "face", "temple", "forehead", "pain", "eyelid", "red", "sweat", "restless", *TIMING), ("rash", "cough")),
    ("my toddler is pulling at her ear and crying, had a cold last week, temp of 38", ("ear", "hear", "discharge", "fever", "temperature", "throat", "nose", "nasal", "runny", "cough", "pain", "cold", "irrit", *TIMING), ("rash", "smok")),
    ("getting really bad cramps in my belly and loose stools about 6 times a day since the curry", GUT + TIMING, ("rash",)),
    ("double vision towards the end of the day and my voice gets weaker the more i talk", (*NERVE, "voice", "chew", *TIMING), ("rash", "cough")),
]

# Stop 46: complaints the pack's conditions barely cover (an eye, the ears, a tooth, a joint,
# the waterworks, the back, the skin): the opening's own body part, not the nearest
# condition's signs (lead21/22: a pink gunky eye was asked about the lymph nodes and the
# breath; ringing ears about saliva). Written before the change; HELD_OUT_46 never developed on.
EYE = ("eye", "vision", "sight", "see", "red", "itch", "tear", "water", "discharge", "light", "lid", "swell", "allerg", "pain", *TIMING)
EAR = ("ear", "hear", "sound", "ring", "noise", "dizz", "spin", "balance", "pain", "discharge", "head", *TIMING)
MOUTH = ("tooth", "teeth", "gum", "jaw", "mouth", "chew", "swallow", "face", "cheek", "swell", "pain", "fever", "temperature", *TIMING)
JOINT = ("joint", "knee", "ankle", "hip", "foot", "feet", "heel", "leg", "toe", "swell", "stiff", "red", "warm", "hot", "walk", "weight", "move", "pain", "fever", *TIMING)
WATER = ("pee", "urin", "wee", "bladder", "burn", "sting", "blood", "pain", "belly", "abdom", "stomach", "back", "side", "fever", "temperature", "sick", "vomit", *TIMING)
BACK = ("back", "spine", "leg", "numb", "tingl", "weak", "walk", "bladder", "bowel", "lift", "move", "pain", "fever", *TIMING)

DEVELOPMENT_46: list[Row] = [
    ("eye is red and sticky, woke up with it glued shut this morning", EYE, ("rash", "cough")),
    ("ringing in both ears since the fireworks on saturday, everything sounds muffled", EAR, ("rash", "cough")),
    ("toothache right at the back, throbbing, worse with cold drinks", MOUTH, ("rash", "cough")),
    ("my knee is swollen and stiff after a long walk yesterday", JOINT, ("cough",)),
    ("stinging when i pee and i need to go every half hour", WATER, ("rash", "cough")),
    ("lower back aching since i lifted a sofa on sunday", BACK, ("rash", "cough")),
    ("my ears feel full and popping since the flight and i cant hear properly", EAR, ("rash", "cough")),
    ("both eyes are itchy and watering and the lids are a bit swollen", EYE, ("cough",)),
]

HELD_OUT_46: list[Row] = [
    ("one ear feels blocked and i can hear my own voice echoing in it", EAR, ("rash", "cough")),
    ("gum is swollen round a back tooth and it hurts to chew", MOUTH, ("rash", "cough")),
    ("ankle is puffy and sore after i went over on it at netball", JOINT, ("cough",)),
    ("burning when i wee and it smells really strong", WATER, ("rash", "cough")),
    ("my eye has gone bloodshot and it aches when i look at bright lights", EYE, ("rash", "cough")),
    ("heel hurts like mad first thing in the morning when i get out of bed", JOINT, ("rash", "cough")),
    ("back went twinge when i bent down to tie my shoe and now i can barely straighten up", BACK, ("rash", "cough")),
    ("theres a constant high pitched whine in my left ear, worse at night when its quiet", EAR, ("rash", "cough")),
]
