"""How long the product takes to read one long reply, by its length (a denial-of-service check).

    python -m evaluation.long_messages                    # every pack, kind and length
    python -m evaluation.long_messages --kinds repeat --lengths 1000,8000 --profile 8000

Each reading is one turn through :meth:`bots.service.ConversationService.handle` on the web
chat, the path every channel takes: a case is opened with a complaint (not timed), the bot asks
its first question, and the reply of N characters is timed. The packs are the example packs
(it-laptop, a FloDial troubleshooting chart; patient-intake) in a throwaway in-memory
database; the reader is the offline one, as in CI. Kinds of text:

- ``repeat``: one answer repeated ("it catches then dies ");
- ``ramble``: a rambling message of many different sentences, as a person writes at length;
- ``runon``: the rambling message typed without a full stop (one sentence);
- ``word``: one word of N letters (no spaces);
- ``punct``: runs of punctuation between a few words.

It prints the seconds per reading and the growth ratio time(8000) / time(1000): a reading that
is linear in the length grows about 8 times; one that grows with the square grows 64 times.
Numbers: docs/security.md, "Long messages".
"""

from __future__ import annotations

import argparse
import cProfile
import itertools
import logging
import os
import pstats
import random
import re
import sys
import tempfile
import time
from collections.abc import Callable, Sequence

LENGTHS = (500, 1_000, 2_000, 4_000, 8_000)
OPENINGS = {
    "it-laptop": "my laptop battery won't charge",
    "patient-intake": "I've had a headache and a fever since yesterday",
}
_RAMBLES: dict[str, tuple[str, ...]] = {}
_RAMBLES["it-laptop"] = (
    "well I tried what you said earlier and honestly I'm not sure it made any difference.",
    "it sort of catches for a second then dies again, maybe, hard to tell in this light.",
    "my brother had the same problem last year and he said it was the cable but who knows.",
    "I think it was fine on monday, or was it tuesday, anyway it was working before the trip.",
    "there's a little light that blinks orange twice and then nothing at all happens after.",
    "sorry I know this is long, I just want to give you everything in case it matters!!",
    "I don't really know what you mean by that question, can you explain it a bit more?",
    "no smell, no smoke, nothing like that, but it does get quite warm near the back corner.",
    "also the fan sounds louder than usual, like a whirring noise, especially in the morning.",
    "I've not dropped it or spilled anything on it as far as I know, but my kids use it too.",
    "yes I plugged it into a different socket in the kitchen and that didn't help either.",
    "to be honest I'm a bit worried because I need it for work tomorrow morning first thing.",
)
_RAMBLES["patient-intake"] = (
    "well the headache started on sunday I think, or maybe saturday night, it's hard to say.",
    "it sort of throbs behind my eyes and then eases off for a bit before it comes back again.",
    "my sister gets migraines and she said it sounds like hers but I've never had one before.",
    "I took two paracetamol this morning and honestly I'm not sure it made any difference.",
    "no I haven't been sick, but I did feel a bit queasy after lunch, nothing major though.",
    "sorry I know this is long, I just want to give you everything in case it matters!!",
    "I don't really understand what you mean by that question, can you explain it a bit more?",
    "the temperature was thirty eight point two last night when I checked with the thermometer.",
    "I've been sleeping badly too, waking up at three or four and not getting back to sleep.",
    "I'm not on any regular medication apart from the pill and an inhaler I hardly ever use.",
    "yes I've been drinking plenty of water, maybe not as much as I should but quite a lot.",
    "to be honest I'm a bit worried because I have to travel for work on thursday morning.",
)


