"""Language profiles for the line-structured CR text format.

The official English files and their line-for-line translations share one structure (title,
effective date, introduction, contents, chapters, sections, rules, subrules, examples,
glossary, credits). What differs per language is data: the example marker, the headings of the
contents / glossary / credits, how the effective date is written and how glossary headwords
are written. A :class:`CRProfile` holds that data; :mod:`mtgcr.extract.formats.cr_text` holds the one parser.

Sources of the format knowledge:

* ``en``: official English files 2003-03-15 … 2026-01-16 ("These rules are effective as of
  November 17, 2023.", files up to 2008 "current as of").
* ``ja``: the official Japanese translation of 20260116 (``例：`` / ``例:``, ``用語集``,
  ``このルールは2026年1月16日から有効です。``, headwords ``相棒（あいぼう）／Companion`` — also
  ``生息条件(島)（せいそくじょうけんしま）／Islandhome`` with half-width brackets inside the term;
  definitions are U+3000-indented or start with ``1.`` / ``(廃語)`` and may contain ``／``
  themselves, e.g. ``〔パワー／タフネス〕``, so a headword needs its reading in ``（）`` or an
  English original); the translation's version ``マジック総合ルール(和訳 20230901.0 版)`` as
  the mjmj.info files and the MTG Wiki pages state it, and the official file names
  ``JPN_CR_20250919_1.txt``.
* ``zh``: the community Chinese translation 20220610 … 20260417 (``例如：``, once ``例如，``, ``词汇表``,
  ``此规则于2023年11月17日起生效。``, credits ``版权信息``; glossary headwords are Chinese only,
  one line, the definition on the lines below, entries separated by blank lines).
* ``ru``: the judge community's Russian translation (header ``Полные правила Magic: The Gathering
  (от 8 июля 2017)``, day and genitive month name; ``Пример:``; ``Содержание``, ``Глоссарий``
  with headwords ``Русский термин (English Term)``; some terms — card names, "Oracle" — are
  left in English). No copy was at hand: the shape comes from the header and rule excerpts
  quoted on public pages (see ``../shared/corpus/mtgwiki/web_excerpts.json``) and the tests'
  own fixtures.
"""
from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date

__all__ = ["CRProfile", "PROFILES", "parse_english_date", "parse_russian_date", "MONTHS_EN",
           "MONTHS_RU", "JA_HEADWORD"]

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


#: Russian month names in the nominative (``pymorphy3`` lemmas of the genitive forms dates use).
MONTHS_RU = {m: i for i, m in enumerate(
    ["январь", "февраль", "март", "апрель", "май", "июнь", "июль", "август", "сентябрь",
     "октябрь", "ноябрь", "декабрь"], start=1)}
_RU_DATE = re.compile(r"(?P<d>\d{1,2})\s+(?P<mon>[А-Яа-яЁё]+)\s+(?P<y>\d{4})")


def russian_month(word: str) -> int | None:
    """Month number of a Russian month name in any case form (``"июля"`` → 7), else ``None``.

    Word forms are resolved with pymorphy3 (the lemma of ``"июля"`` is ``"июль"``); a form
    pymorphy3 does not know is looked up as written.
    """
    w = word.lower()
    if w in MONTHS_RU:
        return MONTHS_RU[w]
    from mtgcr.extract.ru_morph import lemmas
    return next((MONTHS_RU[l] for l in lemmas(w) if l in MONTHS_RU), None)


def parse_russian_date(text: str) -> date | None:
    """``"8 июля 2017"`` (``"(от 8 июля 2017)"``, ``"8 июля 2017 года"``) → ``date(2017, 7, 8)``.

    Returns ``None`` when the text holds no day, Russian month name and year, or the date does
    not exist.
    """
    m = _RU_DATE.search(text)
    if not m:
        return None
    month = russian_month(m.group("mon"))
    if month is None:
        return None
    try:
        return date(int(m.group("y")), month, int(m.group("d")))
    except ValueError:
        return None


def _ru_date(m: re.Match) -> date | None:
    return parse_russian_date(m.group("date"))


