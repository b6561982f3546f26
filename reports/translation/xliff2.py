"""XLIFF 2.1 kits: :func:`write_xliff2`, :func:`read_xliff2`.

Format knowledge (OASIS XLIFF Version 2.1, core and the Translation Candidates ``mtc:``,
Glossary ``gls:`` and Metadata ``mda:`` modules; the schemas of ``../shared/schemas/xliff``,
the 2.1 core schema being the 2.0 one): root ``xliff`` (``version="2.1"``, ``srcLang``,
``trgLang``) in ``urn:oasis:names:tc:xliff:document:2.0``; ``file`` (``id``, ``original``);
each ``unit`` (``id``: an NMTOKEN — the kit's anchor ids are) holds, in this order, module
elements (``mtc:matches``, ``gls:glossary``, ``mda:metadata``: the schema's ``xs:any
##other`` comes first), ``notes``, then its ``segment`` s (``state`` initial / translated /
reviewed / final, ``subState`` a ``prefix:value``), each a ``source`` and an optional
``target``. ``mtc:match`` needs ``ref`` (the segment it applies to: ``#s``) and takes
``similarity`` / ``matchQuality`` 0–100.

What goes where:

* a kit unit is a ``segment``; pieces sharing a :attr:`KitUnit.unit` (a glossary entry's
  headword and definition) are one ``unit`` with one segment each (``id="term"``,
  ``"definition"``); every other unit has one segment ``id="s"``;
* ``unit/@name``: the rule or section number (``704.5a``), the chapter, the headword;
* ``segment/@state``: final, translated, initial (a suggestion: the old translation is the
  target, to be edited), no target for an empty unit; ``subState="mtgcr:<class>"``;
* ``mda:metadata`` (category ``mtgcr``): ``kind``, ``number``, ``old-number``, ``class``,
  ``text-sha256``, ``pair-status`` of each segment (``mda:metaGroup id=<segment id>``);
* ``mtc:match`` (``type="tm"``, ``origin`` the old release): the old EN text and the old
  translation, with the similarity; ``gls:glossEntry``: the term hints;
* ``notes/note`` (``category`` ``mtgcr:note``, ``mtgcr:diff``, ``mtgcr:qa``, with
  ``appliesTo="target"`` for QA): remarks, the EN word diff, QA findings.

The file-level ``mda:metadata`` records the kit (:class:`~mtgcr.reports.translation.kitfile.KitHeader`).
"""

from __future__ import annotations

from datetime import date
from typing import IO, Iterable

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

__all__ = ["write_xliff2", "read_xliff2", "NS", "MTC", "GLS", "MDA"]

NS = "urn:oasis:names:tc:xliff:document:2.0"
MTC = "urn:oasis:names:tc:xliff:matches:2.0"
GLS = "urn:oasis:names:tc:xliff:glossary:2.0"
MDA = "urn:oasis:names:tc:xliff:metadata:2.0"
_XML = "http://www.w3.org/XML/1998/namespace"
_NSMAP = {None: NS, "mtc": MTC, "gls": GLS, "mda": MDA}

#: Kit state → segment state (an empty unit has no target and stays ``initial``).
STATES = {
    UnitState.FINAL: "final",
    UnitState.TRANSLATED: "translated",
    UnitState.NEEDS_REVIEW: "initial",
    UnitState.EMPTY: "initial",
}


def _e(parent, ns: str, tag: str, text: str | None = None, **attrs: str) -> etree._Element:
    el = etree.SubElement(parent, f"{{{ns}}}{tag}")
    for k, v in attrs.items():
        el.set(k.replace("_", ":") if k.startswith("xml_") else k, v)
    if text is not None:
        el.text = text
    return el


def _grouped(units: Iterable[KitUnit]) -> list[list[KitUnit]]:
    """Units grouped by :attr:`KitUnit.unit`, in document order of each group's first piece."""
    groups: dict[str, list[KitUnit]] = {}
    for u in units:
        groups.setdefault(u.unit, []).append(u)
    return list(groups.values())


def write_xliff2(fileobj: IO[bytes], kit: TranslationKit) -> None:
    """Write ``kit`` as an XLIFF 2.1 file (UTF-8) to a binary stream."""
    h = header_of(kit)
    root = etree.Element(f"{{{NS}}}xliff", nsmap=_NSMAP)
    root.set("version", "2.1")
    root.set("srcLang", "en")
    root.set("trgLang", language_tag(kit.lang))
    f = _e(root, NS, "file", id="f1", original=f"mtgcr:{kit.lang}:{h.release_name}")
    meta = _e(_e(f, MDA, "metadata"), MDA, "metaGroup", category="mtgcr-kit")
    for k, v in (
        ("generator", GENERATOR),
        ("lang", kit.lang),
        ("label", h.label),
        ("effective-date", h.effective_date.isoformat() if h.effective_date else ""),
        ("carried-from", h.source),
        ("english-old", kit.english_old.name),
        ("alignment", kit.basis),
    ):
        _e(meta, MDA, "meta", v, type=k)
    for note in kit.notes:
        _e(_e(f, NS, "notes"), NS, "note", note)
    for group in _grouped(kit.units):
        _unit(f, group)
    fileobj.write(etree.tostring(root, xml_declaration=True, encoding="UTF-8", pretty_print=True))


