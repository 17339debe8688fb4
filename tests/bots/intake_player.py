"""A patient from a table playing a whole intake through the service: the answer the row gives
to each question, until the case stops (shared by the derived-flag and minor-care tables)."""

from __future__ import annotations

from typing import Any

from bots.messages import Inbound
from bots.models import Case, CaseStatus

PACK = "patient-intake"
# The emergency instruction (bots.triage.TRIAGE_ADVICE); the opening's disclaimer names the
# number too, so the instruction is known by its first words.
EMERGENCY = "This may be an emergency."
Replies = tuple[tuple[tuple[str, ...], str], ...]


def reply_to(reply: Any, replies: Replies) -> str:
    """The row's answer to the reply's question (keywords, first match), else "no"."""
    if "didn't understand" in reply.text:
        return "not sure"  # a patient who is not understood twice gives up on that question
    # The question is the reply's last part: "Noted: ... skin ... no." before it is not it.
    asked = (reply.parts[-1] if reply.parts else reply.text).lower()
    for words, text in replies:
        if any(w in asked for w in words):
            return text
    return "no"


def play(service: Any, thread: str, opening: str, replies: Replies) -> tuple[str, bool, str]:
    """(the level the case ended with, whether the patient was told to call emergency
    services, the last reply's text)."""
    level, told, text, _ = play_counted(service, thread, opening, replies)
    return level, told, text


def play_counted(
    service: Any, thread: str, opening: str, replies: Replies
) -> tuple[str, bool, str, int]:
    """:func:`play`, and how many times the patient was asked something before the case
    stopped (each reply the patient answered)."""

    def say(text: str) -> Any:
        return service.handle(Inbound("web", thread, text, user_id="u1", pack=PACK))

    reply = say(opening)
    told = reply.triage_level == "emergency" or EMERGENCY in reply.text
    asked = 0
    for _ in range(30):
        case = Case.objects.get(external_thread_id=thread)
        if case.status != CaseStatus.ACTIVE:
            break
        asked += 1
        reply = say(reply_to(reply, replies))
        told = told or reply.triage_level == "emergency" or EMERGENCY in reply.text
    case = Case.objects.get(external_thread_id=thread)
    return case.triage_level or "", told, reply.text, asked
