"""Release alignment on small rulesets written for the tests: every relation kind."""

from __future__ import annotations

import pytest

from align_helpers import TEXTS, added, mapping, numbered, ruleset
from mtgcr.crossref.align.releases import align_releases
from mtgcr.crossref.decisions import Decision, DecisionError
from mtgcr.crossref.model import Alignment
from mtgcr.extract.rulenum import RuleNumber as R

T = TEXTS


def test_identity_is_all_unchanged():
    rs = ruleset(
        "20300110",
        numbered(100, T[:8]) + numbered(101, T[8:]),
        glossary=[("Token", "A marker. See rule 100.4."), ("Exile", "A zone.")],
    )
    al = align_releases(rs, rs)
    s = al.summary()
    assert s["rules"]["unchanged"] == len(T) and s["unchanged_share"] == 1.0
    assert all(c.kind == "unchanged" for c in al.changes)
    assert all(x.kind == "unchanged" for x in al.sections)
    assert [g.kind for g in al.glossary] == ["unchanged", "unchanged"]


def test_inserted_block_shifts_as_a_block_and_citations_are_not_edits():
    # old: sections 100, 101 (101.2 cites 101.1); new: a section 101 is inserted, old 101 → 102
    old = ruleset(
        "20300110",
        numbered(100, T[0:3])
        + [("101.1", T[3]), ("101.2", T[4] + " See rule 101.1."), ("101.3", T[5])],
        {"100": "General", "101": "Tokens"},
    )
    new = ruleset(
        "20300405",
        numbered(100, T[0:3])
        + numbered(101, T[10:13])
        + [("102.1", T[3]), ("102.2", T[4] + " See rule 102.1."), ("102.3", T[5])],
        {"100": "General", "101": "Emblems", "102": "Tokens"},
    )
    al = align_releases(old, new)
    m = mapping(al)
    assert m[("100.1",)] == ("unchanged", ("100.1",))
    assert m[("101.1",)] == ("renumbered", ("102.1",))
    assert m[("101.2",)] == ("renumbered", ("102.2",))  # "rule 101.1" → "rule 102.1" is no edit
    assert m[("101.3",)] == ("renumbered", ("102.3",))
    assert added(al) == ["101.1", "101.2", "101.3"]
    secs = {(str(s.old), str(s.new)): s.kind for s in al.sections}
    assert secs[("101", "102")] == "moved" and secs[("None", "101")] == "added"
    assert secs[("100", "100")] == "unchanged"


def test_changed_citation_target_is_an_edit():
    old = ruleset(
        "20300110", [("100.1", T[0]), ("100.2", T[1]), ("100.3", T[2] + " See rule 100.1.")]
    )
    new = ruleset(
        "20300405", [("100.1", T[0]), ("100.2", T[1]), ("100.3", T[2] + " See rule 100.2.")]
    )
    c = align_releases(old, new).change_of_old(R.parse("100.3"))
    assert c.kind == "modified" and c.text_changed and 0.9 < c.similarity < 1.0


def test_deletion_renumbers_the_rest():
    old = ruleset("20300110", numbered(100, T[:6]))
    new = ruleset("20300405", numbered(100, T[:2] + T[3:6]))
    m = mapping(align_releases(old, new))
    assert m[("100.3",)] == ("removed", ())
    assert m[("100.4",)] == ("renumbered", ("100.3",))
    assert m[("100.6",)] == ("renumbered", ("100.5",))


def test_rewording_is_modified_with_similarity():
    old = ruleset("20300110", numbered(100, T[:4]))
    new = ruleset(
        "20300405", numbered(100, [T[0], T[1].replace("coin flip", "die roll"), T[2], T[3]])
    )
    c = align_releases(old, new).change_of_old(R.parse("100.2"))
    assert (c.kind, [str(n) for n in c.new]) == ("modified", ["100.2"])
    assert 0.8 < c.similarity < 1.0 and c.text_changed


def test_rewritten_in_place_with_low_similarity_is_still_paired_by_position():
    old = ruleset("20300110", numbered(100, T[:5]))
    rewritten = (
        "The starting player is chosen at random; the loser of the last game may choose instead."
    )
    new = ruleset("20300405", numbered(100, [T[0], rewritten, T[2], T[3], T[4]]))
    c = align_releases(old, new).change_of_old(R.parse("100.2"))
    assert c.kind == "modified" and [str(n) for n in c.new] == ["100.2"]


def test_swap_is_two_renumberings():
    old = ruleset("20300110", numbered(100, T[:5]))
    new = ruleset("20300405", numbered(100, [T[0], T[2], T[1], T[3], T[4]]))
    m = mapping(align_releases(old, new))
    assert m[("100.2",)] == ("renumbered", ("100.3",))
    assert m[("100.3",)] == ("renumbered", ("100.2",))


