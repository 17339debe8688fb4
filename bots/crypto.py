"""Field encryption at rest, and a blind index so encrypted transcripts can still be searched.

Keys come from ``settings.FIELD_ENCRYPTION_KEYS`` (see ``console.env.field_encryption_keys``):
Fernet keys, the first encrypts, every one decrypts (``MultiFernet``), so a key is rotated by
putting a new one in front, re-encrypting (``manage.py rotate_encryption_key``) and dropping
the old one.

Stored form: ``fe1:<Fernet token>``. A value without the prefix is plaintext written before
encryption existed (or by a migration not yet run); it is read as is and encrypted when the row
is next written. Fernet authenticates as well as encrypts: a token altered in the database, or
one made under a key no longer configured, is refused (:class:`DecryptionError`), never
returned as garbage.

Blind index: ciphertext cannot be searched, so each searchable text also stores the keyed
hashes (HMAC-SHA256 under a key derived from the encryption key) of its normalised words.
A search hashes its words the same way and matches hashes; the database never sees a word.
Hashes are written under the first key and searched under every configured key, so search
keeps working in the middle of a rotation. What an attacker with the database learns: which
turns share a word, not what the word is.
"""

from __future__ import annotations

import functools
import hashlib
import hmac
import unicodedata
from collections.abc import Iterable, Sequence

from cryptography.fernet import Fernet, InvalidToken, MultiFernet
from django.conf import settings

from knowledge import words as words_module

PREFIX = "fe1:"
# Hashes are spelled in the letters a-p (one per nibble): PostgreSQL's text-search parser
# reads such a string as one plain word, which its GIN index can then look up.
_NIBBLES = "abcdefghijklmnop"
_TOKEN_BYTES = 8  # 64 bits: no collisions in any realistic vocabulary
_INDEX_CONTEXT = b"askfew blind index v1"
# The blind index is built from the same words every other reader uses (knowledge.words);
# changing how words are made changes the hashes, so the migration that changes it rebuilds
# the indexes (bots.reencrypt.encrypt_all rewrites every index that is not current).
STOPWORDS = words_module.STOP_WORDS


class DecryptionError(ValueError):
    """A stored value could not be decrypted with any configured key."""


def _keys() -> tuple[str, ...]:
    keys = tuple(getattr(settings, "FIELD_ENCRYPTION_KEYS", ()) or ())
    if not keys:
        raise DecryptionError("FIELD_ENCRYPTION_KEYS is empty: no key to encrypt or decrypt with")
    return keys


@functools.lru_cache(maxsize=8)
def _fernet(keys: tuple[str, ...]) -> MultiFernet:
    return MultiFernet([Fernet(k.encode("ascii")) for k in keys])


@functools.lru_cache(maxsize=8)
def _index_keys(keys: tuple[str, ...]) -> tuple[bytes, ...]:
    return tuple(hmac.new(k.encode("ascii"), _INDEX_CONTEXT, hashlib.sha256).digest() for k in keys)


def is_encrypted(stored: str) -> bool:
    return stored.startswith(PREFIX)


def encrypt(text: str) -> str:
    return PREFIX + _fernet(_keys()).encrypt(text.encode("utf-8")).decode("ascii")


def decrypt(stored: str) -> str:
    """The plaintext of a stored value (a value without the prefix is returned unchanged)."""
    if not stored.startswith(PREFIX):
        return stored
    try:
        return _fernet(_keys()).decrypt(stored[len(PREFIX) :].encode("ascii")).decode("utf-8")
    except (InvalidToken, UnicodeError) as exc:
        raise DecryptionError(
            "a stored value could not be decrypted: it was encrypted under a key that is not "
            "in FIELD_ENCRYPTION_KEYS, or it was altered"
        ) from exc


def current_plaintext(stored: str) -> str | None:
    """The plaintext of a value encrypted under the first (current) key; None for any other
    value (plaintext, or encrypted under an older key): the values a rotation rewrites."""
    if not stored.startswith(PREFIX):
        return None
    try:
        raw = _fernet(_keys()[:1]).decrypt(stored[len(PREFIX) :].encode("ascii"))
    except InvalidToken:
        return None
    return raw.decode("utf-8")


# -- blind index -------------------------------------------------------------------------------


def words(text: str) -> list[str]:
    """The searchable words of a text: normalised, stemmed lightly, stop words left out."""
    folded = unicodedata.normalize("NFKC", text)
    return [
        words_module.stem(w)
        for w in words_module.tokens(words_module.normalise(folded).casefold())
        if w not in STOPWORDS
    ]


def _hash(key: bytes, word: str) -> str:
    digest = hmac.new(key, word.encode("utf-8"), hashlib.sha256).digest()[:_TOKEN_BYTES]
    return "".join(_NIBBLES[b >> 4] + _NIBBLES[b & 15] for b in digest)


def index_text(texts: Iterable[str]) -> str:
    """The blind index of some texts under the first key: sorted distinct hashes, space
    separated and space padded (so a hash is matched whole with ``LIKE '% hash %'``).
    Sorted, so the index says nothing about word order."""
    key = _index_keys(_keys())[0]
    hashes = sorted({_hash(key, w) for text in texts for w in words(text)})
    return f" {' '.join(hashes)} " if hashes else ""


def query_hashes(word: str) -> Sequence[str]:
    """The hashes one (already normalised) word may be stored under: one per configured key."""
    return [_hash(key, word) for key in _index_keys(_keys())]
