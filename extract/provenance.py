"""Where a fact was read: :class:`Place` records instead of ``"a.txt:12; b.txt[right …]:3"`` strings.

A rule of a partial ruleset (quotes merged from several wiki pages, a page of mtg.ru) carries its
places: the document, the 1-based line, and for a column of a wiki diff view the column and the
revision it shows. Parsers build :class:`Place` values; :data:`Provenance` maps rule numbers to
them. The store keeps them in ``rules.provenance`` as text in the form mtgcr has always written
(``"page.txt:47"``, ``"page.txt[right 編集中の文章]:47"``, several joined by ``"; "``), so old
stores read as before: :func:`format_places` and :func:`parse_places` are that column's one
writer and one reader.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from mtgcr.extract.rulenum import RuleNumber

__all__ = [
    "Place",
    "Provenance",
    "format_places",
    "parse_places",
    "merge_places",
    "join_sources",
    "split_sources",
]


@dataclass(frozen=True)
class Place:
    """One place a fact was read.

    Attributes:
        document: the document's source (path or URL; mtg.ru pages and fragments give the file
            name only).
        line: 1-based line of the document's decoded text (for a diff column: the line of that
            column's revision), ``0`` when unknown.
        column: ``"left"`` or ``"right"`` for a column of a wiki diff view, else ``None``.
        revision: the label of that column's revision (``"編集中の文章"``), else ``None``.
    """

    document: str
    line: int
    column: str | None = None
    revision: str | None = None

    @property
    def label(self) -> str:
        """The document as warnings name it: ``"page.txt"``, in a diff view
        ``"page.txt[right 編集中の文章]"``."""
        if self.column:
            rev = f" {self.revision}" if self.revision else ""
            return f"{self.document}[{self.column}{rev}]"
        return self.document

    def __str__(self) -> str:
        """``"page.txt:47"``; in a diff view ``"page.txt[right 編集中の文章]:47"``."""
        return f"{self.label}:{self.line}"

    @property
    def short(self) -> str:
        """As shown to readers and written in exports: the document's file name only (never a
        machine's folders), ``"page.txt:47"``, ``"page.txt[right 編集中の文章]:47"``."""
        name = self.document.replace("\\", "/").rstrip("/").rsplit("/", 1)[-1]
        return str(Place(name, self.line, self.column, self.revision))

    def as_json(self) -> dict[str, Any]:
        """``{"document", "line", "column", "revision"}`` (the last two ``None`` outside diff views)."""
        return {
            "document": self.document,
            "line": self.line,
            "column": self.column,
            "revision": self.revision,
        }

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Place:
        """The place :meth:`as_json` gave. Raises ``KeyError`` without ``document`` or ``line``."""
        return cls(d["document"], int(d["line"]), d.get("column"), d.get("revision"))


#: Rule number → the places its text was read (first place first).
Provenance = dict[RuleNumber, tuple[Place, ...]]

_PLACE = re.compile(r"(?P<doc>.*?)(?:\[(?P<col>left|right)(?: (?P<rev>[^\]]*))?\])?:(?P<line>\d+)")


def format_places(places: tuple[Place, ...] | None) -> str | None:
    """The stored text of some places (``None`` for none): each :class:`Place` as ``str()``
    gives it, joined by ``"; "``."""
    return "; ".join(map(str, places)) if places else None


def parse_places(text: str | None) -> tuple[Place, ...]:
    """The places of a stored ``rules.provenance`` text (:func:`format_places`); an item not of
    that form (none is written so) is kept whole as the document with line ``0``."""
    if not text:
        return ()
    out = []
    for item in text.split("; "):
        m = _PLACE.fullmatch(item)
        out.append(Place(m["doc"], int(m["line"]), m["col"], m["rev"]) if m else Place(item, 0))
    return tuple(out)


def merge_places(
    first: tuple[Place, ...] | None, second: tuple[Place, ...] | None
) -> tuple[Place, ...]:
    """``first`` followed by the places of ``second`` it lacks (order kept)."""
    a, b = first or (), second or ()
    return a + tuple(p for p in b if p not in a)


def join_sources(sources: list[str] | tuple[str, ...]) -> str:
    """The ``source`` text of a ruleset merged from several documents (quotes of one release
    on several wiki pages), as stored in ``releases.source``: the documents joined by
    ``"; "``, each once, in order."""
    return "; ".join(dict.fromkeys(sources))


def split_sources(source: str) -> tuple[str, ...]:
    """The documents of a ``source`` text :func:`join_sources` wrote (one for a ruleset of
    one document)."""
    return tuple(source.split("; ")) if source else ()
