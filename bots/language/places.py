"""Where the trouble is: "fine at work but not at home" answers "are you trying to connect to
a home network?" (yes) and "in cafes it connects" answers "does it connect to any public
WiFi network?" (yes).

A question that names a kind of place ("a home network", "any public WiFi") asks either
where the user is trying (the place of the trouble) or whether it works there. Each clause of
the message that names a place says either trouble there (a negation, "drops", "keeps
disconnecting") or that it works there ("fine", "works", "connects"); an elliptical "but not
at home" after a clause that works says trouble at home.
"""

from __future__ import annotations

import re

from planning.evidence import Answer
from planning.network import EvidentialNetwork

from . import text as tx
from .base import yes_no_states

PLACE_RELIABILITY = 0.8

# The kinds of place questions name, and how people name them.
_PLACES = {
    "home": re.compile(
        r"\b(?:at home|home (?:wi-?fi|network|router|internet|connection|broadband)|"
        r"(?:my|our) (?:house|flat|apartment)|at my (?:house|place|flat))\b"
    ),
    "public": re.compile(
        r"\b(?:cafes?|coffee shops?|starbucks|mcdonalds|library|libraries|hotels?|airports?|"
        r"public (?:wi-?fi|network|hotspot)s?|hotspots?|trains?|stations?)\b"
    ),
    "work": re.compile(r"\b(?:at work|work (?:wi-?fi|network)|(?:the|my) office|at school|uni)\b"),
}
_TRYING = re.compile(r"\btrying to connect to an? (home|public|work) (?:wi-?fi )?network\b", re.I)
_WORKS_AT = re.compile(r"\bconnect to any (home|public|work) (?:wi-?fi|wireless)", re.I)

_TROUBLE = re.compile(
    r"\b(?:not|no|never|cant|wont|doesnt|dont|isnt|wouldnt|cannot)\b|n't|"
    r"\b(?:drops?|dropping|disconnect\w*|keeps? (?:dropping|cutting)|problems?|issues?|"
    r"slow|trying to connect)\b"
)
_WORKS = re.compile(r"\b(?:fine|works?|working|connects?|ok|okay|great|no problems?)\b")
_NO_PROBLEM = re.compile(r"\bno (?:problems?|issues?|trouble)\b")
_CLAUSE = re.compile(r",|;|\.\s|\s+but\s+|\s+though\s+|\s+whereas\s+")


def place_facts(text: str, network: EvidentialNetwork) -> tuple[Answer, ...]:
    """Answers to the network's questions about a kind of place, from where the message
    says the trouble is and where it works."""
    said = _places_said(tx.normalise(text))
    if not said:
        return ()
    out = []
    for finding in network.findings:
        binary = yes_no_states(finding)
        if binary is None:
            continue
        trying, works = _TRYING.search(finding.question), _WORKS_AT.search(finding.question)
        match = trying or works
        if match is None:
            continue
        place = match.group(1).lower()
        here = said.get(place)
        if here == _DENIED:
            # "not a home network", "im not at home": the place is denied, not its trouble.
            if trying:
                out.append(Answer(finding.id, (binary[1],), PLACE_RELIABILITY))
            continue
        if trying:
            if here == "trouble":
                out.append(Answer(finding.id, (binary[0],), PLACE_RELIABILITY))
            elif here is None and "trouble" in said.values():
                out.append(Answer(finding.id, (binary[1],), PLACE_RELIABILITY))
        elif here is not None:
            state = binary[0] if here == "works" else binary[1]
            out.append(Answer(finding.id, (state,), PLACE_RELIABILITY))
    return tuple(out)


# The place itself denied: the negation stands right before the place's words, with at most
# a preposition or determiner between ("not a home network", "isnt my home wifi", "not at
# home"), so what it negates is where, not whether it works there.
_DENIED = "denied"
_PLACE_NEGATION = re.compile(
    r"\b(?:not|isnt|arent|wasnt|aint|never)\s+(?:(?:at|on|in|a|an|my|our|the|from|using|"
    r"even|really|trying to connect to)\s+){0,4}$"
)


def _place_denied(clause: str, pattern: re.Pattern[str]) -> bool:
    """Every naming of the place in the clause comes right after a negation."""
    found = list(pattern.finditer(clause))
    return bool(found) and all(_PLACE_NEGATION.search(clause[: m.start()]) for m in found)


def _places_said(text: str) -> dict[str, str]:
    """Each kind of place the message names, with "trouble" or "works" there."""
    out: dict[str, str] = {}
    previous = ""
    for clause in (c.strip() for c in _CLAUSE.split(text) if c and c.strip()):
        for place, pattern in _PLACES.items():
            if not pattern.search(clause):
                continue
            if _NO_PROBLEM.search(clause) and not _TROUBLE.search(_NO_PROBLEM.sub(" ", clause)):
                verdict = "works"
            elif re.match(r"^(?:but )?not\b", clause) and _WORKS.search(previous):
                verdict = "trouble"  # "fine at work but not at home"
            elif _place_denied(clause, pattern):
                verdict = _DENIED
            elif _TROUBLE.search(clause):
                verdict = "trouble"
            elif _WORKS.search(clause):
                verdict = "works"
            else:
                continue
            out.setdefault(place, verdict)
        previous = clause
    return out
