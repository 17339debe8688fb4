"""``answer_accuracy``: how well the reader understood the FloDial users' own words.

With ``--answers utterances`` every question is answered with what the real user said about
that finding (:class:`evaluation.speakers.UtteranceSpeaker`), read by the service. This module
recomputes, for every question answered with real utterances, the answer the reader takes
from them (the first utterance that answers the question, as the service reads them one after
the other) and compares it with the branch the dialog took. The reader is deterministic, so
the figure is exact whatever number of worker processes played the cases.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bots.language.base import Interpreter
from bots.language.offline import OfflineInterpreter
from planning.evidence import Answer
from planning.network import EvidentialNetwork, Finding
from planning.results import CaseResult
from planning.simulation import Case


@dataclass(frozen=True)
class UtteranceReading:
    """The answer read from a user's utterances about one finding, and how it was reached."""

    answer: Answer
    utterances_read: int
    intents: tuple[str, ...]
    confidence: float = 0.0  # the interpreter's confidence in the answering reading


def read_utterances(
    utterances: Sequence[str],
    finding: Finding,
    network: EvidentialNetwork,
    interpreter: Interpreter,
) -> UtteranceReading:
    """The first utterance that answers the question about ``finding`` (see module docstring)."""
    intents: list[str] = []
    for count, text in enumerate(utterances, start=1):
        meaning = interpreter.interpret(text, pending=finding, network=network)
        intents.append(meaning.intent)
        answer = meaning.answer_for(finding.id) if meaning.intent == "answer" else None
        if answer is not None:
            return UtteranceReading(answer, count, tuple(intents), meaning.confidence)
    return UtteranceReading(Answer.unsure(finding.id), len(intents), tuple(intents))


def answer_accuracy_report(
    results: Mapping[str, Sequence[CaseResult]],
    cases: Sequence[Case],
    network_for_case: Callable[[Case], EvidentialNetwork],
    interpreter: Interpreter | None = None,
) -> dict[str, Any]:
    """``answer_accuracy`` over every question answered with real utterances.

    Pooled over policies (``answer_accuracy``, the headline) and per policy (``answers``), with
    the counts behind it: correct, wrong (the other state), unsure (no utterance answered),
    and how many confirmations were asked. A question whose case has no branch for it (off the
    dialog's path) is not counted.
    """
    reader = interpreter or OfflineInterpreter(volunteer=False)
    by_id = {case.id: case for case in cases}
    cache: dict[tuple[str, str], Answer] = {}
    per_policy: dict[str, dict[str, Any]] = {}
    pooled = {"questions": 0, "correct": 0, "wrong": 0, "unsure": 0, "confirmations": 0}
    for name, case_results in results.items():
        counts = dict.fromkeys(pooled, 0)
        for result in case_results:
            case = by_id[result.case_id]
            utterances = case.metadata.get("utterances", {})
            # A finding asked again is a confirmation (planning.engine), answered in plain words;
            # only the first question about a finding was answered in the user's words.
            confirmations = len(result.asked) - len(set(result.asked))
            counts["confirmations"] += confirmations
            for finding_id in dict.fromkeys(result.asked):
                texts = utterances.get(finding_id)
                truth = case.answers.get(finding_id)
                if not texts or truth is None:
                    continue
                key = (case.id, finding_id)
                if key not in cache:
                    network = network_for_case(case)
                    finding = network.finding(finding_id)
                    cache[key] = read_utterances(texts, finding, network, reader).answer
                answer = cache[key]
                counts["questions"] += 1
                if answer.states is None:
                    counts["unsure"] += 1
                elif answer.states == (truth,):
                    counts["correct"] += 1
                else:
                    counts["wrong"] += 1
        per_policy[name] = {
            **counts,
            "answer_accuracy": _ratio(counts["correct"], counts["questions"]),
        }
        for field_name in pooled:
            pooled[field_name] += counts[field_name]
    return {
        "answer_accuracy": _ratio(pooled["correct"], pooled["questions"]),
        "answers": {"pooled": pooled, "policies": per_policy},
    }


def _ratio(num: int, den: int) -> float | None:
    """A percentage, like the evaluation's other rates."""
    return round(100.0 * num / den, 2) if den else None
