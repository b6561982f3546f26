"""Integration: the JA quotes of §712 in the seeds (../shared/seeds 000 = JA 20231117.0,
001 = JA 20221118.0) aligned through the EN releases 2022-11-18 and 2023-11-17
(../shared/corpus/en/official); `diff --section` on the real 2023-04-14 restructure of 712.

Expected renumberings are the EN alignment's; the test checks each against the EN alignment
computed here, and each JA pair against the EN pairing.
"""

from __future__ import annotations

import json

import pytest
from bs4 import BeautifulSoup

from helpers import OFFICIAL, SHARED, need
from mtgcr.corpus.store import Store
from mtgcr.crossref.align.releases import align_releases
from mtgcr.crossref.chain import aligned_pair
from mtgcr.crossref.translation.xlang import translation_alignment
from mtgcr.extract.rulenum import RuleNumber as R
from mtgcr.cli.main import main

pytestmark = [pytest.mark.integration, pytest.mark.xdist_group("xlang_seeds")]

SEEDS = SHARED / "seeds"

#: Every rule the JA 20221118.0 quote of §712 has (seed 001), and what it is in 20231117
#: according to the EN alignment: (kind of the EN group, new numbers).
RENUMBERING = {
    "712.1": ("split", ["712.2", "712.3"]),
    "712.1a": ("renumbered", ["712.2a"]),
    "712.1b": ("modified", ["712.2b"]),
    "712.1c": ("renumbered", ["712.2c"]),
    "712.1d": ("renumbered", ["712.3a"]),
    "712.1e": ("renumbered", ["712.3b"]),
    "712.1f": ("renumbered", ["712.3c"]),
    "712.1g": ("modified", ["712.4"]),
    "712.2": ("modified", ["712.6"]),
    "712.3": ("renumbered", ["712.7"]),
    "712.4": ("merged", ["712.8"]),
    "712.4a": ("renumbered", ["712.8a"]),
    "712.4b": ("modified", ["712.8c"]),
    "712.4c": ("modified", ["712.8d"]),
    "712.4d": ("modified", ["712.8e"]),
    "712.4e": ("renumbered", ["712.8f"]),
    "712.5": ("modified", ["712.9"]),
    "712.7": ("split", ["712.11", "712.11b"]),
    "712.7a": ("renumbered", ["712.11c"]),
    "712.7b": ("renumbered", ["712.11d"]),
    "712.8": ("modified", ["712.12"]),
    "712.9": ("modified", ["712.13"]),
    "712.10": ("renumbered", ["712.14"]),
    "712.10a": ("renumbered", ["712.14a"]),
    "712.10b": ("renumbered", ["712.14b"]),
    "712.11": ("renumbered", ["712.15"]),
    "712.11a": ("renumbered", ["712.15a"]),
    "712.12": ("modified", ["712.16"]),
    "712.13": ("renumbered", ["712.17"]),
    "712.14": ("renumbered", ["712.18"]),
    "712.15": ("merged", ["712.19"]),
    "712.16": ("renumbered", ["712.20"]),
}


@pytest.fixture(scope="module")
def store(tmp_path_factory):
    need(SEEDS)
    files = [need(OFFICIAL / "2022-11-18.txt"), need(OFFICIAL / "2023-11-17.txt"), SEEDS]
    path = tmp_path_factory.mktemp("xlang") / "store.sqlite"
    assert main(["--silent", "--store", str(path), "ingest", *map(str, files)]) == 0
    return path


@pytest.fixture(scope="module")
def cross(store):
    with Store(store) as st:
        yield translation_alignment(st, "20221118", "20231117", "ja")


@pytest.fixture(scope="module")
def en(store):
    with Store(store) as st:
        return aligned_pair(st, "2022-11-18", "2023-11-17")


def test_projection_is_used_and_said(cross):
    assert cross.basis == "projected"
    assert cross.reason.startswith("projected from the en alignment of 2022-11-18 → 2023-11-17")
    assert not cross.old.complete and not cross.new.complete
    po, pn = cross.pairings
    assert po.counts()["conflict"] == pn.counts()["conflict"] == 0
    assert not cross.unprojected()


def test_renumbering_rule_by_rule(cross, en):
    _, _, en_al = en
    assert set(map(str, cross.old.rules)) == set(RENUMBERING)
    got = {}
    for c in cross.alignment.changes:
        for n in c.old:
            got[str(n)] = [str(m) for m in c.new]
    assert got == {k: new for k, (_, new) in RENUMBERING.items()}
    for old, (kind, new) in RENUMBERING.items():  # the EN alignment says the same
        ch = en_al.change_of_old(R.parse(old))
        assert (ch.kind, [str(m) for m in ch.new]) == (kind, new), old
    groups = {tuple(map(str, c.old)): c for c in cross.alignment.changes}
    assert str(groups[("712.4d",)].new[0]) == "712.8e" and groups[("712.4d",)].kind == "modified"
    # EN only swapped ® and ™ in 712.1a (typography, no edit); the JA text is the same
    assert en_al.change_of_old(R.parse("712.1a")).notes == ("typography only",)
    c = groups[("712.1a",)]
    assert c.kind == "renumbered" and not c.text_changed
    # the JA 712.7b was retranslated (計算 → 評価) while the EN text only changed its number
    c = groups[("712.7b",)]
    assert c.kind == "modified" and "the ja text changed; the en text did not" in c.notes
    # half of each merge is in section 713, which the 2022 quote does not have
    assert groups[("712.4",)].notes == ("also 713.4 of 20221118 (not quoted)",)
    # rules EN added that the 2023 quote has
    assert sorted(str(c.new[0]) for c in cross.alignment.changes if c.kind == "added") == [
        "712.13a",
        "712.4b",
    ]


