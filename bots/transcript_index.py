"""SQLite's word index over the turns' blind index: an FTS5 table kept by triggers.

Transcript search matches keyed hashes of words (``bots.crypto``), stored space separated in
``bots_turn.search_tokens``. PostgreSQL looks them up through a GIN index (``bots`` migration
0002). SQLite has no such index for a column of words, and a ``LIKE '% hash %'`` reads every
turn; so on SQLite an FTS5 table, ``bots_turn_fts``, indexes the same column. It holds only
the hashes, never text, so it reveals nothing the column does not.

It is an external-content table (the words stay in ``bots_turn``; the FTS table holds only the
inverted index) kept current by triggers on insert, delete and any update of
``search_tokens``, so every writer is covered: the ORM, ``bulk_create``, and the raw
compare-and-set updates of key rotation and reindexing (``bots.reencrypt``).

Django rebuilds a SQLite table to alter it (create a copy, drop the old one, rename), which
drops the triggers with the table; ``ensure`` runs after every ``migrate`` (``bots.apps``) and
puts back whatever is missing, rebuilding the index from the column when it was stale. Until
then, and on SQLite builds without FTS5, ``usable`` is false and search falls back to the
substring match (``bots.transcripts``): slower, same results.
"""

from __future__ import annotations

from django.db.backends.base.base import BaseDatabaseWrapper

TABLE = "bots_turn_fts"
# detail=none: presence only (no positions: a search never asks for word order), and
# columnsize=0: no per-row sizes (no ranking); both make the index smaller and faster to write.
CREATE_TABLE = (
    f"CREATE VIRTUAL TABLE IF NOT EXISTS {TABLE} USING fts5(search_tokens, "
    "content='bots_turn', content_rowid='id', tokenize='ascii', detail=none, columnsize=0)"
)
TRIGGERS = {
    f"{TABLE}_insert": (
        f"CREATE TRIGGER IF NOT EXISTS {TABLE}_insert AFTER INSERT ON bots_turn BEGIN "
        f"INSERT INTO {TABLE}(rowid, search_tokens) VALUES (new.id, new.search_tokens); END"
    ),
    f"{TABLE}_delete": (
        f"CREATE TRIGGER IF NOT EXISTS {TABLE}_delete AFTER DELETE ON bots_turn BEGIN "
        f"INSERT INTO {TABLE}({TABLE}, rowid, search_tokens) "
        "VALUES ('delete', old.id, old.search_tokens); END"
    ),
    f"{TABLE}_update": (
        f"CREATE TRIGGER IF NOT EXISTS {TABLE}_update AFTER UPDATE OF search_tokens ON bots_turn "
        f"BEGIN INSERT INTO {TABLE}({TABLE}, rowid, search_tokens) "
        "VALUES ('delete', old.id, old.search_tokens); "
        f"INSERT INTO {TABLE}(rowid, search_tokens) VALUES (new.id, new.search_tokens); END"
    ),
}
# Matches come back as turn ids; the case each belongs to is read from this narrow index, not
# from the turn rows (wide: the belief and rationale JSON), about three times faster.
CASE_INDEX = "bots_turn_id_case"
CREATE_CASE_INDEX = f"CREATE INDEX IF NOT EXISTS {CASE_INDEX} ON bots_turn (id, case_id)"
_CACHE_ATTR = "_askfew_turn_fts"
_ALL = {TABLE, CASE_INDEX, *TRIGGERS}


def _present(connection: BaseDatabaseWrapper) -> set[str]:
    names = sorted(_ALL)
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT name FROM sqlite_master WHERE name IN ({', '.join('%s' for _ in names)})",
            names,
        )
        return {row[0] for row in cursor.fetchall()}


def supported(connection: BaseDatabaseWrapper) -> bool:
    """Whether this SQLite has FTS5 (Python's bundled SQLite has; a custom build may not)."""
    if connection.vendor != "sqlite":
        return False
    with connection.cursor() as cursor:
        cursor.execute("SELECT sqlite_compileoption_used('ENABLE_FTS5')")
        (enabled,) = cursor.fetchone()
    if enabled:
        return True
    with connection.cursor() as cursor:  # FTS5 may also be loaded without the compile option
        cursor.execute("SELECT 1 FROM pragma_module_list WHERE name = 'fts5'")
        return cursor.fetchone() is not None


def ensure(connection: BaseDatabaseWrapper) -> bool:
    """Create the table and triggers where missing, rebuilding the index when anything was
    missing (rows written meanwhile are not in it). Returns whether the index is in place;
    a no-op on other databases and on SQLite without FTS5."""
    forget(connection)
    if not supported(connection):
        return False
    missing = _ALL - _present(connection)
    if not missing:
        return True
    with connection.cursor() as cursor:
        cursor.execute(CREATE_TABLE)
        cursor.execute(CREATE_CASE_INDEX)
        for name in TRIGGERS:
            if name in missing:
                cursor.execute(TRIGGERS[name])
        cursor.execute(f"INSERT INTO {TABLE}({TABLE}) VALUES ('rebuild')")
    return True


def rebuild(connection: BaseDatabaseWrapper) -> None:
    """Rebuild the index from ``bots_turn.search_tokens`` (where the index exists)."""
    if usable(connection):
        with connection.cursor() as cursor:
            cursor.execute(f"INSERT INTO {TABLE}({TABLE}) VALUES ('rebuild')")


def drop(connection: BaseDatabaseWrapper) -> None:
    forget(connection)
    if connection.vendor != "sqlite":
        return
    with connection.cursor() as cursor:
        for name in TRIGGERS:
            cursor.execute(f"DROP TRIGGER IF EXISTS {name}")
        cursor.execute(f"DROP TABLE IF EXISTS {TABLE}")
        cursor.execute(f"DROP INDEX IF EXISTS {CASE_INDEX}")


def usable(connection: BaseDatabaseWrapper) -> bool:
    """Whether searches on this connection can go through the index: SQLite, and the table,
    its triggers and the case index all present (checked once per connection)."""
    if connection.vendor != "sqlite":
        return False
    cached = getattr(connection, _CACHE_ATTR, None)
    if cached is not None and cached[0] is connection.connection:
        return bool(cached[1])
    ok = _present(connection) == _ALL
    setattr(connection, _CACHE_ATTR, (connection.connection, ok))
    return ok


def forget(connection: BaseDatabaseWrapper) -> None:
    """Drop the cached ``usable`` answer (after creating or dropping the index)."""
    if hasattr(connection, _CACHE_ATTR):
        delattr(connection, _CACHE_ATTR)


def case_ids_sql() -> str:
    """SQL for the case ids of the turns matching an FTS5 expression (the one parameter);
    a case appears once per matching turn."""
    return (
        f"SELECT t.case_id FROM {TABLE} AS f JOIN bots_turn AS t INDEXED BY {CASE_INDEX} "
        f"ON t.id = f.rowid WHERE {TABLE} MATCH %s"
    )


def match_expression(required: list[list[str]], excluded: list[list[str]]) -> str:
    """An FTS5 query: every required word (any of its hashes) and none of the excluded.

    Each inner list is one word's hashes, one per configured key. Hashes are the letters a-p,
    quoted all the same so no hash is ever read as an operator."""

    def any_of(hashes: list[str]) -> str:
        return "(" + " OR ".join(f'"{h}"' for h in hashes) + ")"

    query = " AND ".join(any_of(h) for h in required)
    if excluded:
        query = f"({query}) NOT ({' OR '.join(any_of(h) for h in excluded)})"
    return query
