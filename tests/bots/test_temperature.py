"""A temperature reported as a number answers the fever question (bots.language.temperature),
read from words as people type them, and applied from the opening through the service.

The development rows were written first and the rules against them; the held-out rows were
written before the rules were run on them and are reported with ``-s``."""

from __future__ import annotations

import pytest

from bots.language.temperature import measured_fever
from bots.models import Case, Role

from .test_service import Service, say

# (message, True = a fever, False = a measured normal temperature, None = says nothing)
DEVELOPMENT: list[tuple[str, bool | None]] = [
    ("my 6 year old has had a temperature of 39 since yesterday", True),
    ("ive got a temp of 38.7 and a sore throat", True),
    ("running a fever of 102 since last night", True),
    ("temperature is 37.2, feel a bit rough", False),
    ("my daughter is burning up, 39.5 on the thermometer", True),
    ("38.9°C this morning", True),
    ("temp 99.1F", False),
    ("his temp was 37,8", None),
    ("i have a fever and a sore throat", None),
    ("i am 39 years old", None),
    ("it was 39 degrees outside", None),
    ("took 2 paracetamol at 10", None),
    # The first held-out rows: measured once at 62.5% (5 of 8; a number a few words after
    # "temp"/"thermometer" was missed), then the rule was generalised, so they are development
    # rows now and the held-out rows below are new.
    ("thermometer says 38.4 and shes very sleepy", True),
    ("temp keeps going up to about 40 at night", True),
    ("he had a temperature of 101 this afternoon", True),
    ("checked my temperature, it's 36.8 so normal", False),
    ("fever was 103 last night but calpol brought it down", True),
    ("my son is 10 and has a cough", None),
    ("hot weather, 35 degrees in the shade", None),
    ("been feeling hot and cold, havent checked my temp", None),
]

HELD_OUT: list[tuple[str, bool | None]] = [
    ("her forehead felt hot so i checked, 38 exactly", True),
    ("fever hit 39.2 around midnight", True),
    ("temperature normal, 36.5", False),
    ("temp spiked to 104 yesterday", True),
    ("my baby is 9 months old with a runny nose", None),
    ("i've been at 38.5 on and off for two days", True),
    ("it's 40 degrees in here and im sweating buckets", None),
    ("no fever, i checked twice and it was 36.9 both times", False),
]


# The held-out rows, measured once: 50% (4 of 8). Missed: a bare number with no temperature
# word ("i checked, 38 exactly", "been at 38.5"), one too far after "fever"; taken for a
# fever: "40 degrees in here". The floor guards against getting worse; it is not a target.
FLOORS = {"dev": 1.0, "held-out": 0.5}


@pytest.mark.parametrize(("name", "rows"), [("dev", DEVELOPMENT), ("held-out", HELD_OUT)])
def test_a_reported_temperature_is_read(name: str, rows: list[tuple[str, bool | None]]) -> None:
    wrong = [
        (text, want, measured_fever(text)) for text, want in rows if measured_fever(text) != want
    ]
    share = 1 - len(wrong) / len(rows)
    print(f"\n{name}: {share:.1%} of {len(rows)} right; wrong: {wrong}")
    assert share >= FLOORS[name], wrong


@pytest.mark.django_db
def test_a_temperature_in_the_opening_answers_the_fever_question(service_factory: Service) -> None:
    service = service_factory()
    reply = say(
        service,
        "fever-39",
        "my 6 year old has had a temperature of 39 since yesterday and keeps pulling at his ear",
        channel="web",
        pack="patient-intake",
    )
    assert reply.kind == "question"
    case = Case.objects.get(pk=reply.case_id)
    opening = case.turns.filter(role=Role.USER).order_by("index").first()
    assert opening is not None
    read = {
        (v["finding"], tuple(v["states"])) for v in opening.interpretation.get("volunteered", [])
    }
    assert ("E_91", ("yes",)) in read, read
    assert "fever" not in (reply.parts[-1].lower()), reply.text  # not asked what was said
