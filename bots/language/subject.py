"""Who the patient is when someone else writes: a carer ("my son", "his ear hurts", "she's had a
fever since tuesday", "my mum keeps being sick").

The packs' questions and readings speak to the patient ("Do you have a fever?"), so a carer's
words are read as the patient's own ("his ear hurts" -> "my ear hurts") and the questions are
put to the carer about the patient ("Does he have a fever?"). The subject is found once, in the
opening message, and kept with the case.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

__all__ = ["Subject", "about_them", "as_own_words", "subject_of"]

_HE = (
    r"son|boy|little boy|baby boy|husband|dad|father|brother|grandson|grandad|grandpa|"
    r"grandfather|boyfriend|uncle|nephew|stepson|stepdad"
)
_SHE = (
    r"daughter|girl|little girl|baby girl|wife|mum|mom|mother|sister|granddaughter|"
    r"grandma|nan|nana|gran|grandmother|girlfriend|aunt|niece|stepdaughter|stepmum|stepmom"
)
_THEY = (
    r"baby|child|kid|toddler|partner|friend|teenager|newborn|little one|flatmate|patient|"
    r"(?:\d+|[a-z]+)[ -](?:year|yr|month|week)s?[ -]old"
)
_AGE = r"(?:(?:\d+|[a-z]+)[ -](?:year|yr|month|week)s?[ -]olds?\s+)?"
_RELATION = re.compile(rf"\b(?:my|our)\s+{_AGE}({_HE}|{_SHE}|{_THEY})\b")
_PRONOUN = re.compile(r"\b(he|she|his|her|him|hes|shes)\b")
# The writer speaks of their own symptoms ("i have", "my head"): a "she" is someone else.
_FIRST_SYMPTOM = re.compile(
    r"\bi (?:have|am|feel|keep|got|get|had|was|can ?not|cant)\b|\bi've\b|\bive\b|\bi'm\b|"
    r"\bim\b|\bmy (?!(?:son|daughter|husband|wife|mum|mom|dad|baby|child|kid|boy|girl)\b)\w+"
)


@dataclass(frozen=True)
class Subject:
    """The person a carer writes about: the pronoun questions use and how to name them."""

    pronoun: str  # "he", "she" or "they"
    who: str  # "your son", or "" when only a pronoun was said

    @property
    def possessive(self) -> str:
        return {"he": "his", "she": "her"}.get(self.pronoun, "their")

    @property
    def object(self) -> str:
        return {"he": "him", "she": "her"}.get(self.pronoun, "them")


# A relative who reports or worries ("according to my mum", "my wife says i look pale", "my
# husband made me book this") is not the patient when the writer speaks of themself.
_REPORTING = re.compile(
    rf"\baccording to (?:my|our)\s+{_AGE}(?:{_HE}|{_SHE}|{_THEY})\b|"
    rf"\b(?:my|our)\s+{_AGE}(?:{_HE}|{_SHE}|{_THEY})\s+(?:says?|said|thinks?|thought|reckons?|"
    r"told me|tells me|keeps telling me|noticed|wants me|made me|suggested|is worried|was worried|"
    r"is nagging me|nagged me)\b|"
    # ... or is where the writer's illness came from ("my little one had the same last week",
    # "caught it off my son"): a contact, the writer is the patient.
    rf"\b(?:my|our)\s+{_AGE}(?:{_HE}|{_SHE}|{_THEY})\s+(?:had|has|has had|got|has got|'s got|"
    r"caught|was off with|has been off with)\s+(?:the same|it|this|that)\b|"
    rf"\b(?:off|from|same as|like)\s+(?:my|our)\s+{_AGE}(?:{_HE}|{_SHE}|{_THEY})\b"
)
_WRITER = re.compile(r"\b(?:i|im|i'm|ive|i've|me|my|myself)\b")
_THIRD = re.compile(r"\b(?:he|she|hes|shes|his|him)\b")


def _reported(low: str, match: re.Match[str]) -> bool:
    """Whether the relation ``match`` only reports on the writer's own symptoms."""
    for frame in _REPORTING.finditer(low):
        if frame.start() <= match.start() < frame.end():
            rest = low[: frame.start()] + " " + low[frame.end() :]
            return bool(_WRITER.search(rest)) and not _THIRD.search(rest)
    return False


