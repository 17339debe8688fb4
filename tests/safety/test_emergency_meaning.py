"""The second emergency reader, by meaning (:mod:`bots.safety.emergency_meaning`, stop 46).

The tables: ``emergency_meaning_table.DEV`` (developed on), ``HELD_OUT_46`` and
``HELD_OUT_46B`` (written before, never developed on), and stop 45's ``HELD_OUT_45`` and
``HELD_OUT_45B`` (never developed on by this reader). The held-out parts are printed
(``pytest -s``) with the rules alone and with both readers; the look-alikes every earlier table
holds must raise nothing new.
"""

from __future__ import annotations

import pytest

from bots.safety.emergency import emergency_kinds
from bots.safety.emergency_meaning import meant, meant_kinds, parts
from tests.bots import minor_care_table
from tests.safety import emergency_heldout, urgent_heldout, urgent_phrasings
from tests.safety.emergency_meaning_table import DEV, HELD_OUT_46, HELD_OUT_46B
from tests.safety.emergency_phrasings import DEV as RULES_DEV

Rows = list[tuple[str, str | None]]


def _both(text: str) -> bool:
    """What the service escalates: the rules, or the reader by meaning where they read none."""
    return bool(emergency_kinds(text) or meant_kinds(text))


def _score(rows: Rows) -> dict[str, tuple[int, int]]:
    emergencies = [t for t, kind in rows if kind]
    mild = [t for t, kind in rows if not kind]
    out = {}
    for name, reads in (("rules", lambda t: bool(emergency_kinds(t))), ("both", _both)):
        out[name] = (sum(map(reads, emergencies)), sum(map(reads, mild)))
    print(
        f"rules {out['rules'][0]}/{len(emergencies)} caught, {out['rules'][1]}/{len(mild)} "
        f"alarms; with the reader by meaning {out['both'][0]}/{len(emergencies)}, "
        f"{out['both'][1]}/{len(mild)}"
    )
    return out


def test_the_development_part() -> None:
    # Chosen on these: 21 of 30 caught by the rules, 26 of 30 by both; no look-alike raised.
    scores = _score(DEV)
    assert scores["both"][0] >= 26
    assert scores["both"][1] == 0


def _as_rows(table: list[tuple[str, bool]]) -> Rows:
    return [(t, "emergency" if e else None) for t, e in table]


@pytest.mark.parametrize(
    "part",
    ["46", "46b", "45", "45b"],
)
def test_the_held_out_parts(part: str) -> None:
    # Never developed on; printed for the notes (docs/patient-safety.md, stop 46). Scored once:
    # 46 rules 27/38 caught, 2/32 alarms -> both 32/38, 3/32; 46b 11/15, 0/15 -> 11/15, 0/15;
    # stop 45's rows 1/4 -> 3/4 and 0/4 -> 2/4, no alarm. Only false alarms are asserted.
    rows = {
        "46": HELD_OUT_46,
        "46b": HELD_OUT_46B,
        "45": _as_rows(emergency_heldout.HELD_OUT_45),
        "45b": _as_rows(emergency_heldout.HELD_OUT_45B),
    }[part]
    print(f"\nheld-out {part}: ", end="")
    scores = _score(rows)
    mild = sum(1 for _, kind in rows if not kind)
    assert scores["both"][1] <= max(1, round(0.1 * mild))


def _look_alikes() -> list[str]:
    rows = [t for t, e in RULES_DEV if not e]
    rows += [t for t, kind in DEV if not kind]
    for name in (
        "HELD_OUT",
        "HELD_OUT_35",
        "HELD_OUT_36",
        "HELD_OUT_39",
        "HELD_OUT_40",
        "HELD_OUT_44",
    ):
        rows += [t for t, e in getattr(emergency_heldout, name) if not e]
    urgent = urgent_phrasings.DEV + urgent_heldout.HELD_OUT
    rows += [t for t, level in urgent if level != "emergency"]
    for opening, replies, expected in minor_care_table.DEV + minor_care_table.HELD_OUT:
        if expected != "emergency":
            rows.append(opening)
            rows += [r for _, r in replies if isinstance(r, str) and len(r) > 3]
    return list(dict.fromkeys(rows))


@pytest.mark.slow
def test_no_look_alike_of_the_earlier_tables_is_raised() -> None:
    # Every mild or urgent row of the emergency, urgent and nurse's tables (the replies too):
    # the reader by meaning raises none that the rules do not (0 of 420 when it landed).
    rows = _look_alikes()
    raised = [(t, meant(t)[0]) for t in rows if not emergency_kinds(t) and meant(t)]
    print(f"\nlook-alikes raised by meaning: {len(raised)}/{len(rows)}")
    assert not raised, [(t, m.part, m.exemplar, round(m.score, 2)) for t, m in raised]


def test_one_emergency_sentence_in_a_long_message_is_read_on_its_own() -> None:
    text = (
        "hi, hope youre well. ive been meaning to ask about my repeat prescription and the "
        "new opening hours, and whether i can get my flu jab at the same time. "
        + "the weather has been awful and the kids are off school. " * 4
        + "my back has been terrible and now i am numb around my bottom and cant pee. thanks"
    )
    assert meant(text[-80:]), "the emergency sentence alone"
    [near] = meant(text)
    assert near.kind == "spinal cord compression"
    # The part it was read in is that sentence's, not the message diluted.
    assert near.part == "my back has been terrible, i am numb around my bottom and can not pee"
    assert near.part in {p for p, _ in parts(text)}


@pytest.mark.parametrize(
    "text",
    [
        # a sign said to be absent or all right is not read by meaning
        "bad back, no numbness anywhere and weeing normally",
        "my chest does not hurt and my breathing is fine",
        # a question about the signs, or the past, is no emergency now
        "what are the signs of sepsis? my nan had it years ago",
        # the same words about a machine
        "my laptop will not wake up and the screen is not responding",
    ],
)
def test_what_is_not_an_emergency_now_is_not_raised(text: str) -> None:
    assert meant_kinds(text) == [], meant(text)


def test_a_feeling_that_is_gone_is_read() -> None:
    # "no feeling" is the sign itself, not its absence.
    assert meant_kinds("since my back went there is no feeling round my bottom at all") == [
        "spinal cord compression"
    ]
