"""The first message(s) of a case: greeting, pack and section choice, the complaint and the
facts it volunteers, and the opening of the dialogue."""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Sequence

from bots.case_store import StoredDialogue
from bots.config import ServiceError
from bots.conversation import (
    answering,
    carer,
    follow_ups,
    handoff,
    meaning_check,
    safety,
    scope_check,
)
from bots.conversation.context import (
    ANY_SECTION,
    MISUNDERSTOOD_BEFORE_HUMAN,
    PACK_PREFIX,
    SECTION_PREFIX,
    Context,
    Kit,
    Outcome,
    set_pack,
)
from bots.conversation.meaning_prior import meaning_prior
from bots.grounding import Section
from bots.language import Interpretation
from bots.language.base import answer_to_dict
from bots.language.cues import WHOLE_NO, WHOLE_YES
from bots.language.text import normalise
from bots.messages import Button, Inbound, Reply
from bots.models import Role
from bots.pickers import NONE as NONE_FITS
from bots.pickers import pick
from bots.scope import OutOfScope, covered_phrase, out_of_scope
from planning.evidence import Answer

log = logging.getLogger("bots.service")

# The topic picker's "None of these" (choose_pack).
NONE_OF_THE_PACKS = "*"


def start(kit: Kit, ctx: Context, inbound: Inbound, meaning: Interpretation) -> Outcome:
    """A message of a case with no dialogue yet."""
    case = ctx.case
    button = inbound.button or ""
    complaint = inbound.text.strip()
    # Read with the pack's network (the pack was already known): its volunteered facts
    # need no second reading.
    facts = meaning.volunteered if ctx.network is not None and not button else None
    if button.startswith(PACK_PREFIX):
        chosen = button[len(PACK_PREFIX) :]
        if chosen == NONE_OF_THE_PACKS:
            return none_fits(kit, ctx)
        if chosen not in kit.packs.names():
            return prompt(kit, ctx, inbound, intro=(f"I don't know the topic {chosen!r}.",))
        set_pack(kit, ctx, chosen)
        complaint, facts = str(case.state.get("complaint", "")), None
        if not complaint:
            title = ctx.info.title if ctx.info else chosen
            return prompt(kit, ctx, inbound, intro=(f"OK: {title}.",))
    elif button.startswith(SECTION_PREFIX):
        if not case.pack or not case.state.get("awaiting_section"):
            return prompt(kit, ctx, inbound)
        group = button[len(SECTION_PREFIX) :]
        if group == ANY_SECTION:
            return other_sections(kit, ctx)
        stored = str(case.state.get("complaint", ""))
        return open_dialogue(kit, ctx, stored, None, group)
    elif meaning.intent == "greeting" or (not complaint and button):
        return prompt(kit, ctx, inbound)
    elif case.state.get("awaiting_pack") and not case.pack:
        named = pack_named(kit, complaint)
        only = str(case.state.get("only_pack", ""))
        if named is None and only:
            # "Is it about <the chat's one topic>?": a plain yes or no answers it.
            said = normalise(complaint)
            if WHOLE_YES.match(said):
                named = only
            elif WHOLE_NO.match(said):
                named = NONE_FITS
        if named == NONE_FITS:
            return none_fits(kit, ctx)
        if named is not None:
            set_pack(kit, ctx, named)
            complaint, facts = str(case.state.get("complaint", "")), None
            if not complaint:
                return prompt(kit, ctx, inbound)
        else:
            # More words about the problem: route the whole description again.
            complaint = f"{case.state.get('complaint', '')} {complaint}".strip()
            facts = None
    elif case.state.get("awaiting_section"):
        options = case.state.get("options", [])
        choice = pick(complaint, [str(o["title"]) for o in options])
        if choice == NONE_FITS:
            return other_sections(kit, ctx)
        stored = str(case.state.get("complaint", ""))
        if isinstance(choice, int):
            return open_dialogue(kit, ctx, stored, None, str(options[choice]["group"]))
        # More words about the problem: route the whole description again.
        complaint = f"{stored} {complaint}".strip()
        facts = None
    outside = out_of_scope(complaint) if complaint and not button else None
    if outside is not None:
        chosen = inbound.pack or kit.config.channel_packs.get(inbound.channel)
        return out_of_scope_reply(kit, ctx, complaint, outside, chat_pack=chosen)
    if not case.pack:
        pack = pack_for(kit, inbound, complaint)
        if pack is None:
            if case.state.get("awaiting_pack"):
                # Told more, and the router still cannot tell: a person, not the same picker
                # again ("no idea" at the picker once looped forever).
                case.state = {**case.state, "complaint": complaint}
                return none_fits(kit, ctx)
            case.state = {"awaiting_pack": True, "complaint": complaint}
            return choose_pack(kit, unsure=not any_plausible(kit, complaint))
        routed = inbound.pack != pack and not kit.config.channel_packs.get(inbound.channel)
        # In a patient's own intake chat (picked, or the channel's) every complaint goes to the
        # nurse's questions: patients describe things vaguely ("a funny turn", "been wheezy"),
        # and what is plainly not theirs (a pet, a bill) is caught by the word lists above.
        if (routed or not kit.is_patient_pack(pack)) and not scope_check.plausible(
            kit.packs.network(pack), kit.packs.info(pack).domain, complaint
        ):
            # Nothing like what the pack covers (routed, fixed by the channel or picked before
            # the complaint was read): the user says which topic it is, or that none fits.
            if case.state.get("awaiting_pack"):
                case.state = {**case.state, "complaint": complaint}
                return none_fits(kit, ctx)  # told more, and still like no topic
            only = "" if routed else pack
            case.state = {"awaiting_pack": True, "complaint": complaint, "only_pack": only}
            return choose_pack(kit, unsure=True, only=only or None)
        set_pack(kit, ctx, pack)
        facts = None
    section, routes = focus(kit, ctx, complaint)
    if section is None:
        again = bool(case.state.get("awaiting_section"))
        if again and int(case.state.get("misses", 0)) >= 1:
            return none_fits(kit, ctx)  # a second description fits no section either
        case.state = {"awaiting_section": True, "complaint": complaint, "misses": int(again)}
        return choose_section(kit, ctx, routes)
    return open_dialogue(kit, ctx, complaint, facts, section)


