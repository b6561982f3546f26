"""``mtgcr wiki refresh`` and cite-check's quote blocks on the sample corpus and a JA text of
its 2030-04-05 release written for these tests (tests/wiki_samples.py): quote blocks refreshed
as units (split, renumbered, reworded, retitled section, examples, markup carried, label
updated), citations outside quotes migrated, unchanged pages byte for byte, pages for a human,
the batch folder, and the refreshed quotes read back against ``mtgcr show`` (a planted fault
must be reported)."""

from __future__ import annotations

import json
import textwrap

import pytest

from mtgcr.api import Corpus
from mtgcr.cli.main import main
from mtgcr.errors import BadArgument, InputError, RefusedOutput
from mtgcr.extract.wiki.quotes import entry_layout
from mtgcr.reports.wiki.batch import read_titles
from mtgcr.reports.wiki.edits import EditStatus
from mtgcr.reports.wiki.publish import credentials, pywikibot_credentials
from mtgcr.reports.wiki.refresh import carry_markup, source_lines

from wiki_samples import (
    JA_20300405,
    PLAIN,
    RENDERED,
    RENDERED_NEW,
    WIKITEXT,
    WIKITEXT_NEW,
    sample_store,
)
from wiki_verify import quote_mismatches


@pytest.fixture(scope="module")
def store(tmp_path_factory):
    return sample_store(tmp_path_factory.mktemp("wiki-refresh"))


@pytest.fixture(scope="module")
def refreshed(store, tmp_path_factory):
    tmp = tmp_path_factory.mktemp("pages")
    for name, text in [("start.txt", RENDERED), ("control.wiki", WIKITEXT), ("deck.wiki", PLAIN)]:
        (tmp / name).write_text(text, encoding="utf-8")
    batch = Corpus(store).wiki_refresh(tmp / "start.txt", tmp / "control.wiki", tmp / "deck.wiki")
    return {e.source.rsplit("/", 1)[-1]: e for e in batch.edits}, batch


def test_rendered_quote_follows_the_split_and_the_renumbering(refreshed):
    edits, batch = refreshed
    e = edits["start.txt"]
    assert (e.status, e.kind, e.title) == (EditStatus.CHANGED, "wiki-rendered", "ゲームの開始")
    assert e.new_text == RENDERED_NEW
    [q] = e.quotes
    # 101.1 split (new numbers, new texts); 101.2 and 101.2a renumbered, same texts
    assert q.check.counts() == {"renumbered and reworded": 1, "renumbered": 2}
    assert [(str(r.number), [str(n) for n in r.now]) for r in q.check.rules] == [
        ("101.1", ["101.1", "101.2"]),
        ("101.2", ["101.3"]),
        ("101.2a", ["101.3a"]),
    ]
    assert e.citation_moves == [("701.2", "702.2")]  # outside the quote, as cite-check says
    assert (
        e.summary == "CR 20300110.0 → 20300405.0 (.0 assumed): 101.1–101.3a 引用更新, 701.2→702.2"
    )
    assert (batch.lang, batch.target) == ("ja", "20300405")


def test_wikitext_quote_keeps_its_markup_and_takes_the_new_examples(refreshed):
    e = refreshed[0]["control.wiki"]
    assert e.status is EditStatus.CHANGED
    assert e.new_text == WIKITEXT_NEW
    [q] = e.quotes
    assert q.check.sections == {_n("701"): _n("702")} and q.check.retitled == [_n("701")]
    assert q.check.counts() == {"renumbered and reworded": 3}
    assert q.check.describe() == "3 renumbered and reworded; section title changed: 701"
    assert e.summary == "CR 20300110.0 → 20300405.0 (.0 assumed): 702.1–702.2 引用更新, 701→702"
    # the JA copy states no revision: the .0 is said to be an assumption
    assert "ja 20300405's copy states no translation revision" in e.notes[0]


def test_a_page_with_nothing_to_change_is_returned_byte_for_byte(store, refreshed, tmp_path):
    e = refreshed[0]["deck.wiki"]
    assert (e.status, e.new_text, e.diff()) == (EditStatus.UNCHANGED, PLAIN, "")
    # CRLF line ends and no final line end: still the same bytes
    crlf = RENDERED_NEW.replace("\n", "\r\n").rstrip("\r\n")
    page = tmp_path / "crlf.txt"
    page.write_bytes(crlf.encode("utf-8"))
    [e] = Corpus(store).wiki_refresh(page).edits
    assert (e.status, e.new_text) == (EditStatus.UNCHANGED, crlf)
    assert "".join(source_lines(crlf)) == crlf


