"""What the everyday-complaint reader by meaning adds to a patient's opening, in time (printed,
never asserted: the project measures speed in benchmarks, not in unit tests).

    OPENBLAS_NUM_THREADS=1 python -m evaluation.everyday_bench

The reader (:mod:`bots.safety.everyday_meaning`) encodes the opening, its sentences and
clauses with MiniLM in NumPy and compares them with its exemplars and the pack's texts (its
questions, their statements, its conditions' names). It reads the opening once per
conversation (:mod:`bots.conversation.everyday` keeps the reading); the first opening of a
process also encodes the exemplars and the pack's texts (``bots.warmup`` does it before
serving). Prints the seconds per opening by length, and a kept reading's.
"""

from __future__ import annotations

import os
import time

from bots.safety.emergency_meaning import parts
from bots.safety.everyday_meaning import everyday, exemplars
from knowledge.datasets import ddxplus

OPENINGS = (
    "cant get rid of these hiccups",
    "had a nosebleed earlier, pinched it for 10 mins and its stopped now, should i worry",
    "i just cant sleep lately, lie awake till 3am every night and im shattered at work, my "
    "partner says i toss and turn and i have tried cutting out coffee after lunch but nothing "
    "seems to help and i am getting really fed up with it",
)


def main() -> None:
    # The kept reading lives in the conversation layer, which needs Django's settings.
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "console.settings")
    import django

    django.setup()
    from bots.conversation.everyday import pack_complaints, reading

    network = ddxplus.load_network("dev")
    texts = pack_complaints(network)
    started = time.perf_counter()
    everyday("warm up", texts)
    print(
        f"first opening (encodes {len(exemplars().texts)} exemplars and {len(texts)} pack "
        f"texts once): {time.perf_counter() - started:.2f} s"
    )
    for n, text in enumerate(OPENINGS):
        repeats = 5
        started = time.perf_counter()
        for i in range(repeats):
            everyday(f"{text} ({n}.{i})", texts)  # a new opening each time: none kept
        seconds = (time.perf_counter() - started) / repeats
        print(
            f"{len(text):>4} characters, {len(parts(text)) + 1:>2} parts: {1000 * seconds:6.1f} ms"
        )
    reading(OPENINGS[0], network)
    started = time.perf_counter()
    for _ in range(100):
        reading(OPENINGS[0], network)
    print(f"a kept reading (each later turn): {1e6 * (time.perf_counter() - started) / 100:.1f} us")


if __name__ == "__main__":
    main()
