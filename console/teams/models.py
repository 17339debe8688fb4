from __future__ import annotations

from django.conf import settings
from django.db import models


class Team(models.Model):
    name = models.CharField(max_length=100, unique=True)
    # Pack names (knowledge.Pack.name): a team can own a pack before it is imported.
    packs = models.JSONField(default=list, blank=True)
    members = models.ManyToManyField(settings.AUTH_USER_MODEL, blank=True, related_name="teams")
    # Its cases hold health or other special-category data: every opening is audited.
    sensitive = models.BooleanField(default=False)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name
