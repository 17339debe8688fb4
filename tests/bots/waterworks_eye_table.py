# ruff: noqa: E501  (a data table: one row a line)
"""A water infection and a sore or sticky eye, as patients type them (stop 46): complaints
DDXPlus, the patient-intake pack's knowledge, has no cause for. "burning when i wee and it
smells really strong" was asked 15 of the pack's questions (palpitations, a runny nose,
vaccinations, daycare, smoking) and told to seek care today; a pink gunky eye was asked about
the lymph nodes and the breath. Written before any change of stop 46; ``DEV`` is developed on,
``HELD_OUT`` is measured once at the end.

A row, as in ``tests/bots/minor_care_table.py``: the opening, the patient's replies (the first
rule whose words appear in the question is typed; "no" otherwise) and what a triage nurse
would say (NHS 111's urinary tract infection and conjunctivitis advice, simplified):

- ``"home"``: a pharmacist: burning or stinging when peeing, going often, cloudy or strong
  pee, with no temperature or shivers, no back or side pain, no sickness and no blood; a red,
  sticky, gritty, itchy or watering eye with the sight as usual and no real pain;
- ``"seen"``: care today: with a temperature, shivers, a pain in the back or side under the
  ribs, being sick, or blood in the pee; an eye with the sight blurred, a real pain, light
  hurting it, or something that got into it or hit it;
- ``"emergency"``: the eye's sight suddenly gone, a chemical splashed in it; confused and
  shivery with a water infection (the emergency reader's sepsis).

The words a rule listens for are the ones any way of asking would use (temperature, shiver,
back, side, sick, blood; sight, vision, blur, pain, light, contact, hit, got in).
"""

from __future__ import annotations

from tests.bots.minor_care_table import Replies, Row

_SCALES: Replies = (
    (("how intense", "how severe", "scale", "how much"), "3"),
    (("how precisely",), "6"),
    (("how fast",), "5"),
)
_KIDNEY = ("temperature", "fever", "shiver", "back", "side", "sick", "vomit", "kidney", "loin")
_BLOOD = ("blood", "pink", "red", "brown")
_SIGHT = ("sight", "vision", "see", "blur", "light", "pain", "hurt")
_INTO = ("got into", "get into", "something in", "hit", "contact", "chemical", "splash", "scratch")


def _wee(kidney: str = "no", blood: str = "no", pain: str = "just stings when i go") -> Replies:
    return (
        *_SCALES,
        (_KIDNEY, kidney),
        (_BLOOD, blood),
        (("pain somewhere", "where do you feel"), pain),
    )


def _eye(
    sight: str = "no my sight is fine", into: str = "no", pain: str = "bit gritty thats all"
) -> Replies:
    return (
        *_SCALES,
        (_SIGHT, sight),
        (_INTO, into),
        (("pain somewhere", "where do you feel"), pain),
    )


DEV: list[Row] = [
    (
        "stinging when i pee and i need to go every half hour, i think its cystitis again",
        _wee(),
        "home",
    ),
    ("water infection i think, pee is cloudy and smells and it burns at the end", _wee(), "home"),
    (
        "burning when i wee, and now i feel shivery and my lower back on the right really aches",
        _wee(kidney="yes shivery and my back hurts on the right side"),
        "seen",
    ),
    (
        "keep needing the toilet and it burns, theres a bit of blood in it this morning",
        _wee(blood="yes a bit pinkish"),
        "seen",
    ),
    (
        "uti symptoms since yesterday, burning and going loads",
        _wee(kidney="yes ive been sick twice and feel hot"),
        "seen",
    ),
    ("my eye is red and sticky, lashes glued together this morning", _eye(), "home"),
    (
        "both eyes itchy, watering and a bit pink, think its conjunctivitis from my son",
        _eye(),
        "home",
    ),
    (
        "red eye since yesterday and now everything is blurry out of it and it really hurts",
        _eye(sight="yes its blurry and it hurts"),
        "seen",
    ),
    (
        "my eye is gritty and red after grinding metal in the garage",
        _eye(into="yes i think a bit of metal flew in"),
        "seen",
    ),
    (
        "eye is sore and red and bright light is unbearable",
        _eye(sight="yes light really hurts it"),
        "seen",
    ),
    ("splashed bleach in my eye cleaning the bathroom and it burns", _eye(), "emergency"),
]

