"""``manage.py evaluate``: run question policies on simulated users from a dataset.

Every policy plays the same cases in one run, each case with a fresh simulated user seeded by
``--seed``; the table goes to stdout, ``--json`` writes the metrics, ``--report`` a Markdown
report with plots. See design section 8 and ``planning.harness`` / ``planning.metrics``.
"""

from __future__ import annotations

import argparse
import time
from argparse import ArgumentParser, ArgumentTypeError, BooleanOptionalAction
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from evaluation.report import (
    PLOTS_MISSING,
    build_payload,
    format_table,
    plots_available,
    write_json,
    write_report,
)
from evaluation.sources import DATASETS, SPLITS, CaseSource, load_source
from knowledge.datasets.common import DatasetError
from knowledge.progress import ProgressBar
from planning import metrics
from planning.dialogue import StoppingRule
from planning.harness import CaseResult, HarnessError, Policy, Runner, User, evaluate
from planning.simulation import Case, SimulatedUser
from planning.triage import UNCERTAIN_RULE_NOTE

RED_FLAG_MODES = ("escalate", "flag", "off")
SAFETY_RATES = ("severe_flagged_rate", "mild_escalated_rate", "mild_urgent_rate")
SAFETY_RATE_FUNCTIONS = {
    "severe_flagged_rate": metrics.severe_flagged_rate,
    "mild_escalated_rate": metrics.mild_escalated_rate,
    "mild_urgent_rate": metrics.mild_urgent_rate,
}

# DDXPlus: 30 questions is the budget the dataset's own benchmark gives its agents (Fansi
# Tchango et al. 2022); tau 0.99 was chosen on the dev patients (4-fold: with multi-choice
# questions asked whole, 0.85 concluded at 95% accuracy and missed 1 in 20 patients).
STOPPING_DEFAULTS: dict[str, dict[str, Any]] = {
    "ddxplus": {"tau": 0.99, "max_turns": 30},
    "flodial": {"tau": 0.85, "max_turns": 15},
}

RED_FLAGS_HELP = (
    "what a red-flag answer does: 'escalate' stops the case at once (the product's behaviour); "
    "'flag' (default) records it, reports the share of cases with one as red_flag_rate, and "
    "lets the dialogue go on, so the diagnostic metrics are measured on every case instead of "
    "only on those without an emergency sign (with 'escalate', a DDXPlus patient with a "
    "cardinal sign would count as neither right nor wrong); 'off' ignores red flags"
)


def _pct(value: float | None) -> str:
    return "-" if value is None else f"{value:.1f}%"


def _policy_names() -> tuple[str, ...]:
    from planning import policies

    return tuple(policies.POLICY_NAMES)


def _number(text: str, kind: type[int] | type[float], low: float, high: float, what: str) -> Any:
    try:
        value = kind(text)
    except ValueError:
        raise ArgumentTypeError(f"{text!r} is not {what}") from None
    if not low <= value <= high:
        raise ArgumentTypeError(f"{text!r} is not {what}")
    return value


def _rate(text: str) -> float:
    return float(_number(text, float, 0.0, 1.0, "a rate in [0, 1]"))


def _plausibility(text: str) -> float:
    value = float(_number(text, float, 0.0, 1.0, "a plausibility in (0, 1]"))
    if value == 0.0:
        raise ArgumentTypeError(f"{text!r} is not a plausibility in (0, 1]")
    return value


def _positive(text: str) -> int:
    return int(_number(text, int, 1, float("inf"), "an integer >= 1"))


def _non_negative(text: str) -> int:
    return int(_number(text, int, 0, float("inf"), "an integer >= 0"))


def _param_value(text: str) -> Any:
    lowered = text.lower()
    if lowered in ("true", "false"):
        return lowered == "true"
    if lowered == "none":
        return None
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


