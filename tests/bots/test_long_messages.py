"""A long reply is read in time that grows with its length, not with its square (stop 44).

Up to 10,000 characters are read (``bots.config.MAX_TEXT``); in stop 43 a reply of one phrase
repeated to 8,400 characters took 28 s, because the reader went over the whole sentence again
for each of its clauses. No clock limit here: the time of a reading of 8,000 characters is
compared with the same machine's time for 500 characters of the same text, in the same test
(CPU time of this process, the better of two readings, so a loaded machine shifts both). Text
read in linear time takes at most 16 times as long (less: a turn has costs of its own); the
square, 256 times. Numbers:
docs/security.md, "Long messages"; the benchmark: ``python -m evaluation.long_messages``.
"""

from __future__ import annotations

import itertools
import time
from typing import Any

import pytest

from bots.messages import Inbound, Reply
from bots.models import Case, Role
from evaluation.long_messages import OPENINGS, forget_user_texts, text_of

# Linear is at most 16; the square 256. Measured x6.4 (it-laptop) and x9.4 (patient-intake);
# before the mends of stop 44, x34.8 and x24.5.
SHORT, LONG = 500, 8_000
MAX_GROWTH = 20
THREADS = itertools.count(1)


def _read(service: Any, pack: str, text: str) -> tuple[float, Reply]:
    """CPU seconds to read ``text`` as the reply to the pack's first question, and the reply."""
    thread = f"long-{next(THREADS)}"
    first = service.handle(Inbound(channel="web", thread_id=thread, text=OPENINGS[pack], pack=pack))
    assert first.kind == "question", first.text
    forget_user_texts()  # a message never seen: nothing of the shorter one is reused
    started = time.process_time()
    reply = service.handle(Inbound(channel="web", thread_id=thread, text=text, pack=pack))
    return time.process_time() - started, reply


def _answers(reply: Reply) -> list[Any]:
    case = Case.objects.get(pk=reply.case_id)
    turn = case.turns.filter(role=Role.USER).order_by("-index").first()
    assert turn is not None
    return sorted(turn.interpretation.get("answers", []), key=str)


@pytest.mark.parametrize("pack", sorted(OPENINGS))
def test_one_phrase_repeated_is_read_in_linear_time(service_factory: Any, pack: str) -> None:
    """The hardest text measured: one sentence of many clauses ("it catches then dies ...")."""
    service = service_factory()
    service.handle(Inbound(channel="web", thread_id="warm", text="hello", pack=pack))
    short, long = text_of("repeat", SHORT, pack), text_of("repeat", LONG, pack)
    short_s = min(_read(service, pack, short)[0] for _ in range(2))
    long_s, long_reply = min((_read(service, pack, long) for _ in range(2)), key=lambda r: r[0])
    growth = long_s / short_s
    assert growth < MAX_GROWTH, f"{pack}: {short_s:.2f} s -> {long_s:.2f} s (x{growth:.1f})"
    # Saying the same thing eight times over says what it says once.
    assert _answers(long_reply) == _answers(_read(service, pack, short)[1])