def focus(kit: Kit, ctx: Context, complaint: str) -> tuple[str | None, list[Section]]:
    """The section to focus on ("" = the whole pack), or None to ask the user."""
    assert ctx.info is not None
    if not kit.config.focus_sections or len(kit.grounding.groups(ctx.info.name)) < 2:
        return "", []
    routes = kit.grounding.route_sections(ctx.info.name, complaint)
    # The second opinion every path below takes (computed once).
    meaning = meaning_check.by_meaning(kit.grounding, ctx.info.name, complaint)
    margin = kit.config.section_margin
    if routes and (len(routes) == 1 or routes[0].score >= margin * routes[1].score):
        if not meaning_check.near_enough(meaning):
            # Like no section in meaning ("the aircon blows warm air" is no overheating
            # engine): the user picks, and "Something else" leads to a person.
            return None, routes
        if meaning_check.agrees(routes[0].group, meaning):
            return routes[0].group, routes
        # The words and the meaning point at different sections: the user picks from both.
        both = [routes[0], meaning[0]]
        return None, both + [r for r in routes[1:] if r.group != meaning[0].group][:1]
    tie_broken = meaning_check.breaks_the_tie(routes, meaning)
    if tie_broken is not None:
        return tie_broken, routes
    return None, with_nearest_in_meaning(meaning, routes)


