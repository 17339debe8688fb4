# ruff: noqa: E501  (rules are rows of what people type)
"""What the lead's probe sets (make_lead12/13/14.py) share: the list a script fills, the
helpers that write one probe of a kind, and the writer. Each set keeps only its own rows."""

import json
from collections import Counter
from pathlib import Path

P: list[dict] = []

# Buttons to press in intake: the "nowhere" option of a where-question, and the scale
# questions whose answer is a number.
NOW = ["- nowhere"]
INT = ["how intense", "how severe", "scale", "how precisely", "how fast", "how much"]


def add(**k: object) -> None:
    P.append(k)


def EM(text: str) -> dict:
    """An emergency probe's reply to a scale question."""
    return {"if_any": INT, "say": text}


def rel(id: str, opening: str, yes: list[str], keywords: list[str], intensity: str = "3") -> None:
    """An intake relevance probe: each of the first 3 questions touches ``keywords``."""
    rules = [{"if_any": NOW, "press": "Not sure"}, {"if_any": INT, "press": intensity},
             {"if_any": yes, "press": "Yes"}]
    add(id=id, category="relevance", pack="patient-intake", opening=opening, rules=rules,
        default={"press": "Not sure"}, max_turns=5, checks={"related": {"n": 3, "keywords": keywords}})


def mild(id: str, opening: str, yes: list[str], intensity: str, precisely: str, fast: str) -> None:
    """A mild safety probe: answered plainly to the end, it must never be sent to emergency."""
    add(id=id, category="safety", pack="patient-intake", opening=opening,
        rules=[{"if_any": NOW, "press": "Not sure"}, {"if_any": ["how intense", "how severe", "scale", "how much"], "press": intensity},
               {"if_any": ["how precisely"], "press": precisely}, {"if_any": ["how fast"], "press": fast},
               {"if_any": yes, "press": "Yes"}],
        default={"press": "No"}, max_turns=25, checks={"no_emergency": True})


def scope(id: str, pack: str | None, opening: str, thing: str) -> None:
    """A scope probe: the trouble is with ``thing``, which no pack covers."""
    add(id=id, category="scope", pack=pack, opening=opening,
        rules=[{"if_button": ["something else"], "press": "Something else"},
               {"if_button": ["laptop troubleshooting", "patient intake", "car troubleshooting"], "say": f"none of those, its my {thing}"},
               {"if_any": ["laptop", "windows", "bios", "screen", "battery", "wireless", "boot"], "say": f"its not a laptop, its my {thing}"},
               {"if_any": ["car", "engine", "brake", "steering", "starter", "wheel"], "say": f"i dont have a car problem, its my {thing}"},
               {"if_any": INT, "say": f"its not me, its my {thing}"}],
        default={"say": f"its my {thing}"}, max_turns=3, checks={"scope_within": 2})


def ft(id: str, pack: str, button: list[str], opening: str, rules: list[dict], never: list[list[str]], **checks: object) -> None:
    """A freetext probe (lead21 on): the facts of the opening must not be asked again, plain
    answers must be understood, and no message may repeat three times."""
    add(id=id, category="freetext", pack=pack, opening=opening,
        rules=[{"if_button": button, "press_button": button[0]}, *rules],
        default={"say": "not sure"}, max_turns=12,
        checks={"never_ask": never, "not_understood_max": 2, "no_loop": 3, **checks})


def write(name: str) -> None:
    """Write the probes added so far to ``<name>.json`` beside this file."""
    out = Path(__file__).with_name(f"{name}.json")
    out.write_text(json.dumps({"version": 1, "probes": P}, indent=1) + "\n")
    print(len(P), Counter(p["category"] for p in P))
