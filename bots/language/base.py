"""The language layer's interface and its typed outputs (design section 6).

An :class:`Interpreter` turns one user message, read in the context of the question the bot
is waiting on, into an :class:`Interpretation`: what the user wants (``intent``) and the
evidence their words carry (``answers`` about the pending finding, ``volunteered`` facts about
other findings). Every implementation returns the same types and every value is validated
against the network here, so the planner never sees an unknown finding or state, whoever
produced it.

Buttons are part of the interface: a channel passes a pressed button's payload as ``button``
and :func:`parse_button` gives the same Interpretation for every implementation.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal, get_args

from planning.evidence import Answer
from planning.network import EvidentialNetwork, Finding

Intent = Literal["answer", "why", "how_to_check", "human", "restart", "unknown", "greeting"]
Source = Literal["offline", "llm"]
INTENTS: tuple[str, ...] = get_args(Intent)

# Button payloads understood by every channel (see bots.messages for the labels).
ANSWER_PREFIX = "answer:"
UNSURE_PAYLOAD = "answer:unsure"
BUTTON_INTENTS: Mapping[str, Intent] = {
    "why": "why",
    "how": "how_to_check",
    "human": "human",
    "restart": "restart",
}


# Reading stops here: the start of a message is what answers a question, and the cost of
# reading (cue patterns, the finding index, a model's prompt) grows with its length. The
# runtime refuses longer messages anyway (bots.config.max_message_chars); this guards the
# interpreters when they are called on their own.
MAX_READ = 10_000


class InterpretationError(ValueError):
    """An interpretation names a finding or state the network does not have."""


@dataclass(frozen=True)
class Interpretation:
    """What one user message means.

    ``answers`` are about the pending finding (at most one in practice); ``volunteered`` are
    facts about other findings the user mentioned unprompted (applied without costing a
    turn). ``confidence`` in [0, 1] is how sure the interpreter is of the intent and polarity;
    ``detail`` says what decided it (a cue, a button, an LLM fallback reason) for operators.
    """

    intent: Intent
    answers: tuple[Answer, ...] = ()
    volunteered: tuple[Answer, ...] = ()
    confidence: float = 1.0
    source: Source = "offline"
    detail: str = ""
    extras: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.intent not in INTENTS:
            raise InterpretationError(f"unknown intent {self.intent!r}; expected one of {INTENTS}")
        if not 0.0 <= self.confidence <= 1.0:
            raise InterpretationError(f"confidence {self.confidence} not in [0, 1]")
        if self.intent != "answer" and self.answers:
            raise InterpretationError(f"intent {self.intent!r} cannot carry answers")

    def answer_for(self, finding_id: str) -> Answer | None:
        return next((a for a in self.answers if a.finding == finding_id), None)

    def to_dict(self) -> dict[str, Any]:
        """The JSON stored on the user's Turn (and shown to operators)."""
        return {
            "intent": self.intent,
            "answers": [answer_to_dict(a) for a in self.answers],
            "volunteered": [answer_to_dict(a) for a in self.volunteered],
            "confidence": round(self.confidence, 4),
            "source": self.source,
            "detail": self.detail,
            **({"extras": dict(self.extras)} if self.extras else {}),
        }


def answer_to_dict(answer: Answer) -> dict[str, Any]:
    return {
        "finding": answer.finding,
        "states": None if answer.states is None else list(answer.states),
        "reliability": answer.reliability,
    }


def answer_from_dict(data: Mapping[str, Any]) -> Answer:
    states = data.get("states")
    return Answer(
        finding=str(data["finding"]),
        states=None if states is None else tuple(str(s) for s in states),
        reliability=float(data.get("reliability", 1.0)),
    )


class Interpreter(ABC):
    """One user message in, one validated :class:`Interpretation` out."""

    name: str = "interpreter"

    @abstractmethod
    def interpret(
        self,
        text: str,
        *,
        pending: Finding | None,
        network: EvidentialNetwork,
        button: str | None = None,
    ) -> Interpretation:
        """Read ``text`` (or the pressed ``button``) as a reply to the ``pending`` question."""

    def rephrase(self, question: str, *, context: Mapping[str, Any]) -> str:
        """The question as the user should see it; the canonical wording by default."""
        return question


