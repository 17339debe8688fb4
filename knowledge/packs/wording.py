"""What a person reads for a finding: its question, its answers, how to check, in plain words.

A pack's findings are built from a dataset whose values are codes (DDXPlus: ``V_11``, ``V_86``)
with meanings in clinical shorthand ("iliac wing(R)", "a knife stroke", "NA"). Staff may read
those; a patient must not. This module turns a finding into what a patient sees:

- :func:`state_label`: the words for one answer ("V_157" -> "Red", "V_10" -> "No",
  "hypochondrium(R)" -> "right upper belly, under the ribs");
- :func:`question_text`: the question, with the range of a 0-10 scale said ("0 = no pain,
  10 = the worst pain you can imagine") and a multi-choice option asked as a sentence ("Does
  the pain spread to your jaw?" rather than "Does the pain radiate to another location? -
  jaw");
- :func:`how_to_check`: a plain instruction where one helps (a scale, the size of a spot).

The meanings come from the network's ``metadata["state_labels"]`` (finding id -> state ->
meaning), written by the pack importer from ``value_meaning``; a pack without them gets its
states with underscores turned into spaces, as before.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from planning.network import EvidentialNetwork, Finding

__all__ = [
    "how_to_check",
    "is_scale",
    "plain_place",
    "question_text",
    "scale_range",
    "state_label",
    "state_labels",
]

# Clinical shorthand -> what a patient calls it. Sides come separately ("(R)" -> "right").
_PLACES: Mapping[str, str] = {
    "iliac wing": "hip bone",
    "iliac crest": "top of the hip bone",
    "iliac fossa": "lower belly",
    "axilla": "armpit",
    "hypochondrium": "upper belly, under the ribs",
    "epigastric": "upper middle belly, below the breastbone",
    "pharynx": "back of the throat",
    "occiput": "back of the head",
    "popliteal fossa": "back of the knee",
    "posterior aspect of the ankle": "back of the ankle",
    "dorsal aspect of the foot": "top of the foot",
    "dorsal aspect of the hand": "back of the hand",
    "dorsal aspect of the wrist": "back of the wrist",
    "palmar face of the wrist": "inside of the wrist",
    "palmar side of the forearm": "inside of the forearm",
    "lateral side of the foot": "outer side of the foot",
    "renal fossa": "lower back, over the kidney",
    "scapula": "shoulder blade",
    "trapezius": "top of the shoulder",
    "ischio jambier": "back of the thigh",
    "tibia": "shin",
    "commissure": "corner of the mouth",
    "vermilion": "lip",
    "thyroid cartilage": "front of the neck (Adam's apple)",
    "trachea": "windpipe, at the front of the neck",
    "cervical spine": "neck, along the spine",
    "thoracic spine": "upper back, along the spine",
    "lumbar spine": "lower back, along the spine",
    "coccyx": "tailbone",
    "pubis": "pubic bone",
    "palace": "roof of the mouth",
    "uvula": "little flap at the back of the throat",
    "posterior chest wall": "back of the chest",
    "biceps": "front of the upper arm",
    "triceps": "back of the upper arm",
    "glans": "tip of the penis",
    "internal cheek": "inside of the cheek",
    "finger (index)": "index finger",
    "finger (little finger)": "little finger",
    "finger (middle)": "middle finger",
    "finger (ring finger)": "ring finger",
    "little toe (4)": "fourth toe",
    "toe (1)": "second toe",
    "toe (2)": "third toe",
    "toe (3)": "fourth toe",
    "hymen": "vaginal opening",
    "vulval vestibule": "vaginal opening",
    "labia majora": "outer lips of the vulva",
    "labia minora": "inner lips of the vulva",
    "sole": "sole of the foot",
    "belly": "belly",
    "back of head": "back of the head",
}
# Words for a pain's character (DDXPlus translates French descriptors literally).
_DESCRIPTORS: Mapping[str, str] = {
    "heartbreaking": "tearing",
    "haunting": "shooting",
    "tedious": "nagging",
    "sensitive": "tender",
    "a knife stroke": "stabbing, like a knife",
    "tugging": "pulling",
    "a cramp": "cramping",
    "a pulse": "throbbing",
    "violent": "violent",
    "scary": "frightening",
    "exhausting": "draining",
}
_SPECIAL: Mapping[str, str] = {
    "NA": "None of these",
    "N": "No",
    "Y": "Yes",
    "nowhere": "Nowhere",
    "Caraibes": "The Caribbean",
}
_SIDE = re.compile(r"\s*\((R|L)\)\s*$")

# Scales: what 0 and 10 mean, by the question's wording (any pack).
_SCALE_ENDS: tuple[tuple[str, str, str], ...] = (
    (r"how fast|how quickly|how suddenly", "very slowly", "all of a sudden"),
    (r"how precisely|how exactly|located", "spread out, hard to point to", "one exact spot"),
    (r"itch", "no itching", "the worst itching you can imagine"),
    (r"swollen|swelling", "not swollen", "very swollen"),
    (r"intense|severe|bad|pain", "no pain", "the worst pain you can imagine"),
)
_SCALE_HOW = (
    "Pick a number from 0 to 10: 0 means {low}, 10 means {high}. If you are between two "
    'numbers, pick either; words like "mild", "moderate" or "really bad" are fine too.'
)

# Multi-choice options asked as one sentence each, by the question's wording.
_OPTION_SENTENCES: tuple[tuple[str, str, str], ...] = (
    # (question pattern, sentence for a place or descriptor, sentence for the "none" option)
    (
        r"radiate|spread",
        "Does the pain also spread to the {x}?",
        "Does the pain stay in one place, without spreading anywhere else?",
    ),
    (
        r"feel pain somewhere|where is the pain|pain somewhere",
        "Do you feel pain in the {x}?",
        "Are you free of pain (no pain anywhere)?",
    ),
    (
        r"characteri[sz]e your pain|describe (?:your|the) pain",
        'Would you describe the pain as "{x}"?',
        "Is the pain hard to describe with words like sharp, burning or cramping?",
    ),
    (
        r"swelling located",
        "Is there swelling on the {x}?",
        "Are you free of any swelling?",
    ),
    (
        r"affected region|region located",
        "Is the affected area on the {x}?",
        "Is there no particular affected area?",
    ),
)


def state_labels(network: EvidentialNetwork | None) -> Mapping[str, Mapping[str, str]]:
    """Finding id -> state -> meaning, from the network's metadata (empty when none)."""
    if network is None:
        return {}
    labels = network.metadata.get("state_labels") if network.metadata else None
    return labels if isinstance(labels, Mapping) else {}


