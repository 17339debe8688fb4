"""DDXPlus loader: findings expansion, IDM links, unlisted pairs, red flags, cases (real data)."""

from __future__ import annotations

import csv
import itertools
import json
from collections import Counter
from pathlib import Path

import numpy as np
import pytest

from knowledge.datasets import ddxplus
from knowledge.datasets.common import DatasetError
from planning.network import EvidentialNetwork, Link
from planning.simulation import Case

# Listed for Anaphylaxis in release_conditions.json: E_91 is not, E_129/E_148/E_55 are.
PATHOLOGY = "Anaphylaxis"


@pytest.fixture(scope="module")
def catalog() -> ddxplus.Catalog:
    return ddxplus.load_catalog()


@pytest.fixture(scope="module")
def network() -> EvidentialNetwork:
    return ddxplus.load_network()


@pytest.fixture(scope="module")
def dev_patients() -> tuple[ddxplus.Patient, ...]:
    return ddxplus.load_patients("dev")


def test_hypotheses_are_the_49_pathologies(network: EvidentialNetwork) -> None:
    assert len(network.hypotheses) == 49
    assert network.name == "ddxplus"
    severities = Counter(h.severity for h in network.hypotheses)
    assert set(severities) == {1, 2, 3, 4, 5}
    assert network.hypothesis("Anaphylaxis").severity == 1
    # English names, not the French ones the file also carries.
    assert network.hypothesis("Spontaneous pneumothorax").name == "Spontaneous pneumothorax"


def test_evidences_expand_into_findings_as_specified(
    catalog: ddxplus.Catalog, network: EvidentialNetwork
) -> None:
    kinds = Counter(e.kind for e in catalog.evidences.values())
    assert len(catalog.evidences) == 223
    assert kinds == {"B": 208, "C": 10, "M": 5}
    multi_values = sum(len(e.values) for e in catalog.evidences.values() if e.kind == "M")
    assert len(network.findings) == 208 + 10 + multi_values

    fever = network.finding("E_91")
    assert fever.states == ("yes", "no") and fever.default_state == "no"
    assert fever.question.startswith("Do you have a fever")

    intensity = network.finding("E_56")
    assert intensity.states == tuple(str(v) for v in range(11))
    assert intensity.default_state == "0"
    travel = network.finding("E_204")
    assert travel.default_state == "V_10"
    assert network.metadata["state_labels"]["E_204"]["V_10"] == "N"

    groin = network.finding("E_55@V_16")
    assert groin.question == "Do you feel pain somewhere? - groin(R)"
    assert groin.group == "E_55" and groin.default_state == "no"
    nowhere = network.finding("E_55@V_123")
    assert nowhere.default_state == "yes"  # "nowhere" is E_55's default value
    assert sum(f.group == "E_55" for f in network.findings) == len(catalog.evidences["E_55"].values)


def test_every_link_is_a_valid_bba(network: EvidentialNetwork) -> None:
    states = {f.id: set(f.states) for f in network.findings}
    for link in network.links:
        total = sum(m for _, m in link.masses)
        assert total == pytest.approx(1.0)
        for focal, mass in link.masses:
            assert mass >= 0.0
            assert focal and focal <= states[link.finding]
        assert link.citations and link.citations[0].passage_id.startswith(
            "ddxplus:release_conditions#"
        )


def test_idm_theta_mass_is_s_over_n_plus_s_and_shrinks_with_patients(
    network: EvidentialNetwork, catalog: ddxplus.Catalog
) -> None:
    counts = network.metadata["train_patients"]
    thetas = {}
    for hypothesis, n in counts.items():
        link = network.link(hypothesis, "E_55@V_123") or network.link(hypothesis, "E_53")
        condition = catalog.conditions[hypothesis]
        if "E_55" not in condition.evidences and "E_53" not in condition.evidences:
            continue
        assert link is not None
        theta = dict(link.masses).get(frozenset(network.finding(link.finding).states), 0.0)
        assert theta == pytest.approx(1.0 / (n + 1.0))
        thetas[hypothesis] = (n, theta)
    ordered = sorted(thetas.values())
    assert len(ordered) > 10
    assert all(a[1] >= b[1] for a, b in itertools.pairwise(ordered))
    assert ordered[0][1] > ordered[-1][1]