def subject_of(text: str) -> Subject | None:
    """The person the message is about when it is not the writer, else None."""
    low = text.lower().replace("\u2019", "'")
    match = next((m for m in _RELATION.finditer(low) if not _reported(low, m)), None)
    if match is None and _RELATION.search(low):
        return None  # only a relative reporting on the writer
    if match:
        word = match.group(1)
        if re.fullmatch(_HE, word):
            pronoun = "he"
        elif re.fullmatch(_SHE, word):
            pronoun = "she"
        else:
            said = _PRONOUN.search(low[match.end() :])
            pronoun = (
                "he"
                if said and said.group(1) in ("he", "his", "him", "hes")
                else "she"
                if said
                else "they"
            )
        return Subject(pronoun, f"your {word}")
    pronouns = _PRONOUN.findall(low)
    if pronouns and not _FIRST_SYMPTOM.search(low):
        return Subject("he" if pronouns[0] in ("he", "his", "him", "hes") else "she", "")
    return None


_TO_FIRST = (
    (r"\b(?:he|she|they) (?:has|have)\b", "i have"),
    (r"\b(?:he|she)'?s been\b", "i have been"),
    (r"\b(?:he|she)'?s had\b", "i have had"),
    (r"\b(?:he|she)'?s got\b", "i have got"),
    (r"\b(?:he|she)'s\b|\b(?:hes|shes)\b", "i am"),
    (r"\b(?:he|she) is\b|\bthey are\b", "i am"),
    (r"\b(?:he|she) was\b|\bthey were\b", "i was"),
    (r"\b(?:he|she) does\b", "i do"),
    (r"\b(?:he|she) keeps\b", "i keep"),
    (r"\b(?:he|she) says\b", "i say"),
    (r"\b(?:he|she|they)\b", "i"),
    (r"\b(?:his|their)\b", "my"),
    (r"\bhim(?:self)?\b|\bthem(?:selves)?\b", "me"),
)


def as_own_words(text: str, subject: Subject) -> str:
    """A carer's message in the patient's own voice, for reading it ("my son has a cough, his
    ear hurts" -> "i have a cough, my ear hurts")."""
    low = text.lower().replace("\u2019", "'")
    if subject.who:
        word = subject.who.split(" ", 1)[1]
        low = re.sub(
            rf"\b(?:my|our)\s+{_AGE}{word}(?:'s|s)?(?:\s+(?:has|is|was|keeps))?\b",
            lambda m: {"has": "i have", "is": "i am", "was": "i was", "keeps": "i keep"}.get(
                m.group(0).rsplit(" ", 1)[-1], "i"
            ),
            low,
        )
    out = low
    for pattern, said in _TO_FIRST:
        out = re.sub(pattern, said, out)
    if subject.pronoun == "she":
        out = re.sub(r"\bher\b", "my", out)
    return out


_ABOUT = (
    (r"^(?:do|does) you\b", "Does {p}"),
    (r"^are you\b", "Is {p}"),
    (r"^have you\b", "Has {p}"),
    (r"^did you\b", "Did {p}"),
    (r"^were you\b", "Was {p}"),
    (r"^can you\b", "Can {p}"),
    (r"^would you\b", "Would {p}"),
    (r"^is your\b", "Is {pos}"),
    (r"^are your\b", "Are {pos}"),
)


