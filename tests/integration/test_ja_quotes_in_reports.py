"""Integration: what a user found on the real corpus with the JA wiki quotes (../shared/seeds)
against the complete JA 20260116 (../shared/corpus/ja/full) and EN 2023-11-17, 2026-01-16
(../shared/corpus/en/official).

The seeds quote 115.7e, 115.9a–c (seed 003) and 712.21–712.21e (seed 000) without their
examples, and seed 003 shows ``[[[呪文]]や能力]`` — wiki link markup as typed — where the
official text has ``[呪文や能力]``; neither is an edit of the translation.
"""

from __future__ import annotations

import pytest

from helpers import CORPUS, OFFICIAL, SHARED, need
from mtgcr.corpus.store import Store
from mtgcr.crossref.translation.xlang import translation_alignment
from mtgcr.extract.rulenum import RuleNumber
from mtgcr.cli.main import main

pytestmark = [pytest.mark.integration, pytest.mark.xdist_group("ja_user_report")]


@pytest.fixture(scope="module")
def store(tmp_path_factory):
    files = [
        need(OFFICIAL / "2023-11-17.txt"),
        need(OFFICIAL / "2026-01-16.txt"),
        need(SHARED / "seeds"),
        need(CORPUS / "ja" / "full"),
    ]
    path = tmp_path_factory.mktemp("ja_user") / "store.sqlite"
    assert main(["--silent", "--store", str(path), "ingest", *map(str, files)]) == 0
    return path


def _run(store, capsys, *args):
    capsys.readouterr()
    code = main(["--store", str(store), *args])
    return code, capsys.readouterr().out


@pytest.fixture(scope="module")
def cross(store):
    with Store(store) as st:
        return translation_alignment(st, "20231117", "20260116", "ja")


def _change(cross, num):
    c = cross.alignment.change_of_old(RuleNumber.parse(num))
    assert c is not None, f"{num} not aligned"
    return c


@pytest.mark.parametrize(
    "num",
    ["115.1a", "115.7e", "115.9a", "115.9b", "115.9c", "712.21", "712.21b", "712.21c", "712.21d"],
)
def test_quotes_without_examples_or_with_wiki_links_are_not_edits(cross, num):
    c = _change(cross, num)
    assert c.kind == "unchanged" and not c.text_changed, c
    assert not any("the ja text changed" in n for n in c.notes), c


def test_examples_are_set_aside_with_a_note(cross):
    c = _change(cross, "115.7e")
    assert any("not examples: the ja quote of 20231117 has none" in n for n in c.notes), c.notes


def test_a_real_translation_edit_is_still_found(cross):
    # 712.9 of the JA quote (seed 000) and of the official 20260116 differ in wording
    c = _change(cross, "712.9")
    assert c.kind == "modified" and c.similarity < 0.9


def test_the_shown_diff_leaves_out_examples_the_quote_lacks(store, capsys):
    code, out = _run(
        store, capsys, "diff", "20231117", "20260116", "--lang", "ja", "--section", "712"
    )
    assert code == 0
    block = out[out.index("### 712.9 → 712.9") :]
    block = block[: block.index("\n### ", 5)]
    assert "両面トークンや合体カードではない両面カードで" in block
    assert "クローン" not in block  # the first example of 712.9 in 20260116


def test_not_quoted_rules_are_summarised_and_listed_last(store, capsys):
    code, out = _run(store, capsys, "diff", "20231117", "20260116", "--lang", "ja")
    assert code == 0
    head = out[: out.index("## Modified rules")]
    # no per-rule lines before the changes: one sentence per missing side
    assert "not quoted in ja" not in head
    assert "20231117 is a partial release (quoted rules only), 2026-01-16 a complete one" in head
    assert "new quoted rules" not in head
    code, js = _run(
        store, capsys, "diff", "20231117", "20260116", "--lang", "ja", "--format", "json"
    )
    import json

    nq = json.loads(js)["alignment"]["not_quoted"]
    rules = {n for c in nq if c["missing"] == "old" for n in c["new"]}
    # the count is that of the rules of 20260116 whose counterpart the quotes lack; §712 is
    # quoted except 712.10 (seed 000 skips it)
    assert f"{len(rules)} rules of 2026-01-16 have no counterpart quoted in ja 20231117" in head
    assert "712.10" in rules and "712.9" not in rules
    assert "§712 712.10 (1)" in head
    tail = out[out.index("## Rules whose counterpart is not in the other release") :]
    assert tail.count("not quoted in ja 20231117") == len(nq)


@pytest.mark.parametrize("term", ["Kicked", "Kicker", "きっかー"])
def test_define_in_japanese_by_english_alias_original_or_reading(store, capsys, term):
    code, out = _run(store, capsys, "define", term, "--lang", "ja")
    assert code == 0 and out.startswith("キッカー（きっかー）／Kicker")


def test_define_in_japanese_suggests_in_the_query_script(store, capsys):
    capsys.readouterr()
    assert main(["--store", str(store), "define", "Kickr", "--lang", "ja"]) != 0
    err = capsys.readouterr().err
    assert "closest: キッカー／Kicker" in err


def test_define_in_chinese_by_the_english_headword(tmp_path, capsys):
    zh = need(CORPUS / "zh" / "plain_text" / "20260116_Zh.txt")
    path = tmp_path / "zh.sqlite"
    assert (
        main(
            [
                "--silent",
                "--store",
                str(path),
                "ingest",
                str(zh),
                str(need(OFFICIAL / "2026-01-16.txt")),
            ]
        )
        == 0
    )
    code, out = _run(path, capsys, "define", "Trample", "--lang", "zh")
    assert code == 0 and out.startswith("践踏") and "702.19" in out


def test_show_a_rule_the_quotes_skip(store, capsys):
    # seed 000 quotes §712 of JA 20231117 but skips 712.10
    capsys.readouterr()
    assert (
        main(["--store", str(store), "show", "712.10", "--lang", "ja", "--release", "20231117"])
        != 0
    )
    err = capsys.readouterr().err
    assert "712.10 is not quoted in the stored pages of ja 20231117" in err
    assert "§712 712.1–712.21e" in err and "000_682110f818952840.txt" in err


def test_show_names_the_page_a_quoted_rule_comes_from(store, capsys):
    code, out = _run(
        store, capsys, "show", "712.9", "--lang", "ja", "--release", "20231117", "--pair"
    )
    assert code == 0
    # seed 000, line 65: "• 712.9 変身する両面カードで…"
    assert "000_682110f818952840.txt line 65" in out.splitlines()[0]
