"""The bundled sample corpus: small CR files written by the mtgcr team in the official format.

Two releases (2030-01-10 in Windows-1252 with CRLF; 2030-04-05 in UTF-8 with BOM and bare CR)
with a section inserted between them (701 → 702, 702 → 703), a section retitled, a rule
split (101.1 → 101.1 + 101.2), rewordings and official-style defects (no dot after ``100.3``,
an extra dot and two spaces after ``702.1a.``). The default input of ``make demo``.
"""

from pathlib import Path


def path() -> Path:
    """The folder holding the sample files."""
    return Path(__file__).parent
