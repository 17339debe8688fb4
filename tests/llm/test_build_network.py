"""Network construction from documents, driven end to end by a scripted model over HTTP.

The corpus lives in a real embedded (tantivy) index; the model is the loopback OpenAI server
answering through the real openai SDK, so retrieval, prompts, schemas, retries, validation,
graph rules and aggregation all run for real.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.core.management import CommandError, call_command
from django.test import override_settings

from knowledge.construction.build import BuildConfig, BuildError, BuildResult, build_network
from knowledge.construction.elicit import InvalidBBA, aggregate, elicit_bba, parse_bba
from knowledge.construction.naming import normalise, same_variable
from knowledge.construction.snippets import PassageRetriever, Snippet
from knowledge.llm import LLMClient, LLMInvalidOutput
from knowledge.search.embedded import EmbeddedBackend
from loopback.openai import FakeOpenAI
from planning.mass import MassFunction
from planning.network import EvidentialNetwork, Hypothesis

from . import scripted

HYPOTHESES = [Hypothesis(**h) for h in scripted.HYPOTHESES]


@pytest.fixture(scope="module")
def backend(tmp_path_factory: pytest.TempPathFactory) -> EmbeddedBackend:
    return scripted.embedded_backend(tmp_path_factory.mktemp("index"))


@pytest.fixture
def fake() -> Iterator[FakeOpenAI]:
    with FakeOpenAI() as server:
        server.respond(scripted.responder())
        yield server


def llm_for(fake: FakeOpenAI, **options: Any) -> LLMClient:
    return LLMClient(fake.url, "k", "scripted", max_retries=1, retry_backoff_s=0, **options)


def build(
    fake: FakeOpenAI, backend: EmbeddedBackend, *, llm: LLMClient | None = None, **config: Any
) -> BuildResult:
    return build_network(
        name="it",
        retriever=PassageRetriever(backend, scripted.PACK),
        llm=llm or llm_for(fake),
        hypotheses=HYPOTHESES,
        config=BuildConfig(**{"max_degree": 2, "snippets_per_link": 2, **config}),
    )


def subjects(fake: FakeOpenAI) -> list[str]:
    out = []
    for r in fake.chat_requests():
        if r.schema_name == "propose_findings":
            first = r.messages[-1]["content"].splitlines()[0]
            out.append(first.split(": ", 1)[1])
    return out


@pytest.fixture(scope="module")
def depth2_run(backend: EmbeddedBackend) -> Iterator[tuple[BuildResult, FakeOpenAI]]:
    """One depth-2 construction shared by the tests that inspect its result."""
    with FakeOpenAI() as server:
        server.respond(scripted.responder())
        yield build(server, backend, depth=2), server


@pytest.fixture
def depth2(depth2_run: tuple[BuildResult, FakeOpenAI]) -> BuildResult:
    return depth2_run[0]


def test_expansion_follows_the_depth_and_degree_caps(
    depth2_run: tuple[BuildResult, FakeOpenAI],
) -> None:
    depth2, fake = depth2_run
    graph = depth2.graph
    # Breadth first: both hypotheses, then the depth-1 findings; depth-2 ones never expanded.
    assert subjects(fake) == [
        "Wi-Fi switched off",
        "Outdated Wi-Fi driver",
        "wifi light off",
        "networks listed",
        "connection drops after sleep",
    ]
    assert "f_power_management_setting" in graph.nodes
    assert graph.nodes["f_power_management_setting"].depth == 2
    # max_degree=2: the third proposal for h_switch was refused.
    assert graph.children("h_switch") == ["f_wifi_light_off", "f_networks_listed"]
    assert "f_airplane_mode_on" not in graph.nodes
    assert {k: v for k, v in depth2.rejected_candidates[0].items() if k != "reason"} == {
        "parent": "h_switch",
        "name": "airplane mode on",
    }
    assert all(len(graph.children(n)) <= 2 for n in graph.nodes)
    assert all(len(graph.parents(n)) <= 2 for n in graph.nodes)


def test_depth_one_expands_only_the_hypotheses(fake: FakeOpenAI, backend: EmbeddedBackend) -> None:
    result = build(fake, backend, depth=1)
    assert subjects(fake) == ["Wi-Fi switched off", "Outdated Wi-Fi driver"]
    assert {n.depth for n in result.graph.nodes.values() if n.kind == "finding"} == {1}


def test_duplicates_are_merged_and_hypotheses_refused(
    depth2_run: tuple[BuildResult, FakeOpenAI],
) -> None:
    depth2, fake = depth2_run
    graph = depth2.graph
    # The prompt offers the known variables its snippets mention, for the model to reuse.
    driver = next(r for r in fake.chat_requests() if "cause): Outdated Wi-Fi driver" in r.text)
    assert 'Known variables: ["networks listed", "wifi light off"]' in driver.text
    # "Wi-Fi lights off" under h_driver is the same variable as "wifi light off".
    assert graph.parents("f_wifi_light_off") == ["h_switch", "h_driver"]
    assert not [n for n in graph.nodes if "lights" in n]
    reasons = {r["name"]: r["reason"] for r in depth2.rejected_candidates}
    assert reasons["outdated wifi driver"].startswith("hypothesis:")
    assert depth2.stats["merged"] >= 2


def test_the_graph_stays_acyclic(depth2: BuildResult) -> None:
    graph = depth2.graph
    assert graph.is_acyclic()
    # "connection drops after sleep" proposed "wifi light off", its own ancestor.
    assert ("f_connection_drops_after_sleep", "f_wifi_light_off") not in graph.edges
    cycle = [r for r in depth2.rejected_candidates if r["reason"].startswith("cycle:")]
    assert [r["parent"] for r in cycle] == ["f_connection_drops_after_sleep"]
    structure = depth2.network.metadata["construction"]["structure"]
    assert {"parent": "f_wifi_light_off", "child": "f_connection_drops_after_sleep"}.items() <= (
        next(e for e in structure if e["parent"] == "f_wifi_light_off").items()
    )


def test_two_snippets_are_combined_with_yager(depth2: BuildResult) -> None:
    link = depth2.network.link("h_driver", "f_connection_drops_after_sleep")
    assert link is not None
    used = [
        e.snippet.passage_id
        for e in depth2.elicited
        if (e.hypothesis, e.finding) == ("h_driver", "f_connection_drops_after_sleep")
    ]
    assert sorted(used) == ["it:driver#0", "it:sleep#0"]
    # m1 = {yes: .6, Θ: .4}, m2 = {yes: .3, no: .5, Θ: .2}. Conjunctive: yes .18+.12+.12=.42,
    # no .4*.5=.20, Θ .4*.2=.08, conflict .6*.5=.30 -> Yager moves .30 to Θ: .38.
    masses = {frozenset(focal): m for focal, m in link.masses}
    assert masses.keys() == {frozenset({"yes"}), frozenset({"no"}), frozenset({"yes", "no"})}
    assert masses[frozenset({"yes"})] == pytest.approx(0.42)
    assert masses[frozenset({"no"})] == pytest.approx(0.20)
    assert masses[frozenset({"yes", "no"})] == pytest.approx(0.38)
    assert sorted(c.passage_id for c in link.citations) == ["it:driver#0", "it:sleep#0"]


def test_links_and_findings_cite_real_passages(
    depth2: BuildResult, backend: EmbeddedBackend
) -> None:
    net = depth2.network
    assert net.link("h_switch", "f_wifi_light_off") is not None
    for link in net.links:
        assert link.citations, link
        for c in link.citations:
            passage = backend.get_passage(c.passage_id)
            assert passage.document_id == c.document_id
    for f in net.findings:
        assert f.citations
        for c in f.citations:
            backend.get_passage(c.passage_id)
    # A quote is kept only when the snippet really contains it.
    switch = net.link("h_switch", "f_wifi_light_off")
    assert switch is not None and switch.citations[0].quote == "the Wi-Fi light is off"
    driver = net.link("h_driver", "f_connection_drops_after_sleep")
    assert driver is not None and all(c.quote == "" for c in driver.citations)


def test_invalid_focal_sets_are_rejected(depth2: BuildResult) -> None:
    bad = [r for r in depth2.rejected_bbas if r["finding"] == "f_power_management_setting"]
    assert len(bad) == 1
    assert bad[0]["hypothesis"] == "h_driver"
    assert "only one state, two states or all 4 states are allowed" in bad[0]["reason"]
    assert depth2.stats["rejected_bba"] == 1
    # Nothing else spoke for it, so the finding was dropped rather than kept vacuous.
    assert "f_power_management_setting" not in depth2.network.finding_index
    assert depth2.stats["dropped_uninformative"] == 1


def test_the_network_is_valid_and_round_trips(
    depth2_run: tuple[BuildResult, FakeOpenAI],
) -> None:
    depth2, fake = depth2_run
    net = depth2.network
    assert [h.id for h in net.hypotheses] == ["h_switch", "h_driver"]
    assert set(depth2.new_findings) == {
        "f_wifi_light_off",
        "f_networks_listed",
        "f_connection_drops_after_sleep",
    }
    again = EvidentialNetwork.from_json(net.to_json())
    assert again.to_dict() == net.to_dict()
    compiled = net.compile()
    j = compiled.finding_ids.index("f_wifi_light_off")
    # pl(yes | h_switch) = 1, pl(yes | h_driver) = .2: the finding separates the two.
    assert compiled.pl[j][0].tolist() == pytest.approx([1.0, 0.2])
    meta = net.metadata["construction"]
    assert meta["prompts"]["elicit_bba"]["version"] == "1"
    assert meta["usage"]["requests"] == len(fake.chat_requests())


def test_budget_exhaustion_stops_with_a_valid_partial_network(
    fake: FakeOpenAI, backend: EmbeddedBackend
) -> None:
    result = build(fake, backend, llm=llm_for(fake, token_budget=1), depth=2)
    assert result.incomplete is not None
    assert "token budget spent while expanding 'h_driver'" in result.incomplete
    assert len(fake.chat_requests()) == 1
    assert result.network.findings == []
    assert result.network.metadata["construction"]["incomplete"] == result.incomplete


def test_seeded_hypotheses_are_grounded(fake: FakeOpenAI, backend: EmbeddedBackend) -> None:
    result = build_network(
        name="it",
        retriever=PassageRetriever(backend, scripted.PACK),
        llm=llm_for(fake),
        seed="my laptop has no wifi",
        config=BuildConfig(max_degree=2),
    )
    hyps = result.network.hypotheses
    assert [h.id for h in hyps] == ["h_wi_fi_switched_off", "h_outdated_wi_fi_driver"]
    assert [c.passage_id for c in hyps[0].citations] == ["it:switch#0"]
    assert hyps[1].resolution == "Update the driver."
    assert result.stats["seeded_hypotheses"] == 2


def test_no_hypotheses_and_no_seed_is_an_error(fake: FakeOpenAI, backend: EmbeddedBackend) -> None:
    with pytest.raises(BuildError, match="give a seed problem statement"):
        build_network(
            name="it", retriever=PassageRetriever(backend, scripted.PACK), llm=llm_for(fake)
        )


def test_extending_a_network_keeps_its_findings(fake: FakeOpenAI, backend: EmbeddedBackend) -> None:
    base = EvidentialNetwork.from_dict(
        {
            "name": "it",
            "hypotheses": scripted.HYPOTHESES,
            "findings": [{"id": "wifi_light_off", "question": "Is the Wi-Fi light off?"}],
            "links": [
                {
                    "hypothesis": "h_switch",
                    "finding": "wifi_light_off",
                    "masses": [{"states": ["yes"], "mass": 1.0}],
                }
            ],
        }
    )
    result = build_network(
        name="it",
        retriever=PassageRetriever(backend, scripted.PACK),
        llm=llm_for(fake),
        base=base,
        config=BuildConfig(max_degree=2),
    )
    net = result.network
    # "wifi light off" duplicates the pack's own finding: no second copy, its link untouched.
    assert net.findings[0].id == "wifi_light_off"
    assert "f_wifi_light_off" not in net.finding_index
    assert net.link("h_switch", "wifi_light_off") == base.link("h_switch", "wifi_light_off")
    assert result.graph.parents("wifi_light_off") == ["h_switch", "h_driver"]


def test_documents_filter_limits_the_snippets(fake: FakeOpenAI, backend: EmbeddedBackend) -> None:
    retriever = PassageRetriever(backend, scripted.PACK, documents={"it:switch"})
    hits = retriever.search("Wi-Fi driver sleep router", 5)
    assert [s.document_id for s in hits] == ["it:switch"]


# -- elicitation on its own ------------------------------------------------------------------


def test_parse_bba_accepts_singletons_pairs_and_the_frame() -> None:
    frame = ("none", "weak", "strong")
    mass = parse_bba(
        {
            "relevant": True,
            "masses": [
                {"states": ["weak"], "mass": 0.5},
                {"states": ["weak", "strong"], "mass": 0.2},
                {"states": ["weak"], "mass": 0.1},
            ],
        },
        frame,
    )
    assert mass.mass("weak") == pytest.approx(0.6)
    assert mass.mass(("weak", "strong")) == pytest.approx(0.2)
    assert mass.mass(frame) == pytest.approx(0.2)  # the remainder is ignorance
    assert parse_bba({"relevant": False, "masses": []}, frame) == MassFunction.vacuous(frame)


@pytest.mark.parametrize(
    ("masses", "message"),
    [
        ([{"states": ["a", "b", "c"], "mass": 0.5}], "only one state, two states or all 4"),
        ([{"states": ["a"], "mass": 0.7}, {"states": ["b"], "mass": 0.6}], "add up to 1.3"),
        ([{"states": ["z"], "mass": 0.5}], r"unknown states \['z'\]"),
        ([{"states": ["a"], "mass": -0.1}], "not between 0 and 1"),
        ([{"states": [], "mass": 0.1}], "non-empty list"),
    ],
)
def test_parse_bba_rejects_bad_shapes(masses: list[dict[str, Any]], message: str) -> None:
    with pytest.raises(InvalidBBA, match=message):
        parse_bba({"relevant": True, "masses": masses}, ("a", "b", "c", "d"))


def test_an_invalid_bba_is_asked_again_then_accepted(fake: FakeOpenAI) -> None:
    triple = scripted.bba({("a", "b", "c"): 0.4})
    fake.script(triple, scripted.bba({("a", "b"): 0.4}))
    snippet = Snippet("d#0", "d", "t", "Either a or b, the text says.")
    got = elicit_bba(
        llm_for(fake),
        hypothesis_id="h",
        hypothesis="H",
        hypothesis_description="",
        finding_id="f",
        finding="F",
        question="Which?",
        states=("a", "b", "c", "d"),
        snippet=snippet,
        shown_text=snippet.text,
    )
    assert got.mass.mass(("a", "b")) == pytest.approx(0.4)
    retry = fake.chat_requests()[1]
    assert "only one state, two states or all 4 states" in retry.messages[-1]["content"]
    # The request carried the frame as an enum in the schema and the snippet in the prompt.
    assert retry.schema is not None
    states_schema = retry.schema["properties"]["masses"]["items"]["properties"]["states"]
    assert states_schema["items"]["enum"] == ["a", "b", "c", "d"]
    assert "Snippet [d#0]:\nEither a or b, the text says." in retry.messages[1]["content"]


def test_persistently_invalid_bba_raises(fake: FakeOpenAI) -> None:
    fake.script(scripted.bba({("a", "b", "c"): 0.4}), scripted.bba({("a", "b", "c"): 0.4}))
    snippet = Snippet("d#0", "d", "t", "text")
    with pytest.raises(LLMInvalidOutput):
        elicit_bba(
            llm_for(fake),
            hypothesis_id="h",
            hypothesis="H",
            hypothesis_description="",
            finding_id="f",
            finding="F",
            question="Which?",
            states=("a", "b", "c", "d"),
            snippet=snippet,
            shown_text=snippet.text,
        )


def test_yager_aggregation_is_the_n_source_rule() -> None:
    frame = ("yes", "no")
    m1 = MassFunction.from_sets(frame, {"yes": 0.6, frame: 0.4})
    m2 = MassFunction.from_sets(frame, {"no": 0.5, frame: 0.5})
    m3 = MassFunction.from_sets(frame, {"yes": 0.2, frame: 0.8})
    combined = aggregate([m1, m2, m3])
    # Conjunctive product: "yes" needs m2 vacuous (.5) and m1/m3 not both vacuous
    # (1 - .4*.8 = .68): .34. "no" needs m1 and m3 vacuous: .5*.32 = .16. Conflict .5*.68 = .34
    # goes to the frame with the product's own .5*.32 = .16: .50.
    assert combined.mass("yes") == pytest.approx(0.34)
    assert combined.mass("no") == pytest.approx(0.16)
    assert combined.mass(frame) == pytest.approx(0.50)
    assert aggregate([m3, m2, m1]).isclose(combined)
    # Folding the pairwise rule would move conflict early and give another answer (.40).
    assert m1.yager(m2).yager(m3).mass("yes") == pytest.approx(0.40)


@pytest.mark.parametrize(
    ("a", "b", "same"),
    [
        ("loss of smell", "smell loss", True),
        ("Wi-Fi light", "wifi lights", True),
        ("dizzyness", "dizziness", True),
        ("hypotension", "hypertension", False),
        ("type 1 diabetes", "type 2 diabetes", False),
        ("fever", "no fever", False),
        ("left arm pain", "left leg pain", False),
    ],
)
def test_duplicate_rule(a: str, b: str, same: bool) -> None:
    assert same_variable(normalise(a), normalise(b)) is same


# -- the management command ------------------------------------------------------------------


@pytest.fixture
def command_env(tmp_path: Path, fake: FakeOpenAI) -> Iterator[tuple[Path, FakeOpenAI]]:
    index = tmp_path / "index"
    with override_settings(
        SEARCH_BACKEND="embedded",
        SEARCH_INDEX_DIR=index,
        LLM_BASE_URL=fake.url,
        LLM_API_KEY="",
        LLM_MODEL="scripted",
        LLM_MAX_RETRIES=1,
    ):
        from knowledge.search import get_backend

        scripted.index_corpus(get_backend())
        yield tmp_path, fake


def run(*args: str) -> tuple[str, str]:
    import io

    out, err = io.StringIO(), io.StringIO()
    call_command("build_network", *args, stdout=out, stderr=err)
    return out.getvalue(), err.getvalue()


@pytest.mark.django_db
def test_dry_run_prints_the_network_and_saves_nothing(
    command_env: tuple[Path, FakeOpenAI],
) -> None:
    from knowledge.models import Pack, PackVersion

    tmp, _ = command_env
    # Other suites may keep example packs in the test database; nothing may be added to them.
    before = (Pack.objects.count(), PackVersion.objects.count())
    hyp_file = tmp / "hyps.json"
    hyp_file.write_text(json.dumps(scripted.HYPOTHESES))
    out, _ = run("--pack", "it", "--dry-run", "--hypotheses", str(hyp_file), "--max-degree", "2")
    assert "Network 'it': 2 hypotheses, 3 new findings" in out
    assert "h_switch -> f_wifi_light_off: {yes}: 0.900, {no,yes}: 0.100  [it:switch#0]" in out
    assert "Dry run: nothing saved." in out
    body = out.split("--- network JSON ---\n", 1)[1].rsplit("Dry run", 1)[0]
    net = EvidentialNetwork.from_json(body)
    assert {f.id for f in net.findings} == {
        "f_wifi_light_off",
        "f_networks_listed",
        "f_connection_drops_after_sleep",
    }
    assert not Pack.objects.filter(name="it").exists()
    assert (Pack.objects.count(), PackVersion.objects.count()) == before
    assert sorted(p.name for p in tmp.iterdir()) == ["hyps.json", "index"]


@pytest.mark.django_db
def test_output_file_and_token_budget(command_env: tuple[Path, FakeOpenAI]) -> None:
    tmp, _ = command_env
    hyp_file = tmp / "hyps.json"
    hyp_file.write_text(json.dumps({"hypotheses": scripted.HYPOTHESES}))
    target = tmp / "out" / "net.json"
    _, err = run(
        "--pack",
        "it",
        "--hypotheses",
        str(hyp_file),
        "--output",
        str(target),
        "--max-tokens",
        "1",
    )
    assert "incomplete: token budget spent" in err
    assert EvidentialNetwork.from_json(target.read_text()).findings == []


@pytest.mark.django_db
def test_saving_needs_a_pack_or_an_output(command_env: tuple[Path, FakeOpenAI]) -> None:
    with pytest.raises(CommandError, match="use --dry-run or --output FILE"):
        run("--pack", "it", "--seed", "no wifi")


@pytest.mark.django_db
def test_builds_a_new_version_of_a_stored_pack(command_env: tuple[Path, FakeOpenAI]) -> None:
    from knowledge.packs.store import import_pack, load_network
    from knowledge.search import get_backend

    _, fake = command_env
    pack = {
        "format": "askfew-pack",
        "format_version": 1,
        "name": "it",
        "version": "1.0",
        "title": "IT",
        "network": {"name": "it", "hypotheses": scripted.HYPOTHESES, "findings": []},
        "documents": [d for d in scripted.pack_documents() if d["id"] != "it:router"],
    }
    import_pack(pack, backend=get_backend())
    # it:router is indexed under the pack's name but is not in the pack file: never shown.
    out, _ = run("--pack", "it", "--max-degree", "2", "--as-version", "1.1")
    assert "Saved it 1.1: updated" in out
    net = load_network("it")
    assert {f.id for f in net.findings} == {
        "f_wifi_light_off",
        "f_networks_listed",
        "f_connection_drops_after_sleep",
    }
    assert all("[it:router#0]" not in r.text for r in fake.chat_requests())
    # A dry run afterwards leaves the stored version alone.
    from knowledge.models import PackVersion

    before = PackVersion.objects.count()
    run("--pack", "it", "--dry-run", "--max-degree", "1")
    assert PackVersion.objects.count() == before
    assert fake.chat_requests()
