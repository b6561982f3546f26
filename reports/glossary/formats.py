"""The export formats by name: ``FORMATS["tbx"]`` → its writer and default file suffix."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from mtgcr.reports.glossary.anki import read_anki, write_anki
from mtgcr.reports.glossary.csvfile import read_csv, write_csv
from mtgcr.reports.glossary.jsonfile import read_json, write_json
from mtgcr.reports.glossary.omegat import read_omegat, write_omegat
from mtgcr.reports.glossary.tbx import read_tbx, write_tbx
from mtgcr.reports.glossary.tbx2 import read_tbx2, write_tbx2

__all__ = ["Format", "FORMATS"]


@dataclass(frozen=True)
class Format:
    """A glossary file format: name, reader, writer, usual suffix, whether it is binary."""

    name: str
    write: Callable
    read: Callable
    suffix: str
    binary: bool = False


FORMATS: dict[str, Format] = {
    f.name: f
    for f in (
        Format("tbx", write_tbx, read_tbx, ".tbx"),
        Format("tbx2", write_tbx2, read_tbx2, ".tbx"),
        Format("csv", write_csv, read_csv, ".csv"),
        Format("omegat", write_omegat, read_omegat, ".utf8"),
        Format("anki", write_anki, read_anki, ".apkg", binary=True),
        Format("json", write_json, read_json, ".json"),
    )
}
