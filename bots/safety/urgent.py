"""Urgent signs in the patient's own words: not an emergency, but to be seen today.

A patient who sleeps on three pillows because lying flat leaves them breathless, with swollen
ankles, has the signs of a failing heart; one who cannot keep water down is drying out; blood
in what is coughed up, a near faint, a hot swollen calf, a bladder that will not empty, black
tarry stools: none of these says "I can't breathe", so the emergency reader rightly lets them
pass, and the diagnosis alone (DDXPlus knows no heart failure) ended such a case "book an
appointment in the next few days". What the patient said is read here, the way emergencies
are (:func:`bots.safety.emergency.read_kinds`: normalised, clause by clause, a negated,
hypothetical or past sign discarded), and a case whose words show one is at least urgent
(``bots.conversation.safety.triage``). Each sign is a class of wording, not a phrase: "can't
lie flat", "sleep sitting up in the chair", "on 4 pillows" are one sign (orthopnoea) when
breathing is what it is for, and nothing when it is reflux, a blocked nose or a book.

Developed on ``tests/safety/urgent_phrasings.py`` (its development part); the held-out part
was written before any rule and is reported, not tuned on.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from bots.safety.emergency import Rule, read_kinds

__all__ = ["URGENT_KINDS", "urgent_kinds"]

URGENT_KINDS = (
    "breathless lying flat",
    "swollen legs and breathless",
    "breathless at the least effort",
    "near fainting",
    "cannot keep fluids down",
    "coughing blood",
    "hot swollen calf",
    "cannot pass urine",
    "black stools",
    "hot swollen joint",
)

# Breathing that is short, whatever the words ("puffed", "cannot get my breath", "drowning").
_BREATH = (
    r"\bbreathless\w*|\bshort of breath\w*|\bshortness of breath\b|\bout of breath\b|"
    r"\bpuffed\b|\bwinded\b|\bgasping\b|\bdrowning\b|\bsuffocat\w*|\bsmother\w*|"
    r"\b(?:can not|could not|hard to|struggl\w* to|fight\w* (?:for|to)|trouble|difficult\w* to) "
    r"(?:\w+ ){0,2}(?:breathe|breath|air|get (?:my |a |any )?breath)\b|"
    r"\b(?:fighting|struggling|gasping) for (?:air|breath)\b|\bwheez\w*|\bcan not breathe\b"
)
# "can't lie flat without feeling like I'm drowning": one sign, read whole (its "can't" and
# "without" would each negate the other half).
_FLAT_WITHOUT = (
    r"\b(?:can not|could not|unable to) (?:lie|lay|sleep|get) (?:\w+ ){0,3}without (?:\w+ ){0,4}"
    r"(?:breathless\w*|drowning|suffocat\w*|short of breath|out of breath|puffed|gasping|"
    r"choking|struggling (?:to breathe|for (?:air|breath)))"
)
# Pillows, chairs and sitting up at night: orthopnoea when it is for breathing.
_PROPPED = (
    r"\b(?:\d+|two|three|four|five|several|a few|a couple of|lots of|loads of|a pile of|a stack "
    r"of|more|extra) (?:\w+ )?pillows\b|\bpropped\b|\bprop (?:myself|him|her) up\b|"
    r"\b(?:sleep\w*|slept|sit\w*|sat|stay\w*|lie|lying|lay|laying|night\w*) (?:\w+ ){0,3}"
    r"(?:upright|sitting up|sat up|in (?:a|the|my|his|her) (?:chair|armchair|recliner))\b|"
    r"\b(?:can not|could not|unable to|no longer|not able to) (?:\w+ )?(?:lie|lay|sleep|be) "
    r"(?:down )?(?:flat|on (?:my|his|her) back|down)\b"
)
# Lying down or in bed is orthopnoea only said with the breathlessness, in one clause ("in
# bed with flu" and "a bit short of breath" are a cold's two complaints).
_LYING = r"(?:lying|laying|lie|lay|lies|lays) (?:down|flat)|in bed|on (?:my|his|her) back"
_BREATH_LYING = (
    rf"(?:{_BREATH}) (?:\w+ ){{0,4}}(?:{_LYING})\b|\b(?:{_LYING}) (?:\w+ ){{0,4}}(?:{_BREATH})"
)
# What pillows are for besides breathing, in the same clause.
_PROPPED_EXCUSE = (
    r"\bnose\b|\bnasal\b|\bsinus\w*|\bstuffy\b|\bblocked\b|\bcongest\w*|\breflux\b|"
    r"\bheartburn\b|\bacid\b|\bindigestion\b|\bread\w*|\btv\b|\btelly\b|\bcomfy\b|"
    r"\bcomfortable\b|\bback pain\b|\bmy back\b|\bneck\b|\bpregnan\w*|\bbump\b|\bsnor\w*"
)
# Waking at night fighting for breath (paroxysmal nocturnal dyspnoea).
_WAKING_BREATHLESS = (
    r"\bwak\w* (?:\w+ ){0,6}(?:gasping|fighting for (?:air|breath)|struggling (?:for|to) "
    r"(?:air|breath|breathe)|short of breath|breathless|can not (?:breathe|get (?:my )?breath)"
    r"|choking|drowning|suffocat\w*)|\bwoke (?:\w+ ){0,6}(?:gasping|fighting for (?:air|breath)"
    r"|short of breath|breathless|choking|drowning)"
)
_SWOLLEN_LEGS = (
    r"\b(?:ankles?|feet|foot|legs?|shins?|calves)\b (?:\w+ ){0,4}(?:swollen|swell\w*|puff\w*|"
    r"fat|fatter|bloated|oedema\w*|edema\w*|like balloons|pitting)\b|"
    r"\b(?:swollen|puffy|fat|fatter|bloated) (?:\w+ ){0,2}(?:ankles?|feet|legs?|shins?)\b"
)
# Breathless at what takes no effort: dressing, a few steps, talking, washing.
_LEAST_EFFORT = (
    r"\b(?:getting|get) (?:dressed|washed|changed|out of (?:bed|a chair))\b|\bdressing\b|"
    r"\bwalk\w* (?:\w+ ){0,2}(?:to the (?:loo|toilet|bathroom|kitchen|door|car)|across the "
    r"room|a few (?:steps|yards|metres|meters)|to the end of)|\bdoing anything\b|"
    r"\bthe (?:slightest|least) (?:thing|effort|bit)\b|\bin the shower\b|\bjust talking\b|"
    r"\btalking\b|\bdoing nothing\b|\bmoving about\b|\bmake a cup of tea\b"
)
_NEAR_FAINT = (
    r"\b(?:nearly|almost|about to|going to|gonna|like i (?:will|might|could|am going to)|"
    r"think i (?:will|might|am going to)|like (?:i|he|she) (?:is|am|was) (?:going|about) to|"
    r"feel like i (?:am )?(?:going|about) to) (?:\w+ ){0,1}(?:faint|pass out|passed out|black "
    r"out|blacked out|fainted|collapse|collapsed|keel over)\b|"
    r"\bfeel\w* (?:\w+ ){0,2}faint\b|\bfelt (?:\w+ ){0,2}faint\b|\bcame over (?:all )?(?:faint|"
    r"dizzy|woozy)\b|\b(?:dizzy|fainting|blackout|woozy) (?:spells?|turns?|episodes?)\b|"
    r"\bnearly (?:fainted|passed out|blacked out|collapsed|went down)\b|"
    r"\bkeep (?:nearly )?(?:blacking out|fainting|passing out|going dizzy)\b"
)
# A faint with an everyday cause, over by now (blood tests, a hot shop, standing up fast).
_FAINT_EXCUSE = (
    r"\bblood (?:test|taken|drawn|tests)\b|\bneedles?\b|\binjections?\b|\bjabs?\b|"
    r"\b(?:took|take|taking|have|had) (?:my |some )?blood\b|\bsight of blood\b|"
    r"\bhot (?:shop|bath|shower|room|day|weather|sun|car|train|bus)\b|\bin the heat\b|"
    r"\b(?:stood|standing|got|getting|stand|get) up (?:too )?(?:fast|quick\w*)\b|"
    r"\b(?:fine|better|ok|okay|alright) (?:now|after)\b|\bhungry\b|\bskipped (?:breakfast|lunch)\b"
)
_KEEP_DOWN = (
    r"\b(?:can not|could not|unable to|not able to|not been able to|can barely|can hardly|"
    r"struggling to) "
    r"(?:even |really |seem to )?(?:keep|hold) (?:\w+ ){0,3}(?:down|in)\b|"
    r"\b(?:everything|anything|whatever|all) (?:i|he|she) (?:eat\w*|drink\w*|eat or drink|take) "
    r"(?:\w+ ){0,2}(?:comes?|came|goes|is coming|keeps coming) (?:\w+ )?(?:back )?(?:up|out)\b|"
    r"\b(?:even )?(?:water|fluids|sips?|drinks?) (?:\w+ ){0,2}(?:comes?|came|goes) (?:straight "
    r")?(?:back )?up\b|\bsick every time (?:i|he|she) (?:drink|eat|have)\w*|"
    r"\b(?:vomit\w*|throw\w* up|being sick|been sick) (?:\w+ ){0,3}(?:non stop|nonstop|all day|all "
    r"night|constantly|every (?:hour|half hour|few minutes)|since yesterday|for (?:two|2|three|3) "
    r"days)\b"
)
_COUGH = r"\bcough\w*|\bphlegm\b|\bsputum\b|\bspit\w*|\bmucus\b|\bbring\w* up\b|\bbrought up\b"
_BLOOD = r"\bblood\w*|\bbloody\b|\bred\b|\bpink\b|\brusty\b|\bbright red\b"
_CALF = (
    r"\bcalf\b (?:\w+ ){0,4}(?:hot|warm|red|swollen|tender|swelling|fat)\b|"
    r"\b(?:hot|warm|red|swollen|tender) (?:\w+ ){0,3}calf\b|"
    r"\bone (?:leg|calf) (?:\w+ ){0,4}(?:fatter|bigger|more swollen|swollen|thicker)\b"
)
_CALF_SECOND = r"\bhot\b|\bwarm\b|\bred\b|\bswollen\b|\bswell\w*|\btender\b|\bfatter\b|\bbigger\b"
_CALF_EXCUSE = r"\bcramp\w*|\brun\w*|\bgym\b|\bpulled\b|\bstrain\w*|\bsprain\w*|\bkicked\b"
_RETENTION = (
    r"\b(?:can not|could not|unable to|not been able to|have not been able to|not able to) "
    r"(?:\w+ )?(?:pee|wee|urinate|pass (?:water|urine)|go for a (?:wee|pee))\b|"
    r"\b(?:have not|not) (?:had a|been for a|managed a) (?:wee|pee)\b|\bno (?:wee|pee|urine) "
    r"(?:since|all|for)\b"
)
_RETENTION_MORE = (
    r"\bsince\b|\ball day\b|\bat all\b|\bhours\b|\bbursting\b|\bswollen\b|\bhurts?\b|\bpain\w*|"
    r"\bsore\b|\blast night\b|\bthis morning\b|\byesterday\b|\bvomit\w*|\bsick\b"
)
_TARRY = (
    r"\b(?:black|jet black|tarry|like tar|tar like|sticky black) (?:\w+ ){0,3}(?:poo|poos|poop|"
    r"stools?|motions?|bowel movements?|number twos?)\b|\b(?:poo|poos|poop|stools?|motions?) "
    r"(?:\w+ ){0,4}(?:black|like tar|tarry)\b"
)
# A joint that is hot or red and swollen (gout, an infected joint: NHS "Gout", "Septic
# arthritis": seen the same day; stop 48, a 71-year-old's red hot big toe closed at a
# pharmacist). Heat and swelling must both be said; a knock, a sprain or a bite explains it.
_JOINT = r"\b(?:joints?|knees?|ankles?|wrists?|elbows?|hips?|knuckles?|(?:big )?toes?|shoulders?)\b"
_HEAT = r"hot|warm|red|inflamed"
_SWELLING = r"swollen|swelling|swelled|puffy|puffed up|blown up|ballooned"
_INFLAMED = rf"(?:{_HEAT}|{_SWELLING})"
# The joint itself is said so: near the words, not a knee named in passing ("my calf is hot
# and swollen since my knee op" is the calf's, a clot's).
_JOINT_SAID = rf"{_JOINT} (?:\w+ ){{0,5}}{_INFLAMED}\b|\b{_INFLAMED} (?:\w+ ){{0,3}}{_JOINT}"
_JOINT_HEAT = rf"\b(?:{_HEAT})\b"
_JOINT_SWELLING = rf"\b(?:{_SWELLING})\b"
_JOINT_EXCUSE = (
    r"\bsprain\w*|\btwist\w*|\bbruis\w*|\bfell\b|\bfall\b|\bknock\w*|\bbanged\b|"
    r"\bfootball\b|\bgym\b|\bbites?\b|\bbitten\b|\bstings?\b|\bstung\b|\bweather\b"
)
_TARRY_EXCUSE = r"\biron (?:tablets?|pills?|supplements?)\b|\bpepto\b|\bbismuth\b|\bliquorice\b"

CONCEPTS: Mapping[str, str] = {
    "breath": _BREATH,
    "propped": _PROPPED,
    "propped_excuse": _PROPPED_EXCUSE,
    "waking_breathless": _WAKING_BREATHLESS,
    "flat_without": _FLAT_WITHOUT,
    "breath_lying": _BREATH_LYING,
    "swollen_legs": _SWOLLEN_LEGS,
    "least_effort": _LEAST_EFFORT,
    "near_faint": _NEAR_FAINT,
    "faint_excuse": _FAINT_EXCUSE,
    "keep_down": _KEEP_DOWN,
    "cough": _COUGH,
    "blood": _BLOOD,
    "calf": _CALF,
    "calf_second": _CALF_SECOND,
    "calf_excuse": _CALF_EXCUSE,
    "retention": _RETENTION,
    "retention_more": _RETENTION_MORE,
    "tarry": _TARRY,
    "tarry_excuse": _TARRY_EXCUSE,
    "joint": _JOINT_SAID,
    "joint_heat": _JOINT_HEAT,
    "joint_swelling": _JOINT_SWELLING,
    "joint_excuse": _JOINT_EXCUSE,
}
_COMPILED = {name: re.compile(pattern) for name, pattern in CONCEPTS.items()}

# Blood and coughing are read in one clause: "coughing up green phlegm" and "a bit of blood
# when i blow my nose" are two clauses of a cold, "blood in my phlegm" one sign.
RULES: Mapping[str, tuple[Rule, ...]] = {
    "breathless lying flat": (
        Rule(("propped", "breath"), ("propped_excuse",)),
        Rule(("waking_breathless",)),
        Rule(("flat_without",)),
        Rule(("breath_lying",), ("propped_excuse",)),
    ),
    "swollen legs and breathless": (Rule(("swollen_legs", "breath")),),
    "breathless at the least effort": (Rule(("breath", "least_effort")),),
    "near fainting": (Rule(("near_faint",), ("faint_excuse",)),),
    "cannot keep fluids down": (Rule(("keep_down",)),),
    "coughing blood": (Rule(("cough_blood",)),),
    "hot swollen calf": (Rule(("calf", "calf_second"), ("calf_excuse",)),),
    "cannot pass urine": (Rule(("retention", "retention_more")),),
    "black stools": (Rule(("tarry",), ("tarry_excuse",)),),
    "hot swollen joint": (Rule(("joint", "joint_heat", "joint_swelling"), ("joint_excuse",)),),
}
_QUALIFIERS = frozenset(
    {"propped_excuse", "faint_excuse", "calf_excuse", "tarry_excuse", "joint_excuse"}
)
# Concepts whose own wording holds a negation ("can not lie flat", "can not keep it down").
_OWN_NEGATION = frozenset(
    {
        "breath",
        "propped",
        "waking_breathless",
        "flat_without",
        "breath_lying",
        "keep_down",
        "retention",
    }
)
# A black stool from iron tablets is excused wherever the tablets are said.
_WIDE = frozenset({"tarry_excuse"})
_COUGH_BLOOD = re.compile(
    rf"(?:{_COUGH}) (?:\w+ ){{0,6}}(?:{_BLOOD})|(?:{_BLOOD}) (?:\w+ ){{0,5}}(?:{_COUGH})"
)


def urgent_kinds(text: str) -> list[str]:
    """The urgent signs the patient's words show, in :data:`URGENT_KINDS` order."""
    concepts = {**_COMPILED, "cough_blood": _COUGH_BLOOD}
    found = read_kinds(
        text,
        concepts,
        RULES,
        qualifiers=_QUALIFIERS,
        own_negation=_OWN_NEGATION,
        wide=_WIDE,
    )
    return [kind for kind in URGENT_KINDS if kind in found]
