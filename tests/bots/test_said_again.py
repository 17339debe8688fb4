"""A reply that only says again a fact the bot already has ("handbrake works fine", to one
question about the handbrake after another) leaves the question as unanswered as an unreadable
reply: through the web chat's service, it is noted back with why the question stands, and it
counts toward offering a person, so the conversation is never a loop (lead16: eight times)."""

from __future__ import annotations

import pytest

from bots.messages import Reply

from .test_opening_facts_service import _open
from .test_service import Service, say

OPENING = (
    "the brake pedal has gone really soft, it sinks almost down to the carpet before anything "
    "happens, and theres a red brake symbol lit up on the dash since yesterday"
)


def _offers_person(reply: Reply) -> bool:
    return any(b.payload == "human" for b in reply.buttons)


@pytest.mark.django_db
def test_a_fact_said_over_and_over_is_not_a_loop(service_factory: Service) -> None:
    from .conftest import _ensure_packs

    _ensure_packs(("car",))
    service = service_factory()
    reply = _open(service, "said-again", OPENING, "car", "brake")
    replies = [reply]
    for _ in range(6):
        replies.append(say(service, "said-again", "handbrake works fine", channel="web"))
    repeats = [r for r in replies if "I have that already" in r.text]
    assert repeats, [r.text for r in replies]  # the fact was said again to another question
    # Said again twice to the same question: a person is offered, as after two unreadable replies.
    first = replies.index(repeats[0])
    assert any(_offers_person(r) for r in replies[first : first + 2]), [
        (r.text, [b.label for b in r.buttons]) for r in replies[first:]
    ]
