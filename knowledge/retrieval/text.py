"""The offline language layer retrieval uses: normalising, content words, query expansion.

Everything here is small hand-written, generic vocabulary (how people say "Wi-Fi" or "screen",
which brands make laptops or cars); none of it was learnt from, or tuned on, dialog text.

- `normalise` lower-cases, unifies apostrophes, spells out negated contractions, so
  "won't start" and "will not start" read alike, and drops "start"/"begin" used as aspect
  verbs ("it starts to overheat" is about overheating, not starting).
- `content_words` is the bag of stems used for overlap measures (FAQ relevance, spelling
  repair); search itself stems with the engine's own analyser.
- `SYNONYM_GROUPS` are sets of interchangeable phrasings; a query naming one member is expanded
  with the whole group (`expand_query`), which bridges "my screen" to a chart about the "LCD
  display" and "can't get online" to "wireless network".
- `DOMAIN_TERMS` are words and brand names that place a complaint in a domain ("my Dell",
  "my Toyota"); `domain_cues` counts them. Words that are common in both domains ("battery",
  "drive", "fan", "charger") or ordinary English words that double as model names ("surface",
  "focus", "ram") are left out on purpose.
- `SpellingRepair` maps a misspelt query word to the closest word of a known vocabulary
  ("elecical" -> "electrical"), using difflib's similarity ratio on words of 5+ letters.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Collection, Iterable, Mapping

from knowledge import words
from knowledge.words import stem

# "It starts to overheat", "it started smoking": start/begin as aspect verbs say when, not what;
# left in, they read as the complaint "it will not start".
_ASPECTUAL = re.compile(
    r"\b(?:start|starts|started|starting|begin|begins|began|beginning)\s+(?=to\s|[a-z]+ing\b)"
)

# A complaint being routed is scored on its content words: function words and the filler of a
# request for help ("problem", "since two days", "please help") say nothing about which.
STOP_WORDS = words.STOP_WORDS | words.QUERY_FILLER


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


# Interchangeable phrasings of one idea. Matching is on normalised text at word boundaries, so
# "hot" does not match "hotspot". Group members are what the query gains when one is present.
SYNONYM_GROUPS: tuple[frozenset[str], ...] = tuple(
    frozenset(g.split("|"))
    for g in (
        # IT
        "wireless|wifi|wi-fi|wlan|internet|online|network|router|hotspot|connect|connection",
        "display|screen|monitor|lcd|picture|image|backlight",
        "overheat|overheating|overheats|hot|heat|heating|heats|warm|temperature|cooling|fan",
        "turn on|power on|power up|power button|switch on|no power",
        "boot|boots|booting|operating system|os|startup",
        "hard drive|hard disk|hdd|ssd|disk|storage|drive failure",
        "battery|charge|charging|charger|drain|drains|draining|adapter|power adapter",
        "keyboard|touchpad|trackpad|mouse",
        # A machine that stops responding, in the words people use for it.
        "freeze|freezes|freezing|froze|frozen|lock up|locks up|locking up|locked up|hang|hangs|"
        "hanging|hung|unresponsive|not responding|stops responding|stopped responding",
        "sleep|sleeps|sleeping|standby|hibernate|hibernates|hibernating|hibernation",
        # cars
        "noise|noises|noisy|sound|sounds|ticking|clicking|clunking|clunk|knocking|squeaking|"
        "squealing|grinding|rattling|rattle|humming|whistling|banging",
        # Trying to start, in the words people use for it: a noise then is the starter's.
        "start|starting|starts|crank|cranking|ignition|turn over|fire up|starter|"
        "turn the key|turned the key|turning the key|turns the key|twist the key|"
        "start button|push button start|push to start|get it going|get it started",
        "brake|brakes|braking|brake pedal|stopping",
        "electrical|electric|electronics|wiring|wire|fuse|fuses|fusible link|short circuit|"
        "alternator",
        "steering|steer|steering wheel|pulls|pulling|alignment|wobble|wobbling|shimmy|"
        "vibration|vibrates|vibrating|wander|wandering",
        "coolant|radiator|antifreeze|thermostat|temperature gauge|temp gauge|steam|steaming|"
        "boiling over|boils over|boiled over",
        "tire|tires|tyre|tyres|wheel|wheels",
        # A car's lamps, in British and American words ("indicator" is a "blinker").
        "indicator|indicators|blinker|blinkers|turn signal|turn signals|hazard lights|"
        "headlight|headlights|headlamp|headlamps|taillight|taillights|tail light|tail lights|"
        "bulb|bulbs|lamp|lamps",
    )
)

DOMAIN_TERMS: dict[str, frozenset[str]] = {
    "laptop": _words(
        """
        laptop laptops notebook notebooks computer computers pc macbook chromebook ultrabook
        netbook thinkpad ideapad thinkbook dell xps inspiron latitude alienware vostro hp
        spectre pavilion elitebook probook zbook omen lenovo asus zenbook vivobook rog zephyrus
        acer aspire predator travelmate apple mac microsoft razer msi samsung huawei matebook
        toshiba vaio fujitsu pixelbook gigabyte aorus windows linux macos bios wifi wi-fi
        wireless touchpad trackpad keyboard usb hdmi ssd hdd lcd
        """
    ),
    "car": _words(
        """
        car cars vehicle vehicles truck trucks suv van minivan sedan pickup automobile
        driving drove engine motor highway mileage mph toyota camry corolla prius rav4 highlander
        tacoma honda civic crv cr-v odyssey ford mustang f-150 f150 chevrolet chevy camaro
        silverado malibu equinox tahoe impala gmc acadia yukon buick enclave cadillac escalade
        dodge durango jeep wrangler cherokee chrysler nissan altima maxima murano sentra kia
        telluride sorento sportage hyundai elantra sonata tucson subaru outback forester
        impreza mazda volkswagen vw jetta passat tiguan bmw audi mercedes benz lexus acura
        infiniti volvo tesla rivian porsche jaguar mitsubishi lincoln peugeot renault skoda
        dashboard brakes steering tire tires tyre tyres headlight headlights headlamp headlamps
        taillight taillights blinker blinkers bonnet windscreen windshield
        """
    ),
}

_MIN_REPAIR_LENGTH = 5
_REPAIR_CUTOFF = 0.85


# A clause that says something is all right ("engine runs fine", "every other light is ok"):
# it names what the complaint is *not* about, so routing it would pull the complaint towards
# that part ("engine runs fine" sent a dead indicator bulb to the engine's sections).
_ALL_CLEAR = re.compile(
    r"\b(?:is|are|was|were|seems?|looks?|feels?|felt|runs?|running|works?|working|starts?|sounds?|"
    r"drives?|charges?|boots?|connects?)\s+(?:(?:absolutely|perfectly|totally|completely|"
    r"just|all)\s+)?(?:fine|ok|okay|normal(?:ly)?|good|great|perfect)\b"
    r"|\b(?:fine|ok|okay) otherwise\b|\bno (?:problems?|issues?) with\b"
    # Said without a verb: "indicators and brake lights all ok", "wifi and screen both fine"
    # (lead20: "brake lights all ok" took a dead headlight into the brakes chart).
    r"|\b(?:all|both)\s+(?:fine|ok|okay|good|normal|working)\s*$"
)
_CLAUSE_BREAK = re.compile(r"[.,;!?\n]+|\s+(?:but|though|although|while|whereas)\s+")


def without_all_clear(text: str) -> str:
    """``text`` without its clauses that say something is fine (all of it when that would
    leave nothing)."""
    clauses = [c for c in _CLAUSE_BREAK.split(text) if c.strip()]
    kept = [c for c in clauses if not _all_clear(normalise(c))]
    return " . ".join(kept) if kept else text


_NOT = re.compile(r"\b(?:not|never|no longer|hardly|barely)\b")


def _all_clear(clause: str) -> bool:
    # "my brakes don't seem to be working fine" is a complaint, not an all-clear.
    match = _ALL_CLEAR.search(clause)
    return match is not None and not _NOT.search(clause[: match.start()])


def normalise(text: str) -> str:
    """Lower-case, straight apostrophes, negated contractions spelt out, aspectual
    "start"/"begin" dropped."""
    return _ASPECTUAL.sub("", words.normalise(text))


def tokens(text: str) -> list[str]:
    """Words of the normalised text, in order (hyphenated words kept whole, apostrophes split)."""
    return words.tokens(normalise(text))


def content_words(text: str) -> set[str]:
    """Stems of the non-stop words of `text`."""
    return {stem(w) for w in tokens(text) if w not in STOP_WORDS and len(w) > 1}


def _contains(normalised: str, phrase: str) -> bool:
    return re.search(rf"(?<![a-z0-9]){re.escape(phrase)}(?![a-z0-9])", normalised) is not None


def expansions(text: str, groups: Iterable[frozenset[str]] = SYNONYM_GROUPS) -> list[str]:
    """The synonym-group members `text` gains: every member of each group it mentions."""
    norm = normalise(text)
    out: list[str] = []
    for group in groups:
        if any(_contains(norm, phrase) for phrase in group):
            out.extend(sorted(p for p in group if not _contains(norm, p)))
    return out


def expand_query(text: str, groups: Iterable[frozenset[str]] = SYNONYM_GROUPS) -> str:
    """`text` (normalised) followed by its synonym expansions."""
    extra = expansions(text, groups)
    norm = normalise(text)
    return f"{norm} {' '.join(extra)}" if extra else norm


def domain_cues(text: str, lexicon: Mapping[str, Collection[str]] = DOMAIN_TERMS) -> dict[str, int]:
    """Per domain, how many distinct words of `text` are in its lexicon (zeros omitted)."""
    words = set(tokens(text))
    counts = {domain: len(words & set(terms)) for domain, terms in lexicon.items()}
    return {domain: n for domain, n in counts.items() if n}


def dominant_domain(cues: Mapping[str, int]) -> str | None:
    """The domain with strictly the most cues, or None when there are none or a tie."""
    if not cues:
        return None
    ranked = sorted(cues.items(), key=lambda kv: -kv[1])
    if len(ranked) > 1 and ranked[0][1] == ranked[1][1]:
        return None
    return ranked[0][0]


class SpellingRepair:
    """Maps misspelt words to close words of a known vocabulary ("elecical" -> "electrical").

    Only words of 5+ letters that are not stop words, not in the vocabulary and not an
    inflection of a vocabulary word (same `stem`) are repaired, each to the single closest
    vocabulary word with a difflib similarity ratio of at least 0.85, among the vocabulary
    words with the same first letter and a length within two letters (typos rarely hit the
    first letter or add or drop more; the restriction keeps difflib cheap). Cached per word.
    """

    def __init__(self, vocabulary: Collection[str], cutoff: float = _REPAIR_CUTOFF) -> None:
        self._known = frozenset(vocabulary)
        self._stems = frozenset(stem(w) for w in self._known)
        self._cutoff = cutoff
        self._buckets: dict[tuple[str, int], list[str]] = {}
        for word in sorted(self._known):
            self._buckets.setdefault((word[:1], len(word)), []).append(word)
        self._cache: dict[str, str | None] = {}

    def repair(self, word: str) -> str | None:
        if word in self._cache:
            return self._cache[word]
        result: str | None = None
        if (
            len(word) >= _MIN_REPAIR_LENGTH
            and word.isalpha()
            and word not in STOP_WORDS
            and word not in self._known
            and stem(word) not in self._stems
        ):
            candidates = [
                w
                for n in range(len(word) - 2, len(word) + 3)
                for w in self._buckets.get((word[0], n), [])
            ]
            match = difflib.get_close_matches(word, candidates, n=1, cutoff=self._cutoff)
            result = match[0] if match else None
        if len(self._cache) < 100_000:
            self._cache[word] = result
        return result

    def __call__(self, text: str) -> list[str]:
        """The repairs for the words of `text`, each listed once, in text order."""
        out: list[str] = []
        for word in dict.fromkeys(tokens(text)):
            fixed = self.repair(word)
            if fixed is not None and fixed not in out:
                out.append(fixed)
        return out
