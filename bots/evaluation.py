"""Evaluation with the users' own words: FloDial utterances through the offline language layer.

``manage.py evaluate flodial --answers utterances`` plays every question the planner asks with
what the real user said about that finding in the dialog, read by the same offline interpreter
the product uses (:class:`UtteranceUser`). A finding the dialog never discussed is answered by
the simulated user's templated answer (the case's branch, with the command's noise settings).

The user's turns about one finding are read in order, the way the conversation service reads
them: "how do I check that?", "why do you ask?" and sentences the interpreter cannot place
would make the bot explain and ask again, so the next utterance is read; the first one that
answers the question is the answer. If none does, the answer is "not sure".

``answer_accuracy`` compares the interpreted answer with the branch the dialog took, over the
questions answered with real utterances. It is recomputed from the results (the interpreter is
deterministic), so it is exact whatever number of worker processes played the cases.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bots.language.base import Interpreter
from bots.language.offline import OfflineInterpreter
from planning.dialogue import StoppingRule
from planning.evidence import Answer
from planning.harness import CaseResult, Policy, User
from planning.network import EvidentialNetwork, Finding
from planning.recovery import DEFAULT_CONFIRM_BELOW, run_case_recovering
from planning.simulation import Case, SimulatedUser

ANSWER_MODES = ("exact", "utterances")


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


class UtteranceUser:
    """A simulated user who answers in the real user's words where the dialog has them.

    Satisfies ``planning.harness.User``. ``fallback`` answers findings without utterances
    (and provides the opening, which FloDial cases do not have).
    """

    def __init__(
        self,
        fallback: SimulatedUser,
        network: EvidentialNetwork,
        interpreter: Interpreter | None = None,
    ) -> None:
        self.fallback = fallback
        self.network = network
        # Volunteered facts are not part of the harness protocol (it applies one answer per
        # question), so the evaluation reader skips looking for them.
        self.interpreter = interpreter or OfflineInterpreter(volunteer=False)
        self._confidence: dict[str, float] = {}

    @property
    def opening(self) -> tuple[Answer, ...]:
        return self.fallback.opening

    def answer(self, finding_id: str, states: tuple[str, ...]) -> Answer:
        utterances = self.fallback.utterances(finding_id)
        if not utterances:
            self._confidence[finding_id] = 1.0
            return self.fallback.answer(finding_id, states)
        finding = self.network.finding(finding_id)
        reading = read_utterances(utterances, finding, self.network, self.interpreter)
        self._confidence[finding_id] = reading.confidence
        return reading.answer

    def answer_question(
        self, question: str, options: tuple[tuple[str, tuple[str, ...]], ...]
    ) -> tuple[Answer, ...]:
        """A multi-choice question: the dialogs have no words for one (FloDial has none), so
        the templated answers."""
        for finding_id, _ in options:
            self._confidence[finding_id] = 1.0
        return self.fallback.answer_question(question, options)

    def reading_confidence(self, finding_id: str) -> float:
        """How sure the reader was of the answer it gave for ``finding_id`` (1.0: templated)."""
        return self._confidence.get(finding_id, 1.0)

    def confirm(self, finding_id: str, states: tuple[str, ...]) -> Answer:
        """The reply to "just to be sure: <the earlier answer>?" (``planning.recovery``).

        The dialog has no words for a confirmation, and its words for the finding are the ones
        already misread, so replaying them would only repeat the misreading. A direct yes/no
        confirmation gets a plain "yes" or "no", which the reader reads without error, so the
        reply is the case's own answer with the templated answers' noise (``--flip-rate`` and
        the others apply to it as to any templated answer).
        """
        self._confidence[finding_id] = 1.0
        return self.fallback.answer(finding_id, states)


# Before concluding, an answer the conclusion rests on is confirmed unless it was an explicit
# "yes"/"no" (the offline reader gives those 0.95; readings of the user's own words <= 0.9).
# The live service uses the same threshold.
CONFIRM_BELOW = DEFAULT_CONFIRM_BELOW


def run_case_confirming(
    policy: Policy,
    network: EvidentialNetwork,
    case: Case,
    user: User,
    stopping: StoppingRule,
    open_world: float | None = None,
) -> CaseResult:
    """A ``planning.harness.Runner`` with confirmations (``planning.recovery``).

    A stalled dialogue (the policy abstains, or the last two questions got "not sure")
    confirms the answer it rests on; a conclusion resting on an answer read from the user's
    own words (not an explicit yes/no) confirms that answer first. At most
    ``DEFAULT_MAX_CONFIRMATIONS`` per case.
    """
    return run_case_recovering(
        policy, network, case, user, stopping, open_world, confirm_below=CONFIRM_BELOW
    )


def utterance_user_factory(
    network_for_case: Callable[[Case], EvidentialNetwork],
    *,
    flip_rate: float = 0.0,
    unsure_rate: float = 0.0,
    hedge_rate: float = 0.0,
    seed: int = 0,
) -> Callable[[Case], UtteranceUser]:
    """A ``user_factory`` for ``planning.harness.evaluate`` (noise applies to templated answers)."""
    interpreter = OfflineInterpreter(volunteer=False)

    def make(case: Case) -> UtteranceUser:
        simulated = SimulatedUser(
            case, flip_rate=flip_rate, unsure_rate=unsure_rate, hedge_rate=hedge_rate, seed=seed
        )
        return UtteranceUser(simulated, network_for_case(case), interpreter)

    return make


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
            # A finding asked again is a confirmation (planning.recovery), answered "yes"/"no";
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
    """A percentage, like the harness's other rates."""
    return round(100.0 * num / den, 2) if den else None
