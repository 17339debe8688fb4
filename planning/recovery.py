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
divided back out). Before a conclusion, :func:`decisive_doubt` finds the answer the
conclusion rests on when it was read with doubt.

These are the pieces of the one confirmation rule; :class:`planning.engine.Engine` applies
it (when to confirm, how often, what a reply replaces). Pure Python, no I/O.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

from .actions import Abstain, Action, Ask, Conclude
from .dialogue import DialogueState, Policy
from .evidence import Answer
from .network import EvidentialNetwork

DEFAULT_MAX_CONFIRMATIONS = 3
DEFAULT_STALL_WINDOW = 2
# Before concluding, an answer the conclusion rests on is confirmed when the reader's confidence
# in it is below this: an explicit "yes"/"no" reads at 0.95, the user's own words at <= 0.9.
DEFAULT_CONFIRM_BELOW = 0.95
# The reader's confidence in a fact said in passing in plain words (the product's reader
# stores bots.language.volunteer.VOLUNTEER_RELIABILITY, 0.8); below it the fact was read with
# doubt (a hedge, a guess), and only then is it asked back at a dead end.
PLAIN_PASSING = 0.8


def replay(
    network: EvidentialNetwork,
    answers: Sequence[tuple[Answer, bool]],
    open_world: float | None = None,
    prior: np.ndarray | None = None,
    flag_context: str = "",
) -> DialogueState:
    """A fresh dialogue state (from ``prior``, if any) with ``(answer, asked)`` applied in order
    (``flag_context``: as the replayed state read the patient's words, DialogueState)."""
    state = DialogueState.start(network, prior, open_world=open_world)
    state.flag_context = flag_context
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
    rebuilt = replay(
        network, list(zip(answers, flags, strict=True)), open_world, prior, state.flag_context
    )
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
    dead_end: bool = False,
) -> int | None:
    """Index in ``state.answers`` of the answer to confirm, or ``None`` (module docstring).

    ``volunteered``, ``asked`` and ``prior`` are as for :func:`replace_answer`.
    Candidates are the asked answers not confirmed yet (and, at a dead end, facts said in
    passing that were read with doubt, ``confidence`` below :data:`PLAIN_PASSING`), most
    recent first: crisp ones, and
    "not sure" where the reader understood nothing (``confidence`` 0: the words were there but
    unreadable, unlike a "not sure" the user said). The first whose opposite (every other
    state; for "not sure", any state; for a reading with doubt at a dead end, also the same
    answer said plainly) would let ``policy`` ask or conclude is chosen.
    """
    flags = _asked_flags(state, volunteered, asked)
    for index in range(len(state.answers) - 1, -1, -1):
        answer = state.answers[index]
        # At a dead end (``dead_end``: the policy has nothing left to ask) a fact read in
        # passing with doubt is a candidate too: asking it back beats handing the case on.
        # Never otherwise: people are not asked again what they just said.
        # A fact said in passing is in doubt when it was read below a plain reading
        # (PLAIN_PASSING), or when the user could not answer what the chart asked after it
        # ("not sure" to as many as they answered: the questions of a branch a misread put
        # them on). A plain fact followed by plain answers is not: asking "no smoke or burning
        # smell" back at the end ("Just to be sure: Can you smell burning...?") read as not
        # listening, then the case was handed on anyway.
        doubtful = (
            dead_end
            and confidence is not None
            and (
                confidence(answer.finding) < PLAIN_PASSING
                or _unanswerable_after(state.answers, flags, index)
            )
        )
        if not (flags[index] or doubtful) or answer.finding in confirmed:
            continue
        states = network.finding(answer.finding).states
        if answer.is_vacuous or answer.states is None:
            if confidence is None or confidence(answer.finding) > 0.0:
                continue
            alternatives: list[tuple[str, ...]] = [(s,) for s in states]
        else:
            others = tuple(s for s in states if s not in answer.states)
            alternatives = [others] if others else []
            if doubtful:
                # The same answer said plainly may be what the dead end lacks: a discounted
                # reading leaves the cause it points to short of the stopping rule.
                alternatives.append(answer.states)
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


def _unanswerable_after(answers: Sequence[Answer], flags: Sequence[bool], index: int) -> bool:
    """Whether the questions asked after answer ``index`` got "not sure" at least as often
    as an answer (and at least once)."""
    after = [a for a, asked in zip(answers[index + 1 :], flags[index + 1 :], strict=True) if asked]
    unsure = sum(1 for a in after if a.states is None)
    return unsure >= 1 and unsure >= len(after) - unsure


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
        # "Not sure", not an answer recorded without weight (a place implied by "nowhere").
        and all(a.states is None for a in asked[-window:])
    )
