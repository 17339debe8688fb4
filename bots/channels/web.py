"""Web chat: a page in the console and a small JSON API over the same runtime as the bots.

``GET /chat/``                                  the page (pick a pack, type, press buttons)
``POST /chat/api/messages``                     send a message or a button press
``GET /chat/api/cases/<token>/messages?after=N`` the conversation from message N+1 on

A case is identified by a random token (``Case.external_thread_id``) that the first POST
creates and the page keeps; holding it is what lets a browser read and write its case, so it
is long and unguessable. POSTs are CSRF-protected like every console form (the page sends the
``csrftoken`` cookie back in ``X-CSRFToken``).

The transcript is read back from the database (``InboundEvent`` for the user's side,
``OutboundMessage`` for the bot's and operators'), never from a POST's response, so operator
replies stored for the case (a later issue) show up in the same poll. Messages are numbered by
their position in the transcript (``seq``, from 1), ordered by when they were received or sent;
``after=N`` returns the messages after the N-th.
"""

from __future__ import annotations

import re
import secrets
import uuid
from typing import Any

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.urls import URLPattern, path
from django.views.decorators.csrf import ensure_csrf_cookie
from django.views.decorators.http import require_GET, require_POST

from bots import ratelimit, schemas
from bots.channels.base import ChannelAdapter, oversized, register
from bots.config import max_message_chars
from bots.messages import Inbound, too_long
from bots.models import Case, Channel, InboundEvent, OutboundMessage, OutboundStatus

PAYLOAD_MAX = 500
_CLIENT_ID = re.compile(r"^[A-Za-z0-9_-]{1,64}$")
_TOKEN = re.compile(r"^[A-Za-z0-9_-]{16,64}$")


class BadInput(ValueError):
    pass


def available_packs() -> list[dict[str, str]]:
    from knowledge.models import Pack

    return [
        {"name": p.name, "title": p.title or p.name, "domain": p.domain}
        for p in Pack.objects.filter(current_version__isnull=False).order_by("name")
    ]


@require_GET
@ensure_csrf_cookie
def chat_page(request: HttpRequest) -> HttpResponse:
    return render(
        request,
        "bots/webchat.html",
        {"packs": available_packs(), "max_chars": max_message_chars()},
    )


@require_POST
def post_message(request: HttpRequest) -> HttpResponse:
    """Body: ``{"text": ..., "button": payload?, "token": case?, "pack": name?,
    "client_id": id?}``. ``client_id`` makes a re-sent POST (a flaky network) count once."""
    return no_store(_post_message(request))


def _post_message(request: HttpRequest) -> JsonResponse:
    too_big = oversized(request)
    if too_big is not None:
        return JsonResponse({"error": too_big.content.decode()}, status=413)
    try:
        received = parse_message(request.body)
    except BadInput as exc:
        return JsonResponse({"error": str(exc)}, status=400)
    is_new = bool(received.meta.get("new"))
    if (
        not is_new
        and not Case.objects.filter(
            channel=Channel.WEB, external_thread_id=received.thread_id
        ).exists()
    ):
        return JsonResponse({"error": "no chat with this token"}, status=404)
    limited = ratelimit.verdict(received, client=ratelimit.client_address(request))
    if not limited.allowed:
        # The page shows the notice and keeps the text; the user sends it again later.
        response = JsonResponse(
            {
                "error": ratelimit.notice_for(limited.scope),
                "retry_after": int(limited.retry_after_s),
            },
            status=429,
        )
        response["Retry-After"] = str(int(limited.retry_after_s))
        return response
    event = ADAPTER.inbox.accept(
        received, raw={"user_agent": request.headers.get("User-Agent", "")}, limit=False
    )
    return JsonResponse(
        {"token": received.thread_id, "event_id": received.event_id, "duplicate": event is None},
        status=201 if event is not None else 200,
    )


def parse_message(body: bytes) -> Inbound:
    try:
        message = schemas.validate(schemas.WebChatMessage, schemas.load_json(body or b"{}"))
    except schemas.BadPayload as exc:
        raise BadInput(str(exc)) from exc
    text, button = message.text, message.button
    text, button = text.strip(), button.strip()
    if not text and not button:
        raise BadInput("send 'text' or a 'button' payload")
    if too_long(text):
        # The page answers at once: the user keeps the text and shortens it.
        raise BadInput(f"'text' is longer than {max_message_chars():,} characters")
    if len(button) > PAYLOAD_MAX:
        raise BadInput(f"'button' is longer than {PAYLOAD_MAX} characters")
    token = message.token or ""
    if token and not _TOKEN.match(token):
        raise BadInput("'token' is not a chat token")
    pack = message.pack or ""
    if pack and pack not in {p["name"] for p in available_packs()}:
        raise BadInput(f"unknown pack {pack[:80]!r}")
    client_id = message.client_id or ""
    if client_id and not _CLIENT_ID.match(client_id):
        raise BadInput("'client_id' must be 1-64 letters, digits, '-' or '_'")
    new = not token
    return Inbound(
        channel=Channel.WEB,
        event_id=f"web:{token or 'new'}:{client_id or uuid.uuid4().hex}",
        thread_id=token or new_chat_token(),
        text=text,
        button=button,
        pack=pack if new else "",
        meta={"new": new},
    )


