"""JA–EN term pairs and card names in Japanese CR text and MTG Wiki pages.

Format knowledge:

* MTG Wiki page leads give the subject as ``変身する両面カード/Transforming Double-Faced Card``
  (the page title, a slash and the English term; in wikitext ``'''コピー'''/''Copy''``), also
  with a reading between them: ``果敢（かかん）／Prowess``, wikitext
  ``'''増殖'''(ぞうしょく)/''Proliferate''`` (rendered ``増殖(ぞうしょく)/Proliferate``); some pages
  are titled with the pair itself (``絆魂/Lifelink``) or head a section with it (``=コピー/Copy=``);
* card links render as ``《稲妻/Lightning Bolt》`` (:func:`bracket_card_pairs`); a split card's
  halves are joined by ``／`` in Japanese and `` // `` in English: ``《火／氷/Fire // Ice》``. A
  card is a card even when its Japanese name is spelled like a keyword: 《》 pairs are always
  ``kind="card"``, never rules terms;
* words that merely contain a slash (``and/or``, ``X/Y``, ``+1/+1``, ``パワー／タフネス``) are no
  pairs: every pair needs kana or kanji on the Japanese side and a Latin letter, and no kana
  or kanji, on the English side;
* card names are written ``精神隷属器/Mindslaver`` in prose (wikitext links
  ``[[クローン/Clone]]``, ``[[クローン/Clone#ルール|…]]``) and ``{{#card:Clone}}`` (English only);
  an English name with a comma has a Japanese name with ``、``
  (``約束された終末、エムラクール/Emrakul, the Promised End``);
* the JA CR writes English originals inline in brackets: ``「変身／transform」``,
  ``「[何か]を対象とする／target [something]」``; wiki prose does the same with a half-width
  slash: ``「変身/Transform させる」``; keyword rules are titled ``701.2. 起動する／Activate``;
* the JA CR names cards in ``《》``: ``《爪の群れのウルリッチ》``;
* the JA glossary headwords ``相棒（あいぼう）／Companion`` (see :mod:`mtgcr.extract.profiles`).

Full-width digits and punctuation (``１２３．４ａ``, ``／``) are normalised only in
:func:`match_key`; every stored string keeps the original characters. Offsets are character
offsets into the text passed in.

In rendered text the link boundaries are gone, so the start of a card's Japanese name is found
by a heuristic (:func:`prose_pairs`): back from the slash to punctuation, then after the last
particle or negative/copula auxiliary (SudachiPy, mode C) — "現在は精神隷属器" → "精神隷属器",
"条件を指定されていない死せる願い" → "死せる願い"; a name that itself ends a clause with such a
word would be cut too short.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from typing import Iterable

__all__ = [
    "TermPair",
    "CardMention",
    "match_key",
    "title_pair",
    "inline_pairs",
    "prose_pairs",
    "link_pairs",
    "card_mentions",
    "glossary_pairs",
    "rule_title_pairs",
    "has_japanese",
    "heading_pair",
    "bracket_card_pairs",
    "reading_pairs",
    "bold_pairs",
    "keyword_term",
]

_JA_CHAR = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff\uff66-\uff9f々〆ヵヶ]")
_EN_RUN = re.compile(r"[A-Za-z][A-Za-z0-9 ,'’\-.!?&:]*(?:\s*//\s*[A-Za-z][A-Za-z0-9 ,'’\-.!?&:]*)*")
#: Characters that end a Japanese name when walking back from the slash.
_STOP = set('、。，,．！？!?「」『』（）()[]【】《》〈〉：:；;…"“”‘’ \t\u3000/／|*•=')
_INLINE = re.compile(r"「(?P<body>[^「」]*?[／/][^「」]*)」")
_BRACKET = re.compile(r"《(?P<name>[^《》]+)》")
_LINK = re.compile(r"\[\[(?P<target>[^\[\]|#]+?)(?:#[^\[\]|]*)?(?:\|[^\[\]]*)?\]\]")
_CARD_TEMPLATE = re.compile(r"\{\{\s*#card\s*:\s*(?P<name>[^{}|]+?)\s*\}\}", re.I)


def has_japanese(text: str) -> bool:
    """True if ``text`` holds kana or kanji."""
    return _JA_CHAR.search(text) is not None


def match_key(text: str) -> str:
    """The comparison key of a term: NFKC (full-width → ASCII, ``／`` → ``/``), case-folded,
    dashes and curly quotes unified, white space collapsed. Never stored as the text itself."""
    t = unicodedata.normalize("NFKC", text).casefold()
    t = re.sub(r"[\u2010-\u2015\u2212]", "-", t).replace("’", "'").replace("‘", "'")
    return re.sub(r"\s+", " ", t).strip()


@dataclass(frozen=True)
class TermPair:
    """A Japanese term or card name with its English original.

    Attributes:
        ja, en: the two names exactly as written.
        kind: ``"term"`` (a rules term) or ``"card"`` (a card name).
        source: where it was found: ``"title"`` (a page's subject), ``"inline"`` (in 「」),
            ``"rule-title"`` (``701.2. 起動する／Activate``), ``"glossary"``, ``"link"`` (a
            wikitext link), ``"prose"`` (a card pair in running text).
        line: 1-based source line (0 if unknown); start, end: character offsets in that line.
        note: a defect or doubt (``"headword has no term; the reading stands for it"``).
        reading: a reading given between the term and the slash (``果敢（かかん）／Prowess`` →
            ``"かかん"``), else ``""``.
        term: for an inflected keyword action (``変身させる``, ``追放する``), the term it is a
            form of (``変身``, ``追放``: :func:`keyword_term`), else ``""``.
    """

    ja: str
    en: str
    kind: str
    source: str
    line: int = 0
    start: int = 0
    end: int = 0
    note: str = ""
    reading: str = ""
    term: str = ""

    @property
    def key(self) -> tuple[str, str]:
        """``(match_key(ja), match_key(en))``."""
        return match_key(self.ja), match_key(self.en)

    def as_json(self) -> dict:
        """JSON-ready dict of every attribute."""
        return {
            "ja": self.ja,
            "en": self.en,
            "kind": self.kind,
            "source": self.source,
            "line": self.line,
            "start": self.start,
            "end": self.end,
            "note": self.note,
            "reading": self.reading,
            **({"term": self.term} if self.term else {}),
        }

    @classmethod
    def from_json(cls, d: dict) -> TermPair:
        """The pair :meth:`as_json` gave (other keys are ignored). Raises ``KeyError`` without
        ``ja``, ``en``, ``kind`` or ``source``."""
        return cls(
            d["ja"],
            d["en"],
            d["kind"],
            d["source"],
            d.get("line", 0),
            d.get("start", 0),
            d.get("end", 0),
            d.get("note", ""),
            d.get("reading", ""),
            d.get("term", ""),
        )


@dataclass(frozen=True)
class CardMention:
    """A card named in one language only: ``《爪の群れのウルリッチ》`` (ja) or ``{{#card:Clone}}`` (en)."""

    name: str
    lang: str
    line: int = 0
    start: int = 0
    end: int = 0

    def as_json(self) -> dict:
        """JSON-ready dict of every attribute."""
        return {
            "name": self.name,
            "lang": self.lang,
            "line": self.line,
            "start": self.start,
            "end": self.end,
        }

    @classmethod
    def from_json(cls, d: dict) -> CardMention:
        """The mention :meth:`as_json` gave (other keys are ignored). Raises ``KeyError``
        without ``name`` or ``lang``."""
        return cls(d["name"], d["lang"], d.get("line", 0), d.get("start", 0), d.get("end", 0))


def _en_after(text: str, pos: int) -> tuple[str, int] | None:
    """The English run starting at ``pos`` (after one optional space) and where it ends."""
    if pos < len(text) and text[pos] == " ":
        pos += 1
    m = _EN_RUN.match(text, pos)
    if not m:
        return None
    en = m.group().rstrip(" ,.:&-")
    return (en, pos + len(en)) if en else None


#: A reading between a term and its slash: ``（かかん）`` or ``(ぞうしょく)``.
_READING = re.compile(r"\s*[（(](?P<reading>[\u3040-\u309f\u30a0-\u30ff・ー\s]+)[）)]\s*")


def title_pair(title: str, lines: Iterable[tuple[int, str]]) -> TermPair | None:
    """The page subject's pair: the first ``<title>/<English>`` (or ``／``) in ``lines``, also
    with a reading between them (``果敢（かかん）／Prowess``, ``増殖(ぞうしょく)/Proliferate``).

    Args:
        title: the page title (Japanese), as shown on the page.
        lines: ``(line number, visible text)`` of the page body, in order.

    Returns:
        A ``kind="term"``, ``source="title"`` pair (with its ``reading``), or ``None`` if the
        lead gives no English.
    """
    if not title:
        return None
    for lineno, text in lines:
        i = text.find(title)
        while i >= 0:
            pos = i + len(title)
            reading = ""
            m = _READING.match(text, pos)
            if m:
                reading, pos = m.group("reading").strip(), m.end()
            if pos < len(text) and text[pos] in "/／":
                got = _en_after(text, pos + 1)
                if got and not has_japanese(got[0]):
                    return TermPair(
                        title, got[0], "term", "title", lineno, i, got[1], reading=reading
                    )
            i = text.find(title, i + 1)
    return None


def heading_pair(text: str, line: int = 0, source: str = "heading") -> TermPair | None:
    """A pair that is a whole page title or heading: ``絆魂/Lifelink``, ``=コピー/Copy=`` (the
    heading's text), ``果敢（かかん）／Prowess``.

    Returns:
        A ``kind="term"`` pair, or ``None`` when the text is not ``<Japanese>/<English>`` (a
        title like ``and/or`` or ``X/Y`` is none).
    """
    t = text.strip().strip("=").strip()
    m = re.fullmatch(
        r"(?P<ja>[^/／]+?)(?:" + _READING.pattern + r")?\s*[/／]\s*(?P<en>[A-Za-z][^/／]*?)", t
    )
    if not m or not has_japanese(m.group("ja")) or has_japanese(m.group("en")):
        return None
    start = text.find(m.group("ja"))
    return TermPair(
        m.group("ja").strip(),
        m.group("en").strip(),
        "term",
        source,
        line,
        max(start, 0),
        max(start, 0) + len(t),
        reading=(m.group("reading") or "").strip(),
    )


#: ``《稲妻/Lightning Bolt》``: the Japanese name has no half-width slash (a split card's halves
#: are joined by ``／``), the English starts with a letter (halves joined by `` // ``).
_BRACKET_PAIR = re.compile(r"《(?P<ja>[^《》/]+)/(?P<en>[A-Za-z][^《》]*?)》")


def bracket_card_pairs(text: str, line: int = 0) -> list[TermPair]:
    """Card pairs written ``《稲妻/Lightning Bolt》`` (``《火／氷/Fire // Ice》`` for split
    cards): always ``kind="card"``, ``source="bracket"``, even when the Japanese name is
    spelled like a keyword."""
    out = []
    for m in _BRACKET_PAIR.finditer(text):
        ja, en = m.group("ja").strip(), m.group("en").strip()
        if has_japanese(ja) and not has_japanese(en):
            out.append(TermPair(ja, en, "card", "bracket", line, m.start(), m.end()))
    return out


def inline_pairs(text: str, line: int = 0, source: str = "inline") -> list[TermPair]:
    """Pairs written inside 「」: ``「変身／transform」``, ``「変身/Transform させる」``.

    With the full-width ``／`` (the JA CR's style) the English is everything up to ``」``; with a
    half-width ``/`` (wiki prose) it is the Latin run after the slash. Both sides must be
    non-empty, the Japanese side must hold kana or kanji and the English side a Latin letter.
    """
    out = []
    for m in _INLINE.finditer(text):
        body, base = m.group("body"), m.start("body")
        cut = body.find("／")
        if cut >= 0:
            ja, en = body[:cut].strip(), body[cut + 1 :].strip()
            end = m.end("body")
        else:
            cut = body.find("/")
            got = _en_after(body, cut + 1)
            if got is None:
                continue
            ja, en = body[:cut].strip(), got[0]
            end = base + got[1]
        if ja and en and has_japanese(ja) and re.search(r"[A-Za-z]", en) and not has_japanese(en):
            out.append(TermPair(ja, en, "term", source, line, base, end, term=keyword_term(ja)))
    return out


@lru_cache(maxsize=1)
def _tokenizer():
    """A SudachiPy tokenizer (mode C) on sudachidict-core, installed with the package: nothing
    is downloaded at run time."""
    from sudachipy import dictionary, tokenizer

    return dictionary.Dictionary().tokenizer(mode=tokenizer.Tokenizer.SplitMode.C)


def _cut_clause(ja: str) -> int:
    """Offset in ``ja`` after its last particle (except the genitive の) or negative/copula
    auxiliary: where a card name that follows running text starts (0 if none)."""
    cut = 0
    for m in _tokenizer().tokenize(ja):
        pos = m.part_of_speech()
        if (pos[0] == "助詞" and not (m.surface() == "の" and pos[1] == "格助詞")) or (
            pos[0] == "助動詞" and m.normalized_form() in ("ない", "ぬ", "だ", "です")
        ):
            cut = m.end()
    return cut


def prose_pairs(text: str, line: int = 0, skip: Iterable[tuple[int, int]] = ()) -> list[TermPair]:
    """Card pairs in running text: ``精神隷属器/Mindslaver`` (half-width slash, English first
    letter upper case), outside 「」.

    Args:
        text: visible text of one line.
        line: its 1-based line number.
        skip: character spans to leave alone (the page's title pair, inline pairs).

    Returns:
        ``kind="card"``, ``source="prose"`` pairs; the start of the Japanese name is a
        heuristic (see the module docstring).
    """
    skip = list(skip) + [m.span() for m in _INLINE.finditer(text)]
    out = []
    for m in re.finditer(r"/(?= ?[A-Z])", text):
        slash = m.start()
        if any(a <= slash < b for a, b in skip):
            continue
        got = _en_after(text, slash + 1)
        if got is None:
            continue
        en, end = got
        commas = en.count(",")
        halves = en.count("//")  # a split card: the Japanese halves are joined by ／
        i = slash
        while True:
            while i > 0 and text[i - 1] not in _STOP and not text[i - 1].isascii():
                i -= 1
            if commas and i > 0 and text[i - 1] == "、":
                commas -= 1
                i -= 1
                continue
            if halves and i > 0 and text[i - 1] == "／":
                halves -= 1
                i -= 1
                continue
            break
        ja = text[i:slash]
        if not has_japanese(ja):
            continue
        cut = _cut_clause(ja) if "、" not in ja else 0
        ja, i = ja[cut:], i + cut
        if ja and has_japanese(ja):
            out.append(TermPair(ja, en, "card", "prose", line, i, end))
    return out


#: A reading between a term and its slash in running text (the term before it, the English
#: after): ``果敢（かかん）／Prowess``, ``絆魂(はんこん)/Lifelink``.
_READING_SLASH = re.compile(r"[（(][\u3040-\u309f\u30a0-\u30ffー・\s]+[）)]\s*[/／]")
#: Wikitext: the term in bold, an optional reading, the English in italics (``'''絆魂'''
#: (はんこん)/''Lifelink''``, ``'''コピー'''/''Copy''``).
_BOLD_PAIR = re.compile(
    r"'''(?P<ja>[^'\n]+?)'''\s*(?:[（(](?P<reading>[\u3040-\u309f\u30a0-\u30ffー・\s]+)[）)])?"
    r"\s*[/／]\s*''(?P<en>[^'\n]+?)''(?!')"
)


def reading_pairs(text: str, line: int = 0) -> list[TermPair]:
    """Term pairs written with a reading between the term and the slash, anywhere in a line
    (a paragraph, a list item, a table cell): ``果敢（かかん）／Prowess``,
    ``絆魂(はんこん)/Lifelink`` (MTG Wiki leads and lists; the JA glossary's headword shape).
    A reading marks a rules term: these are ``kind="term"``, ``source="reading"``. The term
    starts after the punctuation or particle before it (as :func:`prose_pairs`)."""
    out = []
    for m in _READING_SLASH.finditer(text):
        got = _en_after(text, m.end())
        if got is None or has_japanese(got[0]):
            continue
        i = m.start()
        while i > 0 and text[i - 1] not in _STOP and not text[i - 1].isascii():
            i -= 1
        ja = text[i : m.start()]
        if not has_japanese(ja):
            continue
        cut = _cut_clause(ja) if len(ja) > 4 else 0
        ja, i = ja[cut:], i + cut
        reading = m.group()[1:].rstrip("/／ ").rstrip("）)").strip()
        if ja and has_japanese(ja):
            out.append(TermPair(ja, got[0], "term", "reading", line, i, got[1], reading=reading))
    return out


def bold_pairs(wikitext: str, line: int = 0) -> list[TermPair]:
    """Term pairs in wikitext with the term in bold and the English in italics, a reading
    between them or not (``'''絆魂'''(はんこん)/''Lifelink''``): ``kind="term"``,
    ``source="bold"``; words that merely hold a slash are no pairs."""
    out = []
    for m in _BOLD_PAIR.finditer(wikitext):
        ja, en = m.group("ja").strip(), m.group("en").strip()
        if has_japanese(ja) and re.search(r"[A-Za-z]", en) and not has_japanese(en):
            reading = (m.group("reading") or "").strip()
            out.append(TermPair(ja, en, "term", "bold", line, m.start(), m.end(), reading=reading))
    return out


#: Endings of a keyword action's inflected forms (JA CR and wiki prose: 変身させる, 追放する,
#: 生贄に捧げた), longest first.
_INFLECTIONS = (
    "させられる",
    "させている",
    "させた",
    "させる",
    "させ",
    "されている",
    "される",
    "された",
    "している",
    "する",
    "した",
    "して",
    "し",
)


def keyword_term(ja: str, terms: Iterable[str] = ()) -> str:
    """The term an inflected keyword action is a form of: ``変身させる`` → ``変身``, ``追放する``
    → ``追放`` (the form's ending cut, at least two characters left); when ``terms`` (known
    JA terms) are given, only one of them. ``""`` when ``ja`` is no inflected form."""
    known = set(terms)
    for end in _INFLECTIONS:
        if ja.endswith(end) and len(ja) - len(end) >= 2:
            stem = ja[: -len(end)]
            if not known or stem in known:
                return stem
    return ""


def link_pairs(wikitext: str, line: int = 0) -> list[TermPair]:
    """Card pairs from wikitext links whose target is ``JA/EN`` (``[[クローン/Clone#ルール|…]]``)."""
    out = []
    for m in _LINK.finditer(wikitext):
        target = m.group("target")
        if "/" not in target:
            continue
        ja, en = (s.strip() for s in target.split("/", 1))
        if ja and en and has_japanese(ja) and re.match(r"[A-Za-z]", en) and not has_japanese(en):
            out.append(TermPair(ja, en, "card", "link", line, m.start(), m.end()))
    return out


def card_mentions(text: str, line: int = 0) -> list[CardMention]:
    """Cards named in ``《》`` (Japanese) and in ``{{#card:Name}}`` templates (English)."""
    out = [
        CardMention(m.group("name"), "ja", line, m.start(), m.end())
        for m in _BRACKET.finditer(text)
    ]
    out += [
        CardMention(m.group("name"), "en", line, m.start(), m.end())
        for m in _CARD_TEMPLATE.finditer(text)
    ]
    return sorted(out, key=lambda c: c.start)


def glossary_pairs(entries) -> list[TermPair]:
    """One pair per JA glossary entry that gives an English original.

    Args:
        entries: :class:`mtgcr.extract.model.GlossaryEntry` objects of a JA ruleset.

    Returns:
        ``source="glossary"`` pairs with the headword's term (JA aliases joined by ``、`` stay
        together) and the original as printed (``Control/Controller``, ``Vanguard(1)``). An
        entry whose headword has no term (``（へや）／Room``) pairs its reading, with a note.
    """
    out = []
    for g in entries:
        if not g.original:
            continue
        ja, note = g.term, ""
        if not ja:
            m = re.match(r"^\s*（([^（）]*)）", g.heading)
            ja = m.group(1) if m else ""
            note = "headword has no term; the reading stands for it"
        if ja:
            out.append(
                TermPair(ja, g.original, "term", "glossary", g.line, 0, len(g.heading), note)
            )
    return out


def rule_title_pairs(rules) -> list[TermPair]:
    """Keyword rules titled ``起動する／Activate`` (the whole rule text is the pair).

    Args:
        rules: :class:`mtgcr.extract.model.Rule` objects of a JA ruleset.
    """
    out = []
    for r in rules:
        first = r.text.split("\n", 1)[0].strip()
        ja, sep, en = first.partition("／")
        if sep and ja and en and has_japanese(ja) and not has_japanese(en) and "。" not in first:
            out.append(
                TermPair(ja.strip(), en.strip(), "term", "rule-title", r.line, 0, len(first))
            )
    return out
