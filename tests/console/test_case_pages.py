"""The case list, the queue and the case page: filters, search, order, and explanations."""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

import pytest
from django.utils import timezone

from bots.models import Case, Role, Turn
from console.case_queries import PAGE_SIZE
from tests.console.conftest import client_for

pytestmark = pytest.mark.django_db


def case(n: int, status: str, *, channel: str = "web", pack: str = "tiny", days_ago: int = 0,
         text: str = "") -> Case:
    made = Case.objects.create(channel=channel, external_thread_id=f"thread-{n}", pack=pack,
                               status=status)
    when = timezone.now() - dt.timedelta(days=days_ago, minutes=n)
    Case.objects.filter(pk=made.pk).update(created_at=when)
    Turn.objects.create(case=made, index=0, role=Role.USER, text=text or f"message {n}")
    return made


def shown_ids(html: str) -> list[int]:
    return [int(i) for i in re.findall(r'<tr data-case="(\d+)"', html)]


@pytest.fixture
def many() -> dict[str, Case]:
    return {
        "a": case(1, "abstained", days_ago=3, text="The printer jams on every page"),
        "b": case(2, "escalated", channel="slack", days_ago=10),
        "c": case(3, "handed_off", days_ago=20),
        "d": case(4, "concluded", pack="car", days_ago=1, text="Engine light is on"),
        "e": case(5, "abstained", channel="telegram", days_ago=30),
        "f": case(6, "active", days_ago=0),
    }


def test_filters_search_and_counts(many: dict[str, Case], operator: Any) -> None:
    client = client_for(operator)

    def ids(**query: str) -> list[int]:
        response = client.get("/cases/", query)
        assert response.status_code == 200
        return shown_ids(response.content.decode())

    newest_first = [many[k].pk for k in ("f", "d", "a", "b", "c", "e")]
    assert ids() == newest_first
    assert ids(status="abstained") == [many["a"].pk, many["e"].pk]
    assert ids(channel="slack") == [many["b"].pk]
    assert ids(pack="car") == [many["d"].pk]
    since = (timezone.localdate() - dt.timedelta(days=12)).isoformat()
    until = (timezone.localdate() - dt.timedelta(days=2)).isoformat()
    assert ids(since=since, until=until) == [many["a"].pk, many["b"].pk]
    assert ids(q="PRINTER jams") == [many["a"].pk]
    assert ids(q="nothing like this") == []
    # Counts per status follow the other filters but not the status filter itself.
    html = client.get("/cases/", {"channel": "web", "status": "active"}).content.decode()
    counts = dict(re.findall(r'data-status="(\w+)">[^<]+<strong>(\d+)</strong>', html))
    assert counts == {"active": "1", "concluded": "1", "abstained": "1", "escalated": "0",
                      "handed_off": "1", "closed": "0"}
    bad = client.get("/cases/", {"since": "2026-05-02", "until": "2026-05-01"})
    assert b"the date range ends before it starts" in bad.content


def test_lists_are_paged_and_the_json_twin_renders_the_same_rows(operator: Any) -> None:
    for n in range(PAGE_SIZE + 3):
        case(n, "concluded")
    client = client_for(operator)
    first = shown_ids(client.get("/cases/").content.decode())
    second = shown_ids(client.get("/cases/", {"page": 2}).content.decode())
    assert (len(first), len(second)) == (PAGE_SIZE, 3)
    assert not set(first) & set(second)
    data = client.get("/cases/api/", {"page": 2}).json()
    assert data["total"] == PAGE_SIZE + 3
    assert shown_ids(data["regions"]["case-rows"]) == second
    assert "page 2 of 2" in data["regions"]["pager"]


def test_the_queue_orders_by_urgency_then_by_time_waited(
    many: dict[str, Case], operator: Any
) -> None:
    client = client_for(operator)
    # Escalated (urgent) first, then the routine waits, the longest waiting first.
    html = client.get("/queue/").content.decode()
    assert shown_ids(html) == [many[k].pk for k in ("b", "e", "c", "a")]
    # An emergency jumps the queue though it is the newest; an urgent triage joins level 2.
    Case.objects.filter(pk=many["a"].pk).update(triage_level="emergency")
    Case.objects.filter(pk=many["c"].pk).update(triage_level="urgent")
    html = client.get("/queue/").content.decode()
    assert shown_ids(html) == [many[k].pk for k in ("a", "c", "b", "e")]
    # Within a level the time waited counts from when the case entered the queue.
    Case.objects.filter(pk=many["c"].pk).update(
        waiting_since=timezone.now() - dt.timedelta(minutes=5)
    )
    html = client.get("/queue/").content.decode()
    assert shown_ids(html) == [many[k].pk for k in ("a", "b", "c", "e")]
    assert shown_ids(client.get("/queue/", {"status": "handed_off"}).content.decode()) == [
        many["c"].pk
    ]
    data = client.get("/queue/api/", {"channel": "web"}).json()
    assert shown_ids(data["regions"]["case-rows"]) == [many["a"].pk, many["c"].pk]


