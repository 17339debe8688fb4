"""Knowledge packs, their versions, and the documents held in the search index.

A pack's knowledge lives in its versions: each ``PackVersion`` keeps the whole pack file as
imported (``content``), so the network the product runs on is
``EvidentialNetwork.from_dict(pack.current_version.content["network"])`` and older versions
stay available for history and rollback. ``Document`` rows mirror what the search index holds
(a pack's own documents and articles ingested into it), so the index can be rebuilt from the
database and an import can be undone in the index when it fails.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models

from knowledge.packs.passages import CHUNKS, PARAGRAPHS


class Pack(models.Model):
    name = models.SlugField(max_length=64, unique=True)
    title = models.CharField(max_length=200)
    domain = models.CharField(max_length=64, blank=True)
    description = models.TextField(blank=True)
    current_version = models.ForeignKey(
        "PackVersion",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        help_text="The version the product runs on.",
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return str(self.name)


class PackVersion(models.Model):
    pack = models.ForeignKey(Pack, on_delete=models.CASCADE, related_name="versions")
    version = models.CharField(max_length=64)
    content = models.JSONField(help_text="The pack file as imported (format askfew-pack).")
    content_hash = models.CharField(max_length=64, help_text="SHA-256 of the canonical JSON.")
    created_at = models.DateTimeField(auto_now_add=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    note = models.TextField(blank=True)

    class Meta:
        ordering = ["pack", "-created_at", "-id"]
        constraints = [
            models.UniqueConstraint(
                fields=["pack", "version"], name="knowledge_pack_version_unique"
            )
        ]

    def __str__(self) -> str:
        return f"{self.pack.name} {self.version}"


class Document(models.Model):
    ORIGIN_PACK = "pack"
    ORIGIN_INGEST = "ingest"
    ORIGINS = [(ORIGIN_PACK, "pack file"), (ORIGIN_INGEST, "ingested")]
    SPLITS = [(CHUNKS, "chunks"), (PARAGRAPHS, "paragraphs")]

    pack = models.ForeignKey(Pack, on_delete=models.CASCADE, related_name="documents")
    external_id = models.CharField(
        max_length=255, unique=True, help_text="The id in the search index and in citations."
    )
    kind = models.CharField(max_length=32)
    title = models.CharField(max_length=500)
    source = models.CharField(max_length=1000, blank=True)
    text = models.TextField()
    split = models.CharField(max_length=16, choices=SPLITS, default=CHUNKS)
    origin = models.CharField(max_length=16, choices=ORIGINS)
    content_hash = models.CharField(max_length=64)
    passage_count = models.PositiveIntegerField(default=0)
    metadata = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["pack", "external_id"]
        indexes = [models.Index(fields=["pack", "origin"], name="knowledge_doc_pack_origin")]

    def __str__(self) -> str:
        return str(self.external_id)
