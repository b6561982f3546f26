"""Japanese card names → English card names, from a card-name table the user gives.

The JA CR text and MTG Wiki prose name cards in ``《》`` with their Japanese name only
(``《稲妻》``); a table maps them to the English names (``Lightning Bolt``), so such a card is a
card pair like ``《稲妻/Lightning Bolt》``. A card whose Japanese name is spelled like a keyword
(``《果敢》``) is the card — it never becomes a rules term.

The table is data the user brings (none is shipped): a JSON list of ``{"name": English,
"jpname": Japanese}`` objects (the shape of the MTG Wiki's ``mtgwiki-jpname.json``, as in
``../shared/corpus/derived/``), or a text file of ``Japanese<TAB>English`` lines. Name it with
``$MTGCR_CARD_NAMES`` (read by :func:`card_names_in_use`) or load it with
:meth:`CardNames.from_file`. Keys are compared on NFKC (full-width forms, the ``／`` joining the
halves of a split card: ``火／氷`` finds ``Fire // Ice``).
"""

from __future__ import annotations

import json
import os
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from mtgcr.errors import InputError
from mtgcr.extract.terms import CardMention, TermPair

__all__ = ["CardNames", "CardNamesError", "card_names_in_use", "card_pairs", "ENV"]

#: The environment variable naming the card-name table.
ENV = "MTGCR_CARD_NAMES"


class CardNamesError(InputError):
    """A card-name table that cannot be read; ``str()`` names the file and why."""


def _key(name: str) -> str:
    return unicodedata.normalize("NFKC", name).strip().casefold()


@dataclass(frozen=True)
class CardNames:
    """A Japanese → English card-name table.

    Attributes:
        english_of: NFKC-folded Japanese name → the English name as the table gives it.
        source: the file it was read from.
    """

    english_of: dict[str, str]
    source: str = ""

    def english(self, ja: str) -> str | None:
        """The English name of the card named ``ja`` (``"稲妻"`` → ``"Lightning Bolt"``), or
        ``None`` when the table lacks it."""
        return self.english_of.get(_key(ja))

    def __len__(self) -> int:
        return len(self.english_of)

    @classmethod
    def from_file(cls, path: str | Path) -> CardNames:
        """Read a table (JSON list of ``{"name", "jpname"}``, or ``Japanese<TAB>English``
        lines).

        Raises:
            CardNamesError: the file cannot be read or has neither shape.
        """
        p = Path(path)
        try:
            text = p.read_text(encoding="utf-8-sig")
        except (OSError, UnicodeDecodeError) as exc:
            raise CardNamesError(f"{path}: cannot read the card-name table ({exc})") from None
        table: dict[str, str] = {}
        if text.lstrip().startswith("["):
            try:
                rows = json.loads(text)
            except json.JSONDecodeError as exc:
                raise CardNamesError(f"{path}: not JSON ({exc})") from None
            for row in rows:
                if isinstance(row, dict) and row.get("jpname") and row.get("name"):
                    table.setdefault(_key(str(row["jpname"])), str(row["name"]))
        else:
            for n, line in enumerate(text.splitlines(), start=1):
                if not line.strip():
                    continue
                ja, sep, en = line.partition("\t")
                if not sep or not ja.strip() or not en.strip():
                    raise CardNamesError(f"{path}:{n}: not 'Japanese<TAB>English'")
                table.setdefault(_key(ja), en.strip())
        if not table:
            raise CardNamesError(f"{path}: no card names in it")
        return cls(table, str(path))


@lru_cache(maxsize=4)
def _load(path: str, mtime: float) -> CardNames:
    return CardNames.from_file(path)


def card_names_in_use() -> CardNames | None:
    """The table ``$MTGCR_CARD_NAMES`` names (read once per file version), or ``None``.

    Raises:
        CardNamesError: the variable names a file that cannot be used.
    """
    path = os.environ.get(ENV, "").strip()
    if not path:
        return None
    try:
        mtime = os.stat(path).st_mtime
    except OSError as exc:
        raise CardNamesError(f"${ENV}: {path}: {exc.strerror or exc}") from None
    return _load(path, mtime)


def card_pairs(mentions: list[CardMention], table: CardNames | None) -> list[TermPair]:
    """Card pairs of the Japanese ``《》`` mentions the table names (``kind="card"``,
    ``source="card-table"``, the mention's line and span); none without a table."""
    if table is None:
        return []
    out = []
    for m in mentions:
        if m.lang != "ja":
            continue
        en = table.english(m.name)
        if en is not None:
            out.append(TermPair(m.name, en, "card", "card-table", m.line, m.start, m.end))
    return out
