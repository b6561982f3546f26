"""TBX 2 (``martif``, ISO 30042:2008 / LISA TBX-Basic 1.x), the TBX that translate-toolkit,
Weblate and many CAT tools read: :func:`write_tbx2`, :func:`read_tbx2`.

Format knowledge (ISO 30042:2008, its DTD ``TBXcoreStructV02.dtd``; translate-toolkit
``translate.storage.tbx``): root ``martif type="TBX-Basic"`` with ``xml:lang``, no namespace;
``martifHeader/fileDesc`` (``titleStmt``, ``sourceDesc``); ``text/body/termEntry`` (``id``, an
XML ID) holding its data (``descrip``, ``ref``, ``note``) before its ``langSet`` s
(``xml:lang``); a ``langSet`` holds a ``descripGrp`` (``descrip type="definition"`` with its
``admin type="source"``) before its ``tig`` s; a ``tig`` is ``term``, then ``termNote`` s, then
``note`` and ``admin`` (the DTD's order); ``ref/@target`` is an IDREF (a ``termEntry`` id of
the file).

The same concept model as the TBX v3 export (:mod:`.tbx`): one ``termEntry`` per concept sense
(``id`` :attr:`~.model.TermPair.entry_id`), the EN ``langSet`` with a ``tig`` per EN name, the
translated ``langSet`` (``ja``, ``zh-Hans``) with a ``tig`` per term; ``administrativeStatus``
and ``partOfSpeech`` term notes; the subject field and cross-references on the entry.
"""

from __future__ import annotations

from typing import IO

from lxml import etree

from mtgcr.reports.glossary.model import (
    Catalog,
    ConceptKind,
    PartOfSpeech,
    Status,
    TermPair,
    lang_of_tag,
)
from mtgcr.reports.glossary.tbx import (
    DEPRECATED,
    V2,
    XML_LANG,
    note_value,
    write_entries,
)

__all__ = ["write_tbx2", "read_tbx2", "DOCTYPE"]

#: The document type declaration (the DTD's system identifier, as TBX 2 files name it).
DOCTYPE = '<!DOCTYPE martif SYSTEM "TBXcoreStructV02.dtd">'
_KIND_OF_SUBJECT = {k.subject_field: k for k in ConceptKind}


def _e(parent, tag: str, text: str | None = None, **attrs) -> etree._Element:
    el = etree.SubElement(parent, tag)
    for k, v in attrs.items():
        el.set(XML_LANG if k == "lang" else k, v)
    if text is not None:
        el.text = text
    return el


def write_tbx2(fileobj: IO[bytes], catalog: Catalog) -> None:
    """Write ``catalog`` as a ``martif`` TBX file (UTF-8) to a binary stream."""
    en_src, tr_src = catalog.source_titles()
    tag = catalog.lang_tag
    root = etree.Element("martif")
    root.set("type", "TBX-Basic")
    root.set(XML_LANG, "en")
    fd = _e(_e(root, "martifHeader"), "fileDesc")
    _e(
        _e(fd, "titleStmt"),
        "title",
        f"Magic: The Gathering Comprehensive Rules: EN–{tag} glossary {catalog.release_name}",
    )
    _e(_e(fd, "sourceDesc"), "p", f"{en_src}; {tr_src}")
    body = _e(_e(root, "text"), "body")
    write_entries(body, catalog, _e, V2)
    fileobj.write(
        etree.tostring(
            root, xml_declaration=True, encoding="UTF-8", pretty_print=True, doctype=DOCTYPE
        )
    )


def read_tbx2(fileobj: IO[bytes]) -> Catalog:
    """Read a ``martif`` file :func:`write_tbx2` wrote: one pair per translated ``tig``.

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
        cat.lang = lang_of_tag(tr.get(XML_LANG) or "")
        cid = te.get("id") or ""
        concept, _, sense = cid.partition("-sense-")
        names = tuple(t.text or "" for t in en.iterfind("tig/term"))
        kind = _KIND_OF_SUBJECT.get(
            te.findtext("descrip[@type='subjectField']") or "", ConceptKind.GAME_TERM
        )
        for tig in tr.iterfind("tig"):
            notes = [n.text or "" for n in tig.iterfind("note")]

            st = tig.findtext("termNote[@type='administrativeStatus']")
            status = (
                Status.OBSOLETE
                if st == DEPRECATED
                else (Status.PROVISIONAL if "provisional" in notes else Status.OFFICIAL)
            )
            cat.pairs.append(
                TermPair(
                    concept or None,
                    note_value(notes, "stands for: ") or (names[0] if names else ""),
                    tig.findtext("term") or "",
                    cat.lang,
                    note_value(notes, "reading: "),
                    en.findtext("descripGrp/descrip") or "",
                    tr.findtext("descripGrp/descrip") or "",
                    status=status,
                    sense=sense,
                    en_names=names,
                    part_of_speech=PartOfSpeech(
                        tig.findtext("termNote[@type='partOfSpeech']") or "noun"
                    ),
                    kind=kind,
                    translator_note=note_value(notes, "translator's note: ") or "",
                )
            )
    return cat
