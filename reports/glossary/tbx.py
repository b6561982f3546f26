"""TBX v3, dialect TBX-Basic (ISO 30042:2019): :func:`write_tbx`, :func:`read_tbx`.

Format knowledge (ISO 30042:2019 and the TBX-Basic dialect of LTAC/TerminOrgs): root ``tbx``
in the namespace ``urn:iso:std:iso:30042:ed:3.0`` with ``type="TBX-Basic"``, ``style="dca"``
(data categories as attribute values) and ``xml:lang``; ``tbxHeader/fileDesc`` then
``text/body``; one ``conceptEntry`` (an ``id`` of type ID) per concept, a ``langSec`` per
language (``xml:lang`` required), a ``termSec`` per term with exactly one ``term``. Only the
TBX-Basic data categories of :data:`BASIC_CATEGORIES` are used; ``note`` is free text.

What goes where:

* ``conceptEntry/@id``: the concept id (:mod:`mtgcr.crossref.glossary_anchor`), the same in
  every release; a ``note`` gives the EN glossary anchor (``en:2026-01-16:glossary:Companion``
  and its sha256) when the EN release is stored;
* each ``langSec``: a ``descripGrp`` per distinct definition — ``descrip type="definition"``
  and ``admin type="source"`` (``MTG CR 2026-01-16 Glossary``, ``総合ルール 和訳 20260116.0 用語集``);
* each translated ``termSec``: ``termNote type="administrativeStatus"`` —
  ``preferredTerm-admn-sts`` (the glossary's term), ``admittedTerm-admn-sts`` (another official
  form: a keyword heading, a provisional term) or ``deprecatedTerm-admn-sts`` (obsolete); the
  reading, the sense, the provisional status and where it was found as ``note``\\ s
  (``reading: あいぼう``, ``sense: 1``, ``provisional``, ``found: FILE:LINE``).
"""

from __future__ import annotations

from typing import IO

from lxml import etree

from mtgcr.reports.glossary.model import Catalog, Origin, Status, TermPair

__all__ = ["write_tbx", "read_tbx", "NS", "BASIC_CATEGORIES", "XML_LANG"]

NS = "urn:iso:std:iso:30042:ed:3.0"
XML_LANG = "{http://www.w3.org/XML/1998/namespace}lang"
#: The TBX-Basic data categories (element, type) this writer may use.
BASIC_CATEGORIES = frozenset(
    {
        ("descrip", "definition"),
        ("descrip", "subjectField"),
        ("descrip", "context"),
        ("admin", "source"),
        ("admin", "customerSubset"),
        ("admin", "projectSubset"),
        ("termNote", "administrativeStatus"),
        ("termNote", "partOfSpeech"),
        ("termNote", "termType"),
        ("termNote", "grammaticalGender"),
        ("termNote", "geographicalUsage"),
        ("termNote", "termLocation"),
        ("ref", "crossReference"),
        ("xref", "externalCrossReference"),
        ("transac", "transactionType"),
    }
)
PREFERRED, ADMITTED, DEPRECATED = (
    "preferredTerm-admn-sts",
    "admittedTerm-admn-sts",
    "deprecatedTerm-admn-sts",
)
SUBJECT = "Magic: The Gathering Comprehensive Rules"


def _e(parent, tag: str, text: str | None = None, **attrs) -> etree._Element:
    el = etree.SubElement(parent, f"{{{NS}}}{tag}")
    for k, v in attrs.items():
        el.set(XML_LANG if k == "lang" else k, v)
    if text is not None:
        el.text = text
    return el


def admin_status(p: TermPair, primary: bool) -> str:
    """The administrativeStatus value of a pair's term (see the module docstring)."""
    if p.status is Status.OBSOLETE:
        return DEPRECATED
    if primary and p.status is Status.OFFICIAL:
        return PREFERRED
    return ADMITTED


def _definitions(parent, texts: list[str], source: str) -> None:
    for text in dict.fromkeys(t for t in texts if t):
        grp = _e(parent, "descripGrp")
        _e(grp, "descrip", text, type="definition")
        _e(grp, "admin", source, type="source")


