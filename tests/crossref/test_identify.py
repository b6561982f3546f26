"""mtgcr.crossref.identify on small rulesets written for these tests."""

from __future__ import annotations

from datetime import date

from mtgcr.crossref.identify import follow_section, identify, loose_key, text_key
from mtgcr.extract.model import Example, GlossaryEntry, Release, Rule, Ruleset, Section
from mtgcr.extract.rulenum import RuleNumber


def _rs(
    label: str,
    sections: dict[int, str],
    rules: dict[str, str],
    lang: str = "en",
    complete: bool = True,
) -> Ruleset:
    eff = date(int(label[:4]), int(label[4:6]), int(label[6:]))
    rs = Ruleset(release=Release(lang, label, eff), source=label, complete=complete)
    for n, t in sections.items():
        rs.sections[RuleNumber(n)] = Section(RuleNumber(n), t, 0)
    for num, text in rules.items():
        n = RuleNumber.parse(num)
        body, *examples = text.split(" || ")
        rs.rules[n] = Rule(n, body, 0, [Example(e, 0) for e in examples])
    return rs


R1 = _rs(
    "20300110",
    {710: "Leveler Cards", 711: "Taking Turns"},
    {"711.1": "Pay {T}: a player takes a turn.", "711.2": "Turns end. || A turn ends."},
)
R2 = _rs(
    "20300405",
    {710: "Leveler Cards", 711: "Taking Turns"},
    {"711.1": "Pay {T}: a player takes a turn.", "711.2": "Turns end. || A turn ends."},
)
R3 = _rs(
    "20300601",
    {711: "Taking Extra Turns"},
    {"711.1": "Pay {T}: a player takes an extra turn.", "711.2": "Turns end. || A turn ends."},
)
R4 = _rs(
    "20301001",
    {712: "Taking Extra Turns"},
    {"712.1": "Pay {T}: a player takes an extra turn.", "712.2": "Turns end."},
)


def test_keys():
    assert text_key("Player’s  turn — “here”") == 'Player\'s turn-"here"'
    assert loose_key("Pay {T}: add one. Example: Some 牌手 text.") == "pay add one some 牌手 text"


def test_exact_range_loose_match_and_after():
    page = _rs(
        "20300110",
        {710: "Leveler Cards", 711: "Taking Turns"},
        {
            "711.1": "Pay : a player takes a turn.",  # the symbol image is missing
            "711.2": "Turns end.\nA turn ends.",
        },  # the example label is missing
        complete=False,
    )
    ident = identify(page, [R4, R3, R2, R1])  # any order
    assert ident.exact and ident.releases == ["2030-01-10", "2030-04-05"]
    assert ident.ranges == [("2030-01-10", "2030-04-05")]
    ev = {str(e.number): e.status for e in ident.best[0].rules}
    assert ev == {"711.1": "same-loose", "711.2": "same-loose"}
    after = ident.after
    assert after.release == "2030-06-01" and not after.exact
    r = next(e for e in after.rules if str(e.number) == "711.1")
    assert r.status == "differs"
    assert r.changes == [
        {"op": "replace", "fragment": ":", "release": "{T}:"},
        {"op": "replace", "fragment": "a", "release": "an extra"},
    ]
    assert [(s.number.section, s.status, s.release_title) for s in after.sections] == [
        (710, "absent", None),
        (711, "differs", "Taking Extra Turns"),
    ]
    assert ident.lineage["711"][0].event == "retitled"
    assert [(s.event, s.release, str(s.number)) for s in ident.lineage["711"]] == [
        ("retitled", "2030-06-01", "711"),
        ("renumbered", "2030-10-01", "712"),
    ]
    d = ident.as_json()
    assert d["releases"] == ["2030-01-10", "2030-04-05"] and d["best"] == "2030-04-05"
    assert d["evidence"]["rules"][0] == {
        "number": "711.1",
        "status": "same-loose",
        "similarity": 100.0,
        "changes": [],
    }


