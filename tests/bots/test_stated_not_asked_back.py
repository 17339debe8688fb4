"""What the user plainly said is not asked back (issue 19, stop 46, planner).

lead21 and lead18 (web chat) were asked back facts they had stated in plain words: "Just to
be sure: Are you able to boot your Windows in Safe Mode?" after "if i go in through safe mode
it loads fine", "Just to be sure: ... do you see the splash screen with the Windows logo?"
after "it froze on the windows logo", "Just to be sure: Does your laptop freeze when it
overheats?" after "freezes if i play anything", and "One check before I suggest a fix: Can you
smell burning or see smoke ...?" after "a burning plastic smell ... a little wisp of smoke".

Each row is a whole conversation through the conversation service (the web chat's path),
with a scripted user in the probes' format (``tests.bots.scripted_chat``): a question
containing one of a rule's words gets its reply, anything else "not sure". A row counts as
asking back when a question contains every word of one of its ``never_ask`` groups (the
probes' check); a conclusion is wrong when it lacks every one of ``right`` (where given).

The held-out rows were written before any change and are scored once, printed, not asserted.
"""

from __future__ import annotations

from typing import Any

import pytest

from .scripted_chat import Played, play

Row = dict[str, Any]

DRIVE = {"if_button": ["drive", "boot", "start"], "press_button": "drive"}
HEAT = {"if_button": ["overheat", "hot", "fan"], "press_button": "overheat"}

DEVELOPMENT: list[Row] = [
    {  # lead21 l21-ft-groaning-drive
        "id": "groaning-drive",
        "pack": "it-laptop",
        "opening": "the laptop has started making a horrible groaning grinding sound from inside "
        "and now it takes forever to load anything, last night it froze on the windows logo",
        "rules": [
            DRIVE,
            {"if_any": ["see anything"], "say": "yes i can see the screen"},
            {"if_any": ["boot normally"], "say": "no it got stuck on the logo"},
            {"if_any": ["clunking noises"], "say": "more grinding than clunking but yes"},
            {"if_any": ["charger", "ac power adapter"], "say": "it was plugged in"},
            {"if_any": ["external devices"], "say": "nothing plugged in"},
            {"if_any": ["bios"], "say": "dont know how to get into the bios"},
            {"if_any": ["safe mode"], "say": "havent tried"},
            {"if_any": ["no operating system"], "say": "no"},
            {"if_any": ["splash screen"], "say": "yes i see the logo"},
        ],
        "never_ask": [["splash screen"]],
    },
    {  # lead21 l21-ft-safe-mode-ok
        "id": "safe-mode-ok",
        "pack": "it-laptop",
        "opening": "normal startup just hangs on a black screen after the logo but if i go in "
        "through safe mode it loads fine",
        "rules": [
            DRIVE,
            {"if_any": ["see anything"], "say": "i see the logo then black"},
            {"if_any": ["boot normally"], "say": "no, only in safe mode"},
            {"if_any": ["clunking"], "say": "no noises"},
            {"if_any": ["no operating system"], "say": "no"},
            {"if_any": ["external devices"], "say": "unplugged everything, no change"},
            {"if_any": ["bios"], "say": "not sure"},
            {"if_any": ["rescue cd"], "say": "no"},
            {"if_any": ["windows dvd"], "say": "i dont have one"},
        ],
        "never_ask": [["safe mode"]],
    },
    {  # lead18 l18-ft-hot-after-bios
        "id": "hot-after-bios",
        "pack": "it-laptop",
        "opening": "ever since i flashed the new bios from the manufacturer last week my laptop "
        "runs way hotter than before and freezes if i play anything",
        "rules": [
            HEAT,
            {"if_any": ["smell burning"], "say": "no"},
            {"if_any": ["hot environment"], "say": "no"},
            {"if_any": ["battery is overheating"], "say": "dont think so"},
            {"if_any": ["fan running when it overheats"], "say": "yes its loud"},
            {"if_any": ["hard and flat"], "say": "yes a desk"},
            {"if_any": ["shut down automatically"], "say": "no it just freezes"},
            {"if_any": ["power management"], "say": "not that i know of"},
            {"if_any": ["even when it is not hot"], "say": "no only when hot"},
        ],
        "never_ask": [["recently upgrade your laptop's bios"], ["freeze when it overheats"]],
        "max_turns": 10,
    },
    {  # lead21 l21-ft-smoke-smell
        "id": "smoke-smell",
        "pack": "it-laptop",
        "opening": "there was a burning plastic smell coming from my laptop vents earlier and a "
        "little wisp of smoke so i unplugged it straight away",
        "rules": [
            {"if_button": ["overheat", "hot"], "press_button": "overheat"},
            {"if_any": ["smell burning"], "say": "yes"},
            {"if_any": ["hot environment"], "say": "no just my desk"},
            {"if_any": ["fan running"], "say": "i think so"},
        ],
        "never_ask": [["smell burning"]],
        "right": ["burnt component"],
    },
    {
        # Not a confirmation: the opening's "starter cranks over fine" is not read, since "the
        # engine never catches" reads as no to "Does the engine fire on turning the key?" and
        # the words of turning the key name one finding only (volunteer: ``used``).
        "id": "cranks-never-fires",
        "xfail": "the opening's crank is not read (another class)",
        "pack": "car",
        "opening": "car wont start, when i turn the key the starter cranks over fine but the "
        "engine never catches",
        "rules": [
            {"if_button": ["start"], "press_button": "start"},
            {"if_any": ["fire on turning"], "say": "no, it just cranks and cranks"},
            {"if_any": ["12 volts"], "say": "yes the battery is fine"},
            {"if_any": ["spark"], "say": "not sure how to check"},
        ],
        "never_ask": [["starter crank"]],
    },
    {
        "id": "fan-flat-out",
        "pack": "it-laptop",
        "opening": "my laptop gets really hot on my desk and then it freezes, the fan is "
        "running flat out the whole time",
        "rules": [
            HEAT,
            {"if_any": ["smell burning"], "say": "no"},
            {"if_any": ["hot environment"], "say": "no, it just freezes when it gets hot"},
            {"if_any": ["shut down automatically"], "say": "no, it just freezes"},
            {"if_any": ["hard and flat"], "say": "yes"},
            {"if_any": ["battery is overheating"], "say": "no"},
        ],
        "never_ask": [["freeze when it overheats"]],
    },
]

