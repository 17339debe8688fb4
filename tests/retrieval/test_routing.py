"""Routing complaints to FloDial charts and priors over hypotheses, on the real example packs."""

from __future__ import annotations

import json
from io import StringIO
from pathlib import Path
from types import SimpleNamespace

import numpy as np
import pytest
from django.core.management import CommandError, call_command

from knowledge.datasets import flodial
from knowledge.packs.validate import ValidPack
from knowledge.retrieval import text as lang
from knowledge.retrieval.routing import (
    Router,
    RouterConfig,
    RoutingError,
    RoutingSection,
    scores_to_prior,
)
from knowledge.retrieval.sections import sections_from_pack
from knowledge.search.embedded import EmbeddedBackend
from planning.dialogue import DialogueState

# Hand-written complaints (not from the dialogs) and the chart each is about.
COMPLAINTS = [
    ("my laptop battery drains fast", "laptop_battery"),
    # The brake chart asks "When you apply the brakes, does it pull the steering wheel?";
    # pulling only when braking is a brake problem, not a steering one.
    ("the car pulls to the left when I brake", "brake_problem"),
    ("the steering wheel shakes on the motorway", "car_steering"),
    ("my wifi keeps dropping", "wireless"),
    ("the screen flickers and goes dim", "lcd_problem"),
    ("my notebook does nothing when I press the power button", "power"),
    ("I turn the key and the engine just clicks, it won't start", "car_wont_start"),
    ("the temperature gauge goes into the red and coolant boils over", "engine_overheats"),
    ("there is a ticking sound from the engine", "ticking"),
    ("windows does not boot, I think the hard disk died", "laptop_drive"),
]


@pytest.mark.parametrize(("complaint", "chart"), COMPLAINTS)
def test_routes_hand_written_complaints_to_their_chart(
    router: Router, complaint: str, chart: str
) -> None:
    candidates = router.route(complaint, limit=3)
    assert [c.group for c in candidates][:1] == [chart]
    assert candidates[0].key == f"{candidates[0].pack}/{chart}"
    assert candidates[0].pack in {"it-laptop", "car"}


def test_candidates_are_ranked_and_carry_their_own_evidence(router: Router) -> None:
    candidates = router.route("my laptop battery drains fast", limit=5)
    assert len(candidates) == 5
    scores = [c.score for c in candidates]
    assert scores == sorted(scores, reverse=True) and scores[0] > scores[1]
    best = candidates[0]
    assert best.evidence_passages
    assert all(h.passage.metadata["section"] == best.key for h in best.evidence_passages)
    assert any("battery" in h.passage.text.lower() for h in best.evidence_passages)


def test_domain_cue_separates_laptop_from_car_overheating(router: Router) -> None:
    assert router.route("my Dell is overheating")[0].group == "laptop_overheating"
    assert router.route("my Toyota is overheating")[0].group == "engine_overheats"


def test_aspectual_start_does_not_read_as_a_car_that_will_not_start(router: Router) -> None:
    complaint = "after an hour of driving my car starts to overheat"
    assert router.route(complaint)[0].group == "engine_overheats"


@pytest.mark.parametrize(
    ("complaint", "chart"),
    [("my laptop cannot get online", "wireless"), ("my car makes a squealing sound", "ticking")],
)
def test_synonyms_bridge_words_the_charts_never_use(
    router: Router, complaint: str, chart: str
) -> None:
    # No chart says "online" or "squealing"; the synonym groups map them to Wi-Fi and noises.
    assert router.route(complaint)[0].group == chart


def test_misspelt_words_are_repaired(router: Router) -> None:
    own, _ = router.query("there is an electical failure in my car")
    assert "electrical" in own.split()
    assert router.route("there is an electical failure in my car")[0].group == (
        "car_electrical_failure"
    )


def test_nothing_to_route_on_gives_no_candidates(router: Router) -> None:
    assert router.route("Hello, thanks!") == []
    assert router.route("") == []


def test_route_rejects_bad_arguments(router: Router) -> None:
    with pytest.raises(ValueError, match="limit"):
        router.route("battery", limit=0)
    with pytest.raises(ValueError, match="string"):
        router.route(None)  # type: ignore[arg-type]


# -- priors ------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def laptop_pack(flodial_packs: list[ValidPack]) -> ValidPack:
    return next(p for p in flodial_packs if p.name == "it-laptop")


