"""Canned replies and assignment rules are kept in Django's admin (``/admin/``)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import admin

from .canned import VARIABLES, unknown_variables
from .models import AssignmentRule, CannedReply


class CannedReplyForm(forms.ModelForm):
    class Meta:
        model = CannedReply
        fields = ["title", "pack", "text"]
        help_texts = {"text": "Variables: " + ", ".join(f"{{{v}}}" for v in VARIABLES)}

    def clean_text(self) -> Any:
        text = self.cleaned_data["text"]
        unknown = unknown_variables(text)
        if unknown:
            raise forms.ValidationError(
                f"unknown variable(s) {', '.join(unknown)}; known: {', '.join(VARIABLES)}"
            )
        return text


@admin.register(CannedReply)
class CannedReplyAdmin(admin.ModelAdmin):
    form = CannedReplyForm
    list_display = ["title", "pack", "updated_at"]
    list_filter = ["pack"]


@admin.register(AssignmentRule)
class AssignmentRuleAdmin(admin.ModelAdmin):
    list_display = ["position", "pack", "channel", "assignee", "active"]
    list_editable = ["active"]