def test_the_queue_shows_waits_against_the_sla_and_counts_breaches(
    many: dict[str, Case], operator: Any, settings: Any
) -> None:
    settings.CONSOLE_SLA_MINUTES = {"emergency": 5, "urgent": 60, "routine": 60 * 24 * 25}
    client = client_for(operator)
    html = client.get("/queue/").content.decode()
    rows = dict(re.findall(r'<tr data-case="(\d+)" data-level="\w+" class="([^"]*)"', html))
    # Routine SLA 25 days: e (30 days) is past it, c (20) and a (3) are not; b is urgent (1 h).
    breached = {int(k) for k, cls in rows.items() if "breached" in cls}
    assert breached == {many["b"].pk, many["e"].pk}
    assert "2 waiting past their SLA" in html
    dashboard = client.get("/dashboard/").content.decode()
    assert re.search(r'id="kpi-sla".*?<strong>2</strong>', dashboard, re.S)
    # The chart says how many cases each bar stands for.
    assert 'data-series="urgent"' in dashboard and 'data-n="1"' in dashboard
    assert 'data-series="routine"' in dashboard and 'data-n="3"' in dashboard


def test_the_case_page_explains_questions_answers_and_belief(
    converse: Any, operator: Any
) -> None:
    conversation = converse("my laptop does not work", "answer:no", "answer:unsure",
                            "answer:unsure")
    case = conversation.case
    case.refresh_from_db()
    html = client_for(operator).get(f"/cases/{case.pk}/").content.decode()
    first_ask = case.turns.filter(role=Role.BOT, action__type="ask").first()
    rationale = first_ask.rationale
    # Each question: what it separates (by name), its expected gain, answer probabilities.
    names = [item["name"] for item in rationale["separates_named"]]
    for name in names:
        assert f'title="{rationale["separates"][names.index(name)]}">{name}</span>' in html
    assert f"{rationale['expected_gain']:.3f}" in html
    assert rationale["score_name"] in html
    # Passages that ground the question, linked to the document view with their text.
    assert "/documents/tiny:faq?passage=tiny%3Afaq%230#p-0" in html
    assert "Q: How do I check power?" in html
    # Each answer: the evidence it was read as.
    assert "Does the laptop power on?</span> → <strong>no</strong>" in html
    assert "→ <strong>not sure</strong>" in html
    # The belief chart carries the stored BetP of every bot turn.
    snapshots = [t.belief for t in case.turns.filter(role=Role.BOT) if t.belief]
    leader = snapshots[-1]["top"][0]
    drawn = re.findall(
        rf'data-series="{re.escape(leader["name"])}" data-x="(\d+)" data-y="([0-9.]+)"', html
    )
    assert len(drawn) == len(snapshots)
    assert float(drawn[-1][1]) == pytest.approx(leader["betp"], abs=1e-6)
    for chart in ("belief-chart", "mass-chart", "entropy-chart"):
        assert f'class="chart {chart}"' in html
    assert "open-world mass (ignorance)" in html and "discord" in html
    # The final differential.
    for entry in case.differential:
        assert f'title="{entry["id"]}">{entry["name"]}</span>' in html


def test_the_case_json_twin_has_the_live_regions(converse: Any, operator: Any) -> None:
    case = converse("my laptop does not work", "answer:yes").case
    data = client_for(operator).get(f"/cases/{case.pk}/api/").json()
    assert data["status"] == "concluded"
    assert set(data["regions"]) == {"case-summary", "transcript", "belief", "notes"}
    assert "Concluded" in data["regions"]["case-summary"]


def test_the_document_view_shows_the_cited_passage(pack: Any, operator: Any) -> None:
    client = client_for(operator)
    html = client.get("/documents/tiny:guide", {"passage": "tiny:guide#1"}).content.decode()
    cited = re.search(r'<li id="p-1" class="passage cited">.*?</li>', html, re.S)
    assert cited and "outdated wireless driver" in cited.group(0)
    assert 'id="p-0" class="passage">' in html
    missing = client.get("/documents/tiny:guide", {"passage": "tiny:guide#9"}).content
    assert b"has no passage tiny:guide#9" in missing
    assert client.get("/documents/tiny:nope").status_code == 404


def test_the_transcript_shows_what_a_conclusion_went_by_and_the_correction_that_reopened_it(
    converse: Any, operator: Any
) -> None:
    # "the screen is black" is read from the opening; the conclusion says it went by it, the
    # user presses "That's not what I said" and answers the question asked properly.
    conversation = converse(
        "my laptop screen is black", "answer:yes", "answer:no", "correct", "answer:no"
    )
    case = conversation.case
    case.refresh_from_db()
    html = client_for(operator).get(f"/cases/{case.pk}/").content.decode()
    concluded = case.turns.filter(role=Role.BOT, action__type="conclude").first()
    assert concluded.action["basis"][0]["shown"] == "Is the screen black? yes"
    assert "Went by (read from the user's words)</span>" in html
    assert "<li>Is the screen black? yes</li>" in html
    reopened = case.turns.filter(role=Role.BOT, action__corrected__isnull=False).get()
    assert reopened.action["corrected"]["reopened"] == "h-screen"
    assert "Reopened</span> the user said, with the button, that the conclusion" in html
    assert "<strong>Broken screen</strong> misread them: Is the screen black? yes" in html
    assert "→ asked again" in html


def test_a_severity_says_what_care_it_calls_for(operator: Any) -> None:
    # DDXPlus counts severity down (1 is the most severe): "severity 1" alone read as mild.
    made = case(90, "escalated", pack="patient-intake")
    made.differential = [
        {"id": "h-a", "name": "Anaphylaxis", "betp": 0.6, "severity": 1},
        {"id": "h-b", "name": "URTI", "betp": 0.3, "severity": 5},
    ]
    made.save(update_fields=["differential"])
    html = client_for(operator).get(f"/cases/{made.pk}/").content.decode()
    assert "severity 1 · emergency" in html
    assert "severity 5 · self-care" in html
