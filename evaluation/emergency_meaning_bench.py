"""What the emergency reader by meaning adds to a patient's message, in time (printed, never
asserted: the project measures speed in benchmarks, not in unit tests).

    OPENBLAS_NUM_THREADS=1 python -m evaluation.emergency_meaning_bench

The reader (:mod:`bots.safety.emergency_meaning`) encodes each part of a message (its clauses,
runs of up to three, its sentences; at most ``MAX_PARTS``) with MiniLM in NumPy and compares
them with the exemplars. The first message of a process also encodes the exemplars (once).
Prints the seconds per message by length, the rules' own time beside it.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from bots.safety.emergency import emergency_kinds
from bots.safety.emergency_meaning import MAX_PARTS, exemplars, meant, parts

SENTENCES = (
    "my back has been bad for a few days",
    "i have been taking paracetamol and it helps a bit",
    "the weather has been awful and the kids are off school, so it has been busy",
    "i also wanted to ask about my repeat prescription",
    "since this morning i have not been able to pee and i am numb around my bottom",
)


def _message(chars: int) -> str:
    out = []
    i = 0
    while sum(len(s) + 2 for s in out) < chars:
        out.append(SENTENCES[i % len(SENTENCES)] + f" ({i})")
        i += 1
    return ". ".join(out)[:chars]


def _seconds(read: Callable[[str], object], text: str, repeats: int) -> float:
    started = time.perf_counter()
    for _ in range(repeats):
        read(text)
    return (time.perf_counter() - started) / repeats


def main() -> None:
    started = time.perf_counter()
    meant("warm up")
    bank = exemplars()
    print(
        f"first message (encodes {len(bank.texts)} emergency and {len(bank.mild)} look-alike "
        f"exemplars once): {time.perf_counter() - started:.2f} s"
    )
    for chars in (40, 200, 1_000, 2_000, 10_000):
        text = _message(chars)
        repeats = 5 if chars <= 1_000 else 2
        n = len(parts(text))
        by_meaning = _seconds(meant, text, repeats)
        rules = _seconds(emergency_kinds, text, repeats)
        print(
            f"{chars:>6} characters, {n:>3} parts (at most {MAX_PARTS}): by meaning "
            f"{1000 * by_meaning:7.1f} ms, rules {1000 * rules:6.1f} ms"
        )


if __name__ == "__main__":
    main()
