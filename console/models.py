"""What the console itself stores: the audit log of operator actions, and case hand-overs.

``AuditLog`` answers "who did what, when, to which case" for every action taken in the console
(claiming, replying, labelling, editing knowledge, signing in). Its ``Meta.permissions`` also
define the console's own permissions, which the roles in :mod:`console.roles` are made of.

``CaseHandling`` remembers what the bot had decided when an operator first touched a case: a
case that an operator closes becomes ``closed``, and without this row the dashboard could no
longer tell an abstention from an escalation, or a deflected case from one a person resolved.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models

from bots.fields import EncryptedTextField


class AuditLog(models.Model):
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    # Kept as text too: the log must still say who it was after the account is deleted.
    username = models.CharField(max_length=150, blank=True)
    action = models.CharField(max_length=64, db_index=True)
    case = models.ForeignKey(
        "bots.Case", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    target = models.CharField(max_length=300, blank=True)  # a pack, a link, a user ...
    detail = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["case", "created_at"], name="console_audit_case")]
        permissions = [
            ("view_cases", "Can see cases, transcripts and the queue"),
            ("work_cases", "Can claim, assign, reply to and close cases"),
            ("label_outcomes", "Can label the true outcome of a case"),
            ("view_knowledge", "Can browse knowledge packs and documents"),
            ("edit_knowledge", "Can edit links, refit and roll back pack versions"),
            ("view_dashboard", "Can see the dashboard"),
            ("view_audit", "Can read the audit log"),
        ]

    def __str__(self) -> str:
        return f"{self.created_at:%Y-%m-%d %H:%M} {self.username or '-'} {self.action}"


class CaseHandling(models.Model):
    """A case an operator has taken over: the bot's decision then, and who handled it."""

    case = models.OneToOneField("bots.Case", on_delete=models.CASCADE, related_name="handling")
    bot_status = models.CharField(max_length=16)
    claimed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    claimed_at = models.DateTimeField(auto_now_add=True)
    replies = models.PositiveIntegerField(default=0)
    closed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    closed_at = models.DateTimeField(null=True, blank=True)

    def __str__(self) -> str:
        return f"handling of case {self.case_id} (bot: {self.bot_status})"


class CannedReply(models.Model):
    """A saved reply operators insert and edit before sending; ``{name}``, ``{case_id}``,
    ``{operator}``, ``{pack}`` and ``{wait}`` are filled in for the case (console.canned)."""

    title = models.CharField(max_length=100)
    # Empty: offered on every pack's cases.
    pack = models.CharField(max_length=100, blank=True, db_index=True)
    text = models.TextField()
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["pack", "title", "id"]

    def __str__(self) -> str:
        return f"{self.title} ({self.pack or 'every pack'})"


class CaseNote(models.Model):
    """An operator's note on a case for colleagues: shown in the console, never sent."""

    case = models.ForeignKey("bots.Case", on_delete=models.CASCADE, related_name="notes")
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    text = EncryptedTextField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created_at", "id"]


class AssignmentRule(models.Model):
    """Cases entering the queue from a pack and/or channel go to an operator (first match by
    ``position``; an empty pack or channel matches any)."""

    pack = models.CharField(max_length=100, blank=True)
    channel = models.CharField(max_length=16, blank=True)
    assignee = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+"
    )
    position = models.PositiveIntegerField(default=0)
    active = models.BooleanField(default=True)

    class Meta:
        ordering = ["position", "id"]

    def __str__(self) -> str:
        return f"{self.pack or 'any pack'} / {self.channel or 'any channel'} -> {self.assignee}"
