"""Alignment of the real official English releases (../shared/corpus; skipped when absent).

One ``mtgcr build`` over all official EN files (plus the normalised 2023-06-16 copy) makes
the store and the report folder every test here reads. Expected values are established from
the files themselves (section titles found in each parsed release), not typed in, except the
well-known numbers the issue names.
"""

from __future__ import annotations

import json
from datetime import date

import pytest
from bs4 import BeautifulSoup

from helpers import CORPUS, OFFICIAL, need
from mtgcr.corpus.store import Store
from mtgcr.crossref.align.releases import align_releases
from mtgcr.crossref.chain import Chain, aligned_pair
from mtgcr.crossref.textkey import title_key
from mtgcr.extract.rulenum import RuleNumber as R
from mtgcr.cli.main import main

pytestmark = [pytest.mark.integration, pytest.mark.xdist_group("align_real")]

NORMALIZED_0616 = CORPUS / "en" / "normalized" / "20230616_En.txt"


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    need(OFFICIAL)
    need(NORMALIZED_0616)
    tmp = tmp_path_factory.mktemp("align_real")
    store, site = tmp / "store.sqlite", tmp / "site"
    code = main(
        [
            "--silent",
            "--store",
            str(store),
            "build",
            str(OFFICIAL),
            str(NORMALIZED_0616),
            "--out",
            str(site),
        ]
    )
    assert code == 0
    return store, site


@pytest.fixture(scope="module")
def chain(built):
    st = Store(built[0])
    yield Chain(st)
    st.close()


def _name(rel):
    return rel.effective_date.isoformat()


def _section_titled(rs, prefix_key):
    hits = [s for s in rs.sections.values() if title_key(s.title).startswith(prefix_key)]
    return hits


def test_build_index_lists_every_consecutive_pair(built, chain):
    _, site = built
    index = json.loads((site / "index.json").read_text(encoding="utf-8"))
    [en] = [x for x in index["languages"] if x["lang"] == "en"]
    n_files = len(list(OFFICIAL.glob("*.txt"))) + 1  # the official files and 2023-06-16
    assert len(en["releases"]) == len(chain) == n_files == 113
    names = [_name(r) for r in chain.releases]
    assert names == sorted(names) and names[0] == "2003-03-15" and names[-1] == "2026-01-16"
    assert [(p["old_name"], p["new_name"]) for p in en["pairs"]] == list(zip(names, names[1:]))
    soup = BeautifulSoup((site / "index.html").read_text(encoding="utf-8"), "lxml")
    rows = soup.select('table.pairs[data-lang="en"] tbody tr')
    assert [(r["data-old"], r["data-new"]) for r in rows] == list(zip(names, names[1:]))
    for p in en["pairs"][::20]:
        for rel in p["files"].values():
            assert (site / rel).stat().st_size > 0


def test_controlling_another_player_in_every_release(chain):
    lin = chain.lineage()
    k = chain.index("2023-11-17")
    [sec] = _section_titled(chain.ruleset(k), "controllinganotherplayer")
    hist = lin.history(sec.number, k)
    assert len(hist) == len(chain)
    for i, e in enumerate(hist):
        found = _section_titled(chain.ruleset(i), "controllinganotherplayer")
        if not found:
            assert e.numbers == () and e.kind == "absent", _name(e.release)
            continue
        [s] = found
        assert (e.number, e.title) == (s.number, s.title), _name(e.release)
    by = {_name(e.release): e for e in hist}
    assert by["2003-07-01"].kind == "absent" and by["2003-10-01"].kind == "added"
    assert (str(by["2009-05-01"].number), by["2009-05-01"].title) == (
        "507",
        "Controlling Another Player's Turn",
    )
    assert (str(by["2009-07-11"].number), by["2009-07-11"].kind) == ("710", "moved")
    assert (str(by["2010-07-16"].number), by["2010-07-16"].title) == (
        "711",
        "Controlling Another Player's Turn",
    )
    e = by["2010-10-01"]
    assert (str(e.number), e.kind, e.title) == ("711", "retitled", "Controlling Another Player")
    assert str(by["2026-01-16"].number) == "722"
    # the 2008-05-01 file prints "Player?s": a typographic defect, not a retitling
    assert by["2008-05-01"].kind == "unchanged" and by["2008-05-01"].title.endswith("Player?s Turn")
    assert len({e.lineage for e in hist if e.numbers}) == 1


