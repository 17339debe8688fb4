"""Before an urgent close, the emergency questions that fit; a "not sure" to a nurse's screening
question asked another way once, then seen today (stop 45). Played through the service the web
chat uses on ``tests/bots/urgent_close_table.py`` (written before the change); ``pytest -s``
prints each part's numbers."""

from __future__ import annotations

import re
from statistics import mean
from typing import Any

import pytest

from bots.messages import Inbound
from bots.models import Case, CaseStatus
from tests.bots.intake_player import EMERGENCY, PACK
from tests.bots.urgent_close_table import CONTROLS, DEV, HELD_OUT, Row

HOME = ("routine", "self-care")
# What a patient must never read: a dataset's code, or staff alerted when nobody was paged.
_CODES = re.compile(r"\b[EV]_\d+\b")


def _answer(question: str, row: Row, used: dict[int, int]) -> str:
    """The row's next answer to the rule whose keywords the question holds, else "no"."""
    asked = question.lower()
    for i, (words, answers) in enumerate(row.replies):
        if any(w in asked for w in words):
            n = used.get(i, 0)
            used[i] = n + 1
            return answers[min(n, len(answers) - 1)]
    return "no"


def play(service: Any, thread: str, row: Row) -> tuple[str, bool, bool, int, list[str]]:
    """(the level the case ended with, told to call 112, screened, questions asked, what the
    patient read that they must not)."""

    def say(text: str) -> Any:
        return service.handle(Inbound("web", thread, text, user_id="u1", pack=PACK))

    used: dict[int, int] = {}
    reply = say(row.opening)
    told = reply.triage_level == "emergency" or EMERGENCY in reply.text
    screened, asked, bad = False, 0, []
    for _ in range(30):
        bad += [p for p in reply.parts if _CODES.search(p) or "alerted" in p]
        case = Case.objects.get(external_thread_id=thread)
        if case.status != CaseStatus.ACTIVE:
            break
        question = reply.parts[-1] if reply.parts else reply.text
        screened = screened or any(w in question.lower() for w in row.screen)
        asked += 1
        reply = say(_answer(question, row, used))
        told = told or reply.triage_level == "emergency" or EMERGENCY in reply.text
    case = Case.objects.get(external_thread_id=thread)
    return case.triage_level or "", told, screened, asked, bad


def right(row: Row, level: str, told: bool, screened: bool) -> bool:
    if row.screen and not screened and row.want != "emergency":
        return False  # closed urgent without asking the emergency sign the picture could hide
    if row.want == "home":
        return level in HOME and not told
    if row.want == "seen":
        return level == "urgent" and not told
    return told


def _measure(service: Any, rows: list[Row], part: str) -> tuple[list[str], list[str]]:
    wrong: list[str] = []
    bad: list[str] = []
    asked: list[int] = []
    for i, row in enumerate(rows):
        level, told, screened, n, said = play(service, f"urgent-close-{part}-{i}", row)
        asked.append(n)
        bad += said
        ok = right(row, level, told, screened)
        if not ok:
            wrong.append(
                f"[{row.cls}] {row.opening} want {row.want} -> {level}, told 112: {told}, "
                f"screened {screened}"
            )
        got = f"{level or '-':9} told 112: {told!s:5} screened {screened!s:5} asked {n:2}"
        mark = "ok " if ok else "BAD"
        print(f"  [{part}/{row.cls}] {mark} want {row.want:9} got {got}  {row.opening[:50]}")
    print(
        f"\n{part}: right {len(rows) - len(wrong)}/{len(rows)}, questions asked mean "
        f"{mean(asked):.1f}, most {max(asked)}, replies with a code or 'alerted' {len(bad)}"
    )
    return wrong, bad


@pytest.mark.django_db
def test_development_part(service_factory: Any) -> None:
    wrong, bad = _measure(service_factory(), DEV, "dev")
    assert not wrong, wrong
    assert not bad, bad


@pytest.mark.django_db
def test_controls_stay_as_they_were(service_factory: Any) -> None:
    wrong, bad = _measure(service_factory(), CONTROLS, "controls")
    # Two mild rows (night cramps in both calves, a knee that aches after a walk) end urgent
    # after the pack's 15 questions, before stop 45 as after: the pack's own level, out of
    # this table's reach; what must hold is that no mild row is told to call 112 and every
    # emergency is.
    assert not [w for w in wrong if "told 112: False" not in w or " want emergency " in w], wrong
    assert len(wrong) <= 2, wrong
    assert not bad, bad


@pytest.mark.django_db
def test_held_out_part(service_factory: Any) -> None:
    wrong, bad = _measure(service_factory(), HELD_OUT, "held-out")
    assert len(wrong) <= 1, wrong
    assert not bad, bad
