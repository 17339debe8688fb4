"""The dialogue engine: one step from a dialogue and one user input to one decision.

Everything that talks with a user goes through it: the conversation service
(:mod:`bots.service`) on every channel, and the evaluation (``manage.py evaluate``), which
plays its simulated users through that same service. There is one loop (the conversation,
one message at a time), one confirmation rule and one set of thresholds (:class:`Rules`,
built from the pack and the settings by the caller, never chosen per caller).

A step:

1. :meth:`Engine.answer` records the reply to the pending question (a confirmation's reply
   takes the place of the answer it confirms, :func:`planning.recovery.replace_answer`);
   :meth:`Engine.volunteer` records facts stated without being asked (no turn);
2. :meth:`Engine.decide` asks the policy (behind :class:`planning.policies.base.Policy`) for
   the next action, after the red-flag check when the caller's safety rule wants it, and
   before a conclusion or in a stalled dialogue may return :class:`Confirm` instead: the
   answer the dialogue rests on is asked again (the rule of :mod:`planning.recovery`):

   - a conclusion resting on an answer read with doubt (reading confidence below
     ``Rules.confirm_below``) confirms that answer first (:func:`decisive_doubt`);
   - a stalled dialogue (the policy abstains, or the last ``Rules.stall_window`` questions got
     "not sure") confirms the answer it rests on (:func:`confirmation_candidate`);
   - at most ``Rules.max_confirmations`` per dialogue, never past ``max_turns`` nor after the
     user asked for a person; an answer read with confidence 1 (a button) is never confirmed.

The engine also keeps the dialogue contract every policy shares: never ask a finding twice
(except a "not sure" once more, :meth:`DialogueState.asked_again_allowed`), never past
``max_turns``, only findings and hypotheses the network knows (:class:`EngineError`).

Pure Python, no I/O.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace

import numpy as np
from numpy.typing import NDArray

from .actions import Abstain, Action, Ask, Conclude, Escalate, Rationale
from .dialogue import DialogueState, Policy, StoppingRule
from .evidence import Answer
from .network import EvidentialNetwork
from .policies.pair import misreport_carried
from .policies.scoring import answer_table
from .recovery import (
    DEFAULT_CONFIRM_BELOW,
    DEFAULT_MAX_CONFIRMATIONS,
    DEFAULT_STALL_WINDOW,
    confirmation_candidate,
    decisive_doubt,
    is_stalled,
    replace_answer,
    replay,
)
from .results import CaseResult, case_result
from .simulation import Case, SimulatedUser


class EngineError(RuntimeError):
    """A policy broke the dialogue contract (a bug in the policy, never scored)."""


@dataclass(frozen=True)
class Rules:
    """The thresholds a dialogue runs under: the stopping rule (from the pack, else the
    settings) and the confirmation rule's limits."""

    stopping: StoppingRule = field(default_factory=StoppingRule)
    open_world: float | None = None
    max_confirmations: int = DEFAULT_MAX_CONFIRMATIONS
    confirm_below: float = DEFAULT_CONFIRM_BELOW
    stall_window: int = DEFAULT_STALL_WINDOW

    def __post_init__(self) -> None:
        if self.max_confirmations < 0:
            raise ValueError(f"max_confirmations must be >= 0, got {self.max_confirmations}")
        if self.stall_window < 0:
            raise ValueError(f"stall_window must be >= 0, got {self.stall_window}")


@dataclass
class Dialogue:
    """What the engine keeps of one conversation between steps (stored with the case)."""

    state: DialogueState
    asked_flags: list[bool]  # per answer: asked (True) or volunteered (False)
    prior: dict[str, float]  # hypothesis id -> prior plausibility, where not 1
    open_world: float | None
    # The reader's confidence in each answer it read (1.0: nothing was read, a button), the
    # findings confirmed so far, and the questions asked since the last confirmation.
    confidence: dict[str, float] = field(default_factory=dict)
    confirmed: list[str] = field(default_factory=list)
    since_confirmation: int = 0
    # The findings recorded by :meth:`Engine.volunteer`: read from the user's own words, not
    # asked (a follow-up settled unasked or a choice list's other options are not in it).
    said_in_passing: list[str] = field(default_factory=list)

    def reading_confidence(self, finding_id: str) -> float:
        # A finding without a recorded reading was volunteered (or stored before confirmations
        # existed): treated as certain.
        return self.confidence.get(finding_id, 1.0)


