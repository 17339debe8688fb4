"""InfoGatherer: lexicographic expected reduction of (nonspecificity, discord).

From the InfoGatherer paper (section 2.3): for every unasked finding ``Z`` and every state
``z``, form the hypothetical posterior after the crisp answer ``Z = z`` (in product form:
``log w + log pl_Z(z | .)``), compute its nonspecificity and discord (the two parts of Deng
entropy), and weight them by the predictive answer distribution ("the current pignistic
distribution at Z": ``P(z) = sum_h BetP(h) BetP_Z(z | h)``). That gives the expected
reductions ``dN(Z)`` and ``dD(Z)``. The question is chosen by lexicographic maximisation of
``(dN, dD)``, "with the first component prioritized until nonspecificity at H drops below a
preset threshold"; after that the priority is on discord.

Reproduced as:

* phase 1 (current nonspecificity >= ``nonspecificity_threshold`` bits): maximise ``dN``;
  among the candidates within ``tolerance`` of the best ``dN``, maximise ``dD``;
* phase 2 (below the threshold): maximise ``dD``; near-ties (within ``tolerance``) go to the
  larger ``dN``;
* remaining ties go to the earlier finding in network order.

The paper gives neither the threshold nor how near a tie must be (exact lexicographic order
on real numbers would never look at the second component); both are parameters here (3 bits
and 5 %, chosen on the DDXPlus dev patients: with 1 bit, phase 1 lasted longer and dialogues
took ~0.2 more questions for the same success; the tolerance hardly mattered), and
``tolerance`` is relative to the best score (``tolerance * max(|best|, 1e-12)``), so it means
the same at every scale of uncertainty. Findings linked to no hypothesis cannot change the
belief and are never candidates; in a flowchart only the questions the answers so far make
reachable are (``respect_flow``, see :mod:`planning.policies.flow`).

One deviation, on by default (``discord="plausibility"``; ``discord="mass"`` is the paper's
rule verbatim). In product form the mass discord ``-sum_A m(A) log m(A)`` is essentially
``sum_h H(w_h)``, the uncertainty about each hypothesis' *membership* of the random focal set,
so it keeps counting hypotheses that are already implausible (every ``w_h`` of 0.01 adds 0.08
bits) and phase 2 spends questions pushing those further down instead of separating the
leaders. The second stage therefore measures discord as the Shannon entropy of the
plausibility transform ``w / sum(w)`` (Cobb and Shenoy 2006; the probability transform that
commutes with Dempster's rule), which, like the paper's discord, is the Shannon entropy when
all focal sets are singletons, and which weighs hypotheses by how plausible they are. On the
DDXPlus dev patients (4-fold, exact and noisy answers) it gave slightly higher success with
about 0.3 fewer questions than the mass discord in every setting tried.

One addition to the stopping rule (``robust_floor``, see :meth:`InfoGatherer.may_conclude`): the
leader is concluded only if it survives taking back any one soft answer. Measured on all 1566
DDXPlus dev patients, 4-fold (links learned from the other three folds), tau 0.85: with noisy
answers (5% flipped, 10% "not sure") success went from 83.5% to 85.3% and accuracy when
concluded from 90.0% to 95.1%, for 1.3 more questions (6.8); with exact answers success stayed
at 94.3% (accuracy when concluded 98.1% -> 98.9%) for one more question (5.7). A floor of 0
(the leader only has to stay the leader) cost half as many questions and recovered less
(noisy: 84.7% success, 92.4% accurate when concluded).

Two more, both on by default and both measured on the 1566 DDXPlus dev patients, 4-fold
(links learned from three folds, played on the fourth), with multi-choice questions asked
whole as the harness now does, tau 0.99, at most 30 questions and links not discounted:

* ``multi_choice="joint"``: the options of a multi-choice question ("Where is the pain?",
  binary findings sharing a ``group``) are one candidate, scored on the expected uncertainty
  after the whole answer (:mod:`~planning.policies.questions`); the Ask names the option whose
  answer is least predictable, and only plain findings are scored one by one. ``"option"``
  scores each option alone, for a channel that can only ask them one at a time (the
  conversation service asks the whole question, as one choice list). Exact answers: 98.7%
  success in 3.10 questions with ``"joint"``, 98.7% in 5.52 with ``"option"`` (noisy: 97.0%
  in 3.88 and 96.6% in 6.52).
* ``settle_gain`` / ``settle_floor``: when no question is expected to reduce either
  nonspecificity or discord by ``settle_gain`` bits (0.02), the dialogue has nothing left to
  learn, and a leader with BetP >= ``settle_floor`` (0.5) and strictly ahead of the
  runner-up (of two tied leaders neither is the answer) is concluded below tau; otherwise the
  dialogue would run on to ``max_turns`` and abstain. Pathologies whose knowledge-base
  evidences barely differ (acute vs chronic rhinosinusitis, stable vs unstable angina) end
  this way. Without it (``settle_gain=0``): 96.0% exact / 94.3% noisy success in 3.85 / 4.72
  questions; with it 98.7% / 97.0% in 3.10 / 3.88, accuracy when concluded 99.5 -> 98.8%
  (exact) and 98.8 -> 97.5% (noisy). Floors of 0.7 and 0.8 gave 98.5% and 98.1% exact
  success for 0.1 and 0.3 points more accuracy when concluded.

And one more, on by default: ``ask_again_unsure``. A plain question answered "not sure" taught
nothing, so outside a flowchart it stays a candidate, scored like an unasked one, and may be
asked once more (the harness allows exactly that, ``DialogueState.asked_again_allowed``): the
question that separates two leaders is too valuable to lose to one "not sure". In a flowchart
a "not sure" means the question is off the user's path and is not asked again. DDXPlus dev,
4-fold, noisy answers, reliability 0.95: 96.2% success / 5.61 questions / 98.5% accurate when
concluding without it, 96.4% / 5.56 / 98.6% with it (exact answers: unchanged, DDXPlus users
always know).
"""

