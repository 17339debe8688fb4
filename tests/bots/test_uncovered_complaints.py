"""Everyday complaints the pack has no cause for, through the service (stop 47): the nurse's
screen and an honest level instead of 15 of the pack's questions and "seek care today"; the
pack's own presentations keep its questions (tests/bots/uncovered_complaints_table.py;
``pytest -s`` prints each row: handling, level, questions asked)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from bots.messages import Inbound
from bots.models import Case, CaseStatus
from tests.bots.intake_player import EMERGENCY, PACK, reply_to
from tests.bots.minor_care_table import Row
from tests.bots.uncovered_complaints_table import (
    DEV,
    DEV_PACK,
    DIZZY_48,
    HELD_OUT,
    HELD_OUT_47B,
    HELD_OUT_47B_PACK,
    HELD_OUT_48,
    HELD_OUT_48_PACK,
    HELD_OUT_PACK,
)

HOME = ("routine", "self-care")
# The nurse's table tells the patient the intake has no diagnosis for the complaint
# (minor_care._NO_DIAGNOSIS): the mark of its handling, seen by the patient.
NURSE = "medical dataset that"


def play(service: Any, thread: str, row: Row) -> tuple[str, bool, bool, int]:
    """(level, told to call emergency services, handled by the nurse's table, questions
    answered) for one row played through the service."""
    opening, replies, _ = row

    def say(text: str) -> Any:
        return service.handle(Inbound("web", thread, text, user_id="u1", pack=PACK))

    reply = say(opening)
    told = reply.triage_level == "emergency" or EMERGENCY in reply.text
    nurse = NURSE in reply.text
    asked = 0
    for _ in range(30):
        if Case.objects.get(external_thread_id=thread).status != CaseStatus.ACTIVE:
            break
        asked += 1
        reply = say(reply_to(reply, replies))
        told = told or reply.triage_level == "emergency" or EMERGENCY in reply.text
        nurse = nurse or NURSE in reply.text
    level = Case.objects.get(external_thread_id=thread).triage_level or ""
    return level, told, nurse, asked


def right(want: str, level: str, told: bool, nurse: bool, asked: int) -> bool:
    if want == "pack":
        return not nurse
    if want == "emergency":
        return told  # the emergency readers run before any table
    if not nurse or asked > 4:
        return False
    if want == "home":
        return level in HOME and not told
    if want == "seen":
        return level == "urgent" and not told
    return told


def measure(service: Any, rows: list[Row], part: str) -> tuple[list[str], int]:
    """The rows played wrong, and the most questions an uncovered row was asked."""
    wrong, most = [], 0
    for i, row in enumerate(rows):
        level, told, nurse, asked = play(service, f"uc-{part}-{i}", row)
        want = row[2]
        if want != "pack":
            most = max(most, asked)
        ok = right(want, level, told, nurse, asked)
        how = "nurse" if nurse else "pack"
        shown = f"want {want:5} got {how:5} {level or '-':9} 112: {told!s:5} asked {asked:2}"
        if not ok:
            wrong.append(f"{row[0]} ({shown})")
        print(f"  [{part}] {'ok ' if ok else 'BAD'} {shown}  {row[0][:70]}")
    print(f"{part}: right {len(rows) - len(wrong)}/{len(rows)}, most questions {most}")
    return wrong, most


@pytest.mark.django_db
def test_development_part(service_factory: Any) -> None:
    """20 of 22 (stop 47): a mouth ulcer stays the pack's (it has the finding "painful mouth
    ulcers or sores"; 0.10 nearer the everyday exemplars, under the margin) and "struggling to
    drop off at night" is 0.43 near them."""
    wrong, _ = measure(service_factory(), DEV, "dev")
    assert len(wrong) <= 2, wrong
    assert not [w for w in wrong if "112: True" in w or "got nurse" in w], wrong


@pytest.mark.django_db
def test_development_pack_part(service_factory: Any) -> None:
    wrong, _ = measure(service_factory(), DEV_PACK, "dev-pack")
    assert not wrong, wrong


