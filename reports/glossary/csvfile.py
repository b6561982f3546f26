"""The CSV glossary: one row per term of a concept sense, for spreadsheets (:func:`write_csv`,
:func:`read_csv`).

Columns (:func:`header`; the translation's BCP 47 tag names two of them): ``concept`` (the
concept sense's id), ``sense``, ``en`` (the EN name the term stands for), ``en_names`` (every EN
name of the entry, `` | `` between), ``<tag>`` (the term), ``reading``, ``part_of_speech``,
``kind``, ``status``, ``definition_en``, ``definition_<tag>``, ``rules`` (the cited rules,
``rule 702.130; rule 702.19``), ``successor`` (the EN name of the concept that replaced an
obsolete one), ``translator_note``, ``source`` (file name and line), ``release``
(``ja 20260116.0``).

Spreadsheets keep every column as text: RFC 4180 quoting does not stop Excel from reading
``702.130`` as the number 702.13 or ``20260116.0`` as 20260116, so rule numbers are written as
``rule 702.130`` and the release with its language; a cell starting with ``=``, ``+``, ``-`` or
``@`` (which Excel and LibreOffice read as a formula) gets a leading ``'`` (OWASP's advice for
CSV files), which :func:`read_csv` removes. CRLF line ends, fields with the delimiter, a quote
or a line break quoted, quotes doubled. UTF-8 with a byte-order mark by default, so Excel opens
it as UTF-8.
"""

from __future__ import annotations

import csv
import io
import re
from typing import IO

from mtgcr.extract.rulenum import RuleNumber

from mtgcr.reports.glossary.model import (
    Catalog,
    ConceptKind,
    PartOfSpeech,
    Status,
    TermPair,
    lang_of_tag,
    lang_tag,
)

__all__ = ["write_csv", "read_csv", "header", "text_safe", "rules_cell"]


def header(lang: str) -> list[str]:
    """The header row for a translation language: ``header("zh")`` →
    ``['concept', 'sense', 'en', 'en_names', 'zh-Hans', 'reading', 'part_of_speech', 'kind',
    'status', 'definition_en', 'definition_zh-Hans', 'rules', 'successor', 'translator_note',
    'source', 'release']``."""
    tag = lang_tag(lang)
    return [
        "concept",
        "sense",
        "en",
        "en_names",
        tag,
        "reading",
        "part_of_speech",
        "kind",
        "status",
        "definition_en",
        f"definition_{tag}",
        "rules",
        "successor",
        "translator_note",
        "source",
        "release",
    ]


def text_safe(value: str) -> str:
    """A cell no spreadsheet reads as a formula: ``'`` before a leading ``=``, ``+``, ``-`` or
    ``@`` (``text_safe("+1/+1 counter")`` → ``"'+1/+1 counter"``)."""
    return "'" + value if value[:1] in ("=", "+", "-", "@") else value


def _unsafe(value: str) -> str:
    return value[1:] if value[:1] == "'" and value[1:2] in ("=", "+", "-", "@") else value


def rules_cell(rules: tuple[RuleNumber, ...]) -> str:
    """``rule 702.130; rule 702.19``: rule numbers as text."""
    return "; ".join(f"rule {n}" for n in rules)


def write_csv(
    fileobj: IO[bytes], catalog: Catalog, *, bom: bool = True, delimiter: str = ","
) -> None:
    """Write ``catalog`` as CSV to a binary stream.

    Args:
        bom: start with the UTF-8 byte-order mark (Excel needs it to read UTF-8).
        delimiter: one character (``,``, ``;``, a tab).

    Raises:
        ValueError: a delimiter that is not one character, or a quote or line break.
    """
    if len(delimiter) != 1 or delimiter in '"\r\n':
        raise ValueError(
            f"a CSV delimiter is one character other than a quote or a line "
            f"break, not {delimiter!r}"
        )
    text = io.StringIO(newline="")
    w = csv.writer(
        text, delimiter=delimiter, quotechar='"', quoting=csv.QUOTE_MINIMAL, lineterminator="\r\n"
    )
    w.writerow(header(catalog.lang))
    for p in catalog.pairs:
        row = [
            p.entry_id,
            p.sense,
            p.en,
            " | ".join(p.names),
            p.term,
            p.reading or "",
            p.part_of_speech.value,
            p.kind.value,
            p.status.value,
            p.definition_en,
            p.definition,
            rules_cell(p.rules_en or p.rules),
            p.successor_en or "",
            p.translator_note,
            str(p.provenance[0]) if p.provenance else "",
            f"{p.lang} {p.release}" if p.release else "",
        ]
        w.writerow([text_safe(c) for c in row])
    fileobj.write(("\ufeff" if bom else "").encode("utf-8") + text.getvalue().encode("utf-8"))


def read_csv(fileobj: IO[bytes], *, delimiter: str = ",") -> Catalog:
    """Read a file :func:`write_csv` wrote (BOM or not).

    Raises:
        ValueError: the header is not :func:`header` of some language.
    """
    rows = list(
        csv.reader(io.StringIO(fileobj.read().decode("utf-8-sig"), newline=""), delimiter=delimiter)
    )
    if not rows or len(rows[0]) != 16 or rows[0][0] != "concept":
        raise ValueError(f"not a glossary CSV: the header is {rows[0] if rows else 'missing'}")
    lang = lang_of_tag(rows[0][4])
    if rows[0] != header(lang):
        raise ValueError(f"not a glossary CSV: the header is {rows[0]}")
    cat = Catalog(lang)
    for row in rows[1:]:
        (
            cid, sense, en, names, term, reading, pos, kind, status, d_en, d_tr, rules,
            _succ, note, _source, release,
        ) = [_unsafe(c) for c in row]  # fmt: skip
        concept = cid.partition("-sense-")[0] or None
        cat.pairs.append(
            TermPair(
                concept,
                en,
                term,
                lang,
                reading or None,
                d_en,
                d_tr,
                tuple(RuleNumber.parse(n) for n in re.findall(r"rule (\S+?)(?:;|$)", rules)),
                (),
                Status(status),
                release.partition(" ")[2],
                sense=sense,
                en_names=tuple(names.split(" | ")) if names else (),
                part_of_speech=PartOfSpeech(pos),
                kind=ConceptKind(kind),
                translator_note=note,
            )
        )
    return cat
