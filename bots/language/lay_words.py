"""Symptoms said in everyday words answer the intake's questions about them.

Patients do not write the questions' clinical words: "a temperature since yesterday", "feel
sick", "croaky", "knackered all the time", "heart going like the clappers", "the runs". The
reader restates questions (:mod:`bots.language.volunteer`), so none of these was read, the
prior stayed flat and the first questions drifted away from the complaint ("lost my voice,
all croaky" was asked about saliva). Each row below says which question a symptom answers (by
a pattern over the question's own text, so any medical pack with such a question is served)
and the everyday words that say the symptom. A phrase said under a negation ("no temperature",
"not feeling sick") answers no; a clause in doubt ("not sure if it's a temperature") answers
nothing.

The words are general English for common symptoms, written from how patients talk, not from a
table's rows; the reading is measured on tests/bots/lay_words_table.py (with a held-out part).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from knowledge.words import normalise
from planning.evidence import Answer
from planning.network import EvidentialNetwork, Finding

from .base import yes_no_states
from .body_places import body_places
from .cues import UNSURE

# Nobody asked, and everyday words are looser than the question's: a volunteered fact
# (bots.language.volunteer.VOLUNTEER_RELIABILITY).
RELIABILITY = 0.8


@dataclass(frozen=True)
class LaySymptom:
    question: str  # a pattern the finding's question matches (exactly one finding)
    said: str  # the everyday words that say the symptom
    unless: str = ""  # a clause with these words says nothing about it


# Stop 45: a sound said of a machine is no sound of the breath or voice ("my car makes a
# wheezing noise when i accelerate" was a wheeze on breathing out; the lead's probes). A
# machine, a vehicle's part or a household appliance as what makes the sound: before the
# sound's words with no person between ("the kettle wheezes", "my laptop fan has a wheezy
# rattle"), or after them as where it comes from ("a wheezing from the engine"). "i wheeze
# when i use the hoover" and "wheezing in the car" are still the patient's. General English,
# not a table's rows.
_MACHINE = (
    r"(?:cars?|vans?|trucks?|lorry|engines?|motors?|exhaust|(?:motor)?bikes?|scooters?|"
    r"kettles?|fans?|laptops?|computers?|pc|fridges?|freezers?|boilers?|radiators?|pipes?|"
    r"heaters?|heating|hoover|vacuum(?: cleaner)?|dishwasher|washing machine|washer|dryer|"
    r"printers?|machines?|pumps?|compressors?|turbo|belts?|brakes?|tyres?|tires?|speakers?|"
    r"routers?|phones?|tv|telly|drills?|(?:lawn)?mowers?|air ?con|air conditioner|"
    r"hair ?dryer|blender|microwave|oven|extractor|gearbox|clutch|starter|alternator)"
)
_PERSON = r"(?:i|im|ive|he|hes|she|shes|we|they|you|me|him|her|us|them)"


def _said_of_a_machine(sound: str) -> str:
    return (
        rf"\b{_MACHINE}\b(?:\W+(?!{_PERSON}\b)\w+){{0,6}}?\W+(?:{sound})"
        rf"|(?:{sound})(?:\W+\w+){{0,4}}?\W+(?:from|out of)\W+"
        rf"(?:(?:the|my|our|his|her|their|a|an)\W+)?(?:\w+\W+)?{_MACHINE}\b"
    )


SYMPTOMS: tuple[LaySymptom, ...] = (
    # In British English "a temperature" is a fever; a number is read by .temperature.
    LaySymptom(
        r"\bhave a fever\b",
        r"\b(?:a|high|slight|bit of a|got a|running a|run a) (?:high |slight |bit of a )?"
        r"(?:temp|temperature)\b(?! (?:of|is|was|at) )|(?<=\bno )(?:temp|temperature)\b|"
        r"\bfeverish\b|\bfevers?\b|\bfebrile\b|"
        r"\bhot and cold\b|\bhot to (?:the )?touch\b",
    ),
    LaySymptom(
        r"\bnauseous\b",
        r"\bnause\w*|\bqueas\w*|\bfeel(?:s|ing)? (?:a bit |really |so |very )?sick\b|"
        r"\bwant(?:s|ing)? to (?:be sick|throw up|vomit)\b|\bsick to (?:my|the) stomach\b",
    ),
    LaySymptom(
        r"\bvomited several times\b",
        r"\bvomit\w*|\bthrow(?:ing|s)? up\b|\bthrew up\b|\bthrown up\b|\bpuk(?:e|ed|ing)\b|"
        r"\b(?:been|being|was) sick\b|\bkeep being sick\b",
    ),
    LaySymptom(
        r"\bhoarse\b",
        r"\bhoarse\w*|\bcroak\w*|\braspy\b|\b(?:lost|losing) (?:my |his |her |their )?voice\b|"
        r"\bvoice (?:has |is |keeps )?(?:gone|going|breaking|cracking)\b",
        unless=_said_of_a_machine(r"hoarse\w*|croak\w*|raspy"),
    ),
    LaySymptom(
        r"\bconstantly feel fatigued\b",
        r"\btired (?:all the time|constantly|every day|out all the time)\b|\bexhaust(?:ed|ion)\b|"
        r"\bknackered\b|\bshattered\b|\bworn out\b|\bno energy\b|\bfatigue\w*|\bwiped out\b|"
        r"\bdrained\b",
    ),
    LaySymptom(
        r"\bchills or shivers\b",
        # "chilly" and "a chill" are as often the weather; "the chills" is a symptom.
        r"\bshiver\w*|\bchills\b|\brigou?rs\b|\bshaking with cold\b|\bhot and cold\b",
    ),
    LaySymptom(
        r"\bnasal congestion\b",
        r"\brunny nose\b|\bnose (?:is |keeps )?(?:running|runny|blocked|stuffed|bunged)\b|"
        r"\b(?:blocked|stuffy|stuffed|bunged) (?:up )?nose\b|\bstuffed up\b|\bbunged up\b|"
        r"\bcongest\w*|\bsnott\w*|\bsniffl\w*|\bsniffles\b",
        # "my ear feels bunged up", "ears congested": the ear is blocked, not the nose.
        unless=r"^(?!.*\b(?:nose|nostrils?|nasal|snot\w*|sinus\w*)\b).*\bears?\b",
    ),
    LaySymptom(
        r"\bhave a sore throat\b",
        r"\bsore throat\b|\bthroat (?:is |feels |has been )?(?:really |so |a bit )?"
        r"(?:sore|raw|scratchy|killing|on fire|burning)\b|\bscratchy throat\b|\bthroat hurts\b",
    ),
    LaySymptom(
        r"\bincreased sweating\b",
        # Not what is worn: "sweater", "sweatshirt", "sweatpants".
        r"\bsweat(?!er|shirt|pant|band|suit)\w*|\bclammy\b|\bdrenched\b",
    ),
    LaySymptom(
        r"\bbeating fast \(racing\)",
        r"\bpalpitat\w*|\bheart (?:is |keeps |was |has been )?(?:\w+ )?(?:racing|pounding|"
        r"fluttering|thumping|skipping|hammering|going like|jumping)\b|\bracing heart\b|"
        r"\bskipp(?:ed|ing) beats?\b|\bflutter\w* in (?:my|the) chest\b",
    ),
    LaySymptom(
        r"\bdiarrhea or an increase in stool frequency\b",
        r"\bdiarrh\w*|\bthe runs\b|\bloose (?:stools?|poos?|bowels?)\b|\brunny (?:poos?|stools?)\b|"
        r"\bthe trots\b",
    ),
    LaySymptom(
        r"\bdecrease in appetite\b",
        r"\b(?:lost|losing|no|off) (?:my |his |her )?appetite\b|\boff (?:my|his|her) food\b|"
        r"\bnot (?:hungry|eating much)\b",
    ),
    LaySymptom(
        r"\bsevere itching in one or both eyes\b",
        r"\bitchy eyes?\b|\beyes? (?:are |is |feel |keep )?(?:\w+ and )?(?:really |so |a bit )?"
        r"itch\w*",
    ),
    LaySymptom(
        r"\bredness in one or both eyes\b",
        r"\bred eyes?\b|\beyes? (?:are |is |look |have gone |gone )?(?:\w+ and )?"
        r"(?:really |so |a bit )?(?:red|bloodshot|pink)\b|\bbloodshot\b|\bpink eye\b",
    ),
    LaySymptom(
        r"\bexcessive tears\b",
        r"\bwatery eyes?\b|"
        r"\beyes? (?:are |is |keep )?(?:\w+ and )?(?:watering|streaming|running)\b",
    ),
    LaySymptom(
        r"\bcolored or more abundant sputum\b",
        r"\b(?:green|yellow|greenish|yellowish|brown|coloured|colored|thick) (?:\w+ )?"
        r"(?:phlegm|mucus|sputum|stuff|gunk|spit|gook)\b|\bcoughing up (?:green|yellow|phlegm|"
        r"mucus|gunk)\w*|\bbringing up (?:green|yellow|phlegm|mucus)\w*",
        # Coloured stuff blown out of the nose is nasal discharge, not sputum: "blocked nose,
        # blowing out thick yellow stuff" was noted back as a cough the patient never had.
        unless=r"\bblow\w*|\bnose\b|\bnostrils?\b|\bsnot\w*|\bsinus\w*",
    ),
    # Stop 46: coloured stuff from the nose ("thick green snot", "blowing out yellow gunk")
    # was read as nothing; said only in a clause about the nose, and never of a cough's
    # phlegm (that is the sputum above).
    LaySymptom(
        r"\bgreenish or yellowish nasal discharge\b",
        r"\b(?:green|yellow|greenish|yellowish|greeny|yellowy|coloured|colored|thick)\b"
        r"(?:\W+\w+){0,3}?\W+(?:snot\w*|gunk|stuff|mucus|discharge|goo|gook|bogeys?|muck)\b|"
        r"\bsnot\w* (?:\w+ ){0,3}(?:green|yellow)\w*",
        unless=r"^(?!.*\b(?:nose|nasal|snot\w*|sinus\w*|blow\w*|nostrils?|bogeys?)\b)|"
        r"\bcough\w*|\bphlegm\b|\bsputum\b|\bspit\w*",
    ),
    LaySymptom(
        r"\bwheezing sound when you exhale\b",
        r"\bwheez\w*",
        unless=_said_of_a_machine(r"wheez\w*"),
    ),
    LaySymptom(
        r"\blost your sense of smell\b",
        r"\b(?:lost|losing|no) (?:my |his |her |the |all )?sense of smell\b|"
        r"\bcan not smell\b",
    ),
    LaySymptom(
        r"\bbloated or distended\b",
        r"\bbloat\w*|\bdistended\b|\bswollen (?:belly|tummy|stomach)\b",
    ),
    LaySymptom(
        r"\bburning sensation that starts in your stomach\b",
        r"\bheartburn\b|\bacid reflux\b|\breflux\b|\bindigestion\b|\bsour taste\b|"
        r"\bacid (?:comes?|coming|keeps coming) up\b",
    ),
    LaySymptom(
        r"\binvoluntary weight loss\b",
        r"\b(?:lost|losing|dropped) (?:a lot of |loads of |some |a bit of )?weight\b|"
        r"\bweight loss\b|\bweight (?:has )?dropped\b",
        # Weight lost on purpose is not involuntary.
        unless=r"\bdiet\w*|\bgym\b|\bon purpose\b|\btrying to lose\b|\bslimming\b",
    ),
    LaySymptom(
        r"\bslightly dizzy or lightheaded\b",
        # Vertigo is how many say dizziness: the room or the world spins, not the head.
        r"\bdizz\w*|\blight ?headed\w*|\bwoozy\b|\bgiddy\b|\bhead (?:is )?spinning\b|"
        r"\bvertigo\b|\b(?:room|world|everything|ceiling|walls?) (?:(?!not\b|never\b)\w+ ){0,3}"
        r"(?:spin\w*|span|whirl\w*|going round)\b|\bspinning (?:sensation|feeling)\b|"
        r"\bthe spins\b",
    ),
)

# Negation before the words, within three words ("no temperature", "not feeling sick",
# "haven't been sick"), and the doubt that makes a clause say nothing.
_NEGATION = re.compile(r"\b(?:no|not|never|without|nothing|none|neither|nor)\b(?:\W+\w+){0,3}\W*$")
_CLAUSE = re.compile(r"[;!?\n]|\.(?!\d)|,|\bbut\b|\bthough\b|\bhowever\b|\balthough\b")
_NOTHING = re.compile(r"(?!x)x")
_COMPILED: list[tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str]]] = [
    (
        re.compile(s.question, re.IGNORECASE),
        re.compile(s.said),
        re.compile(s.unless) if s.unless else _NOTHING,
    )
    for s in SYMPTOMS
]


def _finding(network: EvidentialNetwork, question: re.Pattern[str]) -> Finding | None:
    matches = [
        f for f in network.findings if question.search(f.question) and yes_no_states(f) is not None
    ]
    return matches[0] if len(matches) == 1 else None


def _polarity(clause: str, said: re.Pattern[str]) -> int:
    """1: the clause says the symptom; -1: it denies it; 0: neither."""
    found = 0
    for match in said.finditer(clause):
        if _NEGATION.search(clause[: match.start()]):
            found = found or -1
        else:
            return 1
    return found


def lay_facts(
    text: str, network: EvidentialNetwork, *, skip: frozenset[str] = frozenset()
) -> tuple[Answer, ...]:
    """The yes/no symptom questions the message answers in everyday words."""
    if network.flow:
        return ()  # troubleshooting charts have their own word groups
    clauses = [c for c in _CLAUSE.split(normalise(text)) if c.strip()]
    clauses = [c for c in clauses if not UNSURE.search(c)]
    if not clauses:
        return ()
    # A red-flag sign escalates when answered yes; everyday words are looser than its question
    # ("keeps being sick" for "vomited several times"), so it is asked, not taken as said.
    red_flags = (network.metadata or {}).get("red_flag_signs") or {}
    out: list[Answer] = []
    for question, said, unless in _COMPILED:
        polarities = [p for p in (_polarity(c, said) for c in clauses if not unless.search(c)) if p]
        if not polarities:
            continue
        finding = _finding(network, question)
        if finding is None or finding.id in skip:
            continue
        states = yes_no_states(finding)
        assert states is not None
        # Said in one clause and denied in another ("not sick, just the runs"): the saying wins.
        state = states[0] if 1 in polarities else states[1]
        if state == states[0] and finding.id in red_flags:
            continue
        out.append(Answer(finding.id, (state,), RELIABILITY))
    return (*out, *body_places(text, network, RELIABILITY, skip))
