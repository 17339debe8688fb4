"""FloDial dialogs played through the conversation service, and the calibration of the
confidence users are shown (issue 19).

    python -m evaluation.service_calibration dev 120 exact   # buttons: the case's answers
    python -m evaluation.service_calibration dev 120 words   # the dialog's own utterances

Each dialog opens with its user's first message in its pack (``car`` or ``it-laptop``) on the
``terminal`` channel, picks the dialog's chart when a section picker comes, and answers each
question with the case's state as a button (``exact``) or by typing what the dialog's user
said about that finding (``words``; the case's state typed, or "not sure", where the dialog
has no words for it). It prints how the cases ended, the accuracy of the conclusions, the mean
confidence shown and its ECE (10 equal bins). Cases are stored in the configured database like
any conversation (run it against a development database, not alongside a server using
SQLite). Dialogs are shuffled with a fixed seed; ``LIMIT`` takes the first ones.
"""

from __future__ import annotations

import os
import random
import sys
from typing import Any


def main(argv: list[str]) -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "console.settings")
    import django

    django.setup()
    from bots.messages import Inbound
    from bots.models import Case
    from bots.service import ConversationService
    from knowledge.datasets import flodial

    split, limit, mode = argv[0], int(argv[1]), (argv[2] if len(argv) > 2 else "exact")
    service = ConversationService()
    dialogs = flodial.load_dialogs(split)
    random.Random(0).shuffle(dialogs)
    cars = set(flodial.chart_names("cars"))
    rows: list[tuple[float, bool]] = []
    outcomes: dict[str, int] = {}
    for number, dialog in enumerate(dialogs[:limit]):
        case = flodial.dialog_case(dialog)
        if case is None:
            continue
        pack = "car" if dialog.chart in cars else "it-laptop"
        thread = f"calibration-{split}-{mode}-{number}-{random.random()}"

        def send(
            text: str = "", button: str | None = None, *, thread: str = thread, pack: str = pack
        ) -> Any:
            return service.handle(
                Inbound(channel="terminal", thread_id=thread, text=text, button=button, pack=pack)
            )

        reply = send(dialog.opening)
        asked: list[str] = []
        for _ in range(40):
            if reply.kind == "prompt":
                wanted = f"section:{dialog.chart}"
                if not any(b.payload == wanted for b in reply.buttons):
                    break
                reply = send(button=wanted)
                continue
            if reply.kind != "question" or not reply.question:
                break
            state = case.answers.get(reply.question)
            if mode == "words":
                said = [t.text for t in dialog.turns if t.target == reply.question]
                turn = min(asked.count(reply.question), len(said) - 1) if said else 0
                asked.append(reply.question)
                reply = send(said[turn] if said else (state or "not sure"))
            else:
                reply = send(button=f"answer:{state}" if state else "answer:unsure")
        stored = Case.objects.get(pk=reply.case_id)
        outcomes[stored.status] = outcomes.get(stored.status, 0) + 1
        if stored.status == "concluded" and stored.confidence is not None:
            rows.append((float(stored.confidence), stored.conclusion == case.true_hypothesis))
    concluded = len(rows)
    bins: list[list[tuple[float, bool]]] = [[] for _ in range(10)]
    for confidence, right in rows:
        bins[min(int(confidence * 10), 9)].append((confidence, right))
    ece = sum(
        len(b) / concluded * abs(sum(r for _, r in b) / len(b) - sum(c for c, _ in b) / len(b))
        for b in bins
        if b
    )
    print(
        f"{split} {mode}: {sum(outcomes.values())} cases {outcomes}; concluded {concluded}, "
        f"right {sum(r for _, r in rows) / max(concluded, 1):.1%}, mean confidence shown "
        f"{sum(c for c, _ in rows) / max(concluded, 1):.1%}, max "
        f"{max((c for c, _ in rows), default=0.0):.0%}, ECE {ece:.3f}"
    )


if __name__ == "__main__":
    main(sys.argv[1:])
