"""Whether a patient's opening is an everyday complaint the pack has no cause for (stop 47).

The reading is :mod:`bots.safety.everyday_meaning`'s; here are the pack's texts it compares
with (each question as asked and said as a patient's statement, and each condition's name)
and a cache: the nurse's table is consulted several times a turn, the opening never changes.
"""

from __future__ import annotations

import logging
from functools import lru_cache

from bots.conversation.scope_check import pack_texts
from bots.safety.everyday_meaning import Everyday, everyday
from knowledge.datasets.ddxplus import complaint_text
from planning.network import EvidentialNetwork

log = logging.getLogger(__name__)

_TEXTS: dict[tuple[str, int], tuple[str, ...]] = {}


def pack_complaints(network: EvidentialNetwork) -> tuple[str, ...]:
    """The pack's questions and conditions' names, and each question said as a statement
    ("Do you have a cough?" -> "I have a cough."): a patient opens with a statement."""
    key = (network.name, len(network.findings))
    texts = _TEXTS.get(key)
    if texts is None:
        asked = pack_texts(network)
        said = (complaint_text(t) for t in asked if t.rstrip().endswith("?"))
        texts = tuple(dict.fromkeys([*asked, *said]))
        _TEXTS[key] = texts
    return texts


def reading(complaint: str, network: EvidentialNetwork) -> Everyday | None:
    """The opening's everyday reading, once per opening and pack."""
    if not complaint.strip():
        return None
    return _reading(complaint, pack_complaints(network))


@lru_cache(maxsize=256)
def _reading(complaint: str, texts: tuple[str, ...]) -> Everyday | None:
    found = everyday(complaint, texts)
    if found is not None:
        log.info(
            "everyday complaint by meaning (%s): %r near %r (%.2f, %+.2f over the pack's %r)",
            found.kind,
            found.part,
            found.exemplar,
            found.score,
            found.margin,
            found.pack_text,
        )
    return found