def test_refreshed_quotes_read_back_as_the_release_says(store, refreshed):
    for name in ("start.txt", "control.wiki"):
        checked, bad = quote_mismatches(refreshed[0][name].new_text, store, "20300405")
        assert (checked, bad) == ({"start.txt": 4, "control.wiki": 3}[name], [])


@pytest.mark.parametrize(
    "fault, want",
    [
        ("その後、各プレイヤーはカードを7枚引く。", "101.2: text differs"),
        ("101.3a プレイヤーが合意", "101.3a: text differs"),  # number moved onto 101.3's text
        ("20300405.0", "label 20300110"),
    ],
)
def test_planted_fault_in_a_refreshed_quote_is_reported(store, refreshed, fault, want):
    text = refreshed[0]["start.txt"].new_text
    planted = {
        "その後、各プレイヤーはカードを7枚引く。": text.replace(
            fault, "その後、各プレイヤーはカードを8枚引く。"
        ),
        "101.3a プレイヤーが合意": text.replace("101.3 開始", "101.3 無作為に").replace(
            fault, "101.3a 開始プレイヤーが合意"
        ),
        "20300405.0": text.replace(fault, "20300110.0"),
    }[fault]
    assert planted != text
    _, bad = quote_mismatches(planted, store, "20300405")
    assert any(want in b for b in bad), bad


def test_a_quote_whose_text_is_another_release_goes_to_a_human(store, tmp_path):
    page = tmp_path / "start.txt"
    page.write_text(RENDERED.replace("20300110.0", "20300405.0"), encoding="utf-8")
    [e] = Corpus(store).wiki_refresh(page).edits
    assert e.status is EditStatus.HUMAN and e.new_text == e.old_text
    assert e.reasons[0] == (
        "line 11: the quote says 20300405 but its text fits 2030-01-10: check the label "
        "before refreshing"
    )


def test_markup_that_cannot_be_placed_goes_to_a_human(store, tmp_path):
    page = tmp_path / "control.wiki"
    page.write_text(WIKITEXT.replace("次のターンを", "[[次のターン]]を"), encoding="utf-8")
    [e] = Corpus(store).wiki_refresh(page).edits
    assert e.status is EditStatus.HUMAN
    assert e.reasons == ["line 7: markup not carried onto the new text: [[次のターン]]"]


def test_a_rule_the_translation_lacks_is_left_as_it_was(tmp_path):
    # JA 20300405 without 101.3a (EN 20300405 has it): the quoted 101.2a stays as it was
    ja = JA_20300405.replace(
        "101.3a プレイヤーが合意したなら、前のゲームで負けたプレイヤーが代わりに選ぶ。\n", ""
    )
    cr = Corpus(sample_store(tmp_path, ja))
    page = tmp_path / "start.txt"
    page.write_text(RENDERED, encoding="utf-8")
    [e] = cr.wiki_refresh(page).edits
    assert e.status is EditStatus.CHANGED
    assert e.new_text.endswith(
        "    • 101.3 開始プレイヤーは無作為に選ばれる。\n"
        "      • 101.2a プレイヤーが合意したなら、前のゲームで負けたプレイヤーが代わりに選ぶ。\n"
        "\n参考\n\n• デッキ\n"
    )
    assert e.notes[0] == "101.2a: 101.3a not in ja 20300405; left as it was"


GENERATED = """このページの内容は、[https://mtg-jp.com/gameplay/rules マジック日本公式サイト]に掲載されているマジック総合ルール（和訳 {v} 版）を転記したものです。最新の総合ルールは公式サイトを参照してください。
----

1. ゲームの考え方
=100=
原則
==100.1==
このサンプルのルールは、2人以上のプレイヤーによる小さなゲームを定める。
"""


def test_generated_pages_are_regenerated_not_refreshed(store, tmp_path):
    old, new = tmp_path / "cr_1_old.txt", tmp_path / "cr_1.txt"
    old.write_text(GENERATED.format(v="20300110.0"), encoding="utf-8")
    new.write_text(GENERATED.format(v="20300405.0"), encoding="utf-8")
    a, b = Corpus(store).wiki_refresh(old, new).edits
    assert (a.status, a.kind) == (EditStatus.HUMAN, "wiki-cr")
    assert a.reasons == [
        "a generated 総合ルール page of 和訳 20300110.0, older than ja 20300405: regenerate it "
        "from the 20300405 text"
    ]
    assert (b.status, b.new_text) == (EditStatus.UNCHANGED, b.old_text)


