"""Paging staff: an emergency or urgent escalation notifies every configured target at once.

A case in the console queue waits for someone to look; an emergency must not. When a turn
escalates a patient case at triage "emergency" or "urgent", :func:`page_staff` stores one
:class:`~bots.models.StaffAlert` per configured target (the audit row) and sends each through
Celery (``bots.tasks.send_staff_alert``), with the discipline of replies (:mod:`bots.outbound`):
a row is sent at most once (PENDING -> SENT under a row lock), transient failures are retried
with backoff, permanent ones and spent attempts are marked FAILED with the error.

Targets (settings, from the environment):

- ``STAFF_ALERT_WEBHOOK_URL``: a JSON POST (case id, channel, triage level, red flags, reason,
  console link), signed with HMAC-SHA256 over the raw body in ``X-Askfew-Signature:
  sha256=<hex>`` when ``STAFF_ALERT_SECRET`` is set;
- ``STAFF_ALERT_SLACK_CHANNEL``: a message in that channel through the Slack adapter;
- ``STAFF_ALERT_TELEGRAM_CHAT_ID``: a message to that chat through the Telegram adapter;
- ``STAFF_ALERT_EMAILS``: an e-mail through Django's mail settings (``EMAIL_*``).

With none configured nothing is paged, the patient is not told that staff were alerted
(:func:`staff_notice`), and ``manage.py check`` warns (:func:`check_targets`).

Without a broker (Celery eager mode: the embedded profile, tests) an alert is sent on a
background thread, so a slow or failing target never holds up the patient's reply.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import logging
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Sequence
from typing import Any

from django.conf import settings
from django.core import checks
from django.db import close_old_connections, transaction
from django.utils import timezone

from bots.models import Case, OutboundStatus, StaffAlert
from bots.outbound import (
    MAX_ATTEMPTS,
    PermanentSendError,
    RetryLater,
    TransientSendError,
    backoff_s,
)

log = logging.getLogger(__name__)

PAGED_LEVELS = ("emergency", "urgent")
TARGETS = ("webhook", "slack", "telegram", "email")
WEBHOOK_TIMEOUT_S = 5.0
SIGNATURE_HEADER = "X-Askfew-Signature"

ALERTED = "I've also alerted our staff, who will contact you here."
# Emergencies and urgent cases are ordered ahead of routine ones, not necessarily first: the
# wait notice that follows says how many are ahead.
QUEUED = (
    "Your case is now in our staff's queue, ahead of routine cases; they will contact you here."
)


def configured_targets() -> list[str]:
    """The targets with settings, in :data:`TARGETS` order."""
    wanted = {
        "webhook": getattr(settings, "STAFF_ALERT_WEBHOOK_URL", ""),
        "slack": getattr(settings, "STAFF_ALERT_SLACK_CHANNEL", ""),
        "telegram": getattr(settings, "STAFF_ALERT_TELEGRAM_CHAT_ID", ""),
        "email": getattr(settings, "STAFF_ALERT_EMAILS", ""),
    }
    return [t for t in TARGETS if str(wanted[t] or "").strip()]


def staff_notice() -> str:
    """What the patient may be told about staff: "alerted" only when someone is paged."""
    return ALERTED if configured_targets() else QUEUED


def console_link(case_id: int) -> str:
    base = str(getattr(settings, "STAFF_CONSOLE_URL", "") or "").rstrip("/")
    return f"{base}/console/cases/{case_id}/"


def page_staff(case: Case, *, key: str, level: str, reason: str) -> list[int]:
    """Store and send one alert per configured target for this escalation; the alert ids.

    Called inside the turn's transaction: the sends start once it commits. ``key`` names the
    escalation (the bot turn), so calling again for it pages nobody twice.
    """
    if level not in PAGED_LEVELS:
        return []
    targets = configured_targets()
    if not targets:
        log.warning(
            "case %s escalated (%s) but no staff alert target is configured", case.pk, level
        )
        return []
    red_flags = [
        {"finding": f.get("finding"), "reason": f.get("reason"), "level": f.get("level")}
        for f in (case.state.get("red_flags") or [])
        if isinstance(f, dict)
    ]
    payload = {
        "event": "case.escalated",
        "case_id": case.pk,
        "channel": case.channel,
        "pack": case.pack,
        "triage_level": level,
        "reason": reason,
        "red_flags": red_flags,
        "console_url": console_link(case.pk),
    }
    ids = []
    for target in targets:
        alert, created = StaffAlert.objects.get_or_create(
            case=case,
            target=target,
            key=key,
            defaults={"triage_level": level, "reason": reason[:200], "payload": payload},
        )
        if created:
            ids.append(alert.pk)
    if ids:
        transaction.on_commit(lambda: _dispatch(ids))
    return ids


def _dispatch(alert_ids: Sequence[int]) -> None:
    # By the app and the task's name: bots.tasks imports the runtime, which imports us.
    from celery import current_app

    if current_app.conf.task_always_eager:
        # No worker: send on a thread of our own, retries and all, off the reply's path.
        thread = threading.Thread(
            target=_send_all_now, args=(list(alert_ids),), name="staff-alerts", daemon=True
        )
        thread.start()
        return
    for alert_id in alert_ids:
        current_app.send_task("bots.tasks.send_staff_alert", args=[alert_id])


def _send_all_now(alert_ids: list[int]) -> None:
    try:
        for alert_id in alert_ids:
            deliver_with_retries(alert_id, sleep=time.sleep)
    finally:
        close_old_connections()


def deliver_with_retries(alert_id: int, *, sleep: Callable[[float], None]) -> StaffAlert:
    """Deliver one alert, waiting out transient failures in this thread."""
    while True:
        try:
            return deliver(alert_id)
        except RetryLater as exc:
            sleep(exc.delay_s)


def deliver(alert_id: int) -> StaffAlert:
    """Send one stored alert unless it was sent; ``RetryLater`` on a transient failure."""
    with transaction.atomic():
        alert = StaffAlert.objects.select_for_update().select_related("case").get(pk=alert_id)
        if alert.status != OutboundStatus.PENDING:
            return alert
        alert.attempts += 1
        alert.save(update_fields=["attempts"])
    try:
        external_id = SENDERS[alert.target](alert)
    except TransientSendError as exc:
        if alert.attempts >= MAX_ATTEMPTS:
            return _mark_failed(alert, f"gave up after {alert.attempts} attempts: {exc}")
        StaffAlert.objects.filter(pk=alert.pk).update(last_error=str(exc)[:2000])
        raise RetryLater(alert.pk, backoff_s(alert.attempts, exc.retry_after), str(exc)) from exc
    except PermanentSendError as exc:
        return _mark_failed(alert, str(exc))
    StaffAlert.objects.filter(pk=alert.pk).update(
        status=OutboundStatus.SENT, sent_at=timezone.now(), external_id=external_id[:200]
    )
    alert.refresh_from_db()
    log.info("staff alert %s for case %s sent to %s", alert.pk, alert.case_id, alert.target)
    return alert


def _mark_failed(alert: StaffAlert, error: str) -> StaffAlert:
    StaffAlert.objects.filter(pk=alert.pk).update(
        status=OutboundStatus.FAILED, last_error=error[:2000]
    )
    alert.refresh_from_db()
    log.error("staff alert %s for case %s failed: %s", alert.pk, alert.case_id, error)
    return alert


# -- the targets --------------------------------------------------------------------------------


def summary(payload: dict[str, Any]) -> str:
    """The alert in one short text (Slack, Telegram, e-mail)."""
    flags = "; ".join(str(f.get("reason") or f.get("finding")) for f in payload["red_flags"])
    lines = [
        f"{str(payload['triage_level']).upper()}: case {payload['case_id']} "
        f"({payload['channel']}) needs a person now.",
        f"Why: {payload['reason']}" + (f" ({flags})" if flags else ""),
        f"Open: {payload['console_url']}",
    ]
    return "\n".join(lines)


def sign(body: bytes, secret: str) -> str:
    return "sha256=" + hmac.new(secret.encode(), body, hashlib.sha256).hexdigest()


def _send_webhook(alert: StaffAlert) -> str:
    body = json.dumps({**alert.payload, "alert_id": alert.pk}, sort_keys=True).encode()
    headers = {"Content-Type": "application/json", "User-Agent": "askfew-staff-alerts"}
    secret = str(getattr(settings, "STAFF_ALERT_SECRET", "") or "")
    if secret:
        headers[SIGNATURE_HEADER] = sign(body, secret)
    request = urllib.request.Request(
        str(settings.STAFF_ALERT_WEBHOOK_URL), data=body, headers=headers, method="POST"
    )
    try:
        with urllib.request.urlopen(request, timeout=WEBHOOK_TIMEOUT_S) as response:
            return f"HTTP {response.status}"
    except urllib.error.HTTPError as exc:
        if exc.code == 429 or exc.code >= 500:
            retry = exc.headers.get("Retry-After") if exc.headers else None
            raise TransientSendError(
                f"webhook HTTP {exc.code}", retry_after=float(retry) if retry else None
            ) from exc
        raise PermanentSendError(f"webhook refused the alert: HTTP {exc.code}") from exc
    except (urllib.error.URLError, OSError, TimeoutError) as exc:
        raise TransientSendError(f"webhook unreachable: {exc}") from exc


def _send_slack(alert: StaffAlert) -> str:
    from bots.channels.slack import call_slack

    channel = str(settings.STAFF_ALERT_SLACK_CHANNEL)
    text = summary(alert.payload)
    response = call_slack(lambda client: client.chat_postMessage(channel=channel, text=text))
    return str(response["ts"])


def _send_telegram(alert: StaffAlert) -> str:
    from bots.channels.telegram import call_telegram

    chat_id = int(str(settings.STAFF_ALERT_TELEGRAM_CHAT_ID))
    text = summary(alert.payload)
    message = call_telegram(lambda bot: bot.send_message(chat_id=chat_id, text=text))
    return str(message.message_id)


def _send_email(alert: StaffAlert) -> str:
    from django.core.mail import send_mail

    recipients = [a.strip() for a in str(settings.STAFF_ALERT_EMAILS).split(",") if a.strip()]
    subject = f"[askfew] {str(alert.payload['triage_level']).upper()}: case {alert.case_id}"
    try:
        sent = send_mail(subject, summary(alert.payload), None, recipients)
    except OSError as exc:  # SMTP down or refusing: try again later
        raise TransientSendError(f"mail server: {exc}") from exc
    if not sent:
        raise TransientSendError("the mail backend sent nothing")
    return f"mail to {len(recipients)}"


SENDERS: dict[str, Callable[[StaffAlert], str]] = {
    "webhook": _send_webhook,
    "slack": _send_slack,
    "telegram": _send_telegram,
    "email": _send_email,
}


# -- manage.py check ------------------------------------------------------------------------------


def check_targets(app_configs: Any = None, **kwargs: Any) -> list[checks.CheckMessage]:
    """Warn when no staff alert target is configured: emergencies would only be queued."""
    if configured_targets():
        return []
    return [
        checks.Warning(
            "No staff alert target is configured: an emergency or urgent escalation will "
            "wait in the console queue and nobody is paged.",
            hint="Set STAFF_ALERT_WEBHOOK_URL, STAFF_ALERT_SLACK_CHANNEL, "
            "STAFF_ALERT_TELEGRAM_CHAT_ID or STAFF_ALERT_EMAILS.",
            id="bots.W001",
        )
    ]
