"""The knowledge-pack file format as a JSON Schema (Draft 2020-12), and its published copy.

The schema checks shape only; what a schema cannot say (ids that must resolve, masses that
must sum to one, citations that must point at a real passage) is checked in
:mod:`knowledge.packs.validate`. The ``network`` section is exactly
``planning.network.EvidentialNetwork.to_dict()``, so a network round-trips through a pack
unchanged. ``docs/knowledge-pack.schema.json`` is generated from :data:`PACK_SCHEMA` with
``write_schema`` (a test keeps the published copy in step).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

PACK_FORMAT = "askfew-pack"
FORMAT_VERSION = 1
SCHEMA_ID = "https://askfew.dev/schemas/knowledge-pack-1.schema.json"

# Limits mirror the database columns (knowledge.models), so a valid pack always fits.
NAME_PATTERN = r"^[a-z0-9][a-z0-9_-]{0,63}$"
DOCUMENT_ID_MAX = 255
KIND_PATTERN = r"^[a-z][a-z0-9_-]{0,31}$"
TITLE_MAX = 500
SOURCE_MAX = 1000
SPLITS = ("chunks", "paragraphs")

_STRING = {"type": "string"}
_ID = {"type": "string", "minLength": 1, "maxLength": 200}

_CITATION = {
    "type": "object",
    "description": "A passage behind a piece of knowledge; passage_id is '<document id>#<n>'.",
    "required": ["passage_id"],
    "additionalProperties": False,
    "properties": {
        "passage_id": {"type": "string", "minLength": 3, "pattern": "#[0-9]+$"},
        "document_id": _STRING,
        "quote": _STRING,
    },
}
_CITATIONS = {"type": "array", "items": {"$ref": "#/$defs/citation"}}
_STATES = {"type": "array", "items": {"type": "string", "minLength": 1}, "uniqueItems": True}

_HYPOTHESIS = {
    "type": "object",
    "description": "A possible cause or condition.",
    "required": ["id"],
    "additionalProperties": False,
    "properties": {
        "id": _ID,
        "name": _STRING,
        "description": _STRING,
        "resolution": {
            "type": "string",
            "description": "What to do when this is the conclusion: fix steps, next care step.",
        },
        "severity": {"type": ["integer", "null"], "minimum": 1},
        "prior": {"type": ["number", "null"], "exclusiveMinimum": 0, "maximum": 1},
        "citations": _CITATIONS,
    },
}

_FINDING = {
    "type": "object",
    "description": "A question the assistant can ask; states is its frame of answers.",
    "required": ["id"],
    "additionalProperties": False,
    "properties": {
        "id": _ID,
        "question": _STRING,
        "states": {**_STATES, "minItems": 2},
        "how_to_check": _STRING,
        "default_state": {"type": ["string", "null"]},
        "group": _STRING,
        "cost": {"type": ["number", "null"], "exclusiveMinimum": 0},
        "citations": _CITATIONS,
    },
}

_LINK = {
    "type": "object",
    "description": "A conditional BBA m(. | hypothesis) over the finding's states.",
    "required": ["hypothesis", "finding", "masses"],
    "additionalProperties": False,
    "properties": {
        "hypothesis": _ID,
        "finding": _ID,
        "masses": {
            "type": "array",
            "minItems": 1,
            "items": {
                "type": "object",
                "required": ["states", "mass"],
                "additionalProperties": False,
                "properties": {
                    "states": {**_STATES, "minItems": 1},
                    "mass": {"type": "number", "minimum": 0, "maximum": 1},
                },
            },
        },
        "citations": _CITATIONS,
    },
}

_RED_FLAG = {
    "type": "object",
    "description": "Answering the finding with one of these states escalates at once.",
    "required": ["finding", "states"],
    "additionalProperties": False,
    "properties": {
        "finding": _ID,
        "states": {**_STATES, "minItems": 1},
        "reason": _STRING,
        "level": {"type": "string", "minLength": 1},
        "companions": {
            "type": "array",
            "items": _ID,
            "description": "Findings that make the flag its level when affirmed; without one "
            "it is 'alone', and no flag when the patient's words explain the complaint.",
        },
        "alone": {"type": "string", "minLength": 1},
    },
}

_NETWORK = {
    "type": "object",
    "description": "planning.network.EvidentialNetwork.to_dict()",
    "required": ["name", "hypotheses", "findings"],
    "additionalProperties": False,
    "properties": {
        "schema_version": {"const": 1},
        "name": {"type": "string", "minLength": 1},
        "metadata": {"type": "object"},
        "hypotheses": {
            "type": "array",
            "minItems": 1,
            "items": {"$ref": "#/$defs/hypothesis"},
        },
        "findings": {"type": "array", "items": {"$ref": "#/$defs/finding"}},
        "links": {"type": "array", "items": {"$ref": "#/$defs/link"}},
        "red_flags": {"type": "array", "items": {"$ref": "#/$defs/red_flag"}},
        "flow": {
            "type": "object",
            "description": "finding id -> answer state -> next finding or hypothesis id",
            "additionalProperties": {
                "type": "object",
                "additionalProperties": {"type": "string"},
            },
        },
        "flow_root": {"type": ["string", "null"]},
    },
}

_DOCUMENT = {
    "type": "object",
    "description": (
        "A document the pack cites. Its passages are '<id>#<n>' from n = 0: with split "
        "'paragraphs' one per blank-line-separated paragraph, with 'chunks' (default) the "
        "search chunker's passages. Inline 'text', or 'file' (relative to a pack directory)."
    ),
    "required": ["id", "kind", "title"],
    "oneOf": [{"required": ["text"]}, {"required": ["file"]}],
    "additionalProperties": False,
    "properties": {
        "id": {
            "type": "string",
            "minLength": 1,
            "maxLength": DOCUMENT_ID_MAX,
            "pattern": r"^[^#\s]+$",
        },
        "kind": {"type": "string", "pattern": KIND_PATTERN},
        "title": {"type": "string", "minLength": 1, "maxLength": TITLE_MAX},
        "text": {"type": "string", "minLength": 1},
        "file": {"type": "string", "minLength": 1},
        "source": {"type": "string", "maxLength": SOURCE_MAX},
        "split": {"enum": list(SPLITS)},
        "metadata": {"type": "object"},
    },
}

_ROUTING = {
    "type": "object",
    "description": "Extra text for routing a first complaint to candidate hypotheses.",
    "additionalProperties": False,
    "properties": {
        "groups": {
            "type": "array",
            "items": {
                "type": "object",
                "description": "A problem area (e.g. one flowchart) and its hypotheses.",
                "required": ["id", "text", "hypotheses"],
                "additionalProperties": False,
                "properties": {
                    "id": _ID,
                    "title": _STRING,
                    "text": {"type": "string", "minLength": 1},
                    "hypotheses": {"type": "array", "items": _ID, "minItems": 1},
                    "root": {"type": "string"},
                },
            },
        },
        "hypotheses": {
            "type": "object",
            "description": "hypothesis id -> extra routing text",
            "additionalProperties": {"type": "string"},
        },
    },
}

PACK_SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "$id": SCHEMA_ID,
    "title": "askfew knowledge pack",
    "description": (
        "A versioned bundle of hypotheses, findings, conditional BBAs with citations, red-flag "
        "rules and the documents they cite. See docs/knowledge-packs.md."
    ),
    "type": "object",
    # A pack without "network" is the documents stage of a pack (ingested documents only,
    # exported before any network was built); importing it stores the documents and no version.
    "required": ["format", "format_version", "name", "version", "title", "documents"],
    "additionalProperties": False,
    "properties": {
        "format": {"const": PACK_FORMAT},
        "format_version": {"const": FORMAT_VERSION},
        "name": {"type": "string", "pattern": NAME_PATTERN},
        "version": {"type": "string", "pattern": r"^[A-Za-z0-9][A-Za-z0-9._+-]{0,63}$"},
        "title": {"type": "string", "minLength": 1, "maxLength": 200},
        "description": _STRING,
        "language": {"type": "string", "pattern": r"^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$"},
        "domain": {"type": "string", "pattern": r"^[a-z][a-z0-9-]{0,63}$"},
        "network": {"$ref": "#/$defs/network"},
        "documents": {"type": "array", "items": {"$ref": "#/$defs/document"}},
        "routing": {"$ref": "#/$defs/routing"},
        "metadata": {"type": "object"},
    },
    "$defs": {
        "citation": _CITATION,
        "hypothesis": _HYPOTHESIS,
        "finding": _FINDING,
        "link": _LINK,
        "red_flag": _RED_FLAG,
        "network": _NETWORK,
        "document": _DOCUMENT,
        "routing": _ROUTING,
    },
}

PUBLISHED_SCHEMA = Path(__file__).resolve().parents[2] / "docs" / "knowledge-pack.schema.json"


def schema_json() -> str:
    """The schema as published: stable key order, two-space indent, trailing newline."""
    return json.dumps(PACK_SCHEMA, indent=2, ensure_ascii=False) + "\n"


def write_schema(path: str | Path = PUBLISHED_SCHEMA) -> Path:
    """Write the schema to ``path`` (default: docs/knowledge-pack.schema.json)."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(schema_json(), encoding="utf-8")
    return target


if __name__ == "__main__":  # python -m knowledge.packs.schema
    print(write_schema())
