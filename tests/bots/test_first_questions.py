"""The first questions follow the complaint, through the conversation service, for openings
written as patients write (tests/bots/first_questions_table.py): never history first, never a
question the opening answered, and about what the person came with."""

from __future__ import annotations

from typing import Any

import pytest

from bots.conversation import follow_ups
from bots.messages import Inbound

from .first_questions_table import DEVELOPMENT, HELD_OUT, Row

FIRST = 3


def _first_questions(service: Any, thread: str, opening: str) -> list[tuple[str, str]]:
    """(finding id, question text) of the first questions, every answer "not sure"."""
    asked = []
    reply = service.handle(Inbound("web", thread, opening, user_id="u1", pack="patient-intake"))
    for _ in range(FIRST):
        if reply.kind != "question" or reply.question is None:
            break
        asked.append((reply.question, reply.parts[-1]))
        reply = service.handle(Inbound("web", thread, "", button="answer:unsure", user_id="u1"))
    return asked


def _about(questions: list[tuple[str, str]], row: Row) -> bool:
    _, about, never = row
    texts = [q.lower() for _, q in questions]
    return (
        bool(texts)
        and all(any(k in t for k in about) for t in texts)
        and not any(k in t for t in texts for k in never)
    )


@pytest.mark.django_db
def test_first_questions_follow_the_complaint(service_factory: Any, packs: Any) -> None:
    from knowledge.packs.store import load_network

    history = follow_ups.history_of(load_network("patient-intake"))
    assert len(history) > 50  # the DDXPlus antecedents
    service = service_factory()
    scores = {}
    for name, rows in (("development", DEVELOPMENT), ("held-out", HELD_OUT)):
        good = 0
        for i, row in enumerate(rows):
            asked = _first_questions(service, f"{name}-{i}", row[0])
            # Whatever the words: never history first, never the same question twice.
            assert not [q for f, q in asked if f in history], (row[0], asked)
            # A nurse's question stands on the pack's first finding; asked another way after a
            # "not sure" (stop 45) it is other words, not the same question again.
            assert len(set(asked)) == len(asked), (row[0], asked)
            good += _about(asked, row)
        scores[name] = (good, len(rows))
    print(f"first questions about the complaint: {scores}")
    good, total = scores["development"]
    # Measured 20 of 30 (one opening escalates at once; two rows ask next about other signs
    # once the symptom said in everyday words is read, bots.language.lay_words; an ear ache
    # whose place is read, bots.language.body_places, is asked about irritability, a sign of
    # middle-ear infection, instead of "Where do you feel pain?").
    assert good >= 0.65 * total, scores


@pytest.mark.django_db
def test_no_pain_notes_nothing_the_user_did_not_say(service_factory: Any, packs: Any) -> None:
    # "No" to "Do you have pain?" settles every question about the pain (a hundred of them)
    # unasked; the reply notes none of them back.
    service = service_factory()
    thread = "painless"
    reply = service.handle(
        Inbound("web", thread, "my heart races sometimes", user_id="u1", pack="patient-intake")
    )
    # The pain question: "Do you have pain?" or, asked whole, "Do you have pain somewhere?
    # If so, where?" (follow_ups.asks_whether), whose "None of these" is the "no".
    pain = {"E_53": "answer:no"}
    for _ in range(8):
        assert reply.kind == "question"
        if reply.question and reply.question.startswith("E_55@"):
            pain[reply.question] = "pick:none"
        if reply.question in pain:
            break
        reply = service.handle(Inbound("web", thread, "", button="answer:unsure", user_id="u1"))
    assert reply.question in pain, "the pain question was not asked in the first questions"
    after = service.handle(Inbound("web", thread, "", button=pain[reply.question], user_id="u1"))
    shown = " ".join(after.parts)
    assert "noted" not in shown.lower() and "pain" not in shown.lower(), shown


@pytest.mark.django_db
def test_a_follow_up_read_without_its_topic_is_not_noted(service_factory: Any, packs: Any) -> None:
    # "heavy" is a way to describe pain, but these heavy periods describe no pain.
    service = service_factory()
    opening = "ive been exhausted for weeks and my periods have been really heavy lately"
    reply = service.handle(Inbound("web", "heavy", opening, user_id="u1", pack="patient-intake"))
    shown = " ".join(reply.parts).lower()
    assert "describe the pain" not in shown, shown


