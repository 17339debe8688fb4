"""The LLM refines an offline draft: names, questions and link strengths, each claim checked.

The offline reader (``offline.decisions``) decides the structure: which causes and checks
exist and which answer each cause implies. The model is only asked to say things better, one
item at a time, with JSON-schema-constrained output (``LLMClient``: ``json_schema``, or
llama-cpp-python's grammar):

- a cause's **name** (a short noun phrase) and its **strength** ("certain", "likely",
  "possible", from hedges such as "may indicate"); a "likely"/"possible" cause's links keep
  0.8/0.6 of their mass on the implied answer and leave the rest undecided;
- a check's **question** as a plain yes/no question.

**Evidence.** The prompt shows the cited paragraph as numbered sentences and every reply
names first the sentence its claim rests on (an ``enum`` of numbers, so a grammar-bound model
cannot invent one and spends two tokens on it, not a copied quote). A claim is **dropped**
(the offline text stays) when that sentence does not exist, when fewer than ``SUPPORT`` of the
new text's content words are the sentence's own, when it is not about the item asked, or when
a hedge is claimed and the sentence holds no hedge word. The kept claim cites the sentence.

**Cost** (a 135M model on a loaded 2-core machine evaluates some 30 prompt tokens a second;
see docs/construction.md):

- calls whose answer offline extraction already fixes are not made: a check the article asks
  in its own words as a question, and a cause whose offline name is already a short, whole
  phrase from a sentence without a hedge (the model could only shorten it);
- the instructions (and the schema the client writes into them) come first and are the same
  for every item of a kind, and items are asked in passage order, so a server that keeps its
  previous prompt's cache (llama.cpp does) evaluates only the passage and the item;
- ``max_tokens`` is the longest reply the schema allows; identical prompts are asked once per
  client (``_CACHE``);
- the passage is the cited paragraph, cut to the server's context window, read from the server
  (``server_context``).

``metadata.construction.llm`` records the model, the context and where it was read, the
prompt versions, and the counts: requests, kept_offline, cached, accepted, dropped, invalid,
and which checks the dropped replies failed.
"""

from __future__ import annotations

import json
import re
import urllib.error
import urllib.request
import weakref
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, TypeVar

from knowledge.llm import LLMClient, LLMError
from planning.network import Citation, EvidentialNetwork, Finding, Hypothesis, Link

from .offline.language import bad_state, content, negative, sentences

SUPPORT = 0.6
STRENGTH_MASS = {"certain": 1.0, "likely": 0.8, "possible": 0.6}
HEDGES = re.compile(
    r"\b(?:may|might|can|could|possibly|possible|perhaps|probably|likely|usually|often|"
    r"sometimes|less likely|suspect|tends?)\b",
    re.I,
)
NAME_CHARS = 90
QUESTION_CHARS = 120
# Sentences shown per passage (the enum a reply picks its evidence from).
MAX_SENTENCES = 8
# The longest reply the schema allows even at one character a token (table text with pipes
# and digits tokenises that badly), plus the JSON around it: the grammar-bound reply is never
# cut off, and no more is reserved than it can use.
REPLY_TOKENS = max(NAME_CHARS, QUESTION_CHARS) + 40
# A short name needs no model: at most this many words, whole (not cut with an ellipsis).
SHORT_NAME_WORDS = 8
PASSAGE_CHARS = 700
# A yes/no question opens with an auxiliary verb ("What is the purpose of ...?" is none).
_YES_NO = re.compile(
    r"^(?:is|are|was|were|do|does|did|has|have|had|can|could|will|would|should|am|"
    r"isn't|aren't|doesn't|don't|didn't|hasn't|haven't|can't|won't)\b",
    re.I,
)
# Identifiers, ids and markup are no words a person says ("engine_overheats", "doc#3", "|").
_IDENTIFIER = re.compile(r"\w_\w|#|\||\w:\w|[{}<>]")
# A name that ends on one of these was cut off ("... or the flywheel has lost a").
_DANGLING = re.compile(
    r"\b(?:a|an|the|of|to|and|or|but|with|in|on|for|from|by|at|as|has|have|is|are|its|"
    r"their|your|his|her|some|any|no|not)$",
    re.I,
)
# Prompt size for the context probe: larger than any prompt this module sends.
PROBE_TOKENS = 4096
Progress = Callable[[int, int, str], None]

