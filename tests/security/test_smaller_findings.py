"""The review's smaller findings (issue 25): ingest stays inside its folder, and invisible
formatting characters (bidi overrides) never reach an operator's screen."""

# ruff: noqa: F811

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from django.test import Client

from bots.messages import clean_text
from bots.models import InboundEvent
from knowledge.ingest.service import collect_files
from tests.channels.conftest import StandInService, service  # noqa: F401  (fixture)
from tests.console.conftest import client_for, make_user
from tests.security.tally import record


def test_ingest_does_not_follow_links_out_of_its_folder(tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "secret.md").write_text("# Secret\n\nnot for the index\n")
    root = tmp_path / "docs"
    (root / "sub").mkdir(parents=True)
    (root / "guide.md").write_text("# Guide\n\nrestart the router\n")
    os.symlink(outside / "secret.md", root / "linked.md")
    os.symlink(outside, root / "sub" / "elsewhere")
    os.symlink(root / "guide.md", root / "sub" / "same.md")  # inside: fine
    files, problems = collect_files([root])
    names = sorted(rel for _, rel in files)
    held = names == ["guide.md"] or names == ["guide.md", "sub/same.md"]
    assert record("documents", "symlinks out of the ingested folder", held), names
    # The linked file is reported; the linked folder is either reported or never walked.
    assert any(p.path.endswith("linked.md") for p in problems)
    assert all("outside the folder" in p.reason for p in problems)


BIDI = ["\u202e", "\u202d", "\u2066", "\u2067", "\u2068", "\u2069", "\u200f", "\u200e",
        "\u061c", "\u200b", "\ufeff", "\u2060"]


def test_invisible_formatting_is_dropped_and_real_text_kept() -> None:
    for char in BIDI:
        cleaned = clean_text(f"invoice{char}gpj.exe")
        assert record("bidi and invisible characters", f"U+{ord(char):04X} dropped",
                      cleaned == "invoicegpj.exe")
    # Joiners are real text: emoji families, Persian.
    assert clean_text("👨\u200d👩\u200d👧") == "👨\u200d👩\u200d👧"
    assert clean_text("می\u200cخواهم") == "می\u200cخواهم"


@pytest.mark.django_db
def test_an_operator_never_sees_a_bidi_override(service: StandInService) -> None:
    client = Client()
    client.get("/chat/")
    response = client.post(
        "/chat/api/messages",
        data=json.dumps({"text": "my file is called report\u202efdp.exe please help"}),
        content_type="application/json",
        headers={"X-CSRFToken": client.cookies["csrftoken"].value},
    )
    assert response.status_code == 201
    stored = InboundEvent.objects.get().payload["received"]["text"]
    page = client_for(make_user("olga", "operator")).get(
        f"/cases/{InboundEvent.objects.get().case_id}/"
    ).content.decode()
    held = "\u202e" not in stored and "\u202e" not in page and "reportfdp.exe" in stored
    assert record("bidi and invisible characters", "U+202E on the case page", held)
