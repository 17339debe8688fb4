"""A helpdesk's shared vocabulary: what people call a state, and what a state entails.

A chart asks "does the engine fire?" and the user writes "it cranks but never catches"; it asks
"is the power connector loose?" and the user writes "the charger plug wiggles"; it asks "do you
see at least one network?" and the user writes "it lists all my neighbours' networks". The
same fact is said in a domain's own words, or as a state that entails the question's. Before a
message is read, each concept below is said in the words a chart's question uses for it, where
one of the chart's questions says those words (contiguously, a negation aside): nothing is
rewritten into words no question uses, so a concept only reaches the charts that ask about it.

Two kinds of rule:

- an **equivalence** says the same state in other words ("catches" is "fires", "make out" is
  "see"): it is rewritten wherever it occurs, and a negation before it stays ("never catches" is
  "never fires");
- an **entailment** says a state that implies the question's one way only ("the pedal feels
  firm" implies it does not go to the floor; "six networks" implies at least one; "i get the
  login screen" implies something is on the screen). It is applied only where no negation
  precedes it in its clause ("not firm" says nothing of the floor), and where it adds a
  statement the original words are kept beside it.

The words are general helpdesk knowledge of cars and laptops and the charts' own wording, never
rows of a phrasing table. Each rule's negations are checked in
``tests/bots/test_domain_lexicon.py``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from . import text as tx
from .cues import NEGATIONS


@dataclass(frozen=True)
class Concept:
    """A way people say a state, and the chart wordings it is said in (the first a chart's
    question says is used)."""

    name: str
    said: re.Pattern[str]
    chart: tuple[str, ...]
    # One way only: not applied after a negation in the same clause.
    entailment: bool = False
    # A clause added beside the user's words instead of replacing them (the chart wording is
    # then only what a question must say for the clause to be added).
    added: str = ""
    # A one-word verb said in the tense of the user's verb ("catches" -> "fires", "caught"
    # -> "fired"): (third person, -ing, past) of the chart's word.
    forms: tuple[str, str, str] | None = None
    # What the chart's word is said of ("the engine fires"): said with it where the user's
    # clause leaves it as "it" ("it cranks but never catches"), so the reading finds the
    # question's subject.
    subject: str = ""


_DET = r"(?:the|my|its|this|that|his|her|our|their|a|an)"
_AMOUNT = (
    r"(?:(?:loads|lots|plenty|heaps|tons|a bunch|a load|a couple|dozens|hundreds) of|a few|"
    r"several|many|multiple|various|numerous|all (?:the|my|of the|of my|of)|"
    r"(?:about |around |like |over |at least |maybe |roughly )?"
    r"(?:\d+|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|a dozen))"
)
_OTHERS = r"(?:other|different|nearby|local|neighbou?rs?'?s?|neighbou?ring|random|available)"

CONCEPTS: tuple[Concept, ...] = (
    # "Refuses to start" is "will not start": the verb is a negation in any chart.
    Concept(
        "refusal",
        re.compile(r"\b(?:refuses?|refused|refusing)\s+to\b"),
        ("will not",),
    ),
    # An engine that catches or comes to life fires ("cranks but never catches"); "catch
    # fire" and catching something are not.
    Concept(
        "engine fires",
        re.compile(
            r"\b(?:catch|catches|catching|caught)\b(?!\s+(?:fire|on|up|out|it|me|him|her|them|"
            r"the|my|a|your|some|sight))"
            r"|(?<!catch )(?<!caught )(?<!catches )\b(?:fire|fires|firing|fired)\b"
            r"(?!\s+(?:alarm|brigade|engine|extinguisher|hazard|risk))"
            r"|\b(?:come|comes|came|coming|spring|springs|sprang|sprung|burst|bursts|bursting|"
            r"roar|roars|roared|roaring|splutter|splutters|spluttered|sputter|sputters|"
            r"sputtered|cough|coughs|coughed|kick|kicks|kicked|jump|jumps|jumped)\s+(?:in)?to\s+"
            r"life\b"
        ),
        ("fire",),
        forms=("fires", "firing", "fired"),
        subject="engine",
    ),
    # A brake pedal that sinks goes to the floor; a firm or hard one does not (one way: a
    # pedal that is "not firm" may still stop short of the floor).
    Concept(
        "pedal sinks",
        re.compile(
            r"\b(?:sinks?|sank|sinking|sunk)\b(?:\s+(?:right|all the way|straight|down|"
            r"to the floor|into the floor))*"
        ),
        ("go all the way to the floor",),
    ),
    Concept(
        "pedal firm",
        re.compile(
            r"\bpedal(?:\s+(?:still|always))?\s+(?:feels|is|seems|stays|felt|was|has been|"
            r"remains|feel)(?:\s+(?:nice and|good and|really|very|quite|pretty|rock|dead|"
            r"totally|perfectly|super|fairly|normal and))*\s+(?:firm|solid|hard|stiff|high)\b"
        ),
        ("pedal does not go all the way to the floor",),
        entailment=True,
    ),
    # The plug at the end of a charger's cable is its connector (not a mains plug in the wall).
    Concept(
        "charger connector",
        re.compile(
            rf"\b{_DET}\s+(?:(?:laptop|charger|chargers|charging|power|adapter|adaptor|ac|dc|"
            r"barrel)\s+)*(?:plug|tip|pin|jack plug|end of the (?:charger|charging|power|"
            r"adapter|adaptor)?\s*(?:cable|lead|cord|wire))\b"
            r"(?![^.,;!?]{0,25}\b(?:wall|mains|outlet|extension|strip|surge)\b)"
        ),
        ("power connector",),
    ),
    # A plug that falls out, slips or pops out is loose.
    Concept(
        "falls out",
        re.compile(
            r"\b(?:falls?|falling|fell|slips?|slipping|slipped|pops?|popping|popped|drops?|"
            r"dropping|dropped|works?|working|worked) (?:right |straight )?out\b"
            r"(?!\s+(?:of|fine|ok|okay|well))"
        ),
        ("loose",),
    ),
    # Quiet is no noise (one way: "not quiet" is no particular noise).
    Concept(
        "quiet",
        re.compile(
            r"\b(?:(?:totally|completely|dead|perfectly|pretty|really|very|super|whisper|quite|"
            r"nice and|all)\s+)*(?:quiet|silent|noiseless|soundless)\b"
        ),
        ("not making any noise", "no noises"),
        entailment=True,
    ),
    # A TV, telly, projector or another screen plugged in is an external monitor ("it works
    # on the tv through hdmi").
    Concept(
        "external monitor",
        re.compile(
            rf"\b(?:{_DET}\s+)?(?:(?:big|hdmi|flat|smart|external|other|another|second|spare|"
            r"separate|desktop|work|office|old|proper)\s+)*(?:tv|telly|television|projector|"
            r"(?:external|another|other|second|spare|separate|desktop|work|office|hdmi|"
            r"big|proper)\s+(?:monitor|screen|display))\b"
            rf"(?:\s+(?:through|via|over|with|using)\s+(?:{_DET}\s+)?hdmi(?:\s+(?:cable|lead))?)?"
            r"|\b(?:my|a|an)\s+monitor\b"
        ),
        ("external working monitor", "external monitor"),
    ),
    # A laptop that works or shows its picture on an external monitor boots and displays the
    # desktop there ("it works fine on the tv through hdmi").
    Concept(
        "works on an external monitor",
        re.compile(
            r"\b(?:works?|working|worked|displays?|displayed|displaying|looks? (?:fine|ok|okay|"
            r"normal|perfect)|(?:is|was|everything is|everything was) (?:fine|ok|okay|normal|"
            r"perfect))\b(?:\s+(?:fine|ok|okay|perfectly|great|normally|no problem))*\s+"
            r"(?:on|through|via|with)\s+(?:external working monitor|external monitor)"
        ),
        ("boot and display the desktop",),
        entailment=True,
        added="windows boots and displays the desktop",
    ),
    # Many networks, or other people's, is at least one ("lists all my neighbours' networks").
    Concept(
        "at least one network",
        re.compile(
            rf"\b(?:{_AMOUNT}\s+(?:{_OTHERS}\s+)*|{_OTHERS}\s+(?:{_OTHERS}\s+)*)"
            r"(?:wifi |wi-fi |wireless )?(?:networks|wifis|ssids|hotspots|"
            r"(?:wifi|wi-fi|network) (?:names|connections))\b"
        ),
        ("at least one network",),
    ),
    # No network at all is not the one wanted either ("cant see any wifi networks", "the
    # list is empty"): the negation is the meaning, so it is kept and a clause added.
    Concept(
        "no network at all",
        re.compile(
            r"\b(?:can not|cannot|could not|does not|do not|did not|will not|is not|are not|"
            r"never)\s+(?:even\s+)?(?:see|sees|find|finds|show|shows|showing|detect|detects|"
            r"detecting|pick up|picks up|picking up|list|lists|get|gets|getting|seeing|"
            r"finding)\b[^.,;!?]{0,20}?\b(?:any|a single|one single|even one)\s+"
            r"(?:wifi |wi-fi |wireless )?networks?\b"
            r"|\b(?:network |wifi |wireless )?list is (?:just |completely |totally |always )?"
            r"empty\b"
        ),
        ("show the wireless network",),
        added="the laptop does not show the wireless network",
    ),
    # Making something out on a screen is seeing it ("i can just make out the desktop").
    Concept(
        "make out",
        re.compile(r"\b(?:make|makes|making|made) out\b"),
        ("see",),
        forms=("sees", "seeing", "saw"),
    ),
    # A picture or page that comes, pops or shows up is displayed ("the desktop comes up").
    Concept(
        "comes up",
        re.compile(r"\b(?:comes?|came|coming|pops?|popped|popping|shows?|showed|showing) up\b"),
        ("display",),
        forms=("displays", "displaying", "displayed"),
    ),
    # Seeing a named screen is seeing something on the screen ("i get the login screen").
    Concept(
        "something on screen",
        re.compile(
            r"\b(?:see|sees|seeing|saw|get|gets|getting|got|shows?|showing|showed|displays?|"
            r"displaying|displayed)\s+(?:up\s+)?(?:the|a|an|my|its)\s+(?:windows\s+)?"
            r"(?:login|log in|logon|lock|sign in|desktop|logo|splash|bios|boot|error|loading|"
            r"welcome|start ?up|blue|password|cursor|mouse pointer|picture|image)"
            r"(?:\s+(?:screen|page|logo|message|circle|icon|menu|wheel))?\b"
        ),
        ("see anything on",),
        entailment=True,
        added="i can see something on the screen",
    ),
)

_PAST = frozenset(
    [
        "caught",
        "fired",
        "came",
        "sprang",
        "sprung",
        "burst",
        "roared",
        "spluttered",
        "sputtered",
        "coughed",
        "kicked",
        "jumped",
        "made",
        "popped",
        "showed",
    ]
)


def _in_tense(matched: str, forms: tuple[str, str, str]) -> str:
    verb = matched.split()[0]
    if verb.endswith("ing"):
        return forms[1]
    if verb in _PAST:
        return forms[2]
    if verb.endswith("s") and not verb.endswith("ss"):
        return forms[0]
    return verb if verb == forms[0] else forms[0].removesuffix("s")


_CLAUSE_START = re.compile(r"[.,;:!?]|\bbut\b|\band\b|\bthough\b|\balthough\b")


def _negated_before(text: str, start: int) -> bool:
    """A negation earlier in the match's clause ("not really firm", "never see the logo")."""
    clause = _CLAUSE_START.split(text[:start])[-1]
    return any(w in NEGATIONS for w in tx.tokens(clause))


