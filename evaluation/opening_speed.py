"""How long the opening's facts take to read from a long message, by its length (issue 19's
denial of service: a pasted log or a rambling story tied a web worker up for ~24 s).

    OPENBLAS_NUM_THREADS=1 python -m evaluation.opening_speed
    OPENBLAS_NUM_THREADS=1 python -m evaluation.opening_speed --kinds runon \
        --charts car_wont_start --lengths 10000 --profile 10000
    OPENBLAS_NUM_THREADS=1 python -m evaluation.opening_speed --service

Times :func:`bots.language.volunteer.volunteered_facts` (the reading of an opening, and of
every reply's facts in passing) against a FloDial chart of each troubleshooting pack, with the
reader's memory of recent texts forgotten before each reading (``long_messages``). Prints the
seconds per reading, the growth ratio time(10000) / time(1000) (about 10 when linear, 100 when
it grows with the square) and a digest of the facts read, so that two versions of the reader
can be compared for the same readings as well as for speed. With ``--service``, the web
chat's whole turn for a long opening (what the user waits for) is timed instead. Printed, never
asserted: the project measures speed in benchmarks, not in unit tests. Numbers:
docs/opening-facts.md, "Stop 47".
"""

from __future__ import annotations

import argparse
import cProfile
import hashlib
import itertools
import logging
import pstats
import sys
import time
from collections.abc import Callable, Sequence

from evaluation.long_messages import forget_user_texts, setup

LENGTHS = (1_000, 3_000, 10_000)
# The chart of each pack whose questions its story touches most (``--charts`` for others).
CHARTS = {"car": ("car_wont_start",), "laptop": ("power",)}
# Each pack's FloDial category (flodial.chart_names): ``--charts`` picks among its charts.
CATEGORIES = {"car": "cars", "laptop": "laptops"}
_STORIES = {
    "car": (
        "so this morning i went out to the car and it fires up for a second and then dies "
        "straight away.",
        "it did the same thing last week but then it started fine on the second go so i "
        "didnt think much of it.",
        "the battery is only a year old and the lights and the radio all work, the dash "
        "lights come on normally.",
        "my neighbour had a look and reckons its the fuel pump but he isnt a mechanic and "
        "he wasnt sure.",
        "i can hear a kind of whirring from the back when i turn the key to the second "
        "position, then nothing.",
        "there was a smell of petrol the other day after i filled up, not sure if thats "
        "related or not.",
        "the handbrake feels a bit loose as well and the car rolled a little on the drive "
        "but that might be nothing.",
        "it has been really cold at night, minus five or so, and its parked outside on the street.",
        "sorry this is long, i just need it for work on monday and the garage cant see me "
        "till the week after.",
        "the engine management light came on for a bit on the motorway last month then "
        "went off again by itself.",
        "no warning lights now though, and the temperature gauge sits in the middle like "
        "it always does.",
        "i tried jump starting it from my wifes car and it did exactly the same, fired and "
        "then died.",
    ),
    "laptop": (
        "so my laptop has been acting up since the update on tuesday and i dont know what to do.",
        "when i press the power button the light comes on and the fan spins but the screen "
        "stays black.",
        "sometimes it gets to the logo and then just sits there, or it restarts by itself "
        "after a minute.",
        "the battery light blinks orange three times and then goes off, even with the "
        "charger plugged in.",
        "my son spilled a bit of juice near it last month but it worked fine after that for weeks.",
        "i can see the picture very faintly if i shine a torch on the screen, so maybe its "
        "the backlight.",
        "it gets really hot underneath when it does come on and the fan is loud like a hairdryer.",
        "i have tried holding the power button for thirty seconds with the battery out, "
        "no difference.",
        "an external monitor on the hdmi shows nothing either, i tried the tv as well.",
        "sorry for the essay, i need it for my college work and i cant afford a new one right now.",
        "the wifi was dropping out a lot before all this too, not sure if its related.",
        "its about four years old, a dell i think, and it has never given me trouble before this.",
    ),
}
_LOGS = {
    # A scan tool's read-out pasted in, as users paste it.
    "car": (
        "[2026-11-27 07:42:13] OBD-II scan started, protocol ISO 15765-4 CAN (11 bit, 500 kbaud)",
        "[2026-11-27 07:42:14] DTC P0300 Random/Multiple Cylinder Misfire Detected (stored)",
        "[2026-11-27 07:42:14] DTC P0171 System Too Lean (Bank 1) (pending)",
        "[2026-11-27 07:42:15] Battery voltage: 11.9 V (engine off), cranking min 9.6 V",
        "[2026-11-27 07:42:15] Engine RPM 0, coolant temp 4 C, intake air temp 2 C",
        "[2026-11-27 07:42:16] Fuel system status: open loop, insufficient engine temperature",
        "[2026-11-27 07:42:17] Freeze frame: RPM 812, load 23.5%, speed 0 km/h",
        "[2026-11-27 07:42:18] Readiness: misfire OK, fuel system OK, catalyst INCOMPLETE",
    ),
    # An event log pasted in.
    "laptop": (
        "Log Name: System  Source: Microsoft-Windows-Kernel-Power  Event ID: 41  Level: Critical",
        "Description: The system has rebooted without cleanly shutting down first.",
        "Log Name: System  Source: Microsoft-Windows-Kernel-Boot  Event ID: 153  Level: Error",
        "Description: Virtualization-based security (policies: 0) is disabled.",
        "Log Name: System  Source: ACPI  Event ID: 13  Level: Error  Thermal zone _TZ.THRM",
        "Description: The embedded controller (EC) did not respond within the specified timeout.",
        "Log Name: System  Source: disk  Event ID: 7  Level: Error  \\Device\\Harddisk0\\DR0",
        "Description: The device has a bad block. Battery charge 3%, AC adapter not detected.",
    ),
}


