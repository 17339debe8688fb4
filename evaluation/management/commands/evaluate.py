"""``manage.py evaluate``: play simulated users from a dataset through the conversation service.

Every policy plays the same cases in one run, each case with a fresh simulated user seeded by
``--seed``, each case one conversation with :class:`bots.service.ConversationService` (the
bots' own code path: reading, the dialogue engine, red flags, confirmations, replies; see
:mod:`evaluation.play`). The table goes to stdout, ``--json`` writes the metrics,
``--report`` a Markdown report with plots. See design section 8 and ``planning.metrics``.
"""

from __future__ import annotations

import argparse
import resource
import time
from argparse import ArgumentParser, ArgumentTypeError, BooleanOptionalAction
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from evaluation.play import Job, Played, play_all
from evaluation.report import (
    PLOTS_MISSING,
    build_payload,
    format_macro_table,
    format_table,
    plots_available,
    write_json,
    write_report,
)
from evaluation.sources import DATASETS, SPLITS, CaseSource, load_source
from evaluation.speakers import ANSWER_MODES, Speaker
from knowledge.datasets.common import DatasetError
from knowledge.packs.importers import PACK_QUESTION_ORDER, PACK_STOPPING
from knowledge.progress import ProgressBar
from planning import metrics
from planning.engine import EngineError
from planning.focus import DEFAULT_TYPICAL_SHARE
from planning.results import ResultError
from planning.simulation import Case
from planning.triage import UNCERTAIN_RULE_NOTE

RED_FLAG_MODES = ("escalate", "flag", "off")
SAFETY_RATES = ("severe_flagged_rate", "mild_escalated_rate", "mild_urgent_rate")
SAFETY_RATE_FUNCTIONS = {
    "severe_flagged_rate": metrics.severe_flagged_rate,
    "mild_escalated_rate": metrics.mild_escalated_rate,
    "mild_urgent_rate": metrics.mild_urgent_rate,
}

