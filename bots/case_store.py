"""Cases and their dialogue state in the database, one writer per case at a time.

``CaseStore.locked(channel, thread)`` opens a transaction and takes the case's lock before
anything is read: the case row is written first (``UPDATE ... SET updated_at``, or the
``INSERT`` of a new case), then read back with ``select_for_update``. On PostgreSQL the row
lock serialises the turns of one case and nothing else; on SQLite, which ignores
``select_for_update``, the first write takes the database's write lock, so concurrent writers
queue for it. Either way a second worker handling the same case waits and then sees the first
worker's committed state: no turn is lost or applied twice.

The dialogue state is stored in ``Case.state`` as JSON (:func:`dump_state`): the belief
(``BeliefState.to_dict``), the findings asked, every answer (with whether it was asked or
volunteered), the turn count, red flags, the prior, and the pending question with its
rationale. :func:`load_state` restores it; when the pack has changed under a running case
(a new version with other hypotheses) the belief is rebuilt by replaying the prior and the
answers on the new network, dropping answers about findings it no longer has.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from django.db import IntegrityError, connection, transaction
from django.db.models import Max, OuterRef, Subquery
from django.db.models.signals import post_save
from django.utils import timezone

from bots.language.base import answer_from_dict, answer_to_dict
from bots.models import Case, CaseStatus, Role, Turn
from planning.belief import BeliefState
from planning.dialogue import DialogueState
from planning.engine import Dialogue, prior_vector
from planning.evidence import Answer
from planning.network import EvidentialNetwork, RedFlag

STATE_VERSION = 1
_LAST_TURN = "_askfew_last_turn_index"  # cached on a locked Case by CaseStore.add_turn
_UNKNOWN = object()


class StateError(ValueError):
    """A stored dialogue state cannot be restored (names the problem)."""


@dataclass
class Pending:
    """The question the bot is waiting on: the finding, how it was shown, and why."""

    finding: str
    text: str
    rationale: dict[str, Any] = field(default_factory=dict)
    misunderstood: int = 0  # consecutive replies the interpreter could not place
    # A confirmation: the index of the earlier answer its reply replaces (planning.recovery).
    replaces: int | None = None
    # A multi-choice question asked whole (bots.conversation.choice_list): every option the
    # reply answers, ``finding`` (the option the policy asked about) first.
    options: tuple[str, ...] = ()
    # How often "how do I check?" was answered for this question: asked again after the
    # passage, the user cannot check, and the same passage again would be a loop.
    explained: int = 0
    # The words of the last "how do I check?" (normalised): the same words again after the
    # passage say it did not help ("whats that?" twice), and the passage again would loop.
    how_asked: str = ""

    def to_dict(self) -> dict[str, Any]:
        out = {
            "finding": self.finding,
            "text": self.text,
            "rationale": self.rationale,
            "misunderstood": self.misunderstood,
            "replaces": self.replaces,
        }
        if self.options:
            out["options"] = list(self.options)
        if self.explained:
            out["explained"] = self.explained
        if self.how_asked:
            out["how_asked"] = self.how_asked
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Pending:
        return cls(
            finding=str(data["finding"]),
            text=str(data.get("text", "")),
            rationale=dict(data.get("rationale") or {}),
            misunderstood=int(data.get("misunderstood", 0)),
            replaces=None if data.get("replaces") is None else int(data["replaces"]),
            options=tuple(str(o) for o in data.get("options") or ()),
            explained=int(data.get("explained", 0)),
            how_asked=str(data.get("how_asked", "")),
        )


@dataclass
class StoredDialogue(Dialogue):
    """Everything ``Case.state`` holds for a running case: the engine's dialogue
    (:class:`planning.engine.Dialogue`) and what the bot showed and routed."""

    pending: Pending | None = None
    complaint: str = ""
    network_name: str = ""
    section: str = ""  # the pack's routing group the dialogue is focused on ("" = whole pack)
    replayed: bool = False  # restored by replay on a changed network
    # Emergency kinds the patient said "no" to in a safety follow-up
    # (bots.conversation.safety_check): not asked about again in the case.
    safety_cleared: list[str] = field(default_factory=list)
    # The nurse's questions about a bite, sting or mild injury asked so far, and the table's
    # signs the patient affirmed in answer (bots.conversation.nurse_questions).
    nurse_asked: list[str] = field(default_factory=list)
    nurse_told: list[str] = field(default_factory=list)
    # Questions a correction gave back to the budget: those asked on the strength of the fact
    # the user said was misread (bots.conversation.correction); the pack's max_turns plus these.
    given_back: int = 0


def dump_state(dialogue: StoredDialogue, network: EvidentialNetwork) -> dict[str, Any]:
    """The JSON-able form of a running dialogue (see the module docstring)."""
    state = dialogue.state
    if len(dialogue.asked_flags) != len(state.answers):
        raise StateError("asked_flags must have one entry per answer")
    return {
        "version": STATE_VERSION,
        "network": network.name,
        "hypotheses": [h.id for h in network.hypotheses],
        "belief": state.belief.to_dict(),
        "asked": sorted(state.asked),
        "answers": [
            {**answer_to_dict(a), "asked": flag}
            for a, flag in zip(state.answers, dialogue.asked_flags, strict=True)
        ],
        "turns": state.turns,
        "red_flags": [
            {"finding": f.finding, "states": list(f.states), "reason": f.reason, "level": f.level}
            for f in state.red_flags
        ],
        "human_requested": state.human_requested,
        "prior": dict(dialogue.prior),
        "open_world": dialogue.open_world,
        "pending": dialogue.pending.to_dict() if dialogue.pending else None,
        "complaint": dialogue.complaint,
        "section": dialogue.section,
        "confidence": dict(dialogue.confidence),
        "confirmed": list(dialogue.confirmed),
        "said_in_passing": list(dialogue.said_in_passing),
        "since_confirmation": dialogue.since_confirmation,
        "safety_cleared": list(dialogue.safety_cleared),
        "nurse_asked": list(dialogue.nurse_asked),
        "nurse_told": list(dialogue.nurse_told),
        "given_back": dialogue.given_back,
    }


def load_state(data: Mapping[str, Any], network: EvidentialNetwork) -> StoredDialogue:
    """Restore a dialogue stored by :func:`dump_state` onto ``network``."""
    if data.get("version") != STATE_VERSION:
        raise StateError(f"unsupported dialogue state version {data.get('version')!r}")
    try:
        answers = [answer_from_dict(a) for a in data["answers"]]
        flags = [bool(a.get("asked", True)) for a in data["answers"]]
        prior = {str(k): float(v) for k, v in (data.get("prior") or {}).items()}
        open_world = data.get("open_world")
        pending = Pending.from_dict(data["pending"]) if data.get("pending") else None
        same_network = list(data.get("hypotheses", [])) == [h.id for h in network.hypotheses]
        if same_network:
            belief = BeliefState.from_dict(dict(data["belief"]))
            state = DialogueState(
                belief=belief,
                asked={str(f) for f in data.get("asked", [])},
                answers=answers,
                turns=int(data.get("turns", 0)),
                red_flags=[
                    RedFlag(
                        str(r["finding"]),
                        tuple(str(s) for s in r["states"]),
                        str(r.get("reason", "")),
                        str(r.get("level", "emergency")),
                    )
                    for r in data.get("red_flags", [])
                ],
                human_requested=bool(data.get("human_requested", False)),
                passing={i for i, asked in enumerate(flags) if not asked},
            )
            replayed = False
        else:
            state, flags = _replay(network, prior, open_world, answers, flags)
            state.human_requested = bool(data.get("human_requested", False))
            replayed = True
            if pending is not None and (
                pending.finding not in network.finding_index or pending.replaces is not None
            ):
                # A confirmation names an answer by index, and the replay may drop answers.
                pending = None
    except (KeyError, TypeError, ValueError) as exc:
        raise StateError(f"malformed dialogue state: {exc}") from exc
    if pending is not None and pending.replaces is not None:
        index = pending.replaces
        if not 0 <= index < len(state.answers) or state.answers[index].finding != pending.finding:
            raise StateError(
                f"the pending confirmation replaces no answer about {pending.finding!r}"
            )
    return StoredDialogue(
        state=state,
        asked_flags=flags,
        prior=prior,
        open_world=open_world,
        pending=pending,
        complaint=str(data.get("complaint", "")),
        network_name=str(data.get("network", "")),
        section=str(data.get("section", "")),
        replayed=replayed,
        confidence={str(k): float(v) for k, v in (data.get("confidence") or {}).items()},
        confirmed=[str(f) for f in data.get("confirmed") or []],
        said_in_passing=[str(f) for f in data.get("said_in_passing") or []],
        since_confirmation=int(data.get("since_confirmation", 0)),
        safety_cleared=[str(k) for k in data.get("safety_cleared") or []],
        nurse_asked=[str(k) for k in data.get("nurse_asked") or []],
        nurse_told=[str(k) for k in data.get("nurse_told") or []],
        given_back=int(data.get("given_back", 0)),
    )


def _replay(
    network: EvidentialNetwork,
    prior: Mapping[str, float],
    open_world: float | None,
    answers: list[Answer],
    flags: list[bool],
) -> tuple[DialogueState, list[bool]]:
    state = DialogueState.start(network, prior_vector(network, prior), open_world)
    kept_flags: list[bool] = []
    for answer, asked in zip(answers, flags, strict=True):
        if answer.finding not in network.finding_index:
            continue
        finding = network.finding(answer.finding)
        if answer.states is not None and not set(answer.states) <= set(finding.states):
            continue
        state.apply(answer, network, asked=asked)
        kept_flags.append(asked)
    return state, kept_flags


# -- the store --------------------------------------------------------------------------------


class CaseStore:
    """Finds, creates, locks and archives cases; appends turns in order.

    ``savepoint=False`` is for a caller that runs the turn inside its own transaction and
    rolls all of it back on any error (the runtime, which claims the event in the same
    transaction): the turn then needs no savepoint of its own, two statements fewer a turn.
    """

    def __init__(self, *, savepoint: bool = True) -> None:
        self.savepoint = savepoint
        # A user's turn waits for the bot's answer to it: both go in one INSERT.
        self._unsaved: list[Turn] = []

    @contextlib.contextmanager
    def locked(
        self, channel: str, thread_id: str, *, user_id: str = "", user_display: str = ""
    ) -> Iterator[Case]:
        """The case of (channel, thread), created if new, locked until the block ends.

        Everything done in the block commits together; an exception rolls it all back (the
        inbound event can then be retried without a half-applied turn).
        """
        self._unsaved = []
        with transaction.atomic(savepoint=self.savepoint):
            case = self._lock(channel, thread_id, user_id, user_display)
            yield case
            self._save_turns()

    def _lock(self, channel: str, thread_id: str, user_id: str, user_display: str) -> Case:
        rows = Case.objects.filter(channel=channel, external_thread_id=thread_id)
        if connection.features.has_select_for_update:
            # PostgreSQL: the row lock alone is the case's lock (the turn saves the case, which
            # touches updated_at, before it commits). The last turn's index comes with it.
            last_turn = Turn.objects.filter(case=OuterRef("pk")).order_by("-index")
            found: Case | None = (
                rows.select_for_update(of=("self",))
                .annotate(last_turn_index=Subquery(last_turn.values("index")[:1]))
                .first()
            )
            if found is not None:
                setattr(found, _LAST_TURN, found.last_turn_index)  # type: ignore[attr-defined]
                return found
        # Write first: on SQLite this takes the write lock before anything is read.
        if not rows.update(updated_at=timezone.now()):
            try:
                with transaction.atomic():
                    Case.objects.create(
                        channel=channel,
                        external_thread_id=thread_id,
                        external_user_id=user_id,
                        user_display=user_display,
                    )
            except IntegrityError:
                # Another worker created it between our UPDATE and INSERT: wait for its lock.
                rows.update(updated_at=timezone.now())
        query = rows
        if connection.features.has_select_for_update:
            query = rows.select_for_update()
        case: Case = query.get()
        return case

    def add_turn(self, case: Case, role: object, **fields: Any) -> Turn:
        """Append a turn (its index follows the case's last one; the caller holds the lock).

        ``role`` is a ``bots.models.Role`` (its value is stored). A user's turn is saved with
        the next other turn (the bot's answer) or when the locked block ends, so it has no
        id until then."""
        # The last index is read once per locked case object and then counted on: nobody else
        # adds turns to the case while we hold its row lock.
        last = getattr(case, _LAST_TURN, _UNKNOWN)
        if last is _UNKNOWN:
            last = case.turns.aggregate(last=Max("index"))["last"]
        index = 0 if last is None else int(last) + 1
        turn = Turn(case=case, index=index, role=str(role), **fields)
        setattr(case, _LAST_TURN, index)
        self._unsaved.append(turn)
        if role != Role.USER:
            self._save_turns()
        return turn

    def _save_turns(self) -> None:
        """Insert the waiting turns in one statement (their ids come back), then tell
        ``post_save`` listeners (metrics, logs) as ``Model.save`` would."""
        turns, self._unsaved = self._unsaved, []
        if not turns:
            return
        Turn.objects.bulk_create(turns)
        for turn in turns:
            post_save.send(
                sender=Turn,
                instance=turn,
                created=True,
                update_fields=None,
                raw=False,
                using=turn._state.db,
            )

    def save(self, case: Case, *, update_fields: list[str] | None = None) -> None:
        """Write the case row (the turn's changes to status, state, conclusion, ...)."""
        case.save(update_fields=update_fields)

    def recent_turns(self, case: Case, role: object, limit: int) -> list[Turn]:
        """The case's latest ``limit`` saved turns of ``role``, newest first."""
        return list(case.turns.filter(role=str(role)).order_by("-index")[:limit])

    def latest_turn(self, case: Case, role: object, action_type: str) -> Turn | None:
        """The case's newest saved turn of ``role`` whose action is ``action_type``, however
        many turns came after it (one query; the JSON key is matched by the database, so no
        other turn is read or decrypted)."""
        return (
            case.turns.filter(role=str(role), action__type=action_type).order_by("-index").first()
        )

    def page_staff(self, case: Case, *, key: str, level: str, reason: str) -> None:
        """Page the staff about an escalated case (``bots.alerts``)."""
        from bots.alerts import page_staff

        page_staff(case, key=key, level=level, reason=reason)

    def queue_ahead(self, case: Case) -> int:
        """Unclaimed cases ahead of ``case`` in the operators' queue (``bots.takeover``)."""
        from bots.takeover import queue_ahead

        return queue_ahead(case)

    def leave_queue(self, case: Case, *, reason: str) -> None:
        """The case leaves the operators' queue without an operator (the user corrected what
        the hand-off went by, and the bot runs the case again): a system turn in the case,
        and the console's audit log (``bots.signals.left_queue``)."""
        from bots.signals import left_queue

        self.add_turn(case, Role.SYSTEM, text=f"left the operators' queue: {reason}")
        left_queue.send(sender=type(self), case=case, reason=reason)

    def archive(self, case: Case, *, reason: str) -> None:
        """Free the thread for a new case: the old one keeps its turns under a renamed thread
        id, and is closed unless a person is already working on it."""
        case.external_thread_id = f"{case.external_thread_id[:150]}~{case.pk}"
        if case.status == CaseStatus.ACTIVE:
            case.status = CaseStatus.CLOSED
        if case.closed_at is None:
            case.closed_at = timezone.now()
        case.save()
        self.add_turn(case, Role.SYSTEM, text=f"case archived: {reason}")

    def create(
        self, channel: str, thread_id: str, *, user_id: str = "", user_display: str = ""
    ) -> Case:
        """A new case for a thread whose previous case was just archived (lock still held)."""
        case: Case = Case.objects.create(
            channel=channel,
            external_thread_id=thread_id,
            external_user_id=user_id,
            user_display=user_display,
        )
        setattr(case, _LAST_TURN, None)  # new: no turns yet
        return case
