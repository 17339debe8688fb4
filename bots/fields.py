"""Model fields that keep their content encrypted at rest (see :mod:`bots.crypto`).

- :class:`EncryptedTextField`: a string, stored as ``fe1:<token>`` in a text column.
- :class:`EncryptedJSONField`: any JSON value, serialised and then encrypted the same way (a
  text column: the database cannot read inside it any more).
- :class:`BlindIndexField`: the keyed word hashes of another field, filled on every save
  (and by ``bulk_create``), which is what transcript search filters on.

Reading accepts plaintext left by earlier versions (no prefix) and encrypts it on the next
write. An encrypted field cannot be filtered by content: Fernet tokens are randomised, so a
comparison in SQL would silently match nothing. Such lookups raise ``FieldError`` instead,
naming the blind index; only ``isnull`` and comparison with the empty string are allowed.
"""

from __future__ import annotations

import json
from typing import Any

from django.core.exceptions import FieldError
from django.db import models
from django.db.models.lookups import Exact, IsNull, Lookup

from bots import crypto


class _EmptyOnly(Exact):
    """``field=""`` only: the empty string is stored as is, so it can be compared."""

    def __init__(self, lhs: Any, rhs: Any) -> None:
        if rhs not in ("", None):
            raise FieldError(
                f"{lhs.target.model.__name__}.{lhs.target.name} is encrypted: it cannot be "
                "compared with a value in SQL (search the blind index instead)"
            )
        super().__init__(lhs, rhs)

    def get_db_prep_lookup(self, value: Any, connection: Any) -> Any:
        return ("%s", [value])


class _Encrypted:
    """What both encrypted fields share: lookups limited, never part of an index."""

    def get_lookup(self, lookup_name: str) -> type[Lookup] | None:
        if lookup_name == "isnull":
            return IsNull
        if lookup_name == "exact":
            return _EmptyOnly
        raise FieldError(
            f"an encrypted field cannot be filtered with '{lookup_name}' (its content is "
            "encrypted in the database; search the blind index instead)"
        )

    def get_transform(self, name: str) -> Any:
        raise FieldError(f"an encrypted field has no transform '{name}'")


class EncryptedTextField(_Encrypted, models.TextField):  # type: ignore[misc]
    def from_db_value(self, value: Any, expression: Any, connection: Any) -> str | None:
        if value is None:
            return None
        return crypto.decrypt(value)

    def get_prep_value(self, value: Any) -> Any:
        value = super().get_prep_value(value)
        if value is None or value == "":
            return value
        return crypto.encrypt(value)


class EncryptedJSONField(_Encrypted, models.TextField):  # type: ignore[misc]
    """A JSON value encrypted as one text (a ``JSONField`` in the code, a text column in SQL)."""

    def from_db_value(self, value: Any, expression: Any, connection: Any) -> Any:
        if value is None:
            return None
        # Rows from before encryption hold the JSON text itself (a JSON column, converted).
        return json.loads(crypto.decrypt(value))

    def to_python(self, value: Any) -> Any:
        return value

    def get_prep_value(self, value: Any) -> Any:
        value = models.Field.get_prep_value(self, value)
        if value is None:
            return None
        return crypto.encrypt(json.dumps(value, ensure_ascii=False, separators=(",", ":")))

    def value_to_string(self, obj: Any) -> str:
        return json.dumps(self.value_from_object(obj), ensure_ascii=False)


class BlindIndexField(models.TextField):
    """The blind index of field ``source``, recomputed whenever the row is saved or
    bulk-created. ``QuerySet.update(text=...)`` and ``bulk_update`` skip it: set both fields
    there (``crypto.index_text``), or run ``manage.py rotate_encryption_key``, which rebuilds
    any stale index."""

    def __init__(self, *args: Any, source: str = "", **kwargs: Any) -> None:
        self.source = source
        kwargs.setdefault("blank", True)
        kwargs.setdefault("default", "")
        kwargs.setdefault("editable", False)
        super().__init__(*args, **kwargs)

    def deconstruct(self) -> Any:
        name, path, args, kwargs = super().deconstruct()
        kwargs["source"] = self.source
        for key, value in (("blank", True), ("default", ""), ("editable", False)):
            if kwargs.get(key) == value:
                del kwargs[key]
        return name, path, args, kwargs

    def pre_save(self, model_instance: models.Model, add: bool) -> str:
        value = crypto.index_text([getattr(model_instance, self.source) or ""])
        setattr(model_instance, self.attname, value)
        return value
