"""Rate limits on inbound messages, fair by construction: no budget is shared by strangers.

- Slack and Telegram: per user (the platform's user id) and per conversation (a Slack channel
  or DM, a Telegram chat): one noisy group cannot hold up the workers for everyone else.
- Web chat: anyone can open one, so it is limited per visitor (the chat's token), per address
  and per network (an IPv4 /24, an IPv6 /64), and new chats (a new case each) are limited per
  address and per network over a longer window. There is no budget for the web chat as a
  whole: a crowd of senders, each under its own limits, uses up only its own budgets, and a new
  visitor from elsewhere is served (tests/security/test_fair_limits.py replays the flood).

Counting is a sliding-window counter in Django's cache (Redis in production, so every web
process shares one count; local memory in the embedded profile, which has one process): a
fixed-window counter per window, with the previous window's count weighted by how much of it
still overlaps the sliding window. It needs only ``add`` and ``incr``, which are atomic on both
backends, so two processes counting at once never lose a hit. Keys hold a hash of the user or
channel id, not the id itself: the cache is not a place for personal data.

Over the limit, the message is not processed and the user is told, at most once per window:

- Slack and Telegram: the message is acknowledged (HTTP 200) and dropped, and a "slow down"
  reply is stored on the user's case and sent like any reply (retried if the platform fails).
  Asking the platform to retry instead does not work there: Telegram delivers a bot's updates
  in order, so a 429 for one noisy user would hold back everyone else's updates behind it, and
  Slack treats non-2xx answers as failures (retried three times, then the app's event
  subscriptions are disabled when failures persist). A slash command gets the notice as its
  (private) acknowledgement instead.
- Web chat: HTTP 429 with the notice and ``Retry-After``; the page shows the notice and the user
  sends again. The browser is the client, so nothing is lost that the user does not see.

Applying the limits on the way in (and storing the notice) is ``bots.inbox.accept``'s part.

A redelivered message (same channel and event id as a stored one) is not counted: it is dropped
as a duplicate anyway. When the cache is down the limiter lets messages through (and logs it):
losing the limit for a while is better than losing messages.
"""

from __future__ import annotations

import contextlib
import hashlib
import ipaddress
import logging
import time
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.core.cache import caches

from bots.messages import Inbound
from bots.models import Channel, InboundEvent

logger = logging.getLogger(__name__)

SLOW_DOWN = (
    "You're sending messages faster than I can read them, so I skipped your last message. "
    "Please wait a moment and send it again."
)
NEW_CHATS = (
    "Too many new chats have been started from your network just now. Please continue in the "
    "chat you already have open, or try again in a few minutes."
)
NOTICE_KIND = "rate_limited"


def notice_for(scope: str) -> str:
    return NEW_CHATS if scope == "new chats" else SLOW_DOWN


@dataclass(frozen=True)
class Limit:
    count: int
    window_s: float


@dataclass(frozen=True)
class Verdict:
    allowed: bool
    scope: str = ""  # "user" or "channel": the limit that refused
    retry_after_s: float = 0.0
    notify: bool = False  # the first refusal of this scope and key in the window


ALLOWED = Verdict(True)


def _setting(name: str, default: float) -> float:
    return float(getattr(settings, name, default))


def user_limit() -> Limit:
    return Limit(int(settings.RATELIMIT_USER_COUNT), float(settings.RATELIMIT_WINDOW_S))


def channel_limit() -> Limit:
    return Limit(int(settings.RATELIMIT_CHANNEL_COUNT), float(settings.RATELIMIT_WINDOW_S))


def address_limit() -> Limit:
    return Limit(int(_setting("RATELIMIT_ADDRESS_COUNT", 60)), float(settings.RATELIMIT_WINDOW_S))


def network_limit() -> Limit:
    return Limit(int(_setting("RATELIMIT_NETWORK_COUNT", 180)), float(settings.RATELIMIT_WINDOW_S))


def new_case_limits() -> tuple[Limit, Limit]:
    """(per address, per network) new web chats per ``RATELIMIT_NEW_CASES_WINDOW_S``."""
    window = _setting("RATELIMIT_NEW_CASES_WINDOW_S", 600)
    return (
        Limit(int(_setting("RATELIMIT_NEW_CASES_PER_ADDRESS", 10)), window),
        Limit(int(_setting("RATELIMIT_NEW_CASES_PER_NETWORK", 30)), window),
    )


