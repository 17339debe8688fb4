"""A skin problem said by how the skin looks or feels is a skin problem (stop 46;
tests/bots/skin_words_table.py): read as the intake's skin question's yes, so the first
questions are about the skin, not fatigue or mouth ulcers."""

from __future__ import annotations

from typing import Any

import pytest

from bots.grounding import StoredPacks
from bots.messages import Inbound
from planning.network import EvidentialNetwork

from .skin_words_table import DEVELOPMENT, HELD_OUT, Row
from .test_a_denied_feature_is_not_a_denied_topic import _skin


@pytest.fixture
def intake(packs: tuple[str, ...]) -> EvidentialNetwork:
    return StoredPacks().network("patient-intake")


@pytest.mark.parametrize("row", DEVELOPMENT, ids=[r[0] for r in DEVELOPMENT])
def test_a_skin_problem_in_its_own_words(intake: EvidentialNetwork, row: Row) -> None:
    assert _skin(row[0], intake) == row[1]


def test_held_out(intake: EvidentialNetwork) -> None:
    """Scored and printed; asserted: no held-out row read the opposite way or read where it
    says nothing of the skin."""
    got = [(row, _skin(row[0], intake)) for row in HELD_OUT]
    print(f"skin words held-out: {sum(g == r[1] for r, g in got)}/{len(got)} right")
    assert not [r[0] for r, g in got if g is not None and g != r[1]]


@pytest.mark.django_db
def test_the_first_question_is_about_the_skin(service_factory: Any) -> None:
    # Since stop 47 an everyday skin complaint may go to the nurse's generic screen instead
    # (bots.safety.everyday_meaning: dry skin is a self-care complaint); either way the first
    # question is about the skin or the screen's red flags, never the pack's fatigue.
    service = service_factory()
    said = "got dry scaly patches on my elbows that flake off when i scratch them"
    asked: list[str] = []
    for text in (said, "not sure"):  # the disclaimer's "anything urgent?", then the first
        reply = service.handle(Inbound("web", "skin-1", text, user_id="u1", pack="patient-intake"))
        if reply.kind == "question":
            asked.append((reply.parts[-1] if reply.parts else reply.text).lower())
    first = asked[0]
    skin = any(w in first for w in ("skin", "rash", "lesion", "itch", "peel"))
    assert skin or "much worse quickly" in first, asked