def plain_place(meaning: str) -> str:
    """A DDXPlus value meaning in a patient's words ("iliac wing(R)" -> "right hip bone")."""
    text = meaning.strip()
    if text in _SPECIAL:
        return _SPECIAL[text]
    side = ""
    match = _SIDE.search(text)
    if match:
        side = "right " if match.group(1) == "R" else "left "
        text = text[: match.start()].strip()
    if text in _DESCRIPTORS:
        return _DESCRIPTORS[text]
    return f"{side}{_PLACES.get(text, text)}"


def _plain_code(state: str) -> str:
    """A state with no recorded meaning: spaces for underscores, never a bare dataset code."""
    if re.fullmatch(r"[A-Z]_\d+", state):
        return "Other"
    return state.replace("_", " ").capitalize() if state.islower() else state


def state_label(finding: Finding, state: str, network: EvidentialNetwork | None = None) -> str:
    """The words a button or a hint shows for ``state`` of ``finding``."""
    meaning = state_labels(network).get(finding.id, {}).get(state)
    if meaning:
        text = plain_place(meaning)
        return text[:1].upper() + text[1:]
    return _plain_code(state)


def is_scale(finding: Finding) -> bool:
    """A 0-10 (or similar) numeric scale: every state a whole number, in order."""
    try:
        values = [int(s) for s in finding.states]
    except ValueError:
        return False
    return len(values) >= 3 and values == list(range(values[0], values[0] + len(values)))


def scale_range(finding: Finding) -> tuple[int, int, str, str]:
    """(lowest, highest, what the lowest means, what the highest means) of a scale."""
    low, high = int(finding.states[0]), int(finding.states[-1])
    question = finding.question.lower()
    for pattern, low_words, high_words in _SCALE_ENDS:
        if re.search(pattern, question):
            return low, high, low_words, high_words
    return low, high, "not at all", "extremely"


def _option_parts(finding: Finding) -> tuple[str, str] | None:
    """(the group's question, the option's meaning) of a multi-choice option finding."""
    if not finding.group or " - " not in finding.question:
        return None
    question, _, option = finding.question.rpartition(" - ")
    return question.strip(), option.strip()


def question_text(finding: Finding, network: EvidentialNetwork | None = None) -> str:
    """The question as a patient reads it."""
    if is_scale(finding):
        low, high, low_words, high_words = scale_range(finding)
        return (
            f"{finding.question.rstrip()} Answer from {low} to {high}: {low} = {low_words}, "
            f"{high} = {high_words}."
        )
    parts = _option_parts(finding)
    if parts is not None:
        question, option = parts
        words = plain_place(option)
        none = option in ("nowhere", "NA")
        for pattern, sentence, none_sentence in _OPTION_SENTENCES:
            if re.search(pattern, question, re.IGNORECASE):
                return none_sentence if none else sentence.format(x=words)
        return f"{question.rstrip(' ?:')}: {words.lower()}?"
    return finding.question


def how_to_check(finding: Finding) -> str:
    """Plain instructions for answering ``finding`` where the wording can give them."""
    if finding.how_to_check.strip():
        return finding.how_to_check.strip()
    if is_scale(finding):
        _, _, low, high = scale_range(finding)
        return _SCALE_HOW.format(low=low, high=high)
    question = finding.question.lower()
    if "larger than 1cm" in question or "larger than 1 cm" in question:
        return (
            "1 cm is about the width of a fingernail on your little finger, or a pea. Compare "
            "the biggest spot with it."
        )
    if "fever" in question or "temperature" in question:
        return (
            "Use a thermometer if you have one: 38 \u00b0C (100.4 \u00b0F) or more is a fever. "
            "Without one, say whether you feel hot and shivery."
        )
    return ""
