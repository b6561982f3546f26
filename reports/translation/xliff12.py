"""XLIFF 1.2 kits: :func:`write_xliff12`, :func:`read_xliff12`.

Format knowledge (OASIS XLIFF 1.2, validated with ``xliff-core-1.2-strict.xsd`` of
``../shared/schemas/xliff``; Weblate's and OmegaT's readers): root ``xliff version="1.2"`` in
``urn:oasis:names:tc:xliff:document:1.2``; one ``file`` (``original``, ``source-language``,
``target-language``, ``datatype``) with ``header`` (``tool``, ``note``) and ``body``; a
``trans-unit`` (``id`` required and unique in the file, ``resname``, ``approved``) holds
``source``, ``target`` (``state``, ``state-qualifier``), then any of ``context-group``,
``note``, ``alt-trans``. The strict schema allows no foreign namespace, and a
``context-group/@name`` must be unique in the file (so groups here have none). Weblate flags a
unit for editing when its target's state is ``new``, ``needs-translation``,
``needs-adaptation`` or ``needs-l10n`` and imports ``approved="yes"`` as approved
(docs.weblate.org, XLIFF 1.1 and 1.2 › Translation states): a suggestion is therefore written
``needs-translation`` (qualifier ``fuzzy-match``), not ``needs-review-translation``, which
Weblate would take as translated.

What goes where: ``trans-unit/@id`` is the kit unit id; ``@resname`` the rule or section
number (chapter, headword); a glossary entry's headword and definition sit in one ``group``
(``id`` = the entry's unit id, ``resname`` the headword). States: final → ``final`` and
``approved="yes"``; translated → ``translated``; needs review → ``needs-translation`` +
``fuzzy-match``, with the old EN text and translation in ``alt-trans`` (``match-quality``
``"93.5%"``, ``origin`` the old release); empty → no target. ``context-group
purpose="information"`` with ``context-type`` ``x-kind``, ``x-old-number``, ``x-class``,
``x-text-sha256``; notes (``from="mtgcr"``) for remarks, the word diff, QA findings and term
hints (``Trample = 践踏``). The header's ``note`` s carry the kit header
(``mtgcr-kit label=20260417 …``).
"""

from __future__ import annotations

import re
from datetime import date
from typing import IO

from lxml import etree

from mtgcr.crossref.translation.carry_model import KitUnit, TranslationKit, UnitState

from mtgcr.reports.translation.kitfile import (
    GENERATOR,
    KitFile,
    KitFileError,
    KitHeader,
    ReadUnit,
    header_of,
)
from mtgcr.reports.translation.langtag import language_of, language_tag
from mtgcr.reports.translation.xmlparts import pair_texts, parse_root

__all__ = ["write_xliff12", "read_xliff12", "NS"]

NS = "urn:oasis:names:tc:xliff:document:1.2"
_XML_SPACE = "{http://www.w3.org/XML/1998/namespace}space"
_HEADER = re.compile(r"^mtgcr-kit (?P<fields>.*)$")

#: Kit state → (target state, state-qualifier, approved).
STATES = {
    UnitState.FINAL: ("final", None, "yes"),
    UnitState.TRANSLATED: ("translated", None, None),
    UnitState.NEEDS_REVIEW: ("needs-translation", "fuzzy-match", None),
}


def _e(parent, tag: str, text: str | None = None, **attrs: str) -> etree._Element:
    el = etree.SubElement(parent, f"{{{NS}}}{tag}")
    for k, v in attrs.items():
        el.set(k.replace("_", "-"), v)
    if text is not None:
        el.text = text
    return el


def write_xliff12(fileobj: IO[bytes], kit: TranslationKit) -> None:
    """Write ``kit`` as an XLIFF 1.2 file (UTF-8) to a binary stream."""
    h = header_of(kit)
    root = etree.Element(f"{{{NS}}}xliff", nsmap={None: NS})
    root.set("version", "1.2")
    f = _e(
        root,
        "file",
        original=f"mtgcr:{kit.lang}:{h.release_name}",
        source_language="en",
        target_language=language_tag(kit.lang),
        datatype="plaintext",
        tool_id=GENERATOR,
    )
    head = _e(f, "header")
    _e(head, "tool", tool_id=GENERATOR, tool_name=GENERATOR)
    fields = {
        "lang": kit.lang,
        "label": h.label,
        "effective-date": h.effective_date.isoformat() if h.effective_date else "",
        "carried-from": h.source.replace(" ", "_"),
    }
    _e(head, "note", "mtgcr-kit " + " ".join(f"{k}={v}" for k, v in fields.items()))
    for note in kit.notes:
        _e(head, "note", note)
    body = _e(f, "body")
    groups: dict[str, etree._Element] = {}
    for u in kit.units:
        parent = body
        if u.unit != u.id:
            parent = groups.get(u.unit)
            if parent is None:
                parent = groups[u.unit] = _e(body, "group", id=u.unit)
                if u.number:
                    parent.set("resname", u.number)
        _trans_unit(parent, u)
    fileobj.write(etree.tostring(root, xml_declaration=True, encoding="UTF-8", pretty_print=True))


