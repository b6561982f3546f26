"""Language profiles for the line-structured CR text format.

The official English files and their line-for-line translations share one structure (title,
effective date, introduction, contents, chapters, sections, rules, subrules, examples,
glossary, credits). What differs per language is data: the example marker, the headings of the
contents / glossary / credits, how the effective date is written and how glossary headwords
are written. A :class:`CRProfile` holds that data; :mod:`extract.cr_text` holds the one parser.

Sources of the format knowledge:

* ``en``: official English files 2003-03-15 … 2026-01-16 ("These rules are effective as of
  November 17, 2023.", files up to 2008 "current as of").
* ``ja``: the official Japanese translation of 20260116 (``例：`` / ``例:``, ``用語集``,
  ``このルールは2026年1月16日から有効です。``, headwords ``相棒（あいぼう）／Companion``).
* ``zh``: the community Chinese translation 20220610 … 20260417 (``例如：``, ``词汇表``,
  ``此规则于2023年11月17日起生效。``).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date

__all__ = ["CRProfile", "PROFILES", "parse_english_date", "MONTHS_EN"]

MONTHS_EN = {m: i for i, m in enumerate(
    ["january", "february", "march", "april", "may", "june", "july", "august", "september",
     "october", "november", "december"], start=1)}


def parse_english_date(text: str) -> date | None:
    """``"November 17, 2023"`` → ``date(2023, 11, 17)``; ``None`` if not such a date."""
    m = re.fullmatch(r"\s*([A-Za-z]+)\.?\s+(\d{1,2}),?\s+(\d{4})\s*", text)
    if not m or m.group(1).lower() not in MONTHS_EN:
        return None
    try:
        return date(int(m.group(3)), MONTHS_EN[m.group(1).lower()], int(m.group(2)))
    except ValueError:
        return None


def _ymd(m: re.Match) -> date | None:
    try:
        return date(int(m.group("y")), int(m.group("m")), int(m.group("d")))
    except ValueError:
        return None


def _en_date(m: re.Match) -> date | None:
    return parse_english_date(m.group("date"))


@dataclass(frozen=True)
class CRProfile:
    """The language-specific data of the CR text format.

    Attributes:
        lang: language code.
        title_re: matches the document title line (used to recognise the document kind).
        example_re: matches the start of an example line; the text after the match is the
            example's text.
        contents_re / glossary_re / credits_re: match the heading lines of those parts.
        date_re: a pattern for the effective-date statement; ``date_from`` turns its match
            into a :class:`datetime.date`.
        headword_re: for translations, splits a glossary headword into term, reading and the
            English original (named groups ``term``, ``reading``, ``original``); ``None`` for EN.
        headword_starts_entry: glossary entries are told apart by headword lines rather than
            blank lines (the JA file has no blank lines).
    """

    lang: str
    title_re: re.Pattern
    example_re: re.Pattern
    contents_re: re.Pattern
    glossary_re: re.Pattern
    credits_re: re.Pattern
    date_re: re.Pattern
    date_from: object  # Callable[[re.Match], date | None]
    headword_re: re.Pattern | None = None
    headword_starts_entry: bool = False


PROFILES: dict[str, CRProfile] = {
    "en": CRProfile(
        lang="en",
        title_re=re.compile(r"^[\W_]*Magic[\W_]*The Gathering[\W_]*(?:\(r\)|®)?[\W_]*Comprehensive Rules[\W_]*$",
                            re.I | re.M),
        example_re=re.compile(r"^\s*Examples?:\s*"),
        contents_re=re.compile(r"^\s*Contents\s*$"),
        glossary_re=re.compile(r"^\s*Glossary\s*$"),
        credits_re=re.compile(r"^\s*Credits\s*$"),
        date_re=re.compile(r"(?:effective|current) as of (?P<date>[A-Z][a-z]+\.? \d{1,2}, ?\d{4})"),
        date_from=_en_date,
    ),
    "ja": CRProfile(
        lang="ja",
        title_re=re.compile(r"総合ルール|Comprehensive Rules"),
        example_re=re.compile(r"^\s*例\s*[：:]\s*"),
        contents_re=re.compile(r"^\s*もくじ\s*$"),
        glossary_re=re.compile(r"^\s*(?:10\.\s*)?用語集\s*$"),
        credits_re=re.compile(r"^\s*(?:クレジット|Credits)\s*$"),
        date_re=re.compile(r"このルールは\s*(?P<y>\d{4})年\s*(?P<m>\d{1,2})月\s*(?P<d>\d{1,2})日から有効"),
        date_from=_ymd,
        headword_re=re.compile(r"^(?P<term>[^（(／/]+?)\s*(?:[（(](?P<reading>[^）)]*)[）)])?\s*[／/]\s*(?P<original>.+?)\s*$"),
        headword_starts_entry=True,
    ),
    "zh": CRProfile(
        lang="zh",
        title_re=re.compile(r"^\s*万智牌完整规则"),
        example_re=re.compile(r"^\s*例如\s*[：:]\s*"),
        contents_re=re.compile(r"^\s*目录\s*$"),
        glossary_re=re.compile(r"^\s*词汇表\s*$"),
        credits_re=re.compile(r"^\s*(?:制作人员|鸣谢|致谢|Credits)\s*$"),
        date_re=re.compile(r"此规则于\s*(?P<y>\d{4})年\s*(?P<m>\d{1,2})月\s*(?P<d>\d{1,2})日起生效"),
        date_from=_ymd,
    ),
}