# Replies to identical prompts, per client: a rebuild with the same client asks nothing twice.
_CACHE: weakref.WeakKeyDictionary[LLMClient, dict[tuple[str, str], dict[str, Any]]] = (
    weakref.WeakKeyDictionary()
)
_CONTEXT: weakref.WeakKeyDictionary[LLMClient, tuple[int, str]] = weakref.WeakKeyDictionary()


def cause_schema() -> dict[str, Any]:
    return {
        "type": "object",
        "properties": {
            "sentence": {"type": "integer", "enum": list(range(1, MAX_SENTENCES + 1))},
            "name": {"type": "string", "minLength": 3, "maxLength": NAME_CHARS},
            "strength": {"type": "string", "enum": list(STRENGTH_MASS)},
        },
        "required": ["sentence", "name", "strength"],
        "additionalProperties": False,
    }


def check_schema() -> dict[str, Any]:
    return {
        "type": "object",
        "properties": {
            "sentence": {"type": "integer", "enum": list(range(1, MAX_SENTENCES + 1))},
            "question": {"type": "string", "minLength": 5, "maxLength": QUESTION_CHARS},
        },
        "required": ["sentence", "question"],
        "additionalProperties": False,
    }


def server_context(llm: LLMClient, default: int = 2048) -> tuple[int, str]:
    """The server's context window in tokens and where it was read: llama.cpp's ``/props``
    (``n_ctx``), then ``/v1/models`` metadata (``n_ctx``, ``context_length``,
    ``max_model_len``), then the error a too-long request gets ("maximum context length is
    2048 tokens": OpenAI, vLLM, llama-cpp-python; "context window of 2048"): the probe asks
    for one token after ``PROBE_TOKENS`` of prompt, so a server that accepts it has at least
    that much, which is all this module needs. ``(default, "assumed")`` when nothing says."""
    base = (llm.base_url or "").rstrip("/")
    if not base:
        return default, "assumed"
    root = base[: -len("/v1")] if base.endswith("/v1") else base
    for url in (f"{root}/props", f"{base}/models", f"{root}/v1/models"):
        try:
            with urllib.request.urlopen(url, timeout=3) as response:
                data = json.loads(response.read().decode("utf-8"))
        except (OSError, ValueError):
            continue
        found = _find_context(data)
        if found:
            return found, url
    return _probe_context(llm, base) or (default, "assumed")


_CONTEXT_ERROR = re.compile(
    r"(?:maximum context length is|context window of|context length of|n_ctx\W+)\s*(\d{3,7})",
    re.I,
)


def _probe_context(llm: LLMClient, base: str) -> tuple[int, str] | None:
    url = f"{base}/chat/completions"
    body = {
        "model": llm.model,
        "messages": [{"role": "user", "content": "hi " * PROBE_TOKENS}],
        "max_tokens": 1,
    }
    request = urllib.request.Request(
        url,
        data=json.dumps(body).encode("utf-8"),
        headers={"Content-Type": "application/json", **llm.auth_headers()},
    )
    try:
        with urllib.request.urlopen(request, timeout=llm.timeout_s):
            return PROBE_TOKENS, f"{url} (accepted {PROBE_TOKENS} tokens)"
    except urllib.error.HTTPError as exc:
        try:
            text = exc.read().decode("utf-8", "replace")
        except OSError:
            return None
        match = _CONTEXT_ERROR.search(text)
        return (int(match.group(1)), f"{url} (error {exc.code})") if match else None
    except (OSError, ValueError):
        return None


