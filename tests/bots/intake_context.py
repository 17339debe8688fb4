"""A conversation context on the patient-intake pack, before any question: for tests that drive
the conversation's own steps (presentation, reading, the engine) without a channel."""

from __future__ import annotations

from typing import Any

from bots.case_store import StoredDialogue
from bots.conversation.context import Context
from bots.models import Case
from planning.dialogue import DialogueState


def intake_context(service: Any, thread: str, complaint: str) -> Context:
    pack = "patient-intake"
    network = service.packs.network(pack)
    ctx = Context(Case(channel="web", external_thread_id=thread, pack=pack))
    ctx.info = service.packs.info(pack)
    ctx.network = network
    ctx.dialogue = StoredDialogue(
        state=DialogueState.start(network),
        asked_flags=[],
        prior={},
        open_world=None,
        complaint=complaint,
    )
    return ctx