def test_cite_check_keeps_numbers_inside_a_quote_and_reports_the_block(store, tmp_path, capsys):
    page = tmp_path / "multi.txt"
    page.write_text(
        RENDERED.replace(
            "  • 101 ゲームの開始\n",
            "  • 100 原則\n      • 100.1b 多人数戦とは、3人以上で開始されるゲームのことである。"
            "rule 701.2参照。\n  • 101 ゲームの開始\n",
        ),
        encoding="utf-8",
    )
    assert main(["--store", str(store), "cite-check", str(page), "--format", "json"]) == 0
    out = json.loads(capsys.readouterr().out)
    inside = [r for r in out["citations"] if r["in_quote"]]
    assert [(r["number"], r["status"], r["suggestion"], r["line_suggestion"]) for r in inside] == [
        ("701.2", "in-quote", None, None)
    ]
    assert inside[0]["now_number"] == "702.2"
    assert inside[0]["note"].startswith(
        "quoted from 20300110: the number belongs to the quote (701.2 is 702.2 now); refresh "
        "the whole quote (mtgcr wiki refresh), never this number alone"
    )
    outside = [r for r in out["citations"] if not r["in_quote"]]
    assert [(r["number"], r["status"], r["suggestion"]) for r in outside] == [
        ("701.2", "moved", "rule 702.2")
    ]
    [q] = out["quotes"]
    assert (q["line"], q["label"], q["revision"], q["target"], q["status"], q["span"]) == (
        11,
        "20300110",
        "0",
        "20300405",
        "stale",
        "100.1b–101.3a",
    )
    assert q["counts"] == {"reworded": 1, "renumbered and reworded": 1, "renumbered": 2}
    assert q["note"] == (
        "2 renumbered, 1 reworded, 1 renumbered and reworded → mtgcr wiki refresh (to ja 20300405)"
    )
    # the text report: one row for the block, none for the number inside it
    assert main(["--store", str(store), "cite-check", str(page)]) == 0
    text = capsys.readouterr().out
    assert "stale quote" in text and "1 inside quotes, kept with their quote" in text
    assert "in-quote" not in text


def test_cli_refresh_one_page_to_a_file_and_a_batch_folder(store, tmp_path, capsys):
    page, out = tmp_path / "start.txt", tmp_path / "start.new.txt"
    page.write_text(RENDERED, encoding="utf-8")
    args = ["--store", str(store), "--silent", "wiki", "refresh", str(page)]
    assert main(args + ["--to", "20300405", "--out", str(out)]) == 0
    assert out.read_text(encoding="utf-8") == RENDERED_NEW
    shown = capsys.readouterr().out
    assert (
        "ゲームの開始: changed" in shown
        and "+    • 101.3 開始プレイヤーは無作為に選ばれる。" in shown
    )
    assert main(args + ["--out", str(out)]) == 2  # exists: not replaced without --force
    assert "exists; give --force" in capsys.readouterr().err
    folder = tmp_path / "batch"
    plain = tmp_path / "deck.wiki"
    plain.write_text(PLAIN, encoding="utf-8")
    assert main(args + [str(plain), "--out-dir", str(folder)]) == 0
    manifest = json.loads((folder / "edits.json").read_text(encoding="utf-8"))
    assert manifest["counts"] == {
        "changed": 1,
        "unchanged": 1,
        "needs a human": 0,
        "skipped": 0,
        "could not be read": 0,
    }
    assert (folder / "ゲームの開始.wiki").read_text(encoding="utf-8") == RENDERED_NEW
    assert (
        (folder / "ゲームの開始.diff").read_text(encoding="utf-8").startswith("--- a/ゲームの開始")
    )
    # the manifest is the journal of a publish run: never replaced without --force
    assert main(args + ["--out-dir", str(folder)]) == 2
    assert "holds a refresh batch already" in capsys.readouterr().err
    with pytest.raises(RefusedOutput):
        Corpus(store).wiki_refresh(page).write(folder)


