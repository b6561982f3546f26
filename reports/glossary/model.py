"""The catalog model every glossary format reads and writes: :class:`Catalog` of :class:`TermPair`.

A term pair is one translated glossary term with its EN counterpart: the concept it names (the
EN glossary entry, :mod:`mtgcr.crossref.glossary_anchor`), the definitions and the rules that
define it in both languages, a status and where it was found. A catalog is every pair of one
translation release. Formats (:mod:`.tbx`, :mod:`.tbx2`, :mod:`.csvfile`, :mod:`.omegat`,
:mod:`.anki`, :mod:`.jsonfile`) each hold a subset of the fields; their readers give back a
catalog with the fields they hold and defaults for the rest.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from mtgcr.extract.model import Release
from mtgcr.extract.rulenum import RuleNumber

__all__ = ["Status", "Origin", "Provenance", "TermPair", "Catalog", "source_title"]


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

    GLOSSARY = "glossary"  # the translation's glossary (JA 用語集, RU Глоссарий)
    BILINGUAL = "bilingual-glossary"  # a bilingual edition's glossary (ZH glossary.md)
    RULE_TITLE = "rule-title"  # a keyword rule's heading (702.19. トランプル／Trample)
    TERM_LIST = "term-list"  # a provisional term list (ZH translatedterms)
    WIKI = "wiki"  # an MTG Wiki page (its subject, 「…／…」)


@dataclass(frozen=True)
class Provenance:
    """Where a pair was found: the document (file name as ingested), 1-based line, kind."""

    document: str
    line: int
    origin: Origin

    def __str__(self) -> str:
        return f"{self.document}:{self.line}" if self.line else self.document


@dataclass(frozen=True)
class TermPair:
    """One translated term and its EN original.

    Attributes:
        concept: the concept id (``en-glossary-companion``), or ``None`` when the EN term has
            no EN glossary entry (then ``en`` is the original the translation gives).
        anchor: the EN entry's glossary anchor as a string (``en:2026-01-16:glossary:Companion``)
            or ``None``; ``anchor_sha256`` the hash of its definition.
        en: the EN headword (as the EN glossary prints it) or the original given.
        term: the translated term exactly as printed (``相棒``).
        lang: the translation's language (``ja``).
        reading: the JA reading (``あいぼう``) or ``None``.
        definition_en, definition: the two definitions (lines joined by ``\\n``; ``""`` unknown).
        rules_en, rules: rule numbers the definitions cite (``See rule 702.139``), in order.
        status: :class:`Status`.
        release: the translation release (``20260116.0``: label and revision).
        en_release: the EN release the pair was taken against, or ``None``.
        provenance: where the pair was found (first: the main source).
        sense: the sense the translation gives apart (``Draw(1)`` → ``"1"``, ``Counter(n)`` → ``"n"``)
            when one EN entry has several translated entries, else ``""``.
        notes: remarks, each one sentence (``"matched to the EN entry by similarity"``).
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

    @property
    def key(self) -> tuple[str | None, str, str]:
        """``(concept, sense, term)``: unique within a catalog."""
        return self.concept, self.sense, self.term

    @property
    def entry_id(self) -> str:
        """An NCName naming this pair (concept id, sense): TBX term ids, Anki guids."""
        base = self.concept or "en-term-" + "".join(
            c if c.isalnum() else "-" for c in self.en.lower()
        )
        return base + (f"-sense-{self.sense}" if self.sense else "")


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
        source: the document the pairs were read from (for the definitions' source line).
    """

    lang: str
    release: Release | None = None
    en_release: Release | None = None
    pairs: list[TermPair] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    source: str = ""

    @property
    def release_name(self) -> str:
        """``20260116.0`` (label and revision) or the label, ``""`` if unknown."""
        r = self.release
        if r is None:
            return ""
        return f"{r.label}.{r.revision}" if r.revision else r.label

    @property
    def concepts(self) -> dict[str | None, list[TermPair]]:
        """Pairs grouped by concept id, in first-seen order."""
        out: dict[str | None, list[TermPair]] = {}
        for p in self.pairs:
            out.setdefault(p.concept, []).append(p)
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
