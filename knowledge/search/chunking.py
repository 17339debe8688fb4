"""Split a document into passages on paragraph and sentence boundaries, keeping exact offsets.

Passages are what search ranks and what citations point at, so every passage is a verbatim
slice of the document: `text[p.start:p.end] == p.text`. Chunks end at the strongest boundary
(paragraph, then sentence, then word) found in the back half of the size budget, so they are
neither tiny nor cut mid-sentence when a sentence end is available. Consecutive passages share
up to `overlap` characters, starting on a sentence start when one fits, so a fact that straddles
a boundary is still found whole in one passage.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .base import Passage, passage_id

_WORD = re.compile(r"\S+")
_PARAGRAPH_GAP = re.compile(r"\n[^\S\n]*\n")
# A sentence ends with . ! ? (or an ellipsis), optionally followed by closing quotes/brackets.
_SENTENCE_END = re.compile(r"(?:[.!?]|\u2026)[\"'\u2019\u201d)\]]*$")

_WORD_GAP, _SENTENCE, _PARAGRAPH = 0, 1, 2


@dataclass(frozen=True, slots=True)
class _Token:
    start: int
    end: int
    # Strength of the boundary *before* this token; the first token counts as a paragraph start.
    boundary: int


def chunk_text(
    document_id: str,
    text: str,
    *,
    pack: str,
    kind: str,
    title: str,
    max_chars: int = 1200,
    overlap: int = 150,
) -> list[Passage]:
    """Split `text` into passages of at most `max_chars` characters.

    Whitespace-only text gives no passages. Ids are f"{document_id}#{ordinal}" from 0.
    """
    if max_chars < 1:
        raise ValueError(f"max_chars must be at least 1, got {max_chars}")
    if not 0 <= overlap < max_chars:
        raise ValueError(f"overlap must be in [0, max_chars={max_chars}), got {overlap}")
    tokens = _tokens(text, max_chars)
    passages: list[Passage] = []
    i, last = 0, -1
    while i < len(tokens):
        last = _chunk_end(tokens, i, max_chars, after=last)
        start, end = tokens[i].start, tokens[last].end
        passages.append(
            Passage(
                id=passage_id(document_id, len(passages)),
                document_id=document_id,
                pack=pack,
                kind=kind,
                title=title,
                text=text[start:end],
                start=start,
                end=end,
            )
        )
        if last == len(tokens) - 1:
            break
        i = _next_start(tokens, i, last, overlap, max_chars)
    return passages


def _tokens(text: str, max_chars: int) -> list[_Token]:
    """Whitespace-delimited words, each tagged with the boundary before it.

    Words longer than `max_chars` (URLs, base64) are cut into `max_chars` pieces, the only place
    a passage may end inside a word.
    """
    tokens: list[_Token] = []
    prev_end = 0
    prev_text = ""
    for m in _WORD.finditer(text):
        if not tokens or _PARAGRAPH_GAP.search(text, prev_end, m.start()):
            boundary = _PARAGRAPH
        elif _SENTENCE_END.search(prev_text):
            boundary = _SENTENCE
        else:
            boundary = _WORD_GAP
        for cut in range(m.start(), m.end(), max_chars):
            piece_boundary = boundary if cut == m.start() else _WORD_GAP
            tokens.append(_Token(cut, min(cut + max_chars, m.end()), piece_boundary))
        prev_end, prev_text = m.end(), m.group()
    return tokens


def _chunk_end(tokens: list[_Token], first: int, max_chars: int, *, after: int) -> int:
    """Index of the last token of the chunk starting at `first`.

    The chunk must end past token `after` (the previous chunk's last token), or a large overlap
    could yield a passage wholly inside the previous one.
    """
    origin = tokens[first].start
    fits = first
    while fits + 1 < len(tokens) and tokens[fits + 1].end - origin <= max_chars:
        fits += 1
    if fits == len(tokens) - 1:
        return fits
    # Break before the strongest boundary in the back half; among equals, the latest.
    best, best_strength = fits, tokens[fits + 1].boundary
    half = max_chars // 2
    for k in range(fits - 1, max(first, after + 1) - 1, -1):
        if tokens[k].end - origin < half:
            break
        strength = tokens[k + 1].boundary
        if strength > best_strength:
            best, best_strength = k, strength
    return best


def _next_start(tokens: list[_Token], first: int, last: int, overlap: int, max_chars: int) -> int:
    """First token of the next chunk: reach back at most `overlap` characters into this one,
    and never so far that the next chunk could not also hold a new token."""
    end, new_end = tokens[last].end, tokens[last + 1].end
    candidates: list[int] = []
    for k in range(last, first, -1):
        if end - tokens[k].start > overlap or new_end - tokens[k].start > max_chars:
            break
        candidates.append(k)
    if not candidates:
        return last + 1
    sentence_starts = [k for k in candidates if tokens[k].boundary >= _SENTENCE]
    # The longest overlap that starts on a sentence, else the longest overlap on a word.
    return min(sentence_starts) if sentence_starts else min(candidates)
