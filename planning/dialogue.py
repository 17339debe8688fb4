"""The state of one diagnostic dialogue, and the stopping rules every policy shares."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Protocol

import numpy as np
from numpy.typing import NDArray

from .actions import Action
from .belief import BeliefState, TotalConflictError
from .evidence import Answer
from .network import EvidentialNetwork, RedFlag
from .reach import Path, implied_answers

# A question answered "not sure" may be asked once more (``DialogueState.asked_again_allowed``).
MAX_ASKS = 2


@dataclass(frozen=True)
class StoppingRule:
    """When to stop asking (design section 4).

    ``tau``: conclude when the leading hypothesis' BetP reaches it. ``max_turns``: abstain after
    that many questions. ``open_world_threshold`` / ``conflict_threshold``: escalate when the
    evidence fits no known hypothesis. ``red_flags``: "escalate" stops at once on a red-flag
    answer; "flag" records it and keeps going (the evaluation uses this to measure diagnosis and
    triage separately); "off" ignores red flags.
    """

    tau: float = 0.85
    max_turns: int = 15
    open_world_threshold: float = 0.5
    conflict_threshold: float = 1.0  # 1.0 disables the raw-conflict trigger
    red_flags: str = "escalate"
    # Ask or abstain by expected value when the leader stalls (planning.policies.asking):
    # the cost of one question in probability of naming the right cause; 0 turns it off.
    question_cost: float = 0.0
    value_window: int = 3
    # At the budget, conclude a leader with BetP at least this (strictly ahead of the
    # runner-up) instead of abstaining; 0 turns it off (planning.policies.base).
    budget_floor: float = 0.0
    # ... and a leader short of that floor but at ``budget_odds_floor`` or more that holds at
    # least ``budget_odds`` times the runner-up's BetP: a clear leader whose rivals share the
    # rest, not one of two near twins splitting it (planning.policies.base.at_budget_odds);
    # 0 turns it off.
    budget_odds_floor: float = 0.0
    budget_odds: float = 2.0
    # At the budget, conclude a leader short of the floor that the last ``value_window``
    # answers lifted: BetP at least ``rising_floor``, ``rising_odds`` times the runner-up, and
    # risen by ``rising_lift`` over those answers (planning.policies.asking.rising_leader);
    # 0 turns it off.
    rising_floor: float = 0.0
    rising_odds: float = 1.5
    rising_lift: float = 0.15
    # A leader short of this BetP (and at ``tau`` or more) is concluded only when its severity
    # is one of ``early_severities`` (any, when empty) and none of the red flags it makes
    # likely is still unasked (planning.policies.asking.early_conclusion_safe): the questions
    # a lower tau saves must not be the ones that would bring out an emergency. 0 turns it off.
    flags_before: float = 0.0
    early_severities: tuple[int, ...] = ()
    # A leader concluded below tau because nothing is left to learn (InfoGatherer's settle) is
    # not concluded when the answers read as probabilities favour the runner-up by more than
    # the belief favours the leader: the case is handed on with the differential
    # (planning.policies.pair.disputed).
    pair_check: bool = False
    # ... and unless the two readings together give the leader odds of at least
    # ``exp(pair_margin)`` over the runner-up: a settle on odds near even names one of two
    # near twins on a coin toss. 0 hands on only where they favour the runner-up.
    pair_margin: float = 0.0
    # Before that: when a question the patient answered "not sure" would have split the leader
    # and the runner-up by ``pair_lost_gain`` bits (the answer that decides the pair is
    # missing), the question not yet asked that splits them most is asked instead, while it
    # splits them by ``pair_split_gain`` bits (planning.policies.pair.lost_split). 0 turns it
    # off.
    pair_lost_gain: float = 0.0
    pair_split_gain: float = 0.0
    # A conclusion below tau, with questions left, that rests on an asked answer the runner-up
    # gives less often than patients misreport (its pignistic probability under the runner-up
    # below ``confirm_misreport`` shared among the finding's other states) asks that answer
    # back once before it is shown (planning.engine, planning.policies.pair.misreport_carried).
    # 0 turns it off.
    confirm_misreport: float = 0.0
    # While the leader is below ``reach_below`` after ``reach_after`` questions, a question is
    # chosen among the signs of the ``reach_top`` leading causes whose profile is short (at
    # most ``reach_profile`` findings are signs of it), when there are any: a patient who
    # reports less leaves such a cause with too few findings to be told apart by the
    # questions a diffuse belief favours (planning.policies.profile). 0 turns it off.
    reach_below: float = 0.0
    reach_after: int = 0
    reach_before: int = 0  # and before this many questions (0: to the budget)
    reach_top: int = 3
    reach_profile: int = 12

    def __post_init__(self) -> None:
        if not 0.0 < self.tau <= 1.0:
            raise ValueError(f"tau {self.tau} not in (0, 1]")
        if self.max_turns < 0:
            raise ValueError("max_turns must be >= 0")
        if not 0.0 <= self.question_cost < 1.0:
            raise ValueError(f"question_cost {self.question_cost} not in [0, 1)")
        if not 0.0 <= self.budget_floor <= 1.0:
            raise ValueError(f"budget_floor {self.budget_floor} not in [0, 1]")
        if not 0.0 <= self.budget_odds_floor <= 1.0:
            raise ValueError(f"budget_odds_floor {self.budget_odds_floor} not in [0, 1]")
        if self.budget_odds < 1.0:
            raise ValueError(f"budget_odds {self.budget_odds} below 1")
        if not 0.0 <= self.rising_floor <= 1.0:
            raise ValueError(f"rising_floor {self.rising_floor} not in [0, 1]")
        if self.rising_odds < 1.0:
            raise ValueError(f"rising_odds {self.rising_odds} below 1")
        if not 0.0 <= self.rising_lift <= 1.0:
            raise ValueError(f"rising_lift {self.rising_lift} not in [0, 1]")
        if self.pair_margin < 0.0:
            raise ValueError(f"pair_margin {self.pair_margin} below 0")
        if not 0.0 <= self.confirm_misreport < 1.0:
            raise ValueError(f"confirm_misreport {self.confirm_misreport} not in [0, 1)")
        for name in ("pair_lost_gain", "pair_split_gain"):
            if not 0.0 <= getattr(self, name) <= 1.0:
                raise ValueError(f"{name} {getattr(self, name)} not in [0, 1] bits")
        if not 0.0 <= self.reach_below <= 1.0:
            raise ValueError(f"reach_below {self.reach_below} not in [0, 1]")
        if (
            min(self.reach_after, self.reach_before) < 0
            or min(self.reach_top, self.reach_profile) < 1
        ):
            raise ValueError(
                "reach_after and reach_before must be >= 0, reach_top and reach_profile >= 1"
            )
        if not 0.0 <= self.flags_before <= 1.0:
            raise ValueError(f"flags_before {self.flags_before} not in [0, 1]")
        # A pack's metadata is JSON: its list becomes the tuple the rule is hashed by.
        object.__setattr__(self, "early_severities", tuple(int(s) for s in self.early_severities))
        if self.value_window < 1:
            raise ValueError("value_window must be >= 1")
        if self.red_flags not in {"escalate", "flag", "off"}:
            raise ValueError(f"red_flags {self.red_flags!r} not in escalate/flag/off")


@dataclass
class DialogueState:
    """Belief plus what has been asked and said so far in one conversation."""

    belief: BeliefState
    asked: set[str] = field(default_factory=set)
    answers: list[Answer] = field(default_factory=list)
    turns: int = 0
    red_flags: list[RedFlag] = field(default_factory=list)
    human_requested: bool = False
    # Indexes in ``answers`` of facts recorded without a question (``apply(asked=False)``):
    # they imply nothing about the chart's way to them (planning.reach).
    passing: set[int] = field(default_factory=set)
    # What the caller read in the patient's words for conditional red flags (RedFlag.companions):
    # "companion" (a companion sign said), "explained" (an injury or strain said), or "".
    flag_context: str = ""

    @classmethod
    def start(
        cls,
        network: EvidentialNetwork,
        prior: np.ndarray | None = None,
        open_world: float | None = None,
    ) -> DialogueState:
        base = network.prior_plausibility()
        if prior is not None:
            base = base * np.asarray(prior, dtype=np.float64)
        return cls(BeliefState.initial(len(network.hypotheses), base, open_world))

    def copy(self) -> DialogueState:
        return DialogueState(
            self.belief.copy(),
            set(self.asked),
            list(self.answers),
            self.turns,
            list(self.red_flags),
            self.human_requested,
            set(self.passing),
            self.flag_context,
        )

    def apply(self, answer: Answer, network: EvidentialNetwork, *, asked: bool = True) -> None:
        """Record an answer (``asked=False`` for volunteered facts, which cost no turn)."""
        if answer.finding not in network.finding_index:
            raise KeyError(f"unknown finding {answer.finding!r}")
        if asked:
            self.turns += 1
        else:
            self.passing.add(len(self.answers))
        self.asked.add(answer.finding)
        self.answers.append(answer)
        if answer.states is not None:
            for flag in network.red_flags:
                if (
                    not flag.companions
                    and flag.finding == answer.finding
                    and set(answer.states) <= set(flag.states)
                ):
                    self.red_flags.append(flag)
        self.raise_flags(network)
        paths = network.paths_to
        before = self._implied(paths, len(self.answers) - 1) if paths else {}
        if not answer.is_vacuous:
            assert answer.states is not None
            pl = network.compile().plausibility(answer.finding, answer.states)
            self.belief.update(pl, answer.reliability)
        if paths:
            after = self._implied(paths, len(self.answers))
            if after != before:
                self.belief.reweigh(
                    _implied_log_factor(after, network) - _implied_log_factor(before, network)
                )

    def raise_flags(self, network: EvidentialNetwork) -> None:
        """Raise the conditional red flags (``RedFlag.companions``) the answers and
        :attr:`flag_context` now make: each at its level with a companion, at ``alone``
        without one, none while the complaint is explained. Checked after every answer and
        whenever the caller's context changes, so that a companion answered later (chest
        pain after "it goes to my shoulder") raises the flag to its level then."""
        conditional = [flag for flag in network.red_flags if flag.companions]
        if not conditional:
            return
        affirmed = {a.finding for a in self.answers if _affirms(a, network)}
        for flag in conditional:
            hit = any(
                a.finding == flag.finding
                and a.states is not None
                and set(a.states) <= set(flag.states)
                for a in self.answers
            )
            if not hit:
                continue
            if self.flag_context == "companion" or affirmed & set(flag.companions):
                level = flag.level
            elif self.flag_context == "explained":
                continue
            else:
                level = flag.alone
            raised = flag.raised(level)
            if raised not in self.red_flags:
                self.red_flags.append(raised)

    def companion_affirmed(self, network: EvidentialNetwork) -> bool:
        """Whether an answer affirms a companion of any conditional red flag (chest pain,
        breathlessness, ...: ``RedFlag.companions``), whether or not the flag was answered."""
        companions = {c for flag in network.red_flags for c in flag.companions}
        return any(a.finding in companions and _affirms(a, network) for a in self.answers)

    def implied(self, network: EvidentialNetwork) -> dict[str, tuple[str, float]]:
        """What the answers given to questions imply for the questions above them on a
        flowchart (:func:`planning.reach.implied_answers`)."""
        return self._implied(network.paths_to, len(self.answers))

    def _implied(self, paths: Mapping[str, Path], upto: int) -> dict[str, tuple[str, float]]:
        # A fact read in passing speaks for itself only: a misread opening fact that also
        # answered the chart's way to it concluded the wrong fix with nothing asked (FloDial
        # dev, utterances: 4 of the first 100; docs/troubleshooting.md, stop 37).
        answers = self.answers[:upto]
        return implied_answers(answers, paths, said_in_passing=self.passing)

    def asked_again_allowed(self, finding_id: str) -> bool:
        """Whether ``finding_id`` may be asked a second time: it was asked once and the answer
        was "not sure", so nothing was learned from it (:data:`MAX_ASKS` at most)."""
        said = [a for a in self.answers if a.finding == finding_id]
        return 0 < len(said) < MAX_ASKS and all(a.states is None for a in said)

    def ranking(self, network: EvidentialNetwork) -> list[tuple[str, float]]:
        """Known hypotheses by BetP, most likely first (empty under total conflict)."""
        try:
            p = self.belief.betp()[: self.belief.n_hypotheses]
        except TotalConflictError:
            return []
        order = np.argsort(-p, kind="stable")
        return [(network.hypotheses[i].id, float(p[i])) for i in order]


def _affirms(answer: Answer, network: EvidentialNetwork) -> bool:
    """Whether ``answer`` says the finding is there: a state other than its default (the
    first state, "yes", where it has no default)."""
    if answer.states is None:
        return False
    finding = network.finding(answer.finding)
    if finding.default_state is None:
        return finding.states[0] in answer.states
    return finding.default_state not in answer.states


def _implied_log_factor(
    implied: Mapping[str, tuple[str, float]], network: EvidentialNetwork
) -> NDArray[np.float64]:
    """The log of the weight factor the implied answers put on each known hypothesis (the
    same discounted update a said answer makes; a reliability below 1 keeps it finite)."""
    out = np.zeros(len(network.hypotheses))
    compiled = network.compile()
    for finding, (state, reliability) in implied.items():
        pl = compiled.plausibility(finding, (state,))
        out += np.log(reliability * pl + (1.0 - reliability))
    return out


class Policy(Protocol):
    """What the dialogue engine needs of a question policy (``planning.policies``)."""

    def choose(self, state: DialogueState, network: EvidentialNetwork) -> Action: ...
