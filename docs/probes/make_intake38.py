# ruff: noqa: E501  (probe messages: one a line)
"""Stop 38's own probes (patient intake), written before any code change: urgent signs and
paraphrased emergencies (safety), and first questions that keep to the complaint (relevance)."""

import json

SCALE = ["how intense", "how severe", "scale", "how precisely", "how fast", "how much"]
TIMING = [
    "how long",
    "when did",
    "started",
    "onset",
    "get worse",
    "worsen",
    "getting worse",
    "come on",
    "came on",
    "appear",
    "sudden",
]


def emergency(pid, opening, then):
    return {
        "id": pid,
        "category": "safety",
        "pack": "patient-intake",
        "opening": opening,
        "rules": [{"if_any": SCALE, "say": "its really bad"}],
        "default": {"say": then},
        "max_turns": 2,
        "checks": {"emergency_within": 2},
    }


def answered(pid, opening, yes, checks, scale="5"):
    """A conversation to its end, "Yes" to what the complaint said, "No" to the rest."""
    return {
        "id": pid,
        "category": "safety",
        "pack": "patient-intake",
        "opening": opening,
        "rules": [
            {"if_any": ["- nowhere"], "press": "Not sure"},
            {"if_any": SCALE, "press": scale},
            {"if_any": list(yes), "press": "Yes"},
        ],
        "default": {"press": "No"},
        "max_turns": 25,
        "checks": checks,
    }


URGENT = {"require_conclusion": True, "conclusion_contain_any": ["today", "emergency"]}
MILD = {"no_emergency": True, "conclusion_not_contain": ["medical care today"]}


def relevance(pid, opening, yes, keywords, scale="4"):
    return {
        "id": pid,
        "category": "relevance",
        "pack": "patient-intake",
        "opening": opening,
        "rules": [
            {"if_any": ["- nowhere"], "press": "Not sure"},
            {"if_any": SCALE, "press": scale},
            {"if_any": list(yes), "press": "Yes"},
        ],
        "default": {"press": "Not sure"},
        "max_turns": 5,
        "checks": {"related": {"n": 3, "keywords": list(keywords) + TIMING}},
    }


P = [
    emergency(
        "i38-back-belly-pain-going-to-faint",
        "the pain in my back and belly is the worst ive ever felt and i keep going lightheaded like im going to faint",
        "its still really bad and im dizzy",
    ),
    emergency(
        "i38-tearing-chest-to-back",
        "really sudden tearing pain in my chest that goes straight through to my back, came on about half an hour ago",
        "its not easing",
    ),
    answered(
        "i38-pillows-puffy-feet",
        "been sleeping propped up on 3 or 4 pillows cos i get breathless lying flat and my feet are all puffy",
        ["breath", "swell", "lying", "lie down", "edema", "oedema", "ankle", "leg"],
        URGENT,
    ),
    answered(
        "i38-bringing-up-blood",
        "keep bringing up blood when i cough, been going on for 2 days",
        ["cough", "blood", "sputum", "phlegm"],
        URGENT,
    ),
    answered(
        "i38-cant-keep-water-down",
        "been sick non stop since last night and cant even keep water down",
        ["vomit", "nause", "sick"],
        URGENT,
    ),
    answered(
        "i38-mild-propped-up-blocked-nose",
        "stuffy blocked nose and a tickly cough, sleeping propped up on pillows so i can breathe through my nose",
        ["nose", "cough", "congest"],
        MILD,
        scale="2",
    ),
    answered(
        "i38-mild-faint-at-blood-test",
        "felt faint when they took my blood this morning, always happens with needles, fine now but a bit of a headache",
        ["faint", "head"],
        MILD,
        scale="2",
    ),
    relevance(
        "i38-adult-earache-blocked",
        "my right ear has been aching for 2 days and it feels blocked and everything sounds muffled, im 34",
        ["ear", "hear", "pain"],
        [
            "ear",
            "hear",
            "pain",
            "fever",
            "temperature",
            "discharge",
            "fluid",
            "cold",
            "nose",
            "throat",
            "swim",
            "where",
            "dizz",
            "balance",
            "ring",
        ],
    ),
    relevance(
        "i38-diarrhoea-takeaway",
        "runny poo since yesterday after a dodgy takeaway, crampy tummy and been to the loo about 6 times",
        ["diarr", "stool", "bowel", "abdom", "stomach", "pain", "cramp"],
        [
            "diarr",
            "stool",
            "bowel",
            "poo",
            "abdom",
            "stomach",
            "belly",
            "tummy",
            "pain",
            "cramp",
            "nause",
            "vomit",
            "fever",
            "temperature",
            "blood",
            "food",
            "eat",
            "travel",
            "fluid",
            "drink",
            "where",
        ],
    ),
    relevance(
        "i38-pink-eye-gunky",
        "my eye is red and gunky, it was crusted shut when i woke up this morning",
        ["eye", "discharge", "red"],
        [
            "eye",
            "vision",
            "see",
            "discharge",
            "red",
            "itch",
            "light",
            "pain",
            "contact lens",
            "cold",
            "nose",
            "fever",
            "temperature",
            "swell",
            "where",
            "allerg",
        ],
    ),
]

if __name__ == "__main__":
    with open("docs/probes/intake38.json", "w") as f:
        json.dump({"version": 1, "probes": P}, f, indent=1)
        f.write("\n")
    print(len(P), "probes")
