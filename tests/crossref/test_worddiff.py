"""Word diffs and tokenizers (English words, Japanese SudachiPy mode A)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from mtgcr.crossref.worddiff import (
    cjk_tokens,
    space_tokens,
    sudachi_tokens,
    tokenizer_for,
    word_diff,
)


def _sides(ops):
    old = "".join(t for op, t in ops if op != "insert")
    new = "".join(t for op, t in ops if op != "delete")
    return old, new


def test_space_tokens_keep_every_character():
    text = 'A player\'s deck—at least 60 cards (see rule 100.2a).\nExample: "Draw."'
    toks = space_tokens(text)
    assert "".join(toks) == text
    assert "player's" in toks and "deck" in toks and "60" in toks and "—" in toks


def test_word_diff_of_a_rewording():
    old = "Each player brings a deck of at least forty cards."
    new = "Each player brings a deck of at least sixty cards."
    assert word_diff(old, new) == [
        ("equal", "Each player brings a deck of at least "),
        ("delete", "forty"),
        ("insert", "sixty"),
        ("equal", " cards."),
    ]


def test_short_equal_stretches_between_changes_are_folded():
    ops = word_diff("The cat sat on the mat.", "A dog lay on a rug.")
    assert _sides(ops) == ("The cat sat on the mat.", "A dog lay on a rug.")
    # "on" alone between two changes would comb the diff: it is folded into one replacement
    assert [op for op, _ in ops] == ["delete", "insert", "equal"]


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet="ab .,\n'", max_size=60), st.text(alphabet="ab .,\n'", max_size=60))
def test_word_diff_reconstructs_both_texts(old, new):
    assert _sides(word_diff(old, new)) == (old, new)


def test_japanese_tokens_are_words_not_characters_or_lines():
    text = "プレイヤーは自分のライブラリーからカードを1枚引く。"
    toks = sudachi_tokens(text)
    assert "".join(toks) == text
    assert "プレイヤー" in toks and "ライブラリー" in toks and "引く" in toks
    assert 1 < len(toks) < len(text)
    assert tokenizer_for("ja") is sudachi_tokens


def test_japanese_diff_marks_the_changed_word():
    old = "プレイヤーは自分のライブラリーからカードを1枚引く。"
    new = "プレイヤーは自分の墓地からカードを1枚引く。"
    ops = word_diff(old, new, sudachi_tokens)
    assert ("delete", "ライブラリー") in ops and ("insert", "墓地") in ops
    assert _sides(ops) == (old, new)


def test_other_tokenizers():
    assert tokenizer_for("en") is space_tokens and tokenizer_for("ru") is space_tokens
    assert cjk_tokens("规则 601.2c 适用") == ["规", "则", " ", "601.2c", " ", "适", "用"]
