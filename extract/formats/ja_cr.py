"""The official Japanese CR text (総合ルール): the generic parser plus what only JA has.

:func:`parse_ja_cr` runs :func:`mtgcr.extract.formats.cr_text.parse_cr_text` with the ``ja`` profile (see
:mod:`mtgcr.extract.profiles` for the format: U+3000 header lines, ``例：``/``例:`` examples,
``用語集`` headwords ``相棒（あいぼう）／Companion``, the JA file's quirks) and adds the
translation's own revision: the header's ``マジック総合ルール(和訳 20230901.0 版)`` (as the
mjmj.info files and the MTG Wiki's pages state it) or the official file name
``JPN_CR_20250919_1.txt``. The 20260116 text of ``corpus/ja/full`` states neither (its name is
``JPN_CR_20260116_lines.txt``), so its revision stays unknown (``None``).
"""

from __future__ import annotations

from dataclasses import replace

from mtgcr.corpus.copies import WHOLE_TEXT
from mtgcr.corpus.document import Document

from mtgcr.extract.formats.cr_text import parse_cr_text
from mtgcr.extract.model import Ruleset
from mtgcr.extract.profiles import PROFILES
from mtgcr.extract.formats.cr_text import detect_profile
from mtgcr.extract.kinds import DocumentParser, ParseResult
from mtgcr.extract.wiki.facts import ruleset_facts  # JA term pairs and card names

__all__ = ["parse_ja_cr", "translation_revision"]


def translation_revision(doc: Document, label: str) -> str | None:
    """The translation's revision for release ``label``: ``"0"`` for ``和訳 20231117.0 版`` in the
    first 40 lines, else from the file name; ``None`` if neither states it for that label."""
    prof = PROFILES["ja"]
    for pattern, texts in ((prof.revision_re, doc.lines[:40]), (prof.revision_name_re, [doc.name])):
        if pattern is None:
            continue
        for text in texts:
            m = pattern.search(text)
            if m and m.group("label") == label:
                return m.group("rev")
    return None


def parse_ja_cr(doc: Document) -> Ruleset:
    """Parse a complete JA CR text.

    Raises:
        mtgcr.extract.formats.cr_text.CRFormatError: not a CR text (see :func:`parse_cr_text`).
    """
    rs = parse_cr_text(doc, lang="ja")
    if rs.release.revision is None:  # (the header's label gives it: parse_cr_text)
        rev = translation_revision(doc, rs.release.label)
        if rev is not None:
            rs.release = replace(rs.release, revision=rev)
    return rs


def sniff_ja_cr(doc: Document) -> bool:
    prof = detect_profile(doc)
    return prof is not None and prof.lang == "ja"


def _parse(doc: Document) -> ParseResult:
    rs = parse_ja_cr(doc)
    return ParseResult("cr-text", [(rs, WHOLE_TEXT, {})], ruleset_facts(rs, doc.source))


#: This kind's entry in :data:`mtgcr.extract.registry.PARSERS` (before the generic CR text
#: parser, which would also accept it).
PARSER = DocumentParser("cr-text-ja", sniff_ja_cr, _parse)
