"""A reply typed to one FloDial chart question, the question named by words of it: what the
reading tables of test_cannot_check, test_possibility_hedges and test_intensifiers share."""

from __future__ import annotations

from bots.language.base import Interpretation
from bots.language.offline import OfflineInterpreter
from knowledge.datasets.flodial import load_network

_INTERPRETER = OfflineInterpreter()


def read_reply(chart: str, words: str, reply: str) -> tuple[str, Interpretation]:
    """The asked finding's id and the offline reader's interpretation of ``reply`` to it."""
    network = load_network(chart)
    pending = next(f for f in network.findings if words.lower() in f.question.lower())
    return pending.id, _INTERPRETER.interpret(reply, pending=pending, network=network)


def read_state(chart: str, words: str, reply: str) -> tuple[str, ...] | None:
    """The state(s) the offline reader takes from ``reply`` for the question named by
    ``words``; None when it takes no answer to it."""
    finding, meaning = read_reply(chart, words, reply)
    answer = meaning.answer_for(finding)
    return None if answer is None else answer.states