def test_idm_masses_function() -> None:
    masses = ddxplus.idm_masses({"yes": 3, "no": 1}, 4, ("yes", "no"), s=2.0)
    assert masses[frozenset({"yes"})] == pytest.approx(3 / 6)
    assert masses[frozenset({"no"})] == pytest.approx(1 / 6)
    assert masses[frozenset({"yes", "no"})] == pytest.approx(2 / 6)
    assert ddxplus.idm_masses({}, 0, ("yes", "no"), s=1.0) == {frozenset({"yes", "no"}): 1.0}
    with pytest.raises(ValueError, match="s must be"):
        ddxplus.idm_masses({}, 1, ("yes", "no"), s=-1.0)


def test_unlisted_pairs_are_closed_or_vacuous_per_option(catalog: ddxplus.Catalog) -> None:
    assert "E_91" not in catalog.conditions[PATHOLOGY].evidences
    closed = ddxplus.load_network(unlisted="closed", eps=0.05)
    link = closed.link(PATHOLOGY, "E_91")
    assert link is not None
    assert dict(link.masses) == {
        frozenset({"no"}): pytest.approx(0.95),
        frozenset({"yes", "no"}): pytest.approx(0.05),
    }
    # A categorical finding closes on its own default value.
    condition, evidence = next(
        (c.id, e.id)
        for c in catalog.conditions.values()
        for e in catalog.evidences.values()
        if e.kind == "C" and e.id not in c.evidences
    )
    categorical = closed.link(condition, evidence)
    default = catalog.evidences[evidence].default
    assert categorical is not None
    assert dict(categorical.masses)[frozenset({default})] == pytest.approx(0.95)

    vacuous = ddxplus.load_network(unlisted="vacuous")
    assert vacuous.link(PATHOLOGY, "E_91") is None
    assert vacuous.link(PATHOLOGY, "E_129") is not None  # listed pairs keep their link
    assert len(vacuous.links) < len(closed.links)
    with pytest.raises(ValueError, match="unlisted"):
        ddxplus.load_network(unlisted="open")  # type: ignore[arg-type]


def test_reliability_discounts_every_answer(network: EvidentialNetwork) -> None:
    discounted = ddxplus.load_network(reliability=0.9)
    exact_pl, pl = network.compile(), discounted.compile()
    for finding in ("E_91", "E_129", "E_56"):  # unlisted and listed, binary and categorical
        j = network.finding_index[finding]
        assert np.allclose(pl.pl[j], 0.9 * exact_pl.pl[j] + 0.1)
    # An answer that contradicts the knowledge base now costs a factor 0.1045, not 0.005.
    assert pl.plausibility("E_91", ["yes"])[network.hypothesis_index[PATHOLOGY]] == (
        pytest.approx(0.9 * 0.005 + 0.1)
    )
    assert discounted.metadata["reliability"] == 0.9
    for bad in (0.0, 1.5):
        with pytest.raises(ValueError, match="reliability"):
            ddxplus.load_network(reliability=bad)


def _write_patients(path: Path, rows: list[tuple[str, list[str], str]]) -> None:
    with path.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(ddxplus._COLUMNS)
        for pathology, evidences, initial in rows:
            writer.writerow([40, "[]", "F", pathology, json.dumps(evidences), initial])


