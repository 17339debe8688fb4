"""Multi-choice questions: answered whole by the simulated user, scored whole by InfoGatherer
(``multi_choice="joint"``), as the conversation service asks them (one choice list,
tests/bots/test_choice_list.py); ``multi_choice="option"`` scores options one at a time."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from planning.actions import Ask, Conclude, Rationale
from planning.belief import batch_nonspecificity_and_discord
from planning.dialogue import DialogueState, StoppingRule
from planning.evidence import Answer
from planning.network import EvidentialNetwork, Finding, Hypothesis, Link
from planning.policies import InfoGatherer
from planning.policies.questions import score_questions
from planning.policies.scoring import answer_table, plausibility_entropy, score_posteriors
from planning.simulation import Case, SimulatedUser
from tests.unit.engine_driver import run_case

STOP = StoppingRule(tau=0.9, max_turns=5, red_flags="flag")
WHERE = ("where@head", "where@chest", "where@belly")


def make_network() -> EvidentialNetwork:
    """Three causes told apart only by where it hurts; one plain question that barely helps."""
    hyps = [Hypothesis(h, h) for h in ("migraine", "angina", "gastritis")]
    findings = [Finding(f, f"Where is the pain? - {f[6:]}", group="where") for f in WHERE]
    findings.append(Finding("tired", "Are you tired?"))
    links = []
    for hyp, place in zip(("migraine", "angina", "gastritis"), WHERE, strict=True):
        for f in WHERE:
            state = "yes" if f == place else "no"
            links.append(Link.make(hyp, f, {state: 0.9, ("yes", "no"): 0.1}))
    links.append(Link.make("migraine", "tired", {"yes": 0.6, ("yes", "no"): 0.4}))
    return EvidentialNetwork("pain", hyps, findings, links)


NET = make_network()
ANGINA = Case("c1", "angina", {"where@head": "no", "where@chest": "yes", "where@belly": "no"})


class AskThen:
    def __init__(self, finding: str) -> None:
        self.finding = finding

    def choose(self, state: DialogueState, network: EvidentialNetwork) -> Ask | Conclude:
        if self.finding not in state.asked:
            return Ask(self.finding, Rationale((), 0.0, {}))
        best, p = state.ranking(network)[0]
        return Conclude(best, p)


def test_question_of_lists_the_options_of_a_group_and_a_plain_finding_alone() -> None:
    assert NET.question_of("where@chest") == WHERE
    assert NET.question_of("tired") == ("tired",)


def _options() -> tuple[tuple[str, tuple[str, ...]], ...]:
    return tuple((f, ("yes", "no")) for f in WHERE)


def test_noise_is_per_question_unsure_means_the_whole_question() -> None:
    user = SimulatedUser(ANGINA, unsure_rate=1.0)
    assert all(a.is_vacuous for a in user.answer_question("where", _options()))


def test_a_flipped_question_gets_exactly_one_option_wrong() -> None:
    flips = 0
    for seed in range(20):
        answers = SimulatedUser(ANGINA, flip_rate=1.0, seed=seed).answer_question(
            "where", _options()
        )
        wrong = [a.finding for a in answers if a.states != (ANGINA.answers[a.finding],)]
        assert len(wrong) == 1
        flips += 1
    assert flips == 20


def test_question_noise_is_deterministic_given_the_seed() -> None:
    def answers(seed: int) -> tuple[Answer, ...]:
        user = SimulatedUser(ANGINA, flip_rate=0.5, unsure_rate=0.2, seed=seed)
        return user.answer_question("where", _options())

    assert answers(3) == answers(3)
    assert len({answers(s) for s in range(30)}) > 1


def test_score_posteriors_matches_the_reference_computation() -> None:
    rng = np.random.default_rng(0)
    posterior = np.log(rng.uniform(0.0, 1.0, size=(40, 7)))
    posterior[3, 2] = -np.inf  # a ruled-out hypothesis
    posterior[5] = -700.0  # collapsed weights take the reference path
    nonspec, discord, entropy = score_posteriors(posterior, 7)
    ref_n, ref_d = batch_nonspecificity_and_discord(posterior)
    np.testing.assert_allclose(nonspec, ref_n, rtol=1e-9, atol=1e-12)
    np.testing.assert_allclose(discord, ref_d, rtol=1e-9, atol=1e-12)
    np.testing.assert_allclose(entropy, plausibility_entropy(posterior), rtol=1e-9, atol=1e-12)


def test_sampled_question_score_approaches_the_exact_expectation() -> None:
    """Two options: four answers, so the exact expectation can be enumerated."""
    hyps = [Hypothesis(h, h) for h in ("a", "b", "c")]
    findings = [Finding(f, f, group="g") for f in ("g@1", "g@2")]
    links = [
        Link.make("a", "g@1", {"yes": 0.7, ("yes", "no"): 0.3}),
        Link.make("b", "g@1", {"no": 0.6, ("yes", "no"): 0.4}),
        Link.make("b", "g@2", {"yes": 0.8, ("yes", "no"): 0.2}),
        Link.make("c", "g@2", {"no": 0.5, "yes": 0.3, ("yes", "no"): 0.2}),
    ]
    net = EvidentialNetwork("two", hyps, findings, links)
    table = answer_table(net.compile())
    state = DialogueState.start(net)
    log_w = state.belief.log_w
    p = state.belief.betp()
    options = np.array([0, 1], dtype=np.intp)
    exact_n = exact_h = 0.0
    for s1, s2 in itertools.product((0, 1), repeat=2):  # rows: yes = 0, no = 1
        prob = sum(p[h] * table.row_betp(s1)[h] * table.row_betp(2 + s2)[h] for h in range(3))
        post = log_w + table.row_log_pl(s1) + table.row_log_pl(2 + s2)
        n, _ = batch_nonspecificity_and_discord(post[np.newaxis, :])
        exact_n += prob * float(n[0])
        exact_h += prob * float(plausibility_entropy(post[np.newaxis, :])[0])
    sampled = score_questions(table, log_w, p, [options], np.random.default_rng(1), draws=4000)
    assert sampled.expected_nonspecificity[0] == pytest.approx(exact_n, abs=0.02)
    assert sampled.expected_plausibility_entropy[0] == pytest.approx(exact_h, abs=0.02)


def test_infogatherer_asks_the_question_that_tells_the_most_as_a_whole() -> None:
    """Alone, each option tells one cause from the other two; the question tells all three
    apart, so it beats the plain question even though "tired" is worth more than a
    single option would be to a scorer that looks at the options one by one."""
    state = DialogueState.start(NET)
    joint = InfoGatherer(STOP).choose(state, NET)
    assert isinstance(joint, Ask) and joint.finding in WHERE


def test_infogatherer_settles_when_no_question_can_teach_anything() -> None:
    """Two causes no finding tells apart: keep asking and it abstains at max_turns; with the
    settle rule it concludes the leader at once (and never below ``settle_floor``)."""
    hyps = [Hypothesis("a", "a", prior=1.0), Hypothesis("b", "b", prior=0.2)]
    findings = [Finding(f"f{i}", f"f{i}?") for i in range(3)]
    # Both causes are certain to answer "yes": the only possible answer changes nothing.
    links = [Link.make(h, f.id, {"yes": 1.0}) for h in "ab" for f in findings]
    net = EvidentialNetwork("flat", hyps, findings, links)
    c = Case("c", "a", {f.id: "yes" for f in findings})
    rule = StoppingRule(tau=0.99, max_turns=3, red_flags="flag")
    patient = run_case(InfoGatherer(rule, settle_gain=0.0), net, c, SimulatedUser(c), rule)
    assert patient.outcome == "abstained"
    settled = run_case(InfoGatherer(rule), net, c, SimulatedUser(c), rule)
    assert (settled.outcome, settled.concluded, settled.turns) == ("concluded", "a", 0)
    strict = run_case(InfoGatherer(rule, settle_floor=0.99), net, c, SimulatedUser(c), rule)
    assert strict.outcome == "abstained"


def test_a_subset_of_drawn_questions_scores_exactly_as_in_the_whole_batch() -> None:
    """InfoGatherer scores the nonspecificity of near-tied questions only; those values must
    be the very ones the whole batch gives (and without nonspecificity the rest are too)."""
    from planning.policies.infogatherer import split_questions
    from planning.policies.questions import draw_answers

    hyps = [Hypothesis(h, h) for h in "abcd"]
    findings = [
        Finding(f"g{q}@{i}", f"Q{q}? - {i}", group=f"g{q}") for q in range(3) for i in range(3)
    ]
    findings.append(Finding("plain", "Plain?"))
    rng = np.random.default_rng(3)
    links = [
        Link.make(h.id, f.id, {"yes": float(x), ("yes", "no"): 1.0 - float(x)})
        for h in hyps
        for f, x in zip(findings, rng.uniform(0.1, 0.9, len(findings)), strict=True)
    ]
    net = EvidentialNetwork("drawn", hyps, findings, links)
    state = DialogueState.start(net)
    view = InfoGatherer(STOP).view(state, net)
    plain, questions = split_questions(view, view.informative())
    assert plain.tolist() == [9] and [q.tolist() for q in questions] == [
        [0, 1, 2],
        [3, 4, 5],
        [6, 7, 8],
    ]
    drawn = draw_answers(
        view.table, view.log_w, view.distribution, questions, np.random.default_rng(0)
    )
    whole = drawn.expected()
    part = drawn.expected(np.array([2, 0]))
    light = drawn.expected(nonspecificity=False)
    assert np.array_equal(part.expected_nonspecificity, whole.expected_nonspecificity[[2, 0]])
    assert np.array_equal(light.expected_discord, whole.expected_discord)
    assert np.array_equal(light.expected_plausibility_entropy, whole.expected_plausibility_entropy)
    assert np.isnan(light.expected_nonspecificity).all()