def text_of(kind: str, pack: str, length: int) -> str:
    """A message of ``kind`` about the pack's subject, cut to ``length`` characters:

    - ``story``: a long rambling story of many different sentences (no sentence twice);
    - ``runon``: the same typed without a full stop (one sentence of many clauses);
    - ``log``: a pasted log (a scan tool's read-out, an event log), one line each;
    - ``repeat``: one phrase repeated (the brief's 24 s case).
    """
    if kind == "story":
        lines, sep = _STORIES[pack], " "
    elif kind == "runon":
        lines, sep = tuple(s.rstrip(".") + "," for s in _STORIES[pack]), " "
    elif kind == "log":
        lines, sep = _LOGS[pack], "\n"
    elif kind == "repeat":
        lines, sep = ("it fires up for a second and then dies straight away,",), " "
    else:
        raise ValueError(f"unknown kind {kind!r}")
    text = ""
    for turn in itertools.count():
        for line in lines:
            if len(text) >= length:
                return text[:length]
            text += _numbered(line, turn) + sep
    raise AssertionError("unreachable")


def _numbered(line: str, turn: int) -> str:
    """The line of the ``turn``-th pass through the story or log, told apart from the other
    passes (a person does not write the same sentence twice, and the reader remembers the
    clauses it has read): a log's clock runs on, a story's sentence says which go it is."""
    if turn == 0 or line.startswith("it fires up"):
        return line
    if line.startswith("["):
        return line.replace(":42:", f":{42 + turn % 17:02d}:", 1)
    if line.startswith("Log Name") or line.startswith("Description"):
        return f"{line} Record {turn}."
    end = line[-1] if line[-1] in ".," else ""
    return f"{line.rstrip('.,')} (go {turn}){end}"


KINDS = ("story", "runon", "log", "repeat")
# The example pack of each kind of text, for ``--service``.
SERVICE_PACKS = {"car": "car", "laptop": "it-laptop"}