def test_links_are_learned_only_from_the_training_csv(tmp_path: Path) -> None:
    train = tmp_path / "tiny_train.csv"
    _write_patients(
        train,
        [
            (PATHOLOGY, ["E_129", "E_148", "E_55_@_V_16"], "E_129"),
            (PATHOLOGY, ["E_129", "E_55_@_V_16", "E_55_@_V_17"], "E_129"),
            (PATHOLOGY, ["E_148"], "E_148"),
        ],
    )
    network = ddxplus.load_network(train_path=train)
    assert network.metadata["train_patients"] == {PATHOLOGY: 3}
    assert network.metadata["train"] == "ddxplus:tiny_train"

    def masses(finding: str) -> dict[frozenset[str], float]:
        link = network.link(PATHOLOGY, finding)
        assert link is not None
        return dict(link.masses)

    yes, no, theta = frozenset({"yes"}), frozenset({"no"}), frozenset({"yes", "no"})
    assert masses("E_129") == {yes: pytest.approx(2 / 4), no: 1 / 4, theta: 1 / 4}
    assert masses("E_148") == {yes: pytest.approx(2 / 4), no: 1 / 4, theta: 1 / 4}
    assert masses("E_55@V_16") == {yes: pytest.approx(2 / 4), no: 1 / 4, theta: 1 / 4}
    assert masses("E_55@V_17") == {yes: pytest.approx(1 / 4), no: 2 / 4, theta: 1 / 4}
    # Two of three patients named a pain location, so "nowhere" was not chosen by them.
    assert masses("E_55@V_123") == {yes: pytest.approx(1 / 4), no: 2 / 4, theta: 1 / 4}
    # Pathologies without training patients have no learned links on their listed evidences.
    assert "E_55" in ddxplus.load_catalog().conditions["Myocarditis"].evidences
    assert network.link("Myocarditis", "E_55@V_16") is None
    # The real dev split gives different counts: the network really came from the tiny file.
    assert ddxplus.load_network().metadata["train_patients"][PATHOLOGY] != 3


def test_the_test_split_never_feeds_the_links() -> None:
    network = ddxplus.load_network()
    assert network.metadata["train"] == "ddxplus:patients_dev"
    assert sum(network.metadata["train_patients"].values()) == len(ddxplus.load_patients("dev"))
    with pytest.raises(DatasetError, match="reporting only"):
        ddxplus.load_network(train_split="test")


def test_a_fold_is_left_out_of_the_links_it_is_played_on() -> None:
    dev = ddxplus.load_cases("dev")
    held_out = [c for c in dev if ddxplus.fold_of(c, 4) == 1]
    network = ddxplus.load_network(held_out=(4, 1))
    assert network.metadata["train"] == "ddxplus:patients_dev#not-fold-1-of-4"
    assert sum(network.metadata["train_patients"].values()) == len(dev) - len(held_out)
    assert len(held_out) in (391, 392)
    with pytest.raises(ValueError, match="held_out must be"):
        ddxplus.load_network(held_out=(4, 4))


def test_dev_and_test_cases_are_disjoint() -> None:
    dev = ddxplus.load_cases("dev")
    test = ddxplus.load_cases("test")
    assert (len(dev), len(test)) == (1566, 1045)
    assert not {c.id for c in dev} & {c.id for c in test}

    def content(case: Case) -> tuple[object, ...]:
        assert isinstance(case.answers, ddxplus.DefaultedAnswers)
        explicit = case.answers.explicit
        meta = case.metadata
        return (case.true_hypothesis, meta["age"], meta["sex"], tuple(sorted(explicit.items())))

    assert not {content(c) for c in dev} & {content(c) for c in test}


def test_cases_answer_every_finding_and_open_with_the_initial_evidence(
    network: EvidentialNetwork,
) -> None:
    cases = ddxplus.load_cases("test", limit=50)
    assert len(cases) == 50
    finding_ids = {f.id for f in network.findings}
    for case in cases:
        assert set(case.answers) == finding_ids
        for finding_id, state in case.answers.items():
            assert state in network.finding(finding_id).states
        (opening,) = case.opening
        assert opening.states == ("yes",) and case.answers[opening.finding] == "yes"
        assert case.complaint and not case.complaint.startswith("Do you have")
        assert case.metadata["severity"] == network.hypothesis(case.true_hypothesis).severity
        assert case.true_hypothesis in network.hypothesis_index