def _policy_params(items: list[str], names: list[str]) -> dict[str, dict[str, Any]]:
    """``["infogatherer.settle_floor=0.7", ...]`` as ``{"infogatherer": {"settle_floor": 0.7}}``."""
    out: dict[str, dict[str, Any]] = {}
    for item in items:
        target, sep, value = item.partition("=")
        policy, dot, key = target.partition(".")
        if not sep or not dot or not policy or not key:
            raise CommandError(f"--param {item!r}: expected POLICY.NAME=VALUE")
        if policy not in names:
            raise CommandError(f"--param {item!r}: policy {policy!r} is not in this run")
        out.setdefault(policy, {})[key] = _param_value(value)
    return out


class Command(BaseCommand):
    help = (
        "Run question policies on simulated users from DDXPlus or FloDial and report success, "
        "turns, abstention/escalation, calibration and decision latency."
    )

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument("dataset", choices=DATASETS)
        parser.add_argument(
            "--split",
            choices=SPLITS,
            default="dev",
            help="DDXPlus: patients_dev / patients_test / both (the network is always learned "
            "from dev). FloDial: the dev / test / all dialog splits of the datasets README.",
        )
        parser.add_argument(
            "--policy",
            nargs="+",
            required=True,
            metavar="P",
            help="one or more policy names; every policy runs on the same cases",
        )
        parser.add_argument(
            "--max-turns",
            type=_non_negative,
            default=None,
            help="abstain after N questions (default: 30 on DDXPlus, 15 on FloDial)",
        )
        parser.add_argument(
            "--tau",
            type=_plausibility,
            default=None,
            help="conclude when max BetP >= tau (default: 0.99 on DDXPlus, 0.85 on FloDial)",
        )
        parser.add_argument(
            "--flip-rate", type=_rate, default=0.0, help="share of answers flipped to another state"
        )
        parser.add_argument(
            "--unsure-rate", type=_rate, default=0.0, help="share of answers that are 'not sure'"
        )
        parser.add_argument(
            "--hedge-rate",
            type=_rate,
            default=0.0,
            help="share of answers hedged ('I think so', reliability 0.7)",
        )
        parser.add_argument(
            "--seed", type=_non_negative, default=0, help="seeds the users' noise and the policies"
        )
        parser.add_argument(
            "--limit",
            type=_positive,
            default=None,
            help="only the first N cases (for --split all on DDXPlus: dev first, then test)",
        )
        parser.add_argument(
            "--json", type=Path, default=None, metavar="PATH", help="write the metrics as JSON"
        )
        parser.add_argument(
            "--report",
            type=Path,
            default=None,
            metavar="DIR",
            help="write DIR/report.md with plots (success vs turns, calibration per policy)",
        )
        parser.add_argument(
            "--chart-known",
            action=BooleanOptionalAction,
            default=True,
            help="FloDial: play each dialog on its own chart (default), or with "
            "--no-chart-known on the combined network of its category",
        )
        parser.add_argument(
            "--red-flags", choices=RED_FLAG_MODES, default="flag", help=RED_FLAGS_HELP
        )
        parser.add_argument(
            "--answers",
            choices=("exact", "utterances"),
            default="exact",
            help="'exact': simulated users answer with states; 'utterances': FloDial users "
            "answer in their own words from the dialog, read by the offline language layer "
            "(bots.evaluation), and the JSON gets answer_accuracy",
        )
        parser.add_argument(
            "--recover",
            action=BooleanOptionalAction,
            default=None,
            help="confirm answers a conclusion rests on. With --answers utterances: an answer "
            "read from the user's own words before concluding on it, and the answer a stalled "
            "dialogue rests on (planning.recovery, bots.evaluation). On DDXPlus: the answer "
            "that, said otherwise, would overturn the conclusion, asked again with a third "
            "reply on disagreement (planning.confirmation). Default: on with --answers "
            "utterances and on DDXPlus when the users slip (--flip-rate or --unsure-rate), off "
            "otherwise",
        )
        parser.add_argument(
            "--open-world",
            type=_plausibility,
            default=None,
            metavar="P",
            help="prior plausibility of 'none of the known causes' (default: no open world)",
        )
        parser.add_argument(
            "--workers",
            type=_positive,
            default=1,
            help="worker processes over cases (default 1)",
        )
        parser.add_argument(
            "--folds",
            type=_positive,
            default=None,
            metavar="K",
            help="DDXPlus --split dev only: K-fold cross-validation, each patient played on "
            "links learned from the other folds (the numbers to tune on)",
        )
        parser.add_argument(
            "--param",
            action="append",
            default=[],
            metavar="POLICY.NAME=VALUE",
            help="a tuning parameter of one policy, e.g. infogatherer.settle_floor=0.7 "
            "(repeatable; the value is read as a number or true/false when it is one)",
        )
        parser.add_argument(
            "--progress",
            action=argparse.BooleanOptionalAction,
            default=None,
            help="a progress bar on stderr (default: when stderr is a terminal)",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        dataset: str = options["dataset"]
        split: str = options["split"]
        names: list[str] = list(dict.fromkeys(options["policy"]))
        valid = _policy_names()
        unknown = [n for n in names if n not in valid]
        if unknown:
            raise CommandError(
                f"unknown policy {', '.join(map(repr, unknown))}; choose from {', '.join(valid)}"
            )
        defaults = STOPPING_DEFAULTS[dataset]
        for key in ("tau", "max_turns"):
            if options[key] is None:
                options[key] = defaults[key]
        stopping = StoppingRule(
            tau=options["tau"], max_turns=options["max_turns"], red_flags=options["red_flags"]
        )
        runner = self._runner(options)
        settings = {
            "dataset": dataset,
            "split": split,
            "policy": names,
            "max_turns": options["max_turns"],
            "tau": options["tau"],
            "flip_rate": options["flip_rate"],
            "unsure_rate": options["unsure_rate"],
            "hedge_rate": options["hedge_rate"],
            "seed": options["seed"],
            "limit": options["limit"],
            "chart_known": options["chart_known"] if dataset == "flodial" else None,
            "red_flags": options["red_flags"],
            "answers": options["answers"],
            "recover": runner is not None,
            "open_world": options["open_world"],
            "workers": options["workers"],
            "folds": options["folds"],
            "params": list(options["param"]),
            "json": str(options["json"]) if options["json"] else None,
            "report": str(options["report"]) if options["report"] else None,
            "progress": options["progress"],
        }
        try:
            source = load_source(
                dataset,
                split,
                options["limit"],
                options["chart_known"],
                options["flip_rate"],
                options["folds"],
            )
        except (DatasetError, ValueError) as exc:
            raise CommandError(str(exc)) from exc
        if not source.cases:
            raise CommandError(f"{dataset} {split}: no cases")
        params = _policy_params(options["param"], names)
        policies = self._make_policies(names, stopping, options["seed"], params)
        started = time.perf_counter()
        results = self._run(source, policies, stopping, options, runner)
        elapsed = time.perf_counter() - started
        extra: dict[str, Any] = {
            "networks": source.describe_networks(),
            "elapsed_s": round(elapsed, 3),
        }
        if dataset == "ddxplus":
            first = next(iter(source.networks.values()))
            extra["answer_reliability"] = first.metadata.get("reliability")
        if options["answers"] == "utterances":
            from bots.evaluation import answer_accuracy_report

            extra.update(answer_accuracy_report(results, source.cases, source.network_for_case))
        payload = build_payload(
            dataset,
            split,
            settings,
            results,
            max_turns=stopping.max_turns,
            extra=extra,
        )
        # The clinical-safety rates, also at the top level where the safety requirement reads
        # them: pooled over every policy's cases like answer_accuracy (with one policy, that
        # policy's own rate); null on datasets without severities (FloDial).
        pooled = [result for per_policy in results.values() for result in per_policy]
        for key in SAFETY_RATES:
            payload[key] = SAFETY_RATE_FUNCTIONS[key](pooled)
        payload["routine_under_conflict"] = metrics.routine_under_conflict(pooled)
        payload["withheld_uncertain"] = metrics.withheld_uncertain(pooled)
        payload["uncertain_rule"] = UNCERTAIN_RULE_NOTE
        self.stdout.write(
            f"{dataset} {split}: {len(source.cases)} cases, {len(names)} policies, "
            f"max_turns={stopping.max_turns}, tau={stopping.tau}, red_flags={stopping.red_flags}"
            f" ({elapsed:.1f} s)"
        )
        self.stdout.write(format_table(payload["policies"]))
        for name, summary in payload["policies"].items():
            if summary["severe_flagged_rate"] is not None:
                rates = ", ".join(f"{key} {_pct(summary[key])}" for key in SAFETY_RATES)
                self.stdout.write(f"safety {name}: {rates}")
        if "answer_accuracy" in extra:
            pooled = extra["answers"]["pooled"]
            self.stdout.write(
                f"answer_accuracy {extra['answer_accuracy']}% over {pooled['questions']} "
                f"questions answered in the users' own words ({pooled['wrong']} wrong, "
                f"{pooled['unsure']} not understood)"
            )
        if options["json"] is not None:
            write_json(payload, options["json"])
            self.stdout.write(f"wrote {options['json']}")
        if options["report"] is not None:
            written = write_report(options["report"], payload, results)
            self.stdout.write(f"wrote {written[0]} and {len(written) - 1} plots")
            if not plots_available():
                self.stderr.write(PLOTS_MISSING)

    @staticmethod
    def _runner(options: dict[str, Any]) -> Runner | None:
        recover = options["recover"]
        ddxplus = options["dataset"] == "ddxplus"
        if recover is None:
            slips = options["flip_rate"] > 0 or options["unsure_rate"] > 0
            recover = options["answers"] == "utterances" or (ddxplus and slips)
        if not recover:
            return None
        if ddxplus:
            from planning.confirmation import run_case_confirming_decisive

            return run_case_confirming_decisive
        from bots.evaluation import run_case_confirming

        return run_case_confirming

    def _make_policies(
        self,
        names: list[str],
        stopping: StoppingRule,
        seed: int,
        params: dict[str, dict[str, Any]],
    ) -> dict[str, Policy]:
        from planning.policies import make_policy

        try:
            return {
                name: make_policy(name, stopping=stopping, seed=seed, **params.get(name, {}))
                for name in names
            }
        except ValueError as exc:
            raise CommandError(str(exc)) from exc

    def _run(
        self,
        source: CaseSource,
        policies: dict[str, Policy],
        stopping: StoppingRule,
        options: dict[str, Any],
        runner: Runner | None,
    ) -> dict[str, list[CaseResult]]:
        def user_factory(case: Case) -> User:
            simulated = SimulatedUser(
                case,
                flip_rate=options["flip_rate"],
                unsure_rate=options["unsure_rate"],
                hedge_rate=options["hedge_rate"],
                seed=options["seed"],
            )
            if options["answers"] == "utterances":
                from bots.evaluation import UtteranceUser

                return UtteranceUser(simulated, source.network_for_case(case))
            return simulated

        bar = ProgressBar(self.stderr, "runs", enabled=options["progress"])
        progress = bar if bar.enabled else None

        try:
            return dict(
                evaluate(
                    policies,
                    source.network_for_case,
                    source.cases,
                    user_factory,
                    stopping,
                    open_world=options["open_world"],
                    workers=options["workers"],
                    progress=progress,
                    runner=runner,
                )
            )
        except HarnessError as exc:
            raise CommandError(f"evaluation failed: {exc}") from exc
