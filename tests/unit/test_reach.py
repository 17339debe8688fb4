"""A flowchart answer speaks for the answers on the chart's way to it (planning.reach), and
the dialogue rules built on that: the frontier walks past them, a conclusion from the opening
alone asks one question first, and a plain fact is not asked back at a dead end."""

from __future__ import annotations

import pytest

from planning.actions import Action, Ask, Conclude
from planning.dialogue import DialogueState, StoppingRule
from planning.engine import Confirm, Engine, Rules
from planning.evidence import Answer
from planning.network import EvidentialNetwork, Finding, Hypothesis, Link
from planning.policies import make_policy
from planning.policies.flow import frontier
from planning.reach import IMPLIED_RELIABILITY, implied_answers
from planning.recovery import confirmation_candidate

# q1 -yes-> q2 (A | B); q1 -no-> q3 -yes-> C, -no-> q4 (D | E)
PATHS = {
    "A": {"q1": "yes", "q2": "yes"},
    "B": {"q1": "yes", "q2": "no"},
    "C": {"q1": "no", "q3": "yes"},
    "D": {"q1": "no", "q3": "no", "q4": "yes"},
    "E": {"q1": "no", "q3": "no", "q4": "no"},
}
FLOW = {
    "q1": {"yes": "q2", "no": "q3"},
    "q2": {"yes": "A", "no": "B"},
    "q3": {"yes": "C", "no": "q4"},
    "q4": {"yes": "D", "no": "E"},
}


def network(*, flow: bool = True) -> EvidentialNetwork:
    links = [Link.make(h, q, {s: 1.0}) for h, path in PATHS.items() for q, s in path.items()]
    return EvidentialNetwork(
        "chart",
        [Hypothesis(h, h) for h in PATHS],
        [Finding(q, f"{q}?") for q in ("q1", "q2", "q3", "q4")],
        links,
        flow=FLOW if flow else {},
        flow_root="q1" if flow else None,
    )


def weights(state: DialogueState, net: EvidentialNetwork) -> dict[str, float]:
    w = state.belief.weights()
    return {h.id: float(w[i]) for i, h in enumerate(net.hypotheses)}


def test_ancestors_are_the_answers_on_the_charts_way_to_a_node() -> None:
    paths = network().paths_to
    assert paths["q4"] == (("q1", "no"), ("q3", "no"))
    assert paths["D"] == (("q1", "no"), ("q3", "no"), ("q4", "yes"))
    assert paths["q1"] == ()
    assert network(flow=False).paths_to == {}


def test_a_deep_answer_lowers_the_causes_of_the_branches_it_excludes() -> None:
    # "yes" to q4 says nothing of A, B or C in the links (q4 is off their paths); reaching q4
    # means q1 = no and q3 = no, which they contradict.
    net = network()
    state = DialogueState.start(net)
    state.apply(Answer.crisp("q4", "yes"), net)
    w = weights(state, net)
    assert w["E"] == 0.0 and w["D"] == pytest.approx(1.0)
    for other in ("A", "B", "C"):
        assert w[other] == pytest.approx(1.0 - IMPLIED_RELIABILITY)
    plain = network(flow=False)
    without = DialogueState.start(plain)
    without.apply(Answer.crisp("q4", "yes"), plain)
    assert weights(without, plain)["A"] == pytest.approx(1.0)  # the links alone: unmoved
    assert state.ranking(net)[0][1] > without.ranking(plain)[0][1]


def test_an_implied_answer_yields_to_what_the_user_says_about_it() -> None:
    net = network()
    state = DialogueState.start(net)
    state.apply(Answer("q4", ("yes",), 0.8), net)  # "I think so", to the question
    assert state.implied(net) == {
        "q1": ("no", pytest.approx(IMPLIED_RELIABILITY * 0.8)),
        "q3": ("no", pytest.approx(IMPLIED_RELIABILITY * 0.8)),
    }
    # The user then says q1 = yes: the q4 path is not theirs, so it implies nothing, and the
    # belief is the said answers' alone (the implied evidence was taken back).
    state.apply(Answer.crisp("q1", "yes"), net)
    assert state.implied(net) == {}
    plain = network(flow=False)
    said = DialogueState.start(plain)
    said.apply(Answer("q4", ("yes",), 0.8), plain)
    said.apply(Answer.crisp("q1", "yes"), plain)
    assert state.belief.log_w == pytest.approx(said.belief.log_w)


def test_a_fact_read_in_passing_implies_nothing_of_the_way_to_it() -> None:
    # A misread opening fact that also answered the chart's way to it concluded the wrong fix
    # with nothing asked (FloDial dev): only an answer to a question is a node reached.
    net = network()
    state = DialogueState.start(net)
    state.apply(Answer.crisp("q4", "yes"), net, asked=False)
    assert state.implied(net) == {}
    assert weights(state, net)["A"] == pytest.approx(1.0)
    assert implied_answers(state.answers, net.paths_to, said_in_passing={0}) == {}