def _find_context(data: Any) -> int | None:
    if isinstance(data, Mapping):
        for key in ("n_ctx", "context_length", "max_model_len", "n_ctx_train", "context_window"):
            value = data.get(key)
            if isinstance(value, int) and value > 0:
                return value
        for value in data.values():
            found = _find_context(value)
            if found:
                return found
    if isinstance(data, list):
        for value in data:
            found = _find_context(value)
            if found:
                return found
    return None


def _normal(text: str) -> str:
    return re.sub(r"\s+", " ", text.replace("’", "'")).strip().lower()


def supported(claim: str, quote: str, passage: str) -> bool:
    """The quote is in the passage and most of the claim's content words are the quote's."""
    if not quote.strip() or _normal(quote) not in _normal(passage):
        return False
    return worded(claim, quote)


def worded(claim: str, text: str) -> bool:
    """Most (``SUPPORT``) of the claim's content words are words of ``text``."""
    words = content(claim)
    if not words:
        return False
    return len(words & content(text)) / len(words) >= SUPPORT


@dataclass(frozen=True)
class Passage:
    """The cited paragraph as the numbered sentences a reply picks its evidence from."""

    passage_id: str
    sentences: tuple[str, ...]

    def numbered(self) -> str:
        return "\n".join(f"{n}. {s}" for n, s in enumerate(self.sentences, 1))

    def sentence(self, number: Any) -> str:
        if isinstance(number, int) and 1 <= number <= len(self.sentences):
            return self.sentences[number - 1]
        return ""


def passage_for(citation: Citation, texts: Mapping[str, str], budget_chars: int) -> Passage:
    """The paragraph ``citation`` points into, from the sentence its quote starts in, at most
    ``MAX_SENTENCES`` sentences and ``budget_chars`` characters (a sentence is never cut)."""
    from knowledge.packs.passages import paragraph_spans

    document_id = citation.document_id or citation.passage_id.rsplit("#", 1)[0]
    text = texts.get(document_id, "")
    paragraph = citation.quote
    ordinal = citation.passage_id.rsplit("#", 1)[-1]
    spans = paragraph_spans(text) if text else []
    if ordinal.isdigit() and int(ordinal) < len(spans):
        start, end = spans[int(ordinal)]
        paragraph = text[start:end]
    parts = [re.sub(r"\s+", " ", s).strip() for s in sentences(paragraph)]
    parts = [p for p in parts if p]
    quote = _normal(citation.quote)[:40]
    first = next((i for i, s in enumerate(parts) if quote and quote[:20] in _normal(s)), 0)
    chosen: list[str] = []
    size = 0
    for part in parts[first : first + MAX_SENTENCES]:
        part = part[:budget_chars]
        if chosen and size + len(part) > budget_chars:
            break
        chosen.append(part)
        size += len(part) + 4
    return Passage(citation.passage_id, tuple(chosen))


def short_name(hypothesis: Hypothesis, passage: Passage) -> bool:
    """The offline name needs no model: whole, at most ``SHORT_NAME_WORDS`` words, and the
    sentence it comes from has no hedge (so the only strength a reply could keep is
    "certain")."""
    name = hypothesis.name.strip()
    if "…" in name or name.endswith("...") or len(name.split()) > SHORT_NAME_WORDS:
        return False
    return not any(HEDGES.search(s) for s in passage.sentences[:1])


def own_question(finding: Finding, text: str) -> bool:
    """The offline question is one the article asks in its own words."""
    question = finding.question.strip()
    return question.endswith("?") and _normal(question) in _normal(text)


