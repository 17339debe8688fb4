"""Prompt files: a versioned header, a system part and a user part with ``{{name}}`` slots.

A prompt lives in ``<dir>/<name>.md``::

    ---
    version: 3
    description: one line saying what the prompt is for
    ---
    === system ===
    You are ...
    === user ===
    Snippet: {{snippet}}

Rendering is strict in both directions: a slot without a value and a value without a slot are
errors, so a renamed slot cannot silently send the model an empty field. Values that are not
strings are written as compact JSON, which small models read as reliably as prose lists.
Lookup walks a list of directories, so a knowledge pack can ship its own version of a prompt
that shadows the built-in one.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .errors import LLMError

BUILTIN_PROMPTS_DIR = Path(__file__).resolve().parent / "prompts"

_NAME = re.compile(r"^[a-z][a-z0-9_]*$")
_SLOT = re.compile(r"\{\{\s*([a-zA-Z_][a-zA-Z0-9_]*)\s*\}\}")
_SECTION = re.compile(r"^=== (system|user) ===[ \t]*$", re.MULTILINE)


class PromptError(LLMError):
    """A prompt file is missing or malformed, or its variables do not match its slots."""


@dataclass(frozen=True)
class Prompt:
    name: str
    version: str
    system: str
    user: str
    path: Path

    @property
    def slots(self) -> frozenset[str]:
        return frozenset(_SLOT.findall(self.system) + _SLOT.findall(self.user))

    @property
    def fingerprint(self) -> str:
        """A short hash of the prompt text: two runs with the same fingerprint asked alike."""
        digest = hashlib.sha256(f"{self.system}\x00{self.user}".encode()).hexdigest()
        return digest[:12]

    def render(self, variables: Mapping[str, Any]) -> list[dict[str, str]]:
        """The chat messages for ``variables``; PromptError naming missing or unknown ones."""
        missing = sorted(self.slots - variables.keys())
        unknown = sorted(variables.keys() - self.slots)
        if missing or unknown:
            parts = []
            if missing:
                parts.append(f"missing {missing}")
            if unknown:
                parts.append(f"unknown {unknown}")
            raise PromptError(f"prompt {self.name!r}: variables {'; '.join(parts)}")

        def fill(text: str) -> str:
            return _SLOT.sub(lambda m: _as_text(variables[m.group(1)]), text)

        messages = []
        if self.system:
            messages.append({"role": "system", "content": fill(self.system)})
        messages.append({"role": "user", "content": fill(self.user)})
        return messages


def _as_text(value: Any) -> str:
    if isinstance(value, str):
        return value
    return json.dumps(value, ensure_ascii=False, separators=(", ", ": "))


def parse_prompt(name: str, text: str, path: Path) -> Prompt:
    header: dict[str, str] = {}
    body = text
    if text.startswith("---"):
        end = text.find("\n---", 3)
        if end < 0:
            raise PromptError(f"{path}: front matter opened with '---' but never closed")
        for line in text[3:end].strip().splitlines():
            key, sep, value = line.partition(":")
            if not sep:
                raise PromptError(f"{path}: front matter line {line!r} is not 'key: value'")
            header[key.strip()] = value.strip()
        body = text[end + 4 :]
    if "version" not in header:
        raise PromptError(f"{path}: front matter needs a 'version:' line")
    sections: dict[str, str] = {}
    matches = list(_SECTION.finditer(body))
    for i, match in enumerate(matches):
        stop = matches[i + 1].start() if i + 1 < len(matches) else len(body)
        role = match.group(1)
        if role in sections:
            raise PromptError(f"{path}: section '=== {role} ===' appears twice")
        sections[role] = body[match.end() : stop].strip()
    if not sections.get("user"):
        raise PromptError(f"{path}: needs a non-empty '=== user ===' section")
    return Prompt(name, header["version"], sections.get("system", ""), sections["user"], path)


def load_prompt(name: str, directories: Sequence[Path] = (BUILTIN_PROMPTS_DIR,)) -> Prompt:
    """The first ``<dir>/<name>.md`` along ``directories``."""
    if not _NAME.match(name):
        raise PromptError(f"prompt name {name!r} must be lower_snake_case")
    for directory in directories:
        path = Path(directory) / f"{name}.md"
        if path.is_file():
            return parse_prompt(name, path.read_text(encoding="utf-8"), path)
    searched = ", ".join(str(d) for d in directories)
    raise PromptError(f"no prompt named {name!r} (looked for {name}.md in {searched})")