def test_prior_is_in_unit_interval_and_follows_the_scores(
    router: Router, laptop_pack: ValidPack
) -> None:
    network = laptop_pack.network
    complaint = "the LED on my battery charger keeps blinking"
    scores = router.hypothesis_scores(complaint, network)
    prior = router.prior(complaint, network)
    assert prior.shape == (len(network.hypotheses),)
    assert np.all(prior > 0) and np.all(prior <= 1) and prior.max() == 1.0
    assert prior.min() >= router.config.prior_floor
    order = np.argsort(scores, kind="stable")
    assert np.all(np.diff(prior[order]) >= 0)  # same order as the scores
    assert len(np.unique(prior)) > 2


def test_prior_favours_the_routed_chart_in_a_combined_network(
    router: Router, laptop_pack: ValidPack
) -> None:
    network = laptop_pack.network
    prior = router.prior("I cannot connect to my wifi network", network)
    wireless = [i for i, h in enumerate(network.hypotheses) if h.id.startswith("wireless:")]
    others = [i for i in range(len(network.hypotheses)) if i not in wireless]
    assert prior[wireless].min() > prior[others].max()


def test_prior_within_one_chart_ranks_the_matching_fix_high(router: Router) -> None:
    network = flodial.load_network("laptop_battery")
    prior = router.prior("the power plan in windows is set to high performance", network)
    best = network.hypotheses[int(np.argmax(prior))]
    assert "power plan" in best.resolution.lower() or "power controller" in best.resolution.lower()


def test_prior_is_uniform_when_the_text_says_nothing(
    router: Router, laptop_pack: ValidPack
) -> None:
    prior = router.prior("hello, thanks", laptop_pack.network)
    assert np.array_equal(prior, np.ones(len(laptop_pack.network.hypotheses)))


def test_prior_starts_a_dialogue_without_ruling_anything_out(
    router: Router, laptop_pack: ValidPack
) -> None:
    network = laptop_pack.network
    prior = router.prior("my laptop battery drains fast", network)
    state = DialogueState.start(network, prior=prior)
    assert state.belief is not None
    assert np.all(network.prior_plausibility() * prior > 0)


def test_scores_to_prior_mapping() -> None:
    prior = scores_to_prior([0.0, 2.0, 4.0], floor=0.2)
    assert prior == pytest.approx([0.2, 0.6, 1.0])
    assert np.array_equal(scores_to_prior([0.0, 0.0], floor=0.2), [1.0, 1.0])
    assert np.array_equal(scores_to_prior([3.0, 3.0], floor=1.0), [1.0, 1.0])
    with pytest.raises(ValueError, match="floor"):
        scores_to_prior([1.0], floor=0.0)
    with pytest.raises(ValueError, match=">= 0"):
        scores_to_prior([-1.0, 1.0], floor=0.5)
    with pytest.raises(ValueError, match="vector"):
        scores_to_prior(np.ones((1, 1)), floor=0.5)


# -- construction ------------------------------------------------------------------------------


def test_sections_come_from_pack_groups_with_their_faqs(router: Router) -> None:
    assert len(router.sections) == 12
    battery = router.sections["it-laptop/laptop_battery"]
    assert battery.problem[0] == "Laptop battery"
    assert any("battery" in q.lower() for q in battery.questions)
    assert battery.faqs and all("Q:" in f for f in battery.faqs)
    assert router.domains["it-laptop/laptop_battery"] == "laptop"
    # Labelled 'laptops' in the source, but its own text is about a car.
    assert router.domains["car/car_steering"] == "car"


def test_a_pack_without_computed_passages_gives_the_same_sections(
    flodial_packs: list[ValidPack],
) -> None:
    pack = flodial_packs[0]
    bare = SimpleNamespace(data=pack.data, network=pack.network, passages={})
    assert sections_from_pack(bare) == sections_from_pack(pack)


def test_rebuilding_with_the_same_text_reuses_the_index(
    router: Router, flodial_packs: list[ValidPack]
) -> None:
    count = router.backend.count(pack=router.namespace)
    again = Router.from_packs(flodial_packs, index_dir=router.index_dir)
    assert again.namespace == router.namespace and again.backend is router.backend
    assert router.backend.count(pack=router.namespace) == count
    assert (router.index_dir / router.namespace).is_dir()


