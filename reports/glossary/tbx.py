"""TBX v3, dialect TBX-Basic (ISO 30042:2019): :func:`write_tbx`, :func:`read_tbx`.

Format knowledge (ISO 30042:2019, 2nd edition; LTAC-Global ``TBXcoreStructV03.rng`` and the
TBX-Basic dialect's ``TBX-Basic_DCA.sch``, v1.2.1): root ``tbx`` in the namespace
``urn:iso:std:iso:30042:ed-2`` with ``type="TBX-Basic"``, ``style="dca"`` (data categories as
attribute values) and ``xml:lang``; ``tbxHeader/fileDesc`` then ``text/body``; one
``conceptEntry`` (an ``id`` of type ID) per concept, a ``langSec`` per language (``xml:lang``
required), a ``termSec`` per term with exactly one ``term``, then its ``termNote`` s, then notes
and admin data. Only the TBX-Basic data categories of :data:`BASIC_CATEGORIES` are used, each
at a level the dialect allows (``subjectField`` and ``crossReference`` on the concept,
``definition`` in a ``descripGrp`` of a ``langSec`` with its ``source``, ``administrativeStatus``
and ``partOfSpeech`` on a ``termSec``); a ``crossReference`` ``target`` is the ``id`` of a
concept in the same file.

What goes where (one concept = one sense of an EN glossary entry, :mod:`.model`):

* ``conceptEntry/@id``: :attr:`TermPair.entry_id` (``en-glossary-draw-sense-1``), the same in
  every release; ``descrip type="subjectField"``: the kind of concept
  (``Magic: The Gathering Comprehensive Rules: keyword ability``); ``ref
  type="crossReference"``: the concept that replaced an obsolete one (Totem Armor → Umbra
  Armor), the concepts its definition points at and its other senses; a ``note`` with the EN
  glossary anchor (``en:2026-01-16:glossary:Companion sha256:…``);
* the EN ``langSec``: the definition of the sense, one ``termSec`` per EN name — the headword
  ``preferredTerm-admn-sts``, its aliases ``admittedTerm-admn-sts`` (all
  ``deprecatedTerm-admn-sts`` for an obsolete concept);
* the translated ``langSec`` (``xml:lang`` ``ja``, ``zh-Hans``): each translated term its own
  ``termSec`` with ``administrativeStatus`` (the glossary's term preferred, a keyword heading
  or provisional rendering admitted, an obsolete one deprecated) and ``partOfSpeech``; notes
  ``reading: あいぼう``, ``stands for: Controller`` (the EN name it translates), ``provisional``,
  ``translator's note: …`` (never inside the term); ``admin type="source"``: where it was found,
  ``JPN_CR_20260116_lines.txt, line 3720`` (a file name, never a path).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import IO, Callable

from lxml import etree

from mtgcr.reports.glossary.model import (
    Catalog,
    ConceptKind,
    Origin,
    PartOfSpeech,
    Provenance,
    Status,
    TermPair,
    lang_of_tag,
)

__all__ = [
    "write_tbx",
    "read_tbx",
    "NS",
    "BASIC_CATEGORIES",
    "XML_LANG",
    "admin_status",
    "PREFERRED",
    "ADMITTED",
    "DEPRECATED",
    "note_value",
    "write_entries",
    "Layout",
    "V2",
    "V3",
]

NS = "urn:iso:std:iso:30042:ed-2"
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
_KIND_OF_SUBJECT = {k.subject_field: k for k in ConceptKind}


def _e(parent, tag: str, text: str | None = None, ns: str | None = NS, **attrs) -> etree._Element:
    el = etree.SubElement(parent, f"{{{ns}}}{tag}" if ns else tag)
    for k, v in attrs.items():
        el.set(XML_LANG if k == "lang" else k, v)
    if text is not None:
        el.text = text
    return el


def admin_status(p: TermPair, primary: bool) -> str:
    """The administrativeStatus value of a pair's term: deprecated when obsolete, preferred
    for the glossary's own official term (``primary``), else admitted."""
    if p.status is Status.OBSOLETE:
        return DEPRECATED
    if primary and p.status is Status.OFFICIAL:
        return PREFERRED
    return ADMITTED


