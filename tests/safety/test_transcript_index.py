"""Transcript search through SQLite's FTS5 index of the blind index (``bots.transcript_index``).

The index must find exactly what the substring match over the same hashes finds, and what
reading the plaintext says a search should find, through every way a turn's words change:
saves, bulk inserts, deletes, raw updates, a key rotation's re-encryption and reindexing, and
a rebuilt turns table (which loses its triggers).
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from typing import Any

import pytest
from cryptography.fernet import Fernet
from django.core.management import call_command
from django.db import connection

from bots import crypto, transcript_index
from bots.models import Case, Role, Turn
from bots.transcripts import matching_turns, parse, substring_matches

pytestmark = [
    pytest.mark.django_db,
    pytest.mark.skipif(connection.vendor != "sqlite", reason="the SQLite index"),
]

# What people write to a helpdesk or an intake bot, typos and all.
TEXTS = [
    "The printer jams on every page, tried turning it off and on",
    "engine light is on and the printer is fine i think",
    "my laptop wont charge, the charger light blinks orange",
    "Laptop battery drains in 20 mins even when its sleeping??",
    "wifi keeps dropping since the update yesterday",
    "cant connect to the VPN from home, password was reset on monday",
    "I have had a bad headache and a fever since Tuesday",
    "chest pain when i climb stairs, not severe but it worries me",
    "my son has a rash on his arms and a cough, hes 6",
    "Screen flickers when I open the lid past 90 degrees",
    "printers on the 3rd floor all say paper jam but theres no paper stuck",
    "the fan is really loud and the laptop gets hot while charging",
]
QUERIES = [
    "printer",
    "PRINTER jams",
    "printers jammed",
    "printer -engine",
    "printer toaster",
    "laptop",
    "laptop -charger",
    "charging",
    "charger",
    "headache fever",
    "fever -headache",
    "rash cough",
    "paper",
    "paper -printer",
    "wifi update",
    "vpn password",
    "light",
    "light -engine -laptop",
    "hot",
    "screen",
    "rint",
    "the",
    "on and",
]


def expected(texts: dict[int, str], query: str) -> set[int]:
    """What a search should find, read from the plaintext: every required word, none of the
    excluded (the words as the index makes them)."""
    required, excluded = parse(query)
    if not required:
        return set()
    out = set()
    for pk, text in texts.items():
        words = set(crypto.words(text))
        if set(required) <= words and not set(excluded) & words:
            out.add(pk)
    return out


def found(query: str) -> set[int]:
    return set(matching_turns(query).values_list("pk", flat=True))


def found_by_substring(query: str) -> set[int]:
    required, excluded = parse(query)
    if not required:
        return set()
    return set(substring_matches(required, excluded).values_list("pk", flat=True))


@pytest.fixture
def turns(db: None) -> Iterator[dict[int, str]]:
    made = {}
    for i, text in enumerate(TEXTS):
        case = Case.objects.create(channel="web", external_thread_id=f"fts-{i}", pack="tiny")
        made[Turn.objects.create(case=case, index=0, role=Role.USER, text=text).pk] = text
    yield made
    transcript_index.forget(connection)  # the test's DDL is rolled back with its transaction


def cases_found(query: str) -> set[int]:
    """Through the console's case search (what the case list and the queue run)."""
    from console.case_queries import search_transcripts

    return set(search_transcripts(Case.objects.all(), query).values_list("pk", flat=True))


def assert_all_queries_agree(texts: dict[int, str]) -> None:
    assert transcript_index.usable(connection)
    case_of = dict(Turn.objects.values_list("pk", "case_id"))
    for query in QUERIES:
        want = expected(texts, query)
        assert found(query) == want, query
        assert found_by_substring(query) == want, query
        assert cases_found(query) == {case_of[pk] for pk in want}, query