def test_answers_implying_opposite_states_imply_neither() -> None:
    paths = network().paths_to
    # q2 (under q1 = yes) and q3 (under q1 = no), both answered, q1 never said.
    answers = [Answer.crisp("q2", "yes"), Answer.crisp("q3", "no")]
    assert implied_answers(answers, paths) == {}
    assert implied_answers([Answer.unsure("q4")], paths) == {}  # "not sure" implies nothing


def test_the_frontier_walks_past_questions_a_deeper_answer_implies() -> None:
    # Before: the chart's root was always asked first, then each step to the fact the user
    # had volunteered ("Does your battery run down?" to a dead indicator bulb).
    net = network()
    state = DialogueState.start(net)
    state.apply(Answer("q3", ("no",), 0.8), net)  # asked out of order after a "not sure"
    assert frontier(net, state) == {"q4"}


class ConcludesTheLeader:
    def choose(self, state: DialogueState, network: EvidentialNetwork) -> Action:
        best, p = state.ranking(network)[0]
        return Conclude(best, p)


STOP = StoppingRule(tau=0.5, max_turns=6, red_flags="flag")


def test_a_conclusion_from_the_opening_alone_first_asks_the_first_step_not_said() -> None:
    net = network()
    engine = Engine(ConcludesTheLeader(), Rules(STOP))
    dialogue = engine.start(net)
    engine.volunteer(dialogue, net, [Answer("q3", ("no",), 0.8), Answer("q4", ("yes",), 0.8)])
    decision = engine.decide(dialogue, net, escalate_red_flags=False)
    assert isinstance(decision, Ask) and decision.finding == "q1"
    engine.answer(dialogue, net, Answer.crisp("q1", "no"))
    decision = engine.decide(dialogue, net, escalate_red_flags=False)
    assert isinstance(decision, Conclude) and decision.hypothesis == "D"


def test_a_conclusion_from_the_opening_alone_asks_back_its_deepest_fact() -> None:
    net = network()
    engine = Engine(ConcludesTheLeader(), Rules(STOP))
    dialogue = engine.start(net)
    said = [Answer("q1", ("no",), 0.8), Answer("q3", ("no",), 0.8), Answer("q4", ("yes",), 0.8)]
    engine.volunteer(dialogue, net, said)
    decision = engine.decide(dialogue, net, escalate_red_flags=False)
    assert isinstance(decision, Confirm) and decision.reason == "nothing_asked"
    assert decision.finding == "q4" and isinstance(decision.instead, Conclude)
    # Without a chart (every finding askable) the rule does not apply.
    plain = network(flow=False)
    dialogue = engine.start(plain)
    engine.volunteer(dialogue, plain, said)
    assert isinstance(engine.decide(dialogue, plain, escalate_red_flags=False), Conclude)


def test_a_conclusion_from_the_opening_alone_does_not_ask_back_what_was_read_plainly() -> None:
    # Every step said; the deepest read as plainly as a pressed button (1.0, above
    # confirm_below) is not asked back: the next one, read with doubt, is; and with none read
    # with doubt the conclusion stands (shown capped by the product).
    net = network()
    engine = Engine(ConcludesTheLeader(), Rules(STOP))
    for q3, want in ((0.8, "q3"), (1.0, None)):
        dialogue = engine.start(net)
        said = [Answer("q1", ("no",), 1.0), Answer("q3", ("no",), q3), Answer("q4", ("yes",), 1.0)]
        engine.volunteer(dialogue, net, said)
        decision = engine.decide(dialogue, net, escalate_red_flags=False)
        if want is None:
            assert isinstance(decision, Conclude) and decision.hypothesis == "D", decision
        else:
            assert isinstance(decision, Confirm) and decision.finding == want, decision


def test_a_plain_fact_followed_by_plain_answers_is_not_asked_back_at_a_dead_end() -> None:
    # q1 = yes said in passing in plain words (read at 0.8); the user then answers q2 plainly.
    # Its opposite would reopen the chart, but nothing says it was misread: not asked back.
    # Had the user said "not sure" to what followed, it would be (a misread fact puts them on a
    # branch whose questions they cannot answer).
    net = network()
    policy = make_policy("infogatherer")
    for after, asked_back in ((Answer.crisp("q2", "yes"), False), (Answer.unsure("q2"), True)):
        state = DialogueState.start(net)
        state.apply(Answer("q1", ("yes",), 0.8), net, asked=False)
        state.apply(after, net)
        pick = confirmation_candidate(
            state,
            net,
            policy,
            volunteered=1,
            confirmed={"q2"},
            confidence=lambda f: 0.8 if f == "q1" else 1.0,
            dead_end=True,
        )
        assert (pick == 0) is asked_back, after
