"""A document's plain text as an outline: headings, paragraphs, list items and table rows.

The construction reads the text the document store keeps (what ``manage.py ingest`` stores:
Markdown with its marks removed, HTML rendered by ``knowledge.ingest.html_text``, PDF and plain
text as extracted), so one reader serves every format and every cited span is a span of the
stored text. What survives that rendering is enough for the structure helpdesk articles use:

- a paragraph of one short line without a full stop is a **heading** ("STEP TWO: DOES IT GET
  TO THE DESKTOP?", "Q: Where do I start?", "Sudden shutdowns");
- a line starting with ``-``, ``*``, ``•``, ``1.``, ``1)``, ``a)`` is a **list item**, nested by
  its indentation; lines after it without a marker continue it;
- a line with two or more ``|`` is a **table row** (``|---|`` separator lines are skipped).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from knowledge.packs.passages import paragraph_spans

_ITEM = re.compile(r"^([ \t]*)([-*•+▪◦]|\d{1,3}[.)]|[A-Za-z][.)])[ \t]+(?=\S)")
_ROW_SEP = re.compile(r"^\s*\|?\s*:?-{2,}")
_WORD_NUMBERS = {
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
    "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14,
    "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19, "twenty": 20,
}  # fmt: skip
_STEP_LABEL = re.compile(r"^\s*(?:step|stage|check|part)\s+([0-9]+|[a-z]+)\b[\s:.)-]*", re.I)


@dataclass
class Block:
    """One element of the outline; ``start``/``end`` are offsets into the document text."""

    kind: str  # "heading" | "para" | "item" | "row"
    text: str
    start: int
    end: int
    depth: int = 0  # list nesting (0 = top level); headings and paragraphs are 0
    label: str = ""  # "3" for "3." or "Step three"; "" when unnumbered
    cells: list[str] = field(default_factory=list)
    paragraph: int = 0  # ordinal of the paragraph (the ``paragraphs`` split) it lies in


def step_label(text: str) -> str:
    """ "3" for "Step 3: ..." / "STEP THREE: ..."; "" otherwise."""
    match = _STEP_LABEL.match(text)
    if not match:
        return ""
    word = match.group(1).lower()
    if word.isdigit():
        return word
    return str(_WORD_NUMBERS[word]) if word in _WORD_NUMBERS else ""


def _is_heading(text: str) -> bool:
    if "\n" in text.strip() or len(text) > 140:
        return False
    stripped = text.strip()
    if re.match(r"^(?:if|when|otherwise)\b", stripped, re.I) and not stripped.isupper():
        return False  # "If it doesn't reach the desktop, here's the sequence:" is a branch
    letters = [c for c in stripped if c.isalpha()]
    if len(letters) < 3:
        return False
    if stripped.isupper():
        return True
    if stripped.endswith((".", ";", ",")) and not stripped.endswith("..."):
        return False
    # A one-line question or label; a long sentence ending in "?" with several clauses is a
    # paragraph that happens to be short.
    return len(stripped.split()) <= 18


def outline(text: str) -> list[Block]:
    """The blocks of ``text`` in document order."""
    blocks: list[Block] = []
    for ordinal, (start, end) in enumerate(paragraph_spans(text)):
        # paragraph_spans trims the paragraph; take the indentation of its first line back.
        line_start = text.rfind("\n", 0, start) + 1
        if text[line_start:start].strip() == "":
            start = line_start
        segment = text[start:end]
        lines = segment.split("\n")
        if (
            len(lines) == 1
            and not _ITEM.match(segment)
            and segment.count("|") < 2
            and _is_heading(segment)
        ):
            stripped = segment.strip()
            blocks.append(
                Block(
                    "heading",
                    stripped,
                    start,
                    end,
                    label=step_label(stripped),
                    paragraph=ordinal,
                )
            )
            continue
        offset = start
        for line in lines:
            line_end = offset + len(line)
            if not line.strip():
                offset = line_end + 1
                continue
            item = _ITEM.match(line)
            if line.count("|") >= 2:
                if not _ROW_SEP.match(line):
                    cells = [c.strip() for c in line.strip().strip("|").split("|")]
                    blocks.append(
                        Block("row", line.strip(), offset, line_end, cells=cells, paragraph=ordinal)
                    )
            elif item:
                indent = len(item.group(1).expandtabs(4))
                marker = item.group(2)
                label = marker[:-1] if marker[-1] in ".)" else ""
                body = line[item.end() :]
                blocks.append(
                    Block(
                        "item",
                        body.strip(),
                        offset + item.end(),
                        line_end,
                        depth=indent,
                        label=label or step_label(body),
                        paragraph=ordinal,
                    )
                )
            elif blocks and blocks[-1].paragraph == ordinal and blocks[-1].kind != "row":
                last = blocks[-1]
                last.text = f"{last.text} {line.strip()}"
                last.end = line_end
            else:
                stripped = line.strip()
                blocks.append(
                    Block(
                        "para",
                        stripped,
                        offset + line.find(stripped),
                        line_end,
                        label=step_label(stripped),
                        paragraph=ordinal,
                    )
                )
            offset = line_end + 1
    # Depth is the rank of an item's indentation among the document's item indentations, so
    # two-space and four-space nesting read alike.
    levels = sorted({b.depth for b in blocks if b.kind == "item"})
    rank = {indent: position for position, indent in enumerate(levels)}
    for block in blocks:
        if block.kind == "item":
            block.depth = rank[block.depth]
    return blocks