def test_each_quote_skips_the_same_rule(cross, en):
    _, _, en_al = en
    assert R.parse("712.6") not in cross.old.rules and R.parse("712.10") not in cross.new.rules
    assert en_al.forward(R.parse("712.6")) == [R.parse("712.10")]
    assert not any(
        R.parse("712.6") in c.old or R.parse("712.10") in c.new for c in cross.alignment.changes
    )


def test_disagreements_are_real(cross, en):
    _, _, en_al = en
    direct = align_releases(cross.old, cross.new)
    assert [(list(map(str, d.old)), list(map(str, d.new))) for d in cross.disagreements] == [
        (["712.1"], ["712.1", "712.2", "712.3"]),
        (["712.7"], ["712.11", "712.11a", "712.11b"]),
    ]
    for d, (new_rule, en_source) in zip(
        cross.disagreements, [("712.1", "713.1"), ("712.11a", "713.8")]
    ):
        # the direct JA alignment gives the old JA rule a new rule that, per EN, comes from a
        # 713 rule the 2022 quote does not have
        old = d.old[0]
        assert R.parse(new_rule) in direct.change_of_old(old).new
        assert R.parse(new_rule) not in en_al.change_of_old(old).new
        assert [str(n) for n in en_al.change_of_new(R.parse(new_rule)).old] == [en_source]
        assert R.parse(en_source) not in cross.old.rules
        assert d.notes == [f"{en_source} of 20221118 not quoted"]


def test_diff_cli_json_md_html(store, capsys):
    args = ["--silent", "--store", str(store), "diff", "20221118", "20231117", "--lang", "ja"]
    assert main(args + ["--format", "json"]) == 0
    d = json.loads(capsys.readouterr().out)
    assert d["alignment"]["basis"] == "projected"
    assert len(d["alignment"]["disagreements"]) == 2
    mod = next(c for c in d["changes"] if c["old"] == ["712.4d"])
    # the JA word diff is on SudachiPy words: カード → パーマネント as whole words
    assert ["delete", "カード"] in mod["diff"] and ["insert", "パーマネント"] in mod["diff"]
    assert main(args) == 0
    md = capsys.readouterr().out
    assert "## Alignment" in md and "Projected from the en alignment" in md
    assert "- projected 712.7 → 712.11 + 712.11b (split)" in md
    assert main(args + ["--format", "html"]) == 0
    soup = BeautifulSoup(capsys.readouterr().out, "lxml")
    assert soup.select_one("#alignment-basis")["data-basis"] == "projected"
    assert [li["data-old"] for li in soup.select("#disagreements li")] == ["712.1", "712.7"]


def test_direct_alignment_when_only_the_quotes_are_stored(tmp_path, capsys):
    need(SEEDS)
    path = tmp_path / "s.sqlite"
    assert main(["--silent", "--store", str(path), "ingest", str(SEEDS)]) == 0
    with Store(path) as st:
        x = translation_alignment(st, "20221118", "20231117", "ja")
    assert (
        x.basis == "direct" and "no complete en release of label 20221118 and 20231117" in x.reason
    )
    got = {str(c.old[0]): [str(n) for n in c.new] for c in x.alignment.changes if c.old}
    # on its own the quote still finds the renumbering of the rules that stayed in 712
    for old in ("712.1d", "712.4d", "712.7a", "712.10", "712.16"):
        assert got[old] == RENUMBERING[old][1]


def test_history_of_712_8e_in_japanese(store, capsys):
    assert (
        main(
            [
                "--silent",
                "--store",
                str(store),
                "history",
                "712.8e",
                "--lang",
                "ja",
                "--format",
                "json",
            ]
        )
        == 0
    )
    h = json.loads(capsys.readouterr().out)
    assert [
        (e["release"], e["number"], e["translation"]["status"], e["translation"]["revision"])
        for e in h
    ] == [("2022-11-18", "712.4d", "quoted", "0"), ("2023-11-17", "712.8e", "quoted", "0")]


def test_section_712_between_2023_02_03_and_2023_04_14(tmp_path, capsys):
    """713 Meld Cards was folded into 712: its removed rules belong to the 712 report."""
    files = [need(OFFICIAL / "2023-02-03.txt"), need(OFFICIAL / "2023-04-14.txt")]
    path = tmp_path / "s.sqlite"
    assert main(["--silent", "--store", str(path), "ingest", *map(str, files)]) == 0
    capsys.readouterr()
    assert (
        main(
            [
                "--silent",
                "--store",
                str(path),
                "diff",
                "2023-02-03",
                "2023-04-14",
                "--section",
                "712",
                "--format",
                "json",
            ]
        )
        == 0
    )
    d = json.loads(capsys.readouterr().out)
    removed = {c["old"][0] for c in d["changes"] if c["kind"] == "removed"}
    assert {"713.6", "713.7", "713.10", "713.11", "713.4c"} <= removed
    assert all(n.startswith("713.") for n in removed)
    assert any(
        s["old"] == "713" and s["new"] == "712" and s["kind"] == "merged" for s in d["sections"]
    )
    counts = {}
    for c in d["changes"]:
        counts[c["kind"]] = counts.get(c["kind"], 0) + 1
    assert {k: v for k, v in d["summary"]["rules"].items() if v and k != "unchanged"} == counts
    assert d["summary"]["old_rules"] < 200  # the section, not the ~2,800 rules of the release
    assert (
        main(
            [
                "--silent",
                "--store",
                str(path),
                "diff",
                "2023-02-03",
                "2023-04-14",
                "--section",
                "999",
            ]
        )
        == 2
    )
    assert "no section 999 in en 2023-02-03 or in en 2023-04-14" in capsys.readouterr().err
