"""Texts written for the wiki upkeep tests (refresh, publish, feeds): a JA CR text of the
sample corpus's 2030-04-05 release in the official JA file's format, and MTG Wiki pages in
the wiki's shapes (rendered text, wikitext) quoting a JA translation of the sample's
2030-01-10 release and citing it.

What the sample corpus changed from 2030-01-10 to 2030-04-05 (corpus/sample): 101.1 split
into 101.1 and 101.2 (101.2 and 101.2a became 101.3 and 101.3a); section 701 "Controlling
Another Player's Turn" became 702 "Controlling Another Player" (its rules reworded; 701.2
gained a second example), a new 701 "Sample Counters" took its number; 702 became 703.
"""

from __future__ import annotations

from pathlib import Path

#: The JA text of 2030-04-05, as the official JA file would have it (no stated revision).
JA_20300405 = """マジック総合ルール
　このルールに関して、英語を正文とし、ウィザーズ・オブ・ザ・コースト社が著作権を持ちます。
　このファイルは、テスト用に書かれたものです。
もくじ
1. ゲームの考え方
100. 原則
101. ゲームの開始
7. その他のルール
700. 総則
701. サンプル・カウンター
702. 他のプレイヤーのコントロール
703. エーテル・トークン
10. 用語集
クレジット
1. ゲームの考え方
100. 原則
100.1. このサンプルのルールは、2人以上のプレイヤーによる小さなゲームを定める。
100.1a 2人対戦とは、ちょうど2人で開始されるゲームのことである。
100.1b 多人数戦とは、3人以上で開始されるゲームのことである。rule 702.2参照。
100.2. 各プレイヤーは60枚以上のデッキを持ってくる。
例：62枚のデッキは認められる。
100.3. プレイヤーは15枚までのサイドボードを持つことができる。
101. ゲームの開始
101.1. 各プレイヤーは自分のデッキを切り直す。
101.2. その後、各プレイヤーはカードを7枚引く。
101.3. 開始プレイヤーは無作為に選ばれる。
101.3a プレイヤーが合意したなら、前のゲームで負けたプレイヤーが代わりに選ぶ。
7. その他のルール
700. 総則
700.1. この章のいかなるルールも、第1章のルールに優先しない。
701. サンプル・カウンター
701.1. サンプル・カウンターとは、パーマネントの上に置かれる印である。
701.1a サンプル・カウンターはそれ自体では何の効果も持たない。
702. 他のプレイヤーのコントロール
702.1. いくつかの効果は、プレイヤー1人が他のプレイヤーをコントロールすることを認める。
702.1a プレイヤーのコントロールだけが変わる。オブジェクトのコントローラーは変わらない。
702.2. コントロールしているプレイヤーは、コントロールされているプレイヤーが行うすべての選択を行う。
例：コントロールしているプレイヤーは、アクティブ・プレイヤーがどの呪文を唱えるかを選ぶ。
例：コントロールしているプレイヤーは、攻撃クリーチャーがどのようにダメージを割り振るかも選ぶ。
703. エーテル・トークン
703.1. エーテル・トークンとは、特性を持たない印である。
703.1a エーテル・トークンは対象にならない。
用語集
サンプル・カウンター（さんぷる・かうんたー）／Sample Counter
　rule 701.1に記された印。
コントロール、コントローラー（こんとろーる、こんとろーらー）／Control/Controller
　オブジェクトの使い方を決めるプレイヤー。rule 702.1参照。
クレジット
翻訳：テスト
このルールは2030年4月5日から有効です。
"""

#: A rendered page quoting section 101 of JA 20300110.0 and citing rule 701.2 outside it.
RENDERED = """ゲームの開始

提供：MTG Wiki

ゲームの開始/Starting Playは、ゲームを始める手順である。

ルール

各プレイヤーはデッキを切り直し、カードを引く。他のプレイヤーのコントロールはrule 701.2参照。

引用：総合ルール 20300110.0

• 1 ゲームの考え方
  • 101 ゲームの開始
    • 101.1 各プレイヤーは自分のデッキを切り直し、カードを7枚引く。
    • 101.2 開始プレイヤーは無作為に選ばれる。
      • 101.2a プレイヤーが合意したなら、前のゲームで負けたプレイヤーが代わりに選ぶ。

参考

• デッキ
"""

