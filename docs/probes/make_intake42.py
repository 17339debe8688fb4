# ruff: noqa: E501  (probe messages: one a line)
"""Stop 42's own relevance probes (patient intake), written before any code change: each of the
first three questions keeps to the complaint, said as patients type it, in other words than
intake40 / intake41 and lead17 (diarrhoea and vomiting, an ear after swimming, an adult's
muffled ear, period cramps, positional vertigo, an adult's sore throat, heartburn, hay fever).
A first question about a cause the complaint makes near-impossible (a cough for the runs, an
infant's irritability for an adult's ear, lightheadedness for period cramps) touches none of
the row's words."""

from probe_kit import rel, write

rel(
    "i42-rel-runs-and-sick",
    "been up all night on the loo with the runs and ive been sick twice, think it was a dodgy takeaway",
    ["loo", "stool", "diarr", "sick", "vomit", "stomach", "tummy", "belly"],
    ["diarr", "stool", "loo", "poo", "bowel", "sick", "vomit", "nause", "stomach", "tummy", "belly", "abdom", "cramp", "pain", "fever", "temperature", "drink", "fluid", "blood", "eat", "food", "urin", "wee", "intense", "where"],
)
rel(
    "i42-rel-ear-after-swimming",
    "my right ear has felt bunged up since i went swimming on saturday and its a bit sore when i pull my earlobe",
    ["ear"],
    ["ear", "hear", "pain", "ache", "fever", "temperature", "discharge", "itch", "swim", "water", "dizz", "ring", "intense", "where"],
)
rel(
    "i42-rel-adult-muffled-ear",
    "im a 47 year old man, my left ear aches and everything sounds muffled on that side, had a cold last week",
    ["ear", "cold"],
    ["ear", "hear", "pain", "ache", "fever", "temperature", "discharge", "cold", "nose", "throat", "sinus", "dizz", "ring", "intense", "where"],
)
rel(
    "i42-rel-period-cramps",
    "really bad cramps with my period again this month, had to take the day off work, im 24",
    ["period", "cramp", "lower", "tummy", "belly", "abdom"],
    ["pain", "period", "bleed", "abdom", "belly", "tummy", "pelvi", "vagin", "intense", "where", "cramp", "menstru", "pregnan", "discharge", "urin", "fever", "nause", "vomit", "back"],
)
rel(
    "i42-rel-vertigo-looking-up",
    "when i look up to get stuff off the top shelf everything starts spinning round for a bit then it settles down",
    ["dizz", "spin", "vertigo"],
    ["dizz", "spin", "vertigo", "balance", "ear", "hear", "nause", "sick", "vomit", "head", "faint", "turn", "position", "move", "room", "light"],
)
rel(
    "i42-rel-adult-sore-throat",
    "my throat has been killing me for 2 days, really hurts to swallow, im 33",
    ["throat", "swallow"],
    ["throat", "swallow", "fever", "temperature", "cough", "nose", "cold", "pain", "ear", "gland", "neck", "lymph", "voice", "tonsil", "breath", "intense", "where", "sore"],
)
rel(
    "i42-rel-heartburn-after-meals",
    "i get this burning feeling behind my breastbone after i eat, worse when i lie down at night",
    ["burn", "chest", "eat", "lie", "breastbone"],
    ["burn", "chest", "eat", "food", "meal", "lying", "lie down", "acid", "taste", "sour", "stomach", "throat", "swallow", "cough", "pain", "intense", "where", "heartburn", "belly", "nause", "vomit", "breath", "regurgit"],
)
rel(
    "i42-rel-hay-fever",
    "sneezing non stop and my eyes are itchy and watery, happens every year when the pollen is high",
    ["sneez", "eye", "itch", "nose", "pollen"],
    ["sneez", "nose", "eye", "itch", "allerg", "pollen", "season", "runny", "cough", "throat", "congest", "blocked", "fever", "temperature", "smell", "wheez", "breath", "face", "sinus", "pain", "headache", "intense", "where"],
)
write("intake42")
