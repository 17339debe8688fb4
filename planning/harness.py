"""Play simulated users against question policies and record what happened (design section 8).

``run_case`` plays one case: the user's opening complaint is applied (it costs no turn), then the
policy is asked for an action until it stops asking. ``evaluate`` runs every policy on the same
cases, each case with a fresh simulated user, so differences between policies come from the
policies and not from different cases or different luck.

The harness trusts nothing a policy says about the belief: the confidence and the final ranking
are recomputed from the dialogue state. It does enforce the contract every policy shares:
never ask a finding twice (the options of a multi-choice question are all answered when any
one is asked, see :func:`ask_user`; a question answered "not sure" may be asked once more),
never ask past ``stopping.max_turns``, only ask and conclude on ids the network knows. A
violation is a bug in the policy, so it raises :class:`HarnessError` rather than being scored.

Pure Python: no Django, no I/O. ``workers > 1`` forks worker processes (where the platform can
fork) that inherit the networks, cases and policies instead of pickling them.
"""

from __future__ import annotations

import multiprocessing
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from .actions import Abstain, Action, Ask, Conclude, Escalate
from .belief import TotalConflictError
from .dialogue import DialogueState, StoppingRule
from .evidence import Answer
from .network import EvidentialNetwork
from .simulation import Case
from .triage import ROUTINE_LEVELS, URGENT_LEVELS, ranking_triage_level, uncertain

CONCLUDED, ABSTAINED, ESCALATED = "concluded", "abstained", "escalated"
OUTCOMES = (CONCLUDED, ABSTAINED, ESCALATED)
TOP_K = 3
_TIE_RTOL = 1e-12


class HarnessError(RuntimeError):
    """A policy broke the dialogue contract, or a case does not fit its network."""


class Policy(Protocol):
    def choose(self, state: DialogueState, network: EvidentialNetwork) -> Action: ...


class User(Protocol):
    """What the harness needs from a simulated user (``planning.simulation.SimulatedUser``)."""

    @property
    def opening(self) -> tuple[Answer, ...]: ...

    def answer(self, finding_id: str, states: tuple[str, ...]) -> Answer: ...

    def answer_question(
        self, question: str, options: tuple[tuple[str, tuple[str, ...]], ...]
    ) -> tuple[Answer, ...]: ...


NetworkForCase = Callable[[Case], EvidentialNetwork]
UserFactory = Callable[[Case], User]
# Called after each finished (policy, case) run with (runs done, runs in total).
Progress = Callable[[int, int], None]


class Runner(Protocol):
    """Plays one case (:func:`run_case`, or ``planning.recovery.run_case_recovering``)."""

    def __call__(
        self,
        policy: Policy,
        network: EvidentialNetwork,
        case: Case,
        user: User,
        stopping: StoppingRule,
        open_world: float | None = None,
    ) -> CaseResult: ...