from __future__ import annotations

import weakref
from typing import Literal

import numpy as np
from numpy.typing import NDArray

from planning.actions import Abstain, Action, Conclude
from planning.belief import batch_nonspecificity_and_discord
from planning.dialogue import DialogueState, StoppingRule
from planning.network import CompiledNetwork, EvidentialNetwork

from .base import BeliefView, Policy, survives_one_wrong_answer
from .flow import flow_roots
from .pair import disputed, lost_split, pair_entropy_reduction
from .profile import reach_mask
from .questions import DrawnAnswers, draw_answers
from .scoring import FloatArray, IntArray, Method, score_candidates

Discord = Literal["mass", "plausibility"]
MultiChoice = Literal["joint", "option"]


class InfoGatherer(Policy):
    name = "infogatherer"

    def __init__(
        self,
        stopping: StoppingRule | None = None,
        seed: int = 0,
        *,
        nonspecificity_threshold: float = 3.0,
        tolerance: float = 0.05,
        discord: Discord = "plausibility",
        method: Method = "auto",
        respect_flow: bool = True,
        robust_floor: float | None = 0.5,
        multi_choice: MultiChoice = "joint",
        settle_gain: float = 0.02,
        settle_floor: float = 0.5,
        ask_again_unsure: bool = True,
    ) -> None:
        super().__init__(stopping, seed)
        self.ask_again_unsure = bool(ask_again_unsure)
        self.settle_gain = float(settle_gain)
        self.settle_floor = float(settle_floor)
        if multi_choice not in ("joint", "option"):
            raise ValueError(f"multi_choice must be 'joint' or 'option', got {multi_choice!r}")
        self.multi_choice: MultiChoice = multi_choice
        self.respect_flow = bool(respect_flow)
        if robust_floor is not None and not 0.0 <= robust_floor <= 1.0:
            raise ValueError(f"robust_floor must be in [0, 1] or None, got {robust_floor}")
        self.robust_floor = None if robust_floor is None else float(robust_floor)
        if nonspecificity_threshold < 0:
            raise ValueError(
                f"nonspecificity_threshold must be >= 0 bits, got {nonspecificity_threshold}"
            )
        if not 0.0 <= tolerance < 1.0:
            raise ValueError(f"tolerance must be in [0, 1), got {tolerance}")
        if discord not in ("mass", "plausibility"):
            raise ValueError(f"discord must be 'mass' or 'plausibility', got {discord!r}")
        if method not in ("auto", "dense", "sparse"):
            raise ValueError(f"method must be auto, dense or sparse, got {method!r}")
        self.nonspecificity_threshold = float(nonspecificity_threshold)
        self.tolerance = float(tolerance)
        self.discord: Discord = discord
        self.method: Method = method

    def may_conclude(self, state: DialogueState, network: EvidentialNetwork, leader: int) -> bool:
        """With ``robust_floor`` set, only a leader that would still lead, with BetP at least
        ``robust_floor``, after taking back any one answer
        (:func:`~planning.policies.base.survives_one_wrong_answer`)."""
        if self.robust_floor is None:
            return True
        return survives_one_wrong_answer(state, network, leader, self.robust_floor)

    def select(self, state: DialogueState, network: EvidentialNetwork, view: BeliefView) -> Action:
        candidates = self.candidates(state, view, self.respect_flow)
        if self.ask_again_unsure:
            again = unsure_again(state, view)
            if again.size:  # candidates are sorted and distinct already
                candidates = np.union1d(candidates, again)
        if candidates.size == 0:
            return Abstain("no_informative_question", view.differential())
        questions: list[IntArray] = []
        if self.multi_choice == "joint":
            candidates, questions = split_questions(view, candidates)
        current_pair = batch_nonspecificity_and_discord(view.log_w[np.newaxis, :])
        current_n = float(current_pair[0][0])
        phase = 1 if current_n >= self.nonspecificity_threshold else 2
        # The expected nonspecificity's costly programme runs only on the candidates whose
        # value can matter (:meth:`_needed`); the others get an upper bound that keeps them
        # out of the choice. The values, and so the choice, are those of scoring every
        # candidate whole.
        scores = score_candidates(
            view.table,
            view.log_w,
            view.distribution,
            candidates,
            method=self.method,
            nonspecificity=False,
            current=(current_n, float(current_pair[1][0])),
        )
        current_d = (
            scores.current_discord
            if self.discord == "mass"
            else scores.current_plausibility_entropy
        )
        gain_n = scores.gain_nonspecificity
        gain_d = scores.gain_discord if self.discord == "mass" else scores.gain_plausibility_entropy
        drawn: DrawnAnswers | None = None
        shown = np.zeros(0, dtype=np.intp)
        bounds = [(candidates.size, scores.gain_nonspecificity_bounds)]
        if questions:
            # A multi-choice question is one candidate scored on its whole answer; its Ask
            # names the option whose answer is least predictable, which the harness turns
            # into the whole question.
            drawn = draw_answers(
                view.table,
                view.log_w,
                view.distribution,
                questions,
                self.rng(state, "multi-choice"),
            )
            joint = drawn.expected(nonspecificity=False)
            after_d = (
                joint.expected_discord
                if self.discord == "mass"
                else joint.expected_plausibility_entropy
            )
            predictive = view.table.predictive(view.known / max(float(view.known.sum()), 1e-300))
            shown = least_predictable_options(view, questions, predictive)
            gain_n = np.concatenate(
                [gain_n, scores.current_nonspecificity - joint.expected_nonspecificity]
            )
            gain_d = np.concatenate([gain_d, current_d - after_d])
            if joint.nonspecificity_bounds is not None:
                low_n, high_n = joint.nonspecificity_bounds
                current = scores.current_nonspecificity
                bounds.append((len(questions), (current - high_n, current - low_n)))
        plain = candidates
        candidates = np.concatenate([candidates, shown])
        settled = self._settled_leader(view)
        # The signs of a short-profile leader, when the stopping rule's reach applies: the
        # question is chosen among them (planning.policies.profile).
        reach = reach_mask(
            state, network, view.known, self.stopping, [*plain[:, np.newaxis], *questions]
        )
        missing = np.isnan(gain_n)
        if missing.any():
            low, high = _gain_bounds(gain_n, bounds)
            need = self._needed(phase, low, high, gain_d, settled)
            if reach is not None:
                sub = np.flatnonzero(reach)
                need[sub] |= self._needed(phase, low[sub], high[sub], gain_d[sub], settled)
            wanted = np.flatnonzero(missing & need)
            gain_n = np.where(missing, high, gain_n)
            gain_n[wanted] = self._nonspecificity_gains(
                view,
                plain,
                drawn,
                wanted,
                (scores.current_nonspecificity, scores.current_discord),
                scores.method,
            )
        if settled is not None and max(float(gain_n.max()), float(gain_d.max())) < self.settle_gain:
            options = np.concatenate([plain, *questions]) if questions else plain
            return self._settle(state, view, settled, options)
        primary, secondary = (gain_n, gain_d) if phase == 1 else (gain_d, gain_n)
        if reach is not None:
            among = np.flatnonzero(reach)
            near = lexicographic_choice(primary[among], secondary[among], self.tolerance)
            pick = int(among[near])
        else:
            pick = lexicographic_choice(primary, secondary, self.tolerance)
        finding = int(candidates[pick])
        return self.ask(
            view,
            finding,
            float(primary[pick]),
            "expected_nonspecificity_reduction" if phase == 1 else "expected_discord_reduction",
            {
                "phase": float(phase),
                "nonspecificity_reduction": float(gain_n[pick]),
                "discord_reduction": float(gain_d[pick]),
                "nonspecificity": scores.current_nonspecificity,
                "discord": current_d,
            },
        )

    def _settle(
        self, state: DialogueState, view: BeliefView, leader: int, options: IntArray
    ) -> Action:
        """The settled leader's conclusion, unless the stopping rule's pair checks
        (:mod:`~planning.policies.pair`) ask on or hand the case on.

        ``pair_lost_gain``: the patient answered "not sure" to a question that would split the
        leader from the runner-up by that many bits; the question among ``options`` (not yet
        asked; a multi-choice question named by its most splitting option) that splits the
        two most is asked, while it splits them by ``pair_split_gain`` bits. A nurse whose
        patient cannot say the one thing that decides between two close causes asks the next
        thing that tells them apart. It asks no question of a patient who answered every
        splitting question, and asking a "not sure" again would only measure how the
        simulated patient re-draws one (docs/planner-robustness.md, stop 42).
        ``pair_check``: the answers read as probabilities favour the runner-up by more than
        the belief favours the leader, less ``pair_margin``: handed on."""
        rule = self.stopping
        known = view.known
        if known.size < 2:
            return Conclude(view.compiled.hypothesis_ids[leader], float(known[leader]))
        runner_up = int(np.argsort(-known, kind="stable")[1])
        if rule.pair_lost_gain > 0.0:
            table, log_w = view.table, view.log_w
            lost = lost_split(state, view.network, table, log_w, known, leader, runner_up)
            ids = view.compiled.finding_ids
            # Only questions never asked: a "not sure" asked once more is no new question.
            fresh = options[[ids[int(f)] not in state.asked for f in options]]
            if lost >= rule.pair_lost_gain and fresh.size:
                gains = pair_entropy_reduction(table, log_w, known, fresh, leader, runner_up)
                pick = int(np.argmax(gains))
                if float(gains[pick]) >= max(rule.pair_split_gain, 1e-9):
                    return self.ask(
                        view,
                        int(fresh[pick]),
                        float(gains[pick]),
                        "pair_entropy_reduction",
                        {"lost_split": lost, "leader_betp": float(known[leader])},
                    )
        if rule.pair_check and disputed(
            state, view.network, view.table, known, leader, runner_up, rule.pair_margin
        ):
            return Abstain("leaders_undecided", view.differential())
        return Conclude(view.compiled.hypothesis_ids[leader], float(known[leader]))

    def _needed(
        self,
        phase: int,
        low: FloatArray,
        high: FloatArray,
        gain_d: FloatArray,
        settled: int | None,
    ) -> NDArray[np.bool_]:
        """The candidates whose exact nonspecificity gain the choice can depend on, given
        bounds ``low <= gain <= high`` (equal where the gain is known).

        Phase 1 maximises the gain, then looks within ``tolerance`` of the best: the best is at
        least ``max(low)``, so a candidate with ``high`` below ``(1 - tolerance) max(low)`` is
        neither the best nor near it. Phase 2 reads the gain to break near-ties of the discord
        gain, and, when a settled leader could be concluded for want of anything to learn,
        to tell whether any candidate's gain reaches ``settle_gain``."""
        if phase == 1:
            floor = float(low.max())
            if floor <= 0.0:
                return np.ones(low.size, dtype=bool)
            out: NDArray[np.bool_] = high >= floor * (1.0 - self.tolerance)
            return out
        best = float(gain_d.max())
        near: NDArray[np.bool_] = gain_d >= best - self.tolerance * max(abs(best), 1e-12)
        if settled is not None and best < self.settle_gain:
            return near | (high >= self.settle_gain)
        return near

    def _settled_leader(self, view: BeliefView) -> int | None:
        """The leader a dialogue with nothing left to learn concludes on (``settle_gain``):
        BetP at least ``settle_floor`` and strictly ahead of the runner-up (of two tied
        leaders neither is the answer); ``None`` without one, or with the test off."""
        if self.settle_gain <= 0.0:
            return None
        known = view.known
        leader = int(np.argmax(known))
        runner_up = float(np.partition(known, -2)[-2]) if known.size > 1 else 0.0
        if known[leader] >= self.settle_floor and known[leader] > runner_up * (1 + 1e-9):
            return leader
        return None

    def _nonspecificity_gains(
        self,
        view: BeliefView,
        plain: IntArray,
        drawn: DrawnAnswers | None,
        wanted: IntArray,
        current: tuple[float, float],
        method: str,
    ) -> FloatArray:
        """Expected nonspecificity reduction of the candidates at positions ``wanted`` (plain
        findings first, then the multi-choice questions, as :meth:`select` orders them)."""
        out = np.full(wanted.size, np.nan)
        is_plain = wanted < plain.size
        if is_plain.any():
            part = score_candidates(
                view.table,
                view.log_w,
                view.distribution,
                plain[wanted[is_plain]],
                # The strategy the other scores used, so the values are the same as theirs.
                method="sparse" if method == "sparse" else "dense",
                discord=False,
                current=current,
            )
            out[is_plain] = part.gain_nonspecificity
        if drawn is not None and (~is_plain).any():
            joint = drawn.expected(wanted[~is_plain] - plain.size, discord=False)
            out[~is_plain] = current[0] - joint.expected_nonspecificity
        return out


