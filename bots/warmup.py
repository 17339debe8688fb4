"""Before a process serves: do once what the first message of each pack would otherwise do.

A pack's first turn in a fresh process parsed its network, built its routers and encoded every
question and section title with the sentence encoder (hundreds of texts: about 5 s on an idle
machine, 30 s and more on a loaded one). It did so inside the turn's database transaction. On
SQLite (the embedded profile) that transaction holds the database's write lock, so every other
message that arrived meanwhile waited for it, failed on "database is locked" after 5 s and was
left to the re-dispatch sweep: the first replies of a fresh deployment came minutes late.

Everything warmed here lives in process-wide caches (``bots.grounding``'s routers and section
networks, ``bots.language.facts``'s indexes and pack-text vectors), so every service instance
and thread of the process finds it done. ``manage.py serve`` calls :func:`warm_packs` before
it starts serving.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Iterator

log = logging.getLogger(__name__)

PROBE = "warming up"  # a complaint that matters to nobody: only the caches it fills do


def warm_packs() -> Iterator[str]:
    """Warm every current pack; yields one line per pack (what was done, how long it took)."""
    from bots.conversation import everyday, meaning_check, scope_check
    from bots.grounding import Grounding, StoredPacks
    from bots.language.facts import encode_pack_texts, fact_index
    from knowledge.packs.store import PackError

    packs = StoredPacks()
    grounding = Grounding(packs)
    names = packs.names()
    for name in names:
        started = time.monotonic()
        try:
            network = packs.network(name)
            fact_index(network).vectors()
            encode_pack_texts(scope_check.pack_texts(network))
            grounding.prior(name, PROBE, network)
            for _gid, _title, texts in meaning_check.section_texts(grounding, name):
                encode_pack_texts(texts)
            if any(flag.companions for flag in network.red_flags):
                # A patient pack: the everyday reader's exemplars and the pack's statements.
                everyday.reading(PROBE, network)
        except PackError:
            continue  # a pack with documents only: nothing to parse yet
        except Exception:  # an optimisation: the first turn does whatever is left
            log.exception("warming pack %s failed", name)
            continue
        yield f"Pack {name} ready in {time.monotonic() - started:.1f} s"
    if len(names) > 1:
        grounding.choose_pack(PROBE, names)  # the router across packs (the web chat's)
    # The emergency reader by meaning encodes its exemplars on a patient's first message.
    started = time.monotonic()
    try:
        from bots.safety.emergency_meaning import meant

        meant(PROBE)
    except Exception:  # an optimisation, as above
        log.exception("warming the emergency exemplars failed")
        return
    yield f"Emergency exemplars ready in {time.monotonic() - started:.1f} s"