@pytest.mark.django_db
def test_a_rash_or_swelling_not_mentioned_is_not_asked_first(
    service_factory: Any, packs: Any
) -> None:
    # A rash or a swelling is seen, so people say it when it is there (the pack's
    # question_order.volunteered_topics): a chesty cough was asked "Is there a rash...?"
    # second (probe lead12), because in DDXPlus nearly every pneumonia patient reports one.
    service = service_factory()
    opening = (
        "been coughing up green gunk for over a week, proper chesty cough, bit out of breath "
        "going up the stairs and ive had a temperature on and off"
    )
    asked = [f for f, _ in _first_questions(service, "chesty", opening)]
    assert len(asked) == FIRST
    assert not {f.split("@")[0] for f in asked} & {"E_129", "E_151"}, asked
    # Named in the opening, the topic comes first (read as said, its follow-ups are asked).
    from knowledge.packs.store import load_network

    parent = follow_ups.follow_up_of(load_network("patient-intake"))
    asked = [f for f, _ in _first_questions(service, "itchy", "itchy red rash on my arms")]
    assert any(parent.get(f) == "E_129" for f in asked), asked


def test_volunteered_topics_are_a_list_of_finding_ids() -> None:
    from bots.conversation.answering import QuestionOrder

    order = QuestionOrder.from_metadata({"question_order": {"volunteered_topics": ["E_129"]}})
    assert order.volunteered_topics == frozenset({"E_129"})
    with pytest.raises(ValueError, match="volunteered_topics"):
        QuestionOrder.from_metadata({"question_order": {"volunteered_topics": "E_129"}})


@pytest.mark.django_db
def test_the_stated_pain_is_asked_first(service_factory: Any, packs: Any) -> None:
    # Stop 43: an adult's earache that said a pain was asked "more irritable?" second (the
    # pack's nearest cause, a child-shaped middle-ear infection), a knee ache "a cough?"; a
    # clinician asks about the pain that was said first: its character, place, intensity, onset.
    from knowledge.packs.store import load_network

    parent = follow_ups.follow_up_of(load_network("patient-intake"))
    service = service_factory()
    for i, opening in enumerate(
        (
            "my elbow has been aching on and off for about a week",
            "sore left ear since tuesday and it sounds a bit muffled, im 45",
        )
    ):
        asked = [f for f, _ in _first_questions(service, f"stated-{i}", opening)]
        assert len(asked) == FIRST, (opening, asked)
        assert all(parent.get(f) == "E_53" for f in asked), (opening, asked)


# Openings that pin one place to an option and name another that no option names in its own
# words (which side of the chest? where in the back?): the pinned place is noted, and "where?"
# is still asked first for the other. Stop 44: with "where?" left out once anything of it was
# read, "pain in my chest ... and my calf is sore" never recorded the chest, and a pulmonary
# embolism's opening ended urgent, not an emergency (tests/bots/test_derived_flags.py).
# The rows were written after the change, before they were first run ("sharp pain in my chest
# when i breathe in and my calf is sore", the first, is now an emergency at once: a leg clot,
# bots.safety.emergency's "blood clot", so no question is asked; replaced); two of the first three
# failed: "my backs been" was not read as the back (now it is: body_places._GLUED_IS), and a
# chest pain that spreads to the shoulder is an emergency at once, so it was replaced.
UNPINNED = (
    "pain in my chest on and off and my left knee aches",
    "my backs been killing me for days and now my left knee aches too",
    "pain in my chest on and off since the weekend and the left knee hurts a bit",
)
# Every place said is one an option names: "where?" is not asked again.
PINNED = (
    "my left knee aches when i go down stairs",
    "sore right ear since tuesday, a bit muffled",
)


@pytest.mark.django_db
@pytest.mark.parametrize("opening", UNPINNED + PINNED)
def test_where_is_asked_first_when_a_said_place_was_not_pinned(
    service_factory: Any, packs: Any, opening: str
) -> None:
    from knowledge.packs.store import load_network

    network = load_network("patient-intake")
    where = {f.id for f in network.findings if f.group == "E_55"}
    asked = [f for f, _ in _first_questions(service_factory(), "unpinned", opening)]
    if opening in UNPINNED:
        assert where & set(asked), (opening, asked)
    else:
        assert not where & set(asked), (opening, asked)