def _gain_bounds(
    gain: FloatArray, parts: list[tuple[int, tuple[FloatArray, FloatArray] | None]]
) -> tuple[FloatArray, FloatArray]:
    """Lower and upper bounds on each candidate's nonspecificity gain: the gain itself where it
    is known, the scorers' bounds (widened against rounding) where they gave some, and no
    bound (``-inf``, ``inf``) otherwise. ``parts`` gives consecutive runs of candidates (the
    plain findings, then the multi-choice questions): each run's length and bounds, ``None``
    for a run without."""
    known = ~np.isnan(gain)
    low = np.where(known, gain, -np.inf)
    high = np.where(known, gain, np.inf)
    start = 0
    for size, part in parts:
        run = slice(start, start + size)
        start += size
        if part is None:
            continue
        slack_low = 1e-9 * (1.0 + np.abs(part[0]))
        slack_high = 1e-9 * (1.0 + np.abs(part[1]))
        low[run] = np.where(known[run], low[run], part[0] - slack_low)
        high[run] = np.where(known[run], high[run], part[1] + slack_high)
    return low, high


def unsure_again(state: DialogueState, view: BeliefView) -> IntArray:
    """Plain questions answered "not sure" once, outside flowcharts, that may be asked again
    (``DialogueState.asked_again_allowed``). "Not sure" taught nothing, so such a question is
    scored like an unasked one. In a flowchart a "not sure" means the question is off the
    user's path, and asking again would only repeat it."""
    network = view.network
    if flow_roots(network):
        return np.zeros(0, dtype=np.intp)
    index = network.finding_index
    out = [
        index[answer.finding]
        for answer in state.answers
        if answer.states is None
        and not network.finding(answer.finding).group
        and state.asked_again_allowed(answer.finding)
    ]
    return view.informative(np.asarray(sorted(set(out)), dtype=np.intp))


