"""A fresh process warms its packs before serving (``bots.warmup``, run by ``manage.py serve``):
the first message of a pack then encodes none of the pack's own texts. Encoding them (every
question and section title: hundreds of texts, 5 s idle and over 30 s on a loaded machine)
inside the first turn's transaction held SQLite's write lock that long, and the other messages
of a fresh deployment failed on "database is locked" and waited minutes for the sweep."""

from __future__ import annotations

from typing import Any

import pytest

from bots.language import encoder, facts
from bots.messages import Inbound
from bots.service import ConversationService
from bots.warmup import warm_packs

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(not encoder.available(), reason="the MiniLM wheel is not installed"),
]


def test_after_warming_a_first_turn_encodes_only_the_users_words(
    import_example: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    import_example("it-laptop")
    monkeypatch.setattr(facts, "_PACK_VECTORS", {})  # a fresh process
    monkeypatch.setattr(facts, "_INDEXES", {})
    lines = list(warm_packs())
    # Other tests of the same worker may have left packs in the database: they warm too.
    assert "it-laptop" in [line.split()[1] for line in lines]
    warmed = len(facts._PACK_VECTORS)
    assert warmed >= 80  # its questions and section titles

    encoded: list[int] = []
    real = facts.encode

    def counting(texts: Any) -> Any:
        encoded.append(len(texts))
        return real(texts)

    monkeypatch.setattr(facts, "encode", counting)
    reply = ConversationService().handle(
        Inbound(channel="web", thread_id="warm-1", text="my laptop won't connect to the "
                "office wifi since this morning, other laptops are fine", pack="it-laptop")
    )
    assert reply.parts
    assert encoded and max(encoded) <= 5, encoded  # the message's clauses, nothing of the pack
    assert len(facts._PACK_VECTORS) == warmed