def _unit(parent, group: list[KitUnit]) -> None:
    first = group[0]
    u = _e(parent, NS, "unit", id=first.unit)
    if first.number:
        u.set("name", first.number)
    matches = [x for x in group if x.suggestion is not None]
    if matches:
        m = _e(u, MTC, "matches")
        for x in matches:
            s = x.suggestion
            assert s is not None
            sim = f"{100 * s.similarity:.1f}"
            mm = _e(
                m,
                MTC,
                "match",
                ref=f"#{x.segment}",
                similarity=sim,
                matchQuality=sim,
                origin=s.origin,
                type="tm",
            )
            _e(mm, NS, "source", s.source)
            _e(mm, NS, "target", s.target)
    hints = [h for x in group for h in x.hints]
    if hints:
        g = _e(u, GLS, "glossary")
        for h in dict.fromkeys(hints):
            e = _e(g, GLS, "glossEntry")
            _e(e, GLS, "term", h.en, source="EN glossary")
            _e(e, GLS, "translation", h.target, source=h.concept)
            if h.definition:
                _e(e, GLS, "definition", h.definition)
    md = _e(u, MDA, "metadata")
    for x in group:
        mg = _e(md, MDA, "metaGroup", category="mtgcr", id=x.segment)
        for k, v in (
            ("kind", str(x.kind)),
            ("number", x.number),
            ("old-number", x.old_number),
            ("class", str(x.carry)),
            ("text-sha256", x.text_sha256),
            ("pair-status", x.pair_status),
        ):
            if v:
                _e(mg, MDA, "meta", v, type=k)
    notes = [
        (x, cat, text, applies)
        for x in group
        for cat, text, applies in (
            [("mtgcr:note", n, "") for n in x.notes]
            + ([("mtgcr:diff", x.suggestion.diff_text(), "source")] if x.suggestion else [])
            + [("mtgcr:qa", f"{q.kind}: {q.text}", "target") for q in x.qa]
        )
    ]
    if notes:
        ns_el = _e(u, NS, "notes")
        for x, cat, text, applies in notes:
            n = _e(ns_el, NS, "note", (f"[{x.segment}] " if len(group) > 1 else "") + text)
            n.set("category", cat)
            if applies:
                n.set("appliesTo", applies)
    for x in group:
        seg = _e(u, NS, "segment", id=x.segment, state=STATES[x.state])
        seg.set("subState", f"mtgcr:{x.carry}")
        src = _e(seg, NS, "source", x.source)
        src.set(f"{{{_XML}}}space", "preserve")
        if x.target:
            tgt = _e(seg, NS, "target", x.target)
            tgt.set(f"{{{_XML}}}space", "preserve")


_BACK = {
    "final": UnitState.FINAL,
    "reviewed": UnitState.FINAL,
    "translated": UnitState.TRANSLATED,
    "initial": UnitState.NEEDS_REVIEW,
}


def read_xliff2(fileobj: IO[bytes], name: str = "") -> KitFile:
    """Read an XLIFF 2.x kit (one written by :func:`write_xliff2`, then translated).

    Returns:
        A :class:`KitFile`: one unit per segment (id: the unit id, plus ``:term`` /
        ``:definition`` … for a unit of several segments), state from ``segment/@state``
        (``initial`` with a target reads as needs-review, without one as empty).

    Raises:
        KitFileError: not XML, not XLIFF 2, no kit header, a unit without an id, or a
            target holding inline markup (the kit writes plain text; a tool that added
            codes must be told to keep them out).
    """
    root = parse_root(fileobj, name, f"{{{NS}}}xliff", "an XLIFF 2 file")
    meta = {
        m.get("type"): (m.text or "")
        for m in root.iterfind(f"{{{NS}}}file/{{{MDA}}}metadata/{{{MDA}}}metaGroup/{{{MDA}}}meta")
    }
    lang = meta.get("lang") or language_of(root.get("trgLang") or "")
    if not meta.get("label"):
        raise KitFileError(f"{name}: no mtgcr kit header (file/mda:metadata) in this XLIFF file")
    eff = meta.get("effective-date") or ""
    header = KitHeader(
        lang, meta["label"], date.fromisoformat(eff) if eff else None, meta.get("carried-from", "")
    )
    out = KitFile(header, path=name, format="xliff2")
    for unit in root.iter(f"{{{NS}}}unit"):
        uid = unit.get("id")
        if not uid:
            raise KitFileError(f"{name}:{unit.sourceline}: a unit without an id")
        segs = unit.findall(f"{{{NS}}}segment")
        for seg in segs:
            sid = seg.get("id") or "s"
            full = uid if len(segs) == 1 and sid == "s" else f"{uid}:{sid}"
            source, target = pair_texts(
                seg.find(f"{{{NS}}}source"), seg.find(f"{{{NS}}}target"), name, full
            )
            state = _BACK.get(seg.get("state") or "initial", UnitState.NEEDS_REVIEW)
            if not target:
                state = UnitState.EMPTY
            out.units.append(ReadUnit(full, source, target, state, seg.sourceline or 0))
    return out
