"""Facts read in passing from a message, through the web chat's own service, in the example
flowchart packs (built from FloDial), and the sentence encoder they rest on."""

from __future__ import annotations

import pytest

from bots.language.encoder import get_encoder
from bots.language.volunteer import volunteered_facts
from bots.models import Case, Role
from knowledge.datasets import flodial

from .test_service import Service, say


def _facts(text: str, chart: str) -> dict[str, tuple[str, ...] | None]:
    try:
        network = flodial.load_network(chart)
    except Exception as exc:  # the shared datasets are not beside the checkout
        pytest.skip(f"FloDial charts not available: {exc}")
    return {a.finding.split(":", 1)[1]: a.states for a in volunteered_facts(text, network)}


def test_the_numpy_encoder_gives_the_models_published_similarity() -> None:
    # The sentence-transformers model card's example pair: cosine 0.7553.
    encoder = get_encoder()
    assert encoder is not None
    a, b, c = encoder.encode(
        [
            "A man is eating food.",
            "A man is eating a piece of bread.",
            "The girl is carrying a baby.",
        ]
    )
    assert abs(float(a @ b) - 0.7553) < 0.002
    assert float(a @ c) < 0.1


def test_said_in_other_words() -> None:
    # "upside down" (no "rotated"), "can't see any wifi networks" (no "show").
    assert _facts("now my whole laptop screen is upside down lol", "lcd_problem").get("q16") == (
        "yes",
    )


def test_one_clause_can_state_two_facts() -> None:
    read = _facts(
        "since i clipped a kerb last week the car pulls to the left on straight roads",
        "car_steering",
    )
    assert read.get("q17") == ("yes",)  # pulls to one side
    assert read.get("q18") == ("yes",)  # hit something recently


def test_an_absolute_denial_denies_every_question_about_it() -> None:
    read = _facts("the weird thing is the fan doesnt seem to spin at all", "laptop_overheating")
    assert read.get("q6") == ("no",)  # running when it overheats?
    assert read.get("q13") == ("no",)  # running all the time?


def test_a_condition_the_user_did_not_state_is_not_read() -> None:
    # "Does your laptop freeze even when it is not hot?" is not answered by "when it gets hot".
    read = _facts("laptop gets really hot and then freezes solid", "laptop_overheating")
    assert read.get("q21") is None
    assert read.get("q16") == ("yes",)  # freezes when it overheats


def test_another_clause_about_something_else_does_not_cancel_a_fact() -> None:
    # "then dies" is not a denial of "runs a few seconds and then stalls".
    read = _facts(
        "car fires up for a second or two and then just dies straight away", "car_wont_start"
    )
    assert read.get("q23") == ("yes",)
    # A plain denial in the same sentence still cancels ("ticks warm or cold, doesn't matter").
    assert _facts("ticks warm or cold, doesnt matter", "ticking").get("q8") != ("yes",)


@pytest.mark.django_db
def test_a_complaint_is_not_taken_into_a_chart_by_one_loud_word(service_factory: Service) -> None:
    """ "hold the power button" made the word router choose "does not power on" for an
    overheating laptop; the meaning disagrees, so the user picks, and the facts of the opening
    are then read in the chart picked and not asked again."""
    service = service_factory()
    reply = say(
        service,
        "h1",
        "laptop gets really hot and then freezes solid, i have to hold the power button to get "
        "out of it. the fan doesnt seem to spin at all. no smoke or burning smell",
        channel="web",
        pack="it-laptop",
    )
    case = Case.objects.get(pk=reply.case_id)
    assert case.state.get("awaiting_section"), reply.parts
    labels = [b.label.lower() for b in reply.buttons]
    assert any("overheat" in label for label in labels), labels
    section = next(b for b in reply.buttons if "overheat" in b.label.lower())
    reply = say(service, "h1", button=section.payload, channel="web")
    shown = " ".join(reply.parts).lower()
    assert "fan running" in shown  # noted, not asked: "Is your laptop's fan running ...? no"
    assert "noted" in shown
    question = reply.parts[-1].lower()
    assert "fan" not in question and "smell" not in question, question
    opening = case.turns.filter(role=Role.USER).order_by("index").first()
    assert opening is not None
    read = {v["finding"] for v in opening.interpretation.get("volunteered", [])}
    assert "laptop_overheating:q6" in read  # the console's "read as"