def split_questions(view: BeliefView, candidates: IntArray) -> tuple[IntArray, list[IntArray]]:
    """``candidates`` as plain findings and multi-choice questions (their options, two or
    more, in candidate order; the questions in the order they first appear); a question with
    one option left askable is a plain finding."""
    codes = _group_codes(view.compiled, view.network)[candidates]
    grouped = codes >= 0
    if not grouped.any():
        return np.sort(candidates), []
    present, first, sizes = np.unique(codes[grouped], return_index=True, return_counts=True)
    members = candidates[grouped]
    questions: list[IntArray] = []
    single: list[IntArray] = []
    for position in np.argsort(first, kind="stable"):
        options = members[codes[grouped] == present[position]]
        (questions if sizes[position] > 1 else single).append(options)
    plain = np.concatenate([candidates[~grouped], *single]).astype(np.intp)
    return np.sort(plain), questions


_GROUP_CODES: weakref.WeakKeyDictionary[CompiledNetwork, IntArray] = weakref.WeakKeyDictionary()


def _group_codes(compiled: CompiledNetwork, network: EvidentialNetwork) -> IntArray:
    """Each finding's multi-choice group as a number (-1: none), built once per network."""
    codes = _GROUP_CODES.get(compiled)
    if codes is None:
        numbers: dict[str, int] = {}
        codes = np.array(
            [
                numbers.setdefault(f.group, len(numbers)) if f.group else -1
                for f in network.findings
            ],
            dtype=np.intp,
        )
        _GROUP_CODES[compiled] = codes
    return codes