def test_patient_answers_follow_the_token_format(catalog: ddxplus.Catalog) -> None:
    patient = ddxplus.Patient(
        split="dev",
        row=0,
        age=30,
        sex="M",
        pathology=PATHOLOGY,
        evidences=("E_91", "E_56_@_4", "E_55_@_V_16", "E_204_@_V_10", "E_57_@_V_123"),
        initial_evidence="E_91",
        differential=(),
    )
    answers = ddxplus.DefaultedAnswers(ddxplus.patient_answers(patient, catalog), catalog.defaults)
    assert answers["E_91"] == "yes"
    assert answers["E_56"] == "4"
    assert answers["E_55@V_16"] == "yes" and answers["E_55@V_123"] == "no"
    assert answers["E_204"] == "V_10"  # the default value, listed explicitly
    assert answers["E_57@V_123"] == "yes" and answers["E_57@V_16"] == "no"
    assert answers["E_66"] == "no"  # not listed: default
    bad = ddxplus.Patient("dev", 1, 30, "M", PATHOLOGY, ("E_56_@_42",), "E_91", ())
    with pytest.raises(DatasetError, match="E_56 has unknown value '42'"):
        ddxplus.patient_answers(bad, catalog)


def test_red_flags_are_few_and_separate_severe_from_mild(
    network: EvidentialNetwork, catalog: ddxplus.Catalog, dev_patients: tuple[ddxplus.Patient, ...]
) -> None:
    flags = network.red_flags
    assert 5 <= len(flags) <= 40
    for flag in flags:
        finding = network.finding(flag.finding)
        assert finding.default_state not in flag.states
        assert flag.level in ("emergency", "urgent")
        assert not catalog.evidences[catalog.evidence_of[flag.finding]].is_antecedent
    assert any(f.level == "emergency" for f in flags)
    mild_rate, severe_rate = ddxplus.red_flag_rates(flags, dev_patients, catalog)
    # With every finding asked: the flags alone trip for 2.0% of the mild and 91.6% of the
    # severe dev patients; the other severe ones are flagged by the differential's triage
    # (planning.triage), and through the service every severe dev patient ends flagged
    # (evaluate ddxplus --split dev --limit 300: severe_flagged_rate 100, mild_escalated 2.3).
    assert mild_rate <= 0.05
    assert severe_rate >= 0.9


def test_no_red_flag_is_common_in_a_benign_pathology(
    network: EvidentialNetwork, catalog: ddxplus.Catalog, dev_patients: tuple[ddxplus.Patient, ...]
) -> None:
    """A sign a routine or self-care condition commonly brings does not escalate on its own
    (pain in the right flank: a third of the dev panic attacks)."""
    by_condition: dict[str, list[ddxplus.Patient]] = {}
    for patient in dev_patients:
        by_condition.setdefault(patient.pathology, []).append(patient)
    for condition_id, group in by_condition.items():
        if catalog.conditions[condition_id].severity < 4:
            continue
        answers = [frozenset(ddxplus.patient_answers(p, catalog)) for p in group]
        for flag in network.red_flags:
            share = sum(flag.finding in a for a in answers) / len(group)
            assert share <= 0.10, (flag.finding, catalog.conditions[condition_id].name, share)


def test_observed_values_drop_only_never_chosen_multi_choice_findings() -> None:
    full = ddxplus.load_network()
    small = ddxplus.load_network(m_values="observed")
    kept = {f.id for f in small.findings}
    dropped = [f for f in full.findings if f.id not in kept]
    assert dropped and all(f.group for f in dropped)
    assert {f.id for f in full.findings if not f.group} <= kept
    assert {f.finding for f in full.red_flags} <= kept


def test_missing_dataset_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(DatasetError, match=r"release_evidences\.json"):
        ddxplus.load_catalog(tmp_path)
    with pytest.raises(DatasetError, match="unknown DDXPlus split"):
        ddxplus.load_cases("train")


def _positive_roots(case: Case, catalog: ddxplus.Catalog) -> set[str]:
    answers = case.answers
    assert isinstance(answers, ddxplus.DefaultedAnswers)
    return {
        ddxplus._root_evidence(catalog, catalog.evidence_of[f])
        for f, state in answers.explicit.items()
        if state != catalog.defaults[f]
    }


