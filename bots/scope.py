"""Is a complaint something the loaded packs cover at all?

The router always finds *some* closest section, so a printer problem used to run through the
laptop boot charts. Before routing, the opening message is checked for what it is about:

- a request no troubleshooting pack answers (a refund, a price, a booking, an account
  change), whatever device it names ("how much is a service on my car");
- a thing no pack covers as the subject of the trouble (a printer, a phone, a TV, a washing
  machine, a pet), unless something a pack does cover is named too and the other thing is
  only a comparison ("wifi drops on my laptop but my phone is fine").

Words that say the covered thing is *not* the subject ("not a laptop but ...") do not count
for it. The lists are of everyday words for things; the measured catch rates, on a table
written as users write with a held-out part, are in ``tests/bots/test_scope.py``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

# Requests that are not a fault to troubleshoot: label -> pattern.
_REQUESTS: tuple[tuple[str, str], ...] = (
    (
        "a billing or account question",
        r"charged (twice|again|double)|double charged|refund|invoice|\bbill(s|ing)?\b|"
        r"\bpa(y|id|yment)s?\b|subscription|cancel (my|the) (contract|account|order)|"
        r"\bcontract\b|\binstal+ments?\b|(change|update) (the|my) (address|details|email)"
        r"(?: on my account)?|\bmy account\b",
    ),
    (
        "a price or booking question",
        r"how much (is|are|do|does|would|to|for)|\bquote\b|\bprices?\b|\bcost(s)? to\b|"
        r"\bbook(ing)? (my|the|a|it) |\bslots?\b|opening (hours|times)|\bare you open\b",
    ),
    (
        "an insurance, fine or paperwork question",
        r"insurance|insurer|make a claim|claim (?:on|for|against|form)|warranty|guarantee claim|"
        r"(?:parking|speeding|traffic|congestion|bus lane) (?:ticket|fine|charge|notice)s?|"
        r"penalty (?:charge|notice|points)|\bpcn\b|appeal (?:it|the|a|my|against)|"
        r"road tax|car tax|\bv5c?\b|log ?book|driving licen[cs]e|licen[cs]e renewal",
    ),
)
# What a person asks a surgery for, beside a symptom or not (the errands below).
_MEDICINE = (
    r"(?:tablets?|pills?|meds|medications?|medicines?|inhalers?|insulin|creams?|ointments?|"
    r"patches|capsules|antibiotics|antidepressants|epi-?pens?|eye ?drops|contraceptives?|"
    r"prescriptions?|supply|repeat)"
)
_VACCINE = (
    r"(?:jabs?|vaccines?|vaccinations?|boosters?|immuni[sz]ations?|smear(?: test)?|"
    r"cervical screening|mammograms?|health check)"
)
# Errands that are not symptoms: asked alone, a person handles them; said beside a symptom
# ("i need a sick note, my back is killing me"), the symptom is the subject.
_ERRANDS: tuple[tuple[str, str], ...] = (
    (
        "a prescription, note or appointment request",
        r"repeat prescriptions?|(?:send|order|renew|refill|request|get|need|collect|chase|"
        r"reorder|re-order) (?:\w+ ){0,3}prescriptions?|prescription (?:refill|renewal|request)|"
        r"(?:fit|sick|doctor'?s|doctors) notes?|medical (?:certificate|letter|report|records)|"
        r"(?:get|see|check|chase|have|know) (?:my|the) (?:\w+ )?(?:test )?results|"
        r"(?:my|the) (?:\w+ )?(?:test )?results (?:back|in|ready|through)|"
        r"referral letter|(?:book|make|cancel|change|move|reschedule) (?:an |my |the )?"
        r"appointments?",
    ),
    (
        # A medicine asked for again, in any words: "a repeat of my inhaler", "more of my
        # tablets", "run out of my sertraline", "my metformin renewing".
        "a prescription, note or appointment request",
        rf"(?:a repeat|more|another (?:\w+ )?(?:supply|batch|box|lot)|refills?|top[- ]?ups?) "
        rf"(?:of |on |for )?(?:my |the )(?:\w+ ){{0,3}}?{_MEDICINE}|"
        rf"(?:refill|renew|re-?order|repeat|top up|order|send|sort out) (?:me )?"
        rf"(?:some |more |my |the )(?:\w+ ){{0,3}}?{_MEDICINE}|"
        r"(?:run|ran|running|runs) (?:out|low) (?:of|on) (?:my|the) \w+(?: \w+)?|"
        r"(?:my|the) \w+ (?:renewing|renewed|refilling|refilled|topping up|topped up|"
        r"re-?ordering|re-?ordered)",
    ),
    (
        # A jab or a screening said with no symptom beside it is asked for, whatever the verb
        # ("flu vaccine - am i eligible?"); with one ("arm swollen where i had my flu jab"),
        # the symptom leads (out_of_scope reads the rest of the message for it).
        "a vaccination or screening request",
        rf"{_VACCINE}|copy of my (?:\w+ )?records?|"
        r"register(?:ing)? (?:with|at) (?:the|a|your) (?:surgery|practice|gp|doctors?|clinic)",
    ),
)

# Things no example pack covers: label -> pattern (words at word boundaries).
_THINGS: tuple[tuple[str, str], ...] = (
    ("printer", r"printers?|printing|toner|paper jam|scanner|all in one"),
    ("phone", r"(mobile )?phones?|iphone|android|smartphone|galaxy|mobile"),
    ("tablet", r"ipad|tablet|kindle|e-?reader"),
    ("TV", r"tv|telly|television|projector"),
    (
        "household appliance",
        r"washing machine|washer|tumble dryer|dryer|dish ?washer|fridge|freezer|oven|"
        r"microwave|kettle|toaster|hoover|vacuum|lawn ?mower|mower|toothbrush",
    ),
    ("heating", r"boiler|central heating|heating system"),
    ("games console", r"xbox|playstation|ps[345]|nintendo|games? console"),
    (
        "gadget",
        r"airpods|earbuds|headphones|smart ?watch|alexa|echo dot|google home|"
        r"smart speaker|camera",
    ),
    ("bike", r"bikes?|e-?bikes?|bicycle|motorbike|motorcycle|e-?scooter|scooter|hoverboard"),
    ("caravan", r"caravan|motorhome|boat"),
    # "Make out the desktop" is Windows' desktop, on a laptop; "my desktop" is a computer.
    ("desktop computer", r"desktop (?:pc|computer|tower)|pc tower|(?<=my )desktop"),
    ("home repair", r"landlord|damp|mould|plumbing|blocked drain"),
    ("sat nav", r"sat ?nav|infotainment"),
    # Doors and passes: a helpdesk hears them often, and "the light goes red" is no symptom.
    (
        "building access",
        r"badges?(?: reader| scanner)?|(?:door|security|staff|building|access) pass(?:es)?|"
        r"key ?card|swipe ?card|access card|door (?:entry|access)|entry (?:system|fob)|"
        r"turnstiles?|door fob",
    ),
)
_PETS = (
    r"(?:my|our|the|his|her|their)\s+(?:\w+\s+)?"
    r"(?:dog|cat|puppy|pup|kitten|rabbit|hamster|parrot|budgie|bird|horse|pony|pet|"
    r"guinea pig|tortoise)s?\b|\b(?:dog|cat|puppy|kitten)\b.*\b(he|she)'?s\b|\bvet\b"
)
# The writer's own body or how they feel: a pet is then where it happened, not the subject
# ("an ache down my arm when i walk the dog, i go sweaty" was handed over as a pet problem,
# stop 39); "my dog is limping on his back leg" names the dog's.
_OWN_BODY = (
    r"\bmy (?:\w+ )?(?:chest|arms?|shoulders?|legs?|back|head|neck|jaw|throat|stomach|tummy|"
    r"belly|knees?|hands?|feet|foot|ankles?|wrists?|elbows?|hips?|skin|eyes?|ears?|heart|"
    r"breath\w*|fingers?|toes?|face|lips?|tongue|ribs?|side)\b|"
    r"\bi (?:feel|felt|get|go|went|keep|am|'m|have been|was) (?:\w+ ){0,2}(?:sweaty|dizzy|"
    r"faint|sick|breathless|short of breath|clammy|in pain|pain|bitten|scratched)\b|"
    r"\b(?:im|i'm) (?:\w+ ){0,2}(?:sweaty|dizzy|faint|breathless|in pain|bitten|scratched)\b"
)

# Things the packs do cover, by pack domain.
_COVERED: dict[str, str] = {
    "it": (
        r"laptops?|notebook|macbook|chromebook|thinkpad|lenovo|dell|asus|acer|wi-?fi|"
        r"wireless|windows|bios|hard ?drive|hdd|ssd|trackpad|touchpad"
    ),
    "automotive": (
        r"cars?|engine|brakes?|braking|steering|tyres?|tires?|starter|ignition|radiator|"
        r"coolant|antifreeze|exhaust|indicator|headlights?|gearbox|petrol|diesel|clutch|"
        r"alternator|spark plugs?|bonnet|dashboard|"
        # Starting a car, said without naming it ("every time i turn the key it just clicks").
        r"(?:turn|twist)(?:s|ed|ing)? the key|key in the ignition"
    ),
    "medical": (
        r"pain|ache|aches|aching|fever|temperature|cough|coughing|rash|dizzy|sick|nausea|"
        r"swollen|swelling|breath\w*|headache|throat|stomach|chest|bleeding|"
        r"vomit\w*|diarrh\w*|itchy|sore|hurts?|tired|earache|ear ache|symptoms?|agony|"
        r"wheez\w*|dizz\w*|faint\w*|numb\w*|tingl\w*|throb\w*|cramps?|palpitations?|"
        r"injur\w*|sprain\w*|(?<=my )(?:lower |upper )?(?:back|neck|knees?|hips?|shoulders?|"
        r"wrists?|ankles?|feet|foot|legs?|arms?|eyes?|ears?)"
    ),
}
_NEGATED = r"(?:not|isn'?t|aint|no)\s+(?:a|an|my|the|about)?\s*"
_CONTRAST = re.compile(r"\b(but|while|whereas|though|although)\b|;")
# An uncovered thing used as a tool is never the subject of the trouble: "shine my phone torch on
# it", "tethered to my phone's hotspot", "checked it with a multimeter from the garage".
_AS_TOOL_BEFORE = re.compile(
    r"\b(?:with|using|via|through|off|from|shine|shining)\s+(?:my|the|a|an|his|her|our)?\s*$"
)
_AS_TOOL_AFTER = re.compile(r"^(?:'s)?\s*(?:torch|flashlight|light|hotspot|camera|app|charger)\b")


@dataclass(frozen=True)
class OutOfScope:
    """What the message is about, for "this looks like a <label> problem"."""

    label: str
    request: bool  # a request (billing, booking) rather than a faulty thing

    def describe(self) -> str:
        return (
            f"this looks like {self.label}"
            if self.request
            else (f"this looks like {_article(self.label)} {self.label} problem")
        )


# A pet's own trouble: how an animal is ill or hurt.
_PET_ILL = re.compile(
    r"\b(?:limp\w*|lame|sick|vomit\w*|throw\w* up|diarrh\w*|poorly|ill|vet|pluck\w*|hunched|"
    r"cough\w*|sneez\w*|wheez\w*|letharg\w*|bleed\w*|injur\w*|hurt\w*|swollen|lump|fleas?|"
    r"worms?|not (?:him|her|it)self|(?:not|never|stopped|won'?t|wont|off (?:his|her|its)) "
    r"eat\w*|(?:hasn'?t|hasnt|not) (?:eaten|drunk)|off (?:his|her|its) food|"
    r"scratch\w* (?:at )?(?:his|her|its)|losing (?:his |her |its )?fur)\b"
)


def _pet_by_a_device(text: str) -> bool:
    """Whether a pet named beside a laptop or a car is only the cause or the place of the
    device's trouble ("the cat walked across the keyboard and the screen turned upside down",
    "the dog chewed my laptop charger"): a device is named and nothing says the animal is
    ill or hurt."""
    devices = _covered_positions(text, tuple(d for d in _COVERED if d != "medical"))
    return bool(devices) and _PET_ILL.search(text) is None


def _article(word: str) -> str:
    return "an" if word[:1].lower() in "aeiou" else "a"


def _find(pattern: str, text: str) -> re.Match[str] | None:
    return re.search(rf"(?<![\w-])(?:{pattern})(?![\w-])", text)


def _covered_positions(text: str, domains: tuple[str, ...]) -> list[int]:
    out = []
    for domain in domains:
        pattern = _COVERED.get(domain)
        if pattern is None:
            continue
        for match in re.finditer(rf"(?<![\w-])(?:{pattern})(?![\w-])", text):
            before = text[max(0, match.start() - 16) : match.start()]
            if re.search(rf"{_NEGATED}$", before):
                continue  # "not a laptop": the covered thing is not the subject
            out.append(match.start())
    return sorted(out)


def names_covered(text: str, domain: str) -> bool:
    """Whether ``text`` names something the packs of ``domain`` cover (and not as "not a
    laptop")."""
    lowered = " ".join(text.lower().replace("’", "'").split())
    return bool(_covered_positions(lowered, (domain,)))


def out_of_scope(text: str, domains: tuple[str, ...] = tuple(_COVERED)) -> OutOfScope | None:
    """What ``text`` is about when no pack of ``domains`` covers it, else None."""
    lowered = " ".join(text.lower().replace("’", "'").split())
    if not lowered:
        return None
    covered = _covered_positions(lowered, domains)
    for label, pattern in _REQUESTS:
        match = _find(pattern, _without_purposes(lowered) if covered else lowered)
        if match:
            return OutOfScope(label, request=True)
    for label, pattern in _ERRANDS:
        errand = _find(pattern, lowered)
        # The errand's own words ("a sick note") are no symptom.
        rest = lowered[: errand.start()] + " " + lowered[errand.end() :] if errand else ""
        if errand and not _covered_positions(rest, domains):
            return OutOfScope(label, request=True)
    pet = re.search(_PETS, lowered)
    if pet is not None and not re.search(_OWN_BODY, lowered) and not _pet_by_a_device(lowered):
        return OutOfScope("pet", request=False)
    for label, pattern in _THINGS:
        match = _find(pattern, lowered)
        if match is None:
            continue
        if _as_tool(lowered, match):
            continue
        if not covered:
            return OutOfScope(label, request=False)
        # The uncovered thing is the subject when it comes first and nothing covered is set
        # against it ("printer won't print from my laptop", not "my phone sees the wifi but
        # my laptop doesn't").
        if match.start() < covered[0] and not any(
            _CONTRAST.search(lowered[match.start() : p]) and _is_subject(lowered, p)
            for p in covered
        ):
            return OutOfScope(label, request=False)
    return None


# What the covered domain's things are reached through, not things with the trouble: a printer
# "connected to the same wifi", a phone "on windows" is still the printer's or the phone's
# trouble, even after "even though" (a contrast of states, not of subjects).
_MEDIUM = re.compile(r"(?:wi-?fi|wireless|windows|bios|internet)(?![\w-])")


def _is_subject(text: str, position: int) -> bool:
    """Whether the covered word at ``position`` can be what the trouble is with (a laptop, a
    car), not the medium something else uses (:data:`_MEDIUM`)."""
    return not _MEDIUM.match(text, position)


# "it's my printer", "its not a laptop, its my phone", "i meant my bike", "the problem is
# with the boiler": the user says what the trouble is with, mid-conversation.
_SUBJECT_SAID = re.compile(
    r"(?:\b(?:it'?s|it\s+is|this\s+is|that'?s|i\s+mean|i\s+meant|talking\s+about|"
    r"(?:the\s+)?(?:problem|issue|fault|trouble)\s+is(?:\s+with)?|it'?s\s+about|"
    r"(?:asking|here)\s+about)\s+(?:with\s+|about\s+)?(?:my|a|an|the|our|his|her)\s+"
    r"(?:\w+\s+)?$)"
)


def subject_named(text: str) -> OutOfScope | None:
    """An uncovered thing the user says the trouble is with, in a reply mid-conversation
    ("its not a laptop, its my printer"), else None. Unlike :func:`out_of_scope`, a thing
    only mentioned is not enough ("yes, my phone connects fine" answers a question): the
    message must say it is the subject."""
    lowered = " ".join(text.lower().replace("’", "'").split())
    pet = re.search(_PETS, lowered)
    if pet is not None and _SUBJECT_SAID.search(lowered[: pet.start()] + "my "):
        return OutOfScope("pet", request=False)
    for label, pattern in _THINGS:
        match = _find(pattern, lowered)
        if (
            match is not None
            and not _as_tool(lowered, match)
            and _SUBJECT_SAID.search(lowered[: match.start()])
        ):
            return OutOfScope(label, request=False)
    return None


def _as_tool(text: str, match: re.Match[str]) -> bool:
    before = text[max(0, match.start() - 24) : match.start()]
    if _TROUBLE_WITH.search(before):
        return False  # "the problem is with my printer": the subject, not a tool
    return bool(_AS_TOOL_BEFORE.search(before) or _AS_TOOL_AFTER.search(text[match.end() :]))


_TROUBLE_WITH = re.compile(
    r"\b(?:problem|issue|fault|trouble|wrong|matter|up)\s+(?:is\s+|are\s+)?with\s+"
    r"(?:my|the|a|an|his|her|our)?\s*$"
)


# What a covered thing is needed for ("I need my laptop to pay my bills", "so I can book a
# flight"): the fault is the subject, the errand is not a request to us.
_PURPOSE = re.compile(
    r"\b(?:to|so (?:that )?(?:i|we) can|in order to|for)\s+(?:\w+ing\b|pay|do|book|check|"
    r"manage|finish|get|make|use)[^.,;!?]*"
)


# What is at stake if the fault stays ("if I don't I will lose a big contract at work", "or
# I'll miss my payment date"): the fault is still the subject.
_STAKES = re.compile(
    r"\b(?:if (?:i|we) (?:don'?t|do not|can'?t|cannot)|"
    r"(?:i|we)(?:'ll| will| would| could| might| may)(?: \w+)? (?:lose|miss|get fired|be fired))"
    r"(?:(?!\bso\b|\bbut\b)[^.,;!?])*"
)


def _without_purposes(text: str) -> str:
    return _STAKES.sub(" ", _PURPOSE.sub(" ", text))


def covered_phrase(domains: list[str]) -> str:
    """ "laptops and cars" for the packs' domains, in a sentence."""
    names = {"it": "laptops", "automotive": "cars", "medical": "your own health symptoms"}
    said = [names.get(d, d) for d in dict.fromkeys(domains)]
    if not said:
        return "the topics I know"
    return said[0] if len(said) == 1 else f"{', '.join(said[:-1])} and {said[-1]}"
