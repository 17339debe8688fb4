"""Rewriting the encrypted columns in place: encrypt plaintext rows, re-encrypt rows under an
older key, rebuild blind indexes (the migration that introduced encryption, and
``manage.py rotate_encryption_key``).

Works on the raw column values, one batch of rows at a time, each batch its own transaction,
so a long run commits as it goes and can be interrupted and run again (a row already under
the first key, with its index current, is left alone). Every update is a compare-and-set on
the values read (``WHERE id = %s AND col = <what was read>``): a row that the bot rewrote in
the meantime is skipped, never overwritten with stale content, and needs nothing more, since
every write by the application already uses the first key.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from django.db import connections, models, transaction

from bots import crypto
from bots.fields import BlindIndexField, EncryptedJSONField, EncryptedTextField

BATCH = 500
MODELS = ("Case", "Turn", "InboundEvent", "OutboundMessage", "Outcome")


@dataclass
class Tally:
    rows: int = 0  # rows read
    rewritten: int = 0  # rows updated
    changed_meanwhile: int = 0  # rows the application rewrote between our read and write

    def as_dict(self) -> dict[str, int]:
        return {
            "rows": self.rows,
            "rewritten": self.rewritten,
            "changed_meanwhile": self.changed_meanwhile,
        }


def bots_models(apps: Any = None) -> list[type[models.Model]]:
    """The models with encrypted fields (historical ones when ``apps`` is a migration's)."""
    if apps is None:
        from django.apps import apps as registry

        apps = registry
    return [apps.get_model("bots", name) for name in MODELS]


def encrypt_all(
    model_classes: Iterable[type[models.Model]],
    using: str = "default",
    progress: Callable[[str, Tally], None] | None = None,
) -> dict[str, Tally]:
    """Bring every encrypted value under the first key and every blind index up to date."""
    out = {}
    for model in model_classes:
        out[model.__name__] = _rewrite(model, using, _to_current, progress)
    return out


def decrypt_all(model_classes: Iterable[type[models.Model]], using: str = "default") -> None:
    """Write every encrypted value back as plaintext (only to undo the migration)."""
    for model in model_classes:
        _rewrite(model, using, _to_plaintext, None)


def _to_current(value: str) -> tuple[str, str | None]:
    """(plaintext, what to store instead, or None when the stored value is already current)."""
    plain = crypto.current_plaintext(value)
    if plain is not None:
        return plain, None
    plain = crypto.decrypt(value)  # plaintext rows come back unchanged
    return plain, crypto.encrypt(plain)


def _to_plaintext(value: str) -> tuple[str, str | None]:
    plain = crypto.decrypt(value)
    return plain, (plain if plain != value else None)


def _rewrite(
    model: type[models.Model],
    using: str,
    convert: Callable[[str], tuple[str, str | None]],
    progress: Callable[[str, Tally], None] | None,
) -> Tally:
    fields = model._meta.concrete_fields
    encrypted = [f for f in fields if isinstance(f, EncryptedTextField | EncryptedJSONField)]
    indexes = [f for f in fields if isinstance(f, BlindIndexField)]
    if not encrypted:
        return Tally()
    connection = connections[using]
    q = connection.ops.quote_name
    table, pk = q(model._meta.db_table), q(model._meta.pk.column)
    columns = [f.column for f in encrypted] + [f.column for f in indexes]
    source_of = {f.column: model._meta.get_field(f.source).column for f in indexes}
    select = (
        f"SELECT {pk}, {', '.join(q(c) for c in columns)} FROM {table} "
        f"WHERE {pk} > %s ORDER BY {pk} LIMIT {BATCH}"
    )
    tally, last = Tally(), None
    while True:
        with transaction.atomic(using=using), connection.cursor() as cursor:
            cursor.execute(select, [last if last is not None else 0])
            rows = cursor.fetchall()
            for row in rows:
                last = row[0]
                values = dict(zip(columns, row[1:], strict=True))
                changes, plain = {}, {}
                for f in encrypted:
                    value = values[f.column]
                    if value is None or value == "":
                        plain[f.column] = ""
                        continue
                    try:
                        plain[f.column], new = convert(value)
                    except crypto.DecryptionError as exc:
                        raise crypto.DecryptionError(
                            f"{model.__name__} {row[0]}, {f.name}: {exc}"
                        ) from exc
                    if new is not None:
                        changes[f.column] = new
                if convert is _to_current:
                    for column, source in source_of.items():
                        expected = crypto.index_text([plain[source]])
                        if (values[column] or "") != expected:
                            changes[column] = expected
                if not changes:
                    continue
                # Compare-and-set on every encrypted column read (see the module docstring).
                guard = [c for c in (f.column for f in encrypted) if values[c] is not None]
                sets = ", ".join(f"{q(c)} = %s" for c in changes)
                where = " AND ".join([f"{pk} = %s", *(f"{q(c)} = %s" for c in guard)])
                cursor.execute(
                    f"UPDATE {table} SET {sets} WHERE {where}",
                    [*changes.values(), row[0], *(values[c] for c in guard)],
                )
                if cursor.rowcount == 1:
                    tally.rewritten += 1
                else:
                    tally.changed_meanwhile += 1
            tally.rows += len(rows)
        if progress is not None:
            progress(model.__name__, tally)
        if len(rows) < BATCH:
            return tally
