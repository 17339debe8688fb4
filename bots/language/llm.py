"""The LLM interpreter: any OpenAI-compatible endpoint, JSON-schema constrained, never trusted.

``interpret`` sends the pending question, its states, the user's message and a short list of
other findings the message might mention (the offline TF-IDF index picks the candidates, so a
pack of hundreds of findings still fits a small prompt). The reply must match a JSON schema
built for this question (the answer is one of its states, or "unsure", or null), and a check
rejects what a schema cannot: an answer with a non-answer intent, a volunteered fact about an
unknown finding or state. The client (``knowledge.llm.LLMClient``) retries a bad reply and
raises a typed error when it gives up.

Whatever goes wrong (no endpoint, timeout, invalid JSON, a reply breaking the schema or the
checks, a spent budget, or a bug) the message is read by the offline interpreter instead and
the turn goes on; the interpretation records why in ``detail`` and ``extras["llm_error"]``.
Buttons never reach the model: their payloads are exact.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from pathlib import Path
from typing import Any, cast

from planning.evidence import Answer
from planning.network import EvidentialNetwork, Finding

from .base import (
    INTENTS,
    MAX_READ,
    Intent,
    Interpretation,
    Interpreter,
    parse_button,
    validate,
    yes_no_states,
)
from .offline import OfflineInterpreter
from .volunteer import finding_index

log = logging.getLogger(__name__)

PROMPTS_DIR = Path(__file__).resolve().parent / "prompts"
INTERPRET_PROMPT = "interpret_reply"
REPHRASE_PROMPT = "rephrase_question"
CANDIDATES = 12
MAX_REPHRASED = 300
UNSURE = "unsure"
# The offline interpreter's confidence in an explicit yes/no ("nope", "yes it is").
EXPLICIT_CONFIDENCE = 0.95


class LLMInterpreter(Interpreter):
    """Interpretation by a language model, with the offline interpreter as the fallback."""

    name = "llm"

    def __init__(
        self,
        client: Any,
        *,
        fallback: Interpreter | None = None,
        rephrase_questions: bool = False,
        max_tokens: int = 300,
    ) -> None:
        self.client = client
        self.fallback = fallback or OfflineInterpreter()
        self.rephrase_questions = rephrase_questions
        self.max_tokens = max_tokens

    @classmethod
    def from_settings(cls) -> Interpreter:
        """Built from the LLM_* settings; the offline interpreter when that is impossible."""
        from django.conf import settings

        from knowledge.llm import BUILTIN_PROMPTS_DIR, LLMClient, LLMError

        try:
            client = LLMClient.from_settings(prompt_dirs=(PROMPTS_DIR, BUILTIN_PROMPTS_DIR))
        except LLMError as exc:
            log.warning("LLM language layer unavailable (%s); using the offline interpreter", exc)
            return OfflineInterpreter()
        return cls(
            client, rephrase_questions=bool(getattr(settings, "LLM_REPHRASE_QUESTIONS", False))
        )

    # -- interpretation ----------------------------------------------------------------------

    def interpret(
        self,
        text: str,
        *,
        pending: Finding | None,
        network: EvidentialNetwork,
        button: str | None = None,
    ) -> Interpretation:
        if button:
            return validate(
                parse_button(button, pending=pending, network=network, source="llm"),
                pending=pending,
                network=network,
            )
        text = text[:MAX_READ]
        if not text.strip():
            return Interpretation("unknown", confidence=0.0, source="llm", detail="empty message")
        try:
            reply = self._ask_model(text, pending, network)
        except Exception as exc:  # the turn must go on whatever the model or client did
            log.warning(
                "LLM interpretation failed (%s: %s); reading offline", type(exc).__name__, exc
            )
            offline = self.fallback.interpret(text, pending=pending, network=network)
            return Interpretation(
                offline.intent,
                offline.answers,
                offline.volunteered,
                offline.confidence,
                "offline",
                f"llm fallback ({type(exc).__name__}); {offline.detail}",
                {"llm_error": f"{type(exc).__name__}: {exc}"[:500]},
            )
        return self._cross_checked(reply, text, pending, network)

    def _cross_checked(
        self,
        reply: Interpretation,
        text: str,
        pending: Finding | None,
        network: EvidentialNetwork,
    ) -> Interpretation:
        """The model's answer to a question, checked against the offline reading.

        A schema only guarantees a well-formed reply; a small model still says "yes" to
        "nope, still dead". Where both read an answer to the pending question and disagree,
        an explicit offline reading ("no", "nope", confidence >= EXPLICIT_CONFIDENCE) wins,
        and otherwise neither is trusted: the message is left unread so the bot asks again.
        """
        mine = reply.answer_for(pending.id) if pending is not None else None
        if pending is None or mine is None or mine.states is None:
            return reply
        offline = self.fallback.interpret(text, pending=pending, network=network)
        theirs = offline.answer_for(pending.id)
        if theirs is None or theirs.states is None or theirs.states == mine.states:
            return reply
        disagreement = {"llm_answer": list(mine.states), "offline_answer": list(theirs.states)}
        if offline.confidence >= EXPLICIT_CONFIDENCE:
            return Interpretation(
                offline.intent,
                offline.answers,
                offline.volunteered,
                offline.confidence,
                "offline",
                f"llm overruled by an explicit answer; {offline.detail}",
                {"llm_disagreed": disagreement},
            )
        return Interpretation(
            "unknown",
            (),
            reply.volunteered,
            0.3,
            "llm",
            "llm and offline readings disagree: asked again",
            {"llm_disagreed": disagreement},
        )

    def _ask_model(
        self, text: str, pending: Finding | None, network: EvidentialNetwork
    ) -> Interpretation:
        candidates = self._candidates(text, pending, network)
        states = list(pending.states) if pending is not None else []
        schema = reply_schema(states, candidates)
        by_id = {f.id: f for f in candidates}

        def check(reply: dict[str, Any]) -> None:
            _check_reply(reply, pending, by_id)

        reply = self._complete(
            INTERPRET_PROMPT,
            {
                "question": pending.question
                if pending
                else "(no question yet: this is the "
                "user's first message, describing their problem)",
                "states": [*states, UNSURE] if pending else [],
                "candidates": [
                    {"id": f.id, "question": f.question, "states": list(f.states)}
                    for f in candidates
                ]
                or "(none)",
                "message": text,
            },
            schema,
            max_tokens=self.max_tokens,
            check=check,
        )
        return validate(_to_interpretation(reply, pending), pending=pending, network=network)

    def _candidates(
        self, text: str, pending: Finding | None, network: EvidentialNetwork
    ) -> list[Finding]:
        """Findings the message may be about, by TF-IDF similarity (the pending one excluded)."""
        index = finding_index(network)
        scored = index.rank(text, limit=CANDIDATES + 1)
        return [f for f in scored if pending is None or f.id != pending.id][:CANDIDATES]

    def _complete(
        self,
        name: str,
        variables: Mapping[str, Any],
        schema: dict[str, Any],
        *,
        max_tokens: int,
        check: Any = None,
    ) -> dict[str, Any]:
        """Render prompt ``name`` (the client's prompt directories first, so a pack can
        shadow it; else this layer's own) and ask for a reply matching ``schema``."""
        from knowledge.llm import PromptError, load_prompt

        try:
            prompt = self.client.prompt(name)
        except PromptError:
            prompt = load_prompt(name, (PROMPTS_DIR,))
        result: dict[str, Any] = self.client.chat_json(
            prompt.render(variables),
            schema,
            max_tokens=max_tokens,
            schema_name=name,
            check=check,
        )
        return result

    # -- rephrasing --------------------------------------------------------------------------

    def rephrase(self, question: str, *, context: Mapping[str, Any]) -> str:
        if not self.rephrase_questions:
            return question
        try:
            reply = self._complete(
                REPHRASE_PROMPT,
                {
                    "topic": str(context.get("pack", "")),
                    "complaint": str(context.get("complaint", "")),
                    "states": list(context.get("states", [])),
                    "question": question,
                },
                {
                    "type": "object",
                    "additionalProperties": False,
                    "required": ["question"],
                    "properties": {"question": {"type": "string"}},
                },
                max_tokens=150,
                check=_check_rephrased,
            )
        except Exception as exc:
            log.info("rephrasing failed (%s); using the pack's wording", exc)
            return question
        text = str(reply.get("question", "")).strip()
        return text if text else question


def _check_rephrased(reply: Mapping[str, Any]) -> None:
    text = str(reply["question"]).strip()
    if not 3 <= len(text) <= MAX_REPHRASED:
        raise ValueError(f"the question must be 3 to {MAX_REPHRASED} characters long")


def reply_schema(states: list[str], candidates: list[Finding]) -> dict[str, Any]:
    """The JSON schema of the model's reply for this question.

    Kept to the keywords OpenAI's strict mode accepts (no numeric bounds or length limits);
    ``_check_reply`` enforces those.
    """
    answer: dict[str, Any] = (
        {"type": ["string", "null"], "enum": [*states, UNSURE, None]}
        if states
        else {"type": "null"}
    )
    finding_ids = [f.id for f in candidates]
    fact: dict[str, Any] = {
        "type": "object",
        "additionalProperties": False,
        "required": ["finding", "state"],
        "properties": {
            "finding": {"type": "string", "enum": finding_ids}
            if finding_ids
            else {"type": "string"},
            "state": {"type": "string"},
        },
    }
    return {
        "type": "object",
        "additionalProperties": False,
        "required": ["intent", "answer", "reliability", "volunteered", "confidence"],
        "properties": {
            "intent": {"type": "string", "enum": list(INTENTS)},
            "answer": answer,
            "reliability": {"type": "number"},
            "volunteered": {"type": "array", "items": fact},
            "confidence": {"type": "number"},
        },
    }


def _check_reply(
    reply: Mapping[str, Any], pending: Finding | None, candidates: Mapping[str, Finding]
) -> None:
    """What the schema cannot say; ValueError makes the client ask the model again."""
    intent, answer = reply["intent"], reply["answer"]
    for key in ("reliability", "confidence"):
        if not 0.0 <= float(reply[key]) <= 1.0:
            raise ValueError(f"{key} must be between 0 and 1, got {reply[key]}")
    if not states_ok(reply, pending):
        raise ValueError('answer must be one of the question\'s states, or "unsure"')
    if intent == "answer" and pending is not None and answer is None:
        raise ValueError('intent "answer" needs an answer (a state or "unsure")')
    if intent != "answer" and answer is not None:
        raise ValueError(f"intent {intent!r} must have answer null, got {answer!r}")
    for fact in reply["volunteered"]:
        finding = candidates.get(fact["finding"])
        if finding is None:
            raise ValueError(f"volunteered finding {fact['finding']!r} is not a candidate")
        if fact["state"] not in finding.states:
            raise ValueError(
                f"finding {finding.id!r} has no state {fact['state']!r}; use one of "
                f"{list(finding.states)}"
            )


def states_ok(reply: Mapping[str, Any], pending: Finding | None) -> bool:
    answer = reply["answer"]
    if answer is None or answer == UNSURE:
        return True
    return pending is not None and (answer in pending.states or answer in ("yes", "no"))


def _to_interpretation(reply: Mapping[str, Any], pending: Finding | None) -> Interpretation:
    intent = str(reply["intent"])
    reliability = float(reply["reliability"])
    answers: tuple[Answer, ...] = ()
    if intent == "answer" and pending is not None:
        value = reply["answer"]
        if value == UNSURE:
            answers = (Answer.unsure(pending.id),)
        else:
            state = str(value)
            binary = yes_no_states(pending)
            if state not in pending.states and binary and state in ("yes", "no"):
                state = binary[0] if state == "yes" else binary[1]
            answers = (Answer(pending.id, (state,), reliability),)
    elif intent == "answer":
        intent = "answer" if reply["volunteered"] else "unknown"
    volunteered = tuple(
        Answer(str(f["finding"]), (str(f["state"]),), min(reliability, 0.9))
        for f in reply["volunteered"]
    )
    return Interpretation(
        cast(Intent, intent),
        answers,
        volunteered,
        float(reply["confidence"]),
        "llm",
        "llm",
    )