def test_a_shared_backend_holds_every_namespace(
    flodial_packs: list[ValidPack], tmp_path: Path
) -> None:
    backend = EmbeddedBackend(tmp_path)
    router = Router.from_packs(flodial_packs, backend=backend)
    assert router.backend is backend
    assert router.route("my wifi keeps dropping")[0].group == "wireless"
    router.prior("my wifi keeps dropping", flodial_packs[0].network)
    namespaces = {p.name for p in tmp_path.iterdir()}
    assert backend.count(pack=router.namespace) > 0 and not namespaces & {router.namespace}


def test_router_from_networks_routes_by_chart_name(tmp_path: Path) -> None:
    networks = {n: flodial.load_network(n) for n in ("wireless", "lcd_problem", "power")}
    router = Router.from_networks(networks, index_dir=tmp_path)
    assert router.route("no internet on my wi-fi")[0].key == "wireless"
    assert router.route("no internet on my wi-fi")[0].group == "wireless"


def test_router_rejects_bad_construction(tmp_path: Path) -> None:
    backend = EmbeddedBackend(tmp_path)
    section = RoutingSection(key="a", title="A", problem=("a problem",))
    with pytest.raises(RoutingError, match="at least one"):
        Router([], backend=backend)
    with pytest.raises(RoutingError, match="duplicate"):
        Router([section, section], backend=backend)
    with pytest.raises(RoutingError, match="unknown routing kinds"):
        RouterConfig(weights={"title": 1.0})
    with pytest.raises(RoutingError, match="not all 0"):
        RouterConfig(weights={"problem": 0.0})
    with pytest.raises(RoutingError, match="prior_floor"):
        RouterConfig(prior_floor=0.0)


# -- language layer ----------------------------------------------------------------------------


def test_normalise_spells_out_negations_and_drops_aspectual_start() -> None:
    assert lang.normalise("It WON'T start") == "it will not start"
    assert lang.normalise("wont start, doesnt crank") == "will not start, does not crank"
    assert lang.normalise("it started to overheat") == "it to overheat"
    assert lang.normalise("I can’t start it") == "i can not start it"


def test_expansions_match_whole_words_only() -> None:
    assert "wireless" in lang.expansions("my hotspot is gone")
    assert "overheat" not in lang.expansions("my hotspot is gone")
    assert "display" in lang.expansions("the screen is black")
    assert lang.expansions("nothing relevant here") == []


def test_domain_cues() -> None:
    assert lang.dominant_domain(lang.domain_cues("My Honda sedan")) == "car"
    assert lang.dominant_domain(lang.domain_cues("my ThinkPad laptop")) == "laptop"
    assert lang.dominant_domain(lang.domain_cues("my laptop is in the car")) is None
    assert lang.dominant_domain(lang.domain_cues("it is broken")) is None


def test_spelling_repair_leaves_inflections_and_short_words_alone() -> None:
    repair = lang.SpellingRepair(["electrical", "overheating", "start", "noise"])
    assert repair("elecical and overheatng") == ["electrical", "overheating"]
    assert repair("it started making noises") == []
    assert repair("strat") == []  # first letter kept, but too far from "start"


# -- evaluate_routing --------------------------------------------------------------------------


def test_evaluate_routing_command_writes_the_metrics(tmp_path: Path) -> None:
    out = StringIO()
    target = tmp_path / "routing.json"
    call_command(
        "evaluate_routing",
        "flodial",
        "--split",
        "dev",
        "--limit",
        "6",
        "--json",
        str(target),
        "--index-dir",
        str(tmp_path / "index"),
        stdout=out,
    )
    payload = json.loads(target.read_text(encoding="utf-8"))
    assert {"n", "top1", "top3"} <= set(payload)
    assert payload["n"] == 6 and payload["split"] == "dev"
    assert 0.0 <= payload["top1"] <= payload["top3"] <= 100.0
    assert sum(row["n"] for row in payload["per_chart"].values()) == 6
    wrong = round(payload["n"] * (100.0 - payload["top1"]) / 100.0)
    assert sum(row["count"] for row in payload["confusion"]) == wrong
    text = out.getvalue()
    assert "top-1" in text and "chart" in text and str(target) in text


def test_evaluate_routing_command_rejects_bad_input(tmp_path: Path) -> None:
    with pytest.raises(CommandError, match="integer"):
        call_command("evaluate_routing", "flodial", "--limit", "0", stdout=StringIO())
    with pytest.raises(CommandError, match="packs"):
        call_command(
            "evaluate_routing",
            "flodial",
            "--pack",
            str(tmp_path / "missing.json"),
            "--index-dir",
            str(tmp_path / "index"),
            stdout=StringIO(),
        )
