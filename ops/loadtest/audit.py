"""After the run: does the database agree with what the users saw?

Read straight from the stack's PostgreSQL (the load test's own process runs on whatever
profile its caller has, so it does not go through the ORM). For every conversation:

- each reply the user saw has its bot ``Turn`` and each message the bot answered its user
  ``Turn`` (a turn lost or applied twice by a fault shows as a mismatch): the case resumes
  where it was;
- no inbound event is left RECEIVED and no reply PENDING;
- the platform got no more messages than the database marked SENT (a second send of one reply
  would show here).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from ops.loadtest.driver import Mailbox

EXAMPLES = 5


def _rows(url: str, query: str) -> list[tuple[Any, ...]]:
    import psycopg

    with psycopg.connect(url.split("?", 1)[0], connect_timeout=10) as conn, conn.cursor() as cur:
        cur.execute(query)
        return list(cur.fetchall())


def audit(url: str, mailboxes: dict[tuple[str, str], Mailbox]) -> dict[str, Any]:
    cases = _rows(url, """
        SELECT c.id, c.channel, c.external_thread_id, c.status,
               COUNT(t.id) FILTER (WHERE t.role = 'user'),
               COUNT(t.id) FILTER (WHERE t.role = 'bot')
        FROM bots_case c LEFT JOIN bots_turn t ON t.case_id = c.id
        GROUP BY c.id""")
    events = dict(_rows(url, "SELECT status, COUNT(*) FROM bots_inboundevent GROUP BY status"))
    replies = dict(_rows(url, "SELECT status, COUNT(*) FROM bots_outboundmessage GROUP BY status"))
    per_case = {
        case_id: (processed, failed, sent)
        for case_id, processed, failed, sent in _rows(url, """
            SELECT c.id,
                   (SELECT COUNT(*) FROM bots_inboundevent e
                    WHERE e.case_id = c.id AND e.status = 'processed'),
                   (SELECT COUNT(*) FROM bots_inboundevent e
                    WHERE e.case_id = c.id AND e.status = 'failed'),
                   (SELECT COUNT(*) FROM bots_outboundmessage o
                    WHERE o.case_id = c.id AND o.status = 'sent')
            FROM bots_case c""")
    }
    by_address: dict[tuple[str, str], list[tuple[Any, ...]]] = {}
    for row in cases:
        _, channel, thread, *_ = row
        address = str(thread).split("~", 1)[0]
        if channel == "slack":
            address = address.split(":", 1)[0]
        by_address.setdefault((str(channel), address), []).append(row)

    problems: Counter[str] = Counter()
    examples: list[dict[str, Any]] = []
    for key, box in mailboxes.items():
        rows = by_address.get(key, [])
        seen = len(box.replies)
        if not rows:
            if box.accepted:
                problems["no case for a conversation"] += 1
                _example(examples, key, "no case", seen=seen)
            continue
        user_turns = sum(r[4] for r in rows)
        bot_turns = sum(r[5] for r in rows)
        processed = sum(per_case[r[0]][0] for r in rows)
        failed = sum(per_case[r[0]][1] for r in rows)
        sent = sum(per_case[r[0]][2] for r in rows)
        if bot_turns + failed != seen:
            problems["bot turns != replies seen"] += 1
            _example(examples, key, "bot turns != replies seen", bot_turns=bot_turns,
                     failed=failed, seen=seen)
        if user_turns != bot_turns:
            problems["user turns != bot turns"] += 1
            _example(examples, key, "user turns != bot turns", user_turns=user_turns,
                     bot_turns=bot_turns)
        if processed != bot_turns:
            problems["processed events != bot turns"] += 1
            _example(examples, key, "processed events != bot turns", processed=processed,
                     bot_turns=bot_turns)
        if seen > sent:
            problems["platform got more than was sent"] += 1
            _example(examples, key, "platform got more than was sent", sent=sent, seen=seen)
    return {
        "cases": len(cases),
        "conversations": len(mailboxes),
        "events": {str(k): int(v) for k, v in events.items()},
        "replies": {str(k): int(v) for k, v in replies.items()},
        "cases_by_status": dict(Counter(str(r[3]) for r in cases)),
        "state_mismatches": sum(problems.values()),
        "problems": dict(problems),
        "examples": examples,
        "ok": not problems and not events.get("received") and not replies.get("pending"),
    }


def _example(examples: list[dict[str, Any]], key: tuple[str, str], what: str,
             **numbers: int) -> None:
    if len(examples) < EXAMPLES:
        examples.append({"channel": key[0], "address": key[1], "problem": what, **numbers})
