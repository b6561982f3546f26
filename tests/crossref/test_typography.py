"""Typography is a relation of its own, never an edit (texts written for the tests in the
forms the EN files use: ``?`` for quotes as official 2008-05-01 prints them, U+FFFD as the
2001–2002 archive copies, ``(TM)``/``_italics_``/``<url>`` as the 2009–2014 files)."""

from __future__ import annotations

import csv
import io

import pytest

from align_helpers import TEXTS, numbered, ruleset
from mtgcr.crossref.align.releases import align_releases
from mtgcr.crossref.typography import typography_form, typography_only
from mtgcr.crossref.worddiff import word_diff
from mtgcr.extract.model import GlossaryEntry
from mtgcr.extract.rulenum import RuleNumber as R
from mtgcr.reports.diffview import diff_view
from mtgcr.reports.render import RENDERERS

T = TEXTS


@pytest.mark.parametrize(
    "old,new",
    [
        (
            "Each player may shuffle his or her opponents' decks.",
            "Each player may shuffle his or her opponents? decks.",
        ),
        ('See section 6, "Multiplayer Rules."', "See section 6, ?Multiplayer Rules.?"),
        ("See the DCI(r) Floor Rules.", "See the DCI? Floor Rules."),
        ("many _Odyssey_ (TM) block cards", "many Odyssey™ block cards"),
        ("the _Future Sight_(R) set", "the Future Sight® set"),
        (
            "found at <Wizards.com/WPN/Events/Rules.aspx>.",
            "found at Wizards.com/WPN/Events/Rules.aspx.",
        ),
        (
            "Magic: The Gathering\ufffdSeventh Edition\ufffd game",
            "Magic: The Gathering--Seventh Edition(tm) game",
        ),
        ("rules 212\ufffd215", "rules 212–215"),
        ("Creature \ufffd Minotaur", "Creature -- Minotaur"),
        ("Dand\ufffdn", "Dandân"),
        ("AEther Storm", "Æther Storm"),
        ("a player’s “timeshifted” frame", "a player's 'timeshifted' frame"),
        ("a card\nthat was wrapped", "a card that  was wrapped"),
    ],
)
def test_typography_only_pairs(old, new):
    assert typography_only(old, new) and typography_only(new, old)


@pytest.mark.parametrize(
    "old,new",
    [
        ("the team's starting life total of 30", "the team's starting life total is 30"),
        ("See rule 102.", "See Rule 102."),  # case is wording
        ("any one player", "anyone player"),  # a space between words is wording
        ("gets -1/-1", "gets 1/1"),  # a minus sign is not lost typography
        ("Does it?", "Does it."),  # '?' stands only for a non-ASCII character
        ("x \ufffd y", "xy"),
        ("Dand\ufffdn", "Dandan"),  # nor for an ASCII letter
        ("the players hands", "the player's hands"),  # plural or possessive is wording
        ("the players hands", "the player?s hands"),
    ],
)
def test_real_edits_are_not_typography(old, new):
    assert not typography_only(old, new)


def test_typography_form_drops_marks_and_markup():
    assert (
        typography_form("_Magic_ (TM) at <MTGCommander.net> -- “fun”")
        == "Magic at MTGCommander.net-'fun'"
    )


def test_quote_losses_are_typography_not_modified():
    texts = ["Each player's deck has forty cards.", 'This is called the "mulligan" rule.']
    old = ruleset("20300110", numbered(100, texts + T[2:5]))
    new = ruleset(
        "20300405", numbered(100, [t.replace("'", "?").replace('"', "?") for t in texts] + T[2:5])
    )
    al = align_releases(old, new)
    s = al.summary()
    assert s["rules"]["typography"] == 2 and s["rules"]["modified"] == 0
    c = al.change_of_old(R.parse("100.1"))
    assert (c.kind, c.text_changed, c.similarity) == ("typography", False, 1.0)
    # reports: counted apart, listed only on request
    view = diff_view(al, old, new)
    assert view["summary"]["rules"]["typography"] == 2
    assert [c["kind"] for c in view["changes"]] == []
    md = RENDERERS["md"](view)
    assert "| typography | 2 | 2 | 2 |" in md and "Typography only" not in md
    view = diff_view(al, old, new, include_typography=True)
    assert [c["kind"] for c in view["changes"]] == ["typography", "typography"]
    assert view["changes"][0]["diff"] == [
        ["equal", "Each "],
        ["delete", "player's"],
        ["insert", "player?s"],
        ["equal", " deck has forty cards."],
    ]
    assert "## Typography only (listed on request)" in RENDERERS["md"](view)
    html = RENDERERS["html"](view)
    assert html.count('data-kind="typography"') == 3  # summary row + two articles
    rows = list(csv.DictReader(io.StringIO(RENDERERS["csv"](view))))
    [summ] = [r for r in rows if r["type"] == "summary" and r["kind"] == "typography"]
    assert (summ["old"], summ["new"], summ["notes"]) == ("2", "2", "groups: 2")
    assert [r["kind"] for r in rows if r["type"] == "rule"] == ["typography", "typography"]