_CONJUNCTION = (
    r"that|if|when|whether|like|or|and|because|where|while|before|after|as|so|until|unless|"
    r"than|since|once"
)
_MODALS = frozenset(
    ["can", "could", "would", "will", "should", "may", "might", "must", "did", "had"]
)
_INVERTED = re.compile(r"\b(do|have|are|were|did|can|could|would|will|should)\s+you\b", re.I)
# An adverb between "you" and its verb is kept, and the verb after it turned ("when you
# suddenly stand up" -> "when he suddenly stands up").
_ADVERB = r"\w+ly|ever|never|often|always|still|also|just|only|usually|sometimes|already"
_YOU_SUBJECT = re.compile(rf"\b({_CONJUNCTION})\s+you\s+((?:{_ADVERB})\s+)?(\w+)\b", re.I)
# Verbs ending in -ed that are not past tenses ("that you need"), and past tenses that do
# not end in -ed ("that you lost weight"): the former take an -s, the latter do not.
_PRESENT_ED = frozenset(["need", "bleed", "feed", "breed", "proceed", "exceed", "succeed", "heed"])
_PAST = frozenset(
    [
        "lost",
        "felt",
        "got",
        "took",
        "went",
        "fell",
        "ate",
        "hit",
        "came",
        "saw",
        "knew",
        "began",
        "became",
        "left",
        "kept",
        "slept",
        "woke",
        "gave",
        "made",
        "ran",
        "said",
        "thought",
        "told",
        "bought",
        "caught",
        "drank",
        "broke",
        "wore",
    ]
)


def _agrees(verb: str, pronoun: str) -> str:
    """The verb after "he"/"she" ("you produce" -> "he produces"); "they" takes it as it is."""
    low = verb.lower()
    if pronoun == "they" or low in _MODALS or low in _PAST:
        return verb
    if low.endswith("ed") and low not in _PRESENT_ED:
        return verb
    irregular = {"are": "is", "were": "was", "have": "has", "do": "does", "go": "goes"}
    if low in irregular:
        return irregular[low]
    if re.search(r"(?:s|sh|ch|x|z|o)$", low):
        return verb + "es"
    if re.search(r"[^aeiou]y$", low):
        return verb[:-1] + "ies"
    return verb + "s"


def about_them(question: str, subject: Subject) -> str:
    """A question to the patient put to a carer about them ("Do you have a fever?" -> "Does he
    have a fever?"); a question it cannot turn is left as it is. "You" as a subject inside
    the question is turned with its verb ("or do you feel" -> "or does he feel", "that you
    produce" -> "that he produces"); as an object it becomes "him"/"her"/"them"."""
    p, pos, obj = subject.pronoun, subject.possessive, subject.object
    out = question
    turned = False
    for pattern, said in _ABOUT:
        new = re.sub(pattern, said.format(p=p, pos=pos), out, count=1, flags=re.IGNORECASE)
        if new != out:
            out, turned = new, True
            break
    if not turned:
        return question
    if p == "they":
        out = re.sub(r"^Does they\b", "Do they", out)
        out = re.sub(r"^Is they\b", "Are they", out)
        out = re.sub(r"^Has they\b", "Have they", out)
        out = re.sub(r"^Was they\b", "Were they", out)
    out = re.sub(r"\byour\b", pos, out)
    out = re.sub(r"\byourself\b", f"{obj}self" if p != "they" else "themselves", out)
    out = _INVERTED.sub(lambda m: f"{_agrees(m.group(1), p)} {p}", out)
    out = re.sub(r"\byou['\u2019]re\b", "you are", out)
    out = _YOU_SUBJECT.sub(
        lambda m: f"{m.group(1)} {p} {m.group(2) or ''}{_agrees(m.group(3), p)}", out
    )
    out = re.sub(r"\byou (are|were|have)\b", lambda m: f"{p} {_agrees(m.group(1), p)}", out)
    if p != "they":
        out = out.replace(" is (or were)", " is (or was)")
    out = re.sub(r"\byou\b", obj, out)
    return out[:1].upper() + out[1:]