HELD_OUT: list[Row] = [
    {
        "id": "logo-restarts",
        "pack": "it-laptop",
        "opening": "my laptop wont load windows, i can see the windows logo and then it just "
        "restarts over and over",
        "rules": [
            DRIVE,
            {"if_any": ["see anything"], "say": "yes"},
            {"if_any": ["boot normally"], "say": "no, it shows the logo and restarts"},
            {"if_any": ["safe mode"], "say": "havent tried that"},
            {"if_any": ["clunking"], "say": "no"},
        ],
        "never_ask": [["splash screen"]],
    },
    {
        "id": "sweet-smell-gauge",
        "pack": "car",
        "opening": "temperature gauge is up in the red and theres a sweet smell like antifreeze "
        "when i get out",
        "rules": [
            {"if_button": ["overheat"], "press_button": "overheat"},
            {"if_any": ["steaming or leak"], "say": "no, just the sweet smell"},
            {"if_any": ["temperature gauge"], "say": "yes"},
            {"if_any": ["overflow tank"], "say": "not sure"},
        ],
        "never_ask": [["smell antifreeze"]],
    },
    {
        "id": "pedal-floor-light",
        "pack": "car",
        "opening": "the brake pedal goes right down to the floor and the brake warning light is on",
        "rules": [
            {"if_button": ["brake"], "press_button": "brake"},
            {"if_any": ["car stop"], "say": "yes but the pedal goes down to the floor"},
            {"if_any": ["fluid level"], "say": "not sure"},
        ],
        "never_ask": [["all the way to the floor"], ["brake warning light"]],
    },
    {
        "id": "shuts-off-hot",
        "pack": "it-laptop",
        "opening": "my laptop keeps shutting itself off when it gets hot and the fan is going "
        "like mad",
        "rules": [
            HEAT,
            {"if_any": ["smell burning"], "say": "no"},
            {"if_any": ["hot environment"], "say": "no, it just shuts off when it gets hot"},
            {"if_any": ["hard and flat"], "say": "yes on a table"},
        ],
        "never_ask": [["shut down automatically"], ["fan running when it overheats"]],
    },
    {
        "id": "tick-on-turns",
        "pack": "car",
        "opening": "theres a ticking noise from the front of the car but only when i turn the "
        "wheel going round corners",
        "rules": [
            {"if_button": ["tick", "noise"], "press_button": "tick"},
            {"if_any": ["clunking"], "say": "no, its a ticking when i turn"},
            {"if_any": ["bump"], "say": "no"},
        ],
        "never_ask": [["only when you take a turn"]],
    },
    {
        "id": "smoke-from-side",
        "pack": "it-laptop",
        "opening": "my laptop smells like something is burning and i saw smoke coming out of "
        "the side",
        "rules": [
            {"if_button": ["overheat", "hot"], "press_button": "overheat"},
            {"if_any": ["smell burning"], "say": "yes"},
            {"if_any": ["hot environment"], "say": "no"},
        ],
        "never_ask": [["smell burning"]],
        "right": ["burnt component"],
    },
]