def test_copying_objects_503_706_707(chain):
    lin = chain.lineage()
    k = chain.index("2023-11-17")
    hist = lin.history(R(707), k)
    by = {_name(e.release): e for e in hist}
    for i, e in enumerate(hist):
        if _name(e.release) < "2003-07-01":
            continue
        [s] = [s for s in chain.ruleset(i).sections.values() if s.title == "Copying Objects"]
        assert e.number == s.number, _name(e.release)
    assert (str(by["2003-03-15"].number), by["2003-03-15"].title) == (
        "503",
        "Copying Spells and Abilities",
    )
    assert (by["2003-07-01"].kind, by["2003-07-01"].title) == ("retitled", "Copying Objects")
    assert str(by["2009-05-01"].number) == "503" and str(by["2009-07-11"].number) == "706"
    assert str(by["2021-06-18"].number) == "706" and str(by["2021-07-23"].number) == "707"
    assert [e.kind for e in hist if e.kind not in ("unchanged",)] == [
        "initial",
        "retitled",
        "moved",
        "moved",
    ]


def test_2023_04_14_restructure_of_712(chain):
    al = chain.alignment(chain.index("2023-02-03"))
    assert _name(al.new) == "2023-04-14"
    sec = {str(s.old): s for s in al.sections if s.old is not None}
    assert (sec["713"].kind, str(sec["713"].new), sec["713"].old_title) == (
        "merged",
        "712",
        "Meld Cards",
    )
    assert (sec["714"].kind, str(sec["714"].new), sec["714"].new_title) == (
        "moved",
        "713",
        "Substitute Cards",
    )
    assert sec["712"].kind == "unchanged" and sec["713"].rules >= 15
    for x in "abcdef":  # the six meld pairs
        assert al.forward(R.parse(f"713.2{x}")) == [R.parse(f"712.5{x}")]
    for x in ("", "a", "b", "c", "d", "e"):
        c = al.change_of_old(R.parse(f"713.5{x}"))
        assert (c.kind, str(c.new[0])) == ("moved", f"712.21{x}")
    assert al.forward(R.parse("714.2c")) == [R.parse("713.2c")]
    assert al.change_of_old(R.parse("714.2c")).kind == "renumbered"


def test_modal_double_faced_subrules_relettered(chain):
    al = chain.alignment(chain.index("2023-04-14"))
    assert _name(al.new) == "2023-06-16"
    for a, b in zip("def", "abc"):
        c = al.change_of_old(R.parse(f"712.3{a}"))
        assert (c.kind, [str(n) for n in c.new]) == ("renumbered", [f"712.3{b}"])
    old, new = chain.ruleset(chain.index("2023-04-14")), chain.ruleset(chain.index("2023-06-16"))
    assert old.get("712.3d").text == new.get("712.3a").text
    assert old.get("712.3a") is None and new.get("712.3d") is None


def test_712_8e_back_to_712_4d(chain, capsys):
    lin = chain.lineage()
    h = {_name(e.release): e for e in lin.history(R.parse("712.8e"), chain.index("2023-11-17"))}
    assert str(h["2022-11-18"].number) == "712.4d"
    r = lin.remap(R.parse("712.4d"), chain.index("2022-11-18"), chain.index("2023-11-17"))
    assert r.numbers == [R.parse("712.8e")]
    code = main(
        [
            "--silent",
            "--store",
            str(chain.store.path),
            "remap",
            "712.8e",
            "--from",
            "2023-11-17",
            "--to",
            "2022-11-18",
        ]
    )
    assert (
        code == 0 and capsys.readouterr().out.strip() == "712.8e (2023-11-17) → 712.4d (2022-11-18)"
    )


def test_release_aligned_with_itself_is_unchanged(chain):
    rs = chain.ruleset(chain.index("2023-11-17"))
    al = align_releases(rs, rs)
    s = al.summary()
    assert s["rules"]["unchanged"] == len(rs.rules) == 2899 and s["unchanged_share"] == 1.0
    assert {x.kind for x in al.sections} == {"unchanged"} and {g.kind for g in al.glossary} == {
        "unchanged"
    }


