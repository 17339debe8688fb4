"""The last question the budget allows, through the service as ``manage.py evaluate flodial``
builds it: a fact read with doubt from the opening, that the dialogue rests on, is asked back
rather than one more question before the case is handed on (planning.engine)."""

from __future__ import annotations

from typing import Any

import pytest

from bots.messages import Inbound, Reply
from knowledge.datasets import flodial

# A FloDial user's opening (dialog 448). "the parking brake didn't work as expected" is read,
# with doubt, as "Is the emergency parking brake working properly? no", while the chart sends
# a failing parking brake down that question's "yes" (its node is "parking brake failure?"):
# the dialogue asks the other branch's questions, which the user cannot answer.
OPENING = (
    "I'm having braking problems with my Nissan Maxima. I tried parking on a slight hill with "
    "the parking brake on, but I realized that the parking brake is didn't work as expected. "
    "I had to park elsewhere."
)
PATH = {
    "brake_problem:q1": "yes",
    "brake_problem:q9": "yes",
    "brake_problem:q12": "no",
    "brake_problem:q14": "yes",
}
PARKING_BRAKE = "brake_problem:q9"


def evaluation_service(chart: str) -> Any:
    """The service as ``manage.py evaluate flodial`` builds it (the chart as its pack, in
    memory, tau 0.85, 15 questions)."""
    from bots.config import ServiceConfig
    from bots.language import OfflineInterpreter
    from bots.service import ConversationService
    from evaluation.memory import DatasetPacks, MemoryStore, OfflineGrounding
    from planning.dialogue import StoppingRule

    try:
        network = flodial.load_network(chart)
    except Exception as exc:  # the shared datasets are not beside the checkout
        pytest.skip(f"FloDial charts not available: {exc}")
    packs = DatasetPacks(
        {chart: network}, domain="troubleshooting", stopping={"tau": 0.85, "max_turns": 15}
    )
    config = ServiceConfig(
        channel_packs={"web": None}, stopping=StoppingRule(red_flags="flag"), focus_sections=False
    )
    return ConversationService(
        packs=packs,
        interpreter=OfflineInterpreter(),
        config=config,
        grounding=OfflineGrounding(packs),
        store=MemoryStore(),
    )


def test_the_last_question_asks_back_the_doubtful_opening_fact_instead_of_handing_on() -> None:
    service = evaluation_service("brake_problem")
    store = service.store
    thread, pack = "b1", "brake_problem"
    replies: list[Reply] = [
        service.handle(Inbound("web", thread, text=OPENING, pack=pack), store=store)
    ]
    assert "parking brake" in replies[0].text.lower()  # noted as read
    while replies[-1].kind == "question" and len(replies) < 25:
        truth = PATH.get(str(replies[-1].question), "unsure")
        inbound = Inbound("web", thread, text="", button=f"answer:{truth}", pack=pack)
        replies.append(service.handle(inbound, store=store))
    questions = [r for r in replies if r.kind == "question"]
    assert len(questions) == 15  # the whole budget
    # The opening's fact, asked back as the last question (never before it).
    assert [r.question for r in questions].count(PARKING_BRAKE) == 1
    assert questions[-1].question == PARKING_BRAKE
    assert questions[-1].text.startswith("Just to be sure: ")
    # The user's own answer decides: the cause on their path, not a hand-off.
    last = replies[-1]
    assert last.kind == "conclusion", last.text
    assert "parking brake" in last.text.lower()
