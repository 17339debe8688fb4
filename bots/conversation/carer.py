"""A carer writing for someone else (bots.language.subject): their words are read as the
patient's own, and questions are put to them about the patient. The subject is read from the
opening message (the dialogue's complaint), so nothing more is stored with the case."""

from __future__ import annotations

from bots.conversation.context import Context, Kit
from bots.language.subject import Subject, about_them, as_own_words, subject_of


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
