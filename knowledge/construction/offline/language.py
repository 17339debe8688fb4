"""Word-level reading for the offline construction: sentences, conditions, polarity, cues.

Only general English and the vocabulary of troubleshooting guides ("go to step", "is the
culprit", "replace"); nothing here names a product, a symptom or a particular article.
"""

from __future__ import annotations

import re

from knowledge.words import STOP_WORDS, stem, tokens

_SENTENCE_END = re.compile(r"(?<=[.!?])[\"')\]]*\s+(?=[\"'(\[]?[A-Z0-9*])")

# Function words, and the filler of a guide's sentences ("first", "simply", "go", "look").
STOP = STOP_WORDS | frozenset(
    [
        "already",
        "always",
        "down",
        "first",
        "go",
        "going",
        "look",
        "make",
        "may",
        "neither",
        "never",
        "next",
        "nor",
        "off",
        "often",
        "on",
        "one",
        "ones",
        "onto",
        "shall",
        "simply",
        "up",
        "usually",
        "whose",
        "yet",
    ]
)
NEGATIONS = frozenset(
    [
        "no",
        "not",
        "never",
        "none",
        "nothing",
        "nobody",
        "neither",
        "nor",
        "cannot",
        "isn't",
        "aren't",
        "wasn't",
        "weren't",
        "doesn't",
        "don't",
        "didn't",
        "won't",
        "can't",
        "couldn't",
        "hasn't",
        "haven't",
        "hadn't",
        "wouldn't",
        "shouldn't",
        "n't",
        "fails",
        "fail",
        "failed",
        "absent",
        "missing",
        "silent",
        "dead",
        "dark",
        "blank",
        "off",
    ]
)
_ANAPHORIC = re.compile(
    r"^(?:if\s+)?(?:so|not|yes|no|it does|it doesn't|it is|it isn't|it has|it hasn't|they do|"
    r"they don't|you do|you don't|you can|you can't|it did|it didn't|that works|that fails|"
    r"otherwise|either way|if it does|if it doesn't|it works|it doesn't work)\b",
    re.I,
)
_POINTER = re.compile(
    # "going to" only with a direction: "the output is going to a projector" is no pointer.
    r"\b(?:go (?:straight |directly |on )?(?:to|back to)|going (?:straight |directly |back )to|"
    r"skip (?:ahead )?(?:to|down to)?|"
    r"jump (?:ahead )?to|continue (?:with|to|on|below|at|reading)|carry on(?: with| to)?|"
    r"move on(?: to)?|read on|read the next|see the next|the next (?:question|section|step|"
    r"check|thing|test)|proceed (?:to|with)|turn to|head to|next question|next section|next step|"
    r"(?:check|test|try|look at|inspect|measure)\b[^.;]{0,60}\bnext\b|as described (?:under|in)|"
    r"see (?:step|section|question|\")|the following (?:question|section)|is whether|"
    # "you need to check spark and fuel, starting with the spark plugs": the way on
    r"(?:starting|beginning) with\b)",
    re.I,
)
_STEP_REF = re.compile(r"\bsteps?\s+(\d{1,3}|[a-z]\d{0,2})\b", re.I)
_QUOTED = re.compile(r"[\"“]([^\"“”]{6,160})[\"”]|(?<![a-z])[‘']([^‘’']{6,120})[’'](?![a-z])")
_CAUSE_CUES = re.compile(
    r"\b(?:cause[sd]?|culprit|fault(?:y|s)?|fail(?:ed|ing|ure|s)?|broken|problem|issue|"
    r"to blame|means?|points? to|indicates?|probably|likely|most likely|suspect|defective|"
    r"worn(?: out)?|damaged|dead|loose|blown|stuck|seized|leak(?:ing|s)?|corrupt(?:ed)?|"
    r"malfunction(?:ing)?|bad|dirty|clogged|low|flat|short|hidden|incompatible|wrong|"
    r"replace(?:d|ment)?|repair(?:ed)?|fix(?:ed)?|install|reinstall|fit (?:a |new )|clean|"
    r"tighten|contact|call|buy|swap|renew|reset|restore|update|roll back|change|have it|"
    r"get (?:it|the|a)|take (?:it|the)|solder|bleed|refill|top up|adjust|reseat|remove|"
    r"replacing|you have|you are facing|that's your|that is your|answer|at fault|"
    r"harmless|normal|is fine|nothing wrong)\b",
    re.I,
)
_YES_WORDS = re.compile(r"^(?:yes|yep|yeah|it does|it is|if so|so|they do)\b", re.I)
_NO_WORDS = re.compile(r"^(?:no|nope|not|if not|it doesn't|it isn't|otherwise|they don't)\b", re.I)
_AUX = re.compile(
    r"^(?:is|are|was|were|do|does|did|has|have|had|can|could|will|would|should|may|might|"
    r"am|isn't|aren't|doesn't|don't|didn't|hasn't|haven't|can't|won't)\b",
    re.I,
)
_WH = re.compile(r"^(?:what|where|how|why|when|which|who)\b", re.I)
_COND_START = re.compile(r"^(?:and\s+|but\s+|or\s+)?(?:only\s+)?(?:if|in case)\s+", re.I)
_LEAD = re.compile(
    r"^[\"'(*_\s]*(?:q\s*[:.]|question\s*[:.]|step\s+\w+\s*[:.-]|\d+[.)]|[a-z]\d*[.)])?\s*", re.I
)


