"""Recording operator actions: one ``AuditLog`` row per action, written with the action.

Call :func:`record` inside the transaction that performs the action, so an action that rolls
back leaves no log line and a logged action always happened.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.signals import user_logged_in, user_logged_out, user_login_failed
from django.dispatch import receiver

from bots.signals import left_queue
from console.models import AuditLog

ACTIONS = {
    "login": "signed in",
    "logout": "signed out",
    "login_failed": "failed to sign in",
    "login_locked": "was refused sign-in: too many failures (locked out)",
    "login_unlocked": "unlocked sign-in after a lockout",
    "view_case": "opened a case holding sensitive data",
    "claim": "claimed the case",
    "assign": "assigned the case",
    "reply": "replied to the user",
    "close": "closed the case",
    "label": "labelled the outcome",
    "hand_back": "handed the case back to the bot",
    # No operator: the user corrected what the hand-off went by (bots.signals.left_queue).
    "left_queue": "the case left the queue: the user corrected the bot, which resumed it",
    "note": "added an internal note",
    "auto_assign": "assigned the case by a rule",
    "export_csv": "exported cases as CSV",
    "otp_enrol": "set up two-factor sign-in",
    "otp_failed": "entered a wrong two-factor code",
    "edit_link": "edited a link",
    "refit": "refitted links from labels",
    "rollback": "rolled a pack back",
    # Reviewing a pack drafted from documents (console.views.review).
    "review_rename": "renamed a drafted cause",
    "review_resolution": "edited a drafted cause's fix",
    "review_reword": "reworded a drafted check",
    "review_drop_cause": "dropped a drafted cause",
    "review_merge": "merged two drafted causes",
    "review_drop_link": "dropped a drafted link",
    "review_publish": "published a reviewed pack",
    # Privacy operations (bots.privacy), from the command line or the console.
    "purge": "purged old cases",
    "export_user_data": "exported a user's data",
    "delete_user_data": "deleted a user's data",
    "rotate_encryption_key": "re-encrypted the stored data under the first key",
}


def record_command(action: str, *, target: str = "", **detail: Any) -> AuditLog:
    """An entry for an action taken with ``manage.py`` (no signed-in user): who ran it is the
    operating-system account, kept in ``detail["by"]``."""
    import getpass

    try:
        by = getpass.getuser()
    except (KeyError, OSError):  # no passwd entry (some containers)
        by = ""
    return record(None, action, target=target, by=by, via="manage.py", **detail)


def record(
    user: Any,
    action: str,
    *,
    case: Any = None,
    target: str = "",
    **detail: Any,
) -> AuditLog:
    if action not in ACTIONS:
        raise ValueError(f"unknown audit action {action!r}; expected one of {sorted(ACTIONS)}")
    known = user is not None and getattr(user, "is_authenticated", False)
    return AuditLog.objects.create(
        user=user if known else None,
        username=str(getattr(user, "username", "") or "") if known else "",
        action=action,
        case=case,
        target=target[:300],
        detail=detail,
    )


@receiver(left_queue, dispatch_uid="audit-left-queue")
def _left_queue(sender: Any, case: Any, reason: str, **kwargs: Any) -> None:
    record(None, "left_queue", case=case, reason=reason)


@receiver(user_logged_in)
def _logged_in(sender: Any, request: Any, user: Any, **kwargs: Any) -> None:
    record(user, "login")


@receiver(user_logged_out)
def _logged_out(sender: Any, request: Any, user: Any, **kwargs: Any) -> None:
    if user is not None:
        record(user, "logout")


@receiver(user_login_failed)
def _login_failed(sender: Any, credentials: Any, request: Any = None, **kwargs: Any) -> None:
    # Only the name tried, never the password (Django already masks it, but be explicit).
    AuditLog.objects.create(
        action="login_failed", username=str(credentials.get("username", ""))[:150]
    )
