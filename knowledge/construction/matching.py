"""Which built node is which chart node: the text-matching rule of ``evaluate_construction``.

A built cause is compared with a chart terminal, a built check with a chart question, by the
**Dice coefficient of their content-word sets**: words lower-cased, stop words and negations
dropped, a few suffixes stripped ("-ing", "-ed", "-es", "-s", "-ly"; see
``offline.language.content``), British spellings read as American ("tyre" as "tire", since
the sixth session). The chart side is the node's label and utterance; the built
side is a cause's name and resolution, or a check's question. Pairs are then matched one to
one by the assignment that maximises the sum of scores (``scipy``'s
``linear_sum_assignment``), and a pair counts only if its score reaches ``MATCH_THRESHOLD``.
Nothing is matched by id, by position or by the article's title.

**Answering truthfully** (``opposite``): a matched pair says which chart question a built check
is about, not which way round it asks it. The simulated user who knows the chart's answer
("Live AC power source?": yes) and is asked the built check ("Is the wall outlet dead?")
answers what is true of the question asked: no. A built check asks the opposite of its chart
question when the two differ in **polarity**: the number of distinct negation words ("not",
"no", "never", "n't"...), plus one if a word of absence or fault is present ("dead", "silent",
"missing", "broken", "blown", "stops"...), plus one for each pair of antonyms split between the
two texts ("low"/"high", "dirty"/"clean", "loose"/"snug", "forward"/"reverse"...), taken modulo
2; asides in brackets and quoted messages do not count. The lists are general English, not
words of any chart or article. The chart side is the node's utterance, the question its
dialogs' users answered (the label where there is none). The rule changes the answer given,
never which pair was matched.

**Where the answers lead** (``state_orientation``, the benchmark's rule since the sixth
session; the wording rule above is kept as the fallback and reported beside it): a check's
words do not always say which way it asks. "Is that how the laptop is being used?" points
back to a duvet or a lap; "Is the DC jack solid?" against "loose or broken?" carries a fault
word and an antonym that cancel out. What each answer leads to does say it: the text of the
node each chart answer leads to is compared (Dice, as above) with the text of the node the
same built answer leads to and with the one the other built answer leads to. When the crossed
pairing scores higher by at least ``STATE_MARGIN`` the check is turned; when the straight
pairing does, it is not; in between (or where either side has only one answer) the wording
rule decides. The texts are whole nodes (a question, or a cause with its fix), never a chart's
or an article's particular words.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from .offline.language import content as _content_words
from .offline.language import words

MATCH_THRESHOLD = 0.2

# British and American spellings of one word are one word for matching ("tyre treads" and
# "tire treads" ask the same thing); general English, not any chart's words.
_SPELLING = {
    "tyre": "tire",
    "tyres": "tires",
    "colour": "color",
    "colours": "colors",
    "grey": "gray",
    "centre": "center",
    "metre": "meter",
    "litre": "liter",
    "aluminium": "aluminum",
    "programme": "program",
    "licence": "license",
    "kerb": "curb",
    "carburettor": "carburetor",
    "carburettors": "carburetors",
    "disc": "disk",
    "discs": "disks",
    "analyse": "analyze",
    "organise": "organize",
    "initialise": "initialize",
    "travelling": "traveling",
    "cancelled": "canceled",
}
_SPELLING_RE = re.compile(r"\b(" + "|".join(_SPELLING) + r")\b", re.I)


def content(text: str) -> set[str]:
    """``offline.language.content`` with British spellings read as American."""
    return _content_words(_SPELLING_RE.sub(lambda m: _SPELLING[m.group(1).lower()], text))


def dice(a: set[str], b: set[str]) -> float:
    if not a or not b:
        return 0.0
    return 2 * len(a & b) / (len(a) + len(b))


@dataclass(frozen=True)
class Matching:
    pairs: dict[str, str]  # truth id -> built id
    scores: dict[str, float]  # truth id -> score of its pair

    def built_for(self, truth_id: str) -> str | None:
        return self.pairs.get(truth_id)

    @property
    def reverse(self) -> dict[str, str]:
        return {b: t for t, b in self.pairs.items()}


def match(
    truth: Mapping[str, str],
    built: Mapping[str, str],
    threshold: float = MATCH_THRESHOLD,
    extra: Mapping[str, str] | None = None,
) -> Matching:
    """One-to-one matching of ``truth`` texts (id -> text) to ``built`` texts; with ``extra``
    (built id -> more text), a pair scores the better of the built text alone and with it."""
    import numpy as np

    from .assignment import max_weight_assignment

    tkeys, bkeys = sorted(truth), sorted(built)
    pairs: dict[str, str] = {}
    scores: dict[str, float] = {}
    if not tkeys or not bkeys:
        return Matching(pairs, scores)
    tw = [content(truth[k]) for k in tkeys]
    bw = [content(built[k]) for k in bkeys]
    ew = [content(f"{built[k]} {(extra or {}).get(k, '')}") for k in bkeys]
    grid = np.array(
        [[max(dice(a, b), dice(a, e)) for b, e in zip(bw, ew, strict=True)] for a in tw]
    )
    # Scores below the threshold cannot form a pair, so they must not steer the assignment.
    weights = np.where(grid >= threshold, grid, 0.0)
    rows, cols = max_weight_assignment(weights)
    for r, c in zip(rows, cols, strict=True):
        if weights[r, c] > 0:
            pairs[tkeys[r]] = bkeys[c]
            scores[tkeys[r]] = float(grid[r, c])
    return Matching(pairs, scores)


_NOT = frozenset(["no", "not", "never", "none", "nothing", "nobody", "neither", "nor", "cannot"])
# Words that say a thing is absent, has failed or has ceased; one or more of them makes the
# question ask about the bad state ("Is the outlet dead?", "loose or broken?" counts once).
# "stop" itself is not one: "hard to stop the car" is braking; "the ticking stops" is.
_FAULT = frozenset(
    [
        "dead",
        "dark",
        "blank",
        "silent",
        "missing",
        "absent",
        "broken",
        "blown",
        "faulty",
        "failed",
        "fails",
        "fail",
        "failing",
        "damaged",
        "bad",
        "stops",
        "stopped",
        "ceases",
        "ceased",
    ]
)
# Antonyms of state or direction: one side's word in one text and the other side's in the
# other flips the question ("reads low" against "measures up to the rated voltage" does
# not: no pair of words).
_ANTONYMS: tuple[tuple[frozenset[str], frozenset[str]], ...] = tuple(
    (frozenset(a.split()), frozenset(b.split()))
    for a, b in (
        ("low lower slow slower below under less", "high higher fast faster above over more"),
        ("cold colder cool cooler", "hot hotter warm warmer"),
        ("old older outdated obsolete", "new newer current latest"),
        ("dirty corroded", "clean cleaned"),
        ("loose wobbly", "tight snug snugly solid firm"),
        ("forward forwards", "reverse backward backwards"),
        ("empty", "full"),
        ("closed shut", "open"),
        ("before", "after"),
        ("off", "on"),
    )
)


def _words(text: str) -> set[str]:
    # An aside in brackets or a quoted message ("No Operating System") is not the question's
    # own wording.
    text = re.sub(r"\([^)]*\)|\"[^\"]*\"|“[^”]*”|(?<!\w)'[^']*'(?!\w)", " ", text.replace("’", "'"))
    return {"not" if w.endswith("n't") else w for w in words(text)}


def polarity(text: str) -> int:
    """Distinct negation words plus one for any word of absence or fault (see module doc)."""
    found = _words(text)
    return len(found & _NOT) + (1 if found & _FAULT else 0)


def opposite(known: str, asked: str) -> bool:
    """Whether the question ``asked`` is the negation of the question ``known`` under the
    polarity rule of the module docstring (both already matched as the same question)."""
    k, a = _words(known), _words(asked)
    flips = polarity(known) + polarity(asked)
    for left, right in _ANTONYMS:
        if (k & left and a & right and not k & right and not a & left) or (
            k & right and a & left and not k & left and not a & right
        ):
            flips += 1
    return flips % 2 == 1


STATE_MARGIN = 0.3


def state_orientation(
    known_yes: str, known_no: str, asked_yes: str, asked_no: str, margin: float = STATE_MARGIN
) -> bool | None:
    """Whether the check ``asked`` is ``known`` turned round, judged by the text of what each
    of their answers leads to (module doc); ``None`` when that text does not decide."""
    ky, kn, ay, an = (content(t) for t in (known_yes, known_no, asked_yes, asked_no))
    straight = dice(ky, ay) + dice(kn, an)
    crossed = dice(ky, an) + dice(kn, ay)
    if abs(crossed - straight) < margin:
        return None
    return crossed > straight


def same_text_groups(texts: Mapping[str, str]) -> dict[str, frozenset[str]]:
    """Ids grouped by their text, compared without case, spacing or end punctuation: chart
    terminals that tell the user the same thing are one cause for scoring."""
    by_text: dict[str, set[str]] = {}
    for key, text in texts.items():
        by_text.setdefault(" ".join(text.lower().split()).strip(" .!?"), set()).add(key)
    return {key: frozenset(group) for group in by_text.values() for key in group}


def prf(matched: int, built: int, truth: int) -> dict[str, float]:
    precision = matched / built if built else 0.0
    recall = matched / truth if truth else 0.0
    f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
    return {"precision": precision, "recall": recall, "f1": f1}


def texts(items: Sequence[tuple[str, str]]) -> dict[str, str]:
    return dict(items)