def refine_network(
    network: EvidentialNetwork,
    texts: Mapping[str, str],
    llm: LLMClient,
    *,
    progress: Progress | None = None,
    items: int | None = None,
) -> EvidentialNetwork:
    """``network`` with the model's supported claims applied (see the module docstring).
    ``items``: refine only the first N causes and the first N checks (a sample, for a slow
    model); the rest keep the offline text."""
    if llm not in _CONTEXT:  # read once per client: a probe may cost a long prompt
        _CONTEXT[llm] = server_context(llm)
    context, context_source = _CONTEXT[llm]
    # Four characters a token; the instructions with the schema (about 350 tokens) and the
    # reply take the rest. A claim rests on the cited paragraph: more text only costs time.
    budget_chars = min(PASSAGE_CHARS, max(200, int((context - REPLY_TOKENS - 350) * 4 * 0.8)))
    stats = {
        "requests": 0,
        "kept_offline": 0,
        "cached": 0,
        "accepted": 0,
        "dropped": 0,
        "invalid": 0,
    }
    why: dict[str, int] = {}  # each check a reply failed, counted
    changes: list[dict[str, str]] = []  # every accepted claim, for review
    strengths: dict[str, float] = {}
    total = len(network.hypotheses) + len(network.findings)
    done = 0

    def step(item_id: str) -> None:
        nonlocal done
        if progress is not None:
            progress(done, total, item_id)
        done += 1

    def document_text(citation: Citation) -> str:
        return texts.get(citation.document_id or citation.passage_id.rsplit("#", 1)[0], "")

    hypotheses = {h.id: h for h in network.hypotheses}
    for hypothesis, citation in _cited_in_passage_order(network.hypotheses, items):
        step(hypothesis.id)
        passage = passage_for(citation, texts, budget_chars)
        if not passage.sentences or short_name(hypothesis, passage):
            stats["kept_offline"] += 1
            continue
        reply = _ask(
            llm,
            "refine_cause",
            {
                "passage_id": passage.passage_id,
                "sentences": passage.numbered(),
                "name": hypothesis.name,
            },
            cause_schema(),
            stats,
        )
        if reply is None:
            continue
        name = reply["name"].strip()
        evidence = passage.sentence(reply["sentence"])
        item = f"{hypothesis.name} {hypothesis.resolution}"
        failed = _failed(name, evidence, item)
        if reply["strength"] != "certain" and not HEDGES.search(evidence):
            failed.append("unhedged_strength")
        if not name_form(name):
            failed.append("form")
        if failed:
            _count(why, failed)
            stats["dropped"] += 1
            continue
        stats["accepted"] += 1
        strengths[hypothesis.id] = STRENGTH_MASS[reply["strength"]]
        changes.append(
            {
                "id": hypothesis.id,
                "before": hypothesis.name,
                "after": name,
                "strength": reply["strength"],
                "sentence": evidence,
            }
        )
        cited = Citation(citation.passage_id, citation.document_id, evidence)
        hypotheses[hypothesis.id] = replace(
            hypothesis, name=name, citations=(cited, *hypothesis.citations[1:])
        )
    findings = {f.id: f for f in network.findings}
    for finding, citation in _cited_in_passage_order(network.findings, items):
        step(finding.id)
        passage = passage_for(citation, texts, budget_chars)
        if not passage.sentences or own_question(finding, document_text(citation)):
            stats["kept_offline"] += 1
            continue
        reply = _ask(
            llm,
            "refine_check",
            {
                "passage_id": passage.passage_id,
                "sentences": passage.numbered(),
                "question": finding.question,
            },
            check_schema(),
            stats,
        )
        if reply is None:
            continue
        question = reply["question"].strip()
        evidence = passage.sentence(reply["sentence"])
        item = f"{finding.question} {finding.how_to_check}"
        failed = _failed(question, evidence, item)
        if not question_form(question, finding.question):
            failed.append("form")
        if failed:
            _count(why, failed)
            stats["dropped"] += 1
            continue
        stats["accepted"] += 1
        changes.append(
            {"id": finding.id, "before": finding.question, "after": question, "sentence": evidence}
        )
        findings[finding.id] = replace(finding, question=question)
    if progress is not None:
        progress(total, total, "")
    links = []
    for link in network.links:
        mass = strengths.get(link.hypothesis, 1.0)
        if mass < 1.0 and len(link.masses) == 1:
            focal, _ = link.masses[0]
            states = network.finding(link.finding).states
            links.append(
                Link.make(
                    link.hypothesis,
                    link.finding,
                    {focal: mass, tuple(states): 1.0 - mass},
                    link.citations,
                )
            )
        else:
            links.append(link)
    metadata = dict(network.metadata)
    construction = dict(metadata.get("construction", {}))
    construction["llm"] = {
        "model": llm.model,
        "context_tokens": context,
        "context_from": context_source,
        "response_mode": getattr(llm, "response_mode", ""),
        "prompts": {name: llm.prompt(name).version for name in ("refine_cause", "refine_check")},
        **stats,
        "failed_checks": why,
        "changes": changes,
    }
    metadata["construction"] = construction
    return replace(
        network,
        hypotheses=[hypotheses[h.id] for h in network.hypotheses],
        findings=[findings[f.id] for f in network.findings],
        links=links,
        metadata=metadata,
    )


