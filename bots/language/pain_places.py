"""Where it hurts, said in the opening, answers the intake's "Where do you feel pain?".

"my left ear has been throbbing since saturday", "toothache in my upper jaw", "pain in my lower
back": the patient has said where, and being asked "Where do you feel pain? Choose all that
apply." next reads as not listening. The places are read the way a typed answer to that
question is read (:func:`bots.language.choices.named_options`: an option's own words first, a
side kept with its place, everyday words such as "my tummy" covering every option they name),
but only in a clause that says pain, so "sore throat and my ear feels blocked" gives the throat,
not the ear. The other options stay unasked: pain elsewhere is still possible.
"""

from __future__ import annotations

import re

from knowledge.packs import wording
from knowledge.words import normalise
from planning.evidence import Answer
from planning.network import EvidentialNetwork, Finding

from .choices import named_options
from .cues import UNSURE

__all__ = ["pain_places"]

# The multi-choice question about where the pain is, not where it spreads to.
_WHERE_PAIN = re.compile(r"\b(?:pain somewhere|where\b.*\bpain)\b", re.IGNORECASE)
_NOT_WHERE = re.compile(r"\b(?:radiat\w*|spread\w*)\b", re.IGNORECASE)
_PAIN = re.compile(
    r"\bpain\w*|\bhurt\w*|\bach(?:e|es|ing|y)\b|\w+aches?\b|\bsore\b|\bthrobb\w*|\bagony\b|\btender\b|"
    r"\bkilling (?:me|him|her|them)\b|\bstabbing\b|\bcramp\w*|\btwinge\w*|\bstinging\b"
)
# "earache" is "ear ache": the place is inside the word.
# ("headache", "backache", "stomach ache" name an area, not a place: where is asked.)
_COMPOUND = re.compile(r"\b(ear|tooth)ache(s?)\b")
# "and" starts a clause only with its own subject: "pain in my ear and jaw" is one place list.
_CLAUSE = re.compile(
    r"[;!?\n]|\.(?!\d)|,|\bbut\b|\bthough\b|\bhowever\b|\balthough\b|\band (?=(?:i|it|he|she|"
    r"they|we)\b)"
)


def _where_options(network: EvidentialNetwork) -> list[Finding]:
    groups: dict[str, list[Finding]] = {}
    for finding in network.findings:
        if finding.group:
            groups.setdefault(finding.group, []).append(finding)
    for options in groups.values():
        stem = options[0].question.partition(" - ")[0]
        if _WHERE_PAIN.search(stem) and not _NOT_WHERE.search(stem):
            return options
    return []


def pain_places(
    text: str,
    network: EvidentialNetwork,
    reliability: float,
    skip: frozenset[str] = frozenset(),
) -> tuple[Answer, ...]:
    """The pain-location options the message names in a clause that says pain ("yes"), and
    the "nowhere" option ("no"); () when the pack asks no such question or no place is said."""
    if network.flow:
        return ()
    options = _where_options(network)
    if not options:
        return ()
    said = _COMPOUND.sub(lambda m: f"{m.group(1)} ache{m.group(2)}", normalise(text))
    said = re.sub(r"\btooth\b", "teeth", said)
    chosen: list[Finding] = []
    confidence = 1.0
    unsure = False  # a place was said that no option names in its own words
    for clause in _CLAUSE.split(said):
        if not _PAIN.search(clause) or UNSURE.search(clause):
            continue
        read = named_options(clause, options, network)
        if read is None or not read[0]:
            continue
        # Only a place said in its own words, on either side ("my ear" for the right and the
        # left ear). Everyday words that cover other places ("my back": the upper back, the
        # shoulder blades, the back of the chest; "upper jaw": under the jaw) are left to the
        # question: a wrong place sends the intake after the wrong causes.
        plain = re.sub(r"\b(of|on|in) (?:my|his|her|their|your)\b", r"\1 the", clause)
        named = [o for o in read[0] if re.search(rf"\b{re.escape(_place(o))}s?\b", plain)]
        unsure = unsure or len(named) < len(read[0])
        chosen.extend(o for o in named if o not in chosen)
        confidence = min(confidence, read[1])
    chosen = [o for o in chosen if o.id not in skip]
    if not chosen:
        return ()
    weight = min(reliability, confidence)
    # As a typed answer to the whole question: the places named, and no to the others and to
    # "nowhere", so the question is not asked again; the others stay open when a place was
    # said that could not be pinned ("an earache and a sore throat": the throat's options).
    return tuple(
        Answer(o.id, ("yes",) if o in chosen else ("no",), weight)
        for o in options
        if o.id not in skip and (o in chosen or not unsure or o.default_state == "yes")
    )


def _place(option: Finding) -> str:
    """The option's place in a patient's words, without its side ("ear" for "ear(R)")."""
    plain = wording.plain_place(option.question.rpartition(" - ")[2])
    return re.sub(r"^(?:left|right) ", "", plain)
