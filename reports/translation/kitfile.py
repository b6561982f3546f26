"""What every kit format reads back: a :class:`KitFile` (header and units), and the errors.

The writers (:mod:`~mtgcr.reports.translation.xliff2`, ``xliff12``, ``tmx``, ``po``,
``jsonfile``) each write a :class:`~mtgcr.crossref.translation.carry_model.TranslationKit`;
their readers give back the same :class:`KitFile` — which release and language the file is
for, and for each unit its id, EN source, target and state — which
:mod:`mtgcr.reports.translation.importing` checks against the store before anything is
written.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date

from mtgcr.errors import InputError

from mtgcr.crossref.translation.carry_model import TranslationKit, UnitState

__all__ = ["KitHeader", "ReadUnit", "KitFile", "KitFileError", "GENERATOR", "header_of"]

#: The tool name formats record as the file's creator.
GENERATOR = "mtgcr"


class KitFileError(InputError):
    """A kit file that cannot be read as one: not the format, a broken element, a unit
    without an id. The message names the file and, where there is one, the line."""


@dataclass(frozen=True)
class KitHeader:
    """Which release a kit file translates.

    Attributes:
        lang: the target language (``"zh"``; a BCP 47 tag the formats write, ``zh-Hans``,
            is read back to the language the store uses).
        label: the label of the EN release the translation is for (``"20260417"``).
        effective_date: its effective date.
        source: what was carried (``"zh 2026-02-27"``), or ``""``.
    """

    lang: str
    label: str
    effective_date: date | None
    source: str = ""

    @property
    def release_name(self) -> str:
        """``"2026-04-17"`` (the effective date, else the label)."""
        return self.effective_date.isoformat() if self.effective_date else self.label


def header_of(kit: TranslationKit) -> KitHeader:
    """The header a writer records for ``kit``."""
    tr = kit.translation
    return KitHeader(
        kit.lang,
        kit.english_new.label,
        kit.english_new.effective_date,
        f"{tr.lang} {tr.name}",
    )


@dataclass(frozen=True)
class ReadUnit:
    """One unit as a kit file gives it back.

    Attributes:
        id: the unit id the kit wrote.
        source: the EN text in the file.
        target: the translation in the file (``""`` when none).
        state: the unit's state as the file says it (``None``: the format has none).
        line: the line of the file where the unit starts (``0``: unknown).
    """

    id: str
    source: str
    target: str
    state: UnitState | None = None
    line: int = 0


@dataclass
class KitFile:
    """A kit file read back: its header and units in file order.

    Attributes:
        header: which release and language the file is for.
        units: the units, in the order the file gives them.
        path: the file's name, for messages.
        format: the format name (``"xliff2"``, ``"xliff12"``, ``"tmx"``, ``"po"``, ``"json"``).
    """

    header: KitHeader
    units: list[ReadUnit] = field(default_factory=list)
    path: str = ""
    format: str = ""