@pytest.mark.django_db
def test_a_later_message_that_says_otherwise_is_asked_back(service_factory: Service) -> None:
    """The opening said the fan does not spin; an answer that says it runs flat out is not
    silently taken over the opening: the earlier answer is asked again."""
    service = service_factory()
    reply = say(
        service,
        "h2",
        "laptop gets really hot and then freezes solid. the fan doesnt seem to spin at all",
        channel="web",
        pack="it-laptop",
    )
    case = Case.objects.get(pk=reply.case_id)
    if case.state.get("awaiting_section"):
        section = next(b for b in reply.buttons if "overheat" in b.label.lower())
        reply = say(service, "h2", button=section.payload, channel="web")
    assert "fan running" in " ".join(reply.parts).lower()  # noted: no
    reply = say(service, "h2", "not sure. the fan is running flat out now though", channel="web")
    assert reply.text.startswith("Just to be sure: "), reply.parts
    assert "fan" in reply.parts[-1].lower()


def test_where_the_laptop_rests_answers_the_surface_question() -> None:
    try:
        network = flodial.load_network("laptop_overheating")
    except Exception as exc:
        pytest.skip(f"FloDial charts not available: {exc}")
    from bots.language import OfflineInterpreter

    surface = network.finding("laptop_overheating:q8")  # "on a hard and flat surface?"
    reader = OfflineInterpreter()
    for said, state in [
        ("i mostly use it on my lap on the sofa", "no"),
        ("usually in bed on the duvet tbh", "no"),
        ("yes its on my desk", "yes"),
    ]:
        meaning = reader.interpret(said, pending=surface, network=network)
        answer = meaning.answer_for(surface.id)
        assert answer is not None and answer.states == (state,), (said, meaning)


def test_a_standard_the_question_names_is_never_assumed() -> None:
    read = _facts("my phone works fine on our router", "wireless")
    assert "q21" not in read  # "... working on the 802.11g protocols?" was never said


def test_a_sentence_about_another_finding_is_not_the_pending_questions_answer() -> None:
    try:
        network = flodial.load_network("laptop_overheating")
    except Exception as exc:
        pytest.skip(f"FloDial charts not available: {exc}")
    from bots.language import OfflineInterpreter

    hot_room = network.finding("laptop_overheating:q2")  # "in a hot environment?"
    reader = OfflineInterpreter()
    for said, other in [
        ("theres no smoke or burning smell at all", "laptop_overheating:q1"),
        ("the fan doesnt spin at all", "laptop_overheating:q6"),
    ]:
        meaning = reader.interpret(said, pending=hot_room, network=network)
        assert meaning.answer_for(hot_room.id) is None, (said, meaning)
        assert [a.states for a in meaning.volunteered if a.finding == other] == [("no",)]
    # Its own words, or a plain "no", still answer it.
    for said in ["no, just a normal room", "the room isnt hot at all"]:
        answer = reader.interpret(said, pending=hot_room, network=network).answer_for(hot_room.id)
        assert answer is not None and answer.states == ("no",), said


@pytest.mark.django_db
def test_a_reply_about_another_finding_is_noted_and_the_question_asked_again(
    service_factory: Service,
) -> None:
    service = service_factory()
    reply = say(
        service,
        "h3",
        "laptop gets really hot and then freezes solid",
        channel="web",
        pack="it-laptop",
    )
    case = Case.objects.get(pk=reply.case_id)
    if case.state.get("awaiting_section"):
        section = next(b for b in reply.buttons if "overheat" in b.label.lower())
        reply = say(service, "h3", button=section.payload, channel="web")
    asked = reply.parts[-1]
    if "smell" in asked.lower() or "smoke" in asked.lower():
        reply = say(service, "h3", "no", channel="web")
        asked = reply.parts[-1]
    reply = say(service, "h3", "theres no smoke or burning smell at all", channel="web")
    assert reply.parts[0].startswith("Noted: "), reply.parts
    assert "smoke" in reply.parts[0].lower()
    assert reply.parts[-1] == asked  # asked again, not answered with the smoke's "no"


@pytest.mark.django_db
def test_a_fact_is_noted_as_the_question_it_answers_without_the_checking_instructions(
    service_factory: Service,
) -> None:
    # "Please check your laptop battery's manufacture date. Is the battery more than a year
    # old?": the user said the age; the note names the question, not a check to do.
    service = service_factory()
    opening = "my laptop battery is coming up to 3 years old and barely holds a charge"
    reply = say(service, "age", opening, channel="web", pack="it-laptop")
    case = Case.objects.get(pk=reply.case_id)
    if case.state.get("awaiting_section"):
        section = next(b for b in reply.buttons if "battery" in b.label.lower())
        reply = say(service, "age", button=section.payload, channel="web")
    noted = next(p for p in reply.parts if p.startswith("Noted: "))
    assert "more than a year old? yes" in noted, noted
    assert "please check" not in noted.lower(), noted
