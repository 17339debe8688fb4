"""Where it hurts, swells or has a rash, said in the opening, answers the intake's "where?".

"my left ear has been throbbing since saturday", "my ankles swell by the evening", "a rash on
my arms": the patient has said where, and being asked "Where do you feel pain? Choose all that
apply." next reads as not listening. Each "where?" question of a pack (a multi-choice question
whose options are body places) belongs to a topic (:data:`TOPICS`: pain, swelling, the skin),
and its places are read the way a typed answer to it is read
(:func:`bots.language.choices.named_options`: an option's own words, a side kept with its
place), but only in a clause that says that topic: "sore throat and a rash on my neck" gives
the rash the neck, not the pain. The answer is taken as the whole question's: the places named
yes, the others and "nowhere" no.

Only a place said in its own words is read (either side, when no side is said). Everyday words
that cover several of the question's places ("my back": the upper back, the shoulder blades,
the back of the chest; "upper jaw": under the jaw) are left to the question: a wrong place
sends the intake after the wrong causes (the first version read "pain in my lower back" as the
back of the chest and sent the patient to urgent care), and the other places then stay open.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from knowledge.words import normalise
from planning.evidence import Answer
from planning.network import EvidentialNetwork, Finding

from .choices import _option_words, named_options
from .cues import UNSURE

__all__ = ["TOPICS", "body_places", "unpinned_groups"]


@dataclass(frozen=True)
class Topic:
    name: str
    question: re.Pattern[str]  # the "where?" question's stem
    said: re.Pattern[str]  # a clause that says the topic


TOPICS = (
    Topic(
        "pain",
        re.compile(r"\b(?:pain somewhere|where\b.*\bpain)\b(?!.*\b(?:radiat|spread))", re.I),
        re.compile(
            r"\bpain\w*|\bhurt\w*|\bach(?:e|es|ing|y)\b|\w+aches?\b|\bsore\b|\bthrobb\w*|"
            r"\bagony\b|\btender\b|\bkilling (?:me|him|her|them)\b|\bstabbing\b|\bcramp\w*|"
            r"\btwinge\w*|\bstinging\b"
        ),
    ),
    Topic(
        "swelling",
        re.compile(r"\bwhere is the swelling\b", re.I),
        re.compile(r"\bswell\w*|\bswollen\b|\bpuff(?:y|ed up|ing up)\b"),
    ),
    Topic(
        "skin",
        re.compile(r"\bwhere is the affected (?:region|area)\b", re.I),
        re.compile(
            r"\brash\w*|\bspots\b|\bblotch\w*|\bhives\b|\blesions?\b|\bred (?:patch|mark)\w*|"
            r"\bitch\w*|\bblisters?\b|\bsores\b|\bpimples?\b|\bbumps\b|\bscab\w*"
        ),
    ),
)
# "earache" is "ear ache": the place is inside the word. ("headache", "backache" and
# "stomach ache" name an area, not a place: where is asked.)
_COMPOUND = re.compile(r"\b(ear|tooth)ache(s?)\b")
# "and" starts a clause only with its own subject: "pain in my ear and jaw" is one place list.
_CLAUSE = re.compile(
    r"[;!?\n]|\.(?!\d)|,|\bbut\b|\bthough\b|\bhowever\b|\balthough\b|\band (?=(?:i|it|he|she|"
    r"they|we)\b)"
)


def _where_questions(network: EvidentialNetwork) -> list[tuple[Topic, list[Finding]]]:
    groups: dict[str, list[Finding]] = {}
    for finding in network.findings:
        if finding.group:
            groups.setdefault(finding.group, []).append(finding)
    out = []
    for topic in TOPICS:
        for options in groups.values():
            if topic.question.search(options[0].question.partition(" - ")[0]):
                out.append((topic, options))
                break
    return out


def body_places(
    text: str,
    network: EvidentialNetwork,
    reliability: float,
    skip: frozenset[str] = frozenset(),
) -> tuple[Answer, ...]:
    """Answers to the pack's "where?" questions that the message settles (module
    docstring); () when the pack asks none or the message names no place for them."""
    if network.flow:
        return ()
    questions = _where_questions(network)
    if not questions:
        return ()
    clauses = _clauses(text)
    out: list[Answer] = []
    for topic, options in questions:
        out.extend(_answers(topic, options, clauses, network, reliability, skip))
    return tuple(out)


def unpinned_groups(text: str, network: EvidentialNetwork) -> frozenset[str]:
    """The groups of the "where?" questions for which the message said a place that no option
    names in its own words ("a pain in my chest": which side, upper or lower?). Whatever else
    it pinned down ("and my calf is sore"), such a question still has its answer to get."""
    questions = _where_questions(network)
    if not questions:
        return frozenset()
    clauses = _clauses(text)
    return frozenset(
        options[0].group
        for topic, options in questions
        if options[0].group and _read(topic, options, clauses, network)[2]
    )


# "my back's been killing me" typed without the apostrophe: the part's "s" is "has" or "is",
# not a plural ("my backs been", "my necks killing me"); read as the part itself.
_GLUED_IS = re.compile(
    r"\b((?:my|his|her|the) )(\w+?)s (?=(?:been|gone|getting|playing|killing|started|starting|"
    r"still|really|so|always|agony)\b)"
)


def _unglued(said: str) -> str:
    return _GLUED_IS.sub(
        lambda m: f"{m.group(1)}{m.group(2)} " if m.group(2) in _PARTS else m.group(0), said
    )


def _clauses(text: str) -> list[str]:
    said = _COMPOUND.sub(lambda m: f"{m.group(1)} ache{m.group(2)}", normalise(text))
    said = _unglued(re.sub(r"\btooth\b", "teeth", said))
    return [c for c in _CLAUSE.split(said) if c.strip() and not UNSURE.search(c)]


def _read(
    topic: Topic, options: list[Finding], clauses: list[str], network: EvidentialNetwork
) -> tuple[list[Finding], float, bool]:
    """The options named in their own words, the reading's confidence, and whether a place
    was said that no option names in its own words."""
    chosen: list[Finding] = []
    confidence = 1.0
    unpinned = False
    for clause in clauses:
        if not topic.said.search(clause):
            continue
        read = named_options(clause, options, network)
        if read is None or not read[0]:
            continue
        plain = re.sub(r"\b(of|on|in) (?:my|his|her|their|your)\b", r"\1 the", clause)
        named = [o for o in read[0] if re.search(rf"\b{re.escape(_place(o))}s?\b", plain)]
        unpinned = unpinned or len(named) < len(read[0])
        chosen.extend(o for o in named if o not in chosen)
        confidence = min(confidence, read[1])
    return chosen, confidence, unpinned


def _answers(
    topic: Topic,
    options: list[Finding],
    clauses: list[str],
    network: EvidentialNetwork,
    reliability: float,
    skip: frozenset[str],
) -> list[Answer]:
    chosen, confidence, unpinned = _read(topic, options, clauses, network)
    chosen = [o for o in chosen if o.id not in skip]
    if not chosen:
        return []
    weight = min(reliability, confidence)
    return [
        Answer(o.id, ("yes",) if o in chosen else ("no",), weight)
        for o in options
        if o.id not in skip and (o in chosen or not unpinned or o.default_state == "yes")
    ]


def _place(option: Finding) -> str:
    """The option's place in a patient's words, without its side ("ear" for "ear(R)")."""
    words = _option_words(option)
    return words[0] if words is not None else ""


# -- a fact about another part of the body --------------------------------------------------------

# Words for the parts of the body, each to the part it names ("tummy" is the belly).
_PARTS = {
    **dict.fromkeys(("head", "forehead", "temple", "temples", "scalp"), "head"),
    **dict.fromkeys(("face", "cheek", "cheeks", "chin"), "face"),
    **dict.fromkeys(("eye", "eyes", "eyelid", "eyelids"), "eye"),
    **dict.fromkeys(("ear", "ears"), "ear"),
    **dict.fromkeys(("nose", "nostril", "nostrils", "sinus", "sinuses"), "nose"),
    **dict.fromkeys(("mouth", "lip", "lips", "tongue", "teeth", "tooth", "gum", "gums"), "mouth"),
    **dict.fromkeys(("jaw",), "jaw"),
    **dict.fromkeys(("throat", "tonsil", "tonsils"), "throat"),
    **dict.fromkeys(("neck",), "neck"),
    **dict.fromkeys(("shoulder", "shoulders"), "shoulder"),
    **dict.fromkeys(("arm", "arms", "elbow", "elbows", "wrist", "wrists"), "arm"),
    **dict.fromkeys(("hand", "hands", "finger", "fingers", "thumb", "thumbs", "palm"), "hand"),
    **dict.fromkeys(("chest", "breast", "breasts", "breastbone", "ribs"), "chest"),
    **dict.fromkeys(("back", "spine"), "back"),
    **dict.fromkeys(("belly", "stomach", "tummy", "abdomen", "abdominal", "tum"), "belly"),
    **dict.fromkeys(("hip", "hips", "groin"), "hip"),
    **dict.fromkeys(("leg", "legs", "thigh", "thighs", "knee", "knees", "calf", "calves"), "leg"),
    **dict.fromkeys(("shin", "shins", "ankle", "ankles"), "leg"),
    **dict.fromkeys(("foot", "feet", "toe", "toes", "heel", "heels", "sole"), "foot"),
    **dict.fromkeys(("skin",), "skin"),
}
_PART = re.compile(r"\b(?:" + "|".join(sorted(_PARTS, key=len, reverse=True)) + r")\b")
# "the back of your throat" is the throat.
_BACK_OF = re.compile(r"\bback of (?:the |your |my |his |her |their )?(?=\w)")


def parts_named(text: str) -> frozenset[str]:
    """The parts of the body the words name."""
    said = _BACK_OF.sub("", normalise(text))
    return frozenset(_PARTS[m.group()] for m in _PART.finditer(said))


def about_another_part(text: str, question: str) -> bool:
    """Whether the message speaks of parts of the body and none of those the question asks
    about: "my back hurts" says nothing of "Is the back of your throat itchy?", nor "itchy
    spots on my forehead"."""
    asked = parts_named(question)
    said = parts_named(text)
    return bool(asked) and bool(said) and not asked & said