def service_reader() -> Callable[[str, str], float]:
    """``read(pack, text)``: the seconds the web chat took to answer ``text`` as the opening
    of a new conversation (``ConversationService.handle``, offline reader, the example packs
    in a throwaway in-memory database), the reader's memory of recent texts forgotten."""
    setup(tuple(SERVICE_PACKS.values()))
    logging.disable(logging.INFO)  # a line per turn would bury the table
    from bots.config import ServiceConfig
    from bots.language import OfflineInterpreter
    from bots.messages import Inbound
    from bots.service import ConversationService

    service = ConversationService(config=ServiceConfig(), interpreter=OfflineInterpreter())
    threads = itertools.count(1)

    def read(pack: str, text: str) -> float:
        inbound = Inbound(channel="web", thread_id=f"opening-{next(threads)}", text=text, pack=pack)
        forget_user_texts()
        started = time.perf_counter()
        service.handle(inbound)
        return time.perf_counter() - started

    return read


def main(argv: Sequence[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--packs", default=",".join(CHARTS))
    parser.add_argument("--charts", default="", help="only these charts (comma-separated)")
    parser.add_argument("--kinds", default=",".join(KINDS))
    parser.add_argument("--lengths", default=",".join(str(n) for n in LENGTHS))
    parser.add_argument("--profile", type=int, default=0, help="profile this length's readings")
    parser.add_argument(
        "--service", action="store_true", help="time the web chat's whole turn, by pack"
    )
    args = parser.parse_args(argv)
    if args.service:
        _by_service(args.packs.split(","), args.kinds.split(","), args.lengths)
        return
    from bots.language.volunteer import volunteered_facts
    from knowledge.datasets import flodial

    lengths = [int(n) for n in args.lengths.split(",")]
    only = set(filter(None, args.charts.split(",")))
    digest = hashlib.sha256()
    print(f"{'chart':24}{'kind':8}" + "".join(f"{n:>9,}" for n in lengths) + "   10k/1k  facts")
    for pack in args.packs.split(","):
        for chart in flodial.chart_names(CATEGORIES[pack]) if only else CHARTS[pack]:
            if only and chart not in only:
                continue
            network = flodial.load_network(chart)
            volunteered_facts("warm up", network)  # the chart's indexes and the encoder
            for kind in args.kinds.split(","):
                times: dict[int, float] = {}
                read = []
                for n in lengths:
                    text = text_of(kind, pack, n)
                    forget_user_texts()
                    profile = cProfile.Profile() if n == args.profile else None
                    started = time.perf_counter()
                    if profile is None:
                        facts = volunteered_facts(text, network)
                    else:
                        facts = profile.runcall(volunteered_facts, text, network)
                    times[n] = time.perf_counter() - started
                    if profile is not None:
                        print(f"-- profile: {chart} {kind} {n}", file=sys.stderr)
                        stats = pstats.Stats(profile, stream=sys.stderr)
                        stats.sort_stats("cumulative").print_stats(30)
                    said = sorted((a.finding, a.states, round(a.reliability, 6)) for a in facts)
                    digest.update(repr((chart, kind, n, said)).encode())
                    read.append(len(said))
                ratio = ""
                if {1_000, 10_000} <= times.keys():
                    ratio = f"{times[10_000] / times[1_000]:.1f}"
                cells = "".join(f"{times[n]:9.3f}" for n in lengths)
                print(f"{chart:24}{kind:8}{cells}{ratio:>9}  {read}", flush=True)
    print(f"facts digest: {digest.hexdigest()[:16]}")


def _by_service(packs: Sequence[str], kinds: Sequence[str], lengths_arg: str) -> None:
    lengths = [int(n) for n in lengths_arg.split(",")]
    read = service_reader()
    read(SERVICE_PACKS[packs[0]], "warm up")  # the first turn loads the reader's tables
    print(f"{'pack':24}{'kind':8}" + "".join(f"{n:>9,}" for n in lengths) + "   10k/1k")
    for pack in packs:
        for kind in kinds:
            times = {n: read(SERVICE_PACKS[pack], text_of(kind, pack, n)) for n in lengths}
            ratio = ""
            if {1_000, 10_000} <= times.keys():
                ratio = f"{times[10_000] / times[1_000]:.1f}"
            cells = "".join(f"{times[n]:9.3f}" for n in lengths)
            print(f"{SERVICE_PACKS[pack]:24}{kind:8}{cells}{ratio:>9}", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