def write_tbx(fileobj: IO[bytes], catalog: Catalog) -> None:
    """Write ``catalog`` as a TBX-Basic (TBX v3) file, UTF-8, to a binary stream."""
    en_src, tr_src = catalog.source_titles()
    root = etree.Element(f"{{{NS}}}tbx", nsmap={None: NS})
    root.set("type", "TBX-Basic")
    root.set("style", "dca")
    root.set(XML_LANG, "en")
    fd = _e(_e(root, "tbxHeader"), "fileDesc")
    _e(
        _e(fd, "titleStmt"),
        "title",
        f"{SUBJECT}: EN–{catalog.lang.upper()} glossary {catalog.release_name}",
    )
    _e(_e(fd, "sourceDesc"), "p", f"{en_src}; {tr_src}")
    body = _e(_e(root, "text"), "body")
    for concept, pairs in catalog.concepts.items():
        ce = _e(body, "conceptEntry", id=concept or pairs[0].entry_id)
        _e(ce, "descrip", SUBJECT, type="subjectField")
        first = pairs[0]
        if first.anchor:
            _e(ce, "note", f"anchor: {first.anchor} sha256:{first.anchor_sha256}")
        en = _e(ce, "langSec", lang="en")
        _definitions(en, [p.definition_en for p in pairs], en_src)
        ts = _e(en, "termSec")
        _e(ts, "term", first.en)
        if all(p.status is Status.OBSOLETE for p in pairs):
            _e(ts, "termNote", DEPRECATED, type="administrativeStatus")
        tr = _e(ce, "langSec", lang=catalog.lang)
        _definitions(tr, [p.definition for p in pairs], tr_src)
        for p in pairs:
            ts = _e(tr, "termSec")
            _e(ts, "term", p.term)
            primary = (
                p.provenance[0].origin in (Origin.GLOSSARY, Origin.BILINGUAL)
                if p.provenance
                else True
            )
            _e(ts, "termNote", admin_status(p, primary), type="administrativeStatus")
            if p.reading:
                _e(ts, "note", f"reading: {p.reading}")
            if p.sense:
                _e(ts, "note", f"sense: {p.sense}")
            if p.status is Status.PROVISIONAL:
                _e(ts, "note", "provisional")
            for v in p.provenance:
                _e(ts, "note", f"found: {v} ({v.origin.value})")
    fileobj.write(etree.tostring(root, xml_declaration=True, encoding="UTF-8", pretty_print=True))


def read_tbx(fileobj: IO[bytes]) -> Catalog:
    """Read a TBX v3 file :func:`write_tbx` wrote: one pair per translated ``termSec``
    (concept id, EN term, term, reading, sense, status, both definitions).

    Raises:
        ValueError: not TBX v3 (another root element or namespace), or no translated language.
    """
    root = etree.parse(fileobj).getroot()
    if root.tag != f"{{{NS}}}tbx":
        raise ValueError(f"not a TBX v3 file: the root element is {root.tag}")
    q = {"t": NS}
    cat = Catalog("")
    for ce in root.iterfind(".//t:conceptEntry", q):
        secs = ce.findall("t:langSec", q)
        en = next((s for s in secs if s.get(XML_LANG) == "en"), None)
        others = [s for s in secs if s.get(XML_LANG) != "en"]
        if en is None or not others:
            continue
        en_term = en.findtext("t:termSec/t:term", namespaces=q) or ""
        en_def = "\n\n".join(d.text or "" for d in en.iterfind("t:descripGrp/t:descrip", q))
        for tr in others:
            cat.lang = tr.get(XML_LANG)
            defs = [d.text or "" for d in tr.iterfind("t:descripGrp/t:descrip", q)]
            for ts in tr.iterfind("t:termSec", q):
                notes = [n.text or "" for n in ts.iterfind("t:note", q)]
                reading = next((n[9:] for n in notes if n.startswith("reading: ")), None)
                sense = next((n[7:] for n in notes if n.startswith("sense: ")), "")
                st = ts.findtext("t:termNote[@type='administrativeStatus']", namespaces=q)
                status = (
                    Status.OBSOLETE
                    if st == DEPRECATED
                    else (Status.PROVISIONAL if "provisional" in notes else Status.OFFICIAL)
                )
                cat.pairs.append(
                    TermPair(
                        ce.get("id"),
                        en_term,
                        ts.findtext("t:term", namespaces=q),
                        cat.lang,
                        reading,
                        en_def,
                        "\n\n".join(defs),
                        status=status,
                        sense=sense,
                    )
                )
    if not cat.lang:
        raise ValueError("a TBX file with no translated language section")
    return cat