def test_refresh_needs_pages_or_titles_with_an_api(store):
    with pytest.raises(BadArgument, match="give pages"):
        Corpus(store).wiki_refresh()
    with pytest.raises(BadArgument, match="give its --api URL"):
        Corpus(store).wiki_refresh(titles=["ゲームの開始"])


def test_entry_layout_and_carry_markup():
    lay = entry_layout("      • 712.21e 効果が…\n")
    assert (lay.prefix, lay.number, lay.sep, lay.body, lay.eol) == (
        "      • ",
        "712.21e",
        " ",
        "効果が…",
        "\n",
    )
    assert lay.render("712.22", "新しい文") == "      • 712.22 新しい文\n"
    assert entry_layout(";719. Case Cards").number == "719."
    assert entry_layout("例：テスト") is None
    body, lost = carry_markup(
        "[[合体する]]組の(rule [[総合ルール/7#701.37|701.37]]参照)",
        "合体する組の(rule 701.42参照)",
        {"701.37": "701.42"},
    )
    assert (body, lost) == ("[[合体する]]組の(rule [[総合ルール/7#701.42|701.42]]参照)", [])


def test_title_lists_and_bot_passwords(tmp_path):
    titles = tmp_path / "titles.txt"
    titles.write_text("# pages\n絆魂\n増殖\t1234\n\n", encoding="utf-8")
    assert [(t.title, t.revid) for t in read_titles(titles)] == [("絆魂", None), ("増殖", 1234)]
    titles.write_text("絆魂\tlatest\n", encoding="utf-8")
    with pytest.raises(InputError, match=r"titles.txt:1: revision id 'latest' is not a number"):
        read_titles(titles)
    pw = tmp_path / "user-password.py"
    pw.write_text(
        textwrap.dedent(
            """\
            # -*- coding: utf-8 -*-
            ('mtgwiki', 'ja', 'Other', BotPassword('app', 'otherpassword0123456789abcdefabcd'))
            ('MtgcrBot', BotPassword('mtgcr', 'mtgcrbotpassword0123456789abcdef'))
            """
        ),
        encoding="utf-8",
    )
    assert pywikibot_credentials(pw, "MtgcrBot") == (
        "MtgcrBot@mtgcr",
        "mtgcrbotpassword0123456789abcdef",
    )
    assert pywikibot_credentials(pw)[0] == "Other@app"
    env = {"MTGCR_WIKI_USER": "A@b", "MTGCR_WIKI_PASSWORD": "p"}
    assert credentials(env, pw) == ("A@b", "p")
    assert credentials({"MTGCR_WIKI_USER": "MtgcrBot"}, pw)[0] == "MtgcrBot@mtgcr"
    with pytest.raises(BadArgument, match="set MTGCR_WIKI_USER"):
        credentials({})
    with pytest.raises(InputError, match="no \\('User', BotPassword"):
        pywikibot_credentials(pw, "Nobody")


def _n(text):
    from mtgcr.extract.rulenum import RuleNumber

    return RuleNumber.parse(text)


def test_a_quoted_rule_whose_text_is_another_rules_is_named_and_goes_to_a_human(tmp_path):
    """Issue 27: a quote whose text under number N is in fact rule M is said to be M's (by
    cite-check's quote row and the refresh), never a small difference under N, and never
    rewritten blindly."""
    store = sample_store(tmp_path)
    # a second complete JA release, so the quote is compared with JA texts
    older = JA_20300405.replace("2030年4月5日から有効", "2030年1月10日から有効")
    (tmp_path / "JPN_CR_20300110.txt").write_text(older, encoding="utf-8")
    cr = Corpus(store)
    assert cr.ingest(tmp_path / "JPN_CR_20300110.txt").count("ingested") == 1
    page = tmp_path / "start.txt"
    wrong = RENDERED_NEW.replace(
        "• 101.2 その後、各プレイヤーはカードを7枚引く。",
        "• 101.2 開始プレイヤーは無作為に選ばれる。",
    )
    assert wrong != RENDERED_NEW
    page.write_text(wrong, encoding="utf-8")
    [e] = cr.wiki_refresh(page).edits
    assert e.status is EditStatus.HUMAN and e.new_text == e.old_text
    assert any(
        r.startswith("line 11: quoted 101.2 is the text of JA 101.3 of 2030-04-05")
        for r in e.reasons
    ), e.reasons
    [row] = cr.cite_check(page).quotes
    assert row.status == "mismatch" and "101.2 is the text of JA 101.3 of 2030-04-05" in row.note
