"""Details of the change reports on small rulesets written here: a glossary cut off is not compared, italic markup is no change, a moved and reworded block stays together, section counts, decided changes, a single-release index."""

from __future__ import annotations

import csv
import io

from align_helpers import ruleset
from mtgcr.crossref.align.releases import align_releases
from mtgcr.reports.diffview import diff_view
from mtgcr.extract.rulenum import RuleNumber as R
from mtgcr.reports.render import RENDERERS

_RULES = [("100.1", "These rules apply to any game."), ("100.2", "Each player needs a deck.")]
_GLOSS = [
    ("Ability", "Text on an object that does something."),
    ("Battlefield", "The zone where permanents exist."),
    ("Card", "A physical game piece."),
]


def test_truncated_glossary_is_not_compared():
    old = ruleset("20300110", _RULES, glossary=_GLOSS)
    new = ruleset("20300210", _RULES, glossary=_GLOSS[:1])  # cut off after "Ability"
    assert align_releases(old, new).summary()["glossary"]["removed"] == 2  # the false report
    new.truncated = True
    al = align_releases(old, new)
    assert al.glossary == []
    view = diff_view(al, old, new)
    note = "glossary not compared: 2030-02-10 is cut off in its glossary"
    assert view["summary"]["glossary_not_compared"] == note
    assert view["glossary"] == [] and view["summary"]["glossary"]["removed"] == 0
    md = RENDERERS["md"](view)
    assert md.count("Glossary not compared: 2030-02-10 is cut off in its glossary.") == 2
    assert "No glossary changes." not in md
    assert "Glossary not compared: 2030-02-10" in RENDERERS["html"](view)
    rows = list(csv.reader(io.StringIO(RENDERERS["csv"](view))))
    assert [r[:2] for r in rows if r[0] == "glossary"] == [["glossary", "not compared"]]
    assert [r[9] for r in rows if r[0] == "glossary"] == [note]


def test_whole_glossaries_are_compared():
    old = ruleset("20300110", _RULES, glossary=_GLOSS)
    new = ruleset("20300210", _RULES, glossary=_GLOSS[:2])
    view = diff_view(align_releases(old, new), old, new)
    assert view["summary"]["glossary_not_compared"] is None
    assert [(g["kind"], g["term"]) for g in view["glossary"]] == [("removed", "Card")]


def test_italic_markup_is_not_a_change():
    from mtgcr.crossref.textkey import compare_form, match_key

    assert compare_form("These _Magic_ rules apply.") == "These Magic rules apply."
    assert match_key("_Magic: The Gathering_ game") == "magic: the gathering game"
    assert compare_form("a_b_c and ____ stay") == "a_b_c and ____ stay"
    old = ruleset(
        "20300110",
        [
            ("100.1", "These _Magic_ rules apply to any _Magic_ game."),
            ("100.2", "Each player needs a deck."),
        ],
        glossary=[
            ("Nontraditional _Magic_ Card", "An oversized card."),
            ("Ability", "Text on an object."),
        ],
    )
    new = ruleset(
        "20300210",
        [
            ("100.1", "These Magic rules apply to any Magic game."),
            ("100.2", "Each player needs a deck."),
        ],
        glossary=[
            ("Nontraditional Magic Card", "An oversized card."),
            ("Ability", "Text on an object."),
        ],
    )
    al = align_releases(old, new)
    ch = al.change_of_old(R.parse("100.1"))
    assert ch.kind == "typography" and not ch.text_changed and ch.notes == ("typography only",)
    [g] = [g for g in al.glossary if g.old_term == "Nontraditional _Magic_ Card"]
    assert (g.kind, g.new_term) == ("typography", "Nontraditional Magic Card")
    assert al.old.label == "20300110" and al.new.label == "20300210"