def test_split_and_merge():
    whole = "Each player shuffles their deck and then draws a hand of seven cards from the top."
    a = "Each player shuffles their deck."
    b = "Then each player draws a hand of seven cards from the top."
    old = ruleset("20300110", numbered(100, [T[0], whole, T[2], T[3], T[4], T[5]]))
    new = ruleset("20300405", numbered(100, [T[0], a, b, T[2], T[3], T[4] + " " + T[5]]))
    al = align_releases(old, new)
    m = mapping(al)
    assert m[("100.2",)] == ("split", ("100.2", "100.3"))
    assert m[("100.5", "100.6")] == ("merged", ("100.6",))
    assert m[("100.3",)] == ("renumbered", ("100.4",))
    assert al.forward(R.parse("100.2")) == [R.parse("100.2"), R.parse("100.3")]
    assert al.backward(R.parse("100.6")) == [R.parse("100.5"), R.parse("100.6")]


def test_equal_halves_split_is_a_split_not_an_ambiguity():
    half1 = "Alpha bravo charlie delta echo foxtrot golf hotel."
    half2 = "India juliet kilo lima mike november oscar papa."
    old = ruleset("20300110", numbered(100, [T[0], half1 + " " + half2, T[2]]))
    new = ruleset("20300405", numbered(100, [T[0], half1, half2, T[2]]))
    assert mapping(align_releases(old, new))[("100.2",)] == ("split", ("100.2", "100.3"))


def test_equally_good_candidates_are_ambiguous_and_a_decision_settles_it():
    dup = "This rule is printed twice in the new release."
    old = ruleset("20300110", [("100.1", T[0]), ("100.2", dup), ("101.1", T[5]), ("102.1", T[8])])
    new = ruleset(
        "20300405",
        [("100.1", T[0]), ("101.1", T[5]), ("101.2", dup), ("102.1", T[8]), ("102.2", dup)],
    )
    al = align_releases(old, new)
    amb = [c for c in al.changes if c.kind == "ambiguous"]
    assert len(amb) == 1 and [str(n) for n in amb[0].old] == ["100.2"]
    assert [str(n) for n in amb[0].new] == ["101.2", "102.2"]
    assert al.forward(R.parse("100.2")) == []
    d = Decision(
        "same",
        "2030-01-10",
        "20300405",
        (R.parse("100.2"),),
        (R.parse("102.2"),),
        source="decisions.toml:3",
    )
    al2 = align_releases(old, new, decisions=[d])
    c = al2.change_of_old(R.parse("100.2"))
    assert (c.kind, [str(n) for n in c.new], c.decided) == ("moved", ["102.2"], True)
    assert al2.change_of_new(R.parse("101.2")).kind == "added"


def test_decisions_unrelated_and_errors():
    old = ruleset("20300110", numbered(100, T[:4]))
    new = ruleset(
        "20300405", numbered(100, [T[0], T[1].replace("coin flip", "die roll"), T[2], T[3]])
    )
    d = Decision(
        "unrelated",
        "20300110",
        "20300405",
        (R.parse("100.2"),),
        (R.parse("100.2"),),
        source="d.toml:1",
    )
    m = mapping(align_releases(old, new, decisions=[d]))
    assert m[("100.2",)] == ("removed", ())
    bad = Decision(
        "same", "20300110", "20300405", (R.parse("100.9"),), (R.parse("100.2"),), source="d.toml:7"
    )
    with pytest.raises(DecisionError, match=r"d\.toml:7: old rule 100\.9 is not in en 2030-01-10"):
        align_releases(old, new, decisions=[bad])
    other = Decision("same", "20200101", "20300405", (R.parse("100.9"),), (R.parse("100.2"),))
    assert mapping(align_releases(old, new, decisions=[other]))[("100.2",)][0] == "modified"


def test_rule_moved_to_another_section():
    old = ruleset("20300110", numbered(100, T[:4]) + numbered(101, T[4:8]))
    new = ruleset(
        "20300405",
        numbered(100, [T[0], T[1], T[3]]) + numbered(101, [T[4], T[5], T[2], T[6], T[7]]),
    )
    c = align_releases(old, new).change_of_old(R.parse("100.3"))
    assert (c.kind, [str(n) for n in c.new], c.text_changed) == ("moved", ["101.3"], False)


def test_sections_retitled_removed_merged():
    old = ruleset(
        "20300110",
        numbered(100, T[:3])
        + numbered(101, T[3:6])
        + numbered(102, T[6:9])
        + numbered(103, T[9:12]),
        {
            "100": "General",
            "101": "Controlling Another Player’s Turn",
            "102": "Meld",
            "103": "Old Stuff",
        },
    )
    new = ruleset(
        "20300405",
        numbered(100, T[:3]) + numbered(101, T[3:6]) + numbered(102, T[12:15] + T[6:9]),
        {"100": "General", "101": "Controlling Another Player", "102": "Double Cards"},
    )
    secs = {str(s.old): s for s in align_sections_of(old, new)}
    assert secs["101"].kind == "retitled" and secs["101"].new_title == "Controlling Another Player"
    assert secs["102"].kind == "retitled" and secs["102"].rules == 3
    assert secs["103"].kind == "removed"


def align_sections_of(old, new):
    return align_releases(old, new).sections