_CLAUSE_BREAK = re.compile(r"(?<=[;,])\s+(?=(?:but\s+|and\s+)?(?:if|otherwise)\b)", re.I)
_BOILERPLATE = re.compile(
    r"\b(?:still stuck|no luck|further questions|need (?:more )?help|contact (?:us|support)|"
    r"comfortable)\b",
    re.I,
)
# "Note whether it only happens in reverse" asks the reader to observe: a check, not a note.
_ADMONITION = re.compile(
    r"^[>\s*_]*(?:>|safety|warning|caution|note(?!\s+(?:whether|if)\b)|tip|important|danger|"
    r"a (?:quick )?note|disclaimer|before you start|you will need|tools)\b",
    re.I,
)


def sentences(text: str) -> list[str]:
    """Sentences of ``text`` (a full stop, "!" or "?" before a capital starts a new one);
    "...; if it doesn't, ..." starts a new one too, so each condition has its own."""
    # A quoted title ("skip ahead to "The engine cranks. Does it ever fire?"") is one
    # reference, not two sentences: the spaces inside quotes are masked while splitting.
    masked = _QUOTE_SPAN.sub(lambda m: m.group(0).translate(_MASK), text)
    parts = [p.strip().translate(_UNMASK) for p in _SENTENCE_END.split(masked)]
    out: list[str] = []
    for part in parts:
        if _COND_START.match(strip_lead(part)):
            out.extend(c.strip() for c in _CLAUSE_BREAK.split(part) if c.strip())
        else:
            # "Clunks do not come from the engine, so if yours is a clunk, read on."
            pieces = _SO_IF.split(part, maxsplit=1)
            out.extend(p.strip() for p in pieces if p.strip())
    return out


_QUOTE_SPAN = re.compile(r"[\"“][^\"“”\n]{6,160}[\"”]")
_MASK = str.maketrans({" ": "\ue000", "\t": "\ue001"})
_UNMASK = str.maketrans({"\ue000": " ", "\ue001": "\t"})
_SO_IF = re.compile(r"(?<=[,;])\s+(?:so|but)\s+(?=if\b)", re.I)


def boilerplate(text: str) -> bool:
    """Closing lines ("Still stuck? Contact support") that are not part of the diagnosis."""
    return bool(_BOILERPLATE.search(text))


def admonition(text: str) -> bool:
    """A safety note, tip or tool list: read around, never a step of the diagnosis."""
    return bool(_ADMONITION.match(text))


def words(text: str) -> list[str]:
    """Words with their contractions whole ("doesn't" is one negation cue here)."""
    return tokens(text.lower().replace("’", "'"))


def content(text: str) -> set[str]:
    """Stemmed content words (stop words, negations and one-letter words dropped)."""
    out: set[str] = set()
    for word in words(text):
        if word in STOP or word in NEGATIONS or len(word) < 2 or word.endswith("n't"):
            continue
        out.add(stem(word))
    return out


def overlap(a: str, b: str) -> float:
    """Share of the smaller side's content words found in the other (0 when either is empty)."""
    wa, wb = content(a), content(b)
    if not wa or not wb:
        return 0.0
    return len(wa & wb) / min(len(wa), len(wb))


_NEGATING_PHRASE = re.compile(r"\b(?:other than|anything but|anywhere but|instead of)\b", re.I)


def negations(text: str) -> int:
    """How many negation words (and phrases such as "anything other than") a condition
    has; an aside in brackets does not count."""
    text = re.sub(r"\([^)]*\)", " ", text)
    found = sum(1 for word in words(text) if word in NEGATIONS or word.endswith("n't"))
    return found + len(_NEGATING_PHRASE.findall(text))


