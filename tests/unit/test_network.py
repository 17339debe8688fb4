"""EvidentialNetwork: validation with clear errors, JSON round trip, compiled arrays."""

from __future__ import annotations

import numpy as np
import pytest

from planning.network import (
    Citation,
    EvidentialNetwork,
    Finding,
    Hypothesis,
    Link,
    NetworkError,
    RedFlag,
)


def small_network() -> EvidentialNetwork:
    return EvidentialNetwork(
        name="wifi",
        hypotheses=[
            Hypothesis("driver", "Outdated driver", resolution="Update the driver."),
            Hypothesis(
                "switch", "Wireless switch off", resolution="Turn the switch on.", prior=0.5
            ),
        ],
        findings=[
            Finding("other_devices", "Do other devices connect?"),
            Finding("light", "What colour is the wireless light?", ("off", "amber", "blue")),
        ],
        links=[
            Link.make(
                "driver",
                "other_devices",
                {"yes": 0.7, ("yes", "no"): 0.3},
                [Citation("kb-12#3", "kb-12", "other devices still connect")],
            ),
            Link.make(
                "switch",
                "light",
                {"off": 0.8, ("off", "amber"): 0.1, ("off", "amber", "blue"): 0.1},
            ),
        ],
        red_flags=[RedFlag("light", ("amber",), "hardware fault", "urgent")],
        flow={"other_devices": {"yes": "driver", "no": "light"}},
        flow_root="other_devices",
    )


def test_json_round_trip_preserves_everything() -> None:
    net = small_network()
    again = EvidentialNetwork.from_json(net.to_json())
    assert again.to_dict() == net.to_dict()
    link = again.link("driver", "other_devices")
    assert link is not None
    assert link.citations[0].passage_id == "kb-12#3"
    assert again.hypothesis("switch").prior == 0.5


def test_compiled_plausibilities_follow_the_links() -> None:
    compiled = small_network().compile()
    pl = compiled.pl[compiled.finding_ids.index("light")]
    # switch: pl(off) = 1, pl(amber) = 0.2, pl(blue) = 0.1; driver is vacuous (all 1).
    np.testing.assert_allclose(pl[:, 1], [1.0, 0.2, 0.1])
    np.testing.assert_allclose(pl[:, 0], [1.0, 1.0, 1.0])
    betp = compiled.betp[compiled.finding_ids.index("light")]
    np.testing.assert_allclose(betp[:, 1], [0.8 + 0.05 + 0.1 / 3, 0.05 + 0.1 / 3, 0.1 / 3])
    assert list(compiled.support[compiled.finding_ids.index("light")]) == [1]
    # A set-valued answer: pl({amber, blue} | switch) = 0.1 + 0.1.
    np.testing.assert_allclose(compiled.plausibility("light", ["amber", "blue"]), [1.0, 0.2])


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (
            lambda d: d["links"][0]["masses"].__setitem__(0, {"states": ["yes"], "mass": -0.1}),
            "negative",
        ),
        (
            lambda d: d["links"][0]["masses"].__setitem__(0, {"states": ["yes"], "mass": 0.5}),
            "sum to 0.8",
        ),
        (
            lambda d: d["links"][0]["masses"].__setitem__(0, {"states": ["maybe"], "mass": 0.7}),
            "outside the frame",
        ),
        (lambda d: d["links"][0].__setitem__("hypothesis", "ghost"), "unknown hypothesis"),
        (
            lambda d: d["hypotheses"].append({"id": "driver", "name": "again"}),
            "duplicate hypothesis",
        ),
        (lambda d: d["red_flags"][0].__setitem__("states", ["purple"]), "unknown states"),
        (lambda d: d["flow"]["other_devices"].__setitem__("yes", "nowhere"), "unknown target"),
        (lambda d: d.__setitem__("schema_version", 99), "schema_version"),
        (lambda d: d.__delitem__("hypotheses"), "malformed"),
    ],
)
def test_invalid_documents_are_rejected_with_the_reason(mutate, message: str) -> None:
    data = small_network().to_dict()
    mutate(data)
    with pytest.raises(NetworkError, match=message):
        EvidentialNetwork.from_dict(data)


def test_finding_needs_two_distinct_states() -> None:
    with pytest.raises(NetworkError, match="at least two states"):
        Finding("f", "?", ("yes",))
    with pytest.raises(NetworkError, match="duplicate states"):
        Finding("f", "?", ("yes", "yes"))
