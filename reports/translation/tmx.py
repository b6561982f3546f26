"""TMX 1.4b translation memories from a kit: :func:`write_tmx`, :func:`read_tmx`.

Format knowledge (LISA TMX 1.4b, validated with ``tmx14.dtd`` of ``../shared/schemas/tmx``):
root ``tmx version="1.4"``; ``header`` with the required ``creationtool``,
``creationtoolversion``, ``segtype``, ``o-tmf``, ``adminlang``, ``srclang``, ``datatype``
and any ``prop``/``note``; ``body`` of ``tu`` (``tuid``; ``note``/``prop`` first, then two or
more ``tuv``, each ``xml:lang`` and one ``seg``). ``prop/@type`` is free text; user-defined
types start with ``x-``. OmegaT (tm/ folder of a project: ``tm/auto`` fills exact matches in,
``tm/penalty-NN`` lowers every match from that folder by NN %) and Trados and Weblate import
TMX as translation memory.

One ``tu`` per kit unit with a target (``tuid`` the unit id), EN then the translation, with
props ``x-cr-rule`` (the rule or section number in the new release), ``x-cr-old-rule``,
``x-cr-release`` (``en 2026-04-17``), ``x-cr-kind``, ``x-cr-class`` and ``x-mtgcr-state``. A
unit whose target is only a suggestion (needs review) pairs the *old* EN text with the old
translation — what was really translated — so a TM never offers it as an exact match for the
new text. :func:`write_tmx` with ``review=None`` writes every unit (review units marked by
their state prop); :func:`split_units` gives the two sets the ``--out DIR`` form writes to two
files (``…tmx`` for ``tm/auto``, ``…-review.tmx`` for ``tm/penalty-30``).
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
from mtgcr.reports.translation.xmlparts import parse_root, plain_text

__all__ = ["write_tmx", "read_tmx", "split_units", "DOCTYPE"]

_LANG = "{http://www.w3.org/XML/1998/namespace}lang"
DOCTYPE = '<!DOCTYPE tmx SYSTEM "tmx14.dtd">'


def split_units(kit: TranslationKit) -> tuple[list[KitUnit], list[KitUnit]]:
    """``(carried, review)``: units whose target stands, and units whose target is a
    suggestion (needs review); empty units are in neither."""
    carried = [u for u in kit.units if u.target and u.state is not UnitState.NEEDS_REVIEW]
    review = [u for u in kit.units if u.target and u.state is UnitState.NEEDS_REVIEW]
    return carried, review


def write_tmx(
    fileobj: IO[bytes], kit: TranslationKit, units: Iterable[KitUnit] | None = None
) -> None:
    """Write the units of ``kit`` with a target (or only ``units``) as a TMX 1.4b file."""
    h = header_of(kit)
    tag = language_tag(kit.lang)
    root = etree.Element("tmx", version="1.4")
    head = etree.SubElement(
        root,
        "header",
        creationtool=GENERATOR,
        creationtoolversion=_version(),
        segtype="paragraph",
        **{"o-tmf": "mtgcr kit", "adminlang": "en", "srclang": "en", "datatype": "plaintext"},
    )
    for k, v in (
        ("x-mtgcr-lang", kit.lang),
        ("x-mtgcr-label", h.label),
        ("x-mtgcr-effective-date", h.effective_date.isoformat() if h.effective_date else ""),
        ("x-mtgcr-carried-from", h.source),
    ):
        etree.SubElement(head, "prop", type=k).text = v
    body = etree.SubElement(root, "body")
    release = f"en {h.release_name}"
    chosen = [u for u in (kit.units if units is None else units) if u.target]
    for u in chosen:
        review = u.state is UnitState.NEEDS_REVIEW and u.suggestion is not None
        tu = etree.SubElement(body, "tu", tuid=u.id)
        props: tuple[tuple[str, str | None], ...] = (
            ("x-cr-rule", u.number),
            ("x-cr-old-rule", u.old_number),
            ("x-cr-release", release),
            ("x-cr-kind", str(u.kind)),
            ("x-cr-class", str(u.carry)),
            ("x-mtgcr-state", str(u.state)),
        )
        for ptype, value in props:
            if value:
                etree.SubElement(tu, "prop", type=ptype).text = value
        if review:
            assert u.suggestion is not None
            etree.SubElement(tu, "note").text = (
                f"needs review: the EN text changed since {u.suggestion.origin} "
                f"(similarity {100 * u.suggestion.similarity:.1f} %); this pairs the old EN "
                f"text with its translation"
            )
        src, tgt = (
            (u.suggestion.source, u.suggestion.target)
            if review and u.suggestion is not None
            else (u.source, u.target)
        )
        for lang, text in (("en", src), (tag, tgt)):
            tuv = etree.SubElement(tu, "tuv")
            tuv.set(_LANG, lang)
            etree.SubElement(tuv, "seg").text = text
    fileobj.write(
        etree.tostring(
            root, xml_declaration=True, encoding="UTF-8", pretty_print=True, doctype=DOCTYPE
        )
    )


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("mtgcr")
    except PackageNotFoundError:  # pragma: no cover - a checkout without metadata
        return "0"


_STATES = {s.value: s for s in UnitState}


def read_tmx(fileobj: IO[bytes], name: str = "") -> KitFile:
    """Read a TMX kit (written by :func:`write_tmx`, possibly edited).

    Returns:
        A :class:`KitFile`: one unit per ``tu`` (id = ``tuid``; source = the ``en`` variant,
        target = the other one; state from the ``x-mtgcr-state`` prop, else translated).

    Raises:
        KitFileError: not XML, not TMX, no kit header props, a ``tu`` without ``tuid`` or
            without two variants, inline markup in a ``seg``.
    """
    root = parse_root(fileobj, name, "tmx", "a TMX file")
    props = {p.get("type"): (p.text or "") for p in root.iterfind("header/prop")}
    if not props.get("x-mtgcr-label"):
        raise KitFileError(f"{name}: no mtgcr kit header (header prop x-mtgcr-label)")
    eff = props.get("x-mtgcr-effective-date", "")
    header = KitHeader(
        props.get("x-mtgcr-lang", ""),
        props["x-mtgcr-label"],
        date.fromisoformat(eff) if eff else None,
        props.get("x-mtgcr-carried-from", ""),
    )
    out = KitFile(header, path=name, format="tmx")
    for tu in root.iterfind("body/tu"):
        uid = tu.get("tuid")
        if not uid:
            raise KitFileError(f"{name}:{tu.sourceline}: a tu without a tuid")
        segs = {}
        for tuv in tu.iterfind("tuv"):
            seg = tuv.find("seg")
            lang = tuv.get(_LANG) or tuv.get("lang") or ""
            segs[language_of(lang)] = plain_text(seg, name, uid) if seg is not None else ""
        src = segs.pop("en", None)
        if src is None or len(segs) != 1:
            raise KitFileError(
                f"{name}:{tu.sourceline}: tu {uid}: needs an en variant and one translation"
            )
        ((lang, target),) = segs.items()
        if not header.lang:
            header = KitHeader(lang, header.label, header.effective_date, header.source)
            out.header = header
        st = {p.get("type"): p.text for p in tu.iterfind("prop")}.get("x-mtgcr-state")
        state = _STATES.get(st or "", UnitState.TRANSLATED) if target else UnitState.EMPTY
        out.units.append(ReadUnit(uid, src, target, state, tu.sourceline or 0))
    return out
