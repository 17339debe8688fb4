"""Where it hurts, said in the opening, answers the intake's "Where do you feel pain?"
(bots.language.body_places): read on a table with a held-out part, and through the service."""

from __future__ import annotations

from typing import Any

import pytest

from bots.language.body_places import TOPICS, body_places
from bots.language.choices import _option_words
from bots.language.volunteer import volunteered_facts
from bots.messages import Inbound
from bots.models import Case

from .body_places_table import DEVELOPMENT, HELD_OUT, HELD_OUT_2, Row


def _said(network: Any, text: str) -> set[str]:
    stems = {topic.name: topic.question for topic in TOPICS}
    places = set()
    for answer in body_places(text, network, 0.8):
        if answer.states == ("yes",):
            finding = network.finding(answer.finding)
            words = _option_words(finding)
            assert words is not None
            stem = finding.question.partition(" - ")[0]
            topic = next(name for name, q in stems.items() if q.search(stem))
            places.add(words[0] if topic == "pain" else f"{topic}:{words[0]}")
    return places


def _scores(network: Any, rows: list[Row], pain_only: bool = False) -> tuple[float, float]:
    right = read = wanted = 0
    for text, places in rows:
        got = _said(network, text)
        if pain_only:  # a table written before the other topics were read
            got = {p for p in got if ":" not in p}
        read += len(got)
        wanted += len(places)
        right += len(got & places)
    return right / max(read, 1), right / max(wanted, 1)


def test_places_are_read_with_precision_on_rows_not_developed_on(packs: Any) -> None:
    from knowledge.packs.store import load_network

    network = load_network("patient-intake")
    dev, held = _scores(network, DEVELOPMENT), _scores(network, HELD_OUT, pain_only=True)
    held_2 = _scores(network, HELD_OUT_2)
    print(f"body places: development P/R {dev}; held-out P/R {held}; held-out 2 P/R {held_2}")
    # Measured: development 1.0 / 0.94; held-out (pain only), written before its first run,
    # 1.0 / 0.86; held-out 2 (swelling, the skin), likewise, 1.0 / 1.0 at its first run.
    assert dev[0] >= 0.97 and dev[1] >= 0.9, dev
    assert held[0] >= 0.9 and held[1] >= 0.6, held
    assert held_2[0] >= 0.9 and held_2[1] >= 0.6, held_2


def test_a_flowchart_pack_reads_no_places(packs: Any) -> None:
    from knowledge.packs.store import load_network

    assert body_places("my ear hurts", load_network("it-laptop"), 0.8) == ()


@pytest.mark.django_db
def test_the_intake_notes_where_it_hurts_and_does_not_ask_it_again(service_factory: Any) -> None:
    service = service_factory()
    thread = "pain-places"
    opening = "my left ear has been throbbing since saturday and its a bit muffled"
    reply = service.handle(Inbound("web", thread, opening, user_id="u1", pack="patient-intake"))
    shown = " ".join(reply.parts)
    # One line for the question, in the patient's words: no line per option, no codes.
    assert "Where do you feel pain? left ear" in shown, shown
    assert "right ear" not in shown and "nowhere" not in shown.lower(), shown
    asked = []
    for _ in range(5):
        if reply.kind != "question" or reply.question is None:
            break
        asked.append(reply.question)
        reply = service.handle(Inbound("web", thread, "", button="answer:unsure", user_id="u1"))
    assert asked and not any(q.startswith("E_55@") for q in asked), asked
    case = Case.objects.get(pk=reply.case_id)
    read = {a["finding"]: a["states"] for a in case.state["answers"]}
    assert read.get("E_55@V_130") == ["yes"] and read.get("E_55@V_129") == ["no"], read


@pytest.mark.django_db
def test_an_area_that_covers_several_places_is_asked(service_factory: Any) -> None:
    service = service_factory()
    reply = service.handle(
        Inbound("web", "pain-area", "my back hurts", user_id="u1", pack="patient-intake")
    )
    assert reply.question is not None and reply.question.startswith("E_55@"), reply.parts


def test_a_symptom_of_another_part_is_not_read(packs: Any) -> None:
    from knowledge.packs.store import load_network

    network = load_network("patient-intake")
    itchy_throat = "E_169"  # "Is your nose or the back of your throat itchy?"
    assert "back of your throat itchy" in network.finding(itchy_throat).question

    def read(text: str) -> dict[str, tuple[str, ...] | None]:
        return {a.finding: a.states for a in volunteered_facts(text, network)}

    # Found by trying the intake: each was noted back as "...throat itchy? yes".
    assert itchy_throat not in read("my back hurts")
    assert itchy_throat not in read("itchy spots on my forehead and cheeks")
    # What is said of the part the question names still is.
    assert read("itchy nose and sneezing").get(itchy_throat) == ("yes",)
    assert read("my throat is sore and my nose is running").get("E_97") == ("yes",)


def test_without_that_says_how_denies_nothing_after_it(packs: Any) -> None:
    from knowledge.packs.store import load_network

    network = load_network("patient-intake")

    def read(text: str) -> dict[str, tuple[str, ...] | None]:
        return {a.finding: a.states for a in volunteered_facts(text, network)}

    # Both were read as denials of what came after "without ...".
    assert read("coughing without stopping and feverish").get("E_91") == ("yes",)
    assert read("ive lost weight without trying and sweat at night").get("E_50") == ("yes",)
    assert read("no fever, without any sweating").get("E_50") == ("no",)