def is_primary(p: TermPair) -> bool:
    """The pair's term is the glossary's own (not a keyword heading, list or wiki form)."""
    return not p.provenance or p.provenance[0].origin in (Origin.GLOSSARY, Origin.BILINGUAL)


def where_found(v: Provenance) -> str:
    """``JPN_CR_20260116_lines.txt, line 3720`` (a file name and line, never a path)."""
    return f"{v.document}, line {v.line}" if v.line else v.document


def concept_links(pairs: list[TermPair], ids: set[str]) -> list[tuple[str, str]]:
    """The crossReference targets of a concept that exist in the file: its successor first,
    then the concepts it points at; ``(target id, label)``."""
    p = pairs[0]
    out: list[tuple[str, str]] = []
    if p.successor and p.successor in ids:
        out.append((p.successor, f"replaced by {p.successor_en or p.successor}"))
    for r in p.related:
        if r in ids and r != p.entry_id and r not in [t for t, _ in out]:
            out.append((r, "see also"))
    return out


def en_terms(pairs: list[TermPair]) -> list[str]:
    """The EN names of a concept: the headword first, then aliases, each once."""
    return list(dict.fromkeys(n for p in pairs for n in p.names))


def note_value(notes: list[str], label: str) -> str | None:
    """The value of the first note written as ``label`` + value (``"reading: "`` →
    ``"あいぼう"``), else ``None``: the notes :func:`write_tbx` and the TBX 2 writer give a
    ``termSec``/``tig``."""
    return next((n[len(label) :] for n in notes if n.startswith(label)), None)


def write_tbx(fileobj: IO[bytes], catalog: Catalog) -> None:
    """Write ``catalog`` as a TBX-Basic (TBX v3) file, UTF-8, to a binary stream."""
    en_src, tr_src = catalog.source_titles()
    tag = catalog.lang_tag
    root = etree.Element(f"{{{NS}}}tbx", nsmap={None: NS})
    root.set("type", "TBX-Basic")
    root.set("style", "dca")
    root.set(XML_LANG, "en")
    fd = _e(_e(root, "tbxHeader"), "fileDesc")
    _e(
        _e(fd, "titleStmt"),
        "title",
        f"Magic: The Gathering Comprehensive Rules: EN–{tag} glossary {catalog.release_name}",
    )
    _e(_e(fd, "sourceDesc"), "p", f"{en_src}; {tr_src}")
    body = _e(_e(root, "text"), "body")
    write_entries(body, catalog, _e, V3)
    fileobj.write(etree.tostring(root, xml_declaration=True, encoding="UTF-8", pretty_print=True))


@dataclass(frozen=True)
class Layout:
    """The element names of one TBX version: the concept, language and term levels."""

    entry: str
    lang: str
    term: str


#: TBX v3 (ISO 30042:2019) and TBX 2 (martif, ISO 30042:2008) names of the three levels.
V3 = Layout("conceptEntry", "langSec", "termSec")
V2 = Layout("termEntry", "langSet", "tig")


