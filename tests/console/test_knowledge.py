"""Knowledge in the console: browsing, link edits as new versions, diffs, rollbacks, refits."""

from __future__ import annotations

from typing import Any

import pytest

from bots.models import Outcome
from console.learning import idm_masses, label_counts, propose
from console.models import AuditLog
from console.pack_changes import diff
from knowledge.models import Pack, PackVersion
from knowledge.packs.store import load_network
from tests.console.conftest import client_for

pytestmark = pytest.mark.django_db


def link_masses(pack_name: str, hypothesis: str, finding: str) -> dict[frozenset[str], float]:
    link = load_network(pack_name).link(hypothesis, finding)
    assert link is not None
    return dict(link.masses)


def test_browsing_shows_links_with_masses_and_citations(pack: Any, operator: Any) -> None:
    client = client_for(operator)
    html = client.get("/knowledge/tiny/", {"tab": "links", "hypothesis": "h-dead"}).content
    page = html.decode()
    assert 'data-link="h-dead|q1"' in page and 'data-link="h-dead|q3"' in page
    assert 'data-link="h-driver|q2"' not in page
    assert "<code>{no}</code>" in page and "0.900" in page
    assert "A laptop that does not power on usually has a dead battery." in page
    # An operator browses but has no edit buttons.
    assert "/knowledge/tiny/link/" not in page
    for tab in ("hypotheses", "findings", "red-flags", "documents"):
        assert client.get("/knowledge/tiny/", {"tab": tab}).status_code == 200


def test_editing_a_link_makes_a_new_version_and_rollback_restores_it(
    pack: Any, editor: Any
) -> None:
    client = client_for(editor)
    original = dict(pack.current_version.content)
    form = client.get("/knowledge/tiny/link/", {"hypothesis": "h-dead", "finding": "q1"})
    assert b'name="m__no"' in form.content and b'name="m__no|yes"' in form.content
    response = client.post("/knowledge/tiny/link/", {
        "hypothesis": "h-dead", "finding": "q1", "m__no": "0.6", "m__yes": "0.1",
        "m__no|yes": "0.3", "note": "the guide overstates it",
    })
    assert response.status_code == 302
    pack.refresh_from_db()
    edited = pack.current_version
    assert edited.version == "1+c1" and edited.note == "the guide overstates it"
    assert edited.created_by == editor
    assert link_masses("tiny", "h-dead", "q1") == {
        frozenset({"no"}): 0.6, frozenset({"yes"}): 0.1, frozenset({"no", "yes"}): 0.3
    }
    # The diff names the link and the changed masses, and nothing else in the network.
    changes = diff(original, edited.content)
    assert [(c.kind, c.key) for c in changes.sections["links"]] == [("changed", "h-dead / q1")]
    assert list(changes.sections["links"][0].fields) == ["masses"]
    assert not any(changes.sections[s] for s in ("hypotheses", "findings", "documents"))
    page = client.get(f"/knowledge/tiny/versions/{edited.pk}/").content.decode()
    assert "h-dead / q1" in page and "masses" in page
    entry = AuditLog.objects.get(action="edit_link")
    assert entry.detail["after"] == {"no": 0.6, "yes": 0.1, "no|yes": 0.3}

    first = PackVersion.objects.get(pack=pack, version="1")
    client.post(f"/knowledge/tiny/versions/{first.pk}/rollback/")
    pack.refresh_from_db()
    assert pack.current_version.version == "1+c2"
    assert pack.current_version.note == "rollback to 1"
    restored = dict(pack.current_version.content)
    assert restored.pop("version") == "1+c2"
    assert restored == {k: v for k, v in original.items() if k != "version"}
    assert link_masses("tiny", "h-dead", "q1") == {
        frozenset({"no"}): 0.9, frozenset({"no", "yes"}): 0.1
    }
    assert PackVersion.objects.filter(pack=pack).count() == 3
    assert AuditLog.objects.get(action="rollback").detail["to"] == "1"