def test_2009_rewrite_aligns_what_texts_support(chain):
    old, new, al = aligned_pair(chain.store, "2009-05-01", "2009-07-11")
    assert (old.release.effective_date, new.release.effective_date) == (
        date(2009, 5, 1),
        date(2009, 7, 11),
    )
    sec = {str(s.old): s for s in al.sections if s.old is not None}
    assert (str(sec["507"].new), sec["507"].kind) == ("710", "moved")
    assert (str(sec["503"].new), sec["503"].new_title) == ("706", "Copying Objects")
    s = al.summary()
    assert s["rules"]["unchanged"] < 10  # everything was renumbered
    aligned_old = s["old_rules"] - s["old_unaligned"]
    assert s["old_unaligned"] == sum(
        len(c.old) for c in al.changes if c.kind in ("removed", "ambiguous")
    )
    assert aligned_old / s["old_rules"] > 0.8  # most old rules found a counterpart …
    assert s["old_unaligned"] > 50  # … but not all: the rewrite dropped or recast many


def test_diff_cli_on_real_pairs(chain, capsys):
    store = str(chain.store.path)
    assert (
        main(["--silent", "--store", store, "diff", "2010-07-16", "2010-10-01", "--format", "json"])
        == 0
    )
    d = json.loads(capsys.readouterr().out)
    [s] = [s for s in d["sections"] if s["old"] == "711"]
    assert (s["kind"], s["new_title"]) == ("retitled", "Controlling Another Player")
    assert (
        main(
            [
                "--silent",
                "--store",
                store,
                "diff",
                "2022-11-18",
                "2023-11-17",
                "--section",
                "712",
                "--format",
                "json",
            ]
        )
        == 0
    )
    d = json.loads(capsys.readouterr().out)
    c = [c for c in d["changes"] if c["old"] == ["712.4d"]][0]
    assert c["new"] == ["712.8e"] and c["kind"] == "modified" and 0.8 < c["similarity"] < 1
    assert all(k in c for k in ("kind", "old", "new", "similarity"))


def _diff_json(store, old, new, capsys, *extra):
    capsys.readouterr()
    assert (
        main(["--silent", "--store", str(store), "diff", old, new, "--format", "json", *extra]) == 0
    )
    return json.loads(capsys.readouterr().out)


def _mapped(view):
    """old number → sorted new numbers, for every change of a diff JSON view."""
    out = {}
    for c in view["changes"]:
        for n in c["old"]:
            out[n] = sorted(c["new"]) if c["kind"] not in ("removed", "ambiguous") else []
    return out


def test_distant_diff_follows_the_chain_like_remap(chain, capsys):
    """diff between non-neighbours composes the consecutive alignments: every changed rule
    maps as remap says (the user's cases: 704.5v, 903.4c/d, 509.4; 712.15 and 712.1a)."""
    store = chain.store.path
    lin = chain.lineage()
    for old, new, cases in (
        (
            "2010-07-16",
            "2026-01-16",
            {"704.5v": ["704.6e"], "903.4c": ["903.5c"], "903.4d": ["903.5d"], "509.4": ["509.2a"]},
        ),
        ("2022-06-10", "2023-10-13", {"712.15": ["712.19"]}),
    ):
        view = _diff_json(store, old, new, capsys)
        assert view["alignment"]["method"] == "chain"
        assert "composed from the consecutive alignments" in view["alignment"]["reason"]
        mapped = _mapped(view)
        i, j = chain.index(old), chain.index(new)
        for n, want in cases.items():
            assert mapped[n] == want
            assert sorted(map(str, lin.remap(R.parse(n), i, j).numbers)) == want
        disagree = [
            n
            for c in view["changes"]
            if c["kind"] != "unchanged"
            for n in c["old"]
            if sorted(map(str, lin.remap(R.parse(n), i, j).numbers)) != mapped[n]
        ]
        assert disagree == []
    view = _diff_json(store, "2022-06-10", "2023-10-13", capsys)
    [ch] = [c for c in view["changes"] if "712.1a" in c["old"]]
    assert ch["kind"] != "ambiguous"
    assert ch["new"] == [
        str(n)
        for n in lin.remap(
            R.parse("712.1a"), chain.index("2022-06-10"), chain.index("2023-10-13")
        ).numbers
    ]


def test_neighbour_and_reversed_diffs_say_how_they_were_aligned(chain, capsys):
    view = _diff_json(chain.store.path, "2023-11-17", "2022-11-18", capsys)
    assert view["alignment"]["method"] == "chain"
    mapped = _mapped(view)
    assert mapped["712.8e"] == ["712.4d"]
    view = _diff_json(chain.store.path, "2023-10-13", "2023-11-17", capsys)
    assert view["alignment"]["method"] == "consecutive"