# A reply's leading yes or no answers the question asked; the fact the rest of it states keeps
# its own polarity (the ``changed`` confirmations above: "no it just freezes" to "shut down
# automatically?" read as no freezing, so the freezing the opening told of was asked back).
# (chart, question asked, reply, the fact read in passing, its state)
LEADING_ANSWER = [
    ("laptop_drive", "q2", "no it got stuck on the logo", "q16", "yes"),
    ("laptop_overheating", "q11", "no it just freezes", "q16", "yes"),
    ("laptop_overheating", "q2", "no, it just freezes when it gets hot", "q16", "yes"),
    ("car_wont_start", "q9", "no it cranks but never fires", "q1", "yes"),
    ("engine_overheats", "q1", "no, just the sweet smell", "q2", "yes"),
    # The rest's own negation, or a "no" that is the rest itself, still denies.
    ("laptop_overheating", "q2", "no, it doesnt freeze", "q21", "no"),
    ("laptop_overheating", "q2", "no smoke or burning smell", "q1", "no"),
]


@pytest.mark.parametrize(
    ("chart", "asked", "text", "finding", "state"),
    LEADING_ANSWER,
    ids=[row[2] for row in LEADING_ANSWER],
)
def test_the_leading_answer_is_not_the_facts(
    chart: str, asked: str, text: str, finding: str, state: str
) -> None:
    from bots.language import OfflineInterpreter
    from knowledge.datasets import flodial

    network = flodial.load_network(chart)
    meaning = OfflineInterpreter().interpret(
        text, pending=network.finding(f"{chart}:{asked}"), network=network
    )
    read = {a.finding: a.states for a in meaning.volunteered}
    assert read.get(f"{chart}:{finding}") == (state,), read


def asked_back(row: Row, played: Played) -> list[str]:
    """The questions that contain every word of one of the row's ``never_ask`` groups."""
    out = []
    for exchange in played.questions:
        question = exchange.reply.parts[-1].lower()
        if any(all(w.lower() in question for w in group) for group in row["never_ask"]):
            out.append(exchange.reply.parts[-1])
    return out


def wrong(row: Row, played: Played) -> bool:
    conclusion = played.conclusion
    if conclusion is None or "right" not in row:
        return False
    text = " ".join(conclusion.parts).lower()
    return not any(w in text for w in row["right"])


def _play(service_factory: Any, row: Row) -> Played:
    from .conftest import _ensure_packs

    _ensure_packs(("car",))
    return play(service_factory(), f"said-{row['id']}", row, max_turns=row.get("max_turns", 12))


@pytest.mark.django_db
@pytest.mark.parametrize(
    "row",
    [
        pytest.param(r, marks=pytest.mark.xfail(reason=r["xfail"], strict=True))
        if "xfail" in r
        else r
        for r in DEVELOPMENT
    ],
    ids=[r["id"] for r in DEVELOPMENT],
)
def test_what_was_said_is_not_asked_back(service_factory: Any, row: Row) -> None:
    played = _play(service_factory, row)
    assert not asked_back(row, played), [(e.user, e.reply.parts[-1]) for e in played.exchanges]
    assert not wrong(row, played), played.conclusion


def _score(service_factory: Any, name: str, rows: list[Row], detail: bool) -> None:
    games = [(row, _play(service_factory, row)) for row in rows]
    back = sum(1 for row, p in games if asked_back(row, p))
    bad = sum(1 for row, p in games if wrong(row, p))
    questions = sum(len(p.questions) for _, p in games)
    concluded = sum(1 for _, p in games if p.conclusion is not None)
    print(
        f"{name}: {len(rows)} conversations, {back} ask back what was said, "
        f"{bad} wrong conclusions, {concluded} concluded, {questions} questions"
    )
    for row, p in games if detail else ():
        reasons = [(e.action.get("finding"), e.rationale.get("reason")) for e in p.confirmations]
        print(f"  {row['id']}: asked back {asked_back(row, p)}; confirmations {reasons}")


@pytest.mark.django_db
def test_development_counts(service_factory: Any) -> None:
    """The development rows' counts, printed (each row is asserted above)."""
    _score(service_factory, "development", DEVELOPMENT, detail=True)


@pytest.mark.django_db
def test_held_out(service_factory: Any) -> None:
    """Scored and printed, not asserted (module docstring)."""
    _score(service_factory, "held-out", HELD_OUT, detail=False)
