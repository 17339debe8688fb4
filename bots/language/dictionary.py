"""English words, as whole words of the shipped MiniLM tokenizer's vocabulary.

The typo-tolerant match (``reader.similar``) took one real word for a misspelling of another:
"round" for "sound" ("totally smooth round town" was read as the steering making a noise),
"crack" for "crank". Two words that both are English are different words unless one only
extends the other's stem ("whistle" / "whistling", "colour" / "color").
"""

from __future__ import annotations

import json
from functools import lru_cache

from .encoder import model_dir

__all__ = ["is_word"]


@lru_cache(maxsize=1)
def _words() -> frozenset[str]:
    path = model_dir()
    if path is None:  # no encoder installed: every word may be a typo, as before
        return frozenset()
    vocab = json.loads((path / "tokenizer.json").read_text(encoding="utf-8"))["model"]["vocab"]
    return frozenset(w for w in vocab if w.isalpha() and w.isascii() and len(w) > 1)


def is_word(word: str) -> bool:
    """Whether ``word`` is a whole English word of the vocabulary (not a misspelling)."""
    return word in _words()
