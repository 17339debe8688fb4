"""The scope check by meaning (``bots.conversation.scope_check``) on complaints no word list
names (``scope_table.MEANING_*``): an out-of-scope complaint is caught when no pack finds it
plausible (stricter than the service, which asks only about the pack it routed to); an
in-scope one is lost when its own pack does not. The threshold was chosen on the development
rows; the held-out rows were written before any score was seen and are only reported."""

from __future__ import annotations

from typing import Any

import pytest

from bots.conversation.scope_check import plausible

from .conftest import _ensure_packs
from .scope_table import MEANING_DEVELOPMENT, MEANING_HELD_OUT


def rates(service: Any, rows: list[tuple[str, str | None, bool]]) -> tuple[float, float, list[str]]:
    packs = {
        n: (service.packs.network(n), service.packs.info(n).domain) for n in service.packs.names()
    }
    caught = lost = outs = ins = 0
    wrong = []
    for text, pack, outside in rows:
        if outside:
            outs += 1
            hit = not any(plausible(net, domain, text) for net, domain in packs.values())
            caught += hit
        else:
            ins += 1
            net, domain = packs[str(pack)]
            hit = not plausible(net, domain, text)
            lost += hit
        if hit != outside:
            wrong.append(text)
    return caught / outs, lost / ins, wrong


@pytest.mark.parametrize(
    ("rows", "min_caught", "max_lost"),
    [(MEANING_DEVELOPMENT, 0.8, 0.07), (MEANING_HELD_OUT, 0.75, 0.1)],
    ids=["development", "held-out"],
)
def test_complaints_no_pack_covers_are_caught_by_meaning(
    service_factory: Any,
    rows: list[tuple[str, str | None, bool]],
    min_caught: float,
    max_lost: float,
) -> None:
    _ensure_packs(("car",))  # the three example packs, as bin/run loads them
    caught, lost, wrong = rates(service_factory(), rows)
    print(f"caught {caught:.1%} lost {lost:.1%} wrong {wrong}")
    assert caught >= min_caught, wrong
    assert lost <= max_lost, wrong


def test_an_email_problem_is_not_taken_into_the_patient_intake(service_factory: Any) -> None:
    """Found trying the web chat: "outlook keeps asking for my password" was routed to the
    patient intake and asked about a cough. Now the user is asked which topic it is, and
    "None of these" hands it to a person."""
    from bots.messages import Inbound

    service = service_factory()
    reply = service.handle(
        Inbound("web", "scope-outlook", text="outlook keeps asking for my password every 5 minutes")
    )
    assert reply.kind == "prompt", reply
    assert "cough" not in reply.text.lower()
    assert "I can only help with" in reply.text  # said plainly, with what it does cover
    labels = [b.label for b in reply.buttons]
    assert "None of these" in labels, labels
    after = service.handle(
        Inbound(
            "web",
            "scope-outlook",
            text="",
            button=next(b.payload for b in reply.buttons if b.label == "None of these"),
        )
    )
    assert after.kind == "handoff", after


def test_in_a_chat_about_one_topic_an_unrelated_complaint_is_asked_about(
    service_factory: Any,
) -> None:
    """The user picked laptops (or the channel is the laptop helpdesk) and wrote about their
    mailbox: asked whether it is about laptops at all; a plain "no" goes to a person, a plain
    "yes" carries on in the laptop topic (its sections or questions)."""
    from bots.messages import Inbound

    service = service_factory()
    text = "my calendar invites arent showing up for other people"
    reply = service.handle(Inbound("web", "scope-one-no", text=text, pack="it-laptop"))
    assert reply.kind == "prompt", reply
    assert [b.label for b in reply.buttons][-1] == "None of these"
    assert len(reply.buttons) == 2, reply.buttons  # this chat's topic, or none
    after = service.handle(Inbound("web", "scope-one-no", text="no", pack="it-laptop"))
    assert after.kind == "handoff", after

    reply = service.handle(Inbound("web", "scope-one-yes", text=text, pack="it-laptop"))
    after = service.handle(Inbound("web", "scope-one-yes", text="yes", pack="it-laptop"))
    assert after.kind in ("question", "prompt") and after.status == "active", after
    assert "None of these" not in [b.label for b in after.buttons]