@pytest.mark.parametrize(
    ("masses", "problem"),
    [
        ({"m__no": "0.6", "m__yes": "0.6"}, "masses sum to 1.200000"),
        ({"m__no": "-0.2", "m__no|yes": "1.2"}, "Ensure this value is greater than"),
        ({"m__no": "0.5", "m__maybe": "0.5"}, "outside the frame {yes, no}"),
        ({"m__no": "abc", "m__no|yes": "1"}, "Enter a number"),
    ],
)
def test_invalid_masses_are_refused_with_the_reason(
    pack: Any, editor: Any, masses: dict[str, str], problem: str
) -> None:
    response = client_for(editor).post(
        "/knowledge/tiny/link/", {"hypothesis": "h-dead", "finding": "q1", **masses}
    )
    assert response.status_code == 200
    assert problem in response.content.decode()
    assert PackVersion.objects.filter(pack=pack).count() == 1


def test_idm_masses() -> None:
    masses = idm_masses({"yes": 3.0, "no": 1.0}, ("yes", "no"), s=1.0)
    assert masses == {
        frozenset({"yes"}): pytest.approx(3 / 5),
        frozenset({"no"}): pytest.approx(1 / 5),
        frozenset({"yes", "no"}): pytest.approx(1 / 5),
    }
    assert idm_masses({}, ("yes", "no"), s=2.0) == {frozenset({"yes", "no"}): 1.0}


def test_refit_from_labelled_cases(pack: Any, converse: Any, editor: Any) -> None:
    # Three users with h-driver answer q1 "no"; a fourth hedges a "yes" (reliability 0.5).
    cases = [converse("my laptop does not work", "answer:no", "answer:unsure",
                      "answer:unsure").case for _ in range(3)]
    for case in cases:
        Outcome.objects.create(case=case, hypothesis="h-driver")
    hedged = converse("my laptop does not work", "answer:yes").case
    hedged.refresh_from_db()
    state = dict(hedged.state)
    state["answers"] = [{"finding": "q1", "states": ["yes"], "reliability": 0.5, "asked": True}]
    type(hedged).objects.filter(pk=hedged.pk).update(state=state)
    Outcome.objects.create(case=hedged, hypothesis="h-driver")
    other = converse("my laptop does not work", "answer:yes").case
    Outcome.objects.create(case=other, other=True, note="not in the pack")

    counts, used = label_counts("tiny", load_network("tiny"))
    assert used == 4
    assert counts[("h-driver", "q1")] == {"no": 3.0, "yes": 0.5}

    proposals, _ = propose(Pack.objects.get(name="tiny"), s=1.0, min_count=3)
    (refit,) = [p for p in proposals if (p.hypothesis, p.finding) == ("h-driver", "q1")]
    assert refit.before is None  # the pack had no h-driver/q1 link: it was vacuous
    assert {tuple(m["states"]): m["mass"] for m in refit.after} == {
        ("no",): pytest.approx(3 / 4.5),
        ("yes",): pytest.approx(0.5 / 4.5),
        ("no", "yes"): pytest.approx(1 / 4.5),
    }

    client = client_for(editor)
    preview = client.get("/knowledge/tiny/refit/", {"s": "1", "min_count": "3"}).content
    assert b"h-driver\tq1" in preview and b"0.667" in preview
    response = client.post("/knowledge/tiny/refit/", {
        "s": "1", "min_count": "3", "link": ["h-driver\tq1"],
    })
    assert response.status_code == 302
    new = Pack.objects.get(name="tiny").current_version
    assert new.version == "1+c1"
    assert link_masses("tiny", "h-driver", "q1")[frozenset({"no"})] == pytest.approx(3 / 4.5)
    # The refitted link cites a generated document stating the counts behind it.
    link = load_network("tiny").link("h-driver", "q1")
    assert [c.passage_id for c in link.citations] == ["tiny:labels-1-c1#0"]
    doc = next(d for d in new.content["documents"] if d["id"] == "tiny:labels-1-c1")
    assert "h-driver / q1: answers of 3.5 labelled case(s): no 3, yes 0.5" in doc["text"]
    assert AuditLog.objects.get(action="refit").detail["links"] == ["h-driver / q1"]