# Words that state a part's condition one way or the other: "the fusible link is blown" and
# "link intact" ask one check ("is the link blown?") with opposite answers, and "adapter reads
# low" / "adapter measures correctly" another. Only in pairs that describe a state, never a
# symptom's name, so the lists stay short and generic.
BAD_STATE = frozenset(
    [
        "blown",
        "broken",
        "bad",
        "faulty",
        "failed",
        "failing",
        "dead",
        "corroded",
        "dirty",
        "loose",
        "low",
        "below",
        "damaged",
        "worn",
        "stuck",
        "missing",
        "absent",
        "off",
    ]
)
GOOD_STATE = frozenset(
    [
        "intact",
        "good",
        "ok",
        "okay",
        "fine",
        "sound",
        "clean",
        "normal",
        "normally",
        "correct",
        "correctly",
        "snug",
        "snugly",
        "solid",
        "steady",
        "live",
        "lit",
        "working",
        "works",
        "passes",
        "passed",
        "tight",
    ]
)


def state_words(text: str) -> set[str]:
    """The words of ``text`` that only say which way a condition goes (negations, and the
    good/bad state words above)."""
    return {
        w
        for w in words(text)
        if w in NEGATIONS or w.endswith("n't") or w in BAD_STATE or w in GOOD_STATE
    }


_REMOVED_OFF = re.compile(
    r"\b(?:cut|cuts|take|takes|taken|took|pull|pulls|pulled|snap|snapped)\s+off\b", re.I
)


def bad_state(text: str) -> bool:
    """Whether a condition says a part is in its bad state: an odd number of distinct
    negations where it has any ("no smoke and no smell"), else a bad-state word ("the link
    is blown", "loose, wobbly or broken"). Negations decide first because a condition cell
    often strings several together ("No paper jam, toner light off"). "Off" after a verb of
    removal ("with the connector cut off") says how the test is done, not a state."""
    text = re.sub(r"\([^)]*\)", " ", text)
    text = _REMOVED_OFF.sub(" ", text)
    found = {w for w in words(text) if w in NEGATIONS or w.endswith("n't")}
    found -= BAD_STATE
    found |= set(_NEGATING_PHRASE.findall(text))
    if found:
        return len(found) % 2 == 1
    return any(w in BAD_STATE for w in words(text))


# Pairs of words that state opposite conditions of one part (general English, no product).
_OPPOSITES = (
    ({"old", "older", "outdated", "out-of-date", "obsolete"}, {"current", "latest", "up-to-date"}),
    ({"dirty", "corroded", "oxidised", "oxidized", "fouled"}, {"clean"}),
    ({"cold", "cool"}, {"warm", "hot"}),
    ({"dead"}, {"live", "alive"}),
    ({"low"}, {"high"}),
    ({"loose", "wobbly"}, {"tight", "snug", "solid", "firm", "secure", "fastened"}),
    ({"silent", "quiet"}, {"noisy", "loud"}),
)


def opposed(condition: str, question: str) -> bool:
    """Whether ``condition`` says the opposite of what ``question`` asks by an antonym ("the
    version is older" against "Is the client up to date?"), with no word of the question's
    side in the condition."""
    cw = set(
        words(condition.replace("up to date", "up-to-date").replace("out of date", "out-of-date"))
    )
    qw = set(
        words(question.replace("up to date", "up-to-date").replace("out of date", "out-of-date"))
    )
    for a, b in _OPPOSITES:
        if (cw & a and qw & b and not cw & b) or (cw & b and qw & a and not cw & a):
            return True
    return False


def negative(text: str) -> bool:
    """Whether a condition reads negatively (it has a negation word)."""
    # "no smoke and no burning smell" is negative; a double negative is too rare in these
    # guides to be worth reading as positive.
    return negations(text) > 0


def question_part(sentence: str) -> str:
    """The question in "Where do I start: can my laptop see the network?" (after the colon),
    or in "How do I know whether the router is on?" (the clause after "whether"/"if")."""
    body = strip_lead(sentence)
    if ":" in body and body.endswith("?"):
        tail = body.rsplit(":", 1)[1].strip()
        if _AUX.match(tail):
            return tail[0].upper() + tail[1:]
    match = re.match(
        r"^(?:how (?:do|can|will|would) (?:i|you|we) (?:know|tell|check|find out|"
        r"see)|how to (?:tell|check))\s+(?:whether|if|that)?\s*(.+)\?$",
        body,
        re.I,
    )
    if match:
        return question_form(match.group(1)).rstrip("?") + "?"
    return body


