"""The first message(s) of a case: greeting, pack and section choice, the complaint and the
facts it volunteers, and the opening of the dialogue."""

from __future__ import annotations

import logging
from collections.abc import Sequence

from bots.case_store import StoredDialogue
from bots.config import ServiceError
from bots.conversation import answering, follow_ups
from bots.conversation.context import (
    ANY_SECTION,
    PACK_PREFIX,
    SECTION_PREFIX,
    Context,
    Kit,
    Outcome,
    set_pack,
)
from bots.grounding import Section
from bots.language import Interpretation
from bots.messages import Button, Inbound, Reply
from planning.dialogue import DialogueState
from planning.evidence import Answer

log = logging.getLogger("bots.service")


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
        stored = str(case.state.get("complaint", ""))
        return open_dialogue(kit, ctx, stored, None, "" if group == ANY_SECTION else group)
    elif meaning.intent == "greeting" or (not complaint and button):
        return prompt(kit, ctx, inbound)
    elif case.state.get("awaiting_pack") and not case.pack:
        named = pack_named(kit, complaint)
        if named is not None:
            set_pack(kit, ctx, named)
            complaint, facts = str(case.state.get("complaint", "")), None
            if not complaint:
                return prompt(kit, ctx, inbound)
    elif case.state.get("awaiting_section"):
        # More words about the problem: route the whole description again.
        complaint = f"{case.state.get('complaint', '')} {complaint}".strip()
        facts = None
    if not case.pack:
        pack = pack_for(kit, inbound, complaint)
        if pack is None:
            case.state = {"awaiting_pack": True, "complaint": complaint}
            return choose_pack(kit)
        set_pack(kit, ctx, pack)
        facts = None
    section, routes = focus(kit, ctx, complaint)
    if section is None:
        case.state = {"awaiting_section": True, "complaint": complaint}
        return choose_section(kit, ctx, routes)
    return open_dialogue(kit, ctx, complaint, facts, section)


def focus(kit: Kit, ctx: Context, complaint: str) -> tuple[str | None, list[Section]]:
    """The section to focus on ("" = the whole pack), or None to ask the user."""
    assert ctx.info is not None
    if not kit.config.focus_sections or len(kit.grounding.groups(ctx.info.name)) < 2:
        return "", []
    routes = kit.grounding.route_sections(ctx.info.name, complaint)
    margin = kit.config.section_margin
    if routes and (len(routes) == 1 or routes[0].score >= margin * routes[1].score):
        return routes[0].group, routes
    return None, routes


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


def pack_named(kit: Kit, text: str) -> str | None:
    wanted = text.strip().lower()
    for name in kit.packs.names():
        if wanted in (name.lower(), kit.packs.info(name).title.lower()):
            return name
    return None


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
    prior = kit.grounding.prior(ctx.info.name, complaint, network)
    state = DialogueState.start(network, prior, kit.config.open_world)
    prior_map = (
        {h.id: float(p) for h, p in zip(network.hypotheses, prior, strict=True) if p != 1.0}
        if prior is not None
        else {}
    )
    ctx.dialogue = StoredDialogue(
        state=state,
        asked_flags=[],
        prior=prior_map,
        open_world=kit.config.open_world,
        complaint=complaint,
        section=section,
    )
    noted: list[str] = []
    if complaint:
        if facts is None or section:
            facts = answering.volunteered(kit, complaint, network)
        said = {f.finding for f in facts}
        plain = tuple(
            f for f in follow_ups.complaint_facts(complaint, network) if f.finding not in said
        )
        noted = answering.apply_volunteered(ctx, (*facts, *plain))
    return noted


# -- asking for the complaint and the topic ----------------------------------------------------


def prompt(kit: Kit, ctx: Context, inbound: Inbound, *, intro: Sequence[str] = ()) -> Outcome:
    """Ask for the complaint (and, where no pack is fixed, offer the topics)."""
    fixed = ctx.case.pack or inbound.pack or kit.config.channel_packs.get(inbound.channel)
    if fixed or len(kit.packs.names()) <= 1:
        if not ctx.case.pack and fixed and fixed in kit.packs.names():
            set_pack(kit, ctx, fixed)
        parts = (*intro, "Hi! Please describe the problem in a sentence or two.")
        return Outcome(Reply(parts=parts, kind="prompt"), action={"type": "prompt"})
    parts = (*intro, "Hi! What do you need help with? Describe the problem, or pick a topic.")
    return Outcome(
        Reply(parts=parts, kind="prompt", buttons=pack_buttons(kit)),
        action={"type": "prompt"},
    )


def choose_pack(kit: Kit) -> Outcome:
    parts = ("I'm not sure which topic this is. Please pick one:",)
    return Outcome(
        Reply(parts=parts, kind="prompt", buttons=pack_buttons(kit)),
        action={"type": "choose_pack"},
    )


def choose_section(kit: Kit, ctx: Context, routes: Sequence[Section]) -> Outcome:
    assert ctx.info is not None
    options = list(routes) or [
        Section(str(g["id"]), str(g.get("title") or g["id"]))
        for g in kit.grounding.groups(ctx.info.name)
    ]
    buttons = tuple(Button(o.title, f"{SECTION_PREFIX}{o.group}") for o in options)
    buttons += (Button("Something else", f"{SECTION_PREFIX}{ANY_SECTION}"),)
    parts = ("Which of these is closest to your problem?",)
    return Outcome(
        Reply(parts=parts, kind="prompt", buttons=buttons),
        action={"type": "choose_section", "options": [o.group for o in options]},
    )


def pack_buttons(kit: Kit) -> tuple[Button, ...]:
    return tuple(
        Button(kit.packs.info(n).title or n, f"{PACK_PREFIX}{n}") for n in kit.packs.names()
    )