def text_of(kind: str, length: int, pack: str = "it-laptop") -> str:
    """A message of ``kind`` cut to ``length`` characters (the same text for the same length);
    a rambling one talks about the pack's subject."""
    if kind == "repeat":
        unit = "it catches then dies "
        return (unit * (length // len(unit) + 1))[:length]
    if kind == "ramble":
        pieces = itertools.cycle(_RAMBLES[pack])
        text = ""
        while len(text) < length:
            text += next(pieces) + " "
        return text[:length]
    if kind == "runon":
        # The same, typed without a stop: one sentence of the whole message.
        return re.sub(r"[.!?]+", "", text_of("ramble", length * 2, pack))[:length]
    if kind == "word":
        letters = random.Random(length).choices("abcdefghijklmnopqrstuvwxyz", k=length)
        return "".join(letters)
    if kind == "punct":
        unit = "no!!!!!!...?????,,,,;;;;----'''' "
        return (unit * (length // len(unit) + 1))[:length]
    raise ValueError(f"unknown kind {kind!r}")


KINDS = ("repeat", "ramble", "runon", "word", "punct")


def setup(packs: Sequence[str] = tuple(OPENINGS)) -> None:
    """Django on a throwaway in-memory database holding the example ``packs``."""
    os.environ["DJANGO_SETTINGS_MODULE"] = "console.settings"
    scratch = tempfile.mkdtemp(prefix="long-messages-")
    os.environ["DATA_DIR"] = scratch
    # The test database of SQLite is in memory: nothing of the run is left behind.
    os.environ["DATABASE_URL"] = f"sqlite:///{scratch}/db.sqlite3"
    import django

    django.setup()
    from django.db import connection
    from django.test.utils import setup_test_environment

    setup_test_environment()
    connection.creation.create_test_db(verbosity=0)
    from knowledge.packs.importers import build_example_pack
    from knowledge.packs.store import import_pack
    from knowledge.packs.validate import validate_pack

    for name in packs:
        import_pack(validate_pack(build_example_pack(name), check_schema=False), replace=True)


def forget_user_texts() -> None:
    """Forget what the reader keeps of recent messages' words, so that each reading is of a
    message never seen (the lengths of one kind share their text)."""
    from bots.language import facts

    facts._words_of.cache_clear()
    facts._word_set.cache_clear()
    facts._CLAUSE_VECTORS.clear()
    for index in facts._INDEXES.values():
        index._around.clear()


def reader() -> Callable[[str, str], tuple[float, object]]:
    """``read(pack, text)``: the seconds one web-chat turn took to read ``text`` as the reply
    to the pack's first question, and the reply."""
    from bots.config import ServiceConfig
    from bots.language import OfflineInterpreter
    from bots.messages import Inbound
    from bots.service import ConversationService

    service = ConversationService(config=ServiceConfig(), interpreter=OfflineInterpreter())
    threads = itertools.count(1)

    def read(pack: str, text: str) -> tuple[float, object]:
        thread = f"long-{next(threads)}"
        service.handle(Inbound(channel="web", thread_id=thread, text=OPENINGS[pack], pack=pack))
        forget_user_texts()
        started = time.perf_counter()
        reply = service.handle(Inbound(channel="web", thread_id=thread, text=text, pack=pack))
        return time.perf_counter() - started, reply

    return read


def main(argv: Sequence[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--packs", default=",".join(OPENINGS))
    parser.add_argument("--kinds", default=",".join(KINDS))
    parser.add_argument("--lengths", default=",".join(str(n) for n in LENGTHS))
    parser.add_argument("--profile", type=int, default=0, help="profile this length's readings")
    args = parser.parse_args(argv)
    lengths = [int(n) for n in args.lengths.split(",")]
    setup()
    logging.disable(logging.INFO)  # a line per turn would bury the table
    read = reader()
    read(next(iter(OPENINGS)), "warm up")  # the first turn loads the reader's tables
    print(f"{'pack':16}{'kind':8}" + "".join(f"{n:>9,}" for n in lengths) + "  8000/1000")
    for pack in args.packs.split(","):
        for kind in args.kinds.split(","):
            times: dict[int, float] = {}
            for n in lengths:
                if n == args.profile:
                    profile = cProfile.Profile()
                    times[n] = profile.runcall(read, pack, text_of(kind, n, pack))[0]
                    print(f"-- profile: {pack} {kind} {n}", file=sys.stderr)
                    stats = pstats.Stats(profile, stream=sys.stderr)
                    stats.sort_stats("cumulative").print_stats(25)
                else:
                    times[n] = read(pack, text_of(kind, n, pack))[0]
            ratio = f"{times[8_000] / times[1_000]:9.1f}" if {1_000, 8_000} <= times.keys() else ""
            cells = "".join(f"{times[n]:9.3f}" for n in lengths)
            print(f"{pack:16}{kind:8}{cells}  {ratio}", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
