# ruff: noqa: E501  (a data table: one row a line)
"""Openings of patient intake that say symptoms in everyday words, with the facts they state.

Each row: (opening, facts), where facts maps a symptom (the keys of ``QUESTIONS``, the
intake's question about it) to True (said) or False (denied). Only the symptoms of
``bots.language.lay_words`` are scored: a symptom the row does not name must not be read. A
red-flag sign said in everyday words ("keeps being sick" for "vomited several times") is asked,
not read, so only its denial is scored.
Written as patients write (typos, hedges, run-on, carers). ``HELD_OUT`` was written before it
was first measured and is never developed on.
"""

from __future__ import annotations

QUESTIONS = {
    "fever": "E_91",
    "nausea": "E_148",
    "vomiting": "E_211",
    "hoarse": "E_212",
    "fatigue": "E_89",
    "chills": "E_94",
    "nose": "E_181",
    "throat": "E_97",
    "sweating": "E_50",
    "palpitations": "E_155",
    "diarrhoea": "E_51",
    "appetite": "E_32",
    "itchy_eyes": "E_170",
    "red_eyes": "E_74",
    "tears": "E_127",
    "sputum": "E_77",
    "wheeze": "E_214",
    "smell": "E_103",
    "bloated": "E_30",
    "heartburn": "E_173",
    "weight_loss": "E_162",
    "dizzy": "E_76",
    "green_nose": "E_182",
}

Row = tuple[str, dict[str, bool]]

DEVELOPMENT: list[Row] = [
    ("sore throat and a temperature since yesterday, hurts to swallow", {"fever": True, "throat": True}),
    ("my son is 3 and has a barking cough like a seal, worse at night, and a bit of a temperature", {"fever": True}),
    ("ear ache in my left ear since the weekend, feels full and muffled, bit of a temp", {"fever": True}),
    ("lost my voice after screaming along at a gig on saturday, its all croaky and hoarse", {"hoarse": True}),
    ("been feeling sick and bringing food back up after meals for a few days", {"nausea": True}),
    ("hi, so basically ive had a cough for like 3 weeks now, bringing up greenish stuff, no fever tho", {"fever": False, "sputum": True}),
    ("im so tired all the time, cant get through the day without a nap", {"fatigue": True}),
    ("ive got a really runny nose, sneezing non stop and itchy eyes, every spring this happens", {"nose": True, "itchy_eyes": True}),
    ("aching all over, shivery and hot and cold", {"chills": True, "fever": True}),
    ("my heart keeps randomly racing and fluttering for a few minutes then it just stops", {"palpitations": True}),
    ("i keep having these spells where i get really anxious, heart pounding and sweaty hands", {"palpitations": True, "sweating": True}),
    ("threw up three times last night and ive had the runs all morning", {"diarrhoea": True}),
    ("not feeling sick or anything, just this awful bloating after every meal", {"nausea": False, "bloated": True}),
    ("my daughter has been off her food for two days and is really hot", {"appetite": True}),
    ("both my eyes are red and watering, feels gritty", {"red_eyes": True, "tears": True}),
    ("i keep wheezing when i breathe out, especially at night", {"wheeze": True}),
    ("cant smell anything since i had covid last month", {"smell": True}),
    ("heartburn every night after tea, sour taste comes up into my mouth", {"heartburn": True}),
    ("lost loads of weight without trying and im drenched in sweat at night", {"weight_loss": True, "sweating": True}),
    ("feel a bit dizzy when i stand up too quickly", {"dizzy": True}),
    ("no temperature and no sore throat, just a blocked nose", {"fever": False, "throat": False, "nose": True}),
    ("havent been sick but i feel queasy all the time", {"vomiting": False, "nausea": True}),
    ("my throat is killing me and my glands are up", {"throat": True}),
    ("knackered, achy and shivery, think its flu", {"fatigue": True, "chills": True}),
    ("pain in my tummy on the right side, worse when i walk", {}),
    ("my ankle is swollen after i twisted it playing football", {}),
    ("i have a rash on my arms that wont go away", {}),
    ("my temperature is normal but i have a bad headache", {}),
    ("the room temperature at work is freezing and ive had a cough", {}),
    ("im sick of this cough, its been weeks", {}),
    # Vertigo said as the room spinning (stop 41).
    ("every time i roll over in bed the room spins for a few seconds", {"dizzy": True}),
    ("get vertigo when i look up at the top shelf", {"dizzy": True}),
    # An ear that feels blocked is no blocked nose (stop 42).
    ("my right ear has felt bunged up since i went swimming on saturday", {}),
    ("both ears feel congested and popping since the flight", {}),
    ("nose is all bunged up and my ears feel blocked too", {"nose": True}),
    # Coloured stuff from the nose is the green or yellow discharge, not a cough's sputum
    # (stop 46: "thick green snot" was read as nothing).
    ("blowing out thick yellow gunk from my nose every morning and my face aches", {"green_nose": True}),
    ("snot has gone green and my cheeks hurt", {"green_nose": True}),
    ("runny nose but its clear, not green or anything", {"nose": True, "green_nose": False}),
]

HELD_OUT: list[Row] = [
    ("my little boy has had a temp since tuesday and keeps saying his throat hurts", {"fever": True, "throat": True}),
    ("woke up feeling really nauseous and ive been sick twice", {"nausea": True}),
    ("voice has gone all raspy and its hard to talk", {"hoarse": True}),
    ("i feel totally drained and worn out even after a full nights sleep", {"fatigue": True}),
    ("got the chills and my nose wont stop running", {"chills": True, "nose": True}),
    ("no runny nose or anything, just a dry cough", {"nose": False}),
    ("my heart skips beats now and then and i get a bit lightheaded", {"palpitations": True, "dizzy": True}),
    ("loose stools for about 5 days and not hungry at all", {"diarrhoea": True, "appetite": True}),
    ("eyes are super itchy and bloodshot, its hay fever season", {"itchy_eyes": True, "red_eyes": True}),
    ("coughing up yellow phlegm for a week, no fever", {"sputum": True, "fever": False}),
    ("wheezy and tight chested when i go for a run", {"wheeze": True}),
    ("lost my sense of smell and taste a few days ago", {"smell": True}),
    ("tummy feels really bloated and i get acid reflux most nights", {"bloated": True, "heartburn": True}),
    ("ive dropped about a stone in weight in two months without dieting", {"weight_loss": True}),
    ("im not dizzy or anything but my head is pounding", {"dizzy": False}),
    ("running a fever of 39 and sweating buckets", {"fever": True, "sweating": True}),
    ("my mum is feverish and confused this morning", {"fever": True}),
    ("my knee clicks when i go up stairs", {}),
    ("i cut my finger on a tin can and it wont stop bleeding", {}),
    ("sick note needed, ive been feeling better since monday", {}),
]

# Written before stop 46's change to the nose's discharge; scored once, never developed on.
HELD_OUT_46: list[Row] = [
    ("nose keeps running with yellowy green stuff and my top teeth ache", {"nose": True, "green_nose": True}),
    ("blocked nose, blowing out thick greeny snot for ten days", {"nose": True, "green_nose": True}),
    ("green phlegm when i cough, nose is fine", {"sputum": True}),
    ("streaming nose, clear and watery, sneezing loads", {"nose": True}),
]