_WHETHER = re.compile(
    r"\b(?:ask(?: yourself)?|consider|notice|note|see|check|find out|establish|know|decide|"
    r"work out|tell|is|are|question is)\s+whether\s+(.+?)(?:[.;]\s*$|$)",
    re.I,
)


def whether_question(sentence: str) -> str:
    """ "Notice whether the laptop hangs when hot." -> "Does the laptop hang when hot?"-ish:
    the yes/no question a sentence asks indirectly ("" when it asks none)."""
    match = _WHETHER.search(sentence)
    if not match:
        return ""
    clause = match.group(1).strip().rstrip(".")
    clause = re.split(r"[,;:] (?:and |but )?(?:if|then|so)\b", clause, maxsplit=1)[0]
    if len(content(clause)) < 2:
        return ""
    return question_form(clause)


def is_yes_no_question(sentence: str) -> bool:
    body = strip_lead(sentence)
    return body.endswith("?") and not _WH.match(body) and bool(_AUX.match(body) or len(body) < 200)


def is_question(sentence: str) -> bool:
    return strip_lead(sentence).rstrip(")\"' ").endswith("?")


def strip_lead(text: str) -> str:
    """``text`` without a leading "Q:", "Step 3:", "3." or quote marks."""
    body = _LEAD.sub("", text.strip(), count=1)
    return body.strip().strip("*_").strip()


def anaphoric(condition: str) -> bool:
    """ "if so", "if not", "yes", "otherwise": a condition that only answers the last question."""
    text = condition.strip().rstrip(".,;:!?")
    match = _ANAPHORIC.match(text)
    if not match:
        return False
    rest = text[match.end() :].split()
    return len(rest) <= 2 and not (rest and rest[0].lower() in ("get", "have", "see", "hear"))


def yes_no_word(condition: str) -> str | None:
    """ "yes"/"no" for a bare answer word ("Yes:", "If so", "Otherwise"); None for a condition."""
    text = condition.strip().lower()
    lead = re.match(r"^(yes|no)\s*[,;\u2013\u2014-]\s*\w", text)
    if lead:
        # "Yes, only when driving slowly", "No, it ticks at higher speeds too": the answer
        # word, then what it means.
        return lead.group(1)
    if len(text.split()) <= 3:
        if _NO_WORDS.match(text):
            return "no"
        if _YES_WORDS.match(text):
            # "it is not", "they do not": the answer word with a negation after it
            return "no" if negations(text) % 2 == 1 else "yes"
        if _ELLIPTIC.match(text):
            # "If you haven't, do it now.", "If it has, ...": the question's own auxiliary
            # with nothing after it answers the question, whatever the next branch says.
            return "no" if negations(text) % 2 == 1 else "yes"
    return None


_ELLIPTIC = re.compile(
    r"^(?:you|it|they|he|she|we|i|there)\s+(?:have|has|had|do|does|did|is|are|was|were|will|"
    r"can|could|would|should)(?:n't|\s+not)?[.!]?$"
)


def pointer(text: str) -> bool:
    return bool(_POINTER.search(text))


_ELSEWHERE = re.compile(
    r"\b(?:manual|handbook|documentation|user guide|owner's guide|service guide|website|"
    r"support (?:site|page)|knowledge base)\b",
    re.I,
)


def elsewhere(text: str) -> bool:
    """ "Turn to the blink-code section of your model's manual": a pointer out of the article
    (a document of its own), which ends the diagnosis here as a cause does."""
    return bool(_ELSEWHERE.search(text))


def step_refs(text: str) -> list[str]:
    return [m.group(1).upper() for m in _STEP_REF.finditer(text)]


def quoted(text: str) -> list[str]:
    return [m.group(1) or m.group(2) for m in _QUOTED.finditer(text)]


_VERDICT = re.compile(
    r"^(?:then\s+)?(?:that's|that is|this is|there's|there is|it's|it is|you've found|"
    r"you have found)\s+(?:your|the|a)\s+(?:problem|culprit|cause|fault|answer)\b",
    re.I,
)


def verdict(text: str) -> bool:
    """ "That's your problem.": a short consequence that says the condition is the cause."""
    return bool(_VERDICT.match(text.strip()))


def cause_like(text: str) -> bool:
    return bool(_CAUSE_CUES.search(text))


_GENERIC = re.compile(
    r"^(?:an?|any)\s+[\w-]+(?:\s[\w-]+)?\s+that\s+(.+?)\s+"
    r"(does not|doesn't|do not|don't|is not|isn't|has|needs?|means)\s+(.*)$",
    re.I,
)


