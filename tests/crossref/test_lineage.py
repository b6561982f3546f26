"""Lineage over a chain of three hand-written releases: history both ways, ids, remap."""

from __future__ import annotations

from align_helpers import TEXTS as T
from align_helpers import numbered, ruleset
from mtgcr.crossref.align.releases import align_releases
from mtgcr.crossref.lineage import Lineage, LineageId
from mtgcr.extract.rulenum import RuleNumber as R


def _chain():
    # r0: 100.1-100.4, 101 "Controlling Another Player's Turn" with 2 rules
    r0 = ruleset(
        "20300110",
        numbered(100, T[:4]) + numbered(101, T[4:6]),
        {"100": "General", "101": "Controlling Another Player's Turn"},
    )
    # r1: a section 101 is inserted (old 101 → 102, retitled), 100.2 reworded, 100.4 removed
    r1 = ruleset(
        "20300405",
        numbered(100, [T[0], T[1].replace("coin flip", "die roll"), T[2]])
        + numbered(101, T[8:10])
        + numbered(102, T[4:6]),
        {"100": "General", "101": "Counters", "102": "Controlling Another Player"},
    )
    # r2: 100.2 split in two, a rule inserted before 102.1
    whole = T[1].replace("coin flip", "die roll")
    r2 = ruleset(
        "20300701",
        [
            ("100.1", T[0]),
            ("100.2", "The starting player is chosen by a die roll."),
            ("100.3", "This happens before any cards are drawn."),
            ("100.4", T[2]),
        ]
        + numbered(101, T[8:10])
        + numbered(102, [T[12], T[4], T[5]]),
        {"100": "General", "101": "Counters", "102": "Controlling Another Player"},
    )
    assert whole != r2.rules[R.parse("100.2")].text
    rels = [r0, r1, r2]
    als = [align_releases(rels[k], rels[k + 1]) for k in range(2)]
    return Lineage([r.release for r in rels], als), rels


def test_history_of_a_rule_both_directions():
    lin, _ = _chain()
    h = lin.history(R.parse("102.3"), 2)
    assert [(str(e.number), e.kind) for e in h] == [
        ("101.2", "initial"),
        ("102.2", "renumbered"),
        ("102.3", "renumbered"),
    ]
    assert {str(e.lineage) for e in h} == {"en:20300110:101.2"}
    h = lin.history(R.parse("100.2"), 0)
    assert [(e.kind, [str(n) for n in e.numbers]) for e in h] == [
        ("initial", ["100.2"]),
        ("modified", ["100.2"]),
        ("split", ["100.2", "100.3"]),
    ]
    assert 0 < h[1].similarity < 1


def test_history_removed_and_added():
    lin, _ = _chain()
    h = lin.history(R.parse("100.4"), 0)
    assert [(e.kind, e.number) for e in h] == [
        ("initial", R.parse("100.4")),
        ("removed", None),
        ("absent", None),
    ]
    h = lin.history(R.parse("102.1"), 2)
    assert [(e.kind, e.number) for e in h] == [
        ("absent", None),
        ("absent", None),
        ("added", R.parse("102.1")),
    ]
    assert str(h[2].lineage) == "en:20300701:102.1"


def test_split_pieces_lineage():
    lin, _ = _chain()
    assert str(lin.lineage_id(2, R.parse("100.2"))) == "en:20300110:100.2"  # main piece continues
    assert str(lin.lineage_id(2, R.parse("100.3"))) == "en:20300701:100.3"  # the other one is new
    h = lin.history(R.parse("100.3"), 2)
    assert [(e.kind, str(e.number)) for e in h] == [
        ("initial", "100.2"),
        ("modified", "100.2"),
        ("split", "100.3"),
    ]


def test_section_history_with_titles():
    lin, _ = _chain()
    h = lin.history(R(102), 2)
    assert [(str(e.number), e.kind, e.title) for e in h] == [
        ("101", "initial", "Controlling Another Player's Turn"),
        ("102", "moved", "Controlling Another Player"),
        ("102", "unchanged", "Controlling Another Player"),
    ]
    h = lin.history(R(101), 1)
    assert [(e.kind, e.number) for e in h] == [
        ("absent", None),
        ("added", R(101)),
        ("unchanged", R(101)),
    ]


def test_remap_numbers_and_reasons():
    lin, _ = _chain()
    assert lin.remap(R.parse("101.1"), 0, 2).numbers == [R.parse("102.2")]
    assert lin.remap(R.parse("102.3"), 2, 0).numbers == [R.parse("101.2")]
    assert lin.remap(R.parse("100.2"), 0, 2).numbers == [R.parse("100.2"), R.parse("100.3")]
    r = lin.remap(R.parse("100.4"), 0, 2)
    assert (
        r.numbers == [] and r.reason == "removed in 2030-04-05 (last there as 100.4 in 2030-01-10)"
    )
    r = lin.remap(R.parse("102.1"), 2, 0)
    assert r.numbers == [] and r.reason.startswith("added in 2030-07-01 as 102.1")
    r = lin.remap(R.parse("100.9"), 0, 1)
    assert r.numbers == [] and r.reason == "100.9 is not in en 2030-01-10"


def test_unknown_number_raises_keyerror():
    lin, _ = _chain()
    try:
        lin.history(R.parse("100.9"), 1)
    except KeyError as exc:
        assert "100.9 is not in en 2030-04-05" in str(exc)
    else:
        raise AssertionError("no KeyError")


def test_lineage_id_is_a_value_that_reads_back():
    lid = LineageId("en", "20300110", R.parse("101.2"))
    assert str(lid) == "en:20300110:101.2" and lid.file_stem == "20300110_101.2"
    assert LineageId.parse("en:20300110:101.2") == lid


def test_the_sites_ids_are_the_lineages_ids():
    """The site names traces by the forward pass; history and remap by walking back: one id."""
    from mtgcr.reports.site.trace import lineage_ids

    lin, rels = _chain()
    ids = lineage_ids(rels, lin.alignments)
    walked = [{n: lin.lineage_id(k, n) for n in rs.rules} for k, rs in enumerate(rels)]
    assert ids == walked
    assert ids[2][R.parse("100.3")] == LineageId("en", "20300701", R.parse("100.3"))  # split piece
    assert ids[2][R.parse("102.3")] == LineageId(
        "en", "20300110", R.parse("101.2")
    )  # renumbered twice


def test_remap_path_is_the_history_between_the_two_releases():
    # remap walks only the steps between k_from and k_to; its path must be exactly that
    # slice of the whole history (every field), both directions, for every rule and section
    lin, rels = _chain()
    for k_from, rs in enumerate(rels):
        for n in [*rs.rules, *rs.sections]:
            full = lin.history(n, k_from)
            for k_to in range(len(rels)):
                lo, hi = sorted((k_from, k_to))
                want = full[lo : hi + 1] if k_from <= k_to else full[lo : hi + 1][::-1]
                assert lin.remap(n, k_from, k_to).path == want, (str(n), k_from, k_to)