@dataclass(frozen=True)
class CaseResult:
    """What one policy did on one case.

    ``confidence`` is the BetP of the concluded hypothesis in the final state (the maximum BetP
    whenever the policy concludes its leading hypothesis, as the stopping rule does); ``None``
    unless the case was concluded. ``top3`` are the three known hypotheses with the highest
    BetP (> 0) at the end, most likely first: the pignistic ranking is the one the product shows
    operators as the differential. ``true_rank`` is the rank of the true hypothesis in that
    ranking counted pessimistically, as the number of known hypotheses whose BetP is at least
    its own (``None`` when its BetP is 0): a true hypothesis tied with many others is not
    "among the three most plausible" just because ties are listed in network order.
    ``red_flags`` lists, in order, the findings whose answers (opening included) tripped a
    red-flag rule. ``decision_ms`` has one entry per call to
    ``policy.choose``, the final stopping decision included. ``stated_confidence`` is what the
    policy itself claimed when concluding (a Bayesian baseline states its own posterior).
    """

    case_id: str
    true_hypothesis: str
    outcome: str
    concluded: str | None
    confidence: float | None
    turns: int
    asked: tuple[str, ...]
    top3: tuple[str, ...]
    true_betp: float
    true_rank: int | None
    red_flags: tuple[str, ...]
    decision_ms: tuple[float, ...]
    reason: str = ""
    stated_confidence: float | None = None
    # The true hypothesis' severity (1 most severe .. 5; None where the network has none, as
    # on FloDial) and the triage level the product would give at the end
    # (planning.triage.state_triage_level; None where triage means nothing).
    severity: int | None = None
    triage_level: str | None = None
    # The combined evidence's conflict K and the open-world element's BetP at the end (what
    # planning.triage.uncertain holds a routine outcome against).
    conflict: float | None = None
    open_mass: float | None = None
    # Why routine advice would be unsafe at the end (planning.triage.uncertain), "" if not.
    uncertain: str = ""

    @property
    def escalated(self) -> bool:
        """Ended escalated, tripped a red flag, or ended with an emergency triage level: the
        product escalates a patient's case in all three (with ``red_flags="flag"`` the harness
        records a red flag and plays on)."""
        return self.outcome == ESCALATED or bool(self.red_flags) or self.triage_level == "emergency"

    @property
    def flagged_urgent(self) -> bool:
        """Escalated, or given an emergency or urgent triage level."""
        return self.escalated or self.triage_level in URGENT_LEVELS

    @property
    def correct(self) -> bool:
        """Concluded, naming the true hypothesis."""
        return self.outcome == CONCLUDED and self.concluded == self.true_hypothesis

    @property
    def in_top3(self) -> bool:
        """The true hypothesis is among the three most plausible (by BetP) at the end."""
        return self.true_rank is not None and self.true_rank <= TOP_K

    def to_dict(self) -> dict[str, Any]:
        return {
            "case_id": self.case_id,
            "true_hypothesis": self.true_hypothesis,
            "outcome": self.outcome,
            "concluded": self.concluded,
            "confidence": self.confidence,
            "turns": self.turns,
            "asked": list(self.asked),
            "top3": list(self.top3),
            "true_betp": self.true_betp,
            "true_rank": self.true_rank,
            "red_flags": list(self.red_flags),
            "decision_ms": list(self.decision_ms),
            "reason": self.reason,
            "stated_confidence": self.stated_confidence,
            "severity": self.severity,
            "triage_level": self.triage_level,
        }


def opening_state(
    network: EvidentialNetwork, case: Case, user: User, open_world: float | None = None
) -> DialogueState:
    """The dialogue state after the user's opening (volunteered) answers, checked against
    ``network``."""
    if case.true_hypothesis not in network.hypothesis_index:
        raise HarnessError(
            f"case {case.id!r}: true hypothesis {case.true_hypothesis!r} is not in network "
            f"{network.name!r}"
        )
    state = DialogueState.start(network, open_world=open_world)
    for volunteered in user.opening:
        if volunteered.finding not in network.finding_index:
            raise HarnessError(
                f"case {case.id!r}: opening answer about unknown finding {volunteered.finding!r}"
            )
        state.apply(volunteered, network, asked=False)
    return state


def run_case(
    policy: Policy,
    network: EvidentialNetwork,
    case: Case,
    user: User,
    stopping: StoppingRule,
    open_world: float | None = None,
) -> CaseResult:
    """Play ``case`` with ``policy`` until it concludes, abstains or escalates."""
    state = opening_state(network, case, user, open_world)
    asked: list[str] = []
    times: list[float] = []
    while True:
        start = time.perf_counter()
        action = policy.choose(state, network)
        times.append((time.perf_counter() - start) * 1000.0)
        if not isinstance(action, Ask):
            break
        record_answers(
            state, network, ask_user(action.finding, state, network, case, user, stopping)
        )
        asked.append(action.finding)
    return _result(case, network, state, action, tuple(asked), tuple(times))


def record_answers(
    state: DialogueState, network: EvidentialNetwork, answers: Sequence[Answer]
) -> None:
    """Apply the answers to one question: one turn, however many options it answered."""
    for i, answer in enumerate(answers):
        state.apply(answer, network, asked=i == 0)


def ask_again(
    ask: Callable[[str, tuple[str, ...]], Answer],
    where: str,
    finding_id: str,
    states: tuple[str, ...],
) -> Answer:
    """The reply to a question asked a second time (a confirmation): ``ask(finding_id,
    states)``, checked to be about that finding. ``where`` names the case and turn in errors."""
    try:
        answer = ask(finding_id, states)
    except ValueError as exc:
        raise HarnessError(f"{where}: {exc}") from exc
    if answer.finding != finding_id:
        raise HarnessError(f"{where}: confirmed {finding_id!r}, got {answer.finding!r}")
    return answer


