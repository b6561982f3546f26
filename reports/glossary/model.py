"""The catalog model every glossary format reads and writes: :class:`Catalog` of :class:`TermPair`.

The concept system is the EN glossary, one concept per **sense**: an EN entry whose definition
numbers its senses (``Draw`` — 1. to put a card into hand, 2. a game nobody wins) is one
concept per sense, so a termbase never offers 引き分け where "draw a card" is meant. A term pair
is one translated **term** of one concept with its EN name: a headword that names several terms
(``コントロール、コントローラー`` / ``Control, Controller``) is one pair per term, each with the
EN name it stands beside. A pair also carries the definitions of its sense in both languages,
the rules they cite, its status, part of speech, the kind of concept (keyword ability, zone …),
the concept that replaced an obsolete one, the concepts its definition points at, a
translator's note taken out of the headword, and where it was found (file name and line).

Formats (:mod:`.tbx`, :mod:`.tbx2`, :mod:`.csvfile`, :mod:`.omegat`, :mod:`.anki`,
:mod:`.jsonfile`) each hold a subset of the fields; their readers give back a catalog with the
fields they hold and defaults for the rest.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from pathlib import PurePath

from mtgcr.extract.model import Release
from mtgcr.extract.rulenum import RuleNumber

__all__ = [
    "Status",
    "Origin",
    "PartOfSpeech",
    "ConceptKind",
    "Provenance",
    "TermPair",
    "Catalog",
    "source_title",
    "lang_tag",
    "SUBJECT",
]

#: The subject field of every concept (the kind of concept follows it, :class:`ConceptKind`).
SUBJECT = "Magic: The Gathering Comprehensive Rules"


class Status(str, Enum):
    """How far a pair can be relied on.

    ``official``: the translation's own glossary (or keyword heading) gives it;
    ``provisional``: a provisional list (ZH ``translatedterms``) or a wiki page gives it;
    ``obsolete``: the EN or translated entry is marked obsolete (``(Obsolete)``, ``(廃語)``).
    """

    OFFICIAL = "official"
    PROVISIONAL = "provisional"
    OBSOLETE = "obsolete"


class Origin(str, Enum):
    """The kind of text a pair was found in."""

    GLOSSARY = "glossary"  # the translation's glossary (JA 用語集, ZH 词汇表, RU Глоссарий)
    BILINGUAL = "bilingual-glossary"  # a bilingual edition's glossary (ZH glossary.md)
    RULE_TITLE = "rule-title"  # a keyword rule's heading (702.19. トランプル／Trample)
    TERM_LIST = "term-list"  # a provisional term list (ZH translatedterms)
    WIKI = "wiki"  # an MTG Wiki page (its subject, 「…／…」)


class PartOfSpeech(str, Enum):
    """The part of speech of a term: the values TBX-Basic's ``partOfSpeech`` allows
    (TBX-Basic_DCA.sch: ``adjective``, ``noun``, ``other``, ``verb``, ``adverb``)."""

    NOUN = "noun"
    VERB = "verb"
    ADJECTIVE = "adjective"
    ADVERB = "adverb"
    OTHER = "other"


class ConceptKind(str, Enum):
    """What kind of rules concept an EN glossary sense is, as its definition says ("A keyword
    ability that …", "A keyword action …", "A zone.", "A casual variant …")."""

    KEYWORD_ABILITY = "keyword ability"
    KEYWORD_ACTION = "keyword action"
    ZONE = "zone"
    VARIANT = "game variant"
    CARD_TYPE = "card type"
    GAME_TERM = "game term"

    @property
    def subject_field(self) -> str:
        """The TBX subject field value: ``Magic: The Gathering Comprehensive Rules: keyword
        ability``."""
        return f"{SUBJECT}: {self.value}"


@dataclass(frozen=True)
class Provenance:
    """Where a pair was found: the document's **file name** (never a machine's path), the
    1-based line, the kind of text."""

    document: str
    line: int
    origin: Origin

    def __post_init__(self) -> None:
        if "/" in self.document or "\\" in self.document:
            object.__setattr__(self, "document", file_name(self.document))

    def __str__(self) -> str:
        return f"{self.document}:{self.line}" if self.line else self.document


def file_name(path: str) -> str:
    """The last part of a path, POSIX or Windows (``/a/b/JPN.txt`` → ``JPN.txt``)."""
    return PurePath(path.replace("\\", "/")).name if path else ""


@dataclass(frozen=True)
class TermPair:
    """One translated term of one concept (an EN glossary sense) and its EN name.

    Attributes:
        concept: the concept id of the EN headword (``en-glossary-draw``), or ``None`` when the
            EN term has no EN glossary entry (then ``en`` is the original the translation gives).
        en: the EN name this term stands for: the headword, or the alias the term translates
            (``Controller`` for コントローラー).
        term: the translated term (``相棒``), without a translator's note.
        lang: the translation's language (``ja``).
        reading: the JA reading (``あいぼう``) or ``None``.
        definition_en, definition: the definitions of this sense (``""`` unknown).
        rules_en, rules: rule numbers the definitions cite, in order.
        status: :class:`Status`.
        release: the translation release (``20260116.0``: label and revision).
        en_release: the EN release the pair was taken against, or ``None``.
        anchor: the EN entry's glossary anchor (``en:2026-01-16:glossary:Companion``) or
            ``None``; ``anchor_sha256`` the hash of its definition.
        provenance: where the pair was found (first: the main source).
        sense: the EN sense (``"1"``, ``"2"``) when the EN entry numbers its senses, else ``""``.
        notes: remarks, each one sentence.
        en_names: every EN name of the entry: the headword first, then its aliases.
        headword: the translated headword as printed (``コントロール、コントローラー``).
        part_of_speech: :class:`PartOfSpeech` of the sense.
        kind: :class:`ConceptKind` of the sense.
        successor: for an obsolete concept, the :attr:`entry_id` of the one that replaced it
            (Totem Armor → ``en-glossary-umbra-armor``), else ``None``; ``successor_en`` its EN
            headword.
        related: entry ids of the concepts the EN definition points at ("See also …") and of
            the other senses of the same headword.
        translator_note: a note the translated headword carries (``译者注：…``), ``""`` if none.
    """

    concept: str | None
    en: str
    term: str
    lang: str
    reading: str | None = None
    definition_en: str = ""
    definition: str = ""
    rules_en: tuple[RuleNumber, ...] = ()
    rules: tuple[RuleNumber, ...] = ()
    status: Status = Status.OFFICIAL
    release: str = ""
    en_release: str | None = None
    anchor: str | None = None
    anchor_sha256: str | None = None
    provenance: tuple[Provenance, ...] = ()
    sense: str = ""
    notes: tuple[str, ...] = ()
    en_names: tuple[str, ...] = ()
    headword: str = ""
    part_of_speech: PartOfSpeech = PartOfSpeech.NOUN
    kind: ConceptKind = ConceptKind.GAME_TERM
    successor: str | None = None
    successor_en: str | None = None
    related: tuple[str, ...] = ()
    translator_note: str = ""

    @property
    def key(self) -> tuple[str | None, str, str]:
        """``(concept, sense, term)``: unique within a catalog."""
        return self.concept, self.sense, self.term

    @property
    def entry_id(self) -> str:
        """An NCName naming this pair's concept (the headword's concept id and the sense):
        TBX concept ids, Anki guids (``en-glossary-draw-sense-1``)."""
        return entry_id(self.concept, self.en, self.sense)

    @property
    def names(self) -> tuple[str, ...]:
        """The EN names of the concept (:attr:`en_names`, else ``(en,)``)."""
        return self.en_names or (self.en,)


def entry_id(concept: str | None, en: str, sense: str = "") -> str:
    """The id of a concept sense: ``entry_id("en-glossary-draw", "Draw", "1")`` →
    ``"en-glossary-draw-sense-1"``; with no concept, one made from the EN name
    (``en-term-store``)."""
    base = concept or "en-term-" + "".join(c if c.isalnum() else "-" for c in en.lower())
    return base + (f"-sense-{sense}" if sense else "")


@dataclass
class Catalog:
    """Every term pair of one translation release.

    Attributes:
        lang: the translation's language.
        release: the translation release (:class:`Release`), or ``None`` for a catalog read
            back from a file that does not say.
        en_release: the EN release paired against, or ``None`` when it is not stored.
        pairs: the pairs, in EN headword order.
        notes: what could not be paired and why (one sentence each), for the user.
        source: the file name the pairs were read from (never a path).
        disagreements: where a second source (a bilingual edition's heading lines) pairs a
            translated headword otherwise than the evidence does (one sentence each).
    """

    lang: str
    release: Release | None = None
    en_release: Release | None = None
    pairs: list[TermPair] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    source: str = ""
    disagreements: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.source = file_name(self.source)

    @property
    def release_name(self) -> str:
        """``20260116.0`` (label and revision) or the label, ``""`` if unknown."""
        r = self.release
        if r is None:
            return ""
        return f"{r.label}.{r.revision}" if r.revision else r.label

    @property
    def lang_tag(self) -> str:
        """The BCP 47 tag of the translation (:func:`lang_tag`)."""
        return lang_tag(self.lang)

    @property
    def concepts(self) -> dict[str, list[TermPair]]:
        """Pairs grouped by concept sense (:attr:`TermPair.entry_id`), in first-seen order."""
        out: dict[str, list[TermPair]] = {}
        for p in self.pairs:
            out.setdefault(p.entry_id, []).append(p)
        return out

    def source_titles(self) -> tuple[str, str]:
        """The names of the two glossaries as sources (``MTG CR 2026-01-16 Glossary``,
        ``総合ルール 和訳 20260116.0 用語集``)."""
        en = (
            f"MTG CR {self.en_release.effective_date.isoformat()} Glossary"
            if self.en_release and self.en_release.effective_date
            else "MTG CR Glossary"
        )
        return en, source_title(self.lang, self.release_name)


#: BCP 47 tags of the translations where the language code alone is not enough: the ZH
#: community translation (万智牌完整规则) is written in Simplified Chinese.
LANG_TAGS = {"zh": "zh-Hans"}


def lang_tag(lang: str) -> str:
    """The BCP 47 tag an export writes for a translation's language (``zh`` → ``zh-Hans``,
    ``ja`` → ``ja``)."""
    return LANG_TAGS.get(lang, lang)


def lang_of_tag(tag: str) -> str:
    """The store's language code of a BCP 47 tag (``zh-Hans`` → ``zh``)."""
    return tag.split("-")[0].lower() if tag else tag


#: How each translation names itself and its glossary (format knowledge: the JA header
#: ``マジック総合ルール(和訳 20260116.0 版)`` and ``10. 用語集``; the ZH ``万智牌完整规则`` and
#: ``词汇表``; the RU ``Полные правила`` and ``Глоссарий``).
_TITLES = {
    "ja": "総合ルール 和訳 {r} 用語集",
    "zh": "万智牌完整规则 {r} 词汇表",
    "ru": "Полные правила {r} Глоссарий",
}


def source_title(lang: str, release: str) -> str:
    """The name of a translation's glossary as a source: ``source_title("ja", "20260116.0")``
    → ``"総合ルール 和訳 20260116.0 用語集"``; other languages ``"CR (xx) R glossary"``."""
    return _TITLES.get(lang, "CR ({lang}) {r} glossary").format(r=release, lang=lang).strip()