def with_nearest_in_meaning(meaning: list[Section], routes: list[Section]) -> list[Section]:
    """The picker's sections when the words give no clear winner: the section nearest in
    meaning (``meaning``, meaning_check.by_meaning) first when near enough to be a topic at
    all, then the words' best. Words miss what a chart says in other words ("locks up at
    random" is the overheating chart's "freeze"; its words went to the hard drive, the display
    and the battery), so the meaning's best must be among the choices, not only the words'
    three."""
    if not meaning or not meaning_check.near_enough(meaning):
        return routes
    best = meaning[0]
    if any(r.group == best.group for r in routes):
        return routes
    return [best, *routes][: max(len(routes), 3)]


def pack_for(kit: Kit, inbound: Inbound, complaint: str) -> str | None:
    names = kit.packs.names()
    # A pack the user picked in the web chat that does not exist is ignored (routed
    # instead); a channel mapped to a missing pack is a configuration error.
    chosen = inbound.pack if inbound.pack in names else None
    fixed = chosen or kit.config.channel_packs.get(inbound.channel)
    if fixed:
        if fixed not in names:
            raise ServiceError(
                f"pack {fixed!r} for channel {inbound.channel!r} is not loaded "
                f"(loaded: {', '.join(names) or 'none'}); import it or change BOT_CHANNEL_PACKS"
            )
        return fixed
    return kit.grounding.choose_pack(complaint, names) if complaint else None


def any_plausible(kit: Kit, complaint: str) -> bool:
    """Whether any pack may cover the complaint by meaning (:mod:`.scope_check`)."""
    return any(
        scope_check.plausible(kit.packs.network(n), kit.packs.info(n).domain, complaint)
        for n in kit.packs.names()
    )


def pack_named(kit: Kit, text: str) -> str | None:
    """The pack a typed reply to the topic picker names, NONE_FITS, or None."""
    names = kit.packs.names()
    wanted = text.strip().lower()
    for name in names:
        if wanted in (name.lower(), kit.packs.info(name).title.lower()):
            return name
    choice = pick(text, [kit.packs.info(n).title or n for n in names])
    return names[choice] if isinstance(choice, int) else choice


def other_sections(kit: Kit, ctx: Context) -> Outcome:
    """ "Something else" at the section picker: the pack's other sections, once; after that
    none fits and a person takes it (never a chart the user did not choose)."""
    assert ctx.info is not None
    state = ctx.case.state
    shown = {str(o["group"]) for o in state.get("options", [])}
    rest = [
        Section(str(g["id"]), str(g.get("title") or g["id"]))
        for g in kit.grounding.groups(ctx.info.name)
        if str(g["id"]) not in shown
    ]
    if state.get("shown_all") or not rest:
        return none_fits(kit, ctx)
    state["shown_all"] = True
    outcome = choose_section(kit, ctx, rest)
    outcome.reply = dataclasses.replace(
        outcome.reply,
        parts=('Is it one of these? If not, press "None of these" and a person will help.',),
        buttons=tuple(
            Button("None of these", b.payload) if b.payload.endswith(ANY_SECTION) else b
            for b in outcome.reply.buttons
        ),
    )
    return outcome


def none_fits(kit: Kit, ctx: Context) -> Outcome:
    """None of the offered topics or sections fits: a person takes it (a chart that does not
    fit would only ask unrelated questions)."""
    complaint = str(ctx.case.state.get("complaint", ""))
    outside = out_of_scope(complaint) if complaint else None
    if outside is not None:
        return out_of_scope_reply(kit, ctx, complaint, outside)
    return handoff.hand_over(
        kit,
        ctx,
        "none of the offered topics fits",
        intro=("None of my guides fits this, so a person is better placed to help.",),
    )