#: What :data:`RENDERED` becomes at JA 20300405 (checked by hand against JA_20300405).
RENDERED_NEW = RENDERED.replace("rule 701.2参照", "rule 702.2参照").replace(
    """引用：総合ルール 20300110.0

• 1 ゲームの考え方
  • 101 ゲームの開始
    • 101.1 各プレイヤーは自分のデッキを切り直し、カードを7枚引く。
    • 101.2 開始プレイヤーは無作為に選ばれる。
      • 101.2a プレイヤーが合意したなら、前のゲームで負けたプレイヤーが代わりに選ぶ。
""",
    """引用：総合ルール 20300405.0

• 1 ゲームの考え方
  • 101 ゲームの開始
    • 101.1 各プレイヤーは自分のデッキを切り直す。
    • 101.2 その後、各プレイヤーはカードを7枚引く。
    • 101.3 開始プレイヤーは無作為に選ばれる。
      • 101.3a プレイヤーが合意したなら、前のゲームで負けたプレイヤーが代わりに選ぶ。
""",
)

#: A wikitext page quoting section 701 of JA 20300110.0 with links and an example, citing
#: section 701 outside the quote.
WIKITEXT = """=他のプレイヤーのコントロール/Control=
'''他のプレイヤーのコントロール'''/''Controlling Another Player''は、ターンを操る効果。

==ルール==
{{#cr:701}}を参照。

==引用:総合ルール 20300110.0==
*7 その他のルール
**701 他のプレイヤーのターンのコントロール
***701.1 いくつかの効果は、プレイヤー1人が他のプレイヤーの次のターンを[[コントロール]]することを認める。
****701.1a ターンのコントロールだけが変わる。[[オブジェクト]]のコントローラーは変わらない。
***701.2 コントロールしているプレイヤーは、そのターンの間、コントロールされているプレイヤーが行うすべての選択を'''行う'''。
例:コントロールしているプレイヤーは、アクティブ・プレイヤーがどの呪文を唱えるかを選ぶ。

==関連==
*[[コントロール]]
"""

#: What :data:`WIKITEXT` becomes at JA 20300405: the section under its new number and title,
#: each rule's new text with the old line's links and bold carried, R's two examples.
WIKITEXT_NEW = """=他のプレイヤーのコントロール/Control=
'''他のプレイヤーのコントロール'''/''Controlling Another Player''は、ターンを操る効果。

==ルール==
{{#cr:702}}を参照。

==引用:総合ルール 20300405.0==
*7 その他のルール
**702 他のプレイヤーのコントロール
***702.1 いくつかの効果は、プレイヤー1人が他のプレイヤーを[[コントロール]]することを認める。
****702.1a プレイヤーのコントロールだけが変わる。[[オブジェクト]]のコントローラーは変わらない。
***702.2 コントロールしているプレイヤーは、コントロールされているプレイヤーが行うすべての選択を'''行う'''。
例:コントロールしているプレイヤーは、アクティブ・プレイヤーがどの呪文を唱えるかを選ぶ。
例:コントロールしているプレイヤーは、攻撃クリーチャーがどのようにダメージを割り振るかも選ぶ。

==関連==
*[[コントロール]]
"""

#: A page with neither a quote nor a citation.
PLAIN = """=デッキ/Deck=
'''デッキ'''/''Deck''は、ゲームに使うカードの束。[[サイドボード]]とは別。

==関連==
*[[ライブラリー]]
"""


def sample_store(
    folder: Path, ja_text: str = JA_20300405, name: str = "JPN_CR_20300405.txt"
) -> Path:
    """A store in ``folder`` with the sample corpus (EN 2030-01-10, 2030-04-05) and the JA
    text ``ja_text`` saved as ``name`` (default :data:`JA_20300405`) ingested; returns its
    path."""
    from mtgcr.corpus import sample
    from mtgcr.corpus.store import Store
    from mtgcr.extract.ingest import ingest_paths

    ja = folder / name
    ja.write_text(ja_text, encoding="utf-8")
    path = folder / "store.sqlite"
    with Store(path) as s:
        results = ingest_paths(s, [sample.path(), ja])
        assert [r.status for r in results] == ["ingested"] * 3, [r.error for r in results]
    return path
