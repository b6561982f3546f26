"""The CSV glossary: one row per pair, for spreadsheets (:func:`write_csv`, :func:`read_csv`).

Columns (the translation's language names two of them): ``en, <lang>, reading, definition_en,
definition_<lang>, rules, status, release`` — ``rules`` is the rule numbers the definitions
cite, separated by spaces (EN's, else the translation's); ``release`` the translation release.
RFC 4180: CRLF line ends, fields with the delimiter, a quote or a line break quoted, quotes
doubled. UTF-8 with a byte-order mark by default, so Excel opens it as UTF-8.
"""

from __future__ import annotations

import csv
import io
from typing import IO

from mtgcr.extract.rulenum import RuleNumber

from mtgcr.reports.glossary.model import Catalog, Status, TermPair

__all__ = ["write_csv", "read_csv", "header"]


def header(lang: str) -> list[str]:
    """The header row for a translation language: ``header("ja")`` →
    ``['en', 'ja', 'reading', 'definition_en', 'definition_ja', 'rules', 'status', 'release']``."""
    return [
        "en",
        lang,
        "reading",
        "definition_en",
        f"definition_{lang}",
        "rules",
        "status",
        "release",
    ]


def _rules(p: TermPair) -> str:
    return " ".join(str(n) for n in (p.rules_en or p.rules))


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
        w.writerow(
            [
                p.en,
                p.term,
                p.reading or "",
                p.definition_en,
                p.definition,
                _rules(p),
                p.status.value,
                p.release,
            ]
        )
    fileobj.write(("\ufeff" if bom else "").encode("utf-8") + text.getvalue().encode("utf-8"))


def read_csv(fileobj: IO[bytes], *, delimiter: str = ",") -> Catalog:
    """Read a file :func:`write_csv` wrote (BOM or not). Pairs hold the columns' fields;
    ``concept`` is ``None`` (CSV has no concept ids).

    Raises:
        ValueError: the header is not :func:`header` of some language.
    """
    rows = list(
        csv.reader(io.StringIO(fileobj.read().decode("utf-8-sig"), newline=""), delimiter=delimiter)
    )
    if not rows or len(rows[0]) != 8 or rows[0][0] != "en":
        raise ValueError(f"not a glossary CSV: the header is {rows[0] if rows else 'missing'}")
    lang = rows[0][1]
    if rows[0] != header(lang):
        raise ValueError(f"not a glossary CSV: the header is {rows[0]}")
    cat = Catalog(lang)
    for en, term, reading, d_en, d_tr, rules, status, release in rows[1:]:
        cat.pairs.append(
            TermPair(
                None,
                en,
                term,
                lang,
                reading or None,
                d_en,
                d_tr,
                tuple(RuleNumber.parse(n) for n in rules.split()),
                (),
                Status(status),
                release,
            )
        )
    return cat