def ask_user(
    finding_id: str,
    state: DialogueState,
    network: EvidentialNetwork,
    case: Case,
    user: User,
    stopping: StoppingRule,
) -> tuple[Answer, ...]:
    """The user's answers to a question the policy asked, after checking the policy kept the
    harness contract (a known finding, not asked before, within ``max_turns``).

    Asking about one option of a multi-choice question (a finding with a ``group``) asks the
    question itself ("Where is the pain?"), as the DDXPlus questionnaire does: the user answers
    every option not yet answered, and it costs one turn. The first answer is the asked
    finding's."""
    where = f"case {case.id!r}, turn {state.turns + 1}"
    if finding_id not in network.finding_index:
        raise HarnessError(f"{where}: the policy asked unknown finding {finding_id!r}")
    if finding_id in state.asked and not state.asked_again_allowed(finding_id):
        raise HarnessError(f"{where}: the policy re-asked finding {finding_id!r}")
    if state.turns >= stopping.max_turns:
        raise HarnessError(
            f"{where}: the policy asked past max_turns={stopping.max_turns} instead of stopping"
        )
    question = network.question_of(finding_id)
    options = (finding_id, *(f for f in question if f != finding_id and f not in state.asked))
    try:
        if len(options) == 1:
            answers: tuple[Answer, ...] = (
                user.answer(finding_id, network.finding(finding_id).states),
            )
        else:
            answers = user.answer_question(
                network.finding(finding_id).group,
                tuple((f, network.finding(f).states) for f in options),
            )
    except ValueError as exc:  # the case's answer does not fit the network's finding
        raise HarnessError(f"{where}: {exc}") from exc
    if tuple(a.finding for a in answers) != options:
        got = ", ".join(a.finding for a in answers)
        raise HarnessError(f"{where}: asked {', '.join(options)!r}, user answered {got!r}")
    return answers


def _result(
    case: Case,
    network: EvidentialNetwork,
    state: DialogueState,
    action: Action,
    asked: tuple[str, ...],
    times: tuple[float, ...],
) -> CaseResult:
    ranking = state.ranking(network)  # empty under total conflict
    betp = dict(ranking)
    true_betp = betp.get(case.true_hypothesis, 0.0)
    concluded: str | None = None
    confidence: float | None = None
    stated: float | None = None
    reason = ""
    if isinstance(action, Conclude):
        outcome = CONCLUDED
        concluded = action.hypothesis
        if concluded not in network.hypothesis_index:
            raise HarnessError(f"case {case.id!r}: concluded unknown hypothesis {concluded!r}")
        confidence = betp.get(concluded, 0.0)
        stated = float(action.confidence)
    elif isinstance(action, Abstain):
        outcome, reason = ABSTAINED, action.reason
    elif isinstance(action, Escalate):
        outcome, reason = ESCALATED, action.reason
    else:
        raise HarnessError(f"case {case.id!r}: the policy returned {action!r}, not an action")
    level = ranking_triage_level(ranking, state.red_flags, network)
    doubt = uncertain(state, network)
    if outcome == CONCLUDED and level in ROUTINE_LEVELS and doubt:
        # The product gives no routine advice on evidence that contradicts it: a nurse
        # reviews the case (bots.conversation.safety.nurse_review), as after an abstention.
        outcome, reason = ABSTAINED, "uncertain"
    return CaseResult(
        case_id=case.id,
        true_hypothesis=case.true_hypothesis,
        outcome=outcome,
        concluded=concluded,
        confidence=confidence,
        turns=state.turns,
        asked=asked,
        # A hypothesis the evidence has ruled out (BetP 0) is not among the plausible ones,
        # however few hypotheses the network has.
        top3=tuple(h for h, p in ranking if p > 0.0)[:TOP_K],
        true_betp=true_betp,
        true_rank=_pessimistic_rank(true_betp, ranking),
        red_flags=tuple(flag.finding for flag in state.red_flags),
        decision_ms=times,
        reason=reason,
        stated_confidence=stated,
        severity=network.hypothesis(case.true_hypothesis).severity,
        triage_level=level,
        conflict=state.belief.conflict(),
        open_mass=state.belief.open_world_mass(),
        uncertain=doubt,
    )