@dataclass(frozen=True)
class Confirm:
    """Ask the answer at ``index`` again; its reply replaces it. ``reason`` is
    "doubtful_reading" (before a conclusion on it), "contradiction" (the conclusion rules it
    out), "misreport" (a conclusion below tau rests on it and the runner-up would explain it
    only as a slip, :meth:`Engine._misreport`), "stalled", "nothing_asked" (a flowchart
    conclusion from the opening alone, :meth:`Engine._nothing_asked`), or "changed" (the same
    message said otherwise); ``instead`` is what the policy would have done (None for
    "changed": the policy was not asked)."""

    index: int
    finding: str
    reason: str
    instead: Action | None


Decision = Ask | Confirm | Conclude | Abstain | Escalate

# Where the product orders questions beyond the policy's score (a follow-up question waits for
# the question it follows up on: ``bots.conversation.answering.in_order``): given the policy's
# action, the dialogue, the network, a way to record a finding settled without asking (no
# turn) and a way to ask the policy again with some findings set aside, the action to take.
Order = Callable[
    [
        Action,
        "Dialogue",
        EvidentialNetwork,
        Callable[[Answer], None],
        Callable[[frozenset[str]], Action],
    ],
    Action,
]


def contradicted(state: DialogueState, network: EvidentialNetwork, hypothesis: str) -> list[Answer]:
    """Answers the user gave (not "not sure") that ``hypothesis`` rules out: its link gives
    the stated states no plausibility at all. A conclusion must never contradict one."""
    out = []
    for answer in state.answers:
        if answer.states is None or answer.reliability <= 0.0:
            continue
        link = network.link(hypothesis, answer.finding)
        if link is not None and link.plausibility(answer.states) <= 0.0:
            out.append(answer)
    return out


def resting_answers(
    state: DialogueState, network: EvidentialNetwork, hypothesis: str
) -> list[Answer]:
    """The answers whose link to ``hypothesis`` is crisp on the state given: the conclusion
    would fall if any of them had been read the other way."""
    out = []
    for answer in state.answers:
        if answer.states is None or answer.reliability <= 0.0:
            continue  # an answer with no weight (follow_ups.implied) holds nothing up
        link = network.link(hypothesis, answer.finding)
        if link is None:
            continue
        if link.plausibility(answer.states) >= 1.0 and len(link.masses) == 1:
            out.append(answer)
    return out


def changed_answer(dialogue: Dialogue, facts: Sequence[Answer]) -> int | None:
    """The index of an earlier answer that one of ``facts`` (said in passing) says otherwise,
    unless it was confirmed already."""
    answers = dialogue.state.answers
    for fact in facts:
        if fact.states is None or fact.finding in dialogue.confirmed:
            continue
        for index in range(len(answers) - 1, -1, -1):
            earlier = answers[index]
            if earlier.finding == fact.finding and earlier.states is not None:
                if set(earlier.states) != set(fact.states):
                    return index
                break
    return None


def prior_vector(
    network: EvidentialNetwork, prior: Mapping[str, float]
) -> NDArray[np.float64] | None:
    """The prior plausibilities as a vector over ``network``'s hypotheses (None: flat)."""
    if not prior:
        return None
    return np.array([prior.get(h.id, 1.0) for h in network.hypotheses], dtype=np.float64)


def prior_map(network: EvidentialNetwork, prior: NDArray[np.float64] | None) -> dict[str, float]:
    """The inverse of :func:`prior_vector`: the hypotheses whose prior is not 1."""
    if prior is None:
        return {}
    return {h.id: float(p) for h, p in zip(network.hypotheses, prior, strict=True) if p != 1.0}


