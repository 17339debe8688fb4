"""Pack validation: JSON Schema and semantic checks, each problem with file, field and reason."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from jsonschema import Draft202012Validator

from knowledge.packs.passages import paragraph_spans, split_passages
from knowledge.packs.schema import PACK_SCHEMA, PUBLISHED_SCHEMA, schema_json
from knowledge.packs.validate import PackInvalid, check_pack, json_path, load_pack, validate_pack
from planning.network import EvidentialNetwork


def test_the_tiny_pack_is_valid_and_its_network_loads(tiny_pack: dict[str, Any]) -> None:
    valid = validate_pack(tiny_pack, source="tiny.json")
    assert [h.id for h in valid.network.hypotheses] == ["h-dead", "h-driver"]
    assert [p.id for p in valid.passages["tiny:guide"]] == ["tiny:guide#0", "tiny:guide#1"]
    assert valid.summary().startswith("tiny 1: 2 hypotheses, 2 findings, 2 links, 1 red flags")


def _set(data: dict[str, Any], path: str, value: Any) -> None:
    *parents, last = path.split("/")
    node: Any = data
    for part in parents:
        node = node[int(part)] if part.isdigit() else node[part]
    if value is _DELETE:
        del node[int(last) if last.isdigit() else last]
    elif last.isdigit():
        node[int(last)] = value
    else:
        node[last] = value


_DELETE = object()

MALFORMED = [
    # (what is changed, new value, expected field, words in the reason)
    ("network/links/0/masses/0/mass", 1.5, "network.links[0].masses[0].mass", "maximum"),
    ("network/hypotheses/0/id", _DELETE, "network.hypotheses[0].id", "required"),
    ("colour", "blue", "colour", "unknown property"),
    ("format", "zip", "format", "must be 'askfew-pack'"),
    ("network/findings/0/states", ["yes"], "network.findings[0].states", "too short"),
    ("documents/0/split", "sentences", "documents[0].split", "sentences"),
    ("name", "Tiny Pack", "name", "does not match"),
    (
        "network/links/0/citations/0/passage_id",
        "tiny:guide",
        "network.links[0].citations[0].passage_id",
        "does not match",
    ),
    # semantic checks
    ("network/links/0/masses/0/mass", 0.8, "network.links[0].masses", "sum to 0.9, not 1"),
    ("network/links/1/finding", "q9", "network.links[1].finding", "unknown finding 'q9'"),
    ("network/links/1/hypothesis", "h-x", "network.links[1].hypothesis", "unknown hypothesis"),
    (
        "network/links/0/masses/0/states",
        ["off"],
        "network.links[0].masses[0].states",
        "['off'] not among",
    ),
    (
        "network/links/1/citations/0/passage_id",
        "tiny:guide#2",
        "network.links[1].citations[0].passage_id",
        "has 2 passage(s)",
    ),
    (
        "network/hypotheses/0/citations/0/passage_id",
        "tiny:manual#0",
        "network.hypotheses[0].citations[0].passage_id",
        "not in the pack",
    ),
    (
        "network/links/0/citations/0/document_id",
        "tiny:faq",
        "network.links[0].citations[0].document_id",
        "not the document",
    ),
    ("network/hypotheses/1/id", "h-dead", "network.hypotheses[1].id", "duplicate id 'h-dead'"),
    (
        "network/red_flags/0/states",
        ["maybe"],
        "network.red_flags[0].states[0]",
        "not a state of 'q2'",
    ),
    ("network/flow/q1/yes", "q7", "network.flow.q1.yes", "unknown target 'q7'"),
    ("network/flow_root", "nowhere", "network.flow_root", "not a finding or hypothesis"),
    (
        "network/findings/0/default_state",
        "maybe",
        "network.findings[0].default_state",
        "not one of the states",
    ),
    ("documents/2/id", "other:notes", "documents[2].id", "must start with 'tiny:'"),
    (
        "routing/groups/0/hypotheses/1",
        "h-ghost",
        "routing.groups[0].hypotheses[1]",
        "unknown hypothesis",
    ),
    (
        "routing/hypotheses",
        {"laptop:t9": "x"},
        'routing.hypotheses["laptop:t9"]',
        "unknown hypothesis",
    ),
]


@pytest.mark.parametrize(
    ("change", "value", "field", "reason"), MALFORMED, ids=[m[2] for m in MALFORMED]
)
def test_malformed_packs_name_file_field_and_reason(
    tiny_pack: dict[str, Any], change: str, value: Any, field: str, reason: str
) -> None:
    _set(tiny_pack, change, value)
    with pytest.raises(PackInvalid) as info:
        validate_pack(tiny_pack, source="packs/tiny.json")
    found = [(p.file, p.field) for p in info.value.problems]
    assert ("packs/tiny.json", field) in found, info.value
    problem = next(p for p in info.value.problems if p.field == field)
    assert reason in problem.reason
    assert f"packs/tiny.json: {field}: " in str(info.value)


def test_every_problem_is_reported_not_just_the_first(tiny_pack: dict[str, Any]) -> None:
    tiny_pack["network"]["links"][0]["finding"] = "q8"
    tiny_pack["network"]["links"][1]["masses"][0]["mass"] = 0.5
    tiny_pack["documents"][2]["id"] = "notes"
    fields = {p.field for p in check_pack(tiny_pack)}
    assert {"network.links[0].finding", "network.links[1].masses", "documents[2].id"} <= fields


def test_schema_errors_are_all_listed_in_document_order(tiny_pack: dict[str, Any]) -> None:
    del tiny_pack["title"]
    tiny_pack["network"]["links"][1]["masses"][0]["mass"] = "one"
    tiny_pack["network"]["hypotheses"][0]["prior"] = 0
    fields = [p.field for p in check_pack(tiny_pack)]
    assert fields == [
        "network.hypotheses[0].prior",
        "network.links[1].masses[0].mass",
        "title",
    ]


def test_unreadable_files_are_problems_of_the_file(tmp_path: Path) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text('{"format": "askfew-pack",\n "name": }', encoding="utf-8")
    with pytest.raises(PackInvalid) as info:
        load_pack(broken)
    (problem,) = info.value.problems
    assert problem.file == str(broken)
    assert "not valid JSON" in problem.reason and "line 2" in problem.reason
    with pytest.raises(PackInvalid, match="cannot read"):
        load_pack(tmp_path / "missing.json")


def test_a_pack_directory_reads_document_files(
    tiny_pack: dict[str, Any], tmp_path: Path, write_json: Callable[..., Path]
) -> None:
    text = tiny_pack["documents"][0].pop("text")
    tiny_pack["documents"][0]["file"] = "docs/guide.md"
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "guide.md").write_text(text, encoding="utf-8")
    write_json(tiny_pack, "pack.json")
    valid = load_pack(tmp_path)
    assert valid.data["documents"][0]["text"] == text
    assert "file" not in valid.data["documents"][0]

    tiny_pack["documents"][0]["file"] = "../outside.md"
    write_json(tiny_pack, "pack.json")
    with pytest.raises(PackInvalid) as info:
        load_pack(tmp_path)
    assert info.value.problems[0].field == "documents[0].file"
    assert "outside the pack directory" in info.value.problems[0].reason


def test_validate_pack_command_lists_every_problem_of_every_file(
    tiny_pack: dict[str, Any], write_json: Callable[..., Path], capsys: pytest.CaptureFixture[str]
) -> None:
    good = write_json(tiny_pack, "good.json")
    tiny_pack["network"]["links"][0]["masses"][0]["mass"] = 0.5
    tiny_pack["network"]["links"][1]["finding"] = "q5"
    bad = write_json(tiny_pack, "bad.json")
    call_command("validate_pack", str(good))
    assert f"{good}: valid: tiny 1:" in capsys.readouterr().out
    with pytest.raises(CommandError) as info:
        call_command("validate_pack", str(good), str(bad))
    message = str(info.value)
    assert message.startswith("2 problem(s):")
    assert f"{bad}: network.links[0].masses: masses sum to 0.6, not 1" in message
    assert f"{bad}: network.links[1].finding: unknown finding 'q5'" in message


def test_published_schema_is_current_and_a_valid_2020_12_schema() -> None:
    Draft202012Validator.check_schema(PACK_SCHEMA)
    assert PUBLISHED_SCHEMA.read_text(encoding="utf-8") == schema_json(), (
        "docs/knowledge-pack.schema.json is stale: run python -m knowledge.packs.schema"
    )
    assert json.loads(schema_json())["$schema"].endswith("2020-12/schema")


def test_network_section_is_exactly_the_network_json(tiny_pack: dict[str, Any]) -> None:
    network = EvidentialNetwork.from_dict(tiny_pack["network"])
    tiny_pack["network"] = network.to_dict()
    assert check_pack(tiny_pack) == []


def test_paragraph_passages_keep_offsets_and_stable_ordinals() -> None:
    text = "  First para\nstill first.\n \n\nSecond.\n\n\n  Third  \n"
    assert [text[a:b] for a, b in paragraph_spans(text)] == [
        "First para\nstill first.",
        "Second.",
        "Third",
    ]
    passages = split_passages("p:doc", text, pack="p", kind="faq", title="T", split="paragraphs")
    assert [p.id for p in passages] == ["p:doc#0", "p:doc#1", "p:doc#2"]
    assert all(text[p.start : p.end] == p.text for p in passages)


def test_json_paths_quote_keys_that_are_not_identifiers() -> None:
    assert json_path(["network", "links", 12, "masses", 0, "mass"]) == (
        "network.links[12].masses[0].mass"
    )
    assert json_path(["network", "flow", "car:q1", "yes"]) == 'network.flow["car:q1"].yes'
