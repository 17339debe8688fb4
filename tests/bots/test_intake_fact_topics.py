"""What an intake opening's words are about: a count or a particle is no topic
(``bots.language.facts``, ``bots.language.predicates``)."""

from __future__ import annotations

from typing import Any

MIGRAINE = (
    "i get these zigzag flashing lights in my vision for about 20 mins and then a pounding "
    "headache on one side, have to lie in a dark room, happens every couple of weeks"
)


def _facts(text: str) -> dict[str, tuple[str, ...] | None]:
    from bots.language.volunteer import volunteered_facts
    from knowledge.packs.store import load_network

    network = load_network("patient-intake")
    return {a.finding: a.states for a in volunteered_facts(text, network)}


def test_a_duration_of_one_thing_is_no_answer_about_another(packs: Any) -> None:
    # "one" of "one of your children" made "a headache on one side" a sentence about
    # breastfeeding, and its "20 mins" a "no" to "more than 9 months?".
    assert "E_11" not in _facts(MIGRAINE)
    assert _facts("i breastfed both my kids for over a year")["E_11"] == ("yes",)


def test_a_particle_is_no_word_for_the_predicate(packs: Any) -> None:
    # "on" of the group "turn on" said "turning your head" for "a headache on one side"; the
    # neck answer sent a migraine to urgent care.
    assert "E_192" not in _facts(MIGRAINE)
