"""The kit formats by name: ``FORMATS["xliff2"]`` → its writer, reader and file suffix."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from mtgcr.reports.translation import FORMAT_NAMES
from mtgcr.reports.translation.jsonfile import read_json, write_json
from mtgcr.reports.translation.po import read_po, write_po
from mtgcr.reports.translation.tmx import read_tmx, write_tmx
from mtgcr.reports.translation.worklist import write_worklist
from mtgcr.reports.translation.xliff2 import read_xliff2, write_xliff2
from mtgcr.reports.translation.xliff12 import read_xliff12, write_xliff12

__all__ = ["KitFormat", "FORMATS", "READABLE"]


@dataclass(frozen=True)
class KitFormat:
    """A kit file format: name, writer ``(binary stream, kit)``, reader ``(binary stream,
    name) -> KitFile`` (``None``: write-only), usual suffix."""

    name: str
    write: Callable
    read: Callable | None
    suffix: str


FORMATS: dict[str, KitFormat] = {
    f.name: f
    for f in (
        KitFormat("xliff2", write_xliff2, read_xliff2, ".xlf"),
        KitFormat("xliff12", write_xliff12, read_xliff12, ".xliff"),
        KitFormat("tmx", write_tmx, read_tmx, ".tmx"),
        KitFormat("po", write_po, read_po, ".po"),
        KitFormat("json", write_json, read_json, ".json"),
        KitFormat("text", write_worklist, None, ".txt"),
    )
}

assert tuple(sorted(FORMATS)) == tuple(sorted(FORMAT_NAMES)), "FORMAT_NAMES lists every format"

#: The formats a completed kit can be imported from.
READABLE = tuple(name for name, f in FORMATS.items() if f.read is not None)
