"""Teams (issue 25): operators see only their teams' packs, everywhere a case can be seen;
administrators see all; each opening of a patient-intake case is audited. Every role x pack."""

# ruff: noqa: F811

from __future__ import annotations

from typing import Any

import pytest
from django.core.management import call_command

from bots.models import Case
from console.models import AuditLog
from tests.console.conftest import (  # noqa: F401  (fixtures)
    client_for,
    converse,
    make_user,
    pack,
)
from tests.security.tally import record

pytestmark = pytest.mark.django_db


@pytest.fixture
def world(converse: Any) -> dict[str, Any]:
    health = converse("I have had chest pain since this morning").case
    laptop = converse("my laptop will not charge").case
    Case.objects.filter(pk=health.pk).update(pack="patient-intake")
    Case.objects.filter(pk=laptop.pk).update(pack="it-laptop")
    users = {
        "IT operator": make_user("ivan", "operator"),
        "clinical operator": make_user("nina", "operator"),
        "admin": make_user("ada", "admin"),
    }
    call_command("team", "IT helpdesk", packs="it-laptop", members="ivan")
    call_command("team", "Clinical", packs="patient-intake", members="nina", sensitive=True)
    return {"cases": {"patient-intake": health, "it-laptop": laptop}, "users": users}


SEES = {
    ("IT operator", "it-laptop"): True,
    ("IT operator", "patient-intake"): False,
    ("clinical operator", "it-laptop"): False,
    ("clinical operator", "patient-intake"): True,
    ("admin", "it-laptop"): True,
    ("admin", "patient-intake"): True,
}


@pytest.mark.parametrize(("role", "pack_name"), sorted(SEES))
def test_each_role_sees_only_its_teams_packs(world: dict[str, Any], role: str,
                                             pack_name: str) -> None:
    client = client_for(world["users"][role])
    case = world["cases"][pack_name]
    expected = SEES[(role, pack_name)]
    page = client.get(f"/cases/{case.pk}/")
    api = client.get(f"/cases/{case.pk}/api/")
    held = (page.status_code == 200) == expected and page.status_code in (200, 404)
    held = held and (api.status_code == 200) == expected
    assert record("teams", f"{role} opens a {pack_name} case", held), (page.status_code,
                                                                       api.status_code)
    if not expected:
        claim = client.post(f"/cases/{case.pk}/claim/")
        assert record("teams", f"{role} claims a {pack_name} case", claim.status_code == 404)
    listing = client.get("/cases/").content.decode()
    assert record("teams", f"{role} lists {pack_name} cases",
                  (f"/cases/{case.pk}/" in listing) == expected)
    word = "chest" if pack_name == "patient-intake" else "charge"
    searched = client.get(f"/cases/?q={word}").content.decode()
    assert record("teams", f"{role} searches {pack_name} cases",
                  (f"/cases/{case.pk}/" in searched) == expected)
    export = client.get("/cases/export.csv?what=cases")
    assert export.status_code == 200
    lines = b"".join(export.streaming_content).decode().splitlines()[1:]
    in_export = any(line.split(",")[0] == str(case.pk) for line in lines)
    assert record("teams", f"{role} exports {pack_name} cases", in_export == expected), lines
    dashboard = client.get("/dashboard/")
    assert dashboard.status_code == 200


def test_openings_of_patient_intake_cases_are_audited_for_admins(world: dict[str, Any]) -> None:
    health, laptop = world["cases"]["patient-intake"], world["cases"]["it-laptop"]
    client_for(world["users"]["clinical operator"]).get(f"/cases/{health.pk}/")
    client_for(world["users"]["admin"]).get(f"/cases/{health.pk}/")
    client_for(world["users"]["IT operator"]).get(f"/cases/{laptop.pk}/")
    rows = AuditLog.objects.filter(action="view_case")
    assert sorted(r.username for r in rows.filter(case=health)) == ["ada", "nina"]
    assert not rows.filter(case=laptop).exists()
    audit_page = client_for(world["users"]["admin"]).get("/audit/")
    assert audit_page.status_code == 200 and "nina" in audit_page.content.decode()
    assert client_for(world["users"]["IT operator"]).get("/audit/").status_code == 403
