"""Each console page reads a fixed number of queries, however many cases there are.

The pages are rendered on the benchmark's cases (``ops.console_bench``: turns with
rationale and beliefs, outcomes, hand-offs, ratings), then again after several times as many
cases were added. A page whose query count moved with the number of cases (a query per row,
per case or per turn) fails here: that is what made pages slow at ten thousand cases, and a
count, unlike a time, does not depend on how busy the machine is.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from bots.models import Case, CaseStatus
from console.roles import OPERATOR
from ops.console_bench import PACKS, bench_pack, seed_cases
from tests.console.conftest import client_for, make_user

pytestmark = pytest.mark.django_db

PAGES = [
    "/cases/",
    "/cases/?page=2",
    "/cases/?status=concluded&channel=slack",
    "/cases/?pack=bench-it&since=2020-01-01&until=2040-12-31",
    "/cases/?q=battery",
    "/cases/api/?page=2",
    "/queue/",
    "/queue/?page=2",
    "/queue/?channel=web&pack=bench-car",
    "/queue/api/",
    "/dashboard/",
    "/dashboard/?pack=bench-it",
]


def queries(client: Client, url: str) -> int:
    client.get(url, secure=True)  # first render: caches (parsed networks) warm
    with CaptureQueriesContext(connection) as captured:
        response = client.get(url, secure=True)
    assert response.status_code == 200, url
    return len(captured)


def detail_counts(client: Client) -> set[int]:
    """Query counts of case pages of every status (and so of many lengths of transcript)."""
    ids = [
        pk
        for status in CaseStatus
        for pk in Case.objects.filter(status=status).values_list("pk", flat=True)[:2]
    ]
    return {queries(client, f"/cases/{pk}/") for pk in ids}


def test_no_page_reads_more_queries_when_there_are_more_cases(
    settings: Any, tmp_path: Path
) -> None:
    from knowledge.packs.store import import_pack

    settings.SEARCH_BACKEND = "embedded"
    settings.SEARCH_INDEX_DIR = tmp_path / "search"
    for i, name in enumerate(PACKS):
        import_pack(bench_pack(name, seed=i))
    seed_cases(60, seed=1, log=lambda _: None)
    client = client_for(make_user("quentin", OPERATOR))
    few = {url: queries(client, url) for url in PAGES}
    few_detail = detail_counts(client)

    seed_cases(300, seed=2, log=lambda _: None)
    assert Case.objects.count() == 360
    many = {url: queries(client, url) for url in PAGES}
    many_detail = detail_counts(client)

    assert many == few
    # A case page costs the same whatever its status or length (no query per turn).
    assert len(few_detail | many_detail) == 1, (few_detail, many_detail)