def _ymd(m: re.Match) -> date | None:
    try:
        return date(int(m.group("y")), int(m.group("m")), int(m.group("d")))
    except ValueError:
        return None


def _en_date(m: re.Match) -> date | None:
    return parse_english_date(m.group("date"))


def _heading(*names: str) -> re.Pattern:
    """A heading line that is exactly one of ``names`` (regular expressions), white space
    around it allowed: ``_heading("Contents")`` matches ``"Contents"`` and ``"  Contents "``."""
    return re.compile(r"^\s*(?:" + "|".join(names) + r")\s*$")


def _cjk_date(before: str, after: str) -> re.Pattern:
    """A date statement ``{before}2023年11月17日{after}`` (the JA and ZH files' way of writing
    the effective date) with named groups ``y``, ``m``, ``d`` for :func:`_ymd`."""
    return re.compile(before + r"\s*(?P<y>\d{4})年\s*(?P<m>\d{1,2})月\s*(?P<d>\d{1,2})日" + after)


@dataclass(frozen=True)
class CRProfile:
    """The language-specific data of the CR text format.

    Attributes:
        lang: language code.
        title_re: matches the document title line (used to recognise the document kind).
        example_label: how an example is labelled when shown (``Example:``, JA ``例：``,
            ZH ``例如：`` as the 2026-01-16 files write them; RU ``Пример:``, a form
            ``example_re`` accepts).
        example_re: matches the start of an example line; the text after the match is the
            example's text.
        contents_re / glossary_re / credits_re: match the heading lines of those parts.
        date_re: a pattern for the effective-date statement; ``date_from`` turns its match
            into a :class:`datetime.date`.
        headword_re: for translations, splits a glossary headword into term, reading and the
            English original (named groups ``term``, ``reading``, ``original``); ``None`` for EN.
        headword_starts_entry: glossary entries are told apart by headword lines rather than
            blank lines (the JA file has no blank lines).
        revision_re: for translations, finds the translation's own version in the header
            (named groups ``label`` and ``rev``: ``和訳 20231117.0 版`` → ``"0"``); ``None`` for EN.
        revision_name_re: the same in a file name (``JPN_CR_20250919_1.txt`` → ``"1"``).
        note_re: matches a translator's note inside rule text (ZH ``（译注：…）``), text that
            has no counterpart in the English rule; ``None`` when the language has none.
        numeral_words: words or characters that write a number in running text, mapped to its
            digits (ZH ``两`` → ``"2"``), so "two" in English and ``两`` in a translation agree.
        non_numeral_re: matches the translation's terms whose digits are no numerals (JA
            ``第1面`` / ``第2面``: "front face" / "back face"), or ``None``.
    """

    lang: str
    title_re: re.Pattern
    example_re: re.Pattern
    contents_re: re.Pattern
    glossary_re: re.Pattern
    credits_re: re.Pattern
    date_re: re.Pattern
    date_from: Callable[[re.Match[str]], date | None]
    headword_re: re.Pattern | None = None
    headword_starts_entry: bool = False
    revision_re: re.Pattern | None = None
    revision_name_re: re.Pattern | None = None
    note_re: re.Pattern | None = None
    numeral_words: tuple[tuple[str, str], ...] = ()
    non_numeral_re: re.Pattern | None = None
    example_label: str = "Example:"


#: A JA glossary headword: term, reading in full-width brackets, ``／`` and the English
#: original (``相棒（あいぼう）／Companion``, ``生息条件(島)（せいそくじょうけんしま）／Islandhome``,
#: ``コントロール、コントローラー（…）／Control/Controller``, ``1個のd20を振る（…）／Roll a d20``,
#: and one with no term at all, ``（へや）／Room``). Definitions are told apart because they
#: start with ``(``, ``1.``/``1.``-style sense numbers or white space, or hold ``。``/``〔``
#: before the slash; the original starts like an English word and holds no ``／`` or ``。``.
JA_HEADWORD = re.compile(
    r"^(?![\s\u3000(／/])(?![0-9０-９]+[.．])(?!（[^）]*）\s*[^\s／/])"
    r"(?P<term>[^。〔／]*?)\s*(?:（(?P<reading>[^（）]*)）)?\s*[／/]\s*"
    r"(?P<original>[A-Za-z0-9“\"'‘\[][^／。〕]*?)\s*$")