def out_of_scope_reply(
    kit: Kit, ctx: Context, complaint: str, outside: OutOfScope, chat_pack: str | None = None
) -> Outcome:
    """A complaint no pack covers (:mod:`bots.scope`): said so, and handed to a person.
    ``chat_pack``: the pack the chat is about before a case has one (picked in the web chat,
    or the channel's): a patient's intake chat says what it helps with, not the laptops and
    cars of the IT channels ("I can help with cars and laptops; this looks like a pet
    problem" was said to a patient about their dog, stop 46)."""
    domains = [kit.packs.info(n).domain for n in kit.packs.names()]
    patient_chat = chat_pack in kit.packs.names() and kit.is_patient_pack(str(chat_pack))
    if patient_chat:
        domains = [kit.packs.info(str(chat_pack)).domain]
    elif not kit.patient_facing(ctx):
        domains = [d for d in domains if d not in kit.config.patient_domains] or domains
    ctx.case.state = {**ctx.case.state, "complaint": complaint, "out_of_scope": outside.label}
    intro = (f"I can help with {covered_phrase(domains)}; {outside.describe()}.",)
    outcome = handoff.hand_over(kit, ctx, f"out of scope: {outside.label}", intro=intro)
    outcome.action["out_of_scope"] = outside.label
    return outcome


def open_dialogue(
    kit: Kit,
    ctx: Context,
    complaint: str,
    facts: Sequence[Answer] | None = None,
    section: str = "",
) -> Outcome:
    assert ctx.network is not None and ctx.info is not None
    if section:
        try:
            ctx.network = kit.grounding.section_network(ctx.info.name, section)
        except KeyError:
            log.warning("pack %s has no section %s; using all of it", ctx.info.name, section)
            section = ""
    noted = new_dialogue(kit, ctx, complaint, facts, section)
    intro = (f"Noted: {'; '.join(noted)}.",) if noted else ()
    return answering.decide(kit, ctx, intro)


def new_dialogue(
    kit: Kit,
    ctx: Context,
    complaint: str,
    facts: Sequence[Answer] | None = None,
    section: str = "",
) -> list[str]:
    """Start the dialogue state from the complaint; what it volunteered, as noted."""
    assert ctx.network is not None and ctx.info is not None
    network = ctx.network
    # A carer's opening ("my son's ear hurts") read as the patient's own words.
    read = carer.own_words(kit, ctx, complaint, opening=complaint)
    stated: tuple[Answer, ...] = ()
    if complaint:
        if facts is None or section:
            facts = answering.volunteered(kit, read, network)
        said = {f.finding for f in facts}
        plain = tuple(f for f in follow_ups.complaint_facts(read, network) if f.finding not in said)
        stated = tuple(follow_ups.without_orphans((*facts, *plain), {}, network))
    prior = kit.grounding.prior(ctx.info.name, read, network)
    if complaint and not stated and kit.patient_facing(ctx):
        # Nothing read as a finding: the conditions the words mean (meaning_prior).
        by_meaning = meaning_prior(network, read, follow_ups.history_of(network))
        if by_meaning is not None:
            prior = by_meaning if prior is None else prior * by_meaning
    started = kit.engine(ctx).start(network, prior)
    ctx.dialogue = StoredDialogue(
        **{f.name: getattr(started, f.name) for f in dataclasses.fields(started)},
        complaint=complaint,
        section=section,
    )
    # Before the opening's facts are applied: "pulled it at the gym" quiets a flag they raise.
    safety.read_flag_context(ctx)
    noted: list[str] = []
    if stated:
        noted = answering.apply_volunteered(kit, ctx, stated)
        record_opening_facts(ctx, stated)
    return noted


def record_opening_facts(ctx: Context, facts: Sequence[Answer]) -> None:
    """What the opening was read as, on the user's turn (the console's "read as"): it was
    stored before a pack was chosen, when nothing could be read from it yet."""
    if not facts:
        return
    # The words read: this message (saved with the reply), or, after a picker's button, the
    # last message with words.
    turn = ctx.user_turn
    if turn is None or not turn.text or turn.text.startswith("["):
        said = [
            t
            for t in ctx.store.recent_turns(ctx.case, Role.USER, 10)
            if t.text and not t.text.startswith("[")
        ]
        turn = said[0] if said else None
    if turn is None:
        return
    reading = dict(turn.interpretation or {})
    known = {str(v.get("finding")) for v in reading.get("volunteered") or []}
    reading["volunteered"] = [
        *(reading.get("volunteered") or []),
        *(answer_to_dict(f) for f in facts if f.finding not in known),
    ]
    turn.interpretation = reading
    if turn.pk is not None:
        turn.save(update_fields=["interpretation"])