# -- helpers shared by every implementation --------------------------------------------------


def yes_no_states(finding: Finding) -> tuple[str, str] | None:
    """The (affirmative, negative) states of a two-state finding, or None for categorical ones.

    Packs spell binary frames as ("yes", "no") in either order, or as two named states where
    the first is the affirmative one (the FloDial and DDXPlus convention).
    """
    states = finding.states
    if len(states) != 2:
        return None
    lowered = [s.lower() for s in states]
    if "yes" in lowered and "no" in lowered:
        return states[lowered.index("yes")], states[lowered.index("no")]
    return states[0], states[1]


def parse_button(
    payload: str, *, pending: Finding | None, network: EvidentialNetwork, source: Source
) -> Interpretation:
    """The Interpretation of a button payload ("answer:yes", "why", "how", "human", ...)."""
    key = payload.strip()
    if key in BUTTON_INTENTS:
        return Interpretation(BUTTON_INTENTS[key], source=source, detail=f"button {key}")
    if key.startswith(ANSWER_PREFIX):
        if pending is None:
            return Interpretation("unknown", confidence=0.0, source=source, detail="no question")
        value = key[len(ANSWER_PREFIX) :]
        if value == "unsure":
            answer = Answer.unsure(pending.id)
        else:
            binary = yes_no_states(pending)
            state = value
            if value not in pending.states and binary is not None and value in ("yes", "no"):
                state = binary[0] if value == "yes" else binary[1]
            if state not in pending.states:
                raise InterpretationError(
                    f"button {payload!r}: {value!r} is not a state of finding {pending.id!r} "
                    f"{pending.states}"
                )
            answer = Answer.crisp(pending.id, state)
        return Interpretation("answer", (answer,), source=source, detail=f"button {key}")
    return Interpretation(
        "unknown", confidence=0.0, source=source, detail=f"unrecognised button {key!r}"
    )


def validate(
    interpretation: Interpretation, *, pending: Finding | None, network: EvidentialNetwork
) -> Interpretation:
    """Check every answer against the network; raise InterpretationError naming the problem.

    Answers must be about the pending finding; volunteered facts about any other known
    finding. Duplicated volunteered findings keep the first mention.
    """
    for answer in interpretation.answers:
        if pending is None or answer.finding != pending.id:
            raise InterpretationError(
                f"answer about {answer.finding!r} but the pending question is "
                f"{pending.id if pending else None!r}"
            )
        _check_states(answer, pending)
    seen: set[str] = set()
    kept: list[Answer] = []
    for answer in interpretation.volunteered:
        if answer.finding not in network.finding_index:
            raise InterpretationError(f"volunteered fact about unknown finding {answer.finding!r}")
        if pending is not None and answer.finding == pending.id:
            raise InterpretationError("a volunteered fact about the pending finding is an answer")
        _check_states(answer, network.finding(answer.finding))
        if answer.finding not in seen:
            seen.add(answer.finding)
            kept.append(answer)
    if len(kept) != len(interpretation.volunteered):
        return Interpretation(
            interpretation.intent,
            interpretation.answers,
            tuple(kept),
            interpretation.confidence,
            interpretation.source,
            interpretation.detail,
            interpretation.extras,
        )
    return interpretation


def _check_states(answer: Answer, finding: Finding) -> None:
    if answer.states is None:
        return
    unknown = [s for s in answer.states if s not in finding.states]
    if unknown:
        raise InterpretationError(
            f"finding {finding.id!r} has no state(s) {unknown}; its states are {finding.states}"
        )


def without(answers: Iterable[Answer], findings: Iterable[str]) -> tuple[Answer, ...]:
    """``answers`` minus those about ``findings`` (already asked, or the pending one)."""
    skip = set(findings)
    return tuple(a for a in answers if a.finding not in skip)
