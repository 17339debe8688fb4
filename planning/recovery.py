"""Recovering from a misread answer: confirm the answer a stalled dialogue rests on.

In a flowchart every cause fixes the answers on its own path and says nothing about the
others. When one answer on the path is misread (the user's words said "no", the reader heard
"yes"), the dialogue walks into the wrong subtree: the questions there are about another path,
the user cannot answer them ("not sure"), the true cause has been ruled out and no question can
bring it back. The policy then abstains with nothing left to ask.

That stall is evidence about *which* answer was wrong. A question the user could answer
(anything but "not sure") was on the user's own path, so every answer that led to it was
right; the suspect is therefore the most recent answer that said something, and more
generally the most recent one whose opposite would give the dialogue something to do again
(a question to ask or a cause to conclude). :func:`confirmation_candidate` finds it;
:func:`replace_answer` rebuilds the dialogue state with the confirmed answer in its place
(the belief is replayed from the start, since a crisp link that ruled a cause out cannot be
divided back out). :func:`run_case_recovering` is :func:`planning.harness.run_case` with that
step: when the policy abstains and fewer than ``max_confirmations`` confirmations were asked,
the suspect answer is asked again as a confirmation ("just to be sure: ...?"); the user's
reply replaces the old answer and the dialogue goes on. A confirmation costs a turn and
counts against ``max_turns``; a confirmed answer is not confirmed again.

The harness contract otherwise holds (no finding asked twice except as a confirmation, no
question past ``max_turns``). Pure Python, no I/O.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Protocol

import numpy as np

from .actions import Abstain, Action, Ask, Conclude
from .dialogue import DialogueState, StoppingRule
from .evidence import Answer
from .harness import (
    CaseResult,
    Policy,
    User,
    _result,
    ask_again,
    ask_user,
    opening_state,
    record_answers,
)
from .network import EvidentialNetwork
from .simulation import Case

DEFAULT_MAX_CONFIRMATIONS = 3
DEFAULT_STALL_WINDOW = 2
# Before concluding, an answer the conclusion rests on is confirmed when the reader's confidence
# in it is below this: an explicit "yes"/"no" reads at 0.95, the user's own words at <= 0.9.
DEFAULT_CONFIRM_BELOW = 0.95


class ConfirmingUser(User, Protocol):
    """A user who can be asked to confirm an earlier answer (see :func:`run_case_recovering`)."""

    def confirm(self, finding_id: str, states: tuple[str, ...]) -> Answer: ...


def replay(
    network: EvidentialNetwork,
    answers: Sequence[tuple[Answer, bool]],
    open_world: float | None = None,
    prior: np.ndarray | None = None,
) -> DialogueState:
    """A fresh dialogue state (from ``prior``, if any) with ``(answer, asked)`` applied in order."""
    state = DialogueState.start(network, prior, open_world=open_world)
    for answer, asked in answers:
        state.apply(answer, network, asked=asked)
    return state


def replace_answer(
    state: DialogueState,
    network: EvidentialNetwork,
    index: int,
    answer: Answer,
    *,
    volunteered: int,
    open_world: float | None = None,
    extra_turns: int = 0,
    asked: Sequence[bool] | None = None,
    prior: np.ndarray | None = None,
) -> DialogueState:
    """``state`` with ``state.answers[index]`` replaced by ``answer``.

    The first ``volunteered`` answers were volunteered (cost no turn), the rest asked; or
    ``asked`` says it per answer (a conversation where facts are volunteered along the way).
    ``extra_turns`` adds turns the replay does not see (a confirmation is a question too).
    ``prior`` is the prior the dialogue started from.
    """
    if not 0 <= index < len(state.answers):
        raise IndexError(f"no answer {index} (the state has {len(state.answers)})")
    if answer.finding != state.answers[index].finding:
        raise ValueError(
            f"answer about {answer.finding!r} cannot replace one about "
            f"{state.answers[index].finding!r}"
        )
    answers = list(state.answers)
    answers[index] = answer
    flags = _asked_flags(state, volunteered, asked)
    rebuilt = replay(network, list(zip(answers, flags, strict=True)), open_world, prior)
    # The replay counts one turn per asked answer; confirmations asked before are not in it.
    rebuilt.turns = state.turns + extra_turns
    rebuilt.human_requested = state.human_requested
    return rebuilt


def _asked_flags(
    state: DialogueState, volunteered: int, asked: Sequence[bool] | None
) -> list[bool]:
    if asked is None:
        return [i >= volunteered for i in range(len(state.answers))]
    if len(asked) != len(state.answers):
        raise ValueError(f"asked has {len(asked)} flags for {len(state.answers)} answers")
    return list(asked)


def confirmation_candidate(
    state: DialogueState,
    network: EvidentialNetwork,
    policy: Policy,
    *,
    volunteered: int,
    confirmed: set[str],
    open_world: float | None = None,
    confidence: Callable[[str], float] | None = None,
    asked: Sequence[bool] | None = None,
    prior: np.ndarray | None = None,
) -> int | None:
    """Index in ``state.answers`` of the answer to confirm, or ``None`` (module docstring).

    ``volunteered``, ``asked`` and ``prior`` are as for :func:`replace_answer`.
    Candidates are the asked answers not confirmed yet, most recent first: crisp ones, and
    "not sure" where the reader understood nothing (``confidence`` 0: the words were there but
    unreadable, unlike a "not sure" the user said). The first whose opposite (every other
    state; for "not sure", any state) would let ``policy`` ask or conclude is chosen.
    """
    flags = _asked_flags(state, volunteered, asked)
    for index in range(len(state.answers) - 1, -1, -1):
        answer = state.answers[index]
        if not flags[index] or answer.finding in confirmed:
            continue
        states = network.finding(answer.finding).states
        if answer.is_vacuous or answer.states is None:
            if confidence is None or confidence(answer.finding) > 0.0:
                continue
            alternatives: list[tuple[str, ...]] = [(s,) for s in states]
        else:
            others = tuple(s for s in states if s not in answer.states)
            alternatives = [others] if others else []
        for alternative in alternatives:
            action = _choose_instead(
                state,
                network,
                policy,
                index,
                Answer(answer.finding, alternative),
                volunteered=volunteered,
                open_world=open_world,
                asked=flags,
                prior=prior,
            )
            if action is not None and not isinstance(action, Abstain):
                return index
    return None


def _choose_instead(
    state: DialogueState,
    network: EvidentialNetwork,
    policy: Policy,
    index: int,
    answer: Answer,
    *,
    volunteered: int,
    open_world: float | None,
    asked: Sequence[bool],
    prior: np.ndarray | None,
) -> Action | None:
    """What ``policy`` would do had answer ``index`` been ``answer`` (asked as a confirmation,
    so one turn more); None when that answer contradicts every cause."""
    counterfactual = replace_answer(
        state,
        network,
        index,
        answer,
        volunteered=volunteered,
        open_world=open_world,
        extra_turns=1,
        asked=asked,
        prior=prior,
    )
    try:
        return policy.choose(counterfactual, network)
    except ArithmeticError:
        return None


def decisive_doubt(
    state: DialogueState,
    network: EvidentialNetwork,
    policy: Policy,
    action: Conclude,
    volunteered: int,
    confirmed: set[str],
    open_world: float | None,
    confidence: Callable[[str], float],
    confirm_below: float,
    *,
    asked: Sequence[bool] | None = None,
    prior: np.ndarray | None = None,
) -> int | None:
    """The last informative asked answer, if it was read with doubt (``confidence`` below
    ``confirm_below``) and the conclusion rests on it (its opposite would not conclude the
    same). ``volunteered``, ``asked`` and ``prior`` are as for :func:`replace_answer`."""
    flags = _asked_flags(state, volunteered, asked)
    for index in range(len(state.answers) - 1, -1, -1):
        answer = state.answers[index]
        if not flags[index] or answer.is_vacuous or answer.states is None:
            continue
        if answer.finding in confirmed or confidence(answer.finding) >= confirm_below:
            return None
        others = tuple(s for s in network.finding(answer.finding).states if s not in answer.states)
        if not others:
            return None
        other = _choose_instead(
            state,
            network,
            policy,
            index,
            Answer(answer.finding, others),
            volunteered=volunteered,
            open_world=open_world,
            asked=flags,
            prior=prior,
        )
        if other is None:
            return None
        if isinstance(other, Conclude) and other.hypothesis == action.hypothesis:
            return None
        return index
    return None


def is_stalled(
    action: object,
    asked: Sequence[Answer],
    since_confirmation: int,
    window: int = DEFAULT_STALL_WINDOW,
) -> bool:
    """Whether the dialogue is stuck: the policy abstains, or the last ``window`` questions
    (``asked``: the asked answers, oldest first), all since the last confirmation, got
    nothing but "not sure"."""
    if isinstance(action, Abstain):
        return True
    return (
        window > 0
        and isinstance(action, Ask)
        and since_confirmation >= window
        and len(asked) >= window
        and all(a.is_vacuous for a in asked[-window:])
    )


def run_case_recovering(
    policy: Policy,
    network: EvidentialNetwork,
    case: Case,
    user: User,
    stopping: StoppingRule,
    open_world: float | None = None,
    *,
    max_confirmations: int = DEFAULT_MAX_CONFIRMATIONS,
    stall_window: int = DEFAULT_STALL_WINDOW,
    confirm_below: float = 0.0,
) -> CaseResult:
    """:func:`planning.harness.run_case` with confirmations when the dialogue stalls.

    ``CaseResult.asked`` lists every question in the order asked, a confirmation as a second
    occurrence of its finding. A user with a ``confirm`` method answers confirmations with it
    (see :class:`ConfirmingUser`); any other user is asked the question again.
    """
    if max_confirmations < 0:
        raise ValueError(f"max_confirmations must be >= 0, got {max_confirmations}")
    state = opening_state(network, case, user, open_world)
    volunteered = len(state.answers)
    asked: list[str] = []
    times: list[float] = []
    confirmed: set[str] = set()
    since_confirmation = 0
    confirm = getattr(user, "confirm", None)
    reading_confidence = getattr(user, "reading_confidence", None)

    def confidence(finding_id: str) -> float:
        return float(reading_confidence(finding_id)) if callable(reading_confidence) else 1.0

    while True:
        start = time.perf_counter()
        action = policy.choose(state, network)
        index: int | None = None
        if (
            confirm_below > 0.0
            and isinstance(action, Conclude)
            and len(confirmed) < max_confirmations
            and state.turns < stopping.max_turns
        ):
            index = decisive_doubt(
                state,
                network,
                policy,
                action,
                volunteered,
                confirmed,
                open_world,
                confidence,
                confirm_below,
            )
        stalled = is_stalled(action, state.answers[volunteered:], since_confirmation, stall_window)
        if (
            index is None
            and stalled
            and len(confirmed) < max_confirmations
            and state.turns < stopping.max_turns
        ):
            index = confirmation_candidate(
                state,
                network,
                policy,
                volunteered=volunteered,
                confirmed=confirmed,
                open_world=open_world,
                confidence=confidence,
            )
        times.append((time.perf_counter() - start) * 1000.0)
        where = f"case {case.id!r}, turn {state.turns + 1}"
        if index is not None:
            finding_id = state.answers[index].finding
            states = network.finding(finding_id).states
            answer = ask_again(
                confirm if callable(confirm) else user.answer, where, finding_id, states
            )
            confirmed.add(finding_id)
            asked.append(finding_id)
            since_confirmation = 0
            state = replace_answer(
                state,
                network,
                index,
                answer,
                volunteered=volunteered,
                open_world=open_world,
                extra_turns=1,
            )
            continue
        if not isinstance(action, Ask):
            break
        record_answers(
            state, network, ask_user(action.finding, state, network, case, user, stopping)
        )
        asked.append(action.finding)
        since_confirmation += 1
    return _result(case, network, state, action, tuple(asked), tuple(times))