# What the users of the dataset's pack get (knowledge.packs.importers.PACK_STOPPING, the
# pack's metadata.stopping, where each choice is stated): DDXPlus plays the patient-intake
# pack's rule, FloDial the troubleshooting packs'. --tau / --max-turns override it for
# experiments only.
STOPPING_DEFAULTS: dict[str, dict[str, Any]] = {
    "ddxplus": dict(PACK_STOPPING["patient-intake"]),
    "flodial": dict(PACK_STOPPING["it-laptop"]),
}
# The same for the pack's question order: the topics a patient volunteers.
VOLUNTEERED_DEFAULTS: dict[str, list[str]] = {
    "ddxplus": list(PACK_QUESTION_ORDER["patient-intake"]["volunteered_topics"]),
    "flodial": [],
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


def _share(text: str) -> float:
    return float(_number(text, float, 0.0, float("inf"), "a share >= 0"))


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
            help="abstain after N questions (default: the pack's, 15)",
        )
        parser.add_argument(
            "--tau",
            type=_plausibility,
            default=None,
            help="conclude when max BetP >= tau (default: the pack's, 0.99 on DDXPlus, 0.85 on "
            "FloDial)",
        )
        parser.add_argument(
            "--complaint-first",
            type=_non_negative,
            default=None,
            metavar="N",
            help="the first N questions follow the complaint (the pack's question_order; "
            "default 3; 0: the policy's own order, as issue 3's harness asked)",
        )
        parser.add_argument(
            "--follow-ups-after-parent",
            action=BooleanOptionalAction,
            default=None,
            help="ask a follow-up ('where is the pain?') only after its parent question was "
            "answered yes (the pack's question_order; default on; off: as the policy chose, as "
            "issue 3's harness asked)",
        )
        parser.add_argument(
            "--typical-share",
            type=_share,
            default=None,
            metavar="S",
            help="in the first questions, a topic the opening did not name may be opened when "
            "hypotheses holding this share of the plausible ones' support list it (the pack's "
            f"question_order; default {DEFAULT_TYPICAL_SHARE}; above 1: only the topics the "
            "opening named)",
        )
        parser.add_argument(
            "--volunteered-topics",
            action=BooleanOptionalAction,
            default=True,
            help="in the first questions, open a topic a person names when it is there (a rash, "
            "a swelling) only when the opening named it (the pack's question_order; default "
            "on; off: as any other topic)",
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
            "--cases",
            type=Path,
            default=None,
            metavar="PATH",
            help="write one JSON line per policy and case: its result and what its safety "
            "outcome rests on (red flags, safety follow-ups, ending, leading hypotheses); "
            "python -m evaluation.escalations PATH groups the escalated mild cases by cause",
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
            choices=ANSWER_MODES,
            default="exact",
            help="'exact': the users press the answer buttons; 'words': they type the answer "
            "as a person would (yes/no phrasings, a value's meaning, a number in digits or "
            "words); 'utterances' (FloDial): the real users' own words from the dialog, and "
            "the JSON gets answer_accuracy (evaluation.speakers)",
        )
        parser.add_argument(
            "--recover",
            action=BooleanOptionalAction,
            default=True,
            help="the engine's confirmations (planning.engine: an answer read with doubt "
            "before concluding on it, the answer a stalled dialogue rests on; never a button "
            "answer). --no-recover turns them off, to measure the reader alone",
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
            "--sparsity",
            type=_rate,
            default=0.0,
            metavar="X",
            help="DDXPlus: each patient keeps quiet about this share of their positive findings "
            "(with what follows up on them) and answers 'no' to them, as a patient who does not "
            "mention a symptom would; the opening complaint is kept (seeded by --seed)",
        )
        parser.add_argument(
            "--link-prior",
            type=float,
            default=None,
            metavar="A",
            help="DDXPlus: pseudo-patients of the declared evidence's pooled presentation added "
            "to each listed link (ddxplus.load_network link_prior; default "
            "evaluation.sources.DDXPLUS_LINKS)",
        )
        parser.add_argument(
            "--soft-labels",
            type=float,
            default=None,
            metavar="W",
            help="DDXPlus: weight of the dev patients' DIFFERENTIAL_DIAGNOSIS soft labels in "
            "the links (ddxplus.load_network soft_labels; default "
            "evaluation.sources.DDXPLUS_LINKS)",
        )
        parser.add_argument(
            "--underreport",
            type=float,
            default=None,
            metavar="U",
            help="DDXPlus: share of a listed link's mass on a reported state that goes to "
            "'that state or not reported' (ddxplus.load_network underreport; default "
            "evaluation.sources.DDXPLUS_LINKS)",
        )
        parser.add_argument(
            "--question-cost",
            type=_rate,
            default=0.0,
            metavar="C",
            help="ask or abstain by expected value: when the leader stalls below tau and no "
            "question is expected to raise the chance of naming the right cause by C, abstain "
            "(StoppingRule.question_cost; planning.policies.asking). 0 (default) turns it off",
        )
        parser.add_argument(
            "--budget-floor",
            type=_rate,
            default=None,
            metavar="F",
            help="at the question budget, conclude a leader with BetP >= F instead of "
            "abstaining (StoppingRule.budget_floor; 0 turns it off; default: the pack's rule)",
        )
        parser.add_argument(
            "--rising-floor",
            type=_rate,
            default=None,
            metavar="F",
            help="at the question budget, conclude a leader with BetP >= F that the last answers "
            "lifted (StoppingRule.rising_floor; planning.policies.asking.rising_leader; 0 turns "
            "it off; default: the pack's rule)",
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
        if options["answers"] == "utterances" and dataset != "flodial":
            raise CommandError("--answers utterances: only FloDial dialogs have users' words")
        defaults = STOPPING_DEFAULTS[dataset]
        for key in ("tau", "max_turns"):
            if options[key] is None:
                options[key] = defaults[key]
        for key in ("budget_floor", "rising_floor"):
            if options[key] is None:
                options[key] = float(defaults.get(key, 0.0))
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
            "recover": options["recover"],
            "open_world": options["open_world"],
            "workers": options["workers"],
            "folds": options["folds"],
            "sparsity": options["sparsity"],
            "link_prior": options["link_prior"],
            "soft_labels": options["soft_labels"],
            "underreport": options["underreport"],
            "question_cost": options["question_cost"],
            "budget_floor": options["budget_floor"],
            "rising_floor": options["rising_floor"],
            "complaint_first": options["complaint_first"],
            "follow_ups_after_parent": options["follow_ups_after_parent"],
            "typical_share": options["typical_share"],
            "volunteered_topics": options["volunteered_topics"],
            "params": list(options["param"]),
            "json": str(options["json"]) if options["json"] else None,
            "cases": str(options["cases"]) if options["cases"] else None,
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
                options["sparsity"],
                options["seed"],
                self._links(options),
            )
        except (DatasetError, ValueError) as exc:
            raise CommandError(str(exc)) from exc
        if not source.cases:
            raise CommandError(f"{dataset} {split}: no cases")
        params = _policy_params(options["param"], names)
        job = self._job(source, names, params, options)
        # The rules the engine actually ran under (the pack's stopping rule, the settings').
        probe = job.service_for(names[0])
        rules = probe.kit.rules(next(iter(job.packs.names())))
        in_force = {
            "tau": rules.stopping.tau,
            "max_turns": rules.stopping.max_turns,
            "open_world": rules.open_world,
            "open_world_threshold": rules.stopping.open_world_threshold,
            "red_flags": rules.stopping.red_flags,
            "max_confirmations": rules.max_confirmations,
            "confirm_below": rules.confirm_below,
            "stall_window": rules.stall_window,
            "question_cost": rules.stopping.question_cost,
            "budget_floor": rules.stopping.budget_floor,
            "rising_floor": rules.stopping.rising_floor,
            "question_order": probe.kit.question_order(next(iter(job.packs.names()))).as_dict(),
        }
        started = time.perf_counter()
        cpu = _cpu_s()
        played = self._run(job, options)
        elapsed = time.perf_counter() - started
        # CPU seconds of this process and its workers: on a shared machine the wall time says
        # how busy the machine was as much as how fast the evaluation is.
        cpu = _cpu_s() - cpu
        results = {name: [p.result for p in runs] for name, runs in played.items()}
        codes = {name: sum(p.user_visible_codes for p in runs) for name, runs in played.items()}
        extra: dict[str, Any] = {
            "path": "service",
            "in_force": in_force,
            "networks": source.describe_networks(),
            "elapsed_s": round(elapsed, 3),
            "cpu_s": round(cpu, 3),
            "user_visible_codes": sum(codes.values()),
            "user_visible_codes_by_policy": codes,
            "user_visible_code_examples": sorted(
                {text for runs in played.values() for p in runs for text in p.coded_examples}
            )[:5],
            "replies": sum(p.messages for runs in played.values() for p in runs),
            "misunderstood": sum(p.misunderstood for runs in played.values() for p in runs),
            # The nurse's safety follow-ups asked (bots.conversation.safety_check).
            "safety_checks": sum(
                p.extra.get("safety_checks", 0) for runs in played.values() for p in runs
            ),
            # The nurse's questions about a bite, sting or injury (bots.conversation.
            # nurse_questions): DDXPlus has no such patient, so 0 shows the table never fired.
            "nurse_questions": sum(
                p.extra.get("nurse_questions", 0) for runs in played.values() for p in runs
            ),
        }
        if dataset == "ddxplus":
            first = next(iter(source.networks.values()))
            extra["answer_reliability"] = first.metadata.get("reliability")
        from evaluation.shown import shown_report

        extra.update(shown_report(played))
        from evaluation.corrections import corrections_report

        extra.update(corrections_report(played))
        if options["answers"] == "utterances":
            from evaluation.utterances import answer_accuracy_report

            extra.update(answer_accuracy_report(results, source.cases, source.network_for_case))
        try:
            payload = build_payload(
                dataset, split, settings, results, max_turns=rules.stopping.max_turns, extra=extra
            )
        except ResultError as exc:
            raise CommandError(f"evaluation failed: {exc}") from exc
        # The clinical-safety (triage) rates, also at the top level where the safety
        # requirement reads them: pooled over every policy's cases like answer_accuracy (with
        # one policy, that policy's own rate); null on datasets without severities (FloDial).
        pooled = [result for per_policy in results.values() for result in per_policy]
        for key in SAFETY_RATES:
            payload[key] = SAFETY_RATE_FUNCTIONS[key](pooled)
        payload["routine_under_conflict"] = metrics.routine_under_conflict(pooled)
        payload["withheld_uncertain"] = metrics.withheld_uncertain(pooled)
        payload["uncertain_rule"] = UNCERTAIN_RULE_NOTE
        self.stdout.write(
            f"{dataset} {split}: {len(source.cases)} cases, {len(names)} policies, through the "
            f"service, answers={options['answers']}, max_turns={rules.stopping.max_turns}, "
            f"tau={rules.stopping.tau}, red_flags={rules.stopping.red_flags} ({elapsed:.1f} s, "
            f"{cpu:.1f} CPU s)"
        )
        self.stdout.write(format_table(payload["policies"]))
        self.stdout.write("pathology-balanced (macro over true hypotheses) next to pooled:")
        self.stdout.write(format_macro_table(payload["policies"], payload["macro"]))
        for name, summary in payload["policies"].items():
            if summary["severe_flagged_rate"] is not None:
                rates = ", ".join(f"{key} {_pct(summary[key])}" for key in SAFETY_RATES)
                self.stdout.write(f"safety {name}: {rates}")
        self.stdout.write(
            f"user_visible_codes {extra['user_visible_codes']} of {extra['replies']} replies; "
            f"{extra['misunderstood']} replies said the bot did not understand"
        )
        shown = extra["shown_confidence"]
        if shown["concluded"]:
            self.stdout.write(
                f"shown confidence: {shown['concluded']} conclusions right "
                f"{100 * shown['accuracy']:.1f}%, mean shown {100 * shown['mean']:.1f}%, max "
                f"{100 * shown['max']:.1f}%, ECE {shown['ece']:.3f}; "
                f"{shown['claims_certainty']} claimed certainty"
            )
        for name, fixed in extra["corrections"].items():
            if fixed["dialogs"]:
                self.stdout.write(
                    f"corrections {name}: {fixed['corrections']} in {fixed['dialogs']} dialogs "
                    f"({fixed['right_after']} right after); success "
                    f"{100 * fixed['success_before']:.1f}% -> {100 * fixed['success_after']:.1f}%, "
                    f"questions {fixed['turns_before']:.2f} -> {fixed['turns_after']:.2f}"
                )
        if "answer_accuracy" in extra:
            answers = extra["answers"]["pooled"]
            self.stdout.write(
                f"answer_accuracy {extra['answer_accuracy']}% over {answers['questions']} "
                f"questions answered in the users' own words ({answers['wrong']} wrong, "
                f"{answers['unsure']} not understood)"
            )
        if options["json"] is not None:
            write_json(payload, options["json"])
            self.stdout.write(f"wrote {options['json']}")
        if options["cases"] is not None:
            from evaluation.escalations import write_cases

            write_cases(played, options["cases"])
            self.stdout.write(f"wrote {options['cases']}")
        if options["report"] is not None:
            written = write_report(options["report"], payload, results)
            self.stdout.write(f"wrote {written[0]} and {len(written) - 1} plots")
            if not plots_available():
                self.stderr.write(PLOTS_MISSING)

    @staticmethod
    def _links(options: dict[str, Any]) -> dict[str, float] | None:
        keys = ("link_prior", "soft_labels", "underreport")
        if all(options[key] is None for key in keys):
            return None
        from evaluation.sources import DDXPLUS_LINKS

        links = dict(DDXPLUS_LINKS)
        for key in keys:
            if options[key] is not None:
                if not 0 <= options[key] < (1 if key == "underreport" else float("inf")):
                    raise CommandError(f"--{key.replace('_', '-')} is out of range")
                links[key] = float(options[key])
        return links

    def _job(
        self,
        source: CaseSource,
        names: list[str],
        params: dict[str, dict[str, Any]],
        options: dict[str, Any],
    ) -> Job:
        from bots.config import ServiceConfig
        from bots.language import OfflineInterpreter
        from bots.service import ConversationService
        from evaluation.memory import DatasetPacks, MemoryStore, OfflineGrounding
        from evaluation.speakers import ExactSpeaker, UtteranceSpeaker, WordsSpeaker
        from planning.dialogue import StoppingRule
        from planning.policies import make_policy
        from planning.simulation import SimulatedUser

        ddxplus = source.dataset == "ddxplus"
        packs = DatasetPacks(
            source.networks,
            domain="medical" if ddxplus else "troubleshooting",
            stopping={
                "tau": options["tau"],
                "max_turns": options["max_turns"],
                **({"question_cost": options["question_cost"]} if options["question_cost"] else {}),
                **({"budget_floor": options["budget_floor"]} if options["budget_floor"] else {}),
                **({"rising_floor": options["rising_floor"]} if options["rising_floor"] else {}),
                # The pack's early-conclusion guard (planning.policies.asking).
                **{
                    key: value
                    for key, value in STOPPING_DEFAULTS[source.dataset].items()
                    if key
                    in (
                        "flags_before",
                        "early_severities",
                        "pair_check",
                        "pair_margin",
                        "confirm_misreport",
                        "pair_lost_gain",
                        "pair_split_gain",
                        "reach_below",
                        "reach_after",
                        "reach_before",
                        "reach_top",
                        "reach_profile",
                        "budget_odds_floor",
                        "budget_odds",
                    )
                },
            },
            question_order={
                **{
                    key: options[key]
                    for key in ("complaint_first", "follow_ups_after_parent", "typical_share")
                    if options[key] is not None
                },
                "volunteered_topics": (
                    VOLUNTEERED_DEFAULTS[source.dataset] if options["volunteered_topics"] else []
                ),
            },
        )
        interpreter = OfflineInterpreter()
        grounding = OfflineGrounding(packs)

        def service_for(policy: str) -> ConversationService:
            config = ServiceConfig(
                channel_packs={"web": None},
                policy=policy,
                stopping=StoppingRule(red_flags=options["red_flags"]),
                open_world=options["open_world"],
                focus_sections=False,
                patient_red_flags_escalate=options["red_flags"] == "escalate",
                max_confirmations=3 if options["recover"] else 0,
                policy_params=params.get(policy, {}),
            )
            try:
                make_policy(policy, **params.get(policy, {}))
            except ValueError as exc:
                raise CommandError(str(exc)) from exc
            return ConversationService(
                packs=packs,
                interpreter=interpreter,
                config=config,
                grounding=grounding,
                store=MemoryStore(),
            )

        meanings = _value_meanings(source) if options["answers"] != "exact" else {}

        def speaker_for(case: Case) -> Speaker:
            user = SimulatedUser(
                case,
                flip_rate=options["flip_rate"],
                unsure_rate=options["unsure_rate"],
                hedge_rate=options["hedge_rate"],
                seed=options["seed"],
            )
            if options["answers"] == "exact":
                return ExactSpeaker(user)
            words = WordsSpeaker(user, meanings)
            if options["answers"] == "utterances":
                return UtteranceSpeaker(user, words)
            return words

        keys = {id(network): key for key, network in source.networks.items()}
        job = Job(
            policies=names,
            cases=source.cases,
            pack_of=lambda case: keys[id(source.network_for_case(case))],
            network_of=source.network_for_case,
            service_for=service_for,
            speaker_for=speaker_for,
            max_messages=4 * (int(options["max_turns"]) + 5),
            packs=packs,
        )
        return job

    def _run(self, job: Job, options: dict[str, Any]) -> dict[str, list[Played]]:
        bar = ProgressBar(self.stderr, "runs", enabled=options["progress"])
        progress = bar if bar.enabled else None

        try:
            return play_all(job, workers=options["workers"], progress=progress)
        except (EngineError, ResultError) as exc:
            raise CommandError(f"evaluation failed: {exc}") from exc


def _value_meanings(source: CaseSource) -> dict[str, dict[str, str]]:
    """DDXPlus: what each categorical value code means (``release_evidences.json``), for the
    users who answer in words; nothing for FloDial, whose states are words already."""
    if source.dataset != "ddxplus":
        return {}
    from knowledge.datasets import ddxplus

    catalog = ddxplus.load_catalog()
    out: dict[str, dict[str, str]] = {}
    for evidence in catalog.evidences.values():
        if evidence.meanings:
            out[evidence.id] = {code: text for code, text in evidence.meanings.items() if text}
    return out


def _cpu_s() -> float:
    own = resource.getrusage(resource.RUSAGE_SELF)
    workers = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + workers.ru_utime + workers.ru_stime
