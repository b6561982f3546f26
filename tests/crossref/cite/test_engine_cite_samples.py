"""The hand-judged samples of cite-check on real engine trees (tests/data/engine_cite_sample_*,
scored by benchmarks/engine_samples.py in `make bench`): complete enough to measure precision
and recall, every judgement with its reason, and the scoring itself."""

from __future__ import annotations

import re

from benchmarks.engine_samples import load_samples, score


def test_each_sample_names_its_tree_and_judges_every_item_with_a_reason():
    samples = load_samples()
    assert {s["repository"] for s in samples} >= {"phase-rs/phase", "magefree/mage"}
    for s in samples:
        assert re.fullmatch(r"[0-9a-f]{40}", s["commit"]) and s["tree"] and s["target"]
        groups = {g: [i for i in s["items"] if i["group"] == g] for g in ("flagged", "current")}
        if s["name"].endswith("_census"):  # a whole stratum, judged item by item
            assert s["population_when_sampled"] == {"current": len(s["items"])}
        else:
            least = 25 if s["name"].endswith("_heldout") else 40
            assert all(len(v) >= least for v in groups.values()), s["name"]
            assert set(s["population_when_sampled"]) == set(groups)
        for i in s["items"]:
            assert i["reason"].strip() and i["citation"] and i["line"] > 0, i
            assert not i["outdated"] or i["stale"], i  # outdated is a kind of stale


def test_the_scoring_counts_flags_misses_and_wrong_rewrites():
    def item(group, citation, stale, outdated, meant, line):
        return dict(
            group=group, file="a.rs", line=line, column=1, citation=citation,
            stale=stale, outdated=outdated, meant=meant, reason="r",
        )  # fmt: skip

    sample = {
        "repository": "x/y",
        "population_when_sampled": {"flagged": 10, "current": 100},
        "items": [
            item("flagged", "CR 722.1", True, True, ["723.1"], 1),
            item("flagged", "CR 605.1c", False, False, None, 2),
            item("current", "CR 704.5d", False, False, None, 3),
            item("current", "CR 730.1", True, True, ["731.1"], 4),
        ],
    }

    def rec(line, text, verdict, suggestion=None, certain=False):
        return dict(
            file="t/a.rs", line=line, column=1, text=text, verdict=verdict,
            suggestion=suggestion, certain=certain,
        )  # fmt: skip

    records = [
        rec(1, "CR 722.1", "moved", "CR 723.1", True),
        rec(2, "CR 605.1c", "absent"),
        rec(3, "CR 704.5d", "current"),
        rec(4, "CR 730.1", "current"),
    ]
    sc = score(sample, records, strip="t/")
    assert (sc.flagged, sc.flag_right, sc.current, sc.current_stale) == (2, 1, 2, 1)
    # the outdated: 1 of 2 flagged sample items (of 10) found, 1 of 2 current (of 100) missed
    assert round(sc.recall, 3) == round(5 / 55, 3) and not sc.wrong_rewrites
    records[0]["suggestion"] = "CR 724.1"
    assert score(sample, records, strip="t/").wrong_rewrites