def _trans_unit(parent, u: KitUnit) -> None:
    tu = _e(parent, "trans-unit", id=u.id)
    if u.number:
        tu.set("resname", u.number)
    tu.set(_XML_SPACE, "preserve")
    _e(tu, "source", u.source)
    if u.target:
        state, qualifier, approved = STATES[u.state]
        t = _e(tu, "target", u.target, state=state)
        if qualifier:
            t.set("state-qualifier", qualifier)
        if approved:
            tu.set("approved", approved)
    cg = _e(tu, "context-group", purpose="information")
    for k, v in (
        ("x-kind", str(u.kind)),
        ("x-old-number", u.old_number),
        ("x-class", str(u.carry)),
        ("x-text-sha256", u.text_sha256),
        ("x-pair-status", u.pair_status),
    ):
        if v:
            _e(cg, "context", v, context_type=k)
    for n in u.notes:
        _e(tu, "note", n, **{"from": GENERATOR})
    for q in u.qa:
        _e(tu, "note", f"QA {q.kind}: {q.text}", priority="2", **{"from": GENERATOR})
    for hint in u.hints:
        _e(tu, "note", f"glossary: {hint.en} = {hint.target}", **{"from": "glossary"})
    if u.suggestion is not None:
        s = u.suggestion
        _e(tu, "note", f"EN changes: {s.diff_text()}", annotates="source", **{"from": GENERATOR})
        alt = _e(
            tu,
            "alt-trans",
            match_quality=f"{100 * s.similarity:.1f}%",
            origin=s.origin,
            tool_id=GENERATOR,
        )
        _e(alt, "source", s.source)
        _e(alt, "target", s.target)


_BACK = {
    "final": UnitState.FINAL,
    "signed-off": UnitState.FINAL,
    "translated": UnitState.TRANSLATED,
}


def read_xliff12(fileobj: IO[bytes], name: str = "") -> KitFile:
    """Read an XLIFF 1.2 kit (one written by :func:`write_xliff12`, then translated).

    Returns:
        A :class:`KitFile`; states: ``final``/``signed-off`` or ``approved="yes"`` → final,
        ``translated`` → translated, any ``needs-…`` or ``new`` with a target → needs
        review, no target → empty.

    Raises:
        KitFileError: not XML, not XLIFF 1.2, no kit header note, a trans-unit without an id,
            inline markup in a source or target.
    """
    root = parse_root(fileobj, name, f"{{{NS}}}xliff", "an XLIFF 1.2 file")
    f = root.find(f"{{{NS}}}file")
    fields: dict[str, str] = {}
    for note in root.iterfind(f"{{{NS}}}file/{{{NS}}}header/{{{NS}}}note"):
        m = _HEADER.match(note.text or "")
        if m:
            fields = dict(p.split("=", 1) for p in m["fields"].split() if "=" in p)
    if not fields.get("label"):
        raise KitFileError(f"{name}: no mtgcr kit header (a header note 'mtgcr-kit …')")
    eff = fields.get("effective-date", "")
    lang = fields.get("lang") or language_of(f.get("target-language", "") if f is not None else "")
    header = KitHeader(
        lang,
        fields["label"],
        date.fromisoformat(eff) if eff else None,
        fields.get("carried-from", "").replace("_", " "),
    )
    out = KitFile(header, path=name, format="xliff12")
    for tu in root.iter(f"{{{NS}}}trans-unit"):
        uid = tu.get("id")
        if not uid:
            raise KitFileError(f"{name}:{tu.sourceline}: a trans-unit without an id")
        tgt = tu.find(f"{{{NS}}}target")
        source, target = pair_texts(tu.find(f"{{{NS}}}source"), tgt, name, uid)
        if not target:
            state = UnitState.EMPTY
        elif tu.get("approved") == "yes":
            state = UnitState.FINAL
        else:
            state = _BACK.get(tgt.get("state") or "translated", UnitState.NEEDS_REVIEW)
        out.units.append(ReadUnit(uid, source, target, state, tu.sourceline or 0))
    return out