def condition_split(sentence: str) -> tuple[str, str] | None:
    """(condition, consequence) of "If X, Y" / "When X: Y"; None when not conditional."""
    body = strip_lead(sentence)
    match = _COND_START.match(body)
    if not match:
        generic = _GENERIC.match(body)
        if generic and ":" in generic.group(3):
            # "A laptop that locks up even at a low temperature does not have a heat problem
            # at all: the motherboard or RAM is faulty.": "if it locks up ..., ..."; only with
            # a verdict after a colon, as a plain remark about such things is no branch.
            return f"it {generic.group(1)}", f"{generic.group(2)} {generic.group(3)}".strip()
        return None
    rest = body[match.end() :]
    # The condition ends at the first comma, colon, semicolon or dash at bracket depth 0
    # that is followed by a consequence ("If it is, skip to ..."), or at "then".
    depth = 0
    for i, ch in enumerate(rest):
        if ch in "([":
            depth += 1
        elif ch in ")]":
            depth = max(0, depth - 1)
        elif depth == 0 and ch in ",:;" and i > 1:
            after = rest[i + 1 :].lstrip().lower()
            if (
                ch == ","
                and re.match(
                    r"(?:or|and|even|especially|which|such as|for example|"
                    r"e\.g\.|i\.e\.|like)\b",
                    after,
                )
                and "," in after[:160]
            ):
                continue  # "If the router is off, or the network only appears nearby, ..."
            return rest[:i].strip(), rest[i + 1 :].strip()
        elif depth == 0 and rest[i : i + 3] in (" - ", " – ", " — "):
            return rest[:i].strip(), rest[i + 3 :].strip()
        elif depth == 0 and rest[i : i + 6].lower() == " then ":
            return rest[:i].strip(), rest[i + 6 :].strip()
    if rest.endswith("?"):
        return None
    return rest.strip(), ""


def lead_condition(text: str) -> tuple[str, str] | None:
    """(condition, consequence) of a list item written "X: Y", "X = Y", "X -> Y" or
    "X? Y" ("No clunk? Go to step 14."); None otherwise."""
    body = strip_lead(text)
    for sep in (" = ", " => ", " -> ", " → "):
        head, found, tail = body.partition(sep)
        if found and 0 < len(head.split()) <= 20:
            return head.strip(" -"), tail.strip()
    match = re.match(r"^([^.:?!]{1,110})[:?]\s+(.+)$", body, re.S)
    if match:
        head = match.group(1).strip()
        if len(head.split()) <= 20 and not _WH.match(head) and match.group(2):
            if body[len(match.group(1))] == "?" and (_AUX.match(head) or len(head.split()) > 5):
                return None
            if (
                body[len(match.group(1))] == "?"
                and _COND_START.match(match.group(2))
                and not _NO_WORDS.match(head)
            ):
                # "Only after cornering? If the pumping is only needed after a turn, ...
                # If you have to pump regardless, ...": a question its branches answer, not
                # the condition of one ("No clunk? Go to step 14.").
                return None
            return head, match.group(2).strip()
    return None


def question_form(condition: str) -> str:
    """A yes/no question from a condition: "the LED is lit" -> "Is the LED lit?"."""
    text = condition.strip().rstrip(".,;:").strip()
    text = re.sub(r"^(?:if|when|whenever)\s+", "", text, flags=re.I)
    if not text:
        return ""
    if text.endswith("?"):
        return text[0].upper() + text[1:]
    tokens = text.split()
    for i, token in enumerate(tokens[:7]):
        low = token.lower()
        if low in ("is", "are", "was", "were", "has", "have", "can", "will", "does", "do"):
            if i == 0:
                break
            rest = tokens[:i] + tokens[i + 1 :]
            if rest and rest[0] not in ("I",) and not rest[0].isupper():
                rest[0] = rest[0].lower()
            return f"{token.capitalize()} {' '.join(rest)}?"
    return text[0].upper() + text[1:] + "?"


def positive_form(condition: str) -> str:
    """The condition without its negations ("the LED does not light" -> "the LED does
    light", "there is no smoke and no smell" -> "there is smoke and smell"), used to name a
    check from its negative branch. Lexical negatives ("off", "dead") stay."""
    text = re.sub(
        r"\b(does|do|did|is|are|was|were|has|have|can|will|could|would)(?:n't| not)\b",
        r"\1",
        condition,
        flags=re.I,
    )
    text = re.sub(r"\bwon't\b", "will", text, flags=re.I)
    text = re.sub(r"\bcan't\b", "can", text, flags=re.I)
    text = re.sub(r"\b(?:no|not|never)\s+", "", text, flags=re.I)
    return re.sub(r"\s+", " ", text).strip()