def _pessimistic_rank(p_true: float, ranking: list[tuple[str, float]]) -> int | None:
    if p_true <= 0.0:
        return None
    # Equal weights give bitwise-equal BetP; the tolerance only absorbs rounding in products
    # that are equal on paper but were accumulated in a different order.
    floor = p_true * (1.0 - _TIE_RTOL)
    return sum(1 for _, p in ranking if p >= floor)


# -- many policies, many cases -----------------------------------------------------------------


@dataclass(frozen=True)
class _Job:
    policies: Mapping[str, Policy]
    network_for_case: NetworkForCase
    cases: Sequence[Case]
    user_factory: UserFactory
    stopping: StoppingRule
    open_world: float | None
    runner: Runner | None = None

    def run(self, name: str, index: int) -> CaseResult:
        case = self.cases[index]
        network = self.network_for_case(case)
        user = self.user_factory(case)
        play = self.runner if self.runner is not None else run_case
        try:
            return play(self.policies[name], network, case, user, self.stopping, self.open_world)
        except TotalConflictError as exc:  # a policy that cannot cope with K = 1 is a bug too
            raise HarnessError(f"policy {name!r}, case {case.id!r}: {exc}") from exc
        except HarnessError as exc:
            raise HarnessError(f"policy {name!r}: {exc}") from exc


# A forked worker finds its job here (inherited from the parent), so nothing is pickled but the
# (policy name, case index) tasks and the results.
_FORKED_JOB: _Job | None = None


def _run_forked(task: tuple[str, int]) -> tuple[str, int, CaseResult]:
    assert _FORKED_JOB is not None
    name, index = task
    return name, index, _FORKED_JOB.run(name, index)


def _run_all(
    job: _Job, tasks: list[tuple[str, int]], workers: int
) -> Iterator[tuple[str, int, CaseResult]]:
    global _FORKED_JOB
    if workers <= 1 or len(tasks) <= 1 or "fork" not in multiprocessing.get_all_start_methods():
        for name, index in tasks:
            yield name, index, job.run(name, index)
        return
    _FORKED_JOB = job
    try:
        with multiprocessing.get_context("fork").Pool(workers) as pool:
            # Small chunks keep the workers busy when case lengths differ a lot.
            chunk = max(1, min(16, len(tasks) // (workers * 8)))
            yield from pool.imap_unordered(_run_forked, tasks, chunksize=chunk)
    finally:
        _FORKED_JOB = None


def evaluate(
    policies: Mapping[str, Policy],
    network_for_case: NetworkForCase,
    cases: Sequence[Case],
    user_factory: UserFactory,
    stopping: StoppingRule,
    *,
    open_world: float | None = None,
    workers: int = 1,
    progress: Progress | None = None,
    runner: Runner | None = None,
) -> dict[str, list[CaseResult]]:
    """Run every policy on every case; results per policy name, in case order.

    ``network_for_case`` gives the network a case is played on (the same one for every case
    of DDXPlus; the dialog's own chart for FloDial). ``user_factory`` builds a fresh simulated
    user for each (policy, case) run: a user remembers how often it was asked each finding.
    Given seeded users and policies the result is deterministic. The project's policies and
    simulated users draw their randomness from the seed and the dialogue itself, so the result
    is also the same for every ``workers`` and case order; a policy that kept random state
    across cases would lose that (its cases run in a different order in each worker).
    ``runner`` plays one case (default :func:`run_case`).
    """
    if workers < 1:
        raise ValueError(f"workers must be >= 1, got {workers}")
    if not policies:
        raise ValueError("no policies to evaluate")
    ids = [case.id for case in cases]
    if len(set(ids)) != len(ids):
        raise ValueError("case ids are not unique")
    job = _Job(
        dict(policies), network_for_case, list(cases), user_factory, stopping, open_world, runner
    )
    tasks = [(name, i) for name in policies for i in range(len(cases))]
    slots: dict[str, list[CaseResult | None]] = {name: [None] * len(cases) for name in policies}
    for done, (name, index, result) in enumerate(_run_all(job, tasks, workers), start=1):
        slots[name][index] = result
        if progress is not None:
            progress(done, len(tasks))
    out: dict[str, list[CaseResult]] = {}
    for name, results in slots.items():
        complete = [r for r in results if r is not None]
        if len(complete) != len(results):  # pragma: no cover - a lost worker result
            raise HarnessError(f"policy {name!r}: {len(results) - len(complete)} results missing")
        out[name] = complete
    return out
