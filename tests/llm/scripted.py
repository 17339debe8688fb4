"""A tiny IT corpus and a scripted "model" that answers our construction prompts over HTTP.

The scripted model reads the prompts the way a real one would - the subject of an expansion,
the hypothesis, finding and passage id of an elicitation - so the tests check that the prompts
carry that information, and it only cites passage ids that the request's schema offers.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from knowledge.search import Document, chunk_text
from knowledge.search.embedded import EmbeddedBackend
from loopback.openai import Reply, Request

PACK = "it"
ARTICLES = {
    "it:switch": (
        "Wi-Fi switched off",
        "Wi-Fi switched off. When the wireless switch or the airplane mode key turns Wi-Fi "
        "off, the Wi-Fi light is off and no wireless networks are listed. Turn the switch on "
        "or leave airplane mode.",
    ),
    "it:driver": (
        "Outdated Wi-Fi driver",
        "Outdated Wi-Fi driver. An outdated wireless driver often makes the connection drop "
        "after waking from sleep. The Wi-Fi light stays on and networks are listed, but "
        "connecting fails. Update the driver from the vendor site.",
    ),
    "it:sleep": (
        "Connection drops after sleep",
        "Connection drops after sleep. Users report that the Wi-Fi connection drops after "
        "sleep on some laptops. Power management settings can also cause this, so the driver "
        "is not always to blame.",
    ),
    "it:router": (
        "Router fault",
        "Router fault. When the router is faulty, every device in the house loses internet "
        "access. The router lights blink red. Restart the router.",
    ),
}
HYPOTHESES: list[dict[str, Any]] = [
    {"id": "h_switch", "name": "Wi-Fi switched off", "description": "The wireless radio is off."},
    {"id": "h_driver", "name": "Outdated Wi-Fi driver", "description": "The driver is old."},
]


def pack_documents() -> list[dict[str, str]]:
    return [
        {"id": ident, "kind": "article", "title": title, "text": text}
        for ident, (title, text) in ARTICLES.items()
    ]


def index_corpus(backend: Any, pack: str = PACK) -> None:
    docs = [
        Document(id=ident, pack=pack, kind="article", title=title, text=text)
        for ident, (title, text) in ARTICLES.items()
    ]
    passages = [
        p for d in docs for p in chunk_text(d.id, d.text, pack=pack, kind=d.kind, title=d.title)
    ]
    backend.setup()
    backend.index(docs, passages)
    backend.refresh()


def embedded_backend(path: Path) -> EmbeddedBackend:
    backend = EmbeddedBackend(path, writer_threads=1, writer_heap_bytes=20_000_000)
    index_corpus(backend)
    return backend


def finding(name: str, doc: str, states: tuple[str, ...] = ("yes", "no")) -> dict[str, Any]:
    return {
        "name": name,
        "question": f"Is it so: {name}?",
        "states": list(states),
        "how_to_check": "",
        "doc": doc,
    }


# What the scripted model proposes when expanding each subject (by the name in the prompt).
EXPANSIONS: dict[str, list[dict[str, Any]]] = {
    "Wi-Fi switched off": [
        finding("wifi light off", "it:switch"),
        finding("networks listed", "it:switch"),
        finding("airplane mode on", "it:switch"),
    ],
    "Outdated Wi-Fi driver": [
        finding("outdated wifi driver", "it:driver"),  # the hypothesis itself
        finding("Wi-Fi lights off", "it:driver"),  # a duplicate of "wifi light off"
        finding("connection drops after sleep", "it:driver"),
    ],
    "wifi light off": [finding("connection drops after sleep", "it:driver")],
    "connection drops after sleep": [
        finding("the wifi light off", "it:switch"),  # would close a cycle
        finding("power management setting", "it:sleep", ("off", "low", "balanced", "high")),
    ],
}


def bba(masses: dict[tuple[str, ...], float], quote: str = "") -> dict[str, Any]:
    return {
        "relevant": True,
        "masses": [{"states": list(k), "mass": v} for k, v in masses.items()],
        "quote": quote,
    }


# (hypothesis name, finding name, document id) -> the BBA reply; anything else is irrelevant.
ELICITATIONS: dict[tuple[str, str, str], dict[str, Any]] = {
    ("Wi-Fi switched off", "wifi light off", "it:switch"): bba(
        {("yes",): 0.9}, quote="the Wi-Fi light is off"
    ),
    ("Wi-Fi switched off", "networks listed", "it:switch"): bba({("no",): 0.9}),
    ("Outdated Wi-Fi driver", "wifi light off", "it:driver"): bba(
        {("no",): 0.8}, quote="The Wi-Fi light stays on"
    ),
    ("Outdated Wi-Fi driver", "networks listed", "it:driver"): bba({("yes",): 0.7}),
    ("Outdated Wi-Fi driver", "connection drops after sleep", "it:driver"): bba(
        {("yes",): 0.6}, quote="this sentence is not in the snippet at all"
    ),
    ("Outdated Wi-Fi driver", "connection drops after sleep", "it:sleep"): bba(
        {("yes",): 0.3, ("no",): 0.5}
    ),
    # Three of four states: not a singleton, a pair or the frame.
    ("Outdated Wi-Fi driver", "power management setting", "it:sleep"): bba(
        {("low", "balanced", "high"): 0.5}
    ),
}


def _line(text: str, label: str) -> str:
    match = re.search(rf"^{label}: (.*)$", text, re.MULTILINE)
    assert match, f"prompt has no '{label}:' line:\n{text}"
    return match.group(1).strip()


def prompt_text(request: Request) -> str:
    """The rendered user prompt (the first user message; retries append more)."""
    return next(str(m["content"]) for m in request.messages if m["role"] == "user")


def offered_ids(request: Request) -> list[str]:
    schema = request.schema
    assert schema is not None, "expected a json_schema response_format"
    item = schema["properties"][next(iter(schema["properties"]))]["items"]
    return list(item["properties"]["passage_ids"]["items"]["enum"])


def propose(request: Request) -> dict[str, Any]:
    user = prompt_text(request)
    subject = re.search(r"^(?:hypothesis \(possible cause\)|finding): (.*)$", user, re.M)
    assert subject, user
    offered = offered_ids(request)
    out = []
    for item in EXPANSIONS.get(subject.group(1).strip(), []):
        wanted = [p for p in offered if p.startswith(item["doc"] + "#")]
        out.append(
            {k: v for k, v in item.items() if k != "doc"} | {"passage_ids": wanted or offered[:1]}
        )
    return {"findings": out}


def elicit(request: Request) -> dict[str, Any]:
    user = prompt_text(request)
    hypothesis = _line(user, "Hypothesis")
    finding_name = re.sub(r"^.*\((.*)\)$", r"\1", _line(user, "Question"))
    passage = re.search(r"^Snippet \[(.*)\]:$", user, re.MULTILINE)
    assert passage, user
    doc = passage.group(1).split("#")[0]
    return ELICITATIONS.get(
        (hypothesis, finding_name, doc), {"relevant": False, "masses": [], "quote": ""}
    )


def seed(request: Request) -> dict[str, Any]:
    offered = offered_ids(request)

    def cite(doc: str) -> list[str]:
        return [p for p in offered if p.startswith(doc + "#")] or offered[:1]

    return {
        "hypotheses": [
            {
                "name": "Wi-Fi switched off",
                "description": "The wireless radio is off.",
                "resolution": "Turn the switch on.",
                "passage_ids": cite("it:switch"),
            },
            {
                "name": "Outdated Wi-Fi driver",
                "description": "The driver is old.",
                "resolution": "Update the driver.",
                "passage_ids": cite("it:driver"),
            },
            {
                "name": "wifi switched off",  # a duplicate name: dropped
                "description": "",
                "resolution": "",
                "passage_ids": cite("it:switch"),
            },
        ]
    }


def responder(
    overrides: dict[str, Callable[[Request], Any]] | None = None,
) -> Callable[[Request], Any]:
    """Routes each request by its schema name to the scripted behaviour for that prompt."""
    routes: dict[str, Callable[[Request], Any]] = {
        "propose_findings": propose,
        "elicit_bba": elicit,
        "propose_hypotheses": seed,
    }
    routes.update(overrides or {})

    def respond(request: Request) -> Any:
        route = routes.get(request.schema_name)
        if route is None:
            return Reply(status=400, error=f"no scripted route for {request.schema_name!r}")
        return route(request)

    return respond