def network_of(address: str) -> str:
    """The network an address belongs to for limiting: its /24 (IPv4) or /64 (IPv6); the
    address itself when it is not an IP address."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    prefix = 24 if ip.version == 4 else 64
    return str(ipaddress.ip_network(f"{ip}/{prefix}", strict=False))


def _cache() -> Any:
    return caches[str(getattr(settings, "RATELIMIT_CACHE", "default"))]


def _digest(*parts: str) -> str:
    return hashlib.blake2b("\x1f".join(parts).encode(), digest_size=12).hexdigest()


def hit(key: str, limit: Limit, now: float | None = None) -> tuple[bool, float]:
    """Count one hit on ``key``; (within the limit, seconds until the window turns over).

    A refused hit is taken back, so a user who keeps sending gets through again as soon as
    their own rate drops below the limit.
    """
    now = time.time() if now is None else now
    index, into = divmod(now, limit.window_s)
    cache = _cache()
    current_key = f"rl:{key}:{int(index)}"
    ttl = int(limit.window_s * 2) + 1
    cache.add(current_key, 0, timeout=ttl)
    try:
        current = int(cache.incr(current_key))
    except ValueError:  # expired between add and incr
        cache.set(current_key, 1, timeout=ttl)
        current = 1
    previous = int(cache.get(f"rl:{key}:{int(index) - 1}", 0))
    estimate = previous * (1.0 - into / limit.window_s) + current
    if estimate <= limit.count:
        return True, 0.0
    with contextlib.suppress(ValueError):
        cache.decr(current_key)
    return False, max(1.0, limit.window_s - into)


def peek(key: str, limit: Limit, now: float | None = None) -> bool:
    """Whether ``key`` is at or over ``limit`` now, without counting a hit."""
    now = time.time() if now is None else now
    index, into = divmod(now, limit.window_s)
    cache = _cache()
    current = int(cache.get(f"rl:{key}:{int(index)}", 0))
    previous = int(cache.get(f"rl:{key}:{int(index) - 1}", 0))
    return previous * (1.0 - into / limit.window_s) + current >= limit.count


def forget(key: str, limit: Limit, now: float | None = None) -> None:
    """Drop every count of ``key`` (an administrator's unlock)."""
    index = int((time.time() if now is None else now) // limit.window_s)
    _cache().delete_many([f"rl:{key}:{index}", f"rl:{key}:{index - 1}"])


def take_back(key: str, limit: Limit, now: float) -> None:
    """Undo one counted hit (a later limit refused the message, so it did not count here)."""
    with contextlib.suppress(ValueError):
        _cache().decr(f"rl:{key}:{int(now // limit.window_s)}")


def conversation_of(received: Inbound) -> str:
    """The conversation a Slack or Telegram message counts against: the Slack channel, the
    Telegram chat."""
    if received.channel == Channel.SLACK:
        return str(received.meta.get("channel") or received.thread_id.split(":", 1)[0])
    return received.thread_id.split("~", 1)[0]


def client_address(request: Any) -> str:
    """The web chat sender's address: the peer, or with ``RATELIMIT_PROXY_HOPS`` = N trusted
    proxies in front (nginx, an ingress), the address the outermost of them saw (the N-th
    entry of X-Forwarded-For from the right; anything left of it the client could forge)."""
    hops = int(getattr(settings, "RATELIMIT_PROXY_HOPS", 0) or 0)
    forwarded = [a.strip() for a in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")]
    forwarded = [a for a in forwarded if a]
    if hops > 0 and len(forwarded) >= hops:
        return forwarded[-hops]
    return str(request.META.get("REMOTE_ADDR") or "unknown")


def is_duplicate(received: Inbound) -> bool:
    return InboundEvent.objects.filter(
        channel=received.channel, event_id=received.event_id
    ).exists()


def checks(received: Inbound, client: str = "") -> list[tuple[str, str, Limit]]:
    """(scope, key, limit) for each limit ``received`` counts against."""
    channel = received.channel
    if channel != Channel.WEB:
        user = received.user_id or client or received.thread_id
        return [
            ("user", _digest(channel, "user", user), user_limit()),
            ("channel", _digest(channel, "chan", conversation_of(received)), channel_limit()),
        ]
    address = client or "unknown"
    network = network_of(address)
    found = [
        # The chat's token; a new chat's is made before this check, so its first message counts.
        ("user", _digest(channel, "visitor", received.thread_id), user_limit()),
        ("address", _digest(channel, "addr", address), address_limit()),
        ("network", _digest(channel, "net", network), network_limit()),
    ]
    if received.meta.get("new"):
        per_address, per_network = new_case_limits()
        found += [
            ("new chats", _digest(channel, "new-addr", address), per_address),
            ("new chats", _digest(channel, "new-net", network), per_network),
        ]
    return found


def verdict(received: Inbound, *, client: str = "") -> Verdict:
    """Count ``received`` against each of its limits (``checks``); the first one it is over
    refuses it, and the hits already counted for it are taken back.

    ``client`` is the sender's address (the web chat's only clue to who is sending).
    """
    if not settings.RATELIMIT_ENABLED or is_duplicate(received):
        return ALLOWED
    counted: list[tuple[str, Limit]] = []
    now = time.time()
    for scope, key, limit in checks(received, client):
        try:
            within, retry_after_s = hit(key, limit, now)
        except Exception:
            logger.warning(
                "rate limit cache unavailable; letting the message through", exc_info=True
            )
            return ALLOWED
        if within:
            counted.append((key, limit))
            continue
        for done_key, done_limit in counted:
            with contextlib.suppress(Exception):
                take_back(done_key, done_limit, now)
        window = int(now // limit.window_s)
        try:
            first = bool(
                _cache().add(f"rl:notice:{key}:{window}", 1, timeout=int(limit.window_s) + 1)
            )
        except Exception:
            first = True
        logger.info(
            "%s message over the %s rate limit (%d per %g s)",
            received.channel,
            scope,
            limit.count,
            limit.window_s,
        )
        return Verdict(False, scope, retry_after_s, first)
    return ALLOWED