_Cited = TypeVar("_Cited", Hypothesis, Finding)


def _cited_in_passage_order(
    elements: Sequence[_Cited], items: int | None
) -> list[tuple[_Cited, Citation]]:
    """The elements with a citation (only the first ``items``, if given) and their first
    citation, in passage order: consecutive prompts share the longest prefix a server can
    reuse."""
    cited = [
        (element, element.citations[0])
        for position, element in enumerate(elements)
        if element.citations and (items is None or position < items)
    ]
    cited.sort(key=lambda pair: _passage_order(pair[1].passage_id))
    return cited


def _passage_order(passage_id: str) -> tuple[str, int]:
    document, _, ordinal = passage_id.rpartition("#")
    return document, int(ordinal) if ordinal.isdigit() else -1


def _failed(claim: str, evidence: str, item: str) -> list[str]:
    """The support checks a reply fails: its sentence must exist and word the claim, and the
    claim must be about the item asked."""
    failed = []
    if not evidence:
        failed.append("no_such_sentence")
    elif not worded(claim, evidence):
        failed.append("words_not_the_sentence's")
    if not worded(claim, item):
        failed.append("not_about_this_item")
    return failed


def name_form(name: str) -> bool:
    """A cause's name says what is wrong in at least two content words ("alternator" alone
    does not), in words (not an identifier copied from the prompt, as "engine_overheats"
    from a passage id), and is not cut off."""
    return (
        len(content(name)) >= 2
        and not _IDENTIFIER.search(name)
        and not _DANGLING.search(name.rstrip(" .!?…"))
    )


def question_form(question: str, offline: str) -> bool:
    """A yes/no question (an auxiliary first, "?" last) in words, asked the same way round
    as the offline one: "What is the battery test that fails to pass?" for "The battery test
    passes too?" is neither."""
    return (
        question.endswith("?")
        and not _IDENTIFIER.search(question)
        and bool(_YES_NO.match(question))
        and negative(question) == negative(offline)
        and bad_state(question) == bad_state(offline)
    )


def _count(why: dict[str, int], failed: list[str]) -> None:
    for name in failed:
        why[name] = why.get(name, 0) + 1


def _ask(
    llm: LLMClient,
    prompt: str,
    variables: dict[str, Any],
    schema: dict[str, Any],
    stats: dict[str, int],
) -> dict[str, Any] | None:
    cache = _CACHE.setdefault(llm, {})
    key = (prompt, json.dumps(variables, sort_keys=True))
    if key in cache:
        stats["cached"] += 1
        return dict(cache[key])
    stats["requests"] += 1
    try:
        reply = dict(llm.complete_json(prompt, variables, schema, max_tokens=REPLY_TOKENS))
    except LLMError:
        stats["invalid"] += 1
        return None
    cache[key] = reply
    return dict(reply)