def test_no_exact_match_lists_the_closest():
    frag = _rs(
        "20300110",
        {},
        {"711.1": "Pay {T}: a player takes a turn.", "711.2": "Turns stop."},
        complete=False,
    )
    ident = identify(frag, [R1, R2, R3, R4])
    assert not ident.exact
    assert ident.releases == ["2030-01-10", "2030-04-05"]
    ev = {str(e.number): (e.status, round(e.similarity)) for e in ident.best[0].rules}
    assert ev["711.1"] == ("same", 100) and ev["711.2"][0] == "differs"


def test_glossary_page_and_nothing_to_compare():
    g1 = GlossaryEntry("Block", (), "To declare a blocker.", 1)
    a = _rs("20300110", {}, {})
    a.glossary = [g1]
    b = _rs("20300405", {}, {})
    b.glossary = [GlossaryEntry("Block", (), "To declare a creature as a blocker.", 1)]
    page = _rs("20300110", {}, {}, complete=False)
    page.glossary = [GlossaryEntry("Block", (), "To  declare a blocker.", 5)]
    ident = identify(page, [a, b])
    assert ident.releases == ["2030-01-10"] and ident.exact
    assert identify(_rs("20300110", {}, {}), [a]).best == []
    assert identify(page, []).best == []


def test_translation_fragment_by_evidence():
    tr = _rs(
        "20300110", {}, {"711.1": "支付{T}：一位牌手进行一个回合。"}, lang="zh", complete=False
    )
    ident = identify(tr, [R1, R3])  # no ZH candidates: English, by evidence
    assert [e.status for e in ident.best[0].rules] == ["same"]
    assert ident.releases == ["2030-01-10", "2030-06-01"]  # the symbol is all it can tell
    assert ident.lineage == {}


def test_follow_section_gone():
    gone = _rs("20301101", {712: "Something Else"}, {"712.1": "Unrelated words entirely here."})
    steps = follow_section(R2, RuleNumber(711), [R3, gone])
    assert [s.event for s in steps] == ["retitled", "gone"]


def test_next_release_compared_through_the_alignment():
    """The release after the range inserted a section before the fragment's and merged two of
    its rules: the fragment's rules are followed to their new numbers, not compared with
    whatever now carries the old number."""
    a = _rs(
        "20310105",
        {720: "Subgames", 721: "Shortcuts"},
        {
            "720.1": "A subgame is a completely separate game played within the main game.",
            "720.2": "Cards in a subgame are removed from the main game for its duration.",
            "720.3": "A subgame ends when one player wins it or it is a draw.",
            "721.1": "Taking shortcuts is how players skip many steps at once.",
        },
    )
    b = _rs(
        "20310405",
        {720: "Night Cards", 721: "Subgames", 722: "Shortcuts"},
        {
            "720.1": "Night cards have a moon symbol printed in their upper left corner.",
            "720.2": "Night is a designation a game can have, and it starts with none.",
            "721.1": "A subgame is a completely separate game played within the main game.",
            "721.2": "Cards in a subgame are removed from the main game for its duration, and a "
            "subgame ends when one player wins it or it is a draw.",
            "722.1": "Taking shortcuts is how players skip many steps at once.",
        },
    )
    page = _rs(
        "20310105",
        {720: "Subgames"},
        {k: v for k, v in ((str(n), r.text) for n, r in a.rules.items()) if k[:3] == "720"},
        complete=False,
    )
    ident = identify(page, [a, b])
    assert ident.releases == ["2031-01-05"] and ident.after_source == "alignment"
    after = {str(e.number): e for e in ident.after.rules}
    assert (after["720.1"].status, after["720.1"].now) == ("same", (RuleNumber.parse("721.1"),))
    assert after["720.1"].change in ("moved", "renumbered")
    assert after["720.2"].change == after["720.3"].change == "merged"
    assert after["720.2"].now == after["720.3"].now == (RuleNumber.parse("721.2"),)
    assert after["720.3"].joined == (RuleNumber.parse("720.2"),)
    assert after["720.3"].status == "differs"
    sec = ident.after.sections[0]
    assert (sec.status, str(sec.release_number), sec.release_title) == ("same", "721", "Subgames")
    d = ident.as_json()
    assert d["after"]["rules"][2]["now"] == ["721.2"] and d["after_source"] == "alignment"
