"""TBX 2 (``martif``, ISO 30042:2008 / LISA TBX-Basic 1.x), the TBX that translate-toolkit,
Weblate and many CAT tools read: :func:`write_tbx2`, :func:`read_tbx2`.

Format knowledge (ISO 30042:2008; translate-toolkit ``translate.storage.tbx``): root
``martif type="TBX-Basic"`` with ``xml:lang``, no namespace; ``martifHeader/fileDesc``;
``text/body/termEntry`` (``id``) with ``langSet`` (``xml:lang``) and ``tig/term``;
``descrip type="definition"`` in a ``descripGrp`` with ``admin type="source"``;
``termNote type="administrativeStatus"`` with the TBX-Basic values; free ``note``\\ s.

Glossary tools built on this format take one termEntry as one source term with one
translation, so each pair is its own ``termEntry``: ``id`` is the concept id, with
``-sense-N`` for a sense and ``-2``, ``-3`` … for further terms of the same concept (the first
term of a concept keeps the bare concept id).
"""

from __future__ import annotations

from typing import IO

from lxml import etree

from mtgcr.reports.glossary.model import Catalog, Origin, Status, TermPair
from mtgcr.reports.glossary.tbx import DEPRECATED, SUBJECT, XML_LANG, admin_status

__all__ = ["write_tbx2", "read_tbx2", "entry_ids"]


def entry_ids(catalog: Catalog) -> list[str]:
    """The ``termEntry`` id of each pair, in catalog order (see the module docstring)."""
    seen: dict[str, int] = {}
    out = []
    for p in catalog.pairs:
        base = p.entry_id
        seen[base] = seen.get(base, 0) + 1
        out.append(base if seen[base] == 1 else f"{base}-{seen[base]}")
    return out


def _e(parent, tag: str, text: str | None = None, **attrs) -> etree._Element:
    el = etree.SubElement(parent, tag)
    for k, v in attrs.items():
        el.set(XML_LANG if k == "lang" else k, v)
    if text is not None:
        el.text = text
    return el


def _lang_set(te, lang: str, term: str, definition: str, source: str) -> etree._Element:
    ls = _e(te, "langSet", lang=lang)
    if definition:
        grp = _e(ls, "descripGrp")
        _e(grp, "descrip", definition, type="definition")
        _e(grp, "admin", source, type="source")
    tig = _e(ls, "tig")
    _e(tig, "term", term)
    return tig


def write_tbx2(fileobj: IO[bytes], catalog: Catalog) -> None:
    """Write ``catalog`` as a ``martif`` TBX file (UTF-8) to a binary stream."""
    en_src, tr_src = catalog.source_titles()
    root = etree.Element("martif")
    root.set("type", "TBX-Basic")
    root.set(XML_LANG, "en")
    fd = _e(_e(root, "martifHeader"), "fileDesc")
    _e(
        _e(fd, "titleStmt"),
        "title",
        f"{SUBJECT}: EN–{catalog.lang.upper()} glossary {catalog.release_name}",
    )
    _e(_e(fd, "sourceDesc"), "p", f"{en_src}; {tr_src}")
    body = _e(_e(root, "text"), "body")
    for p, ident in zip(catalog.pairs, entry_ids(catalog)):
        te = _e(body, "termEntry", id=ident)
        _e(te, "descrip", SUBJECT, type="subjectField")
        if p.anchor:
            _e(te, "note", f"anchor: {p.anchor} sha256:{p.anchor_sha256}")
        _lang_set(te, "en", p.en, p.definition_en, en_src)
        tig = _lang_set(te, catalog.lang, p.term, p.definition, tr_src)
        primary = not p.provenance or p.provenance[0].origin in (Origin.GLOSSARY, Origin.BILINGUAL)
        _e(tig, "termNote", admin_status(p, primary), type="administrativeStatus")
        if p.reading:
            _e(tig, "note", f"reading: {p.reading}")
        if p.sense:
            _e(tig, "note", f"sense: {p.sense}")
        if p.status is Status.PROVISIONAL:
            _e(tig, "note", "provisional")
    fileobj.write(
        etree.tostring(
            root,
            xml_declaration=True,
            encoding="UTF-8",
            pretty_print=True,
            doctype='<!DOCTYPE martif SYSTEM "TBXcoreStructV02.dtd">',
        )
    )


def read_tbx2(fileobj: IO[bytes]) -> Catalog:
    """Read a ``martif`` file :func:`write_tbx2` wrote (one pair per ``termEntry``).

    Raises:
        ValueError: the root element is not ``martif``.
    """
    parser = etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False)
    root = etree.parse(fileobj, parser).getroot()
    if root.tag != "martif":
        raise ValueError(f"not a TBX (martif) file: the root element is {root.tag}")
    cat = Catalog("")
    for te in root.iter("termEntry"):
        sets = te.findall("langSet")
        en = next((s for s in sets if s.get(XML_LANG) == "en"), None)
        tr = next((s for s in sets if s.get(XML_LANG) != "en"), None)
        if en is None or tr is None:
            continue
        cat.lang = tr.get(XML_LANG)
        notes = [n.text or "" for n in tr.iterfind("tig/note")]
        st = tr.findtext("tig/termNote[@type='administrativeStatus']")
        status = (
            Status.OBSOLETE
            if st == DEPRECATED
            else (Status.PROVISIONAL if "provisional" in notes else Status.OFFICIAL)
        )
        cid = te.get("id")
        cat.pairs.append(
            TermPair(
                cid,
                en.findtext("tig/term") or "",
                tr.findtext("tig/term") or "",
                cat.lang,
                next((n[9:] for n in notes if n.startswith("reading: ")), None),
                en.findtext("descripGrp/descrip") or "",
                tr.findtext("descripGrp/descrip") or "",
                status=status,
                sense=next((n[7:] for n in notes if n.startswith("sense: ")), ""),
            )
        )
    return cat
