"""Transcript search over the turns' blind index (the text itself is encrypted).

A query is words, all of which a turn must contain (after the same folding and light stemming
the index applies: "Printers jammed" finds "the printer jams"); a word written ``-word``
must be absent. Quotes are ignored (word order is not indexed). PostgreSQL matches through a
GIN index on the hashes read as a text-search document; SQLite through its FTS5 index of the
hashes (``bots.transcript_index``); any other database, or SQLite without that index, through
a substring match on the space-padded hashes (the same turns, found by reading them all).
"""

from __future__ import annotations

from django.db import connection
from django.db.models import Q, QuerySet
from django.db.models.expressions import RawSQL

from bots import crypto, transcript_index
from bots.models import Turn


def parse(query: str) -> tuple[list[str], list[str]]:
    """(required words, excluded words), normalised as the index normalises them."""
    required: list[str] = []
    excluded: list[str] = []
    for term in query.replace('"', " ").split():
        negated = term.startswith("-") and len(term) > 1
        target = excluded if negated else required
        for word in crypto.words(term[1:] if negated else term):
            if word not in target:
                target.append(word)
    return required, excluded


def matching_turns(query: str) -> QuerySet[Turn]:
    """Turns matching ``query`` (none when it has no searchable word)."""
    required, excluded = parse(query)
    if not required:
        return Turn.objects.none()
    if connection.vendor == "postgresql":
        from django.contrib.postgres.search import SearchQuery, SearchVector

        def any_of(word: str) -> str:
            return "(" + " | ".join(crypto.query_hashes(word)) + ")"

        raw = " & ".join([*(any_of(w) for w in required), *("!" + any_of(w) for w in excluded)])
        return Turn.objects.annotate(doc=SearchVector("search_tokens", config="simple")).filter(
            doc=SearchQuery(raw, config="simple", search_type="raw")
        )

    if transcript_index.usable(connection):
        table = transcript_index.TABLE
        return Turn.objects.filter(
            pk__in=RawSQL(f"SELECT rowid FROM {table} WHERE {table} MATCH %s",
                          [_fts_expression(required, excluded)])
        )
    return substring_matches(required, excluded)


def indexed_case_ids(query: str) -> RawSQL | QuerySet[Turn] | None:
    """The ids of the cases with a turn matching ``query``, as a subquery for ``pk__in``,
    where a word index yields them without reading the turns (SQLite's FTS5 index); None
    where there is none (the caller then decides how to use ``matching_turns``)."""
    if not transcript_index.usable(connection):
        return None
    required, excluded = parse(query)
    if not required:
        return Turn.objects.none().values("case_id")
    return RawSQL(transcript_index.case_ids_sql(), [_fts_expression(required, excluded)])


def _fts_expression(required: list[str], excluded: list[str]) -> str:
    return transcript_index.match_expression(
        [list(crypto.query_hashes(w)) for w in required],
        [list(crypto.query_hashes(w)) for w in excluded],
    )


def substring_matches(required: list[str], excluded: list[str]) -> QuerySet[Turn]:
    """The portable match: each hash as a whole word of the space-padded column."""

    def contains(word: str) -> Q:
        q = Q()
        for h in crypto.query_hashes(word):
            q |= Q(search_tokens__contains=f" {h} ")
        return q

    condition = Q()
    for word in required:
        condition &= contains(word)
    for word in excluded:
        condition &= ~contains(word)
    return Turn.objects.filter(condition)