HELD_OUT: list[Row] = [
    ("it kills when i wee and i keep thinking i need to go but nothing comes out", _wee(), "home"),
    ("think ive got a bladder infection, wee smells awful and is really cloudy", _wee(), "home"),
    (
        "cystitis, burning pee, and ive got a temperature of 38.5 and pain in my side",
        _wee(kidney="yes temperature and my side hurts"),
        "seen",
    ),
    ("peeing blood and it stings", _wee(blood="yes its red"), "seen"),
    ("one eye went pink overnight and its crusty in the corners", _eye(), "home"),
    ("eyes are streaming and itchy since the pollen came out, sight is fine", _eye(), "home"),
    (
        "i wear contact lenses and my eye is red, painful and cant stand the light",
        _eye(sight="yes light hurts and its painful", into="yes i wear contacts"),
        "seen",
    ),
    (
        "suddenly cant see out of my left eye, it went dark like a curtain coming down",
        _eye(sight="yes i cant see"),
        "emergency",
    ),
]

# Stop 46, written after the rows above were developed on and before the ear's row: ringing,
# a blocked or muffled ear, with no earache (the pack knows a middle-ear infection). A nurse
# (NHS 111's tinnitus and hearing loss advice, simplified): home when it came after loud noise
# or a flight or a cold; seen today when the hearing in one ear went suddenly, or with the
# room spinning, or a weak or droopy face (the emergency reader's stroke is an emergency).
_SUDDEN = (
    "sudden",
    "suddenly",
    "gone",
    "lost",
    "spin",
    "dizz",
    "vertigo",
    "balance",
    "face",
    "weak",
)


def _ear(sudden: str = "no") -> Replies:
    return (*_SCALES, (_SUDDEN, sudden), (("pain somewhere", "where do you feel"), "no pain"))


DEV_EAR: list[Row] = [
    (
        "ringing in both ears since the fireworks on saturday, everything sounds muffled",
        _ear(),
        "home",
    ),
    ("my ears feel full and popping since the flight and i cant hear properly", _ear(), "home"),
    (
        "right ear has been blocked for a week since i had a cold, sounds all muffled",
        _ear(),
        "home",
    ),
    (
        "woke up yesterday and the hearing in my left ear has just gone, theres a hissing noise in it",
        _ear(sudden="yes it went overnight"),
        "seen",
    ),
    (
        "buzzing in my ear and the room keeps spinning when i turn my head",
        _ear(sudden="yes the room spins"),
        "seen",
    ),
]
HELD_OUT_EAR: list[Row] = [
    ("one ear feels blocked and i can hear my own voice echoing in it", _ear(), "home"),
    (
        "theres a constant high pitched whine in my left ear, worse at night when its quiet",
        _ear(),
        "home",
    ),
    (
        "went deaf in my right ear this morning all of a sudden, no pain",
        _ear(sudden="yes it just went"),
        "seen",
    ),
    ("ears still whistling two days after a club night", _ear(), "home"),
]

# Stop 46, written before the tooth's row: a toothache, a sore gum, a lost filling. A nurse
# (NHS 111's dental pain advice, simplified): home (painkillers, a dentist) for a toothache or a
# sore gum alone; seen today (an urgent dentist) with the face, cheek or jaw swollen or a
# temperature; an emergency when the swelling spreads to the eye or the neck, or it is hard to
# breathe or swallow.
_SPREAD = ("eye", "neck", "breathe", "swallow", "open your mouth")
_FACE = ("face", "cheek", "jaw", "temperature", "hot", "shiver", "fever")


def _tooth(spread: str = "no", face: str = "no") -> Replies:
    return (
        *_SCALES,
        (_SPREAD, spread),
        (_FACE, face),
        (("pain somewhere", "where do you feel"), "my tooth"),
    )


DEV_TOOTH: list[Row] = [
    ("toothache right at the back, throbbing, worse with cold drinks", _tooth(), "home"),
    ("lost a filling last night and the tooth is really sensitive now", _tooth(), "home"),
    ("gum is sore and bleeds a bit when i brush", _tooth(), "home"),
    (
        "wisdom tooth is killing me and my cheek has swelled up",
        _tooth(face="yes my cheek is swollen"),
        "seen",
    ),
    (
        "bad toothache for 3 days and now i feel hot and shivery",
        _tooth(face="yes i feel hot and shivery"),
        "seen",
    ),
    (
        "toothache and my face has swollen right up to my eye and its hard to swallow",
        _tooth(),
        "emergency",
    ),
]
HELD_OUT_TOOTH: list[Row] = [
    ("gum is swollen round a back tooth and it hurts to chew", _tooth(), "home"),
    ("my tooth is agony, cant sleep, paracetamol isnt touching it", _tooth(), "home"),
    (
        "jaw has swollen up on one side from a bad tooth and ive got a temperature",
        _tooth(face="yes"),
        "seen",
    ),
    (
        "tooth abscess and the swelling is spreading down my neck, struggling to swallow",
        _tooth(),
        "emergency",
    ),
    ("chipped my front tooth on a bottle, bit sharp but no pain", _tooth(), "home"),
]