# -- asking for the complaint and the topic ----------------------------------------------------


def prompt(kit: Kit, ctx: Context, inbound: Inbound, *, intro: Sequence[str] = ()) -> Outcome:
    """Ask for the complaint (and, where no pack is fixed, offer the topics)."""
    fixed = ctx.case.pack or inbound.pack or kit.config.channel_packs.get(inbound.channel)
    # No dead end: after two messages that did not get past this prompt, a person is offered.
    asked = int(ctx.case.state.get("prompts", 0)) + 1
    ctx.case.state = {**ctx.case.state, "prompts": asked}
    person = (Button("Talk to a person", "human"),) if asked > MISUNDERSTOOD_BEFORE_HUMAN else ()
    if fixed or len(kit.packs.names()) <= 1:
        if not ctx.case.pack and fixed and fixed in kit.packs.names():
            set_pack(kit, ctx, fixed)
        parts = (*intro, "Hi! Please describe the problem in a sentence or two.")
        return Outcome(Reply(parts=parts, kind="prompt", buttons=person), action={"type": "prompt"})
    parts = (*intro, "Hi! What do you need help with? Describe the problem, or pick a topic.")
    return Outcome(
        Reply(parts=parts, kind="prompt", buttons=(*pack_buttons(kit), *person)),
        action={"type": "prompt"},
    )


def choose_pack(kit: Kit, *, unsure: bool = False, only: str | None = None) -> Outcome:
    """The topic picker; ``unsure``: the complaint may be about none of the topics
    (:mod:`bots.conversation.scope_check`), so "None of these" is offered too; ``only``: the
    one topic of this chat (picked by the user or fixed by the channel)."""
    if unsure:
        names = [only] if only else kit.packs.names()
        domains = [kit.packs.info(n).domain for n in names]
        parts = (
            f"I'm not sure this is something I can help with: I can only help with "
            f"{covered_phrase(domains)}. If it is about one of these, pick it; if not, choose "
            '"None of these" and a person will take it.',
        )
        buttons = (
            *pack_buttons(kit, names),
            Button("None of these", f"{PACK_PREFIX}{NONE_OF_THE_PACKS}"),
        )
    else:
        parts = (
            'I\'m not sure which topic this is. Please pick one, or "None of these" and a person '
            "will take it:",
        )
        buttons = (*pack_buttons(kit), Button("None of these", f"{PACK_PREFIX}{NONE_OF_THE_PACKS}"))
    return Outcome(
        Reply(parts=parts, kind="prompt", buttons=buttons),
        action={"type": "choose_pack"},
    )


def choose_section(kit: Kit, ctx: Context, routes: Sequence[Section]) -> Outcome:
    assert ctx.info is not None
    options = list(routes) or [
        Section(str(g["id"]), str(g.get("title") or g["id"]))
        for g in kit.grounding.groups(ctx.info.name)
    ]
    # Typed replies are matched against these (bots.pickers).
    ctx.case.state["options"] = [{"group": o.group, "title": o.title} for o in options]
    buttons = tuple(Button(o.title, f"{SECTION_PREFIX}{o.group}") for o in options)
    buttons += (Button("Something else", f"{SECTION_PREFIX}{ANY_SECTION}"),)
    if ctx.case.state.get("misses"):
        buttons += (Button("Talk to a person", "human"),)
    parts = ("Which of these is closest to your problem? Pick one, or tell me more.",)
    return Outcome(
        Reply(parts=parts, kind="prompt", buttons=buttons),
        action={"type": "choose_section", "options": [o.group for o in options]},
    )


def pack_buttons(kit: Kit, names: Sequence[str] | None = None) -> tuple[Button, ...]:
    return tuple(
        Button(kit.packs.info(n).title or n, f"{PACK_PREFIX}{n}")
        for n in (kit.packs.names() if names is None else names)
    )