def test_real_edit_with_typography_is_modified_and_its_diff_shows_the_edit_only():
    old = ruleset(
        "20300110", numbered(100, ["A player's deck can't have more than four copies."] + T[1:4])
    )
    new = ruleset(
        "20300405", numbered(100, ["A player?s deck can?t have more than five copies."] + T[1:4])
    )
    al = align_releases(old, new)
    c = al.change_of_old(R.parse("100.1"))
    assert c.kind == "modified" and c.text_changed
    view = diff_view(al, old, new)
    [ch] = view["changes"]
    changed = [(op, t) for op, t in ch["diff"] if op != "equal"]
    assert changed == [("delete", "four"), ("insert", "five")]
    assert "".join(t for op, t in ch["diff"] if op != "delete") == new.rules[R.parse("100.1")].text


def test_renumbered_with_typography_stays_renumbered():
    old = ruleset("20300110", numbered(100, T[0:2] + ["A token's name is its type."] + T[3:5]))
    new = ruleset(
        "20300405", numbered(100, T[0:2] + [T[10], "A token?s name is its type."] + T[3:5])
    )
    c = align_releases(old, new).change_of_old(R.parse("100.3"))
    assert (c.kind, str(c.new[0]), c.notes) == ("renumbered", "100.4", ("typography only",))


def test_glossary_alias_quotes_are_typography():
    text = "A keyword ability. See rule 100.2."
    old = ruleset("20300110", numbered(100, T[:3]))
    new = ruleset("20300405", numbered(100, T[:3]))
    old.glossary.append(GlossaryEntry("Banding", ('"Bands with Other"',), text, 10))
    new.glossary.append(GlossaryEntry("Banding", ("\u201cBands with Other\u201d",), text, 10))
    [g] = align_releases(old, new).glossary
    assert (g.kind, g.notes) == ("typography", ("alias typography only",))
    new.glossary[0] = GlossaryEntry("Banding", ("Bands with Others",), text, 10)
    [g] = align_releases(old, new).glossary
    assert (g.kind, g.notes) == ("changed", ("aliases changed",))


def test_word_diff_folds_typography_and_keeps_real_changes():
    assert word_diff("a player's hand: foo", "a player?s hand: bar", fold_typography=True) == [
        ("equal", "a player?s hand: "),
        ("delete", "foo"),
        ("insert", "bar"),
    ]
    assert word_diff("can't stop", "can?t go", fold_typography=True) == [
        ("equal", "can?t "),
        ("delete", "stop"),
        ("insert", "go"),
    ]
    assert word_diff("can't stop", "can?t go") != word_diff(
        "can't stop", "can?t go", fold_typography=True
    )


def test_glossary_headword_with_lost_quotes_is_the_same_entry():
    old = ruleset(
        "20300110",
        numbered(100, T[:3]),
        glossary=[
            ('Intervening "If" Clause', "A condition. See rule 100.2."),
            ("Attacks and Isn't Blocked", "An attack. See rule 100.3."),
        ],
    )
    new = ruleset(
        "20300405",
        numbered(100, T[:3]),
        glossary=[
            ("Intervening ?If? Clause", "A condition. See rule 100.2."),
            ("Attacks and Isn?t Blocked", "An attack. See rule 100.3."),
        ],
    )
    kinds = [(g.kind, g.old_term) for g in align_releases(old, new).glossary]
    assert kinds == [
        ("typography", 'Intervening "If" Clause'),
        ("typography", "Attacks and Isn't Blocked"),
    ]