def test_a_block_of_subrules_moved_and_reworded_stays_together():
    """The subrules after a matched subrule pair with the subrules after its match when
    similar enough, without the gap filling (which needs a matched rule closing the gap)."""
    old = ruleset(
        "20300110",
        [
            ("300.1", "Combat damage is dealt in the combat damage step of each turn."),
            ("300.2", "A player may divide combat damage as follows."),
            (
                "300.2a",
                "Each attacking creature and each blocking creature assigns combat damage equal to its power.",
            ),
            (
                "300.2b",
                "An unblocked attacking creature assigns all its combat damage to the defending player.",
            ),
            (
                "300.2c",
                "A blocked creature will assign combat damage, divided as its controller chooses, to the creatures blocking it, in any order.",
            ),
            ("400.1", "Zones are places where objects can be during a game."),
            ("400.2", "There are seven zones in every game."),
        ],
    )
    new = ruleset(
        "20300210",
        [
            ("300.1", "Combat damage is dealt in the combat damage step of each turn."),
            ("300.2", "Each player assigns combat damage as follows."),
            (
                "300.2a",
                "Each attacking creature and each blocking creature assigns combat damage equal to its power.",
            ),
            (
                "300.2b",
                "An unblocked attacking creature assigns all its combat damage to the defending player.",
            ),
            (
                "300.2c",
                "A blocked creature assigns its damage to its blockers; with no blockers left it assigns none.",
            ),
            ("300.2d", "Each creature's damage must be assigned fully before the next."),
            ("400.9", "A brand new rule about something else entirely, never seen."),
            ("400.1", "Zones are places where objects can be during a game."),
            ("400.2", "There are seven zones in every game."),
        ],
    )
    from mtgcr.crossref.align.options import AlignOptions

    al = align_releases(old, new, AlignOptions(max_gap=0))  # no gap filling: runs only
    assert al.forward(R.parse("300.2c")) == [R.parse("300.2c")]
    assert al.change_of_old(R.parse("300.2c")).kind == "modified"
    assert al.change_of_new(R.parse("300.2d")).kind == "added"


def test_sections_table_counts_the_rules_of_each_section():
    old = ruleset(
        "20300110",
        _RULES + [("210.1", "Hand modifiers change hand size.")],
        {"100": "General", "210": "Hand Modifier"},
    )
    new = ruleset(
        "20300210",
        _RULES
        + [
            ("210.1", "Defense is printed on battles."),
            ("211.1", "Hand modifiers change hand size."),
        ],
        {"100": "General", "210": "Defense", "211": "Hand Modifier"},
    )
    view = diff_view(align_releases(old, new), old, new)
    secs = {(s["kind"], s["old"], s["new"]): s for s in view["sections"]}
    added = secs[("added", None, "210")]
    assert (added["old_rules"], added["new_rules"], added["rules"]) == (None, 1, 0)
    moved = secs[("moved", "210", "211")]
    assert (moved["old_rules"], moved["new_rules"], moved["rules"]) == (1, 1, 1)
    md = RENDERERS["md"](view)
    assert "| added | — | 210 |  | Defense | — | 1 | 0 |" in md
    assert "paired: how many of them the alignment pairs" in md


def test_a_decided_change_names_its_decision():
    from mtgcr.crossref.decisions import Decision

    old = ruleset(
        "20300110",
        [("100.1", "Alpha rule text about mana."), ("100.2", "Beta rule text about cards.")],
    )
    new = ruleset(
        "20300210",
        [
            ("100.1", "Alpha rule text about mana."),
            ("100.2", "Gamma, an entirely unrelated sentence here."),
        ],
    )
    d = Decision(
        "same",
        "2030-01-10",
        "2030-02-10",
        (R.parse("100.2"),),
        (R.parse("100.2"),),
        note="checked by hand",
        source="decisions.toml:3",
    )
    al = align_releases(old, new, decisions=[d])
    view = diff_view(al, old, new, decisions=[d])
    [c] = [c for c in view["changes"] if c["old"] == ["100.2"]]
    assert c["decided"] is True
    assert c["decision"]["source"] == "decisions.toml:3"
    assert (
        c["decision"]["relation"],
        c["decision"]["old"],
        c["decision"]["new"],
        c["decision"]["note"],
    ) == ("same", ["100.2"], ["100.2"], "checked by hand")


def test_index_says_no_pairs_for_a_single_release():
    from mtgcr.reports.build_site import index_view
    from mtgcr.reports.render.html import render_index as html_index
    from mtgcr.reports.render.markdown import render_index as md_index

    rel = {
        "effective_date": "2030-01-10",
        "label": "20300110",
        "lang": "ja",
        "revision": None,
        "origin": "official",
        "complete": True,
        "truncated": False,
        "source": None,
        "counts": {"sections": 1, "rules": 2, "subrules": 0, "glossary": 0},
    }
    index = index_view([{"lang": "ja", "pairs": [], "releases": [rel]}])
    md = md_index(index)
    assert "## ja: no pairs (1 release)" in md
    assert "Only one complete ja release (2030-01-10) is stored" in md
    assert "| old | new |" not in md
    html = html_index(index)
    assert 'class="pairs"' not in html and "no pairs (1 release)" in html