PROFILES: dict[str, CRProfile] = {
    "en": CRProfile(
        lang="en",
        title_re=re.compile(r"^[\W_]*Magic[\W_]*The Gathering[\W_]*(?:\(r\)|®)?[\W_]*Comprehensive Rules[\W_]*$",
                            re.I | re.M),
        example_re=re.compile(r"^\s*Examples?:\s*"),
        contents_re=_heading("Contents"),
        glossary_re=_heading("Glossary"),
        credits_re=_heading("Credits"),
        date_re=re.compile(r"(?:effective|current) as of (?P<date>[A-Z][a-z]+\.? \d{1,2}, ?\d{4})"),
        date_from=_en_date,
    ),
    "ja": CRProfile(
        lang="ja",
        example_label="例：",
        title_re=re.compile(r"総合ルール|Comprehensive Rules"),
        example_re=re.compile(r"^\s*例\s*[：:]\s*"),
        contents_re=_heading("もくじ"),
        glossary_re=_heading(r"(?:10\.\s*)?用語集"),
        credits_re=_heading("クレジット", "Credits"),
        date_re=_cjk_date("このルールは", "から有効"),
        date_from=_ymd,
        headword_re=JA_HEADWORD,
        headword_starts_entry=True,
        revision_re=re.compile(r"和訳\s*(?P<label>\d{8})\.(?P<rev>\d+)\s*版"),
        revision_name_re=re.compile(r"(?<!\d)(?P<label>\d{8})[_.\-](?P<rev>\d{1,2})(?:\.\w+)*$"),
        # notes on the Japanese cards' wording, in brackets "(日本語版では教科書体)" or as a
        # sentence "日本語版では、それらは「Nつを対象とする。」…といった表現になっている。"
        note_re=re.compile(r"[（(][^（()）]*日本語版では[^（()）]*[）)]"
                           r"|日本語版では(?:「[^」]*」|[^。「（()）])*。"),
        non_numeral_re=re.compile(r"第[1１2２]面"),
    ),
    "zh": CRProfile(
        lang="zh",
        example_label="例如：",
        title_re=re.compile(r"^\s*万智牌完整规则"),
        example_re=re.compile(r"^\s*例如\s*[：:，,]\s*"),
        contents_re=_heading("目录"),
        glossary_re=_heading("词汇表"),
        credits_re=_heading("版权信息", "暂译名称列表", "制作人员", "鸣谢", "致谢", "Credits"),
        date_re=_cjk_date("此规则于", "起生效"),
        date_from=_ymd,
        note_re=re.compile(r"[（(]\s*译注\s*[：:][^）)]*[）)]"),
        numeral_words=(("零", "0"), ("一", "1"), ("二", "2"), ("两", "2"), ("三", "3"), ("四", "4"),
                       ("五", "5"), ("六", "6"), ("七", "7"), ("八", "8"), ("九", "9"),
                       ("十", "10"), ("百", "100"), ("千", "1000"), ("万", "10000")),
    ),
    "ru": CRProfile(
        lang="ru",
        example_label="Пример:",
        title_re=re.compile(r"^\s*Полные правила Magic:?\s*(?:the|The)\s+Gathering", re.M),
        example_re=re.compile(r"^\s*Примеры?\s*:\s*"),
        contents_re=_heading("Содержание", "Оглавление"),
        glossary_re=_heading("Глоссарий", "Словарь терминов"),
        credits_re=_heading("Авторы", "Создатели", "Благодарности", "Credits"),
        date_re=re.compile(r"(?:\(от|вступают в силу с|действуют с)\s+"
                           r"(?P<date>\d{1,2}\s+[А-Яа-яЁё]+\s+\d{4})"),
        date_from=_ru_date,
        headword_re=re.compile(r"^(?P<term>[^()]+?)\s*\((?P<original>[A-Za-z][^()]*?)\)\s*$"),
        note_re=re.compile(r"\((?:прим\.\s*пер\.|примечание переводчика)\s*:?[^)]*\)", re.I),
    ),
}