class Engine:
    """A policy under one set of :class:`Rules` (module docstring)."""

    def __init__(self, policy: Policy, rules: Rules, order: Order | None = None) -> None:
        self.policy = policy
        self.rules = rules
        self.order = order

    # -- the dialogue's inputs ---------------------------------------------------------------

    def start(
        self, network: EvidentialNetwork, prior: NDArray[np.float64] | None = None
    ) -> Dialogue:
        """A new dialogue from ``prior`` (None: the network's own priors)."""
        state = DialogueState.start(network, prior, self.rules.open_world)
        return Dialogue(state, [], prior_map(network, prior), self.rules.open_world)

    def volunteer(
        self, dialogue: Dialogue, network: EvidentialNetwork, facts: Sequence[Answer]
    ) -> list[Answer]:
        """Record facts stated without being asked (no turn); those applied, in order (a
        finding already answered is not overwritten)."""
        applied = []
        for fact in facts:
            if fact.finding in dialogue.state.asked:
                continue
            if fact.finding not in network.finding_index:
                raise EngineError(f"volunteered an unknown finding {fact.finding!r}")
            dialogue.state.apply(fact, network, asked=False)
            dialogue.asked_flags.append(False)
            # A fact read with doubt (a discounted reading) may be asked back at a dead end
            # (planning.recovery.confirmation_candidate), never before a conclusion.
            dialogue.confidence[fact.finding] = min(1.0, float(fact.reliability))
            dialogue.said_in_passing.append(fact.finding)
            applied.append(fact)
        return applied

    def answer(
        self,
        dialogue: Dialogue,
        network: EvidentialNetwork,
        answer: Answer,
        *,
        confidence: float = 1.0,
        replaces: int | None = None,
        also: Sequence[Answer] = (),
    ) -> None:
        """Record the reply to the question asked (``replaces``: the index of the answer a
        confirmation asked again). ``confidence`` is the reader's (1.0 for a button).
        ``also``: the other options of a multi-choice question asked whole, answered by the
        same reply; the question is one turn, however many options it answers (the
        DDXPlus questionnaire's way, on which its figures were measured)."""
        if replaces is not None:
            self._replace(dialogue, network, replaces, answer)
        else:
            dialogue.state.apply(answer, network, asked=True)
            dialogue.asked_flags.append(True)
            dialogue.since_confirmation += 1
        dialogue.confidence[answer.finding] = float(confidence)
        for option in also:
            if option.finding in dialogue.state.asked or option.finding == answer.finding:
                continue
            if option.finding not in network.finding_index:
                raise EngineError(f"answered an unknown option {option.finding!r}")
            dialogue.state.apply(option, network, asked=False)
            dialogue.asked_flags.append(False)
            dialogue.confidence[option.finding] = float(confidence)

    def _replace(
        self, dialogue: Dialogue, network: EvidentialNetwork, index: int, answer: Answer
    ) -> None:
        old = dialogue.state
        replaced = old.answers[index].finding
        state = replace_answer(
            old,
            network,
            index,
            answer,
            volunteered=0,
            asked=dialogue.asked_flags,
            open_world=dialogue.open_world,
            prior=prior_vector(network, dialogue.prior),
            extra_turns=1,
        )
        # The replay rebuilds red flags from the answers; flags raised otherwise (said in
        # words) are kept.
        state.red_flags.extend(
            f for f in old.red_flags if f not in state.red_flags and f.finding != replaced
        )
        dialogue.state = state
        dialogue.confirmed.append(replaced)
        dialogue.since_confirmation = 0

    # -- the decision ------------------------------------------------------------------------

    def decide(
        self, dialogue: Dialogue, network: EvidentialNetwork, *, escalate_red_flags: bool
    ) -> Decision:
        """The next decision. ``escalate_red_flags``: a red flag raised so far escalates before
        the policy runs (the safety rule of a patient-facing pack; the policy itself escalates
        under ``stopping.red_flags == "escalate"``)."""
        flags = dialogue.state.red_flags
        if flags and escalate_red_flags:
            return Escalate("red_flag", detail=flags[-1].reason)
        action = self.policy.choose(dialogue.state, network)
        if isinstance(action, Ask | Abstain):
            action = self._at_face_value(dialogue, network) or action
        if self.order is not None:

            def settle(answer: Answer) -> None:
                dialogue.state.apply(answer, network, asked=False)
                dialogue.asked_flags.append(False)

            def choose_again(excluded: frozenset[str]) -> Action:
                state = dialogue.state
                view = replace(state, asked=state.asked | excluded) if excluded else state
                return self.policy.choose(view, network)

            action = self.order(action, dialogue, network, settle, choose_again)
        self._check(dialogue.state, network, action)
        if isinstance(action, Conclude):
            against = self._against_answers(dialogue, network, action)
            if against is not None:
                return against
            unasked = self._nothing_asked(dialogue, network, action)
            if unasked is not None:
                return unasked
            slip = self._misreport(dialogue, network, action)
            if slip is not None:
                return slip
        confirm = self._confirmation(dialogue, network, action)
        return confirm if confirm is not None else action

    def _at_face_value(self, dialogue: Dialogue, network: EvidentialNetwork) -> Conclude | None:
        """The conclusion the dialogue reaches with the facts said in passing taken as said.

        A fact read from the user's own words without being asked is discounted (the reader's
        doubt), which leaves the cause it points to short of ``tau`` however many questions
        follow: the questions that could close the gap are about the discounted remainder, the
        other branch of a chart, which the user's case never reaches ("not sure" to each
        until the question budget hands the case on; FloDial dev with buttons, 10 of 396).
        People are not asked again what they said (the "Just to be sure" that was taken back),
        and the product shows a conclusion resting on such facts with less confidence
        (``bots.conclusions.UNASKED_CEILING``); so the stopping rule reads them at face value:
        the leader is concluded when it reaches ``tau`` that way and leads the discounted
        belief too. The confidence reported is the discounted belief's.

        Only on a flowchart (``network.flow``): there the discounted remainder is another
        branch, whose questions the user cannot answer. Where every finding can be answered
        (DDXPlus), the questions after the fact settle the remainder, and concluding before
        them cost a patient (dev, first 150, buttons: 98.7% -> 98.0%)."""
        if not network.flow:
            return None
        state = dialogue.state
        passing = [
            not asked and a.states is not None and 0.0 < a.reliability < 1.0
            for a, asked in zip(state.answers, dialogue.asked_flags, strict=True)
        ]
        if not any(passing):
            return None
        said = [
            (Answer(a.finding, a.states, 1.0) if face else a, asked)
            for a, asked, face in zip(state.answers, dialogue.asked_flags, passing, strict=True)
        ]
        taken = replay(network, said, dialogue.open_world, prior_vector(network, dialogue.prior))
        at_face = taken.ranking(network)
        actual = state.ranking(network)
        if not at_face or not actual or at_face[0][1] < self.rules.stopping.tau:
            return None
        if at_face[0][0] != actual[0][0]:
            return None
        return Conclude(actual[0][0], actual[0][1])

    def _nothing_asked(
        self, dialogue: Dialogue, network: EvidentialNetwork, action: Conclude
    ) -> Ask | Confirm | None:
        """Before a flowchart conclusion drawn from the opening alone, one question that
        confirms it.

        Facts read from the first message are discounted (the reader's doubt), the stopping
        rule reads them at face value (:meth:`_at_face_value`) and the product shows such a
        conclusion capped (``bots.conclusions.UNASKED_CEILING``): "impending hard drive failure
        (about 70% sure)" with no question asked is neither confident nor helpful. So the
        first step on the cause's own path that the user has not spoken to is asked (the
        chart's own order: the step nearest the root first). Where the user spoke to every
        step, the one nearest the cause is asked back (its reply, asked, not read in passing,
        replaces it) only when it was read with doubt, below ``Rules.confirm_below``: a fact
        read as plainly as a pressed button is not asked back ("Noted: ... smoke? yes. / One
        check before I suggest a fix: ... smoke?" read as not listening, lead21), and the
        conclusion is shown capped, with what it went by. Only on a flowchart, only while
        nothing has been asked."""
        state = dialogue.state
        if not network.flow or state.turns > 0 or any(dialogue.asked_flags):
            return None
        if dialogue.confirmed or state.turns >= self.rules.stopping.max_turns:
            return None
        path = network.paths_to.get(action.hypothesis, ())
        said = {a.finding for a in state.answers}
        unsaid = [finding for finding, _ in path if finding not in said]
        if unsaid:
            rationale = Rationale((action.hypothesis,), 0.0, {}, score_name="confirms")
            return Ask(unsaid[0], rationale)
        if self.rules.max_confirmations < 1:
            return None
        depth = {finding: step for step, (finding, _) in enumerate(path)}
        resting = {id(a) for a in resting_answers(state, network, action.hypothesis)}
        on_path = [
            (depth[a.finding], index)
            for index, a in enumerate(state.answers)
            if id(a) in resting
            and a.finding in depth
            and dialogue.reading_confidence(a.finding) < self.rules.confirm_below
        ]
        if not on_path:
            return None
        _, index = max(on_path)
        return Confirm(index, state.answers[index].finding, "nothing_asked", action)

    def _misreport(
        self, dialogue: Dialogue, network: EvidentialNetwork, action: Conclude
    ) -> Confirm | None:
        """Before a conclusion below tau with questions left (a settle: nothing much left to
        learn), the asked answer it rests on that the runner-up would explain only as a
        patient's slip is asked back once (``StoppingRule.confirm_misreport``,
        :func:`planning.policies.pair.misreport_carried`). A pressed button is read without
        doubt, but the patient may still have pressed the wrong one: one mistaken "yes" to a
        cardinal sign of the wrong near twin is what such a conclusion rests on
        (docs/planner-robustness.md, stop 45). Off for a conclusion at tau, where the answers
        outweigh one slip (``robust_floor``), and at the budget, where no question is left."""
        rules = self.rules
        stopping = rules.stopping
        state = dialogue.state
        if (
            stopping.confirm_misreport <= 0.0
            or action.confidence >= stopping.tau
            or state.turns >= stopping.max_turns
            or len(dialogue.confirmed) >= rules.max_confirmations
            or state.human_requested
        ):
            return None
        ranking = state.ranking(network)
        if len(ranking) < 2 or ranking[0][0] != action.hypothesis:
            return None
        position = network.hypothesis_index
        index = misreport_carried(
            state,
            network,
            answer_table(network.compile()),
            dialogue.asked_flags,
            dialogue.confirmed,
            position[ranking[0][0]],
            position[ranking[1][0]],
            stopping.confirm_misreport,
        )
        if index is None:
            return None
        return Confirm(index, state.answers[index].finding, "misreport", action)

    def _against_answers(
        self, dialogue: Dialogue, network: EvidentialNetwork, action: Conclude
    ) -> Confirm | Abstain | None:
        """A conclusion that goes against an answer the user gave is never shown: a typed or
        volunteered answer is asked back once (its reply replaces it), else a person takes
        the case."""
        state = dialogue.state
        against = contradicted(state, network, action.hypothesis)
        if not against:
            # A conclusion resting only on facts read in passing is shown with less
            # confidence (bots.conclusions.UNASKED_CEILING) rather than re-asking them.
            return None
        for answer in against:
            pressed = dialogue.reading_confidence(answer.finding) >= 1.0
            if answer.finding in dialogue.confirmed or (pressed and answer.reliability >= 1.0):
                continue
            index = max(i for i, a in enumerate(state.answers) if a is answer)
            return Confirm(index, answer.finding, "contradiction", action)
        return Abstain("the likeliest cause goes against an answer you gave", ())

    def step(
        self,
        dialogue: Dialogue,
        network: EvidentialNetwork,
        answer: Answer,
        *,
        confidence: float = 1.0,
        replaces: int | None = None,
        also: Sequence[Answer] = (),
        volunteered: Sequence[Answer] = (),
        escalate_red_flags: bool,
    ) -> Decision:
        """One step: the reply to the pending question (with ``also``, the rest of a
        multi-choice question's options) and the facts the same message volunteered
        recorded, then the next decision."""
        self.answer(dialogue, network, answer, confidence=confidence, replaces=replaces, also=also)
        self.volunteer(dialogue, network, volunteered)
        changed = changed_answer(dialogue, volunteered)
        if changed is not None:  # said otherwise before: asked back, not overwritten
            return Confirm(changed, dialogue.state.answers[changed].finding, "changed", None)
        return self.decide(dialogue, network, escalate_red_flags=escalate_red_flags)

    def play_case(self, network: EvidentialNetwork, case: Case, user: SimulatedUser) -> CaseResult:
        """A simulated user's answers stepped through the engine until it stops asking (the
        opening volunteered, every question answered by ``user.answer``, one finding a turn as
        the conversation service asks them, a confirmation by ``user.confirm`` where the user
        has one). For planning-level evaluations, where no conversation service runs (the
        product and ``manage.py evaluate`` step the engine through the service). A user's
        ``reading_confidence(finding)``, where it has one, is the reader's confidence in an
        answer (else 1.0, a button)."""
        dialogue = self.start(network)
        self.volunteer(dialogue, network, case.opening)
        confidence = getattr(user, "reading_confidence", None)
        confirm = getattr(user, "confirm", None)
        asked: list[str] = []
        times: list[float] = []
        while True:
            started = time.perf_counter()
            decision = self.decide(dialogue, network, escalate_red_flags=False)
            times.append((time.perf_counter() - started) * 1000.0)
            if not isinstance(decision, Ask | Confirm):
                return case_result(
                    case, network, dialogue.state, decision, tuple(asked), tuple(times)
                )
            finding = network.finding(decision.finding)
            replaces = decision.index if isinstance(decision, Confirm) else None
            ask = confirm if replaces is not None and callable(confirm) else user.answer
            reply = ask(finding.id, finding.states)
            sure = float(confidence(finding.id)) if callable(confidence) else 1.0
            self.answer(dialogue, network, reply, confidence=sure, replaces=replaces)
            asked.append(finding.id)

    def _check(self, state: DialogueState, network: EvidentialNetwork, action: Action) -> None:
        if isinstance(action, Ask):
            where = f"turn {state.turns + 1}"
            if action.finding not in network.finding_index:
                raise EngineError(f"{where}: the policy asked unknown finding {action.finding!r}")
            if action.finding in state.asked and not state.asked_again_allowed(action.finding):
                raise EngineError(f"{where}: the policy re-asked finding {action.finding!r}")
            if state.turns >= self.rules.stopping.max_turns:
                raise EngineError(
                    f"{where}: the policy asked past max_turns={self.rules.stopping.max_turns}"
                )
        elif isinstance(action, Conclude):
            if action.hypothesis not in network.hypothesis_index:
                raise EngineError(f"the policy concluded unknown hypothesis {action.hypothesis!r}")
        elif not isinstance(action, (Abstain, Escalate)):
            raise EngineError(f"the policy returned {action!r}, not an action")

    def _confirmation(
        self, dialogue: Dialogue, network: EvidentialNetwork, action: Action
    ) -> Confirm | None:
        rules = self.rules
        state = dialogue.state
        if (
            len(dialogue.confirmed) >= rules.max_confirmations
            or state.turns >= rules.stopping.max_turns
            or state.human_requested
            or isinstance(action, Escalate)
        ):
            return None
        prior = prior_vector(network, dialogue.prior)
        confidence: Callable[[str], float] = dialogue.reading_confidence
        # Confirmed findings, and answers read without doubt (buttons, and a plain typed "no,
        # the battery's fine", read at confirm_below), are not asked again: a stalled case
        # re-asked plain typed answers while it never re-asks a pressed button (FloDial dev
        # utterances, 150 dialogs: success 90.7% either way, 158 -> 154 confirmations).
        settled = set(dialogue.confirmed) | {
            a.finding for a in state.answers if confidence(a.finding) >= rules.confirm_below
        }
        if isinstance(action, Conclude):
            index = decisive_doubt(
                state,
                network,
                self.policy,
                action,
                volunteered=0,
                confirmed=settled,
                open_world=dialogue.open_world,
                confidence=confidence,
                confirm_below=rules.confirm_below,
                asked=dialogue.asked_flags,
                prior=prior,
            )
            reason = "doubtful_reading"
        else:
            asked = [a for a, flag in zip(state.answers, dialogue.asked_flags, strict=True) if flag]
            # The last question the budget allows: after it the case is handed on, a dead end.
            # Only on a flowchart, where the questions after a misread fact are the other
            # branch's (FloDial with buttons: 6 of the 8 dialogs a misread opening fact sent to
            # the budget); where every finding can be answered (DDXPlus) it is not measured.
            last = (
                bool(network.flow)
                and isinstance(action, Ask)
                and state.turns == rules.stopping.max_turns - 1
            )
            stalled = is_stalled(action, asked, dialogue.since_confirmation, rules.stall_window)
            if not (stalled or last):
                return None
            index = confirmation_candidate(
                state,
                network,
                self.policy,
                volunteered=0,
                confirmed=settled,
                open_world=dialogue.open_world,
                confidence=confidence,
                asked=dialogue.asked_flags,
                prior=prior,
                # Facts the user said are asked back only when nothing is left to ask. Asking
                # them back at any stall (5a90c26: FloDial with buttons, dev 92.4% -> 96.0%)
                # put "Just to be sure: <what the opening said>" into most conversations in
                # which the user said "not sure" twice; people read that as not listening.
                dead_end=isinstance(action, Abstain) or last,
            )
            reason = "stalled"
        if index is None:
            return None
        return Confirm(index, state.answers[index].finding, reason, action)
