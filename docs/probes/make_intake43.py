# ruff: noqa: E501  (probe messages: one a line)
"""Stop 43's own relevance probes (patient intake), written before any code change: the first
three questions keep to what the person said first, for complaints whose nearest cause in the
pack is not their cause (an ear blocked after a flight or the pool, period pain, positional
vertigo or dizziness, a stomach bug) and for plain aches the pack knows only as one finding (a
tooth, the lower back, a knee, a heel, a jaw, a tension headache). A follow-up of the stated
complaint (the pain's character, place, intensity, onset) counts, as a clinician's would.

``i43-`` probes are the development part; ``i43h-`` probes are held out: written now, run once
at the end, never developed on."""

from probe_kit import rel, write

EAR = ["ear", "hear", "pain", "ache", "fever", "temperature", "discharge", "itch", "swim", "water", "pressure", "fly", "flight", "plane", "cold", "nose", "sinus", "dizz", "ring", "intense", "where"]
PERIOD = ["pain", "period", "bleed", "abdom", "belly", "tummy", "pelvi", "vagin", "intense", "where", "cramp", "menstru", "pregnan", "discharge", "urin", "fever", "nause", "vomit", "back"]
SPIN = ["dizz", "spin", "vertigo", "balance", "ear", "hear", "nause", "sick", "vomit", "head", "faint", "lighthead", "turn", "position", "move", "room", "stand", "get up", "vision", "fall"]
GUT = ["diarr", "stool", "loo", "toilet", "poo", "bowel", "sick", "vomit", "nause", "queasy", "stomach", "tummy", "belly", "abdom", "cramp", "pain", "fever", "temperature", "drink", "fluid", "blood", "eat", "food", "urin", "wee", "intense", "where"]

# Development
rel("i43-rel-toothache", "ive had toothache on the bottom left for three days, throbbing, worse with cold drinks",
    ["tooth", "teeth", "jaw", "mouth", "cold"],
    ["tooth", "teeth", "jaw", "mouth", "gum", "pain", "ache", "swell", "fever", "temperature", "face", "ear", "intense", "where", "cold", "drink", "eat", "chew"])
rel("i43-rel-back-after-lifting", "lower back has been killing me since i lifted a heavy box at work on tuesday",
    ["back", "lift"],
    ["back", "spine", "pain", "leg", "numb", "tingl", "bladder", "urin", "bowel", "fever", "lift", "move", "intense", "where", "buttock", "hip"])
rel("i43-rel-knee-stairs", "my knee's been aching for about a fortnight, worse going down stairs, im 52",
    ["knee", "stairs"],
    ["knee", "leg", "joint", "swell", "pain", "ache", "stiff", "stairs", "walk", "intense", "where", "red", "warm", "hip", "lock", "give way"])
rel("i43-rel-dizzy-standing", "dizzy spells when i get up too quick from the sofa, goes after a few seconds",
    ["dizz", "lighthead", "stand", "get up"],
    SPIN + ["heart", "palpitat", "pressure", "conscious", "breath", "pale"])
rel("i43-rel-ears-after-flight", "both ears feel blocked after the flight yesterday and i cant hear properly",
    ["ear", "hear", "flight"], EAR)
rel("i43-rel-period-dull-ache", "period pain is worse than normal this month, dull ache low down and into my back",
    ["period", "pain", "back", "low"], PERIOD)
rel("i43-rel-tummy-bug", "tummy bug i think, been running to the toilet since this morning and feel queasy",
    ["tummy", "toilet", "queasy", "stomach", "diarr"], GUT)
rel("i43-rel-band-headache", "headache on and off all week, like a tight band round my head, worse when im stressed at work",
    ["head", "band", "stress"],
    ["head", "pain", "ache", "intense", "where", "forehead", "temple", "neck", "eye", "vision", "light", "sound", "nause", "vomit", "fever", "stress", "sleep", "tight", "band", "worse"])

# Held out: not developed on, run once at the end.
rel("i43h-rel-ear-pool", "ear feels full and waterlogged since my holiday, had loads of swims in the pool, im 36",
    ["ear", "swim", "pool", "water"], EAR)
rel("i43h-rel-period-first-day", "i get a horrible cramping pain every month on the first day of my period, paracetamol doesnt touch it",
    ["period", "cramp", "pain"], PERIOD)
rel("i43h-rel-vertigo-turning", "the room goes round when i turn over in bed or tilt my head back, lasts under a minute",
    ["room", "spin", "turn", "head", "dizz"], SPIN)
rel("i43h-rel-wrist-typing", "achy wrist from typing all day, hurts more in the afternoons, i didnt fall or anything",
    ["wrist", "typ", "hand"],
    ["wrist", "hand", "finger", "thumb", "arm", "numb", "tingl", "pain", "ache", "intense", "where", "swell", "stiff", "weak", "grip", "typ", "night"])
rel("i43h-rel-watery-poo", "gastro type thing, watery poo 5 times today and a bit of stomach cramp",
    ["poo", "stomach", "cramp", "diarr"], GUT)
rel("i43h-rel-jaw-chewing", "my jaw clicks and aches when i chew, been like it for a few weeks",
    ["jaw", "chew"],
    ["jaw", "chew", "mouth", "tooth", "teeth", "ear", "face", "pain", "ache", "intense", "where", "click", "open", "headache", "temple", "grind", "swell"])
rel("i43h-rel-heel-morning", "sharp pain in my heel first thing in the morning when i get out of bed, eases off once im walking",
    ["heel", "foot", "morning", "walk"],
    ["heel", "foot", "feet", "ankle", "sole", "arch", "pain", "ache", "intense", "where", "walk", "stand", "morning", "swell", "numb", "tingl", "calf", "leg"])
rel("i43h-rel-muffled-after-cold", "hearing in my right ear went muffled after i got a cold, no pain, im 58",
    ["ear", "hear", "cold"], EAR)
write("intake43")