def test_sqlite_searches_through_the_index(turns: dict[int, str]) -> None:
    assert transcript_index.usable(connection)
    sql = str(matching_turns("printer").query)
    assert f"{transcript_index.TABLE} MATCH" in sql and "LIKE" not in sql
    from console.case_queries import search_transcripts

    listed = str(search_transcripts(Case.objects.all(), "printer").query)
    assert f"{transcript_index.TABLE} MATCH" in listed and "LIKE" not in listed
    select, params = matching_turns("printer").order_by().values("case_id").query.sql_with_params()
    with connection.cursor() as cursor:
        cursor.execute(f"EXPLAIN QUERY PLAN {select}", params)
        plan = " ".join(str(row[-1]) for row in cursor.fetchall())
    # The turns are looked up by id from the index's matches, never scanned.
    assert "SEARCH bots_turn USING INTEGER PRIMARY KEY" in plan, plan
    assert f"SCAN {transcript_index.TABLE} VIRTUAL TABLE INDEX" in plan, plan
    assert "SCAN bots_turn " not in f"{plan} ", plan


def test_index_substring_match_and_plaintext_agree(turns: dict[int, str]) -> None:
    assert_all_queries_agree(turns)
    # Sanity: the table is not trivially empty or full.
    assert len(found("printer")) == 3 and found("printer -engine") and not found("rint")


def test_index_follows_every_write(turns: dict[int, str]) -> None:
    texts = dict(turns)
    # A save with new text.
    pk = next(iter(texts))
    turn = Turn.objects.get(pk=pk)
    turn.text = "the keyboard types the wrong letters"
    turn.save()
    texts[pk] = turn.text
    # bulk_create.
    case = Case.objects.create(channel="slack", external_thread_id="fts-bulk", pack="tiny")
    bulk = Turn.objects.bulk_create(
        [
            Turn(case=case, index=i, role=Role.USER, text=t)
            for i, t in enumerate(["printer says offline", "keyboard is sticky after coffee"])
        ]
    )
    texts.update({t.pk: t.text for t in bulk})
    # A queryset update that sets both columns, as BlindIndexField's docstring asks.
    router = "the router needs a reboot every morning"
    Turn.objects.filter(pk=bulk[0].pk).update(
        text=router, search_tokens=crypto.index_text([router])
    )
    texts[bulk[0].pk] = router
    # A raw update of the column, below the ORM (what reencrypt does).
    raw_pk = list(texts)[3]
    raw_text = "the monitor stays black after waking"
    with connection.cursor() as cursor:
        cursor.execute(
            "UPDATE bots_turn SET text = %s, search_tokens = %s WHERE id = %s",
            [crypto.encrypt(raw_text), crypto.index_text([raw_text]), raw_pk],
        )
    texts[raw_pk] = raw_text
    # Deletes: one turn, and a whole case (cascade).
    gone = list(texts)[4]
    Turn.objects.filter(pk=gone).delete()
    del texts[gone]
    cascade = Turn.objects.get(pk=list(texts)[5]).case
    for t in cascade.turns.all():
        texts.pop(t.pk, None)
    cascade.delete()

    assert found("keyboard") == {pk, bulk[1].pk}
    assert found("router reboot") == {bulk[0].pk} and not found("offline")
    assert found("monitor black") == {raw_pk}
    for query in [*QUERIES, "keyboard", "router", "monitor", "coffee -keyboard"]:
        assert found(query) == expected(texts, query) == found_by_substring(query), query
    # The index column alone rewritten, as a reindex writes a stale index (bots.reencrypt):
    # first made stale by hand, then put right by the reindex.
    stale_pk = next(iter(texts))
    with connection.cursor() as cursor:
        cursor.execute(
            "UPDATE bots_turn SET search_tokens = %s WHERE id = %s",
            [crypto.index_text(["quokka festival"]), stale_pk],
        )
    assert found("quokka") == {stale_pk} == found_by_substring("quokka")
    from bots.reencrypt import bots_models, encrypt_all

    tally = encrypt_all(bots_models())["Turn"]
    assert tally.rewritten == 1 and not found("quokka") and not found_by_substring("quokka")
    for query in [*QUERIES, "keyboard"]:
        assert found(query) == expected(texts, query), query
    with connection.cursor() as cursor:  # FTS5's own consistency check of the index
        cursor.execute(
            f"INSERT INTO {transcript_index.TABLE}({transcript_index.TABLE}, rank) "
            "VALUES ('integrity-check', 1)"
        )