def test_no_false_stale_reference_notes(chain, capsys):
    """712.3→712.7 (updated "rule 714" → "rule 713") and 723.6 in 2023-02-03→2023-04-14, and
    104.6 in 2023-11-17→2024-02-02 (its 724 is Restarting the Game there) are not stale;
    724.6 of 2024-02-02 still cites 724 as the subgame rule (now 725) and is."""

    def notes(old, new):
        view = _diff_json(chain.store.path, old, new, capsys, "--all")
        return {
            n: [x for x in c["notes"] if x.startswith("cites")]
            for c in view["changes"]
            for n in c["new"]
        }

    n = notes("2023-02-03", "2023-04-14")
    assert n["712.7"] == [] and n["723.6"] == []
    n = notes("2023-11-17", "2024-02-02")
    assert n["104.6"] == []
    assert n["724.6"] == ["cites 724, which is now 725"]


def test_glossary_of_the_cut_off_2013_02_01_is_not_compared(built, chain, capsys):
    """2013-02-01 is cut off in its glossary: neither report around it compares glossaries,
    and the build index says so (it listed ~440 entries removed, then added)."""
    assert chain.ruleset(chain.index("2013-02-01")).truncated
    assert not chain.ruleset(chain.index("2012-10-01")).truncated
    note = "glossary not compared: 2013-02-01 is cut off in its glossary"
    for old, new in (("2012-10-01", "2013-02-01"), ("2013-02-01", "2013-05-01")):
        view = _diff_json(chain.store.path, old, new, capsys)
        assert view["summary"]["glossary_not_compared"] == note
        assert view["glossary"] == []
    view = _diff_json(chain.store.path, "2012-10-01", "2013-05-01", capsys)
    assert view["summary"]["glossary_not_compared"] is None
    assert view["summary"]["glossary"]["removed"] < 50
    _, site = built
    index = json.loads((site / "index.json").read_text(encoding="utf-8"))
    [en] = [x for x in index["languages"] if x["lang"] == "en"]
    flagged = [
        (p["old_name"], p["new_name"]) for p in en["pairs"] if p["summary"]["glossary_not_compared"]
    ]
    assert flagged == [("2012-10-01", "2013-02-01"), ("2013-02-01", "2013-05-01")]
    md = (site / "index.md").read_text(encoding="utf-8")
    assert f"- 2012-10-01 → 2013-02-01: {note}" in md
    assert "cut off in the glossary (rule tree whole): 2013-02-01" in md


def _ital(text):
    import re

    return re.sub(r"\b_([A-Za-z][^_]*?)_\b", r"\1", text)


def test_italic_markup_alone_is_no_change(chain):
    """Older files mark italics as _Magic_; a rule or glossary entry differing only in that
    markup is not modified / removed + added, but typography (or renumbered)."""
    seen = 0
    for k in range(len(chain) - 1):
        al, old, new = chain.alignment(k), chain.ruleset(k), chain.ruleset(k + 1)
        for c in al.changes:
            if len(c.old) == 1 and len(c.new) == 1:
                a, b = old.rules[c.old[0]].text, new.rules[c.new[0]].text
                if a != b and "_" in a + b and _ital(a) == _ital(b):
                    seen += 1
                    assert not c.text_changed and c.kind in ("typography", "renumbered"), c
        terms = {(g.kind, g.old_term, g.new_term) for g in al.glossary}
        if chain.infos[k].label == "20140201":
            assert (
                "typography",
                "Nontraditional _Magic_ Card",
                "Nontraditional Magic Card",
            ) in terms
    assert seen >= 8


def test_2009_block_310_2_continues_as_510_1(chain):
    """310.2a–d moved to 510.1a–d together; 510.1c/d restate 310.2c/d in new words."""
    _, _, al = aligned_pair(chain.store, "2009-05-01", "2009-07-11")
    for a, b in (
        ("310.2a", "510.1a"),
        ("310.2b", "510.1b"),
        ("310.2c", "510.1c"),
        ("310.2d", "510.1d"),
    ):
        assert al.forward(R.parse(a)) == [R.parse(b)]
    assert al.change_of_new(R.parse("510.1e")).kind == "added"
