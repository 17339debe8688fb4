"""What a patient's words say about a conditional red flag (stop 39).

The patient-intake pack's red flags are learned from DDXPlus, whose population holds no
injuries, strains or everyday aches; some of them ("the pain goes to the shoulder", "worse
with exertion, better with rest", a skin change on the upper arm) are an alarm only with a
sign that goes with them (planning.network.RedFlag.companions; the reviewed table:
knowledge.datasets.ddxplus.CONDITIONAL_EVIDENCES). The answers carry companions as findings;
the words carry them too, and carry what no finding does: how the complaint began. Read the way
emergencies are (:func:`bots.safety.emergency.read_kinds`: normalised, clause by clause, a
negated, hypothetical or past sign discarded):

- "companion": chest pain, breathlessness, sweating, a faint or near faint, said anywhere in
  the case: a conditional flag is then its level (an emergency);
- "explained": an injury or strain said (hurt, pulled, strained, twisted, a fall, a knock, the
  gym or a sport, overuse at a desk, a jab) and no companion: a conditional flag is then no
  flag; the differential and the other readers still set the level;
- "": neither: a conditional flag is "seek care today", not an emergency.

Exertion alone ("when I walk up the hill", "carrying the shopping") is no explanation: it is
how angina shows. The curated emergency and urgent readers are untouched and come first.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from bots.safety import emergency, urgent
from bots.safety.emergency import Rule, read_kinds

__all__ = ["companions", "flag_context"]

_SWEAT = r"\bsweat\w*|\bclammy\b|\bdrenched\b|\bcold sweat\b"
_FAINT = (
    urgent.CONCEPTS["near_faint"]
    + r"|\bfaint(?:ed|ing)?\b|\bpass(?:ed|ing)? out\b|\bblack(?:ed|ing)? out\b|\bcollaps\w*"
)
# An injury said by what happened to the body: past or done, not "it hurts".
_HURT = (
    r"\bhurt (?:my|it|myself|his|her|him|them)\b|\binjur(?:ed|y|ies|ing)\b|\btweak(?:ed)?\b|"
    # "pulled my back" is an injury; "sore when i pull my earlobe" says what makes it hurt.
    r"\bpulled (?:a|my|his|her|something|it)\b|\bpull (?:a|something)\b|"
    r"\bstrain(?:ed|ing)?\b|\bsprain(?:ed|ing)?\b|"
    r"\btwist(?:ed|ing)?\b|\bwrench(?:ed)?\b|\bjarred\b|\bricked\b|\bdislocat\w*|\bfractur\w*|"
    r"\bbroke (?:my|his|her)\b|\bover ?did (?:it|things)\b|\boverdo\w*|\bover ?train\w*|"
    r"\bslept (?:\w+ ){0,3}(?:funny|funnily|awkward\w*|wrong\w*|badly)\b|\bwhiplash\b|"
    r"\bbruis\w*|\bcame off\b|\bfell\b|\bfall(?:en)? (?:off|over|down|on)\b|\bhad a fall\b|"
    r"\btripped\b|\bslipped\b|\blanded (?:on|awkward\w*|badly)\b|\bknock(?:ed)?\b|\bbang(?:ed)?\b|"
    r"\bbumped\b|\bwhack(?:ed)?\b|\bhit (?:it|my|his|her)\b|\bwalked into\b|\btackled?\b"
)
# A cause named by the activity it came from: sport, the gym, heavy or repeated work, a desk,
# a jab in the arm. Walking, stairs and the shopping are not here: exertion is a sign itself.
_ACTIVITY = (
    r"\b(?:gym|work ?outs?|weights?|weight training|weightlifting|bench(?:ing)?|bench press\w*|"
    r"overhead press\w*|(?:press|push|pull|chin) ?ups?|deadlifts?|squats?|(?:bicep )?curls?|"
    r"bootcamp|crossfit|circuits|sports?|football|rugby|tennis|squash|badminton|golf|cricket|"
    r"netball|hockey|basketball|volleyball|boxing|judo|karate|climbing|bouldering|skiing|skis|"
    r"snowboard\w*|yoga|pilates|swimming|rowing|cycling|bike|kayak\w*|surfing|gymnastics|"
    r"digging|decorating|painting|diy|moving (?:house|furniture)|moved house|boxes|sofa|rsi|"
    r"repetitive|mouse|typing|keyboard|laptop|desk|hunch\w*|posture|jab|booster|vaccin\w*|"
    r"injection|flu shot)\b|\b(?:after|since|from|while|doing) (?:\w+ ){0,2}lifting\b"
)

CONCEPTS: Mapping[str, str] = {
    "chest": emergency.CONCEPTS["chest_pain"],
    "breath": urgent.CONCEPTS["breath"],
    "sweat": _SWEAT,
    "faint": _FAINT,
    "hurt": _HURT,
    "activity": _ACTIVITY,
}
_COMPILED = {name: re.compile(pattern) for name, pattern in CONCEPTS.items()}
RULES: Mapping[str, tuple[Rule, ...]] = {
    "companion": (Rule(("chest",)), Rule(("breath",)), Rule(("sweat",)), Rule(("faint",))),
    "explained": (Rule(("hurt",)), Rule(("activity",))),
}
# "can not breathe" and "can not catch my breath" hold their own negation.
_OWN_NEGATION = frozenset({"breath"})


def flag_context(text: str) -> str:
    """ "companion", "explained" or "" for what the patient typed in the case (module doc)."""
    found = read_kinds(text, _COMPILED, RULES, own_negation=_OWN_NEGATION)
    if "companion" in found:
        return "companion"
    return "explained" if "explained" in found else ""


def companions(text: str) -> frozenset[str]:
    """The companion signs ``text`` says ("chest", "breath", "sweat", "faint"): a dizzy spell
    on standing is read as a near faint, which the dizziness row of the nurse's table owns."""
    return frozenset(read_kinds(text, _COMPILED, _EACH_COMPANION, own_negation=_OWN_NEGATION))


_EACH_COMPANION = {name: (Rule((name,)),) for name in ("chest", "breath", "sweat", "faint")}
