"""The OmegaT glossary: ``source<TAB>target<TAB>comment`` lines (:func:`write_omegat`,
:func:`read_omegat`).

Format knowledge (OmegaT user manual, "Glossaries"): a glossary file is tab-separated text with
no header, one term per line — source term, target term, an optional comment; files ending in
``.utf8`` (and, in current versions, ``.txt``) are read as UTF-8, so that is what is written
(no byte-order mark). A tab or line break inside a field would break the line: each is
replaced by one space.

One line per term of a concept sense, its source the EN name it stands for (so ``Controller``
offers コントローラー, ``Control`` コントロール). The comment gives the sense (``sense 1 of
Draw``), the reading, the part of speech, the defining rules, the status when it is not
official (an obsolete term names the term that replaced it: ``obsolete: use 陰影鎧 (Umbra
Armor)``), a translator's note, and the concept id.
"""

from __future__ import annotations

import re
from typing import IO

from mtgcr.reports.glossary.model import Catalog, Status, TermPair

__all__ = ["write_omegat", "read_omegat", "clean_field"]

_BREAKS = re.compile(r"[\t\r\n\u2028\u2029\x0b\x0c\x85]+")


def clean_field(text: str) -> str:
    """``text`` with every run of tabs and line breaks turned into one space, stripped."""
    return _BREAKS.sub(" ", text).strip()


def _comment(p: TermPair, successors: dict[str, TermPair]) -> str:
    bits = []
    if p.sense:
        bits.append(f"sense {p.sense} of {p.names[0]}")
    if p.reading:
        bits.append(p.reading)
    bits.append(p.part_of_speech.value)
    rules = p.rules_en or p.rules
    if rules:
        bits.append("rule " + ", ".join(str(n) for n in rules))
    if p.status is Status.OBSOLETE:
        s = successors.get(p.successor or "")
        bits.append(f"obsolete: use {s.term} ({s.en})" if s is not None else "obsolete")
    elif p.status is not Status.OFFICIAL:
        bits.append(p.status.value)
    if p.translator_note:
        bits.append(p.translator_note)
    bits.append(p.entry_id)
    return "; ".join(bits)


def write_omegat(fileobj: IO[bytes], catalog: Catalog) -> None:
    """Write ``catalog`` as an OmegaT glossary (UTF-8, LF) to a binary stream: the EN name as
    the source, the translated term as the target."""
    first: dict[str, TermPair] = {}
    for p in catalog.pairs:
        first.setdefault(p.entry_id, p)
    lines = [
        f"{clean_field(p.en)}\t{clean_field(p.term)}\t{clean_field(_comment(p, first))}\n"
        for p in catalog.pairs
    ]
    fileobj.write("".join(lines).encode("utf-8"))


def read_omegat(fileobj: IO[bytes], lang: str = "") -> Catalog:
    """Read an OmegaT glossary: each line's source, target (and comment, kept as a note).

    Raises:
        ValueError: a non-empty line without a tab (names its line number).
    """
    cat = Catalog(lang)
    for i, line in enumerate(fileobj.read().decode("utf-8-sig").splitlines(), 1):
        if not line.strip():
            continue
        fields = line.split("\t")
        if len(fields) < 2:
            raise ValueError(f"line {i}: no tab between source and target")
        comment = fields[2] if len(fields) > 2 else ""
        cat.pairs.append(
            TermPair(None, fields[0], fields[1], lang, notes=(comment,) if comment else ())
        )
    return cat
