"""A carer writing for someone else (bots.language.subject): their words are read as the
patient's own, and questions are put to them about the patient. The subject is read from the
opening message (the dialogue's complaint), so nothing more is stored with the case."""

from __future__ import annotations

import dataclasses
import re

from bots.conversation.context import Context, Kit
from bots.language.subject import Subject, about_them, as_own_words, subject_of
from bots.messages import Reply


def subject(kit: Kit, ctx: Context, opening: str = "") -> Subject | None:
    """Who the case is about when not the writer (patient-facing packs, or no pack yet)."""
    if ctx.info is not None and not kit.patient_facing(ctx):
        return None
    complaint = ctx.dialogue.complaint if ctx.dialogue is not None else opening
    return subject_of(complaint) if complaint else None


def own_words(kit: Kit, ctx: Context, text: str, opening: str = "") -> str:
    """``text`` in the patient's voice, for reading it ("his ear hurts" -> "my ear hurts")."""
    who = subject(kit, ctx, opening)
    return as_own_words(text, who) if who is not None and text else text


def addressed(kit: Kit, ctx: Context, question: str) -> str:
    """A question to the patient as put to the carer ("Does he have a fever?")."""
    who = subject(kit, ctx)
    return about_them(question, who) if who is not None else question


# Patient-directed "you" in the bot's own texts (a disclaimer, a scale's range, advice), as put
# to a carer about the patient. The carer is still "you" where they act: "tell you", "if you
# think this is an emergency, call", "your answers".
_STATE_VERBS = {
    # you ... -> (he/she, they)
    "feel": ("feels", "feel"),
    "felt": ("felt", "felt"),
    "are": ("is", "are"),
    "'re": ("is", "are"),
    "were": ("was", "were"),
    "have": ("has", "have"),
    "'ve": ("has", "have"),
    "had": ("had", "had"),
    "get": ("gets", "get"),
    "can imagine": ("can imagine", "can imagine"),
    "can't breathe": ("can't breathe", "can't breathe"),
    "can breathe": ("can breathe", "can breathe"),
    "should be": ("should be", "should be"),
}
_STATE = re.compile(
    r"\byou(?: (feel|felt|are|were|have|had|get|can imagine|can't breathe|can breathe|should be)|"
    r"('re|'ve))\b(?! (?:one|number|in the queue|welcome|now talking)\b)",
    re.IGNORECASE,
)
# "Do not drive yourself." said of the patient: "Do not let him drive."
_DONT = re.compile(r"\b(Do not|Don't) (\w+) yourself\b", re.IGNORECASE)
_OBJECT = re.compile(r"\b(diagnose|examine|treat|assess) you\b", re.IGNORECASE)
_REFLEXIVE = re.compile(r"\b(harm|harming|hurt|hurting|kill|killing|drive) yourself\b", re.I)
# What stays the carer's own: their answers and messages.
_YOUR = re.compile(
    r"\byour\b(?! (?:answers?|messages?|reply|replies|questions?|chat|own|case|place in)\b)",
    re.IGNORECASE,
)


def to_carer(text: str, who: Subject) -> str:
    """``text``'s patient-directed "you" turned to the patient ("I can't diagnose you" -> "I
    can't diagnose him"; "the worst pain you can imagine" -> "the worst pain he can imagine";
    "your symptoms" -> "his symptoms"); what the carer does stays "you"."""
    p, pos, obj = who.pronoun, who.possessive, who.object
    refl = "themselves" if p == "they" else f"{obj}self"

    def state(m: re.Match[str]) -> str:
        verb = (m.group(1) or m.group(2)).lower()
        said = _STATE_VERBS[verb][1 if p == "they" else 0]
        return f"{p} {said}"

    # A question is turned whole first ("Are you ...?" -> "Is he ...?"), as questions are.
    sentences = re.split(r"(?<=[.!?])(\s+)", text)
    out = "".join(about_them(x, who) if x.rstrip().endswith("?") else x for x in sentences)
    out = _DONT.sub(lambda m: f"{m.group(1)} let {obj} {m.group(2)}", out)
    out = _STATE.sub(state, out)
    out = _OBJECT.sub(lambda m: f"{m.group(1)} {obj}", out)
    out = _REFLEXIVE.sub(lambda m: f"{m.group(1)} {refl}", out)
    out = _YOUR.sub(pos, out)
    # A sentence that now starts with the pronoun: capitalised.
    return re.sub(r"(^|[.!?]\s+)(he|she|they|his|her|their)\b", _capital, out)


def _capital(m: re.Match[str]) -> str:
    return m.group(1) + m.group(2)[:1].upper() + m.group(2)[1:]


def addressed_text(kit: Kit, ctx: Context, text: str) -> str:
    """One of the bot's texts as said to a carer about the patient (unchanged otherwise)."""
    who = subject(kit, ctx)
    return to_carer(text, who) if who is not None else text


def addressed_reply(kit: Kit, ctx: Context, reply: Reply) -> Reply:
    """Every text of a reply (its parts and button labels) as said to a carer."""
    who = subject(kit, ctx)
    if who is None:
        return reply
    parts = tuple(to_carer(p, who) for p in reply.parts)
    buttons = tuple(dataclasses.replace(b, label=to_carer(b.label, who)) for b in reply.buttons)
    choices = tuple(dataclasses.replace(c, label=to_carer(c.label, who)) for c in reply.choices)
    return dataclasses.replace(reply, parts=parts, buttons=buttons, choices=choices)