@pytest.mark.django_db
def test_held_out_parts(service_factory: Any) -> None:
    """Printed (scored once at the end of stop 47: 2/27 and 25/25; used up, after stop 47b's
    exemplars 19/27 and 25/25). Asserted: a held-out row
    the nurse's screen took ends at its want, and the pack keeps its openings."""
    wrong, _ = measure(service_factory(), HELD_OUT, "held-out")
    pack_wrong, _ = measure(service_factory(), HELD_OUT_PACK, "held-out-pack")
    assert not [w for w in wrong if "got nurse" in w], wrong
    assert len(pack_wrong) <= 2, pack_wrong


@pytest.mark.django_db
def test_held_out_47b_parts(service_factory: Any) -> None:
    """Printed (written before the exemplars were widened; 5/22 and 8/10 before, 13/22 and
    8/10 after, stop 47b). Asserted: no row the nurse's screen took is told to call emergency
    services, at most 9 everyday rows are wrong, the pack keeps 8 of its 10 (hay fever eyes and
    a hot child's earache were the nurse's before stop 47b: docs/first-questions.md)."""
    wrong, _ = measure(service_factory(), HELD_OUT_47B, "held-out-47b")
    pack_wrong, _ = measure(service_factory(), HELD_OUT_47B_PACK, "held-out-47b-pack")
    assert not [w for w in wrong if "got nurse" in w and "112: True" in w], wrong
    assert len(wrong) <= 9, wrong
    assert len(pack_wrong) <= 2, pack_wrong


def first_questions(service: Any, thread: str, opening: str, replies: Any) -> list[str]:
    """The first three distinct questions a row is asked, answered as the probes answer (the
    row's rule whose words the question holds, "not sure" otherwise)."""

    def say(text: str) -> Any:
        return service.handle(Inbound("web", thread, text, user_id="u1", pack=PACK))

    reply, asked = say(opening), []
    for _ in range(8):
        if reply.kind != "question" or len(asked) == 3:
            break
        question = reply.parts[-1] if reply.parts else reply.text
        if question not in asked:
            asked.append(question)
        low = question.lower()
        said = next((text for words, text in replies if any(w in low for w in words)), "")
        reply = say(said or "not sure")
    return asked


def about(question: str, words: tuple[str, ...]) -> bool:
    """Whether the question holds one of the words at a word's start ("ear" is not "heart")."""
    low = question.lower()
    return any(re.search(rf"\b{re.escape(w)}", low) for w in words)


@pytest.mark.django_db
def test_held_out_48_parts(service_factory: Any) -> None:
    """Written before any change of stop 48 (4b68e88), scored once at its end
    (docs/first-questions.md, stop 48): main 14/29, 8/10, dizziness 1/6; after 18/29, 8/10,
    2/6. Asserted: no row the nurse's screen took is told to call emergency services, and no
    part falls below its score after stop 48."""
    wrong, _ = measure(service_factory(), HELD_OUT_48, "held-out-48")
    pack_wrong, _ = measure(service_factory(), HELD_OUT_48_PACK, "held-out-48-pack")
    service, off = service_factory(), []
    for i, (opening, replies, words) in enumerate(DIZZY_48):
        asked = first_questions(service, f"uc-dizzy-{i}", opening, replies)
        bad = [q for q in asked if not about(q, words)]
        if bad or not asked:
            off.append(opening)
        print(f"  [dizzy-48] {'BAD' if bad or not asked else 'ok '} {opening[:60]}")
        for q in asked:
            print(f"      {'  ' if about(q, words) else '! '}{q[:110]}")
    print(f"dizzy-48: about the complaint {len(DIZZY_48) - len(off)}/{len(DIZZY_48)}")
    assert not [w for w in wrong if "got nurse" in w and "112: True" in w], wrong
    assert len(wrong) <= 11, wrong
    assert len(pack_wrong) <= 2, pack_wrong
    assert len(off) <= 4, off