def test_same_results_through_a_key_rotation_and_reindex(
    settings: Any, turns: dict[int, str]
) -> None:
    before = {q: found(q) for q in QUERIES}
    assert before == {q: expected(turns, q) for q in QUERIES}
    original = list(settings.FIELD_ENCRYPTION_KEYS)
    new = Fernet.generate_key().decode()
    # A new key in front: rows still indexed under the old one, searched under both.
    settings.FIELD_ENCRYPTION_KEYS = [new, *original]
    assert {q: found(q) for q in QUERIES} == before
    stored = dict(Turn.objects.values_list("pk", "search_tokens"))
    call_command("rotate_encryption_key", "--quiet", stdout=io.StringIO())
    rewritten = dict(Turn.objects.values_list("pk", "search_tokens"))
    assert all(rewritten[pk] != stored[pk] for pk in turns)  # every index rewritten
    # The old key dropped: only the new hashes are searched, and the index has them.
    settings.FIELD_ENCRYPTION_KEYS = [new]
    assert {q: found(q) for q in QUERIES} == before
    assert {q: found_by_substring(q) for q in QUERIES} == before
    # The shared-words reindex (bots 0005) and a rebuild of the FTS index change nothing.
    import importlib
    from types import SimpleNamespace

    from django.apps import apps

    importlib.import_module("bots.migrations.0005_reindex_shared_words").reindex(
        apps, SimpleNamespace(connection=connection)
    )
    transcript_index.rebuild(connection)
    assert {q: found(q) for q in QUERIES} == before


def test_a_rebuilt_turns_table_gets_its_index_back(turns: dict[int, str]) -> None:
    # As after Django rebuilds the table to alter it: the triggers are gone with the old
    # table, and rows written since are not in the index.
    with connection.cursor() as cursor:
        for name in transcript_index.TRIGGERS:
            cursor.execute(f"DROP TRIGGER {name}")
    transcript_index.forget(connection)
    case = Case.objects.create(channel="web", external_thread_id="fts-late", pack="tiny")
    late = Turn.objects.create(case=case, index=0, role=Role.USER, text="scanner is offline")
    texts = {**turns, late.pk: late.text}
    # Meanwhile search does not use the stale index: it reads the column.
    assert not transcript_index.usable(connection)
    assert "LIKE" in str(matching_turns("scanner").query)
    assert found("scanner offline") == {late.pk}
    case_of = dict(Turn.objects.values_list("pk", "case_id"))
    for query in QUERIES:
        assert cases_found(query) == {case_of[pk] for pk in expected(texts, query)}, query
    # The next migrate puts the triggers back and rebuilds the index.
    call_command("migrate", verbosity=0)
    assert_all_queries_agree(texts)
    assert found("scanner offline") == {late.pk}
    assert f"{transcript_index.TABLE} MATCH" in str(matching_turns("scanner").query)


def test_the_migration_indexes_the_turns_already_there(turns: dict[int, str]) -> None:
    import importlib
    from types import SimpleNamespace

    from django.apps import apps

    migration = importlib.import_module("bots.migrations.0006_turn_word_index")
    editor = SimpleNamespace(connection=connection)
    migration.drop(apps, editor)  # as before the migration: no index, the substring match
    assert not transcript_index.usable(connection)
    before = {q: found(q) for q in QUERIES}
    assert before == {q: expected(turns, q) for q in QUERIES}
    migration.create(apps, editor)
    assert transcript_index.usable(connection)
    assert {q: found(q) for q in QUERIES} == before
    assert_all_queries_agree(turns)