# Stop 46, written before the tummy bug's row: diarrhoea, or being sick with it, after food or
# a bug going round. A nurse (NHS 111's diarrhoea and vomiting advice, simplified): home (fluids,
# a pharmacist's rehydration sachets, 48 hours off work) unless dehydrated (cannot keep fluids
# down, hardly peeing or very dark, dizzy standing) or blood in the poo, or a bad belly pain
# that does not ease: seen today; sick with blood or coffee grounds in it: an emergency.
_DRY = ("keep", "water down", "fluids", "pee", "wee", "dizzy", "faint", "stand")
_GUT = ("blood in your poo", "poo", "stool", "toilet", "stomach pain", "belly", "tummy", "middle")
_SICK_BLOOD = ("coffee", "blood in it", "blood in your sick", "sick with blood")


def _bug(dry: str = "no", gut: str = "no", sick_blood: str = "no") -> Replies:
    return (
        *_SCALES,
        (_SICK_BLOOD, sick_blood),
        (_DRY, dry),
        (_GUT, gut),
        (("pain somewhere", "where do you feel"), "tummy, crampy"),
    )


DEV_BUG: list[Row] = [
    (
        "ive had diarrhoea and been sick since last night, think it was a dodgy kebab",
        _bug(),
        "home",
    ),
    ("tummy bug, the runs and vomiting since yesterday, keeping water down ok", _bug(), "home"),
    (
        "been sick all night with diarrhoea and cant keep even water down, hardly peed today",
        _bug(dry="yes i cant keep anything down"),
        "seen",
    ),
    ("diarrhoea for 3 days and theres blood in it now", _bug(gut="yes blood"), "seen"),
    ("stomach bug going round work, now i have the runs and my belly is cramping", _bug(), "home"),
]
HELD_OUT_BUG: list[Row] = [
    ("food poisoning i think, been on the toilet all morning and sick twice", _bug(), "home"),
    ("norovirus going round school and now ive got it, puking and the runs", _bug(), "home"),
    (
        "d and v for 2 days, i feel dizzy when i stand and my wee is really dark",
        _bug(dry="yes dizzy"),
        "seen",
    ),
    ("loose stools with blood and mucus for a week", _bug(gut="yes there is blood"), "seen"),
]

# Stop 46, written before the headache's row: a tension headache or a migraine like the usual
# ones. A nurse (NHS 111's headache advice, simplified): home (fluids, rest, painkillers, screen
# breaks) unless it began after a knock to the head, is worse each morning with being sick, or
# comes with the sight changed or a tender temple (seen today); sudden and severe, a stiff neck,
# a rash, weakness or trouble speaking: an emergency (the emergency reader's, or the nurse's
# first question).
_SUDDEN_HEAD = ("suddenly", "sudden", "stiff neck", "rash", "weak", "speak", "hit on the head")
_HEAD_SEEN = ("knock", "bang", "morning", "sight", "vision", "temple", "scalp")


def _head(sudden: str = "no", seen: str = "no") -> Replies:
    return (
        *_SCALES,
        (_SUDDEN_HEAD, sudden),
        (_HEAD_SEEN, seen),
        (("pain somewhere", "where do you feel"), "my head"),
    )


DEV_HEAD: list[Row] = [
    ("tension headache most afternoons at work, like a tight band round my head", _head(), "home"),
    ("headache behind my eyes after a long day on screens", _head(), "home"),
    ("migraine again, same as my usual ones, zigzag lights then the headache", _head(), "home"),
    (
        "had a headache for 3 days since i banged my head on a cupboard door",
        _head(seen="yes i banged it"),
        "seen",
    ),
    (
        "headache and my sight has gone blurry, and my temple is really tender when i brush my hair",
        _head(seen="yes"),
        "seen",
    ),
]
HELD_OUT_HEAD: list[Row] = [
    ("stress headache, throbbing temples, worse when im tired", _head(), "home"),
    ("hangover headache that wont shift", _head(), "home"),
    (
        "my headaches are worse every morning now and ive started being sick with them",
        _head(seen="yes every morning"),
        "seen",
    ),
    (
        "headache for two days after i bumped my head on the car door",
        _head(seen="yes i bumped it"),
        "seen",
    ),
]
