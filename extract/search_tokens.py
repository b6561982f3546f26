"""Search tokens for rule text in any language: one tokenizer for the site and the CLI.

Latin, Cyrillic and other spaced scripts are split into words (NFKC, case folded, straight
quotes, rule numbers kept whole: ``702.19b`` is one token); runs of CJK characters (kanji,
kana, hanzi) become overlapping character bigrams (a one-character run stays one token), so
``絆魂`` or ``践踏`` is found inside a sentence without a dictionary, and a query tokenised the
same way and matched as a phrase finds exactly the substring. Format knowledge: JA and ZH
CR texts write no spaces between words; their rule numbers and English originals are ASCII.
"""

from __future__ import annotations

import re
import unicodedata

__all__ = ["tokens", "query_tokens", "is_cjk"]

_CJK = r"\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff66-\uff9f\u3005\u30fc"
_TOKEN = re.compile(rf"\d{{3}}\.\d{{1,3}}[a-z]{{0,2}}|\d{{3}}|[{_CJK}]+|[^\W_]+", re.UNICODE)
_CJK_RUN = re.compile(rf"^[{_CJK}]+$")
_FOLD = str.maketrans({"\u2019": "'", "\u2018": "'", "\u201c": '"', "\u201d": '"'})


def is_cjk(token: str) -> bool:
    """True for a run of CJK characters."""
    return bool(_CJK_RUN.match(token))


def tokens(text: str) -> list[str]:
    """The search tokens of ``text`` in order (see the module docstring).

    >>> tokens("Trample (see rule 702.19b)")
    ['trample', 'see', 'rule', '702.19b']
    >>> tokens("トランプルを持つ")
    ['トラ', 'ラン', 'ンプ', 'プル', 'ルを', 'を持', '持つ']
    """
    norm = unicodedata.normalize("NFKC", text).translate(_FOLD).casefold()
    out: list[str] = []
    for m in _TOKEN.finditer(norm):
        t = m.group(0)
        if is_cjk(t):
            out.extend([t] if len(t) == 1 else [t[i : i + 2] for i in range(len(t) - 1)])
        else:
            out.append(t)
    return out


def query_tokens(query: str) -> list[list[str]]:
    """A query as phrases: each spaced word (or CJK run) is one phrase of its tokens.

    >>> query_tokens("mana value")
    [['mana'], ['value']]
    >>> query_tokens("践踏")
    [['践踏']]
    """
    return [t for t in (tokens(part) for part in query.split()) if t]
