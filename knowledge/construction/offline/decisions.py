"""A troubleshooting article's decision structure, read without a model.

The article is read as a sequence of **units** (a heading with what follows it, or a top-level
list item with its sub-items). Each unit becomes a small decision tree of **checks** (yes/no
questions) whose branches lead to another check, a **cause** (what is wrong and the fix), or a
**pointer** elsewhere in the article ("go to step 5", "jump to 'My network is listed...'",
"read the next question"). Pointers are resolved afterwards; a branch the article leaves
unsaid leads to the next unit ("if it doesn't, carry on" is the default of a guide read in
order). Tables (``symptom | cause | fix``) are read row by row as a decision list.

How a unit is read, sentence by sentence (see ``language`` for the word lists):

- a yes/no question opens a check;
- "If X, Y" / "X: Y" / "Yes: Y" / "X = Y" is a branch: it answers the check it is about (the
  question of the unit or its parent item, a bare "if so"/"otherwise", or a check whose words
  it shares), on the side its polarity says, else it opens a new check named after X;
- the consequence Y is a pointer when it says where to go, a cause when it names a fault or a
  fix, and otherwise an instruction after which the unit goes on below that branch;
- a check left with an empty side at the end of a unit takes, for that side, a cause stated
  in the unit without a condition ("A burning smell means...; if there is no smell, read on").
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from . import language as lang
from .outline import Block, outline


@dataclass
class Span:
    start: int
    end: int


@dataclass
class Cause:
    id: str
    text: str  # the consequence as written: the cause and its fix
    span: Span


@dataclass
class Pointer:
    text: str
    unit: int  # the unit the pointer was written in
    steps: list[str] = field(default_factory=list)
    quotes: list[str] = field(default_factory=list)
    resolved: Target = None


@dataclass
class Check:
    id: str
    question: str
    span: Span
    context: str = ""  # the instruction around it (how to check)
    yes: Target = None
    no: Target = None
    unit: int = 0
    explicit: bool = False  # asked as a question in the article

    def slot(self, state: str) -> Target:
        return self.yes if state == "yes" else self.no

    def set(self, state: str, target: Target) -> None:
        if state == "yes":
            self.yes = target
        else:
            self.no = target

    def free(self, state: str) -> bool:
        return self.slot(state) is None


class Next:
    """The branch goes on with the next unit."""


NEXT = Next()
Target = Check | Cause | Pointer | Next | None  # (a _Pending only while a unit is read)


@dataclass
class Unit:
    index: int
    title: str
    label: str
    blocks: list[Block]
    entry: Target = None


@dataclass
class Statement:
    kind: str  # "question" | "branch" | "text"
    text: str
    span: Span
    depth: int
    condition: str = ""
    consequence: str = ""
    parent: int = -1  # index of the statement (question) of the parent list item, or -1
    block: int = 0  # which block of the unit it was written in
    texts_joined_condition: bool = False
    indirect: bool = False  # a "see whether X" question inside an instruction
    heading: bool = False  # written as a heading ("IF THE BIOS DOESN'T SEE THE DRIVE")


@dataclass
class Decisions:
    """The article read as a decision tree rooted at ``root``."""

    root: Target
    checks: list[Check]
    causes: list[Cause]
    units: list[Unit]


class _Builder:
    def __init__(self, text: str) -> None:
        self.text = text
        self.checks: list[Check] = []
        self.causes: list[Cause] = []
        self.pointers: list[Pointer] = []
        self.titles: list[tuple[int, str]] = []  # (unit index, heading) of every unit

    def names_later_title(self, text: str, after: int) -> bool:
        """Whether ``text`` names a later section by its heading ("skip ahead to The surface
        under the laptop"), quoted or not."""
        words = lang.content(_POINTER_WORDS.sub(" ", text))
        if not words:
            return False
        for index, title in self.titles:
            heading = lang.content(title)
            if index > after and len(heading) >= 2 and heading <= words:
                return True
        return False

    def check(self, question: str, span: Span, unit: int, explicit: bool) -> Check:
        made = Check(f"c{len(self.checks) + 1}", question, span, unit=unit, explicit=explicit)
        self.checks.append(made)
        return made

    def cause(self, text: str, span: Span) -> Cause:
        for known in self.causes:
            if known.text == text:
                return known
        made = Cause(f"h{len(self.causes) + 1}", text, span)
        self.causes.append(made)
        return made


def read_decisions(text: str) -> Decisions:
    """The decision structure of an article's text (see the module docstring)."""
    blocks = outline(text)
    builder = _Builder(text)
    units = _units(blocks)
    builder.titles = [(u.index, u.title) for u in units if u.title]
    rows = [b for b in blocks if b.kind == "row"]
    for unit in units:
        unit.entry = _read_unit(unit, builder)
    table_root = _read_table(rows, builder, text) if len(rows) >= 3 else None
    _resolve(units, builder)
    root: Target = None
    # The diagnosis starts at the first step the article marks as one (a numbered step, a
    # heading); an untitled introduction only when nothing else has a decision in it.
    marked = [u for u in units if u.label or u.title]
    for unit in [*marked, *units]:
        if isinstance(unit.entry, Check | Cause):
            root = unit.entry
            break
    if table_root is not None and (root is None or _reach(root) < _reach(table_root)):
        root = table_root
    root = _bypass_converged(root)
    _drop_unreachable(root, builder)
    return Decisions(root, builder.checks, builder.causes, units)


# -- units -------------------------------------------------------------------------------------


def _units(blocks: list[Block]) -> list[Unit]:
    """Headings and top-level list items start units; the first heading is the title."""
    units: list[Unit] = []
    current: Unit | None = None
    seen_title = False
    for block in blocks:
        if block.kind == "row":
            continue
        conditional_heading = block.kind == "heading" and bool(lang.condition_split(block.text))
        starts = (
            (block.kind == "heading" and seen_title and not conditional_heading)
            or (
                block.kind == "item"
                and block.depth == 0
                and bool(block.label)
                and not _is_branch_item(block)
            )
            or (block.kind == "para" and bool(block.label))
        )
        if block.kind == "heading" and not seen_title:
            seen_title = True
            continue
        if starts or current is None:
            current = Unit(
                len(units), block.text if block.kind == "heading" else "", block.label, []
            )
            units.append(current)
        current.blocks.append(block)
    return units


def _is_branch_item(block: Block) -> bool:
    """A top-level item that answers the previous one ("- Yes: ...") rather than a step."""
    return lang.yes_no_word(block.text.split(":")[0]) is not None


# -- reading one unit --------------------------------------------------------------------------


def _statements(unit: Unit) -> list[Statement]:
    out: list[Statement] = []
    last_at_depth: dict[int, int] = {}  # depth -> index of the last question statement there
    para_question = -1
    for block_no, block in enumerate(unit.blocks):
        if lang.admonition(block.text):
            continue
        depth = block.depth if block.kind == "item" else 0
        parent = -1
        if block.kind == "item":
            parent = last_at_depth.get(depth - 1, para_question if depth >= 0 else -1)
            for d in [d for d in last_at_depth if d >= depth]:
                del last_at_depth[d]
        elif block.kind in ("para", "heading"):
            last_at_depth.clear()
            para_question = -1
        first = len(out)
        is_item = block.kind == "item"
        lead = lang.lead_condition(block.text) if is_item else None
        if block.kind == "para" and lead is None:
            # "You see the logo but it never reaches the desktop: try Safe Mode." after the
            # question it answers: a branch written as a paragraph.
            para_lead = lang.lead_condition(block.text)
            if para_lead is not None and ":" in block.text and not _INSTRUCTION.match(para_lead[0]):
                for said in reversed(out):
                    asked = ""
                    if said.kind == "question":
                        asked = said.text
                    elif said.kind == "branch":
                        asked = _asked(said.consequence)
                    if asked and lang.overlap(para_lead[0], asked) >= 0.3:
                        lead = para_lead
                        break
        if (
            lead is not None
            and _still(lead[0])
            and lang.strip_lead(block.text)[len(lead[0]) :].lstrip().startswith("?")
        ):
            lead = None  # "2. Still won't start? Unplug everything external..."
        if lead is not None and not lang.condition_split(block.text):
            condition, consequence = lead
            span = Span(block.start, block.end)
            if lang.is_yes_no_question(condition + "?") and condition.endswith("?"):
                pass
            parts = lang.sentences(consequence)
            tested = bool(parts) and (
                bool(_TEST.search(parts[0]) or _INSTRUCTION.match(parts[0]))
                or (lang.is_question(parts[0]) and lang.is_yes_no_question(parts[0]))
            )
            if tested and any(lang.condition_split(p) for p in parts[1:]):
                # "Still not listed: put the drive into another laptop and see whether it
                # works there. If it does, ... If the drive is dead there too, ...": the test
                # is the branch, and what follows it answers the test below it.
                out.append(
                    Statement(
                        "branch", block.text, span, depth, condition, parts[0], parent, block_no
                    )
                )
                for part in parts[1:]:
                    split = lang.condition_split(part)
                    if split is not None:
                        out.append(
                            Statement(
                                "branch", part, span, depth + 1, split[0], split[1], -1, block_no
                            )
                        )
                    else:
                        out.append(Statement("text", part, span, depth + 1, block=block_no))
            elif block.kind == "para" and any(lang.is_question(p) for p in parts[1:]):
                # "You don't even see the logo: boot from the DVD and run the partition tool.
                # Can the partition manager see your drive?": the instruction is the branch,
                # the question after it is asked below it.
                said = [p for p in parts if not lang.is_question(p)]
                out.append(
                    Statement(
                        "branch",
                        block.text,
                        span,
                        depth,
                        condition,
                        " ".join(said),
                        parent,
                        block_no,
                    )
                )
                for part in parts[len(said) :]:
                    if lang.is_question(part) and lang.is_yes_no_question(part):
                        question = lang.question_part(lang.strip_lead(part))
                        out.append(Statement("question", question, span, depth, block=block_no))
            else:
                out.append(
                    Statement(
                        "branch", block.text, span, depth, condition, consequence, parent, block_no
                    )
                )
        else:
            sentence_list = _sentence_spans(block)
            skip_next = False
            for position, (sentence, (start, end)) in enumerate(sentence_list):
                if skip_next:
                    skip_next = False
                    continue
                if (
                    block.kind == "heading"
                    and not lang.is_question(sentence)
                    and lang.condition_split(sentence) is None
                ):
                    continue
                span = Span(start, end)
                split = lang.condition_split(sentence)
                if split is not None and lang.boilerplate(sentence):
                    continue
                if split is not None:
                    out.append(
                        Statement(
                            "branch",
                            sentence,
                            span,
                            depth,
                            split[0],
                            split[1],
                            parent,
                            block_no,
                            heading=block.kind == "heading",
                        )
                    )
                    continue
                body = lang.strip_lead(sentence)
                if lang.boilerplate(body):
                    continue
                if lang.is_question(body) and _still(body):
                    continue  # "Still won't start?": the way in from the step before
                if lang.is_question(body):
                    body = lang.question_part(body)
                    if _negative_answer(body) and position + 1 < len(sentence_list):
                        # "No clunk? Go to step 14.": the other side of the last check.
                        following, (_, f_end) = sentence_list[position + 1]
                        out.append(
                            Statement(
                                "branch",
                                f"{body} {following}",
                                Span(start, f_end),
                                depth,
                                body.rstrip("?"),
                                following,
                                parent,
                                block_no,
                            )
                        )
                        skip_next = True
                        continue
                if lang.is_question(body) and lang.is_yes_no_question(body):
                    out.append(
                        Statement("question", body, span, depth, parent=parent, block=block_no)
                    )
                    continue
                short = re.match(r"^([^.?!]{2,80})\?\s*$", body)
                if (
                    short is None
                    and out
                    and out[-1].kind == "branch"
                    and not out[-1].consequence
                    and not out[-1].heading  # a section under a conditional heading
                ):
                    out[-1].consequence = body  # "If X: <newline> Y" written as two sentences
                    continue
                indirect = _tested(body) if not lang.pointer(body) else ""
                if indirect:
                    out.append(
                        Statement(
                            "question",
                            indirect,
                            span,
                            depth,
                            parent=parent,
                            block=block_no,
                            indirect=True,
                        )
                    )
                    continue
                then = re.match(r"^then\b[,:]?\s*(.+)$", body, re.I | re.S)
                if (
                    then is not None
                    and out
                    and out[-1].kind == "question"
                    and out[-1].block == block_no
                    and not lang.pointer(body)
                ):
                    # "Do you get a "No Operating System" message? Then check the boot order."
                    out.append(
                        Statement(
                            "branch", body, span, depth, "yes", then.group(1), parent, block_no
                        )
                    )
                    continue
                out.append(Statement("text", body, span, depth, parent=parent, block=block_no))
        questions = [i for i in range(first, len(out)) if out[i].kind == "question"]
        if questions:
            if block.kind == "item":
                last_at_depth[depth] = questions[-1]
            else:
                para_question = questions[-1]
        elif block.kind == "para" and any(s.kind == "branch" for s in out[first:]) is False:
            para_question = -1
        if (
            block.kind == "para"
            and not questions
            and out[first:]
            and out[-1].kind == "text"
            and block.text.rstrip().endswith(":")
        ):
            # "...listen for a few seconds:" followed by items: the items answer it.
            para_question = len(out) - 1
    return out


def _drop_title_question(statements: list[Statement]) -> list[Statement]:
    """A heading question ("TICKING NOISES: MOVING OR STANDING STILL?") gives way to the
    question the section's first paragraph asks itself."""
    if len(statements) < 2 or statements[0].kind != "question" or statements[0].block != 0:
        return statements
    first_body = [t for t in statements[1:] if t.block == statements[1].block]
    if any(t.kind == "question" for t in first_body) and statements[1].block == 1:
        return statements[1:]
    return statements


def _asked(consequence: str) -> str:
    """The yes/no question a consequence asks next ("" when it asks none)."""
    parts = lang.sentences(consequence.strip())
    if not parts:
        return ""
    first = lang.strip_lead(parts[0])
    if not lang.is_question(first) and not lang.step_refs(first):
        # "the only thing I'd ask is whether the drive has started clunking"
        return _tested(first)
    if lang.pointer(first) or lang.quoted(first):
        return ""  # "jump to "It fires, but does it keep running?"": where to go, not a question
    if lang.is_question(first) and lang.is_yes_no_question(first) and len(parts) <= 2:
        return first[0].upper() + first[1:]
    return ""


_INSTRUCTION = re.compile(
    r"^(?:find out|look|check|see|test|try|listen|watch|measure|move on|use|pull|open|"
    r"feel|ask|let|pin down|work out|start|turn|take|shut|run|restart|remove|unplug|"
    r"disconnect|connect|plug|hold|push|press|boot|switch|notice|note|wait)\b",
    re.I,
)
_TEST = re.compile(r"\b(?:see|check|test|find out|notice) (?:whether|if)\b", re.I)


def _tested(sentence: str) -> str:
    """The question a sentence asks indirectly ("the only thing I'd ask is whether the drive
    clunks", "put it into another laptop and see whether it works there"); "" if none."""
    asked = lang.whether_question(sentence)
    test = _TEST.search(sentence)
    if not asked and test is not None:
        clause = re.split(r"[,;:(]", sentence[test.end() :], maxsplit=1)[0].strip(" .")
        asked = lang.question_form(clause) if clause else ""
    return asked


def _still(question: str) -> bool:
    """ "Still won't start?", "No luck?": a step's opening that restates how the reader got
    there (the last step did not help), not a question of its own."""
    return (
        bool(re.match(r"^(?:still|no luck|didn't work|did not work|not fixed)\b", question, re.I))
        and len(question.split()) <= 6
    )


def _negative_answer(question: str) -> bool:
    return (
        bool(re.match(r"^(?:no|not|nothing|none|neither)\b", question, re.I))
        and len(question.split()) <= 8
    )


def _sentence_spans(block: Block) -> list[tuple[str, tuple[int, int]]]:
    out = []
    cursor = 0
    text = block.text
    for sentence in lang.sentences(text):
        at = text.find(sentence, cursor)
        if at < 0:
            at = cursor
        cursor = at + len(sentence)
        out.append((sentence, (block.start + at, block.start + at + len(sentence))))
    return out


@dataclass
class _Pending:
    """A consequence that is neither a pointer nor plainly a cause: an instruction the unit
    may go on below ("Yes: look underneath the car." then a nested question), or a cause
    written without the usual words. Decided at the end of the unit."""

    texts: list[Statement]
    owner: Check
    state: str


def _read_unit(unit: Unit, b: _Builder) -> Target:
    statements = _drop_title_question(_statements(unit))
    entry: Target = None
    made: dict[int, Check] = {}  # statement index -> the check it opened
    unit_checks: list[Check] = []
    current: Check | None = None
    cont: _Pending | None = None  # where the next new check hangs
    pendings: list[_Pending] = []
    pre: dict[str, list[Statement]] = {}  # check id -> unconditioned text said about it
    before: list[Statement] = []  # text not yet said about any check
    opened: dict[str, int] = {}  # check id -> block its condition was written in
    # The cause a branch just named, and its block: the sentences after it in that block
    # (a list item's "It is dark because the laptop has a power failure; troubleshoot the
    # power supply instead.") go on explaining it.
    told: tuple[Cause, int] | None = None
    # Sides a check's branches took by their wording alone (explicit checks): the check id ->
    # (state, negation count) in the order written; settled jointly at the end of the unit.
    worded: dict[str, list[tuple[str, int, str]]] = {}
    # Checks asked after an instruction on one side of another check: check id -> that side.
    under: dict[str, tuple[Check, str]] = {}
    # Checks a branch's consequence asks ("If it reaches the desktop, the only thing I'd ask
    # is whether the drive clunks"): check id -> the branch's check and side.
    asked_under: dict[str, tuple[Check, str]] = {}

    def hang(check: Check) -> None:
        nonlocal entry, cont
        if cont is not None:
            owner, state = cont.owner, cont.state
            if owner.slot(state) is cont or owner.free(state):
                owner.set(state, check)
                check.context = " ".join(t.text for t in cont.texts)
                if cont.texts and not check.explicit:
                    under[check.id] = (owner, state)
                pendings.remove(cont)
            cont = None
            return
        if entry is None:
            entry = check
            return
        if current is not None:
            for state in ("no", "yes"):
                if current.free(state) and current.slot(_other(state)) is not None:
                    current.set(state, check)
                    return
        for owner in unit_checks:
            for state in ("no", "yes"):
                if owner is not check and owner.free(state):
                    owner.set(state, check)
                    return
        # "..., and the next question is temperature." with the temperature question further
        # down the same section: the way on is the check that follows, not the next section.
        for owner in reversed(unit_checks):
            for state in ("no", "yes"):
                slot = owner.slot(state)
                if (
                    owner is not check
                    and isinstance(slot, Pointer)
                    and not slot.steps
                    and not slot.quotes
                    and _NEXT_WORD.search(slot.text)
                    and slot in b.pointers
                ):
                    b.pointers.remove(slot)
                    owner.set(state, check)
                    return

    for index, st in enumerate(statements):
        if (
            (st.kind == "text" or st.indirect)
            and told is not None
            and st.block == told[1]
            and not (lang.pointer(st.text) or lang.step_refs(st.text))
        ):
            cause = told[0]
            said = b.text[st.span.start : st.span.end] if st.indirect else st.text
            cause.text = f"{cause.text.rstrip()} {said.strip()}"
            cause.span = Span(cause.span.start, max(cause.span.end, st.span.end))
            continue
        if (
            st.kind == "branch"
            and told is not None
            and st.block == told[1]
            and _follow_up(st)
            and not _asked(st.consequence)
        ):
            # "If it starts, choose Repair. If the repair doesn't do the trick, reinstall.":
            # what to do if the fix just given fails is part of that fix.
            cause = told[0]
            cause.text = f"{cause.text.rstrip()} {st.text.strip()}"
            cause.span = Span(cause.span.start, max(cause.span.end, st.span.end))
            continue
        if st.kind != "text":
            told = None
        if st.kind == "text":
            if cont is not None and (not cont.texts or cont.texts[-1].block == st.block):
                cont.texts.append(st)
            elif current is not None and not (current.yes or current.no):
                pre.setdefault(current.id, []).append(st)
            else:
                before.append(st)
            continue
        if st.kind == "question":
            parent = made.get(st.parent)
            check = b.check(st.text, st.span, unit.index, explicit=True)
            if parent is not None and cont is None and (parent.free("yes") or parent.free("no")):
                parent.set("yes" if parent.free("yes") else "no", check)
            else:
                hang(check)
            made[index] = check
            unit_checks.append(check)
            current = check
            check.context = " ".join(t.text for t in before[-2:]) or check.context
            before = []
            continue
        if _aside(st):
            continue
        if cont is not None and cont.texts and _follow_up(st):
            # "If it's low, fill it. If the pedal is still soft afterwards, bleed the brakes":
            # the follow-up belongs to the same fix.
            st.texts_joined_condition = True
            cont.texts.append(st)
            continue
        owner, state = _owner(
            st,
            statements,
            made,
            unit_checks,
            current,
            opened,
            nested=cont is not None and not _ends_branch(cont, st),
            instruction=" ".join(_consequence_text(t) for t in cont.texts) if cont else "",
        )
        if owner is not None and not (_open(owner, "yes") or _open(owner, "no")):
            owner = None  # both sides said: this is a check of its own
        if owner is None:
            condition = st.condition
            state = "yes"
            name = condition
            if lang.negative(condition) and lang.positive_form(condition) != condition:
                name = lang.positive_form(condition)
                state = "no"
            owner = b.check(lang.question_form(name), st.span, unit.index, explicit=False)
            owner.context = " ".join(t.text for t in before[-2:])
            if before:
                pre[owner.id] = list(before)
            before = []
            if (
                st.parent in made
                and cont is None
                and (made[st.parent].free("yes") or made[st.parent].free("no"))
            ):
                parent = made[st.parent]
                parent.set("yes" if parent.free("yes") else "no", owner)
            else:
                hang(owner)
            unit_checks.append(owner)
            opened[owner.id] = st.block
            made.setdefault(index, owner)
        current = owner
        if not owner.free(state) and owner.free(_other(state)):
            state = _other(state)
        if owner.explicit and lang.yes_no_word(st.condition) is None:
            worded.setdefault(owner.id, []).append(
                (state, lang.negations(st.condition), st.condition)
            )
        asked = _asked(st.consequence)
        if asked:
            # "If it ticks on the straight too, have the tyres been changed recently?"
            check = b.check(asked, st.span, unit.index, explicit=True)
            owner.set(state, check)
            asked_under[check.id] = (owner, state)
            unit_checks.append(check)
            opened[check.id] = st.block
            current = check
            cont = None
            continue
        target = _consequence(st, b, unit)
        following = statements[index + 1] if index + 1 < len(statements) else None
        deeper = (
            following is not None
            and following.kind in ("question", "branch")
            and following.depth > st.depth
        )
        later = [t for t in statements[index + 1 :] if t.kind != "text"]
        onward = bool(later) and (
            bool(re.search(r"\b(?:following|below|these)\b", st.consequence, re.I))
            or later[0].block != st.block
        )
        if (
            isinstance(target, Pointer)
            and not target.steps
            and not target.quotes
            and (deeper or (onward and not re.search(r"\bnext\b", st.consequence, re.I)))
            and not b.names_later_title(st.consequence, unit.index)
        ):
            # "No: check the hoses." with the hose question nested below: go on below.
            b.pointers.remove(target)
            target = None
        elif deeper and isinstance(target, Cause):
            # "No: you probably have a warning light." with a question nested below it.
            target = None
        if target is None and st.consequence.strip():
            pending = _Pending([st], owner, state)
            pendings.append(pending)
            owner.set(state, pending)  # type: ignore[arg-type]
            cont = pending
        elif target is None:
            cont = _Pending([], owner, state)
            pendings.append(cont)
            owner.set(state, cont)  # type: ignore[arg-type]
        else:
            owner.set(state, target)
            cont = None
            if isinstance(target, Cause) and target.text == st.consequence.strip():
                told = (target, st.block)
    for check in unit_checks:
        _settle_sides(check, worded.get(check.id, []))
        _ask_the_observation(check, worded.get(check.id, []), b.text)
    # Pending consequences nothing hung below are causes (when they say enough).
    for pending in pendings:
        owner = pending.owner
        if owner.slot(pending.state) is not pending:
            continue
        text = " ".join(_consequence_text(t) for t in pending.texts).strip()
        if not pending.texts:
            owner.set(pending.state, NEXT)
            continue
        first, last = pending.texts[0], pending.texts[-1]
        opening = lang.sentences(text)[0] if lang.sentences(text) else text
        if (
            lang.pointer(opening)
            and re.search(r"\b(?:next|following|below|section|question|step)\b", opening, re.I)
            and not lang.cause_like(opening)
        ):
            # "The next test is to coast in neutral.", "Work through the following
            # questions in order.": the way on, whatever else the paragraph explains.
            owner.set(pending.state, NEXT)
            continue
        # A short instruction that names no fault ("look at how it behaves when it gets
        # hot.") leads on to the next unit; anything longer, or naming a fault, is a cause.
        if len(lang.content(text)) >= 2 and (lang.cause_like(text) or len(text.split()) >= 10):
            owner.set(pending.state, b.cause(text, Span(first.span.start, last.span.end)))
        else:
            owner.set(pending.state, NEXT)
    # A side left empty takes what the unit said about the check without a condition, when
    # that names a cause; otherwise the guide goes on with the next unit.
    for check in unit_checks:
        said = [t for t in pre.get(check.id, []) if not lang.pointer(t.text)]
        for state in ("yes", "no"):
            if check.slot(state) is not None:
                continue
            other = check.slot(_other(state))
            if said and other is not None and any(lang.cause_like(t.text) for t in said):
                text = " ".join(t.text for t in said)
                check.set(state, b.cause(text, Span(said[0].span.start, said[-1].span.end)))
                said = []
                continue
            parent = asked_under.get(check.id)
            if parent is not None and parent[0].slot(_other(parent[1])) is NEXT:
                # The next unit is the way on from the other side of the branch that asked
                # this check ("If it doesn't reach the desktop, here's the sequence"); a side
                # of the asked check the article leaves unsaid ends there.
                check.set(state, None)
                continue
            check.set(state, NEXT)
    # "Take the battery out and run on the adapter alone. If the overheating has gone, the
    # battery is to blame." with nothing said otherwise: a test that only confirms a cause
    # is part of that cause, not a check of its own.
    for check in unit_checks:
        if check.id not in under:
            continue
        owner, state = under[check.id]
        sides = (check.yes, check.no)
        causes = [t for t in sides if isinstance(t, Cause)]
        if owner.slot(state) is check and len(causes) == 1 and any(t is NEXT for t in sides):
            found = causes[0]
            found.text = f"{found.text.rstrip()} {check.context.strip()}"
            owner.set(state, found)
    return _restated(entry, statements, [c for c in b.checks if c.unit < unit.index])


RESTATES_EARLIER = 0.8
_RESTATED = re.compile(r"\b(?:even|still|either)\b", re.I)


def _restated(entry: Target, statements: list[Statement], earlier: list[Check]) -> Target:
    """A unit that opens by restating how the reader got there is the way on from there,
    not a check of its own: "3. If it won't start even with nothing attached, go into the
    BIOS setup ..." (negatively: the step before did not help), or "If the tick only happens
    when the car is moving, the next test is ..." under the heading a check of an earlier
    section pointed to (its words are that check's)."""
    first = next((t for t in statements if t.kind != "text"), None)
    if not isinstance(entry, Check) or entry.explicit or first is None or first.kind != "branch":
        return entry
    failed = lang.negative(first.condition) and bool(_RESTATED.search(first.condition))
    repeats = any(lang.overlap(first.condition, c.question) >= RESTATES_EARLIER for c in earlier)
    if not (failed or repeats):
        return entry
    ways = [t for t in (entry.yes, entry.no) if isinstance(t, Check)]
    if failed and isinstance(entry.no, Check):
        # The restated condition was negative, so the check is named after its positive
        # form and the way on is its "no" side.
        return entry.no
    if repeats and len(ways) == 1 and not any(isinstance(t, Cause) for t in (entry.yes, entry.no)):
        return ways[0]
    return entry


_TRY = re.compile(r"\btry (?:\w+ing|it|again)\b", re.I)
_NEXT_WORD = re.compile(r"\bnext\b", re.I)
_ASIDE = re.compile(
    r"\b(?:count (?:that|it|this) as|counts as|treat (?:that|it|this) as|"
    r"answer [\"'“]?(?:yes|no))\b",
    re.I,
)
_FOLLOW_UP = re.compile(
    r"\b(?:still|afterwards|persists|keeps? (?:coming|happening)|"
    r"doesn't help|does not help|didn't help|did not help|does not work "
    r"either|doesn't work either|fails?|"
    r"(?:doesn't|does not|didn't|did not) (?:do the trick|fix it|sort it))\b",
    re.I,
)


def _ends_branch(cont: _Pending, st: Statement) -> bool:
    """Whether the consequence waiting to be read is over when ``st`` comes: it names a fault
    or a fix, ``st`` opens a new paragraph no deeper than it, and the other side of its check
    is still open. "If it never cycles, dust is trapping the heat. Blow out the vents." then,
    in the next paragraph, "If it cycles normally, read on": the other side, not a test of
    the fix (a test of an instruction follows it in the same paragraph or below it)."""
    if not cont.texts or st.block == cont.texts[-1].block or st.depth > cont.texts[0].depth:
        return False
    said = " ".join(_consequence_text(t) for t in cont.texts)
    return lang.cause_like(said) and cont.owner.free(_other(cont.state))


def _aside(st: Statement) -> bool:
    """ "If you have to press hard but it stops, count that as a yes": how to answer, not a
    branch."""
    # "(If it's a brand new drive you just fitted, that's expected...)": a bracketed aside.
    return bool(_ASIDE.search(st.consequence)) or st.text.lstrip().startswith("(")


def _follow_up(st: Statement) -> bool:
    return (
        bool(_FOLLOW_UP.search(st.condition))
        and not lang.pointer(st.consequence)
        # "If neither the BIOS nor the power settings have been touched": the other answer
        # to the checks before, not a follow-up of the last fix.
        and not re.match(r"^neither\b", st.condition.strip(), re.I)
    )


def _consequence_text(st: Statement) -> str:
    if st.kind == "branch" and st.condition and st.texts_joined_condition:
        return f"If {st.condition}, {st.consequence}"
    return st.consequence if st.kind == "branch" else st.text
    return st.consequence if st.kind == "branch" else st.text


def _settle_sides(check: Check, sides: list[tuple[str, int, str]]) -> None:
    """Two branches that answer a check asked in the article's words ("Decide whether
    Windows is loading blind" / "If Windows appears to start but nothing reaches the LCD,
    ..." / "If Windows never starts at all, ...") took their sides one at a time, each by
    whether its condition has a negation. When both conditions read alike (both negative or
    both positive) that says nothing about which is which: the less negative one answers the
    question as asked, and with equal negation the first written is the "yes" (articles put
    the case the question names first)."""
    if len(sides) != 2 or {sides[0][0], sides[1][0]} != {"yes", "no"}:
        return
    (first, n1, c1), (_, n2, c2) = sides
    if (n1 > 0) != (n2 > 0):
        return  # one reads negatively, the other does not: the sides were told apart
    o1, o2 = lang.opposed(c1, check.question), lang.opposed(c2, check.question)
    if o1 != o2:
        # "Is the client up to date?" / "If the version is older..." / "If it is current...":
        # the condition that says the opposite of the question is its "no".
        first_should = "no" if o1 else "yes"
    elif n1 == n2:
        # "Are the settings still at their defaults?" / "If you have changed the
        # configuration, ..." / "If the router is already on default settings, ...": the
        # condition that restates the question answers it as asked; with nothing to tell
        # them apart, the first written.
        # Only between two positive conditions: in "You see the logo but it never reaches
        # the desktop" / "You don't even see the Windows logo" each negation is about
        # something else.
        s1, s2 = _restates(c1, check.question), _restates(c2, check.question)
        # A shared subject ("the wheels") is no restatement: at least two of the question's
        # words.
        first_should = "no" if n1 == 0 and s2 > s1 and s2 >= 2 else "yes"
    else:
        plain = "yes" if not lang.negative(check.question) else "no"
        first_should = plain if n1 < n2 else _other(plain)
    if first != first_should:
        check.yes, check.no = check.no, check.yes
        # A consequence still waiting to be read (an instruction the unit may go on below)
        # moves with its side, so that it is still read as that side's.
        for state in ("yes", "no"):
            target = check.slot(state)
            if isinstance(target, _Pending):
                target.state = state


_HOW_TO_KNOW = re.compile(
    r"\bhow (?:do|can|would|should) (?:i|you|we) (?:know|tell|find out|check|see)\b", re.I
)


def _ask_the_observation(check: Check, sides: list[tuple[str, int, str]], text: str) -> None:
    """ "How do I know whether the battery is the culprit?" answered by "Below 12 V: ..." /
    "Above 12 V: ...": the reader can say what the meter reads, not whether the battery is to
    blame, so the check asks the reading its "yes" branch names."""
    if len(sides) != 2 or not _HOW_TO_KNOW.search(text[check.span.start : check.span.end]):
        return
    said = {state: condition for state, _, condition in sides}
    yes = said.get("yes", "")
    if not yes or len(yes.split()) > 6 or lang.yes_no_word(yes) is not None:
        return
    check.question = lang.question_form(yes)


def _restates(condition: str, question: str) -> int:
    """How many of the question's content words a condition repeats."""
    return len(lang.content(condition) & lang.content(question))


def _other(state: str) -> str:
    return "no" if state == "yes" else "yes"


def _owner(
    st: Statement,
    statements: list[Statement],
    made: dict[int, Check],
    unit_checks: list[Check],
    current: Check | None,
    opened: dict[str, int],
    nested: bool = False,
    instruction: str = "",
) -> tuple[Check | None, str]:
    """The check a branch answers, and on which side; (None, "") when it opens a new one."""
    word = lang.yes_no_word(st.condition)
    parent = made.get(st.parent)
    if word is not None:
        target = parent or current
        named = _named(st.condition, unit_checks, word)
        if parent is None and named is not None:
            # "No such message? Then ..." after a test asked about what to do with the
            # message: the answer to the check that names the message, not the last one.
            target = named
        if target is not None:
            return target, word
        return None, ""
    if parent is not None and (parent.free("yes") or parent.free("no")):
        return parent, _side(st.condition, parent)
    if current is not None and lang.anaphoric(st.condition) and not nested:
        return current, _side(st.condition, current)
    if (
        current is not None
        and current.explicit
        and opened.get(current.id) == st.block
        and current.free("yes") != current.free("no")
    ):
        # "...and see whether it works there. If it does, A. If it is dead there too, B.": the
        # second branch of a test asked in the same paragraph is its other side.
        return current, "yes" if current.free("yes") else "no"
    best, best_score = None, 0.0
    for check in unit_checks:
        if not (_open(check, "yes") or _open(check, "no")):
            continue
        score = lang.overlap(st.condition, check.question)
        if (
            nested
            and _TRY.search(instruction)
            and (lang.content(st.condition) & lang.content(instruction))
            - lang.content(check.question)
        ):
            # "Try booting from the DVD. If it starts from the DVD, ...": the outcome of the
            # test just given, not an earlier check that only shares "start" with it.
            continue
        if score > best_score:
            best, best_score = check, score
    if best is not None and best_score >= 0.3:
        return best, _side(st.condition, best)
    if nested:
        return None, ""  # "Try it on mains power. If it does start, ...": a check below
    if (
        current is not None
        and opened.get(current.id) == st.block
        and (current.free("yes") != current.free("no"))
        and not nested
    ):
        # "If A, X. If B, Y." in one paragraph: the two sides of one check.
        return current, "yes" if current.free("yes") else "no"
    if current is not None and current.explicit and (current.free("yes") and current.free("no")):
        return current, _side(st.condition, current)
    if current is not None and (current.free("yes") != current.free("no")) and not nested:
        return current, "yes" if current.free("yes") else "no"
    return None, ""


def _open(check: Check, state: str) -> bool:
    """A side nothing was said on yet, or one that only said "the question is whether..."
    and waits for what comes below ("...whether you get as far as the Windows logo." then,
    paragraphs later, "You don't even see the Windows logo: ...")."""
    slot = check.slot(state)
    return slot is None or (isinstance(slot, _Pending) and not slot.texts)


def _named(condition: str, checks: list[Check], word: str) -> Check | None:
    """The latest check with ``word``'s side open whose question has every content word of
    an answer that names something ("No such message?", "No clunk?"); None for a bare
    answer word ("No:", "If not")."""
    said = lang.content(condition)
    if not said:
        return None
    for check in reversed(checks):
        if check.free(word) and said <= lang.content(check.question):
            return check
    return None


def _side(condition: str, check: Check) -> str:
    word = lang.yes_no_word(condition)
    if word is not None:
        return word
    neg = lang.negative(condition) != lang.negative(check.question)
    if lang.opposed(condition, check.question):
        neg = not neg  # "If the version is older" answers "Is the client up to date?" no
    if re.search(r"\bonly\b", check.question, re.I) and re.search(
        r"\b(?:as well|too|also)\b", condition, re.I
    ):
        neg = not neg  # "Does it only tick in turns?" / "If it ticks on the straight as well"
    state = "no" if neg else "yes"
    if not check.free(state) and check.free(_other(state)):
        state = _other(state)
    return state


def _consequence(st: Statement, b: _Builder, unit: Unit) -> Target:
    """What a branch leads to: a pointer, a cause, or None (the unit goes on below it)."""
    text = st.consequence.strip()
    if not text:
        return None
    first = lang.sentences(text)[0] if lang.sentences(text) else text
    if lang.pointer(first) and lang.elsewhere(first):
        return b.cause(text, st.span)  # "turn to the blink-code section of your manual"
    if lang.pointer(first) or (lang.step_refs(first) and len(first.split()) < 16):
        rest = text[len(first) :].strip()
        if not (rest and lang.cause_like(rest) and not lang.pointer(rest)):
            ptr = Pointer(text, unit.index, lang.step_refs(text), lang.quoted(text))
            b.pointers.append(ptr)
            return ptr
    if re.search(r"\bruled? out\b", text, re.I) and len(lang.sentences(text)) == 1:
        return None
    if lang.whether_question(first) or _TEST.search(first):
        # "put the drive into another laptop and see whether it works there": a test whose
        # outcome the next branches read, not a cause.
        return None
    if (
        lang.cause_like(text)
        and (len(text.split()) >= 4 or lang.verdict(text))
        and not _INSTRUCTION.match(text)
    ):
        return b.cause(text, st.span)
    return None


# -- tables ------------------------------------------------------------------------------------

_HEADER_CAUSE = re.compile(r"\b(cause|reason|problem|diagnosis|fault|means|meaning)\b", re.I)
_HEADER_FIX = re.compile(
    r"\b(fix|what to do|solution|action|remedy|repair|do this|resolution)\b", re.I
)


def _read_table(rows: list[Block], b: _Builder, text: str) -> Target:
    """A symptom -> cause -> fix table as a decision list: group rows ("Path A: ...") and
    data rows; each data row's condition cells are split into conditions, and a condition is
    asked where the rows still possible disagree on it."""
    header = rows[0].cells
    width = len(header)
    cause_col = next((i for i, h in enumerate(header) if _HEADER_CAUSE.search(h)), None)
    fix_col = next((i for i, h in enumerate(header) if _HEADER_FIX.search(h)), None)
    if cause_col is None and fix_col is None:
        return None
    outcome_cols = {c for c in (cause_col, fix_col) if c is not None}
    condition_cols = [i for i in range(width) if i not in outcome_cols]
    groups: list[tuple[str, list[tuple[list[str], Block]]]] = []
    for row in rows[1:]:
        cells = [c for c in row.cells]
        filled = [c for c in cells if c.strip()]
        if len(filled) <= 1:
            groups.append((filled[0] if filled else "", []))
            continue
        if not groups:
            groups.append(("", []))
        conditions: list[str] = []
        for i in condition_cols:
            if i < len(cells):
                conditions.extend(_atoms(lang.strip_lead(cells[i])))
        groups[-1][1].append((conditions, row))
    vocabulary: list[str] = []  # canonical condition texts
    rows_conds: list[tuple[dict[int, str], Block, str]] = []
    good_form: dict[int, str] = {}  # a condition first written in its bad state -> good form
    for group_text, members in groups:
        group_atoms = _atoms(lang.strip_lead(group_text)) if group_text else []
        previous: dict[int, str] = {}
        added_last: int | None = None  # the condition the row above added last, if positive
        for conditions, row in members:
            found: dict[int, str] = {}
            known = len(vocabulary)
            for position, atom in enumerate([*group_atoms[:1], *conditions]):
                denied = position == len(group_atoms[:1]) and added_last is not None
                if denied and lang.bad_state(atom) and _lookup(atom, vocabulary) is None:
                    # A row that opens with a new negative condition ("Still won't start with
                    # everything unplugged", "No sustained fan noise") denies the test the row
                    # above added last: each row goes on where the one above did not fit.
                    assert added_last is not None
                    found.setdefault(added_last, "no")
                    continue
                key, state = _canonical(atom, vocabulary)
                found.setdefault(key, state)
                if state == "no" and not lang.bad_state(atom):
                    good_form.setdefault(key, atom)
            new = [k for k in found if k >= known]
            added_last = new[-1] if new and found[new[-1]] == "yes" else None
            if _CONTINUES.search(" ".join(conditions)):
                # "Won't power up without the battery either, but starts once...": the row
                # goes on from the one above it, whose other conditions still hold.
                for key, state in previous.items():
                    found.setdefault(key, state)
            previous = found
            outcome = " ".join(
                row.cells[i].strip().rstrip(".") + "."
                for i in sorted(outcome_cols)
                if i < len(row.cells) and row.cells[i].strip()
            )
            rows_conds.append((found, row, outcome))
    if not rows_conds:
        return None
    # A condition the table states both ways ("the wall outlet is dead" / "the outlet is
    # live") is asked in its good state, as a person checks it ("Is the outlet live?").
    for key, atom in good_form.items():
        if lang.bad_state(vocabulary[key]):
            vocabulary[key] = atom
            for found, _row, _outcome in rows_conds:
                if key in found:
                    found[key] = _flip(found[key])

    def build(candidates: list[int], asked: frozenset[int]) -> Target:
        if not candidates:
            return None
        if len(candidates) == 1:
            _found, row, outcome = rows_conds[candidates[0]]
            return b.cause(outcome, Span(row.start, row.end))
        # The first condition (in row order) the candidates disagree on.
        for position in candidates:
            for key, _state in rows_conds[position][0].items():
                if key in asked:
                    continue
                values = {rows_conds[p][0].get(key) for p in candidates}
                if len(values - {None}) == 2 or (None in values and len(values) == 2):
                    split_key = key
                    break
            else:
                continue
            break
        else:
            _found, row, outcome = rows_conds[candidates[0]]
            return b.cause(outcome, Span(row.start, row.end))
        first_row = rows_conds[candidates[0]][1]
        check = b.check(
            lang.question_form(vocabulary[split_key]),
            Span(first_row.start, first_row.end),
            unit=-1,
            explicit=False,
        )
        ref_state = next(
            rows_conds[p][0][split_key] for p in candidates if split_key in rows_conds[p][0]
        )
        yes_rows, no_rows = [], []
        seen_ref = False
        for p in candidates:
            state = rows_conds[p][0].get(split_key)
            if state is None:
                # Decision-list order: a row that does not mention the condition sits on the
                # side the rows before it did not take.
                state = _flip(ref_state) if seen_ref else ref_state
            else:
                seen_ref = True
            (yes_rows if state == "yes" else no_rows).append(p)
        check.yes = build(yes_rows, asked | {split_key})
        check.no = build(no_rows, asked | {split_key})
        return check

    return build(list(range(len(rows_conds))), frozenset())


_CONTINUES = re.compile(r"\b(?:either|even|as well|too|also)\b", re.I)


def _flip(state: str) -> str:
    return "no" if state == "yes" else "yes"


_VERB = r"(?:is|are|was|were|reads?|shows?|tests?|passes|fails?|measures?|works?|fits?|feels?)"
_ATOM_SPLIT = re.compile(
    r"(?:;|\.\s+|,\s*(?:and|but|although|though|whereas)\s+|\s+(?:but|although|whereas)\s+"
    rf"|\s+and\s+(?=[a-z ]{{0,30}}\b(?:{_VERB}|the)\b)"
    rf"|,\s+(?=(?:[a-z']+\s+){{1,2}}{_VERB}\b))",
    re.I,
)


def _atoms(text: str) -> list[str]:
    parts = [p.strip(" ,.:;") for p in _ATOM_SPLIT.split(text)]
    return [p for p in parts if len(lang.content(p)) >= 1]


def _canonical(atom: str, vocabulary: list[str]) -> tuple[int, str]:
    """The condition ``atom`` states, as (index in ``vocabulary``, state); a condition not
    seen before is added to ``vocabulary`` as asked the way it is written."""
    found = _lookup(atom, vocabulary)
    if found is not None:
        return found
    vocabulary.append(atom)
    return len(vocabulary) - 1, "yes"


def _lookup(atom: str, vocabulary: list[str]) -> tuple[int, str] | None:
    """Which condition of ``vocabulary`` ``atom`` states and which way, or None: conditions
    that differ only in which way they go ("Fusible link is blown", "Link intact") are one,
    compared on their words without the negations and state words, brackets left out."""
    state = "no" if lang.bad_state(atom) else "yes"
    words = _topic(atom)
    best, best_score = -1, 0.0
    for i, known in enumerate(vocabulary):
        kw = _topic(known)
        if not kw or not words:
            continue
        score = len(words & kw) / len(words | kw)
        if words <= kw or kw <= words:
            # "Link intact" and "Fusible link is blown"; among several such, the closest.
            score = max(score, 0.5 + score / 10)
        if score > best_score:
            best, best_score = i, score
    if best >= 0 and best_score >= 0.34:
        known_state = "no" if lang.bad_state(vocabulary[best]) else "yes"
        return best, "yes" if state == known_state else "no"
    return None


_READING = ("read", "reads", "measure", "measures", "show", "shows")


def _topic(condition: str) -> set[str]:
    """What a condition is about: its content words, without the words that only say which
    way it goes, and without an aside in brackets."""
    text = re.sub(r"\([^)]*\)", " ", condition)
    text = re.sub(r"['’]s\b", "", text)  # "the adapter's output" is about the adapter
    # How a reading is taken is not what it is about: "adapter reads low" and "the adapter
    # measures correctly" are one condition.
    drop = {lang.stem(w) for w in (*lang.state_words(text), *_READING)}
    return lang.content(text) - drop


# -- pointers and cleanup ----------------------------------------------------------------------


def _resolve(units: list[Unit], b: _Builder) -> None:
    by_label: dict[str, Unit] = {}
    for unit in units:
        if unit.label:
            by_label.setdefault(unit.label.upper(), unit)

    def next_entry(index: int) -> Target:
        for unit in units[index + 1 :]:
            if unit.entry is not None:
                return unit.entry
        return None

    for ptr in b.pointers:
        target: Target = None
        for step in ptr.steps:
            unit = by_label.get(step)
            if unit is not None and unit.entry is not None:
                target = unit.entry
                break
        if target is None and ptr.quotes:
            target = _by_title(ptr.quotes, units)
        if target is None:
            named = _by_title(
                [_POINTER_WORDS.sub(" ", ptr.text)], units, after=ptr.unit, strict=True
            )
            target = named if named is not None else next_entry(ptr.unit)
        ptr.resolved = target
    for check in b.checks:
        for state in ("yes", "no"):
            target = check.slot(state)
            if isinstance(target, Next):
                check.set(state, next_entry(check.unit) if check.unit >= 0 else None)
            elif isinstance(target, Pointer):
                check.set(state, target.resolved)
    for unit in units:
        if isinstance(unit.entry, Pointer):
            unit.entry = unit.entry.resolved


_POINTER_WORDS = re.compile(
    r"\b(?:skip|jump|go|move|carry|continue|proceed|head|turn|read|see|ahead|on|to|straight|"
    r"directly|down|further|below|above|section|question|step|the|next)\b",
    re.I,
)


def _by_title(texts: list[str], units: list[Unit], after: int = -1, strict: bool = False) -> Target:
    best, best_score = None, 0.0
    for unit in units:
        if unit.entry is None or (unit.index <= after and strict):
            continue
        title = unit.title or (unit.blocks[0].text[:160] if unit.blocks else "")
        for text in texts:
            words = lang.content(text)
            if not words:
                continue
            score = len(words & lang.content(title)) / len(words)
            if score > best_score:
                best, best_score = unit.entry, score
    threshold = 0.5 if strict else 0.3
    return best if best_score >= threshold else None


def _bypass_converged(root: Target) -> Target:
    """A check both of whose answers lead to the same place ("If it doesn't make it to the
    desktop, here's the sequence": a restatement of how the reader got here) tells nothing
    about the way on: it is skipped, its place taken by where it leads."""

    def through(node: Target, seen: frozenset[int] = frozenset()) -> Target:
        while (
            isinstance(node, Check)
            and node.yes is node.no
            and node.yes is not None
            and id(node) not in seen
        ):
            seen = seen | {id(node)}
            node = node.yes
        return node

    changed = True
    while changed:
        changed = False
        done: set[int] = set()
        stack = [root]
        while stack:
            node = stack.pop()
            if not isinstance(node, Check) or id(node) in done:
                continue
            done.add(id(node))
            for state in ("yes", "no"):
                target = through(node.slot(state))
                if target is not node.slot(state):
                    node.set(state, target)
                    changed = True
            stack.extend([node.yes, node.no])
        root = through(root)
    return root


def _reach(root: Target) -> int:
    seen: set[int] = set()
    stack = [root]
    while stack:
        node = stack.pop()
        if node is None or id(node) in seen:
            continue
        seen.add(id(node))
        if isinstance(node, Check):
            stack.extend([node.yes, node.no])
    return sum(1 for _ in seen)


def _drop_unreachable(root: Target, b: _Builder) -> None:
    reachable: set[int] = set()
    stack = [root]
    while stack:
        node = stack.pop()
        if node is None or id(node) in reachable:
            continue
        reachable.add(id(node))
        if isinstance(node, Check):
            for state in ("yes", "no"):
                target = node.slot(state)
                if not isinstance(target, Check | Cause):
                    node.set(state, None)
            stack.extend([node.yes, node.no])
    b.checks[:] = [c for c in b.checks if id(c) in reachable]
    b.causes[:] = [c for c in b.causes if id(c) in reachable]