def test_sparse_cases_hide_a_share_of_positive_findings_never_the_complaint(
    catalog: ddxplus.Catalog,
) -> None:
    cases = ddxplus.load_cases("dev", limit=200)
    full = hidden = 0
    for case in cases:
        sparse = ddxplus.sparse_case(case, 0.3, seed=0, catalog=catalog)
        before, after = _positive_roots(case, catalog), _positive_roots(sparse, catalog)
        assert after <= before
        assert case.opening[0].finding in after  # the complaint is never hidden
        assert set(sparse.metadata["hidden"]) == before - after
        for root in before - after:
            # A hidden finding is answered with its default ("no"), with its follow-ups.
            for finding_id, evidence_id in catalog.evidence_of.items():
                if ddxplus._root_evidence(catalog, evidence_id) == root:
                    assert sparse.answers[finding_id] == catalog.defaults[finding_id]
        assert sparse.true_hypothesis == case.true_hypothesis
        full += len(before) - 1
        hidden += len(before - after)
    assert 0.25 <= hidden / full <= 0.35


def test_sparse_cases_are_seeded_and_zero_sparsity_changes_nothing(
    catalog: ddxplus.Catalog,
) -> None:
    case = next(c for c in ddxplus.load_cases("dev", limit=50) if len(c.answers.explicit) > 8)
    one = ddxplus.sparse_case(case, 0.5, seed=1, catalog=catalog)
    again = ddxplus.sparse_case(case, 0.5, seed=1, catalog=catalog)
    other = [ddxplus.sparse_case(case, 0.5, seed=s, catalog=catalog) for s in range(2, 8)]
    assert dict(one.answers.explicit) == dict(again.answers.explicit)
    assert any(dict(o.answers.explicit) != dict(one.answers.explicit) for o in other)
    assert ddxplus.sparse_case(case, 0.0, catalog=catalog) is case
    with pytest.raises(ValueError):
        ddxplus.sparse_case(case, 1.5, catalog=catalog)


def test_knowledge_prior_gives_rare_pathologies_typical_links_and_keeps_doubt(
    dev_patients: tuple[ddxplus.Patient, ...],
) -> None:
    plain = ddxplus.load_network()
    informed = ddxplus.load_network(link_prior=2.0, soft_labels=1.0)
    counts = Counter(p.pathology for p in dev_patients)
    unseen = [h.id for h in plain.hypotheses if counts.get(h.id, 0) == 0]
    rare = min((h for h in counts if counts[h] > 0), key=lambda h: counts[h])

    def listed(net: EvidentialNetwork, h: str) -> dict[str, Link]:
        return {
            link.finding: link
            for link in net.links
            if link.hypothesis == h and len(link.citations) == 2  # listed: knowledge + patients
        }

    # A pathology with no dev patient had no listed links at all; now it has the typical ones.
    for h in unseen:
        assert not listed(plain, h) and listed(informed, h)
    # The rarest one: links of the same findings, with doubt left on Theta; a state its few
    # patients never showed is no longer all but ruled out (its plausibility rises).
    before, after = listed(plain, rare), listed(informed, rare)
    assert set(before) == set(after)
    raised = 0
    for finding_id, link in after.items():
        masses = dict(link.masses)
        states = plain.finding(finding_id).states
        theta = masses.get(frozenset(states), 0.0)
        assert 0.0 < theta < 1.0
        old = dict(before[finding_id].masses)
        for x in states:
            pl_old = sum(m for focal, m in old.items() if x in focal)
            pl_new = sum(m for focal, m in masses.items() if x in focal)
            raised += pl_new > pl_old + 1e-9
    assert raised > 0
    assert informed.metadata["link_prior"] == 2.0 and informed.metadata["soft_labels"] == 1.0
    with pytest.raises(ValueError):
        ddxplus.load_network(link_prior=-1.0)