def write_entries(body, catalog: Catalog, make: Callable, layout: Layout) -> None:
    """Write one entry per concept sense of ``catalog`` into ``body`` (see the module
    docstring for what goes where), with the element maker ``make(parent, tag, text, **attrs)``
    of the TBX version (namespaced or not) and its :class:`Layout`."""
    en_src, tr_src = catalog.source_titles()
    concepts = catalog.concepts
    ids = set(concepts)
    for cid, pairs in concepts.items():
        first = pairs[0]
        ce = make(body, layout.entry, id=cid)
        make(ce, "descrip", first.kind.subject_field, type="subjectField")
        for target, label in concept_links(pairs, ids):
            make(ce, "ref", label, type="crossReference", target=target)
        if first.anchor:
            make(ce, "note", f"EN glossary anchor: {first.anchor} sha256:{first.anchor_sha256}")
        obsolete = all(p.status is Status.OBSOLETE for p in pairs)
        en = make(ce, layout.lang, lang="en")
        _definitions(en, [p.definition_en for p in pairs], en_src, make)
        for k, name in enumerate(en_terms(pairs)):
            ts = make(en, layout.term)
            make(ts, "term", name)
            status = DEPRECATED if obsolete else (PREFERRED if k == 0 else ADMITTED)
            make(ts, "termNote", status, type="administrativeStatus")
            make(ts, "termNote", first.part_of_speech.value, type="partOfSpeech")
        tr = make(ce, layout.lang, lang=catalog.lang_tag)
        _definitions(tr, [p.definition for p in pairs], tr_src, make)
        for p in pairs:
            ts = make(tr, layout.term)
            make(ts, "term", p.term)
            make(ts, "termNote", admin_status(p, is_primary(p)), type="administrativeStatus")
            make(ts, "termNote", p.part_of_speech.value, type="partOfSpeech")
            if p.reading:
                make(ts, "note", f"reading: {p.reading}")
            if len(p.names) > 1:
                make(ts, "note", f"stands for: {p.en}")
            if p.status is Status.PROVISIONAL:
                make(ts, "note", "provisional")
            if p.translator_note:
                make(ts, "note", f"translator's note: {p.translator_note}")
            for v in p.provenance:
                make(ts, "admin", where_found(v), type="source")


def _definitions(parent, texts: list[str], source: str, make: Callable) -> None:
    for text in dict.fromkeys(t for t in texts if t):
        grp = make(parent, "descripGrp")
        make(grp, "descrip", text, type="definition")
        make(grp, "admin", source, type="source")


def read_tbx(fileobj: IO[bytes]) -> Catalog:
    """Read a TBX v3 file :func:`write_tbx` wrote: one pair per translated ``termSec``
    (concept sense, EN name it stands for, term, reading, part of speech, kind, status,
    successor, translator's note, both definitions).

    Raises:
        ValueError: not TBX v3 (another root element or namespace), or no translated language.
    """
    parser = etree.XMLParser(resolve_entities=False, no_network=True)
    root = etree.parse(fileobj, parser).getroot()
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
        cid = ce.get("id") or ""
        concept, _, sense = cid.partition("-sense-")
        names = tuple(t.text or "" for t in en.iterfind("t:termSec/t:term", q))
        en_def = "\n\n".join(d.text or "" for d in en.iterfind("t:descripGrp/t:descrip", q))
        subject = ce.findtext("t:descrip[@type='subjectField']", namespaces=q) or ""
        kind = _KIND_OF_SUBJECT.get(subject, ConceptKind.GAME_TERM)
        succ = next(
            (
                r.get("target")
                for r in ce.iterfind("t:ref[@type='crossReference']", q)
                if (r.text or "").startswith("replaced by")
            ),
            None,
        )
        for tr in others:
            cat.lang = lang_of_tag(tr.get(XML_LANG) or "")
            defs = [d.text or "" for d in tr.iterfind("t:descripGrp/t:descrip", q)]
            for ts in tr.iterfind("t:termSec", q):
                notes = [n.text or "" for n in ts.iterfind("t:note", q)]

                st = ts.findtext("t:termNote[@type='administrativeStatus']", namespaces=q)
                pos = ts.findtext("t:termNote[@type='partOfSpeech']", namespaces=q) or "noun"
                status = (
                    Status.OBSOLETE
                    if st == DEPRECATED
                    else (Status.PROVISIONAL if "provisional" in notes else Status.OFFICIAL)
                )
                cat.pairs.append(
                    TermPair(
                        concept or None,
                        note_value(notes, "stands for: ") or (names[0] if names else ""),
                        ts.findtext("t:term", namespaces=q) or "",
                        cat.lang,
                        note_value(notes, "reading: "),
                        en_def,
                        "\n\n".join(defs),
                        status=status,
                        sense=sense,
                        en_names=names,
                        part_of_speech=PartOfSpeech(pos),
                        kind=kind,
                        successor=succ,
                        translator_note=note_value(notes, "translator's note: ") or "",
                    )
                )
    if not cat.lang:
        raise ValueError("a TBX file with no translated language section")
    return cat
