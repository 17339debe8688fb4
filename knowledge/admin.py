"""Read-mostly admin views of packs, versions and documents.

Pack content changes through pack imports (and, later, the knowledge editor), which keep the
database and the search index in step; editing rows here would bypass the index, so the
content fields are read-only.
"""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.http import HttpRequest

from knowledge.models import Document, Pack, PackVersion


class PackVersionInline(admin.TabularInline):
    model = PackVersion
    fields = ("version", "content_hash", "created_at", "created_by", "note")
    readonly_fields = ("version", "content_hash", "created_at", "created_by")
    extra = 0
    show_change_link = True

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(Pack)
class PackAdmin(admin.ModelAdmin):
    list_display = ("name", "title", "domain", "current_version", "updated_at")
    search_fields = ("name", "title")
    readonly_fields = ("name", "current_version", "created_at", "updated_at")
    inlines = [PackVersionInline]


@admin.register(PackVersion)
class PackVersionAdmin(admin.ModelAdmin):
    list_display = ("pack", "version", "created_at", "created_by", "short_hash")
    list_filter = ("pack",)
    # The content can be megabytes of JSON: show what it holds, export_pack gives the file.
    readonly_fields = ("pack", "version", "summary", "content_hash", "created_at", "created_by")
    fields = (*readonly_fields, "note")

    @admin.display(description="hash")
    def short_hash(self, obj: PackVersion) -> str:
        return str(obj.content_hash)[:12]

    @admin.display(description="content")
    def summary(self, obj: PackVersion) -> str:
        network = obj.content.get("network", {})
        counts = ", ".join(
            f"{len(network.get(key, []))} {key.replace('_', ' ')}"
            for key in ("hypotheses", "findings", "links", "red_flags")
        )
        return f"{counts}, {len(obj.content.get('documents', []))} documents"

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False


@admin.register(Document)
class DocumentAdmin(admin.ModelAdmin):
    list_display = ("external_id", "pack", "kind", "origin", "passage_count", "updated_at")
    list_filter = ("pack", "origin", "kind")
    search_fields = ("external_id", "title", "text")
    readonly_fields = (
        "pack",
        "external_id",
        "kind",
        "title",
        "source",
        "text",
        "split",
        "origin",
        "content_hash",
        "passage_count",
        "metadata",
        "created_at",
        "updated_at",
    )

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False
