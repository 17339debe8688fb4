"""One whole web-chat conversation with the Elasticsearch backend, through the official client,
against a real Elasticsearch-API server (the session's osmem-server): the pack's passages are
indexed there on import, and "how do I check that?" is answered from a passage searched there.
"""

from __future__ import annotations

import copy
import json
import uuid
from typing import Any

import pytest
from django.test import Client

from knowledge.search import get_backend
from tests.elasticsearch_server import ElasticsearchServer
from tests.knowledge.conftest import TINY_PACK


def say(text: str, token: str = "", pack: str = "") -> tuple[str, list[dict[str, Any]]]:
    body = {"text": text, **({"token": token} if token else {}), **({"pack": pack} if pack else {})}
    response = Client().post(
        "/chat/api/messages", data=json.dumps(body), content_type="application/json"
    )
    assert response.status_code == 201, response.content
    token = response.json()["token"]
    messages = Client().get(f"/chat/api/cases/{token}/messages").json()["messages"]
    after_user = max(i for i, m in enumerate(messages) if m["role"] == "user")
    return token, messages[after_user + 1 :]


@pytest.mark.django_db
def test_a_chat_answers_from_passages_found_in_elasticsearch(
    settings: Any, elasticsearch: ElasticsearchServer
) -> None:
    from knowledge.packs.store import import_pack

    settings.RATELIMIT_ENABLED = False
    settings.LANGUAGE_BACKEND = "offline"
    settings.SEARCH_BACKEND = "elasticsearch"
    settings.ELASTICSEARCH_URL = elasticsearch.url
    settings.ELASTICSEARCH_COMPAT_MEDIA_TYPES = elasticsearch.compat_media_types
    settings.SEARCH_INDEX_PREFIX = f"askfew-chat-{uuid.uuid4().hex[:12]}"
    backend = get_backend()
    # The finding has no how_to_check text of its own: only the FAQ passage can answer.
    pack = copy.deepcopy(TINY_PACK)
    for finding in pack["network"]["findings"]:
        finding["how_to_check"] = ""
    try:
        import_pack(pack, replace=True)
        assert backend.count(pack="tiny", what="documents") >= 1
        token, replies = say("my laptop won't power on", pack="tiny")
        assert replies[0]["parts"][-1] == "Is the Wi-Fi icon missing?"
        _, replies = say("how do I check that?", token)
        assert replies[0]["parts"][0] == "Here is how to check: In the system tray."
    finally:
        backend.drop()  # type: ignore[attr-defined]
