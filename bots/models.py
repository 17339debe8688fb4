"""Cases, their turns, the inbound events and outbound replies behind them, and outcome labels.

A case is one conversation in one channel thread. Every inbound event is stored before it is
processed (so a crash loses nothing and a platform retry is recognised by its event id), and
every reply is stored before it is sent (so a retry of the send never produces a second reply).

What people wrote is encrypted at rest (:mod:`bots.fields`): the turns' text, the inbound
events' and outbound replies' payloads, the dialogue state (it holds the opening complaint),
the user's display name and the operators' outcome notes. Ids (channel, thread, user), statuses,
interpretations (finding ids and states) and beliefs stay readable: the queries and dashboards
filter and count on them. Transcripts are searched through the turns' blind index.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import models

from bots.fields import BlindIndexField, EncryptedJSONField, EncryptedTextField


class Channel(models.TextChoices):
    SLACK = "slack", "Slack"
    TELEGRAM = "telegram", "Telegram"
    WEB = "web", "Web chat"
    TERMINAL = "terminal", "Terminal"


class CaseStatus(models.TextChoices):
    ACTIVE = "active", "Active"
    CONCLUDED = "concluded", "Concluded"
    ABSTAINED = "abstained", "Abstained"
    ESCALATED = "escalated", "Escalated"
    HANDED_OFF = "handed_off", "Handed off"
    CLOSED = "closed", "Closed"


class Case(models.Model):
    channel = models.CharField(max_length=16, choices=Channel.choices)
    # Slack: "<channel id>:<thread ts>"; Telegram: "<chat id>"; web: a random token.
    external_thread_id = models.CharField(max_length=200)
    external_user_id = models.CharField(max_length=200, blank=True)
    user_display = EncryptedTextField(blank=True)
    pack = models.CharField(max_length=100, blank=True)
    pack_version = models.CharField(max_length=50, blank=True)
    status = models.CharField(
        max_length=16, choices=CaseStatus.choices, default=CaseStatus.ACTIVE, db_index=True
    )
    # The serialised DialogueState (belief, asked findings, turns) and the pending question.
    state = EncryptedJSONField(default=dict, blank=True)
    pending_finding = models.CharField(max_length=200, blank=True)
    conclusion = models.CharField(max_length=200, blank=True)
    confidence = models.FloatField(null=True, blank=True)
    triage_level = models.CharField(max_length=16, blank=True)
    differential = models.JSONField(default=list, blank=True)
    assigned_to = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)
    updated_at = models.DateTimeField(auto_now=True)
    closed_at = models.DateTimeField(null=True, blank=True)
    # Hand-off to a person (bots.takeover): when the case last entered the queue, when the user
    # was told a person has it (once per hand-off), and the user's rating after the close.
    waiting_since = models.DateTimeField(null=True, blank=True)
    operator_notice_at = models.DateTimeField(null=True, blank=True)
    csat_score = models.PositiveSmallIntegerField(null=True, blank=True)
    csat_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["channel", "external_thread_id"], name="one_case_per_thread"
            )
        ]
        indexes = [
            models.Index(fields=["status", "created_at"]),
            models.Index(fields=["status", "waiting_since"], name="bots_case_waiting"),
        ]

    def __str__(self) -> str:
        return f"case {self.pk} ({self.channel}, {self.pack or 'unrouted'}, {self.status})"


class Role(models.TextChoices):
    USER = "user", "User"
    BOT = "bot", "Bot"
    OPERATOR = "operator", "Operator"
    SYSTEM = "system", "System"


class Turn(models.Model):
    case = models.ForeignKey(Case, on_delete=models.CASCADE, related_name="turns")
    index = models.PositiveIntegerField()
    role = models.CharField(max_length=16, choices=Role.choices)
    text = EncryptedTextField(blank=True)
    # Keyed hashes of the words of ``text``: what transcript search matches (bots.crypto).
    search_tokens = BlindIndexField(source="text")
    # What the user's words were taken to mean: a list of Answer-like dicts, or an intent.
    interpretation = models.JSONField(default=dict, blank=True)
    # The bot's action: {"type": "ask"|"conclude"|"abstain"|"escalate"|..., ...}.
    action = models.JSONField(default=dict, blank=True)
    rationale = models.JSONField(default=dict, blank=True)
    # Belief after this turn: leading hypotheses' BetP, conflict, nonspecificity, discord, ...
    belief = models.JSONField(default=dict, blank=True)
    canonical_text = models.TextField(blank=True)  # the pack's wording when an LLM rephrased
    latency_ms = models.FloatField(null=True, blank=True)
    operator = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["case", "index"]
        constraints = [models.UniqueConstraint(fields=["case", "index"], name="turn_order")]

    def __str__(self) -> str:
        return f"turn {self.index} of case {self.case_id} ({self.role})"

    def save(self, *args: Any, **kwargs: Any) -> None:
        fields = kwargs.get("update_fields")
        if fields is not None and "text" in fields and "search_tokens" not in fields:
            kwargs["update_fields"] = [*fields, "search_tokens"]  # the index follows the text
        super().save(*args, **kwargs)


class EventStatus(models.TextChoices):
    RECEIVED = "received", "Received"
    PROCESSED = "processed", "Processed"
    DUPLICATE = "duplicate", "Duplicate"
    FAILED = "failed", "Failed"


class InboundEvent(models.Model):
    channel = models.CharField(max_length=16, choices=Channel.choices)
    # The platform's own id (Slack event_id / action id, Telegram update_id, web message id).
    event_id = models.CharField(max_length=200)
    case = models.ForeignKey(
        Case, null=True, blank=True, on_delete=models.CASCADE, related_name="events"
    )
    payload = EncryptedJSONField(default=dict)  # holds the message text
    status = models.CharField(
        max_length=16, choices=EventStatus.choices, default=EventStatus.RECEIVED, db_index=True
    )
    error = models.TextField(blank=True)
    attempts = models.PositiveIntegerField(default=0)
    received_at = models.DateTimeField(auto_now_add=True)
    processed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["channel", "event_id"], name="one_event_per_id")
        ]
        ordering = ["received_at", "id"]


class OutboundStatus(models.TextChoices):
    PENDING = "pending", "Pending"
    SENT = "sent", "Sent"
    FAILED = "failed", "Failed"


class Delivery(models.Model):
    """What every message we send keeps: where it stands, how often it was tried, why it
    failed, the platform's id for it. Replies and staff pages are sent with the same
    exactly-once discipline, so they share these fields."""

    status = models.CharField(
        max_length=16, choices=OutboundStatus.choices, default=OutboundStatus.PENDING, db_index=True
    )
    attempts = models.PositiveIntegerField(default=0)
    last_error = models.TextField(blank=True)
    external_id = models.CharField(max_length=200, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    sent_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        abstract = True
        ordering = ["created_at", "id"]


class OutboundMessage(Delivery):
    case = models.ForeignKey(Case, on_delete=models.CASCADE, related_name="outbound")
    # The inbound event this answers: at most one reply per event.
    in_reply_to = models.OneToOneField(
        InboundEvent, null=True, blank=True, on_delete=models.SET_NULL, related_name="reply"
    )
    turn = models.ForeignKey(Turn, null=True, blank=True, on_delete=models.SET_NULL)
    channel = models.CharField(max_length=16, choices=Channel.choices)
    payload = EncryptedJSONField(default=dict)


class StaffAlert(Delivery):
    """One page to staff about a case (an emergency or urgent escalation), for one target.

    The row is the audit trail: what was sent where, when, after how many attempts, and why
    it failed. ``key`` names what raised it (the bot turn), so one escalation pages each
    target once however often the task runs (the same discipline as OutboundMessage).
    """

    case = models.ForeignKey(Case, on_delete=models.CASCADE, related_name="staff_alerts")
    target = models.CharField(max_length=16)  # webhook, slack, telegram, email
    key = models.CharField(max_length=100)
    triage_level = models.CharField(max_length=16, blank=True)
    reason = models.CharField(max_length=200, blank=True)
    payload = models.JSONField(default=dict)

    class Meta(Delivery.Meta):
        constraints = [
            models.UniqueConstraint(fields=["case", "target", "key"], name="one_alert_per_target")
        ]


class Outcome(models.Model):
    """An operator's label of what was really wrong: a hypothesis id of the pack, or other."""

    case = models.OneToOneField(Case, on_delete=models.CASCADE, related_name="outcome")
    hypothesis = models.CharField(max_length=200, blank=True)  # empty with other=True
    other = models.BooleanField(default=False)
    note = EncryptedTextField(blank=True)
    labelled_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    labelled_at = models.DateTimeField(auto_now=True)
