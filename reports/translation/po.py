"""Gettext PO kits: :func:`write_po`, :func:`read_po` (written and read with polib).

Format knowledge (GNU gettext manual, "The Format of PO Files"; checked with ``msgfmt
--check``): a header entry (``msgid ""``) whose ``Content-Type`` names the charset; each
entry a ``msgctxt`` (kept apart by it: two entries may share a ``msgid``), ``msgid`` (the
source), ``msgstr`` (the translation, ``""`` untranslated), flags (``#, fuzzy``: a translation
to be checked — gettext tools do not use it), the previous context and source of a fuzzy
entry (``#| msgctxt``, ``#| msgid``: what ``msgmerge --previous`` writes), extracted comments
(``#.``) and translator comments (``# ``). A fuzzy entry's msgstr is the old translation.

Contexts (:attr:`~mtgcr.crossref.translation.carry_model.KitUnit.label`): the rule or subrule number (``704.5a``), ``704.5a example 2``, ``section 704``,
``chapter 7``, ``glossary: Trample`` and ``glossary: Trample (definition)``, ``front: title``
(``date``, ``introduction``, ``contents-heading``, ``glossary-heading``, ``credits-heading``,
``credits``). :func:`unit_id` turns a context back into the kit's unit id with the release
the header names (``X-Mtgcr-Effective-Date``), so a PO file keeps working after a tool drops
its comments.
"""

from __future__ import annotations

import re
from datetime import date
from typing import IO

import polib

from mtgcr.crossref.glossary_anchor import concept_id
from mtgcr.crossref.translation.carry_model import TranslationKit, UnitState

from mtgcr.reports.translation.kitfile import (
    GENERATOR,
    KitFile,
    KitFileError,
    KitHeader,
    ReadUnit,
    header_of,
)
from mtgcr.reports.translation.langtag import language_of, language_tag

__all__ = ["write_po", "read_po", "unit_id"]


_EXAMPLE = re.compile(r"^(?P<n>\S+) example (?P<i>\d+)$")
_GLOSSARY = re.compile(r"^glossary: (?P<term>.+?)(?P<def> \(definition\))?$")


def unit_id(context: str, release: str) -> str:
    """The kit unit id of the entry with ``msgctxt`` ``context`` in a kit for the EN release
    effective ``release`` (``"2026-04-17"``).

    >>> unit_id("704.5a example 2", "2026-04-17")
    'en:2026-04-17:704.5a:example-2'
    >>> unit_id("glossary: Trample (definition)", "2026-04-17")
    'en:2026-04-17:glossary:trample:definition'
    """
    base = f"en:{release}"
    if context.startswith("front: "):
        return f"{base}:front:{context[7:]}"
    if context.startswith("section "):
        return f"{base}:{context[8:]}"
    if context.startswith("chapter "):
        return f"{base}:chapter-{context[8:]}"
    m = _GLOSSARY.match(context)
    if m:
        slug = concept_id(m["term"]).removeprefix("en-glossary-")
        return f"{base}:glossary:{slug}:{'definition' if m['def'] else 'term'}"
    m = _EXAMPLE.match(context)
    if m:
        return f"{base}:{m['n']}:example-{m['i']}"
    return f"{base}:{context}"


def write_po(fileobj: IO[bytes], kit: TranslationKit) -> None:
    """Write ``kit`` as a PO file (UTF-8) to a binary stream. Units with an empty source
    (none in a CR release) cannot be written: ``msgid ""`` is the header."""
    h = header_of(kit)
    po = polib.POFile(wrapwidth=0)
    stamp = f"{h.release_name} 00:00+0000"  # the release's date: the file is reproducible
    po.metadata = {
        "Project-Id-Version": f"Magic: The Gathering Comprehensive Rules {h.release_name}",
        "POT-Creation-Date": stamp,
        "PO-Revision-Date": stamp,
        "Last-Translator": f"{GENERATOR} (carried from {h.source})",
        "Language-Team": language_tag(kit.lang),
        "Language": language_tag(kit.lang).replace("-", "_"),
        "MIME-Version": "1.0",
        "Content-Type": "text/plain; charset=UTF-8",
        "Content-Transfer-Encoding": "8bit",
        "X-Generator": GENERATOR,
        "X-Mtgcr-Lang": kit.lang,
        "X-Mtgcr-Label": h.label,
        "X-Mtgcr-Effective-Date": h.effective_date.isoformat() if h.effective_date else "",
        "X-Mtgcr-Carried-From": h.source,
    }
    for u in kit.units:
        comments = [f"{u.id} ({u.carry})"]
        if u.old_number and u.old_number != u.number:
            comments.append(f"was {u.old_number}")
        comments += list(u.notes)
        comments += [f"QA {q.kind}: {q.text}" for q in u.qa]
        comments += [f"glossary: {x.en} = {x.target}" for x in u.hints]
        e = polib.POEntry(
            msgctxt=u.label,
            msgid=u.source,
            msgstr=u.target,
            comment="\n".join(comments),
        )
        if u.state is UnitState.NEEDS_REVIEW:
            e.flags.append("fuzzy")
            if u.suggestion is not None:
                e.previous_msgid = u.suggestion.source
                e.comment += f"\nEN changes: {u.suggestion.diff_text()}"
            if u.old_number:
                e.previous_msgctxt = u.old_number
        po.append(e)
    fileobj.write(str(po).encode("utf-8"))


def read_po(fileobj: IO[bytes], name: str = "") -> KitFile:
    """Read a PO kit (written by :func:`write_po`, then translated).

    Returns:
        A :class:`KitFile`; fuzzy entries read as needs review, empty msgstr as empty,
        others as translated; obsolete (``#~``) entries are left out.

    Raises:
        KitFileError: not a PO file polib can read (with polib's line), no kit header
            (``X-Mtgcr-Label``), an entry without a context.
    """
    raw = fileobj.read()
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise KitFileError(f"{name}: not UTF-8 ({exc})") from None
    try:
        po = polib.pofile(text, wrapwidth=0)
    except (OSError, ValueError) as exc:
        raise KitFileError(f"{name}: not a PO file ({exc})") from None
    md = po.metadata
    if not md.get("X-Mtgcr-Label"):
        raise KitFileError(f"{name}: no mtgcr kit header (X-Mtgcr-Label in the PO header)")
    eff = md.get("X-Mtgcr-Effective-Date", "")
    header = KitHeader(
        md.get("X-Mtgcr-Lang") or language_of(md.get("Language", "")),
        md["X-Mtgcr-Label"],
        date.fromisoformat(eff) if eff else None,
        md.get("X-Mtgcr-Carried-From", ""),
    )
    out = KitFile(header, path=name, format="po")
    for e in po:
        if e.obsolete:
            continue
        if not e.msgctxt:
            raise KitFileError(f"{name}:{e.linenum}: an entry without msgctxt ({e.msgid[:40]!r})")
        if not e.msgstr:
            state = UnitState.EMPTY
        elif "fuzzy" in e.flags:
            state = UnitState.NEEDS_REVIEW
        else:
            state = UnitState.TRANSLATED
        out.units.append(
            ReadUnit(
                unit_id(e.msgctxt, header.release_name),
                e.msgid,
                e.msgstr,
                state,
                e.linenum or 0,
            )
        )
    return out