def _said_in(phrase: str, questions: tuple[tuple[str, ...], ...]) -> bool:
    """One of the chart's questions says the phrase's words in order, its negations aside."""
    wanted = [tx.canonical(w) for w in phrase.split() if w not in NEGATIONS and w != "does"]
    n = len(wanted)
    return any(any(list(q[i : i + n]) == wanted for i in range(len(q) - n + 1)) for q in questions)


def _phrase(concept: Concept, questions: tuple[tuple[str, ...], ...]) -> str | None:
    if concept.name == "refusal":
        return concept.chart[0]
    return next((p for p in concept.chart if _said_in(p, questions)), None)


def said_in_chart_terms(text: str, questions: tuple[tuple[str, ...], ...]) -> str:
    """``text`` (normalised) with each concept said in the chart's words where a question of
    the chart (``questions``: each its canonical tokens) says them."""
    for concept in CONCEPTS:
        phrase = _phrase(concept, questions)
        if phrase is None:
            continue

        def say(match: re.Match[str], concept: Concept = concept, phrase: str = phrase) -> str:
            if concept.entailment and _negated_before(match.string, match.start()):
                return match.group(0)
            if concept.added:
                return f"{match.group(0)} , {concept.added} ,"
            if concept.forms is not None:
                verb = _in_tense(match.group(0), concept.forms)
                clause = _CLAUSE_START.split(match.string[: match.start()])[-1]
                if concept.subject and concept.subject not in clause.split():
                    return f" {concept.subject} {verb} "
                return f" {verb} "
            return f" {phrase} "

        text = concept.said.sub(say, text)
    return re.sub(r"\s+", " ", text).strip()
