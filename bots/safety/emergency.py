"""Emergencies read by meaning: concept detectors over normalised words, with negation scope.

A patient rarely types the phrase a list expects. "short of breath all of a sudden, even sitting
down", "the pressure in my chest goes into my jaw", "mum's face has gone lopsided", "everyone
would be better off without me" are all emergencies, and none of them says "I can't breathe".
So a message is read in three steps:

1. **Normalise**: lower case, straight apostrophes, contractions expanded ("can't" -> "can
   not"), and near-miss spellings of the clinical words corrected (edit distance 1 on words of
   five letters or more, "brething" -> "breathing", "siezure" -> "seizure"), except for common
   words one letter away from a clinical one ("blurred" is not "slurred").
2. **Scope**: the message is cut into clauses (sentence ends, "but", "though", "and my"...).
   A concept found in a clause is discarded when a negation cue ("no", "not", "never",
   "without", "denies") comes shortly before it in the same clause, when the clause is
   hypothetical ("what should I do if ...", "signs of a stroke") or when it is about the past
   ("had a stroke three years ago", "used to have fits"). "Not sure" is doubt, not negation:
   "not sure if she is breathing" still counts.
3. **Concepts and rules**: each concept is a small set of patterns over the clause (body part
   near a change: "face" near "droop/lopsided/sagging"; "breath" near "sudden/at rest");
   each emergency kind is one or more conjunctions of concepts found anywhere in the message
   (chest pain AND (spreading to arm/jaw/back OR pressure with sweating OR sudden and severe)).

The rules were developed on the public table ``tests/safety/emergency_phrasings.py`` (its
development part only); the held-out part is reported, never tuned on. A false alarm costs a
nurse's look and a frightened patient; a miss can cost a life, so doubt leans towards alarm.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache

__all__ = [
    "EMERGENCY_KINDS",
    "Clause",
    "Rule",
    "clause_groups",
    "emergency_kinds",
    "explain",
    "normalise",
    "read_kinds",
]

# In the order the advice lists them; "self-harm" adds crisis lines to the advice.
EMERGENCY_KINDS = (
    "breathing",
    "chest pain",
    "blood clot",
    "self-harm",
    "stroke",
    "bleeding",
    "unconscious",
    "head injury",
    "burn",
    "low blood sugar",
    "testicle",
    "eye injury",
    "long lie",
    "abdomen",
    "severe pain with fainting",
    "pregnancy",
    "spinal injury",
    "heat or cold",
    "ketoacidosis",
    "spinal cord compression",
    "fast heart",
    "anaphylaxis",
    "headache",
    "seizure",
    "poisoning",
    "swallowed object",
    "unwell baby",
)

# -- normalising ---------------------------------------------------------------------------------

_CONTRACTIONS = (
    (r"\bcan'?t\b", "can not"),
    (r"\bcannot\b", "can not"),
    (r"\bwon'?t\b", "will not"),
    (r"\bshan'?t\b", "shall not"),
    (r"\b(\w+)n't\b", r"\1 not"),
    (r"\b(is|are|was|were|do|does|did|has|have|had|could|would|should)nt\b", r"\1 not"),
    (r"\bdont\b", "do not"),
    (r"\bdoesnt\b", "does not"),
    (r"\bdidnt\b", "did not"),
    (r"\bisnt\b", "is not"),
    (r"\bwasnt\b", "was not"),
    (r"\bhasnt\b", "has not"),
    (r"\bhavent\b", "have not"),
    (r"\bcouldnt\b", "could not"),
    (r"\bwouldnt\b", "would not"),
    (r"\bim\b", "i am"),
    (r"\b(he|she|there|it|that|what)s\b", r"\1 is"),
    (r"\bive\b", "i have"),
    (r"\bid\b", "i would"),
    (r"\bi'm\b", "i am"),
    (r"\b(he|she|it|that|there|what)'s\b", r"\1 is"),
    (r"\b(i|you|we|they)'ve\b", r"\1 have"),
    (r"\b(i|you|we|they|he|she)'ll\b", r"\1 will"),
    (r"\b(i|you|we|they|he|she)'d\b", r"\1 would"),
    (r"\b(you|we|they)'re\b", r"\1 are"),
    (r"\bpls\b|\bplz\b", "please"),
    (r"\bu\b", "you"),
    (r"\bur\b", "your"),
    (r"\bwanna\b", "want to"),
    (r"\bgonna\b", "going to"),
    (r"\bgotta\b", "got to"),
    (r"\bcuz\b|\bcos\b", "because"),
    (r"\bsob\b", "short of breath"),
    (r"\bsoa\b", "short of breath"),
    (r"\bmins?\b", "minutes"),
    (r"\bhrs?\b", "hours"),
)
_COMPILED_CONTRACTIONS = tuple((re.compile(p), r) for p, r in _CONTRACTIONS)

# Clinical words worth correcting a near-miss spelling to.
_VOCABULARY = [
    "breathe",
    "breath",
    "breathing",
    "breathless",
    "breathlessness",
    "chest",
    "pressure",
    "crushing",
    "squeezing",
    "squeezes",
    "tightness",
    "spreading",
    "radiating",
    "shoulder",
    "drooping",
    "droopy",
    "droops",
    "drooped",
    "lopsided",
    "slurred",
    "slurring",
    "slurry",
    "stroke",
    "weakness",
    "swelling",
    "swollen",
    "tongue",
    "bleeding",
    "bleeds",
    "unconscious",
    "unresponsive",
    "collapsed",
    "seizure",
    "seizures",
    "seizing",
    "convulsions",
    "convulsing",
    "fitting",
    "suicide",
    "suicidal",
    "myself",
    "overdose",
    "overdosed",
    "tablets",
    "swallowed",
    "headache",
    "worst",
    "sudden",
    "suddenly",
    "floppy",
    "newborn",
    "vomiting",
    "heavily",
    "anymore",
    "paracetamol",
    "ibuprofen",
    "paralysed",
    "paralyzed",
    "numbness",
    "tingling",
    "emergency",
    "ambulance",
    "pouring",
    "gushing",
    "spurting",
    "passed",
    "fainted",
    "blacked",
    "whole",
    "bottle",
    "without",
    "ending",
    "breathin",
    "struggling",
    "throat",
    "allergic",
    "reaction",
    "stopped",
    "stopping",
    "jerking",
    "shaking",
    "medication",
    "medicine",
]
# Common words one letter away from a clinical word: never "corrected".
_PROTECTED = frozenset(
    [
        # "eye drops", "a few drops of blood": not "droops" (a stroke sign); the stroke rules
        # read "dropped" / "dropping" as they are.
        "drops",
        "dropped",
        "dropping",
        "blurred",
        "blurring",
        "blurry",
        "breeding",
        "bleeting",
        "smelling",
        "dwelling",
        "rushing",
        "brushing",
        "cooking",
        "joking",
        "smoking",
        "poking",
        "rasping",
        "grasping",
        "clasping",
        "painted",
        "sloppy",
        "threat",
        "worse",
        "sadden",
        "cheats",
        "cheat",
        "chess",
        "sweeping",
        "sleeping",
        "tablet",
        "stoke",
        "strike",
        "strokes",
        "spoke",
        "broke",
        "smoke",
        "shaping",
        "sharing",
        "staking",
        "whale",
        "while",
        "though",
        "through",
        "thought",
        "bottles",
        "bottled",
        "swallow",
        "swallows",
        "passes",
        "pasted",
        "fitted",
        "fitness",
        "fating",
        "tongues",
        "medical",
        "passing",
        "shaken",
        "sitting",
        "hitting",
        "getting",
        "setting",
        "putting",
        "knitting",
        "shaving",
        "baking",
        "making",
        "taking",
        "waking",
        "raking",
        "stepped",
        "shopped",
        "stooped",
        "stepping",
        "shopping",
        "sending",
        "bending",
        "lending",
        "tending",
        "pending",
        "mending",
        "touring",
        "paused",
        "blocked",
        "tinkling",
        "jingling",
        "mingling",
        "pushing",
        "hushing",
        "battle",
        "cattle",
        "whole",
        "whale",
        "blooded",
        "breaking",
        "reacting",
        "reaction",
        "bleeps",
        "sodden",
        "smoulder",
        "seized",
        "seizes",
    ]
)


def _edits1_match(word: str, target: str) -> bool:
    """True when ``word`` is one insertion, deletion, substitution or transposition away."""
    lw, lt = len(word), len(target)
    if abs(lw - lt) > 1 or word == target:
        return False
    if lw == lt:
        diff = [i for i in range(lw) if word[i] != target[i]]
        if len(diff) == 1:
            return True
        return (
            len(diff) == 2
            and diff[1] == diff[0] + 1
            and word[diff[0]] == target[diff[1]]
            and word[diff[1]] == target[diff[0]]
        )
    short, long_ = (word, target) if lw < lt else (target, word)
    i = 0
    while i < len(short) and short[i] == long_[i]:
        i += 1
    return short[i:] == long_[i + 1 :]


# Short misspellings the edit-distance rule leaves alone (it only corrects longer words).
_MISSPELLINGS = {
    "pian": "pain",
    "shrt": "short",
    "shor": "short",
    "alot": "a lot",
    "painn": "pain",
    "brath": "breath",
    "breth": "breath",
    "brethe": "breathe",
    "breate": "breathe",
    "chets": "chest",
    "cheast": "chest",
    "siezure": "seizure",
    "seizure's": "seizure",
    "unconcious": "unconscious",
    "concious": "conscious",
    "sucide": "suicide",
    "sucidal": "suicidal",
    "bleding": "bleeding",
    "stroak": "stroke",
    "stoke": "stroke",
}


@lru_cache(maxsize=4096)
def _correct(word: str) -> str:
    if word in _MISSPELLINGS:
        return _MISSPELLINGS[word]
    if len(word) < 5 or word in _PROTECTED or word in _VOCABULARY_SET or not word.isalpha():
        return word
    for target in _VOCABULARY:
        if len(target) >= 5 and _edits1_match(word, target):
            return target
    return word


_VOCABULARY_SET = frozenset(_VOCABULARY)


def normalise(text: str) -> str:
    """Lower case, straight quotes, contractions expanded, clinical typos corrected."""
    text = text.lower()
    text = text.replace("\u2019", "'").replace("\u2018", "'").replace("`", "'")
    for pattern, replacement in _COMPILED_CONTRACTIONS:
        text = pattern.sub(replacement, text)
    # Keep clause punctuation as separate tokens; drop the rest.
    text = re.sub(r"([.!?;,:\n()])", r" \1 ", text)
    text = re.sub(r"[^a-z0-9.!?;,:\n()/' -]", " ", text)
    words = [_correct(w) for w in text.split()]
    return _CHEST_PLACE.sub(r"in \1 chest", " ".join(words))


# Where in the chest says nothing about whether it is chest pain; said in full ("a heavy feeling
# right in the middle of my chest") it put the pain word out of reach of "chest".
_CHEST_PLACE = re.compile(
    r"\b(?:right |just |slap bang |bang )?(?:in|at|across|on|over|through) (?:the )?(?:very )?"
    r"(?:middle|centre|center|front|top|left side|right side|left|right|side|left hand side|"
    r"right hand side|whole) (?:part )?of (my|his|her|their|your|the) chest\b"
)


# -- clauses and scope ---------------------------------------------------------------------------

_SENTENCE_END = re.compile(r"\s[.!?;\n]\s|\s[.!?;\n]$")
_CLAUSE_BREAK = re.compile(
    r"\s(?:,|:|\(|\)|but|though|although|however|except|yet|whereas|while|so|because|since|"
    r"and now|and then|then|now|plus|also)\s|\s(?:and|or) (?=(?:my|his|her|their|i|he|she|it|"
    r"they|the|its|we|you|there|this|that)\b)"
)
_NEGATION = re.compile(
    r"\b(no|not|never|without|none|nothing|nobody|neither|nor|denies|deny|denied|"
    r"free of|ruled out|no sign of|no signs of|no longer|n't)\b"
)
# "not sure", "not certain", "don't know if": doubt, which must not hide what follows.
_DOUBT = re.compile(
    r"\b(?:not|no) (?:sure|certain|really sure|100 ?%)\b|\bdo not know (?:if|whether|why|what)\b|"
    r"\bnot (?:that )?(?:i|we) (?:know|think)\b|\bcan not tell (?:if|whether)\b|"
    r"\bdo not think (?=(?:she|he|they|it|the baby|my \w+) (?:is|are|can))|"
    r"\bnot (?:just|only)\b|\bnot (?:getting|going) (?:any )?better\b|\bwhy not\b|"
    # "never had a headache like it" says how bad it is, not that there is none.
    r"\bnever (?:had|felt|known|experienced) (?:\w+ ){0,4}(?:like (?:this|it|that)|this bad|so "
    r"bad|as bad)\b"
)
_HYPOTHETICAL = re.compile(
    r"(?<!as )(?<!even )(?<!know )(?<!sure )(?<!tell )(?<!check )(?<!see )(?<!wonder )"
    r"(?<!unsure )(?<!asking )(?<!ask )\bif\b|\bwhat (?:does|do|would) (?:\w+ ){1,4}feel "
    r"like\b|\bjust (?:wondering|curious)\b|\bout of curiosity\b|\bin case\b|"
    r"\bwhat are the (?:signs|symptoms)\b|"
    r"\b(?:signs|symptoms|risk|risks) of (?:a |an )?\b|\bhow (?:do|would|can) (?:i|you) "
    r"(?:know|tell|spot|recognise|recognize)\b|\bworried (?:about|that) (?:getting|having|i "
    r"might|i will|it might|it could)\b|\bafraid (?:of|that) (?:getting|having|i might)\b|"
    r"\bscared (?:of|that) (?:getting|having|i might)\b|\bcould (?:it|this) (?:lead|turn)\b|"
    r"\bprevent\b|\bwhat happens when\b|\bjust asking\b|"
    r"\bfor (?:a|my) (?:school|project|homework|essay)\b"
)
_PAST = re.compile(
    r"\b(?:\d+|a|one|two|three|four|five|six|ten|few|several|many|couple of) "
    r"(?:years?|yrs?|months?|decades?) (?:ago|back)\b|\blast (?:year|month|summer|winter|"
    r"spring|autumn|christmas)\b|\bas a (?:kid|child|baby|teenager|teen)\b|"
    r"\bwhen (?:i|he|she) was (?:a|young|little|younger|small|\d+)\b|\bhistory of\b|"
    r"(?<!never )(?<!not )\bused to\b|\bin the past\b|\bin (?:19|20)\d\d\b|\bdied (?:of|from)\b|"
    r"\bpassed away\b|\brecovered from\b|\b(?:years|months) since\b|\bback in\b|"
    r"\b(?:i|he|she|you) (?:have|has) ever (?:had|been|experienced) (?:a|an)\b|"
    r"\b(?:have|has) ever felt like\b|"
    r"\bhas had (?:a |two |several )?(?:strokes?|seizures?|fits?|heart attacks?) before\b"
)
_NEGATION_WINDOW = 6


@dataclass(frozen=True)
class Clause:
    text: str
    negation_at: tuple[int, ...]  # character offsets where a negation cue ends
    hypothetical: bool
    past: bool


def _clauses(normalised: str) -> list[Clause]:
    return [clause for sentence in clause_groups(normalised) for clause in sentence]


def clause_groups(normalised: str) -> list[list[Clause]]:
    """The clauses of a :func:`normalise`-d message, sentence by sentence, with their scope
    (the reader by meaning, :mod:`bots.safety.emergency_meaning`, joins neighbours)."""
    out = []
    for sentence in _SENTENCE_END.split(f" {normalised} "):
        group: list[Clause] = []
        out.append(group)
        sentence_hypothetical = bool(_HYPOTHETICAL.search(sentence)) and not re.search(
            r"\bas if\b", sentence
        )
        sentence_past = bool(_PAST.search(sentence))
        for part in _CLAUSE_BREAK.split(f" {sentence} "):
            part = f" {part.strip()} "
            if not part.strip():
                continue
            doubt_free = _DOUBT.sub(lambda m: "~" * len(m.group(0)), part)
            cues = tuple(m.end() for m in _NEGATION.finditer(doubt_free))
            hypothetical = bool(_HYPOTHETICAL.search(part)) and not re.search(r"\bas if\b", part)
            group.append(
                Clause(
                    part,
                    cues,
                    hypothetical or sentence_hypothetical,
                    bool(_PAST.search(part)) or sentence_past,
                )
            )
    return [group for group in out if group]


def _negated(clause: Clause, start: int) -> bool:
    """A negation cue shortly before ``start`` in the same clause."""
    for end in clause.negation_at:
        if end <= start and len(clause.text[end:start].split()) <= _NEGATION_WINDOW:
            return True
    return False


def _negated_inside(clause: Clause, match: re.Match[str]) -> bool:
    return any(match.start() < end <= match.end() for end in clause.negation_at)


# -- concepts -----------------------------------------------------------------------------------

_W = r"(?:[a-z0-9'/-]+ ){0,%d}"  # up to N intervening words


def _near(a: str, b: str, gap: int = 5, both: bool = True) -> str:
    """``a`` then ``b`` within ``gap`` words (and ``b`` then ``a`` when ``both``)."""
    w = _W % gap
    forward = rf"\b(?:{a})\b {w}\b(?:{b})\b|\b(?:{a})\b (?:{b})\b"
    if not both:
        return forward
    return rf"{forward}|\b(?:{b})\b {w}\b(?:{a})\b"


# Confusion as a state of mind, not puzzlement over something ("confused about my insulin
# doses", "confused about why my headache won't go" ask for help; "confused about where he
# is" is the state).
_CONFUSED = (
    r"\bconfus\w*\b(?! (?:about|by|over|as to) (?:which|how|why|whether|if|what to|my|your|the "
    r"(?:instructions|dose|doses|form|leaflet|letter|results?))\b)"
)
_SUDDEN = (
    r"sudden|suddenly|all of a sudden|out of nowhere|out of the blue|came on|just started|"
    r"started (?:a few|\d+|ten|twenty|thirty) minutes|in the last (?:hour|few minutes|\d+ "
    r"minutes)|minutes ago|an hour ago|just now|right now|came on fast|very quickly|from nowhere|"
    r"instantly|within seconds|within minutes|this morning out of"
)
_SEVERE = (
    r"severe|severely|really bad|very bad|so bad|terrible|terribly|awful|excruciating|unbearable|"
    r"agony|agonising|agonizing|horrible|worst|extreme|extremely|intense|10/10|10 out of 10|"
    r"ten out of ten|crushing|blinding|can not cope|screaming"
)
_CHEST = r"chest|breastbone|sternum|heart|ribcage|chest wall"
_CHEST_PAIN_WORDS = (
    r"pain|pains|painful|hurts?|hurting|ache|aches|aching|pressure|tight|tightness|tightening|"
    r"squeez\w*|crush\w*|heavy|heaviness|weight|discomfort|band|vice|vise|clamp\w*|gripping|"
    r"elephant|sore|stabbing|burning|"
    # A hand on the chest is how a carer sees chest pain ("clutching his chest").
    r"clutch\w*|grabb\w*|grabs|clasp\w*|rubbing|fist"
)
_SPREAD_TO = r"arm|arms|jaw|neck|shoulder|shoulders|back|shoulder blade|left side|teeth|elbow|hand"
_SPREAD = (
    r"spread\w*|radiat\w*|going (?:down|into|up|to|through)|goes (?:down|into|up|to|through)|"
    r"gone (?:down|into|up|to)|moving (?:down|into|up|to)|moves (?:down|into|up|to)|moved "
    r"(?:down|into|up|to)|shoot\w*|travel\w*|runs (?:down|into|up)|running (?:down|into|up)|"
    r"into my|down my|down his|down her|into his|into her|up into|up to my|and my|also in my|"
    r"through to|reaching|reaches"
)

# What a clot does to a leg: it swells, goes tight, hard, red or hot, and throbs or aches.
_LEG_SIGN = (
    r"swollen|swelling|swell|swells|swelled|swole|puffy|puffed up|fat|fatter|bigger|thicker|"
    r"tight|tighter|hard|red|hot|warm|tender|pain|painful|sore|aching|aches|ache|achy|hurts?|"
    r"hurting|throbb\w*|killing|cramping|crampy|heavy"
)

CONCEPTS: Mapping[str, str] = {
    # -- breathing
    # What a carer sees or what stops the words: grave however the episodes usually end.
    "breathing_grave": "|".join(
        (
            r"\b(?:not|stopped|stop|isn't|is not|was not|has stopped) breathing\b",
            r"\bchoking\b|\bchoked on\b|\bsuffocat\w*",
            _near(r"lips|face|skin|fingers|mouth", r"blue|grey|gray|purple|bluish|dusky", 4),
            r"\bturning blue\b|\bgone blue\b|\bwent blue\b",
            r"\bcan not (?:talk|speak|say) (?:in )?(?:full )?(?:sentences|more than)\b",
        )
    ),
    "cannot_breathe": "|".join(
        (
            _near(
                r"can not|could not|unable to|barely|hardly|struggling to|struggle to|"
                r"fighting to|fight for|fighting for|gasping for|gasping|trying to|hard to|"
                r"difficult to|trouble|difficulty|difficulties|problems?|labou?red|laboring|"
                r"labouring|struggling|struggles",
                r"breathe|breath|breathing|air|get air|catch (?:my|his|her) breath",
                3,
                both=False,
            ),
            r"\b(?:not|stopped|stop|isn't|is not|was not|has stopped) breathing\b",
            r"\bchoking\b|\bchoked on\b|\bgasping\b|\bsuffocat\w*|\bcan not get (?:any )?air",
            _near(r"lips|face|skin|fingers|mouth", r"blue|grey|gray|purple|bluish|dusky", 4),
            r"\bturning blue\b|\bgone blue\b|\bwent blue\b",
            r"\bcan not (?:talk|speak|say) (?:in )?(?:full )?(?:sentences|more than)\b",
            r"\bgetting no air\b|\bno air (?:is )?(?:going|getting) in\b",
            r"\bbreathing (?:is |very |really |so )*(?:fast|rapid|shallow)\b",
            r"\b(?:do not know|not sure|can not tell|unsure|check) (?:if|whether) (?:\w+ ){0,3}"
            r"(?:is|are) (?:still )?breathing\b",
            r"\bharder (?:and harder )?to (?:breathe|get (?:my )?breath)\b",
        )
    ),
    "breathless": (
        r"\bshort of breath\w*|\bshortness of breath\b|\bbreathless\w*|\bout of breath\b|"
        r"\bwinded\b|\bcan not catch (?:my|his|her) breath\b|\bbreathing (?:is )?(?:hard|"
        r"difficult|bad|heavy|hard work)\b|\bhard to breathe\b|\bstruggling (?:to breathe|for "
        r"breath|for air)\b|\bpanting\b|\bhuffing\b|\bairless\b|\bwheez\w*|\bno breath\b|"
        r"\btight chest\b|\bchest (?:is |feels |feeling )?tight\b|\bneed(?:ing)? air\b|"
        r"\bnot getting enough air\b|\bnot enough air\b|\bbreathing (?:\w+ ){0,2}(?:hard|heavy|"
        r"heavily|fast|rapidly|difficult)\b|\bair hungry\b|\bbreaths? (?:are |is )?short\b"
    ),
    "at_rest_or_sudden": (
        rf"\b(?:{_SUDDEN})\b|\bat rest\b|\bresting\b|\bsitting\b|\bsat (?:down|still|here|on)\b|"
        r"\blying\b|\blaying\b|\bin bed\b|\bdoing nothing\b|\bnot doing anything\b|"
        r"\bnot even moving\b|\bwithout (?:doing|moving)\b|\bjust sitting\b|\bjust talking\b|"
        r"\bworse and worse\b|\bgetting worse (?:fast|quickly|by the minute)\b|"
        r"\bby the minute\b|\bcan not (?:talk|speak|finish)\b|\binhaler (?:is )?not "
        r"(?:working|helping)\b|\bpanicking\b|\bwoke (?:me )?up\b|\bwaking (?:me )?up\b"
        rf"|\b(?:{_SEVERE})\b"
    ),
    # An asthma attack the reliever does not touch, or that stops the words coming out.
    "asthma_named": r"\basthma\w*|\bcopd\b|\bwheez\w*|\binhalers?\b|\bpuffers?\b",
    "reliever_failing": (
        r"\b(?:inhalers?|puffers?|reliever|nebuli[sz]er|ventolin|salbutamol)\b (?:\w+ ){0,3}?"
        r"(?:is |was |are |has )?(?:not|barely|hardly) (?:working|helping|doing (?:anything|much)|"
        r"touching it|made (?:any )?difference)\b|"
        r"\b(?:can|could) (?:not|barely|hardly) (?:get (?:my |any |the |her |his )?words out|"
        r"speak|talk|finish (?:a |my |her |his )?sentences?)\b|\bpuffs? (?:\w+ ){0,3}no (?:help|"
        r"difference)\b|\b(?:made|making|makes) no (?:difference|change)\b"
    ),
    # Breathlessness said of episodes that end by themselves ("it passes after 10 minutes"):
    # the patient is telling of attacks, not struggling to breathe as they type (NHS: 999 for
    # breathing so hard you cannot speak now; a GP or 111 for breathlessness that keeps coming
    # back). Only the breathing rules are excused by it; the intake's urgent screen still asks
    # about breathing right now.
    "passing_episode": (
        # Not "usually it passes ... but not this time": what happens as a rule is no
        # account of now.
        r"(?<!usually )(?<!normally )(?<!often )\b(?:it|they|this|that|these|the attacks?|"
        r"the episodes?|each one) (?:always |just |then |all |soon )?(?:pass(?:es)?|go(?:es)? "
        r"(?:away|off)|settles?(?: down)?|calms? down|wears? off|eases? off|stops?|clears? up) "
        r"(?:\w+ ){0,2}(?:after|within|in) (?:\w+ ){0,2}(?:minutes?|mins?|seconds?|secs?)\b"
        r"(?! (?:\w+ ){0,3}(?:but|except) (?:\w+ ){0,2}(?:this time|this one|today|now)\b)"
    ),
    # ... unless this time is said to be different ("but today it has lasted an hour").
    "not_this_time": (
        r"\bbut (?:\w+ ){0,2}(?:this time|this one|today|tonight|now)\b|\bnot this time\b|"
        r"\bthis (?:one|time) (?:has not|did not|is not|will not|has lasted|is lasting)\b|"
        r"\b(?:has|it has|it is|is) (?:lasted|lasting|gone on|been going on) (?:for )?(?:over |"
        r"more than |longer than |an? |\d+ )"
    ),
    "exertion_only": (
        r"\b(?:on|up|climbing|going up) (?:the )?(?:stairs|hills?|steps)\b|\bwhen i (?:run|"
        r"exercise|walk fast|climb)|\bafter (?:a |the )?(?:run|gym|workout|exercise|football)\b"
        r"|\bthrough my nose\b|\bsometimes\b|\basleep\b|\bin my sleep\b|\bsnor\w*|"
        r"\bat night\b|\bblocked nose\b|\bstuffy\b|\bbunged up\b"
    ),
    # -- chest
    "chest_pain": "|".join(
        (
            _near(_CHEST, _CHEST_PAIN_WORDS, 5),
            r"\bheart attack\b|\bcardiac arrest\b|\bmy heart (?:is )?(?:stopping|stopped)\b",
        )
    ),
    "classic_chest": (
        r"\b(?:elephant|weight|someone|somebody|ton of bricks|truck|brick) (?:\w+ ){0,2}(?:on|"
        r"sitting on|standing on|pressing on|crushing|squashing) (?:my|his|her|their) chest\b|"
        # The same weight said to sit on the whole person ("an elephant sat on me").
        r"\b(?:elephant|ton of bricks|truck|lorry) (?:\w+ ){0,2}(?:on|sat on|sitting on|standing "
        r"on|parked on|pressing on|crushing|squashing) (?:me|him|her|them)\b|"
        r"\bchest (?:\w+ ){0,3}(?:in a vi[cs]e|being crushed|being squeezed)\b"
    ),
    "self_harm_excuse": (
        r"\bshaving\b|\bcooking\b|\bchopping\b|\bby accident\b|\baccidental\w*|\bgardening\b"
        r"|\bon (?:a|the|some) (?:knife|glass|tin|can|nail|paper)\b|\bplaying\b|\bat work\b"
    ),
    "heart_attack": r"\bheart attack\b|\bcardiac arrest\b|\bmi\b|\bmyocardial\b",
    "chest_spread": _near(_SPREAD, _SPREAD_TO, 4, both=False),
    "arm_jaw_pain": _near(
        r"left arm|arm|arms|jaw|shoulder blade|shoulder",
        r"pain|hurts?|ache|aching|numb|heavy|tingl\w*|dead",
        3,
    ),
    # Where a cardiac pressure goes when the chest is never named ("a heavy squeezing going
    # into my jaw", "it goes down both arms").
    "spread_arm_jaw": _near(_SPREAD, r"jaw|left arm|arm|arms|both arms|teeth", 4, both=False),
    # A pressure said to be somewhere a heart's is not: the head, the face, a muscle, the legs.
    "pressure_elsewhere": (
        r"\bhead\w*|\beyes?\b|\bface\b|\bsinus\w*|\btooth\w*|\bdentist\b|\bgrind\w*|\bnose\b|"
        r"\bmuscles?\b|\bneck\b|\blegs?\b|\bknees?\b|\bthighs?\b|\bcalf\b|\bcalves\b"
    ),
    "pressure_like": (
        r"\bpressure\b|\bsqueez\w*|\bcrush\w*|\bheavy\b|\bheaviness\b|\bweight\b|\belephant\b|"
        r"\bvi[cs]e\b|\bclamp\w*|\bband\b|\bgripping\b|\btight\w*|\b(?:someone|somebody) "
        r"(?:is |was |were )?(?:sitting|standing|kneeling|sat|stood|knelt)\b|"
        # Levine's sign: a fist or a hand clutching the chest is how pressure looks to a carer,
        # who cannot say what the pain feels like.
        r"\bclutch\w*|\bgrabb\w*|\bfist\b"
    ),
    "sweat_sick": (
        r"\bsweat\w*|\bclammy\b|\bcold sweat\b|\bdrenched\b|\bpale\b|\bgrey\b|\bgray\b|"
        r"\bnause\w*|\bsick\b|\bvomit\w*|\bdizzy\b|\blight ?headed\b|\bfaint\w*|\bpass(?:ing)? "
        r"out\b|\bshort of "
        r"breath\w*|\bbreathless\w*|\bcan not breathe\b|\bimpending doom\b|\bgoing to die\b"
    ),
    "sudden_or_severe": rf"\b(?:{_SUDDEN})\b|\b(?:{_SEVERE})\b",
    # -- a clot in one leg gone to the lungs (NHS: pain or swelling in one leg, usually the calf
    # or thigh, with breathlessness or chest pain, or coughing up blood). One leg: two swollen
    # ankles or legs with breathlessness are a tired heart's (urgent, bots.safety.urgent).
    "leg_clot": "|".join(
        (
            _near(
                r"calf|thigh|leg|one of (?:my|his|her|their) legs|back of (?:my|his|her|the) "
                r"(?:knee|leg)|behind (?:my|his|her|the) knee",
                _LEG_SIGN,
                5,
            ),
            # A clot named as one now ("diagnosed with a dvt", "a clot in my calf"); "have you
            # ever had deep vein thrombosis (DVT)?" said back as a yes is a history, not a clot.
            r"\b(?:clots?|dvt|deep vein thrombosis) (?:\w+ ){0,3}(?:calf|thigh|leg)\b|"
            r"\b(?<!ever )(?:got|have|has|had|with|diagnosed with|treated for|for) (?:a |an )?"
            r"(?:dvt|deep vein thrombosis)\b",
        )
    ),
    # What explains a sore or swollen leg in its own clause: a knock, a sport, a bite, a cramp
    # at night, a long-known condition.
    # "Cramping pain that will not ease" is a clot's; "cramps at night" are not.
    "leg_excuse": (
        r"\b(?:kick\w*|tackl\w*|bang\w*|knock\w*|bash\w*|bruis\w*|fell|fall|fallen|twist\w*|"
        r"sprain\w*|strain\w*|pulled|injur\w*|football|rugby|netball|hockey|tennis|gym|run|"
        r"running|ran|jog\w*|marathon|\d+k|training|workout|cycl\w*|bike|swim\w*|hik\w*|"
        r"exercis\w*|sports?|match|game|stretch\w*|cramps|cramped|at night|restless|bite|bitten|"
        r"sting|stung|insect|varicose|ulcers?|eczema|sciatica|sciatic|trapped nerve|disc|"
        r"arthritis|gout|shin splints)\b"
    ),
    # Short of breath, said the everyday way; "puffed up" is a swelling.
    "clot_breath": (
        r"\bpuffed\b(?! up)|\bpuffing\b|\bbreath(?:ing)? (?:is |feels )?(?:short|fast|quick|"
        r"rapid)\b|\bbreathing (?:\w+ ){0,2}(?:fast|quick\w*|rapid\w*)\b"
    ),
    # A pain on breathing in (pleuritic) said without the chest: the ribs, the side, the back.
    "breath_pain": (
        r"\b(?:pain\w*|hurts?|hurting|sharp|stabbing|sore|catch\w*|ache\w*) (?:\w+ ){0,6}"
        r"(?:when|if|as) (?:i|he|she|they|you) (?:breathe|breath|take (?:a |in a )?(?:deep |big )?"
        r"breath|inhale|breathing)\b|\b(?:hurts|painful|sore|agony) to (?:breathe|breath|take "
        r"a (?:deep )?breath)\b|\bpain\w* (?:on|with|when) (?:deep )?breathing\b"
    ),
    "cough_blood": (
        r"\b(?:cough\w*|brought up|bringing up|spit\w*|spat) (?:\w+ ){0,5}blood\w*|"
        r"\bblood (?:\w+ ){0,3}(?:cough\w*|phlegm|spit|sputum|mucus)\b"
    ),
    # -- self-harm
    "self_harm": "|".join(
        (
            r"\b(?:kill|hurt|harm|cut|cutting|hurting|harming|killing|hang|hanging|poison|"
            r"drown|shoot|burn|burning|starve) (?:my ?self|myself)\b",
            r"\bself[- ]?harm\w*|\bsuicid\w*|\bsucid\w*|\bsuiside\w*",
            r"\b(?:end|ending|take|taking|ended) (?:my|my own|it all|things|everything|it)\b"
            r"(?: (?:life|all|now|tonight|today|for good|here))?",
            r"\bend it\b|\bend it all\b|\bending it\b|\bfinish it all\b|\bcheck out for good\b",
            r"\b(?:want|wanted|wanting|ready|plan|planning|wish) (?:to|i could) (?:die|be "
            r"dead|not exist|disappear (?:forever|for good|permanently))\b",
            # "Going to die" said as a fear ("feels like i am going to die", "thought i was
            # going to die") is the sense of doom of a panic or a heart attack, not an intent:
            # the crisis line is no answer to it (chest pain and breathlessness keep their own
            # rules, and "going to die" stays a companion sign in sweat_sick).
            r"(?<!like i am )(?<!like i was )(?<!thought i was )(?<!think i am )(?<!thought i "
            r"am )(?<!scared i am )(?<!afraid i am )(?<!worried i am )(?<!sure i am )(?<!sure i "
            r"was )(?<!scared i was )(?<!afraid i was )(?<!like he is )(?<!like she is )\bgoing to"
            r" (?:die|be dead|not exist)\b",
            r"\bwish (?:i|i was|i were|i had) (?:was |were )?(?:dead|never (?:been )?born|gone)\b",
            r"\b(?:better off|happier|easier) (?:dead|without me|if i (?:was|were) (?:gone|dead"
            r"|not here|not around))\b",
            r"\b(?:no|any|little) (?:point|reason|reasons) (?:in |to )?(?:living|going on|being"
            r" here|being alive|carrying on|to live|to go on|anymore)\b",
            r"\b(?:do not|no longer|not) (?:want|wanting) to (?:live|be alive|be here|wake up|"
            r"exist|be around|go on|carry on)\b",
            r"\bcan not (?:go on|carry on|do this anymore|take (?:it|this) anymore|keep going)\b",
            r"\b(?:would not|will not|did not|never) (?:mind|care) (?:if i )?(?:not )?"
            r"(?:waking|wake|dying|died|die)\b",
            r"\b(?:hope|hoping) i (?:do not|never|will not) wake up\b|\b(?:not|never) (?:to )?"
            r"wake (?:up|again)\b",
            r"\b(?:stash|stockpile|hoard|supply|pile) of (?:pills|tablets|meds|medication)\b|"
            r"\b(?:pills|tablets|meds) (?:saved|stored|hidden|put aside)\b|\btonight is the night\b"
            # Hoarding said as a habit ("been putting my tablets aside"), not a day's routine
            # ("set my tablets aside for the morning").
            r"|\b(?:been|have|had|started|keep|kept) (?:putting|setting|keeping|hiding|put|set|"
            r"kept|hidden) (?:my |the |all (?:my |the )?|some of my |a few of my )?"
            r"(?:pills|tablets|meds|medication|sleeping pills) (?:aside|by|to one side)\b"
            r"(?! for (?:the |my |our |each |every )?(?:morning|evening|night|tomorrow|later|week|"
            r"weekend|trip|holiday|journey|day)\b)"
            r"|\btake them all\b",
            r"\bsay(?:ing|ed)? (?:my )?goodbyes?\b|\bgoodbye (?:letters?|notes?)\b|"
            r"\bsuicide note\b",
            r"\bmake (?:it|everything|the pain) (?:all )?stop (?:for good|forever|permanently)\b",
            r"\b(?:do not|does not|can not|no longer) (?:really |honestly |even |just |actually )?"
            r"(?:see|have|find|feel) (?:any |a |the |much )?"
            r"(?:point|reason|purpose) (?:in |to |of )?(?:living|life|live|going on|being here|"
            r"anymore|carrying on|to any of it|in anything)\b",
            r"\b(?:want|wish|need|just want) (?:the|this|it|everything|all|my) (?:\w+ )?(?:to )?"
            r"(?:stop|end|be over) (?:for good|forever|permanently|once and for all)\b",
            r"\b(?:sorted|sorting|put|putting|got|getting) (?:out )?(?:all )?(?:of )?my affairs\b",
            r"\b(?:written|wrote|writing|left) (?:a |the )?(?:letters?|notes?) (?:to|for) "
            r"(?:each of |all of )?(?:my (?:kids|children|family|wife|husband|partner|parents|mum|"
            r"mom|dad|sons?|daughters?|friends|loved ones|sister|brother)|everyone|the kids|the "
            r"family)\b(?!')(?! (?:school|teacher|class|club|team)\b)",
            r"\b(?:found|finding|find) (?:a )?new homes? for (?:my|the|our) (?:dog|cat|pets?|"
            r"animals?)\b|\bmy will (?:is )?(?:sorted|done|written|ready)\b",
            # A jump is an intent, or from somewhere high: "jumped off the wall at the park"
            # and a child who "jumped from the top bunk" are falls (stop 48).
            r"\b(?:going to|about to|want to|wanted to|will|ready to|planning to|plan to|"
            r"thinking (?:of|about)|thought (?:of|about)|think about|tempted to) jump(?:ing)?\b"
            r"(?! (?:on|onto|into|in|up|out|over|around|about|rope|the queue|ship|start|at)\b)",
            r"\bjump\w* (?:off|from) (?:a |the |my |our |this |that )?(?:\w+ )?(?:bridge|roof|"
            r"rooftop|building|cliff|balcony|tower|car park|ledge|window|flats?)\b",
            r"\bjump\w* in front of\b|\bin front of a (?:train|bus|car|lorry|truck)\b",
            # The end said of oneself without the usual words ("tonight is it for me", "it is
            # all over for me", "had enough of living").
            r"\b(?:tonight|today|this|now|it) is (?:it|the end) for me\b|\bit is (?:all )?over "
            r"for me\b|\b(?:had|have had) enough of (?:life|living|being alive|everything|it all|"
            r"this life|existing)\b|\b(?:want|need) (?:it all|everything|all of (?:it|this)|my "
            r"life) to (?:be over|end)\b",
            r"\b(?:saved|saving|stockpil\w*|hoard\w*|collected|collecting) (?:up )?"
            r"(?:\w+ ){0,3}(?:pills|tablets|meds|medication)\b",
            # "od'd", "OD on": never "odd" ("30 odd years", "feels odd").
            r"\boverdos\w*|\bod'd\b|\bod on\b",
            r"\btook (?:all|too many|a whole|the whole|loads of|a load of|lots of|a bunch of|"
            r"a handful of|all of|a packet of|a box of|a bottle of|\d{2,} |twenty|thirty|forty|"
            r"fifty)(?: \w+){0,3} (?:pills|tablets|meds|paracetamol|tylenol|ibuprofen|aspirin|"
            r"sleeping pills|antidepressants|painkillers|insulin)\b",
            r"\b(?:a burden|burden to everyone)\b",
            r"\bnot (?:be|being) (?:here|around) (?:much longer|anymore|tomorrow|soon)\b",
            r"\bgive (?:away )?(?:all )?my (?:things|stuff) away\b|\bgiving away my\b",
            r"\b(?:tired|sick) of (?:living|life|being alive)\b|\bdone with (?:life|living|it "
            r"all|everything)\b",
        )
    ),
    # -- stroke
    "face_droop": _near(
        r"face|mouth|smile|lip|lips|eye|eyelid|cheek|side of (?:his|her|my|their) face",
        r"droop\w*|sag\w*|lopsided|crooked|fallen|dropp\w*|slipp\w*|uneven|twisted|slumped|"
        r"slid|sliding|hanging|pulled|pulling|gone (?:down|funny|weird|wonky)|wonky|"
        r"numb|frozen|paralys\w*|paralyz\w*|droopy|dropped",
        4,
    ),
    "speech": "|".join(
        (
            r"\bslur\w*",
            _near(
                r"speech|talk\w*|words|speak\w*|speaking|sentences|voice",
                r"garbled|jumbled|gibberish|strange|weird|funny|muddled|nonsense|mixed up|"
                r"not making sense|no sense|drunk|thick|wrong|slow|confused",
                4,
            ),
            r"\bcan not (?:get|find) (?:the |my |his |her |any )?words\b|"
            r"\b(?:can not|could not|unable to) (?:speak|talk|say (?:a word|anything)|understand "
            r"(?:me|us|what))\b|\bsounds drunk\b|\bnot making (?:any )?sense\b|\btalking "
            r"(?:nonsense|rubbish|gibberish)\b",
        )
    ),
    # Speech like a drunk's from someone who has not been drinking: how carers tell a stroke
    # ("talking like he is drunk but he has not had a drop"); "drunk" alone excuses speech.
    "drunk_like": (
        r"\b(?:talk\w*|sound\w*|speak\w*|speech|words|acting|slurr\w*) (?:\w+ ){0,2}(?:like|as if|"
        r"as though) (?:he|she|they|i|you|someone) (?:is|are|was|were|am|had been|has been|"
        r"were|had) (?:drunk|had a few|been drinking|on something)\b|"
        r"\b(?:drunk|been drinking)\b (?:\w+ ){0,3}(?:has not|had not|did not|have not|not) "
        r"(?:had|touched|drunk|been drinking|drink)\b|\bnot (?:had|touched) (?:a drop|a drink|"
        r"any alcohol|anything to drink)\b|\bhas not been drinking\b|\bhad nothing to drink\b"
    ),
    "drink_taken": (
        r"\b(?:had|drank|downed|after) (?:\w+ ){0,3}(?:pints?|beers?|wine|vodka|drinks|bottles? "
        r"of|shots?|cans? of)\b|\bat the pub\b|\bout drinking\b|\bhangover\b|\bhung ?over\b"
    ),
    "speech_excuse": (
        r"\bvoice\b|\bhoarse\b|\blaryngitis\b|\bsore throat\b|\bthroat\b|\blost my voice\b|"
        r"\bcough\w*|\bshy\b|\banxious\b|\bnervous\b|\bwork\b|\btired\b|\bsleepy\b|\bdrunk\b|"
        r"\bbeer\b|\bwine\b|\bdentist\b|\banaesthetic\b|\banesthetic\b|\bnumbing\b"
    ),
    "one_side_weak": "|".join(
        (
            _near(
                r"one side|left side|right side|half (?:of )?(?:my|his|her|the) body|left arm|"
                r"right arm|left leg|right leg|left hand|right hand|arm and leg|arm|leg|hand|"
                r"side of (?:my|his|her|the) body",
                r"weak\w*|numb\w*|dead|heavy|floppy|limp|paralys\w*|paralyz\w*|not working|"
                # "my arm has just gone" (gone dead); not "my leg has gone tight and puffy"
                r"will not work|gone(?!\s+[a-z])|useless|"
                r"can not (?:move|lift|feel|raise|hold|grip|use)|"
                r"could not (?:move|lift|feel|raise|hold|grip|use)|no (?:strength|feeling)|"
                r"giving way|gave way|dropping things|dropped",
                5,
            ),
            r"\b(?:can not|could not|unable to) (?:move|lift|feel|raise|use) (?:my|his|her) "
            r"(?:left|right) (?:arm|leg|hand|side)\b",
        )
    ),
    "side_marker": (
        r"\bone side\b|\bleft\b|\bright\b|\bhalf\b|\bone arm\b|\bone leg\b|\bone hand\b|"
        r"\bsuddenly\b|\bsudden\b|\ball of a sudden\b|\bout of nowhere\b|\bjust now\b|"
        r"\bminutes ago\b|\ban hour ago\b|\bthis morning\b|\bwoke up with\b"
    ),
    "weak_excuse": (
        r"\bslept on\b|\bsleeping on\b|\blain on\b|\blying on it\b|\bgym\b|\bworkout\b|"
        r"\bpins and needles\b|\bcarpal\b|\btyping\b|\bflu\b|\bcold\b|\btired\b|\bboth\b|"
        r"\bsore from\b|\bafter (?:lifting|carrying|digging|gardening)\b|\bsprain\w*|"
        r"\binjur\w*|\bfell on\b|\bbruise\w*|\bvaccin\w*|\bjab\b|\binjection\b|\bshot\b"
    ),
    "stroke_named": (
        r"\b(?:having|has|is having|is|had|might be having|may be having|could be having|"
        r"signs of|think (?:it is|this is|he is having|she is having|i am having|he has had|she"
        r" has had|it was)|looks like|like a|maybe a|possible|mini|is it a) "
        r"(?:a )?(?:mini[- ])?(?:stroke|tia)\b|"
        # The verb ("went to stroke it", "stroke the dog") is no stroke: it takes an object.
        r"\bstroke\b(?! (?:it|him|her|them|the|my|his|our|their|your|its|a|an|this|that)\b)"
    ),
    "vision_loss": (
        r"\b(?:sudden(?:ly)?|all of a sudden|just) (?:\w+ ){0,3}(?:lost|loss of|lose|cannot "
        r"see|can not see|blind)\b|\b(?:lost|loss of) (?:the )?(?:vision|sight) in (?:one|my "
        r"left|my right|his|her)\b|\bgone blind\b|\bcurtain (?:over|across|coming down)\b"
    ),
    "balance_loss": (
        r"\b(?:lost|losing|loss of|no|off) (?:his |her |my |their )?balance\b|\bwalking like "
        r"(?:he|she|i|they) (?:is|was|am|are|were) drunk\b|\bstaggering\b|\bcan not (?:walk|"
        r"stand) (?:straight|up)\b|\bunsteady\b|\bfalling to one side\b|\bveering\b|"
        r"\bbumping into (?:things|doors?|door frames|walls)\b"
    ),
    "sudden_confusion": (
        r"\b(?:confused|muddled|disorientated|disoriented) (?:\w+ ){0,8}not like (?:him|her|them)"
        r"(?:self|selves)?\b|"
        r"\b(?:suddenly|sudden|all of a sudden|out of nowhere|just) (?:\w+ ){0,3}(?:confused|"
        r"muddled|disorientated|disoriented|does not know where|does not recogni[sz]e|"
        r"not making sense)\b|\bdoes not (?:know|recogni[sz]e) (?:me|us|where (?:she|he) is|who)\b"
    ),
    # -- bleeding
    "heavy_bleeding": "|".join(
        (
            _near(
                r"bleed\w*|blood|bled",
                r"heav\w*|a lot|lots|loads|so much|pouring|gushing|spurting|pumping|soak\w*|"
                r"everywhere|pools?|puddle|will not stop|not stopping|not stopped|does not stop|"
                r"can not stop|can not get it to stop|keeps? (?:coming|going|bleeding|pouring)|"
                r"through (?:the|a|my|his|her) (?:towel|bandage|tea towel|clothes|pad|pads|"
                r"dressing)|all over|huge amount|massive|uncontrol\w*|profuse\w*|like a tap|"
                r"hours|an hour|really bad|badly|bright red (?:and|lots)|clots? (?:the size|as "
                r"big)",
                4,
            ),
            r"\b(?:vomit\w*|throw\w* up|threw up|puk\w*|sick) (?:\w+ ){0,3}(?:blood|bloody|"
            r"coffee grounds)\b|\b(?:blood|bloody) (?:\w+ ){0,2}(?:vomit|sick)\b",
            r"\b(?:cough\w*|brought|bringing|bring) (?:up )?(?:\w+ ){0,3}(?:a lot of|lots of|"
            r"loads of|mouthfuls? of|cups? of|cupfuls? of|so much|handfuls? of|clots of) "
            r"(?:\w+ ){0,2}blood\b",
            r"\bsevered\b|\bcut (?:off|through) (?:my|his|her) (?:finger|thumb|hand|toe)\b|"
            r"\bamputat\w*",
        )
    ),
    # A wound said to pour or soak through what is pressed on it is heavy bleeding even when
    # "blood" is never said ("cut my arm and it's pouring, the towel is soaked through").
    "wound": r"\b(?:cut|gash\w*|wound|slash\w*|sliced|laceration|stab\w*)\b",
    "wound_flow": (
        r"\b(?:pouring|gushing|spurting|pumping out|soak\w* (?:right |straight |all the way )?"
        r"through)\b"
    ),
    "minor_bleeding": (
        r"\ba (?:little|tiny|bit of|small amount of|few drops|spot of|streak) \w*\s?blood|"
        r"\bspotting\b|\btiny\b|\bstreaks? of blood\b|\bbrush(?:ing)? (?:my )?teeth\b|"
        r"\bhas stopped\b|\bstopped now\b|\bpaper cut\b|\bshaving\b|\bpicked\b|\bscab\b"
    ),
    # Blood that has been in the stomach is described by its look ("throwing up and it's
    # dark brown bits that look like coffee grounds"), often in another clause than the
    # vomiting.
    "vomiting": (
        r"\b(?:vomit\w*|throw\w* up|threw up|throwing up|puk\w*|being sick|been sick|"
        r"brought up|bringing up)\b"
    ),
    # Said by what it looks like: coffee grounds or granules, ground coffee, used tea leaves,
    # dark specks (stop 45).
    "coffee_grounds_look": (
        r"\b(?:like|resembl\w*) (?:\w+ ){0,2}(?:coffee (?:grounds?|granules)|ground (?:up )?"
        r"coffee|tea leaves)\b|\b(?:black|dark|brown)(?: \w+)? (?:specks?|flecks?)\b"
        r"(?! (?:\w+ )?(?:in|across|before|over) (?:my|his|her|your) (?:vision|eyes?|sight))"
    ),
    # Stools black as tar are blood digested on its way down; with faintness the loss is large.
    "tarry_stool": _near(
        r"black|jet black|tarry|like tar|tar like|sticky black",
        r"poo|poos|poop|stools?|motions?|bowel movements?|number twos?|diarrh\w*|bum",
        4,
    ),
    "tarry_excuse": (
        r"\biron (?:tablets?|pills?|supplements?)\b|\bpepto\b|\bbismuth\b|\bliquorice\b"
    ),
    "faint_on_standing_or_collapse": (
        r"\bfaint\w*|\bdizzy\b|\blight ?headed\b|\bwoozy\b|\bpass(?:ed|ing)? out\b|"
        r"\bcollaps\w*|\bblack(?:ed|ing)? out\b"
    ),
    "bleed_any": r"\bbleed\w*|\bbled\b",
    "bleed_persistent": (
        r"\b(?:will not|would not|does not|can not|not|never) (?:\w+ ){0,2}(?:stop|stopping|"
        r"stopped)\b|\bkeeps? (?:coming|going|pouring|bleeding|running)\b|\bfor (?:over |more "
        r"than |nearly )?(?:an|\d+|two|three|half an) hours?\b"
    ),
    "anticoagulant": (
        r"\bblood thinners?\b|\bwarfarin\b|\bapixaban\b|\brivaroxaban\b|\bxarelto\b|\beliquis\b|"
        r"\bclopidogrel\b|\bdabigatran\b|\bthinners\b|\banticoagul\w*|\bcoumadin\b|\bedoxaban\b"
    ),
    "head_injury": (
        r"\b(?:hit|banged|bumped|knocked|smacked|cracked) (?:\w+ ){0,2}head\b|\bhead (?:injury|"
        r"wound|trauma)\b|\bfell (?:\w+ ){0,6}(?:head|fall)\b|\bfall\b|\bfell\b|\bhead on\b"
    ),
    # A blow to the head said with the head named: "fell" alone ("fell asleep") is not one.
    "head_blow": (
        r"\b(?:hit|hits|banged|bangs|bumped|bumps|knocked|smacked|cracked|whacked|bashed|struck|"
        r"thumped|clonked|conked) (?:\w+ ){0,3}head\b|\bhead (?:injury|injuries|wound|trauma|"
        r"knock|bang|first)\b|\b(?:a |the )?(?:knock|blow|bang|whack|kick|hit|ball) (?:\w+ )"
        r"{0,2}(?:to|on|in) (?:the |his |her |my |their )?head\b|\b(?:fell|fall|fallen|falling|"
        r"came off|come off|landed) (?:\w+ ){0,8}(?:on|onto|hit|hitting|banged|banging|bumped|"
        r"cracked) (?:\w+ ){0,2}head\b|\bconcuss\w*"
    ),
    # What sends a head injury to the emergency department (vomiting more than once, drowsy,
    # confused, passed out, a fit, fluid from the ear or nose, double vision, forgetting).
    "head_danger": (
        r"\bvomit\w*|\bthrow\w* up\b|\bthrew up\b|\bthrown up\b|\b(?:been|being|was|is) "
        r"sick\b|\bsick (?:twice|again|more than once|\w+ times)\b|\bdrows\w*|\bsleepy\b|"
        r"\bhard to wake\b|\bcan not (?:wake|keep (?:his|her|my|their) eyes open)\b|"
        + _CONFUSED
        + r"|\bdisorient\w*|\bnot making sense\b|\bpassed out\b|\bblacked out\b|"
        r"\bknocked out\b|\bout cold\b|\bunconscious\b|\bfit\b|\bfitting\b|\bseizure\w*|"
        r"\bconvuls\w*|\bfluid (?:\w+ ){0,3}(?:ear|ears|nose)\b|\bpupils?\b|\bseeing double\b|"
        r"\bdouble vision\b|\b(?:can not|does not|do not|could not) remember\b|\bkeeps? "
        r"(?:asking|repeating|saying) (?:the same|himself|herself|themselves)\b|\bslurr\w*"
    ),
    # -- burns and scalds that need the emergency department: white, charred or numb skin, a
    # burn the size of a palm or more, blisters on the face, hands, arms, legs, feet, trunk or
    # genitals, chemical and electrical burns ("sunburn" is not a burn here: \b keeps it out).
    "burn_event": (
        r"\bscald\w*|\bburnt\b|\bburned\b|\b(?:a|the|his|her|my|their) burns?\b|\bboiling\b|"
        r"\bkettle\b|\bchip pan\b|\bhot "
        r"(?:oil|fat|water|tea|coffee|pan|drink)\b|\bcaught fire\b|\bon fire\b|\bflames?\b|"
        r"\b(?:cup|mug|pot|cuppa) (?:of )?(?:tea|coffee)\b|"
        r"\belectr\w* (?:shock|burn)\b|\belectrocut\w*"
    ),
    "burn_deep": (
        r"\bcharred\b|\bleathery\b|\b(?:gone|turned|is|looks) (?:\w+ )?(?:white|black)\b|"
        r"\bcan not feel (?:it|anything)\b|\bno feeling\b|\bskin (?:\w+ ){0,2}(?:peel\w*|"
        r"came off|coming off|hanging)\b|\b(?:size of|bigger than|larger than) (?:a |my |his |"
        r"her |their )?(?:hand|palm|plate)\b|\ball (?:down|over) (?:his|her|my|their) \w+\b|"
        r"\belectr\w* (?:shock|burn)\b|\belectrocut\w*|\bchemical\w*"
    ),
    "burn_blisters": r"\bblister\w*",
    "burn_place": (
        r"\bface\b|\bhands?\b|\barms?\b|\blegs?\b|\bfeet\b|\bfoot\b|\bchest\b|\btummy\b|"
        r"\bstomach\b|\bbelly\b|\bback\b|\bneck\b|\bgroin\b|\bgenital\w*"
    ),
    # -- a sudden or severe belly: a surgical abdomen said in everyday words
    "severe_abdomen": _near(
        r"stomach|tummy|belly|abdom\w*|gut|guts|stomach ?ache|tummy ?ache|belly ?ache",
        r"unbearable|excruciating|agony|agonising|agonizing|worst (?:\w+ ){0,4}(?:ever|of my "
        r"life)|doubled over|double over|rock hard|rigid|hard as a board|can not (?:move|stand|"
        r"walk|straighten)|screaming|10/10|10 out of 10|hurts to (?:even )?breathe",
        6,
    ),
    "abdomen_excuse": r"\bperiods?\b|\bmenstrua\w*|\bate too much\b|\beating too much\b",
    # -- pregnancy: the signs a midwife wants to see at once
    "pregnant": (
        r"\bpregnan\w*|\bexpecting (?:a baby|twins)\b|\bwaters (?:have )?(?:broken|broke|gone)\b|"
        r"\b\d+ ?(?:weeks?|wks?) (?:pregnant|gone)\b|\bmy midwife\b"
    ),
    "pregnancy_danger": (
        r"\bpassed out\b|\bcollaps\w*|\bshoulder tip\b|\bcord\b|"
        r"\bfits?\b|\bfitting\b|\bseizure\w*|\bvision\b|\bblurr\w*|\bflashing lights\b"
    ),
    # Feeling faint is common in pregnancy; with pain (an ectopic pregnancy) it is not.
    "pregnancy_pain": r"\bpain\w*|\bcramp\w*|\bagony\b|\bsharp\b|\bstabbing\b|\bache\w*",
    "pregnancy_bleed_pain": _near(
        r"bleed\w*|blood", r"pain|cramp\w*|agony|sharp|severe|stabbing", 10
    ),
    "reduced_movements": (
        r"\bbaby (?:\w+ ){0,3}(?:mov\w*|kick\w*) (?:\w+ ){0,2}(?:less|fewer|not|stopped|hardly)\b|"
        r"\b(?:not|hardly|stopped) (?:\w+ ){0,3}(?:felt|feel|feeling) (?:\w+ ){0,2}"
        r"(?:the |my )?baby (?:mov|kick)\w*|"
        r"\bbaby (?:has |have )?(?:not|stopped|hardly) (?:\w+ )?(?:mov|kick)\w*|"
        r"\breduced (?:fetal |foetal |baby )?movements?\b|\bfewer (?:kicks|movements)\b"
    ),
    # -- a fall or a crash and the legs or arms gone
    "trauma": (
        r"\bfell\b|\bfall\w*|\bcame off\b|\bthrown (?:off|from)\b|\bcrash\w*|\baccident\b|"
        r"\bhit by\b|\bdived\b|\bdiving\b|\blanded on\b|\bknocked (?:off|down)\b"
    ),
    "limbs_gone": (
        r"\b(?:can not|could not|unable to) (?:feel|move) (?:\w+ ){0,2}(?:legs|feet|"
        r"anything below|arms or legs|arms and legs)\b(?! without)|"
        r"\bno feeling in (?:\w+ ){0,2}(?:legs|feet)\b|"
        r"\b(?:legs?|feet) (?:\w+ ){0,2}(?:gone dead|paralys\w*)\b"
    ),
    # -- heat stroke and hypothermia: the body too hot or too cold, and the mind going
    "too_hot_or_cold": (
        r"\bheat ?stroke\b|\bhypotherm\w*|\bthe heat\b|\bthe sun\b|\bsunbath\w*|"
        r"\bheat ?wave\b|\bhot (?:car|day|weather)\b|\bburning hot\b|\bice cold\b|"
        r"\bfreezing cold\b|\bno heating\b|\bso cold\b|\bvery cold\b|\bin the snow\b|"
        r"\bin the cold\b|\bfrozen\b"
    ),
    "mind_going": (
        _CONFUSED + r"|\bdisorient\w*|\bnot making (?:any )?sense\b|\btalking (?:rubbish|"
        r"nonsense|gibberish)\b|\bslurr\w*|\bstopped sweating\b|\bnot sweating\b|"
        r"\bcollaps\w*|\bunconscious\b|\b(?:can not|will not|could not) (?:wake|rouse)\b|"
        r"\bunresponsive\b|\bfitting\b|\bseizure\w*"
    ),
    # -- diabetic ketoacidosis: a diabetic who is being sick and breathing hard or drowsy
    "ketoacidosis_signs": (
        r"\bbreath\w* (?:\w+ ){0,2}(?:deep\w*|heav\w*|fast|rapid\w*|hard)\b|\bdeep (?:\w+ )?"
        r"breath\w*|\bpear drops\b|\bfruity\b|\bnail varnish\b|\bketones?\b|"
        r"\b(?:so|very|really) (?:sleepy|drowsy)\b|\bdrows\w*"
    ),
    # -- the spinal cord squeezed: numb where you sit, and the bladder or bowel gone
    "saddle_numb": (
        r"\bnumb\w* (?:\w+ ){0,3}(?:between (?:my|his|her) legs|bum|buttocks?|bottom|genitals|"
        r"groin|saddle|down below|privates?)\b|\b(?:bum|bottom|buttocks?|groin|down below) "
        r"(?:\w+ ){0,2}numb\b|\b(?:can not|could not) feel (?:\w+ ){0,2}(?:bum|bottom|"
        r"buttocks?|genitals|privates?|down below)\b|"
        # The same place in lay words, and the feeling gone when wiping (stop 45: "cant feel
        # anything when i wipe down there" was read as nothing).
        + _near(
            r"numb\w*|can not feel|could not feel|no feeling|lost (?:the |all )?feeling|"
            r"feels? (?:weird|strange|funny|odd|different)",
            r"down there|down below|private parts|back passage|when (?:i|he|she) wipes?|"
            r"where (?:i|he|she|you) sits?",
            4,
        )
    ),
    "bladder_bowel_gone": (
        r"\b(?:can not|could not|unable to|not able to|not been able to) (?:\w+ )?(?:pee|wee|"
        r"urinate|pass (?:water|urine)|hold (?:my )?(?:pee|wee|bladder|bowels?))\b|"
        r"\bwet (?:myself|himself|herself)\b|"
        # Stop 45: nothing comes when trying, or it comes unfelt ("had two accidents today,
        # didnt even know i needed to go"); with numbness where you sit, not a car's accident.
        r"\bnothing (?:comes|came|is coming) out when (?:i|he|she) (?:try|tries|tried) to "
        r"(?:wee|pee)\b|\b(?:did not|do not|does not|without) (?:even )?(?:know|feel\w*|"
        r"notic\w*|realis\w*) (?:that )?(?:i|he|she) (?:needed|need|needs) to go\b|"
        r"\blost control of (?:my |his |her )?(?:bladder|bowels?)\b|\bincontinen\w*|"
        r"\bsoiled (?:myself|himself|herself)\b|"
        r"\b(?:can not|could not) tell when (?:i|he|she) (?:need|needs) "
        r"(?:a |to )?(?:wee|pee|poo)\b"
    ),
    # -- a heart racing too fast to pump: a rate far over 150, or racing and fainting
    "heart_fast": (
        r"\b(?:heart|pulse|heart rate|bpm)\b (?:\w+ ){0,4}(?:1[5-9]\d|2\d\d)\b|"
        r"\b(?:1[5-9]\d|2\d\d) ?bpm\b|\bheart (?:\w+ ){0,3}(?:racing|pounding|"
        r"going (?:like )?(?:crazy|mad|really fast))\b"
    ),
    "near_faint": (r"\bfaint\w*|\bpass(?:ed|ing)? out\b|\bcollaps\w*|\bblack(?:ed|ing)? out\b"),
    # -- a nosebleed that will not stop
    "nosebleed": (
        r"\bnose ?bleed\w*|\bnose (?:\w+ ){0,3}(?:bleed\w*|blood)\b|\bblood (?:\w+ ){0,3}"
        r"(?:from|out of) (?:my |his |her )?nose\b"
    ),
    "nosebleed_persistent": (
        r"\b(?:will not|would not|does not|can not|not) (?:\w+ ){0,2}(?:stop|stopping)\b|"
        r"\bkeeps? (?:coming|going|pouring|running)\b|\b(?:[2-9]\d|\d{3}) ?(?:mins?|minutes)\b|"
        r"\bhalf an hour\b|\ban hour\b|\bhours\b"
    ),
    # -- low blood sugar (or a diabetic emergency) that has reached the brain
    "diabetic": (
        r"\bdiabet\w*|\btype (?:1|one|2|two)\b|\binsulin\b|\b(?:blood )?sugars?\b|\bhypo\b|"
        r"\bglucose\b|\b(?:his|her|my|their) meter\b"
    ),
    "diabetic_danger": (
        _CONFUSED + r"|\bdisorient\w*|\bnot making (?:any )?sense\b|\btalking (?:rubbish|"
        r"nonsense|gibberish)\b|\bdrows\w*|\bhard to wake\b|\b(?:can not|will not|could not) "
        r"(?:wake|rouse|swallow)\b|\bunconscious\b|\bfit\b|\bfitting\b|\bseizure\w*|"
        r"\bslurr\w*|\bnot (?:himself|herself|themselves)\b|\bpassed out\b|\bfloppy\b|"
        r"\bcan not think (?:straight|clearly)\b"
    ),
    # -- a testicle that suddenly hurts (torsion): hours count
    # Drowsy for a reason said in the same breath is not a brain short of sugar.
    "diabetic_excuse": (
        # A sugar said to be fine now (not "was fine this morning": it can fall since).
        r"\b(?:sugars?|glucose|levels?|readings?) (?:is|are) (?:\w+ )?(?:fine|normal|ok|okay|"
        r"good|steady)\b|"
        r"\b(?:from|after|because of) (?:the |my |his |her |a )?(?:\w+ )?(?:syrup|tablets?|pills?|"
        r"medicines?|antihistamines?|night shift|late night|long day|bad night)\b"
    ),
    "testicle": (
        r"\btesticl\w*|\btestes\b|\btestis\b|\bscrot\w*|\b(?:my|his|their) (?:balls|nuts)\b"
        r"(?! of)"
    ),
    "testicle_danger": rf"\b(?:{_SUDDEN})\b|\b(?:{_SEVERE})\b|\bswell\w*|\bswollen\b|"
    r"\bvomit\w*|\b(?:been|being) sick\b|\bwoke (?:\w+ )?up with\b",
    # Long-standing: "for weeks", "for a few months", "since last year".
    "testicle_excuse": (
        r"\bcomes and goes\b|\bon and off\b|\bfor (?:a |the )?(?:few |couple of |several |many |"
        r"\d+ |two |three |four |six )?(?:weeks|months|years|ages)\b|\bsince last (?:week|month|"
        r"year)\b|\b(?:weeks|months|years) now\b"
    ),
    # -- a chemical in the eye
    "eye_chemical": _near(
        r"bleach|oven cleaner|drain cleaner|chemical\w*|acid|alkali|caustic|lime|cement|"
        r"ammonia|lye|dishwasher (?:tablet|powder)|washing machine (?:tablet|pod|capsule)|"
        r"liquitab\w*|pod|capsule|battery acid|superglue|super glue|glue",
        r"eye|eyes",
        6,
    ),
    # -- a fall and a long lie: on the floor for hours, unable to get up
    "on_floor": (
        r"\bon (?:the |her |his |their |my )?(?:\w+ )?floor\b|\b(?:can not|could not|unable to) "
        r"(?:get|got) (?:\w+ )?(?:up|off the floor)\b"
    ),
    "for_hours": (
        r"\bsince (?:last night|yesterday|this morning|the night|bedtime)\b|\ball night\b|"
        r"\bovernight\b|\bfor (?:hours|\w+ hours|a few hours|ages)\b|\bbeen there since\b|"
        # "since" breaks a clause, so the time it names stands alone.
        r"^ ?(?:last night|yesterday|the night|this morning|bedtime) ?$"
    ),
    "fell_or_found": r"\bfell\b|\bfallen\b|\bhad a fall\b|\bfound (?:\w+ ){0,3}on\b",
    # -- unconscious
    "unconscious": "|".join(
        (
            r"\b(?:passed out|passing out|blacked out|blacking out|knocked out|keeled over|"
            r"lost consciousness|losing consciousness|unconscious|unresponsive|not responding|"
            r"not responsive|no response|collapsed|collapsing|fainted|fainting|went limp|gone "
            r"limp|out cold|went down and|dropped to the floor|hit the floor|slumped over|"
            r"in and out of consciousness|drifting in and out|coming in and out|zoned out and "
            r"fell)\b",
            r"\b(?:will not|can not|could not|would not|not) (?:wake|waking|be woken|rouse|"
            r"respond|come round|come to)\b|\bhard to wake\b|\bcan not wake (?:him|her|them)\b",
        )
    ),
    "nearly": r"\b(?:nearly|almost|about to|like i might|like i am going to|as if i might|"
    r"might|could|feel like|going to)\b|"
    # A moment's blackout on standing up, over by now, is a faint for a doctor to see, not an
    # emergency; "collapsed when he stood up and will not wake" still is (its own clause).
    r"\bfor a (?:second|split second|moment|few seconds)\b|\b(?:stood|standing|got|getting) up "
    r"(?:too )?(?:fast|quick\w*)\b",
    # -- anaphylaxis
    "swelling_airway": "|".join(
        (
            _near(
                r"tongue|lips?|mouth|throat|airway",
                r"swell\w*|swollen|puff\w*|balloon\w*|blow\w* up|blew up|thick\w*|closing|"
                r"closes|closed|tight\w*|enormous|huge|doubled in size|too big|too large|"
                r"massive",
                4,
            ),
            r"\bthroat (?:is |feels |feeling )?(?:closing|tight\w*|narrowing|blocked)\b",
            r"\bepi ?pen\b|\banaphyla\w*|\banaphylactic\b|\ballergic shock\b",
        )
    ),
    # Its own concept because its wording holds a negation ("can not swallow"), while "my
    # tongue is not swollen" must read as no swelling.
    "airway_swallow": (
        r"\b(?:can not|hard to|difficult to|struggling to) swallow\w* (?:\w+ ){0,3}"
        r"(?:breathe|spit|saliva|drool\w*)\b|\bdrooling\b"
    ),
    # A tongue or lips swelling is angioedema whatever else is said: a cold's scratchy throat
    # beside it explains the throat, not the tongue. Only a local cause (bitten, a tooth,
    # chapped in the wind) or weeks of it excuse it.
    "swelling_mouth": _near(
        r"tongue|lips?",
        r"swell\w*|swollen|puff\w*|balloon\w*|blow\w* up|blew up|enormous|huge|doubled in size|"
        r"too big|too large|massive",
        4,
    ),
    "mouth_excuse": (
        r"\b(?:bit|bitten|biting|bite)\b|\bdental\b|\bdentist\b|\btooth\b|\bteeth\b|"
        r"\babscess\b|\bcold sores?\b|\bpiercing\b|\bfillers?\b|\bchapped\b|\bcracked\b|"
        r"\bwind\b|\bcold weather\b|\bsplit\b|\bpunch\w*|\bhit\b|\bknock\w*|\bfell\b|"
        r"\bburn\w*|\bhot (?:tea|coffee|drink|food|pizza|soup)\b"
    ),
    # Hives with a swelling mouth or closing throat is an allergic reaction, named or not
    # ("came out in hives after dinner, my tongue feels too big").
    "hives": (
        r"\bhives\b|\bwelts\b|\burticaria\b|\bnettle ?rash\b|"
        r"\bitchy (?:lumps|bumps|welts|blotches|spots)\b"
    ),
    # A swollen face or eyes is an airway danger when it comes on fast or after an allergen;
    # alone ("my eyes are puffy in the morning") it is not.
    "swelling_face": _near(
        r"face|eyes?|eyelids?",
        r"swell\w*|swollen|puff\w*|balloon\w*|blow\w* up|blew up|closing|closed|enormous|"
        r"huge|doubled in size",
        4,
    ),
    "swelling_excuse": (
        r"\bglands?\b|\btonsils?\b|\blymph\b|\bsore throat\b|\bscratchy\b|\bcold\b|\bflu\b|"
        r"\bdental\b|\btooth\b|\babscess\b|\bpuffy eyes? (?:in the|every) morning\b|"
        r"\bsalt\w*\b|\bcrying\b|\bhay ?fever\b|\bhangover\b|\bslept\b|\bsleep\b|"
        r"\blike a lump\b"
    ),
    # Weeks of it is not an airway closing now: said anywhere in the message (_WIDE).
    "long_standing": (
        r"\b(?:for|been|over) (?:a few |several |some )?(?:weeks|months|years|ages)\b|"
        r"\bon and off\b|\bcomes and goes\b"
    ),
    "allergen": (
        r"\ballerg\w*|\breaction\b|\bsting\b|\bstung\b|\bbee\b|\bwasp\b|\bpeanuts?\b|\bnuts?\b|"
        r"\bshellfish\b|\bprawns?\b|\bnew (?:medicine|medication|tablets?|pills?|antibiotics?|"
        r"drug)\b|\bantibiotics?\b|\bpenicillin\b|\bamoxicillin\b|\bate something\b|\bjust ate\b"
    ),
    "allergic_body": (
        r"\bhives\b|\bwelts\b|\brash\b|\bswell\w*|\bswollen\b|\bpuff\w*|\bitch\w*|\bblotch\w*|"
        r"\bred (?:all over|everywhere)\b"
    ),
    # An itchy, scratchy or sore throat is hay fever's, not a reaction closing the airway
    # ("allergies, itchy eyes and the back of my throat itchy"): the throat is a danger here
    # only when something else is said of it (tight, swelling, "feels weird").
    "allergic_danger": (
        r"\bbreath\w*|\bwheez\w*|"
        r"(?<!itchy )(?<!itching )(?<!scratchy )(?<!tickly )(?<!sore )(?<!dry )\bthroat\b"
        r"(?! (?:is |feels |feeling |gets |a bit |so |really |very |also |too )*(?:itch\w*|"
        r"scratch\w*|tickl\w*|dry|sore|irritat\w*))|\btongue\b|\blips?\b|\bfaint\w*|\bdizzy\b|"
        r"\blight ?headed\b|\bcollaps\w*|\bvoice\b|\bswallow\w*|\bcough\w* (?:and|a lot)\b|"
        # Faintness after a sting, a food or a medicine is shock (stop 40: "stung by a bee, now
        # i feel like im going to pass out and i'm covered in hives" was only urgent).
        r"\bpass(?:ed|ing)? out\b|\bblack(?:ed|ing)? out\b|\bwoozy\b"
    ),
    # -- headache
    "head_pain": (
        r"\bheadaches?\b|\bhead (?:pain|ache|hurts?|is (?:killing|pounding|exploding|splitting))\b"
        r"|\bpain (?:in|at|on) (?:\w+ ){0,2}head\b|\bmigraine\b|\bhead\b"
    ),
    "worst_ever": (
        r"\bworst (?:\w+ ){0,3}(?:ever|of my life|in my life|i have ever|i have had|in "
        r"(?:her|his|my) life|imaginable|possible)\b|\bworst headache\b|\bthunder ?clap\b|"
        r"\bnever (?:had|felt|experienced) (?:\w+ ){0,4}(?:like (?:this|it)|this bad|so bad)\b|"
        r"\b(?:like|as if) (?:i (?:was|had been|got) |someone |being )?(?:hit|struck|smacked|"
        r"whacked|kicked) (?:\w+ ){0,3}(?:bat|hammer|brick|baseball|axe|truck|plank)\b|"
        r"\bexplod\w*|\bexplosion\b|\b(?:10|ten) out of (?:10|ten)\b|\b10/10\b|"
        # A thunderclap said by how it began or how it felt: at full strength within seconds,
        # something bursting, a blow to the head nobody gave.
        r"\b(?:came on|started|hit me|hit|struck|came) (?:\w+ ){0,2}(?:in|within) (?:a few |a "
        r"couple of |a matter of )?(?:seconds|a second)\b|\bthunder ?clap\b|"
        r"\bsomething (?:\w+ )?(?:burst|popped|exploded|snapped|went pop|went bang|gave way) "
        r"(?:in|inside) (?:my|his|her|their) (?:head|brain)\b|"
        r"\b(?:like|as if) (?:\w+ ){0,3}(?:hit|struck|smacked|whacked|kicked|punched|clubbed) "
        r"(?:\w+ ){0,2}(?:on|in|over|round) the (?:back of the )?head\b"
    ),
    # A headache called the worst because of a night's drinking or a cold is that, said so.
    "headache_excuse": r"\bhang ?over\w*|\bhung ?over\b|\bworst (?:\w+ )?(?:cold|flu)\b",
    # -- a severe pain with fainting: a bleed inside or a burst vessel (an aorta, an ectopic)
    # is said as the worst pain and feeling about to pass out, wherever the pain is.
    "agony": (
        r"\bworst (?:\w+ ){0,3}(?:pain|ache|cramps?) (?:\w+ ){0,4}(?:ever|of my life|in my life)\b|"
        # "the pain in my back is the worst i've ever felt": the pain said first ("the worst
        # cold i've ever had" is no pain).
        r"\b(?:pain|pains|ache|hurts?|hurting|cramps?) (?:\w+ ){0,8}worst (?:\w+ ){0,2}(?:i have|"
        r"i ever|i have ever|he has ever|she has ever) (?:ever )?(?:felt|had|known)\b|"
        r"\bin agony\b|\bagon(?:y|ising|izing)\b|"
        r"\bexcruciating\b|\bunbearable\b|\boff the (?:scale|charts?)\b|\bhorrendous\b|"
        r"\bhorrific\b|\bcan not bear (?:it|the pain)\b|\bscreaming (?:in|with) pain\b"
    ),
    "going_to_faint": (
        r"\b(?:about to|going to|like i (?:am going to|might|will|could)|think i (?:am going to|"
        r"might|will)|nearly|almost|keep nearly|keep) (?:\w+ ){0,1}(?:faint|pass out|black out|"
        r"blacking out|passing out|fainting|collapse|collapsing|keel over)\b|"
        r"\bnearly (?:fainted|passed out|blacked out|collapsed)\b|"
        r"\bfeel\w* (?:\w+ ){0,2}(?:faint|clammy)\b|\bclammy\b|"
        r"\b(?:went|go|going|gone|goes|turned|turning) (?:all )?(?:grey|gray|dark|black)\b|"
        r"\beverything (?:\w+ ){0,2}(?:going|goes|went|gone|keeps going) (?:dark|black|grey|gray)\b"
    ),
    # -- a tearing pain through to the back: an aorta splitting
    "tearing": _near(
        r"tearing(?! up)|ripping|ripped apart|torn apart",
        r"chest|back|shoulder blades?|between (?:my|his|her) shoulders",
        8,
    ),
    "tear_excuse": (
        r"\bmuscle\b|\bgym\b|\blift\w*|\bweights?\b|\bpulled\b|\bstrain\w*|\bsport\w*|"
        r"\bfootball\b|\brugby\b|\bhamstring\b|\bcalf\b|\bknee\b|\bligament\b|\btendon\b|"
        r"\bpaper\b|\bskin\b|\bnail\b"
    ),
    "neck_fever": (
        r"\bstiff neck\b|\bneck (?:is )?(?:stiff|rigid)\b|\bcan not (?:bend|touch|put) "
        r"(?:my|his|her) (?:chin|neck|head)\b"
    ),
    "fever": r"\bfever\w*|\btemperature\b|\btemp\b|\bhot\b|\bburning up\b|\bfebrile\b|\bshiver\w*",
    "meningitis_signs": (
        r"\b(?:light|bright light) (?:hurts|bothers|is painful)\b|\bcan not (?:stand|bear|look "
        r"at) (?:the )?light\b|\brash (?:that )?(?:does not|will not|did not) fade\b|\bglass "
        r"test\b|\bpress(?:ed|ing)? (?:a )?glass\b|\bpurple (?:spots|rash|blotches)\b|\bvomit\w*"
        r"|\bconfus\w*|\bdrowsy\b|\bsleepy\b"
    ),
    "non_fading_rash": (
        r"\brash (?:that )?(?:does not|will not|did not|is not|does not) (?:fade|go away when|"
        r"blanch|disappear)\b|\b(?:glass|tumbler) (?:test|over it|on it|against)\b|\bnon[- ]?"
        r"blanching\b|\bpurple (?:spots|rash|blotches|pin ?pricks)\b"
    ),
    # -- seizure
    "seizure": (
        r"\bseizures?\b|\bseizing\b|\bconvuls\w*|\bfitting\b|\b(?:having|had|has|in) (?:a |"
        r"another |one |his |her |two |three )?fits?\b|\bfits\b|\bshaking and jerking\b|"
        r"\bjerking (?:and|all over|"
        r"uncontrollably)\b|\bepilep\w*|\bstatus epilepticus\b|\bgrand mal\b|\bshaking "
        r"uncontrollably\b|\bhis (?:arms and legs|whole body) (?:is |are )?(?:jerking|shaking)\b"
        r"|\bher (?:arms and legs|whole body) (?:is |are )?(?:jerking|shaking)\b"
    ),
    "not_stopping": (
        r"\b(?:will not|is not|has not|does not|not|never|can not|would not) (?:\w+ ){0,2}"
        r"(?:stop|stopping|stopped|ending|ended|coming round|come round|woken|wake)\w*\b|"
        r"\bkeeps? (?:going|coming|happening|on)\b|\bstill (?:going|fitting|seizing|shaking|"
        r"jerking|happening|not)\b|\bone after (?:another|the other)\b|\bback to back\b|"
        r"\bagain and again\b|\b(?:more than|over|for|about|nearly|almost) (?:\w+ ){0,1}(?:5|"
        r"five|6|six|7|seven|8|eight|10|ten|fifteen|15|20|twenty) minutes\b|\bfirst (?:ever )?"
        r"(?:seizure|fit)\b|\bnever had (?:one|a seizure|a fit) before\b|\bsecond (?:one|seizure|"
        r"fit)\b|\banother (?:one|seizure|fit)\b|\bright now\b|\bat the moment\b|\bnow\b|"
        r"\bis having\b|\bam having\b|\bare having\b|\bis seizing\b|\bis fitting\b|\bin the "
        r"middle of\b|\bcurrently\b|\bblue\b|\bnot breathing\b|\bhit (?:his|her) head\b"
    ),
    "seizure_calm": (
        r"\bwell controlled\b|\bcontrolled\b|\bon medication\b|\bmedication for (?:my )?"
        r"(?:epilepsy|seizures)\b|\brefill\b|\bprescription\b|\brepeat\b|\bdriving licen[cs]e\b|"
        r"\bseizure[- ]free\b|\bno seizures?\b|\bcough\w* fits?\b|\bfits? of (?:coughing|"
        r"laughter|laughing|giggles|sneezing|rage|anger)\b|\bsneez\w* fits?\b"
    ),
    # -- poisoning
    "swallowed": (
        r"\b(?:swallowed|swallow|ate|eaten|eating|drank|drunk|drinking|got into|taken|took|"
        r"chewed|chewing|licked|sucked on|had|popped|necked|gulped|swigged|sipped|downed|"
        r"(?:had|took) a (?:big |large |good )?(?:gulp|swig|mouthful|sip|drink) of)\b"
    ),
    "poison_thing": (
        r"\b(?:pills?|tablets?|meds|medicine|medicines|medication|paracetamol|tylenol|"
        r"acetaminophen|ibuprofen|aspirin|iron tablets?|vitamins|bleach|detergent|pods?|"
        r"capsules?|dishwasher tablet|washing (?:up )?liquid|button batter\w*|batter(?:y|ies)|"
        r"magnets?|antifreeze|poison\w*|weed ?killer|rat poison|chemicals?|cleaning \w+|"
        r"cleaner|drain cleaner|oven cleaner|white spirit|petrol|paraffin|lamp oil|"
        r"methadone|opioids?|oxycodone|fentanyl|morphine|codeine|tramadol|edibles?|"
        r"cannabis gumm\w*|nicotine|e-liquid|vape (?:juice|liquid)|mushrooms|berries|"
        r"antidepressants|sleeping (?:pills|tablets)|insulin|blood pressure (?:pills|tablets)"
        r"|contraceptive pills?|the pill|heart (?:pills|tablets)|grandma's|nanny's|"
        r"granny's|someone's (?:pills|tablets|medicine))\b|"
        # A household product, named by what it cleans or does and the form it comes in
        # ("dishwasher liquid", "fabric conditioner", "limescale remover"): a list of brands
        # and products would miss the next one.
        r"\b(?:dishwasher|washing|laundry|fabric|toilet|bathroom|kitchen|oven|drain|window|glass|"
        r"floor|carpet|surface|multi ?purpose|all ?purpose|limescale|nail (?:varnish|polish)|"
        r"paint|brush|car|windscreen|screen|hand|bleach|disinfectant|descaling)"
        r" (?:\w+ )?(?:liquid|gel|powder|tablets?|pods?|capsules?|spray|softener|conditioner|"
        r"cleaner|remover|fluid|salts?|rinse aid|thinners?|wash|saniti[sz]er|wipes?)\b|"
        r"\b(?:mouthwash|screenwash|sanitiser|sanitizer|disinfectant|descaler|rinse aid|acetone|"
        r"perfume|aftershave|essential oils?|lighter fluid|methylated spirits?|meths|methanol|"
        r"turps|turpentine|kerosene|lye|ammonia|battery acid|pesticides?|insecticides?|"
        r"slug pellets?|fertili[sz]ers?|de-?icer|hair dye|superglue|glue|alcohol gel)\b"
    ),
    # Harmful in any amount (caustics, methanol, metaldehyde, hydrocarbons, button cells).
    "dangerous_thing": (
        r"\b(?:button batter\w*|magnets?|bleach|drain cleaner|oven cleaner|antifreeze|weed ?killer"
        r"|rat poison|petrol|paraffin|lamp oil|white spirit|dishwasher (?:tablet|pod)s?|washing "
        r"(?:pods?|capsules?|tablets?)|laundry (?:pods?|capsules?)|e-liquid|vape (?:juice|liquid)"
        r"|methadone|fentanyl)\b|"
        r"\b(?:screenwash|windscreen wash|de-?icer|lighter fluid|methylated spirits?|meths|"
        r"methanol|turps|turpentine|kerosene|lye|ammonia|battery acid|limescale remover|"
        r"descaler|toilet cleaner|slug pellets?|pesticides?|insecticides?|paint thinners?|"
        r"(?:watch|coin|small round|lithium) (?:cell |battery|batteries))\b"
    ),
    # A child found with it ("got into the cupboard", "got the cap off", "found him with").
    "got_into": (
        r"\b(?:got into|got hold of|got (?:the )?(?:cap|lid|top) off|opened the|found (?:my |him "
        r"|her |them |the )?(?:\w+ )?(?:with|holding|playing with|chewing|sucking)|(?:half|some|"
        r"most|a lot) of (?:it|the bottle) (?:is|was|has) gone)\b"
    ),
    # A swallowed object that may be stuck in the gullet or airway.
    "swallowed_object": (
        r"\b(?:coins?|\d+ ?p|pennies|penny|marbles?|beads?|magnets?|toy|lego|screws?|nails?|"
        r"pins?|earrings?|buttons?|(?:fish |chicken )?bones?|piece of (?:plastic|metal|glass|toy)"
        r"|ring|key)\b"
    ),
    "stuck_signs": (
        r"\bdrool\w*|\bdribbl\w*|\b(?:can not|unable to|will not|refus\w* to|struggling to|"
        r"hard to|difficult to) (?:swallow\w*|eat|drink)\b|\bgagging\b|\bretching\b|"
        r"\bchoking\b|\bsomething stuck\b|\bstuck in (?:his|her|my|their) (?:throat|chest)\b"
    ),
    "child": (
        r"\b(?:baby|babies|infant|newborn|toddler|child|kid|kids|son|daughter|boy|girl|little "
        r"one|grandson|granddaughter|nephew|niece|\d+ ?(?:yo|year old|yr old|month old|months "
        r"old|years old|week old|weeks old)|(?:one|two|three|four|five|six|seven|eight|nine|ten)"
        r" (?:year|month|week)s? old)\b"
    ),
    "poison_amount": (
        r"\b(?:too many|a lot|lots|loads|a handful|the whole|a whole|all (?:of )?(?:the|my|his|"
        r"her)|half (?:a|the) (?:bottle|packet|box)|a bottle|a packet|a box|a few|some|several|"
        r"\d{2,})\b|\bdo not know how many\b|\bnot sure how many\b|\bmissing\b|\bempty\b"
    ),
    "poison_excuse": (
        r"\b(?:as prescribed|my usual|normal dose|daily|every day|twice a day|prescribed|"
        r"allergic to|for (?:my|the) (?:headache|pain|fever|period|cold)|before bed|with food|"
        r"side effects?|should i take|can i take|how (?:many|much) (?:should|can)|am i allowed|"
        r"within the last|started|any)\b"
    ),
    # -- babies
    "baby": (
        r"\b(?:baby|babies|infant|newborn|new born|bub|(?:\d+|one|two|three|four|five|six|seven|"
        r"eight|nine|ten|eleven) ?(?:-)?(?:week|weeks|wk|wks|month|months|mo|mth|day|days)[- ]old"
        r"|little one|toddler)\b"
    ),
    "floppy": (
        r"\bfloppy\b|\blimp\b|\bunresponsive\b|\bwill not wake\b|\bhard to wake\b|\bnot waking"
        r"\b|\bcan not wake\b|\bvery (?:sleepy|drowsy)\b|\bdrowsy\b|\blistless\b|\blethargic\b|"
        r"\bnot (?:feeding|eating|drinking|taking (?:milk|feeds|bottle|the bottle|the breast))\b|"
        r"\bwill not (?:feed|drink|take)\b|\bno wet nappies\b|\bno wet diapers\b|\bdry nappies"
        r"\b|\bgrunting\b|\bsunken\b|\bhigh[- ]pitched cry\b|\bweak cry\b|\bblue\b|\bgrey\b|"
        r"\bmottled\b|\bnot (?:herself|himself)\b|\bnot responding\b|\bnot reacting\b|\bbarely"
        r" (?:moving|responding|awake)\b|\bfloppy\w*|\bpale and\b|\bjust lying there\b|\bragdoll"
        r"\b|\brag doll\b"
    ),
    "young_infant_fever": (
        r"\b(?:\d|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve) ?"
        r"(?:-)?(?:week|weeks|wk|wks|day|days)[- ]old\b|\bnewborn\b|\bnew born\b|"
        r"\b(?:one|two|1|2) ?(?:-)?months?[- ]old\b"
    ),
}

# A kind fires when one of its rules holds: every "all" concept present (not negated,
# hypothetical or past), no "none" concept present.


@dataclass(frozen=True)
class Rule:
    all: tuple[str, ...]
    none: tuple[str, ...] = ()


RULES: Mapping[str, tuple[Rule, ...]] = {
    "breathing": (
        Rule(("breathing_grave",), ("exertion_only",)),
        Rule(("cannot_breathe", "not_this_time"), ("exertion_only",)),
        Rule(("breathless", "at_rest_or_sudden", "not_this_time"), ("exertion_only",)),
        Rule(("cannot_breathe",), ("exertion_only", "passing_episode")),
        Rule(("breathless", "at_rest_or_sudden"), ("exertion_only", "passing_episode")),
        Rule(("asthma_named", "reliever_failing")),
    ),
    "chest pain": (
        Rule(("heart_attack",)),
        Rule(("classic_chest",)),
        Rule(("chest_pain", "chest_spread")),
        Rule(("chest_pain", "arm_jaw_pain")),
        Rule(("chest_pain", "pressure_like", "sweat_sick")),
        Rule(("chest_pain", "pressure_like", "sudden_or_severe")),
        Rule(("chest_pain", "sweat_sick", "sudden_or_severe")),
        # The heart's pain said without the chest: a pressure that spreads to the jaw or an
        # arm, with the sweat or sickness that comes with it.
        Rule(("pressure_like", "spread_arm_jaw", "sweat_sick"), ("pressure_elsewhere",)),
        Rule(("tearing",), ("tear_excuse",)),
    ),
    # The leg sign comes first: its excuse ("from football") only reaches its own clause.
    "blood clot": (
        Rule(("leg_clot", "breathless"), ("leg_excuse",)),
        Rule(("leg_clot", "cannot_breathe"), ("leg_excuse",)),
        Rule(("leg_clot", "clot_breath"), ("leg_excuse",)),
        Rule(("leg_clot", "chest_pain"), ("leg_excuse",)),
        Rule(("leg_clot", "breath_pain"), ("leg_excuse",)),
        Rule(("leg_clot", "cough_blood"), ("leg_excuse",)),
    ),
    "self-harm": (Rule(("self_harm",), ("self_harm_excuse",)),),
    "stroke": (
        Rule(("face_droop",)),
        Rule(("speech",), ("speech_excuse",)),
        Rule(("speech", "drunk_like"), ("drink_taken",)),
        Rule(("one_side_weak", "side_marker"), ("weak_excuse",)),
        Rule(("stroke_named",)),
        Rule(("vision_loss",)),
        Rule(("balance_loss", "sudden_or_severe")),
        Rule(("sudden_confusion",)),
    ),
    "bleeding": (
        Rule(("heavy_bleeding",), ("minor_bleeding",)),
        Rule(("anticoagulant", "head_injury")),
        Rule(("bleed_any", "bleed_persistent"), ("minor_bleeding",)),
        Rule(("wound", "wound_flow"), ("minor_bleeding",)),
        Rule(("tarry_stool", "faint_on_standing_or_collapse"), ("tarry_excuse",)),
        Rule(("vomiting", "coffee_grounds_look")),
        Rule(("nosebleed", "nosebleed_persistent"), ("minor_bleeding",)),
    ),
    "unconscious": (Rule(("unconscious",), ("nearly",)),),
    "head injury": (Rule(("head_blow", "head_danger")),),
    "burn": (
        Rule(("burn_event", "burn_deep")),
        Rule(("burn_event", "burn_blisters", "burn_place")),
    ),
    "low blood sugar": (Rule(("diabetic", "diabetic_danger"), ("diabetic_excuse",)),),
    "testicle": (Rule(("testicle", "testicle_danger"), ("testicle_excuse",)),),
    "eye injury": (Rule(("eye_chemical",)),),
    "long lie": (Rule(("on_floor", "for_hours", "fell_or_found")),),
    "abdomen": (Rule(("severe_abdomen",), ("abdomen_excuse",)),),
    "severe pain with fainting": (Rule(("agony", "going_to_faint")),),
    "pregnancy": (
        Rule(("pregnant", "pregnancy_danger")),
        Rule(("pregnant", "pregnancy_bleed_pain")),
        Rule(("pregnant", "near_faint", "pregnancy_pain")),
        Rule(("reduced_movements",)),
    ),
    "spinal injury": (Rule(("trauma", "limbs_gone")),),
    "heat or cold": (Rule(("too_hot_or_cold", "mind_going")),),
    "ketoacidosis": (Rule(("diabetic", "vomiting", "ketoacidosis_signs"), ("diabetic_excuse",)),),
    "spinal cord compression": (Rule(("saddle_numb", "bladder_bowel_gone")),),
    "fast heart": (Rule(("heart_fast", "near_faint")),),
    "anaphylaxis": (
        Rule(("swelling_airway",), ("swelling_excuse", "long_standing")),
        Rule(("airway_swallow",), ("swelling_excuse", "long_standing")),
        Rule(("allergen", "airway_swallow")),
        # After a sting, a food or a new medicine, a swelling mouth or tightening throat is
        # anaphylaxis even when it also feels scratchy like a cold.
        Rule(("allergen", "swelling_airway")),
        Rule(("swelling_mouth",), ("mouth_excuse", "long_standing")),
        Rule(("hives", "swelling_airway")),
        Rule(("allergen", "swelling_face")),
        Rule(("swelling_face", "sudden_or_severe"), ("swelling_excuse",)),
        Rule(("allergen", "allergic_body", "allergic_danger")),
    ),
    "headache": (
        Rule(("worst_ever", "head_pain"), ("headache_excuse",)),
        Rule(("head_pain", "sudden_or_severe", "neck_fever")),
        Rule(("head_pain", "neck_fever", "fever")),
        Rule(("neck_fever", "fever", "meningitis_signs")),
        Rule(("non_fading_rash",)),
    ),
    "seizure": (Rule(("seizure", "not_stopping"), ("seizure_calm",)),),
    "poisoning": (
        Rule(("child", "swallowed", "poison_thing"), ("poison_excuse",)),
        Rule(("swallowed", "poison_thing", "poison_amount"), ("poison_excuse",)),
        Rule(("swallowed", "dangerous_thing")),
        Rule(("child", "got_into", "poison_thing")),
    ),
    "swallowed object": (Rule(("swallowed", "swallowed_object", "stuck_signs")),),
    "unwell baby": (
        Rule(("baby", "floppy")),
        Rule(("young_infant_fever", "fever")),
    ),
}
# Exclusions that excuse the whole message, not only their own clause.
_WIDE = frozenset({"long_standing", "tarry_excuse", "passing_episode", "drink_taken"})
# Concepts that only qualify (exclusions, context) are read even where the main concepts
# would be discarded: "had a stroke two years ago" keeps its "past" to excuse nothing else.
_QUALIFIERS = frozenset(
    {
        "exertion_only",
        "passing_episode",
        "not_this_time",
        "drink_taken",
        "speech_excuse",
        "weak_excuse",
        "minor_bleeding",
        "swelling_excuse",
        "mouth_excuse",
        "seizure_calm",
        "poison_excuse",
        "nearly",
        "self_harm_excuse",
        "diabetic_excuse",
        "testicle_excuse",
        "long_standing",
        "headache_excuse",
        "tear_excuse",
        "pressure_elsewhere",
        "leg_excuse",
    }
)
# Concepts whose own wording holds a negation ("can not breathe", "will not stop", "do not
# want to live"); for the others a negation inside the match negates it ("face is not
# drooping").
_OWN_NEGATION = frozenset(
    {
        "cannot_breathe",
        "reliever_failing",
        "breathless",
        "self_harm",
        "not_stopping",
        "unconscious",
        "speech",
        "drunk_like",
        "one_side_weak",
        "floppy",
        "neck_fever",
        "sudden_confusion",
        "non_fading_rash",
        "meningitis_signs",
        "heavy_bleeding",
        "airway_swallow",
        "poison_amount",
        "stuck_signs",
        "at_rest_or_sudden",
        "vision_loss",
        "balance_loss",
        "bleed_persistent",
        "head_danger",
        "diabetic_danger",
        "burn_deep",
        "on_floor",
        "reduced_movements",
        "limbs_gone",
        "saddle_numb",
        "bladder_bowel_gone",
        "nosebleed_persistent",
        "mind_going",
    }
)
# A side or a time is where or when, never denied: in "he can not lift his left arm" the
# "not" is the weakness's own, and must not take "left" away from it.
_NEVER_NEGATED = frozenset({"side_marker"})
# Said indirectly, self-harm often comes as a condition ("they'd be happier if I wasn't
# here"): a hypothetical clause does not hide it.
_ANY_MOOD = frozenset({"self_harm"})
_COMPILED_CONCEPTS = {name: re.compile(pattern) for name, pattern in CONCEPTS.items()}


def _present(
    clauses: Sequence[Clause],
    concepts: Mapping[str, re.Pattern[str]] | None = None,
    qualifiers: frozenset[str] = _QUALIFIERS,
    own_negation: frozenset[str] = _OWN_NEGATION,
) -> dict[str, list[str]]:
    """Concept -> the clauses where it holds (affirmed, current, real)."""
    found: dict[str, list[str]] = {}
    for clause in clauses:
        for name, pattern in (concepts or _COMPILED_CONCEPTS).items():
            for match in pattern.finditer(clause.text):
                qualifier = name in qualifiers
                negated = (name not in _NEVER_NEGATED and _negated(clause, match.start())) or (
                    name not in own_negation and _negated_inside(clause, match)
                )
                hypothetical = clause.hypothetical and name not in _ANY_MOOD
                if not qualifier and (hypothetical or clause.past or negated):
                    continue
                if qualifier and name != "nearly" and _negated(clause, match.start()):
                    continue
                found.setdefault(name, []).append(clause.text.strip())
                break
    return found


def _holds(rule: Rule, found: Mapping[str, Iterable[str]], wide: frozenset[str] = _WIDE) -> bool:
    if not all(name in found for name in rule.all):
        return False
    if not rule.none:
        return True
    # An exclusion only excuses what it shares a clause with ("numb arm after sleeping on
    # it"), not an emergency said elsewhere in the message.
    anchor = set(found[rule.all[0]])
    return not any(
        name in found if name in wide else anchor & set(found.get(name, ())) for name in rule.none
    )


def read_kinds(
    text: str,
    concepts: Mapping[str, re.Pattern[str]],
    rules: Mapping[str, tuple[Rule, ...]],
    *,
    qualifiers: frozenset[str] = frozenset(),
    own_negation: frozenset[str] = frozenset(),
    wide: frozenset[str] = frozenset(),
) -> dict[str, list[str]]:
    """Kind -> the clauses that made it fire, for another reader's concepts and rules read
    the way emergencies are (normalised, clause by clause, negation, hypothesis and the past
    discarded): :mod:`bots.safety.urgent` reads urgent signs with it."""
    if not text or not text.strip():
        return {}
    found = _present(_clauses(normalise(text)), concepts, qualifiers, own_negation)
    out: dict[str, list[str]] = {}
    for kind, kind_rules in rules.items():
        for rule in kind_rules:
            if _holds(rule, found, wide):
                out[kind] = sorted({c for name in rule.all for c in found[name]})
                break
    return out


def explain(text: str) -> dict[str, list[str]]:
    """Kind -> the clauses that made it fire (for staff and for debugging the table)."""
    if not text or not text.strip():
        return {}
    found = _present(_clauses(normalise(text)))
    out: dict[str, list[str]] = {}
    for kind in EMERGENCY_KINDS:
        for rule in RULES[kind]:
            if _holds(rule, found):
                out[kind] = sorted({c for name in rule.all for c in found[name]})
                break
    return out


def emergency_kinds(text: str) -> list[str]:
    """The kinds of emergency the message's words signal, in :data:`EMERGENCY_KINDS` order.

    An adult's overdose is self-harm (its advice adds crisis lines), not also poisoning; a
    child who swallowed something is poisoning."""
    kinds = explain(text)
    if "self-harm" in kinds and "poisoning" in kinds:
        child = _COMPILED_CONCEPTS["child"].search(normalise(text))
        del kinds["self-harm" if child else "poisoning"]
    return list(kinds)
