"""Where a release comes from, said one way in every output (issue 27): a whole text whose
copy is of unknown origin is ``unknown`` in ``releases --format json``, ``cr.releases()``
and the ``pair`` header, never ``official`` (the word a copy's origin keeps for files Wizards
served); the kind of text (whole / wiki / mtg.ru …) is its own value, and stores that still
call a whole text's release ``official`` are read (and, when writable, migrated)."""

from __future__ import annotations

import json
import sqlite3

import mtgcr
from crfile import cr_text
from mtgcr.cli.main import main
from mtgcr.corpus.copies import LEGACY_WHOLE_TEXT, WHOLE_TEXT, TextKind
from mtgcr.corpus.store import Store

JA = """マジック総合ルール(和訳 20310303.0 版)
　このルールに関して、英語を正文とします。
もくじ
1. ゲームの考え方
100. 原則
10. 用語集
クレジット
1. ゲームの考え方
100. 原則
100.1. このマジックのルールは、2人以上のプレイヤーによるゲームに適用される。
100.1a 2人対戦とは、2人で開始されるゲームのことである。
100.1b 多人数戦とは、3人以上のプレイヤーで開始されるゲームのことである。
100.2. 各プレイヤーはデッキを持ってくる。
用語集
デッキ（でっき）／Deck
　ゲームを始めるカード。rule 100.2 参照。
クレジット
翻訳：テスト
このルールは2031年3月3日から有効です。
"""


def _files(tmp_path):
    official = tmp_path / "official"
    mine = tmp_path / "mine"
    official.mkdir()
    mine.mkdir()
    (official / "MagicCompRules 20310303.txt").write_text(cr_text(), encoding="utf-8")
    (mine / "JPN_CR_20310303.txt").write_text(JA, encoding="utf-8")
    return official, mine


def test_unknown_origin_is_unknown_in_every_output(tmp_path, capsys):
    official, mine = _files(tmp_path)
    store = str(tmp_path / "s.sqlite")
    assert main(["--store", store, "--silent", "ingest", str(official), str(mine)]) == 0
    capsys.readouterr()
    assert main(["--store", store, "releases", "--format", "json"]) == 0
    got = {(r["lang"], r["origin"], r["text"]) for r in json.loads(capsys.readouterr().out)}
    assert got == {("en", "official", "whole"), ("ja", "unknown", "whole")}
    df = mtgcr.open(store).releases()
    assert sorted(zip(df["lang"], df["origin"])) == [("en", "official"), ("ja", "unknown")]
    assert main(["--store", store, "pair", "--lang", "ja", "--release", "20310303"]) == 0
    head = capsys.readouterr().out.splitlines()[0]
    assert head == "ja 20310303.0 (unknown, complete) ↔ en 20310303 (2031-03-03)"
    assert (
        main(
            ["--store", store, "pair", "--lang", "ja", "--release", "20310303", "--format", "json"]
        )
        == 0
    )
    assert json.loads(capsys.readouterr().out)["translation"]["origin"] == "unknown"


def test_a_store_of_before_the_text_kinds_is_read_and_migrated(tmp_path):
    official, mine = _files(tmp_path)
    path = tmp_path / "s.sqlite"
    mtgcr.open(path).ingest(official)
    con = sqlite3.connect(path)
    con.execute("UPDATE releases SET origin = ?", (LEGACY_WHOLE_TEXT,))  # as 0.1 wrote it
    con.commit()
    con.close()
    with Store(path, readonly=True) as st:  # read as it is
        (info,) = st.releases()
        assert (info.origin, info.text, info.origin_name) == (
            WHOLE_TEXT,
            TextKind.WHOLE,
            "official",
        )
        assert [c.canonical for c in st.copies()] == [True]
    assert mtgcr.open(path).check().ok  # its rows and a rebuild ("whole") agree
    with Store(path) as st:  # opened for writing: migrated
        pass
    con = sqlite3.connect(path)
    assert con.execute("SELECT DISTINCT origin FROM releases").fetchall() == [(WHOLE_TEXT,)]
    con.close()


def test_text_kinds_of_stored_values():
    assert TextKind.of("whole") is TextKind.WHOLE
    assert TextKind.of("official") is TextKind.WHOLE  # a store written before 0.2
    assert TextKind.of("mtgru:711") is TextKind.MTGRU
    assert TextKind.of("markdown:index") is TextKind.MARKDOWN
    assert TextKind.of("wiki") is TextKind.WIKI
