"""Visible text of an HTML page with the standard library's parser.

Block elements (paragraphs, headings, list items...) become paragraphs separated by a blank
line, so the ``paragraphs`` split and the chunker see the page's structure. A list item keeps
its place in the list as a Markdown reader would see it: ``- `` (or ``3. `` in an ordered
list), indented two spaces per level of nesting. A table row becomes one paragraph with its
cells between ``|`` (``| Symptom | Cause | Fix |``), so a row stays one passage and the
construction can read the table. Whitespace inside a block collapses as a browser would render
it, except inside ``<pre>``. Scripts, styles and other non-content elements are dropped.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser

# fmt: off
_BLOCKS = frozenset((
    "address", "article", "aside", "blockquote", "body", "caption", "dd", "details", "div",
    "dl", "dt", "fieldset", "figcaption", "figure", "footer", "form", "h1", "h2", "h3", "h4",
    "h5", "h6", "header", "hr", "li", "main", "nav", "ol", "p", "pre", "section", "summary",
    "table", "tbody", "td", "tfoot", "th", "thead", "tr", "ul",
))
_SKIPPED = frozenset((
    "script", "style", "noscript", "template", "svg", "head", "iframe", "object", "canvas",
))
# fmt: on
_SPACE = re.compile(r"\s+")


class _TextExtractor(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.blocks: list[str] = []
        self._current: list[str] = []
        self._skip_depth = 0
        self._pre_depth = 0
        self._in_title = False
        self.title = ""
        self.first_heading = ""
        self._heading: list[str] | None = None
        self._lists: list[list[int]] = []  # per open list: [ordered?, items so far]
        self._indent = ""
        self._row: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "title":
            self._in_title = True
            return
        if tag in _SKIPPED:
            self._skip_depth += 1
            return
        if tag in ("td", "th") and self._row is not None:
            self._current = []
            return
        if tag in _BLOCKS:
            self._flush()
        if tag == "tr":
            self._row = []
        elif tag in ("ul", "ol"):
            self._lists.append([int(tag == "ol"), 0])
        if tag == "pre":
            self._pre_depth += 1
        elif tag == "li":
            level = self._lists[-1] if self._lists else [0, 0]
            level[1] += 1
            self._indent = "  " * max(0, len(self._lists) - 1)
            self._current.append(f"{level[1]}. " if level[0] else "- ")
        elif tag == "br":
            self._current.append("\n")
        elif tag == "h1" and not self.first_heading:
            self._heading = []
        elif tag == "img":
            alt = dict(attrs).get("alt")
            if alt:
                self._current.append(f" {alt} ")

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        # <br/>, <img/>: no content and no end tag, so never enter a skipped or pre state.
        if tag == "br":
            self._current.append("\n")
        elif tag == "img":
            self.handle_starttag(tag, attrs)
        elif tag in _BLOCKS:
            self._flush()

    def handle_endtag(self, tag: str) -> None:
        if tag == "title":
            self._in_title = False
            return
        if tag in _SKIPPED:
            self._skip_depth = max(0, self._skip_depth - 1)
            return
        if tag == "h1" and self._heading is not None:
            self.first_heading = _SPACE.sub(" ", "".join(self._heading)).strip()
            self._heading = None
        if tag == "pre":
            self._pre_depth = max(0, self._pre_depth - 1)
        if tag in ("td", "th") and self._row is not None:
            self._row.append(_SPACE.sub(" ", "".join(self._current)).strip().replace("|", "/"))
            self._current = []
            return
        if tag == "tr" and self._row is not None:
            row, self._row = self._row, None
            self._current = []
            if any(row):
                self.blocks.append("| " + " | ".join(row) + " |")
            return
        if tag in ("ul", "ol") and self._lists:
            self._flush()
            self._lists.pop()
            return
        if tag in _BLOCKS:
            self._flush()

    def handle_data(self, data: str) -> None:
        if self._in_title:
            self.title += data
            return
        if self._skip_depth:
            return
        if self._heading is not None:
            self._heading.append(data)
        if self._pre_depth:
            # Keep the lines of preformatted text, but never a blank line inside one block.
            self._current.append(re.sub(r"\n\s*\n", "\n", data))
        else:
            self._current.append(_SPACE.sub(" ", data))

    def _flush(self) -> None:
        text = "".join(self._current)
        lines = [line.strip() for line in text.split("\n")]
        block = "\n".join(line for line in lines if line)
        if block:
            self.blocks.append(self._indent + block if block.startswith(("- ",)) or
                               re.match(r"\d+\. ", block) else block)
        self._indent = ""
        self._current = []

    def finish(self) -> None:
        self.close()
        self._flush()


def html_to_text(markup: str) -> tuple[str, str]:
    """(title, text) of an HTML document; the title is <title>, else the first <h1>, else ""."""
    parser = _TextExtractor()
    parser.feed(markup)
    parser.finish()
    title = _SPACE.sub(" ", parser.title).strip() or parser.first_heading
    return title, "\n\n".join(parser.blocks)