def least_predictable(
    view: BeliefView, options: IntArray, predictive: FloatArray | None = None
) -> int:
    """The option whose predictive answer distribution has the highest entropy
    (``predictive``: every row's, from the known hypotheses, when the caller has it)."""
    return int(least_predictable_options(view, [options], predictive)[0])


def least_predictable_options(
    view: BeliefView, questions: list[IntArray], predictive: FloatArray | None = None
) -> IntArray:
    """:func:`least_predictable` of each question (its options), all rows at once."""
    p = view.known
    table = view.table
    if predictive is None:
        predictive = table.predictive(p / max(float(p.sum()), 1e-300))
    options = np.concatenate(questions)
    rows = table.rows_of(options)
    counts = table.n_states[options]
    q = np.clip(predictive[rows], 1e-300, 1.0)
    entropy = -np.add.reduceat(q * np.log(q), np.concatenate(([0], np.cumsum(counts)[:-1])))
    out = np.empty(len(questions), dtype=np.intp)
    start = 0
    for i, question in enumerate(questions):
        out[i] = question[int(np.argmax(entropy[start : start + question.size]))]
        start += question.size
    return out


def lexicographic_choice(primary: FloatArray, secondary: FloatArray, tolerance: float) -> int:
    """Index maximising ``primary``; within ``tolerance`` (relative) of it, ``secondary``."""
    best = float(primary.max())
    slack = tolerance * max(abs(best), 1e-12)
    near: IntArray = np.flatnonzero(primary >= best - slack)
    return int(near[int(np.argmax(secondary[near]))])