def new_chat_token() -> str:
    """A fresh chat token, never beginning with '-'.

    The token is also the web user's name for operators (``export_user_data
    --user TOKEN``); one in 64 url-safe tokens began with '-', which a command
    line reads as an option.
    """
    while (token := secrets.token_urlsafe(24)).startswith("-"):
        pass
    return token


TOKEN_HEADER = "X-Chat-Token"


def no_store(response: HttpResponse) -> HttpResponse:
    """Transcripts must not stay in a browser's or a proxy's cache."""
    response["Cache-Control"] = "no-store, private"
    response["Pragma"] = "no-cache"
    return response


@require_GET
def transcript_messages(request: HttpRequest) -> HttpResponse:
    """``GET /chat/api/transcript?after=N`` with the token in ``X-Chat-Token``: the page's own
    poll, so the token stays out of URLs (access logs, history, Referer)."""
    token = request.headers.get(TOKEN_HEADER, "")
    if not _TOKEN.match(token):
        return no_store(JsonResponse({"error": f"send the chat token in {TOKEN_HEADER}"},
                                     status=400))
    return case_messages(request, token)


@require_GET
def case_messages(request: HttpRequest, token: str) -> HttpResponse:
    """``GET /chat/api/cases/<token>/messages``: kept for older clients (and the probes);
    the page itself sends the token in a header (``transcript_messages``)."""
    return no_store(_case_messages(request, token))


def _case_messages(request: HttpRequest, token: str) -> JsonResponse:
    case = Case.objects.filter(channel=Channel.WEB, external_thread_id=token).first()
    if case is None:
        return JsonResponse({"error": "no chat with this token"}, status=404)
    raw_after = request.GET.get("after", "0")
    if not raw_after.isdigit():
        return JsonResponse(
            {"error": f"'after' must be a whole number, not {raw_after!r}"}, status=400
        )
    messages = transcript(case)
    after = int(raw_after)
    return JsonResponse(
        {
            "token": token,
            # Starting over archives the case and opens a new one under the same token: a new
            # ``case`` tells the page to show the new conversation from its start.
            "case": case.pk,
            "pack": case.pack,
            "status": case.status,
            "count": len(messages),
            "messages": messages[after:],
        }
    )


def transcript(case: Case) -> list[dict[str, Any]]:
    items: list[tuple[Any, int, dict[str, Any]]] = []
    for event in InboundEvent.objects.filter(case=case).order_by("received_at", "pk"):
        received = event.payload.get("received", {})
        items.append(
            (
                event.received_at,
                0,
                {
                    "id": f"in-{event.pk}",
                    "role": "user",
                    "text": received.get("text") or received.get("button") or "",
                    "button": received.get("button", ""),
                    "parts": [],
                    "buttons": [],
                    "choices": [],
                },
            )
        )
    for out in OutboundMessage.objects.filter(case=case, status=OutboundStatus.SENT):
        payload = out.payload
        items.append(
            (
                out.sent_at or out.created_at,
                1,
                {
                    "id": f"out-{out.pk}",
                    "role": str(payload.get("role") or "bot"),
                    "text": "\n\n".join(str(p) for p in payload.get("parts") or []),
                    "parts": [str(p) for p in payload.get("parts") or []],
                    "buttons": [
                        {"label": str(b["label"]), "payload": str(b["payload"])}
                        for b in payload.get("buttons") or []
                    ],
                    "choices": [
                        {"label": str(b["label"]), "payload": str(b["payload"])}
                        for b in payload.get("choices") or []
                    ],
                    "kind": str(payload.get("kind") or ""),
                    "operator": str(payload.get("operator") or ""),
                },
            )
        )
    items.sort(key=lambda item: (item[0], item[1]))
    return [{"seq": n, **message} for n, (_, _, message) in enumerate(items, start=1)]


def send(outbound: OutboundMessage) -> str:
    """Web chat is read from the database: 'sending' is marking the message visible."""
    return f"web-{outbound.pk}"


class WebChatAdapter(ChannelAdapter):
    name = Channel.WEB.value

    def urls(self) -> list[URLPattern]:
        return [
            path("chat/", chat_page, name="webchat"),
            path("chat/api/messages", post_message, name="webchat-post"),
            path("chat/api/cases/<str:token>/messages", case_messages, name="webchat-messages"),
            path("chat/api/transcript", transcript_messages, name="webchat-transcript"),
        ]

    def send(self, outbound: OutboundMessage) -> str:
        return send(outbound)


ADAPTER = register(WebChatAdapter())
