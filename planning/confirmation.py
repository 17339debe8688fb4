"""Confirming the answer a conclusion rests on, when any answer may be a slip.

People misclick and mishear: a simulated DDXPlus user gives the wrong answer to a question
with the flip rate, or says "not sure" with the unsure rate, and one such slip on the one
question that separates two causes (chest pain at rest: stable or unstable angina?) decides
the conclusion. Reading every answer as possibly mistaken (discounted links) makes single
answers weaker but cannot tell which answer was the slip. Asking that one answer again can.

:func:`decisive_answer` finds it: the most recent asked answer that, had it been another
answer, would have left the concluded cause short of the lead (or of BetP ``floor``); for a
"not sure", had it been any answer at all. :func:`run_case_confirming_decisive` is
:func:`planning.harness.run_case` with one step added: before the dialogue ends in a
conclusion, that answer is asked again ("just to be sure: ...?"), at most
``max_confirmations`` times per case and once per finding. When the reply differs from the
first answer one of the two is the slip, and a third reply settles it (:func:`majority`: the
state said most often; two different states and nothing more cancel into "not sure"). The
answer then stands for what was said, and the policy decides again. Each reply costs a turn
and counts against ``max_turns``.

Only plain questions are confirmed (a multi-choice question is answered whole, and asking it
again is another question), only findings asked once so far, and only soft answers: one the
knowledge declares decisive (a plausibility of 0 for some cause, as a flowchart branch) is
not re-examined, as in :func:`planning.policies.base.survives_one_wrong_answer`.

Measured on the DDXPlus dev patients (4-fold, noisy answers) in docs/evidential-engine.md.
Pure Python, no I/O.
"""

from __future__ import annotations

import time
from collections import Counter

import numpy as np

from .actions import Ask, Conclude
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
from .policies.base import leader_stands
from .recovery import replace_answer
from .simulation import Case

DEFAULT_MAX_CONFIRMATIONS = 4
# The concluded cause must still lead with at least this BetP without the answer in question
# (the floor of InfoGatherer's one-wrong-answer check, ``robust_floor``).
DEFAULT_FLOOR = 0.5


def decisive_answer(
    state: DialogueState,
    network: EvidentialNetwork,
    hypothesis: str,
    *,
    volunteered: int,
    skip: set[str],
    floor: float = DEFAULT_FLOOR,
) -> int | None:
    """Index in ``state.answers`` of the most recent asked answer the conclusion
    ``hypothesis`` rests on, or ``None`` when it rests on no single one (module docstring).

    An answer is one the conclusion rests on when, had it been any other state of its
    finding, ``hypothesis`` would not lead with BetP at least ``floor``. The first
    ``volunteered`` answers (the opening complaint) and findings in ``skip`` (confirmed
    already) are not candidates."""
    compiled = network.compile()
    times_answered = Counter(a.finding for a in state.answers)
    indices: list[int] = []
    changes: list[np.ndarray] = []
    for index in range(volunteered, len(state.answers)):
        answer = state.answers[index]
        finding = network.finding(answer.finding)
        if answer.finding in skip or finding.group or times_answered[answer.finding] > 1:
            continue
        a = answer.reliability
        if answer.is_vacuous:
            # "Not sure" to a question whose answer could overturn the conclusion.
            for other in finding.states:
                pl = compiled.plausibility(answer.finding, (other,))
                indices.append(index)
                changes.append(np.log(a * pl + (1.0 - a)))
            continue
        assert answer.states is not None
        others = tuple(s for s in finding.states if s not in answer.states)
        if not others:
            continue
        given = compiled.plausibility(answer.finding, answer.states)
        if given.min() <= 0.0:
            continue
        instead = compiled.plausibility(answer.finding, others)
        indices.append(index)
        changes.append(np.log(a * instead + (1.0 - a)) - np.log(a * given + (1.0 - a)))
    if not indices:
        return None
    target = network.hypothesis_index[hypothesis]
    stands = leader_stands(state.belief.log_w, changes, target, floor)
    for position in range(len(indices) - 1, -1, -1):
        if not stands[position]:
            return indices[position]
    return None


def _disagree(first: Answer, second: Answer) -> bool:
    if first.states is None or second.states is None:
        return False
    return not set(first.states) & set(second.states)


def majority(first: Answer, *replies: Answer) -> Answer:
    """An answer and the replies to asking it again, as one answer: the state said most
    often ("not sure" replies add nothing), or "not sure" when two states are said equally
    often. ``first`` itself is returned when it stands."""
    said = [a for a in (first, *replies) if not a.is_vacuous]
    if not said:
        return first
    votes = Counter(a.states for a in said).most_common()
    if len(votes) > 1 and votes[0][1] == votes[1][1]:
        return Answer.unsure(first.finding)
    winner = votes[0][0]
    return first if first.states == winner else next(a for a in said if a.states == winner)


def run_case_confirming_decisive(
    policy: Policy,
    network: EvidentialNetwork,
    case: Case,
    user: User,
    stopping: StoppingRule,
    open_world: float | None = None,
    *,
    max_confirmations: int = DEFAULT_MAX_CONFIRMATIONS,
    floor: float = DEFAULT_FLOOR,
) -> CaseResult:
    """:func:`planning.harness.run_case` that confirms the answer a conclusion rests on.

    ``CaseResult.asked`` lists every question in the order asked, a confirmation as a second
    occurrence of its finding."""
    if max_confirmations < 0:
        raise ValueError(f"max_confirmations must be >= 0, got {max_confirmations}")
    state = opening_state(network, case, user, open_world)
    volunteered = len(state.answers)
    asked: list[str] = []
    times: list[float] = []
    confirmed: set[str] = set()
    while True:
        start = time.perf_counter()
        action = policy.choose(state, network)
        index: int | None = None
        if (
            isinstance(action, Conclude)
            and len(confirmed) < max_confirmations
            and state.turns < stopping.max_turns
        ):
            index = decisive_answer(
                state,
                network,
                action.hypothesis,
                volunteered=volunteered,
                skip=confirmed,
                floor=floor,
            )
        times.append((time.perf_counter() - start) * 1000.0)
        if index is not None:
            first = state.answers[index]
            finding = network.finding(first.finding)
            where = f"case {case.id!r}, turn {state.turns + 1}"
            replies = [ask_again(user.answer, where, finding.id, finding.states)]
            asked.append(finding.id)
            if _disagree(first, replies[0]) and state.turns + 1 < stopping.max_turns:
                # One of the two is the slip: a third reply settles it.
                replies.append(ask_again(user.answer, where, finding.id, finding.states))
                asked.append(finding.id)
            confirmed.add(finding.id)
            combined = majority(first, *replies)
            if combined is first:
                state.turns += len(replies)
                continue
            state = replace_answer(
                state,
                network,
                index,
                combined,
                volunteered=volunteered,
                open_world=open_world,
                extra_turns=len(replies),
            )
            continue
        if not isinstance(action, Ask):
            break
        record_answers(
            state, network, ask_user(action.finding, state, network, case, user, stopping)
        )
        asked.append(action.finding)
    return _result(case, network, state, action, tuple(asked), tuple(times))
