"""Markdown to the plain text we index, through markdown-it-py (CommonMark, plus tables).

What a reader sees, in the structure written: headings (``#`` and underlined alike) as their
text, paragraphs separated by blank lines, list items on their own lines with their bullet or
number and indentation kept (the offline reader reads nested yes/no lists from them), fenced and
indented code kept verbatim, a table row as one line ``| cell | cell |`` (as the HTML reader
renders it, so the construction reads symptom/cause/fix tables from either; the separator row
is not kept). Not indexed: link and image targets (an image leaves its alt text), emphasis
marks and HTML.
"""

from __future__ import annotations

from markdown_it import MarkdownIt
from markdown_it.token import Token

# maxNesting: the preset's 20 levels silently dropped everything below a decision tree written
# as a nested yes/no list (each answer is two levels), and the rest of the document with it.
_PARSER = MarkdownIt("commonmark", {"maxNesting": 200}).enable("table")


def _inline(token: Token) -> str:
    out: list[str] = []
    for child in token.children or []:
        if child.type in ("text", "code_inline"):
            out.append(child.content)
        elif child.type in ("softbreak", "hardbreak"):
            out.append("\n")
        elif child.type == "image":
            out.append(_inline(child))  # its alt text (children)
    return "".join(out).strip()


def markdown_blocks(source: str) -> tuple[str, str]:
    """(title, text) of Markdown without front matter: the title is the first heading's text."""
    tokens = _PARSER.parse(source)
    blocks: list[str] = []
    title = ""
    # Per open list: its depth, whether ordered, and the current item's marker.
    lists: list[dict[str, object]] = []
    item_lines: list[str] | None = None
    row: list[str] = []
    rows: list[str] = []
    in_heading = False
    in_cell = False
    for token in tokens:
        kind = token.type
        if kind in ("bullet_list_open", "ordered_list_open"):
            lists.append({"marker": "-", "first": True})
        elif kind in ("bullet_list_close", "ordered_list_close"):
            lists.pop()
        elif kind == "list_item_open":
            # A bullet is written as "-"; an ordered item keeps its number ("3." or "3)").
            bullet = token.markup in ("-", "*", "+")
            lists[-1]["marker"] = "-" if bullet else f"{token.info}{token.markup}"
            lists[-1]["first"] = True
            if item_lines is None:
                item_lines = []
        elif kind in ("th_open", "td_open"):
            in_cell = True
        elif kind in ("th_close", "td_close"):
            in_cell = False
        elif kind == "heading_open":
            in_heading = True
        elif kind == "heading_close":
            in_heading = False
        elif kind == "inline":
            text = _inline(token)
            if not text:
                continue
            if in_heading and not title:
                title = text
            if in_cell:
                row.append(" ".join(text.split()))
                continue
            if lists:
                depth = len(lists) - 1
                current = lists[-1]
                prefix = "  " * depth + (f"{current['marker']} " if current["first"] else "  ")
                current["first"] = False
                lines = text.split("\n")
                assert item_lines is not None
                item_lines.append(prefix + lines[0])
                item_lines.extend("  " * depth + "  " + line for line in lines[1:])
            else:
                blocks.append(text)
        elif kind in ("fence", "code_block"):
            code = token.content.rstrip("\n")
            if lists and item_lines is not None:
                item_lines.append(code)
            elif code:
                blocks.append(code)
        elif kind == "tr_close":
            if row:
                rows.append("| " + " | ".join(c.replace("|", "/") for c in row) + " |")
            row = []
        elif kind == "table_close":
            if rows:
                blocks.append("\n".join(rows))
            rows = []
        if kind in ("bullet_list_close", "ordered_list_close") and not lists and item_lines:
            blocks.append("\n".join(item_lines))
            item_lines = None
    return title, "\n\n".join(blocks)