def test_section_merged_into_another():
    old = ruleset(
        "20300110",
        numbered(100, T[:4]) + numbered(101, T[4:8]) + numbered(102, T[8:10]),
        {"100": "Double-Faced Cards", "101": "Meld Cards", "102": "Substitute Cards"},
    )
    new = ruleset(
        "20300405",
        numbered(100, T[:8]) + numbered(101, T[8:10]),
        {"100": "Double-Faced Cards", "101": "Substitute Cards"},
    )
    al = align_releases(old, new)
    secs = {str(s.old): (s.kind, str(s.new)) for s in al.sections}
    assert secs == {"100": ("unchanged", "100"), "101": ("merged", "100"), "102": ("moved", "101")}
    c = al.change_of_old(R.parse("101.2"))
    assert (c.kind, str(c.new[0])) == ("moved", "100.6")
    assert al.section_forward(R(101)) == R(100) and al.section_backward(R(101)) == R(102)


def test_typography_only_is_its_own_relation_with_a_note():
    old = ruleset("20300110", numbered(100, ["A player's deck -- forty cards."] + T[1:3]))
    new = ruleset("20300405", numbered(100, ["A player’s deck—forty cards."] + T[1:3]))
    c = align_releases(old, new).change_of_old(R.parse("100.1"))
    assert c.kind == "typography" and c.notes == ("typography only",) and not c.text_changed


def test_example_change_is_a_modification():
    old = ruleset("20300110", [("100.1", T[0], ["A deck of forty cards."]), ("100.2", T[1])])
    new = ruleset("20300405", [("100.1", T[0], ["A deck of sixty cards."]), ("100.2", T[1])])
    c = align_releases(old, new).change_of_old(R.parse("100.1"))
    assert c.kind == "modified" and "examples changed" in c.notes


def test_glossary_added_removed_changed_renamed():
    old = ruleset(
        "20300110",
        numbered(100, T[:3]),
        glossary=[
            ("Token", "A marker. See rule 100.2."),
            ("Ante", "Playing for keeps."),
            ("Mana Pool", "Where mana waits until it is spent or empties at the end of a step."),
            ("Exile", "A zone."),
        ],
    )
    new = ruleset(
        "20300405",
        numbered(100, [T[0], T[5], T[1], T[2]]),
        glossary=[
            ("Token", "A marker. See rule 100.3."),
            (
                "Pool of Mana",
                "Where mana waits until it is spent or empties at the end of each step.",
            ),
            ("Exile", "A zone outside the game."),
            ("Emblem", "A marker with abilities."),
        ],
    )
    g = {(x.old_term, x.new_term): x.kind for x in align_releases(old, new).glossary}
    assert g == {
        ("Token", "Token"): "unchanged",
        ("Ante", None): "removed",
        ("Mana Pool", "Pool of Mana"): "renamed",
        ("Exile", "Exile"): "changed",
        (None, "Emblem"): "added",
    }


def test_every_rule_in_exactly_one_group_and_json_round_trip():
    old = ruleset("20300110", numbered(100, T[:8]))
    new = ruleset("20300405", numbered(100, [T[0], T[9], T[2], T[3] + " " + T[4], T[5], T[7]]))
    al = align_releases(old, new)
    olds = [n for c in al.changes for n in c.old if c.kind != "ambiguous"]
    news = [n for c in al.changes for n in c.new if c.kind != "ambiguous"]
    assert sorted(olds) == sorted(old.rules) and sorted(news) == sorted(new.rules)
    back = Alignment.from_json(al.to_json())
    assert back.to_json() == al.to_json()
    cached = Alignment.from_cache(al.to_cache())
    assert cached.change_of_old(R.parse("100.4")) == al.change_of_old(R.parse("100.4"))
    assert cached.to_json() == al.to_json()


def test_different_languages_refused():
    with pytest.raises(ValueError, match="different languages"):
        align_releases(
            ruleset("20300110", numbered(100, T[:2])),
            ruleset("20300110", numbered(100, T[:2]), lang="ja"),
        )


def test_decision_snippet_is_a_loadable_decisions_file(tmp_path):
    from mtgcr.crossref.decisions import load_decisions, snippet

    text = snippet("2003-03-15", "2003-07-01", ["307.1"], ["308.1", "309.1"])
    assert "# candidates: 308.1, 309.1" in text
    path = tmp_path / "decisions.toml"
    path.write_text("# mine\n\n" + text, encoding="utf-8")
    [d] = load_decisions(path)
    assert (d.relation, d.old, d.new, d.source) == (
        "same",
        (R.parse("307.1"),),
        (R.parse("308.1"),),
        f"{path}:3",
    )


def test_one_to_one_kind_precedence():
    """moved before modified before renumbered before typography/unchanged (the one rule both
    release and translation alignments use)."""
    from mtgcr.crossref.model import one_to_one_kind

    assert one_to_one_kind(True, True, True, True) == "moved"
    assert one_to_one_kind(False, True, True, True) == "modified"
    assert one_to_one_kind(False, False, True, True) == "renumbered"
    assert one_to_one_kind(False, False, False, True) == "typography"
    assert one_to_one_kind(False, False, False, False) == "unchanged"
