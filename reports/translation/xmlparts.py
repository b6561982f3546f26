"""Small pieces the XML kit formats share."""

from __future__ import annotations

from lxml import etree

from mtgcr.reports.translation.kitfile import KitFileError

__all__ = ["plain_text", "parse_root", "pair_texts"]


def parse_root(fileobj, name: str, tag: str, what: str):
    """The root element of an XML kit file, which must be ``tag`` (``{ns}xliff``, ``tmx``).
    External entities and DTDs are not loaded (a kit file is data).

    Raises:
        KitFileError: not XML (with the parser's line), or another root: "not {what}".
    """
    parser = etree.XMLParser(load_dtd=False, no_network=True, resolve_entities=False)
    try:
        root = etree.parse(fileobj, parser).getroot()
    except etree.XMLSyntaxError as exc:
        raise KitFileError(f"{name}: not XML ({exc})") from None
    if root.tag != tag:
        raise KitFileError(f"{name}: not {what} (root {root.tag!r})")
    return root


def pair_texts(source, target, name: str, uid: str) -> tuple[str, str]:
    """``(source text, target text)`` of a unit's elements (``None``: ``""``), each plain
    text (:func:`plain_text`)."""
    return (
        plain_text(source, name, uid) if source is not None else "",
        plain_text(target, name, uid) if target is not None else "",
    )


def plain_text(el, name: str, uid: str) -> str:
    """The text of a ``source``/``target``/``seg`` element that holds no inline elements.

    Raises:
        KitFileError: the element holds markup (``<ph>``, ``<g>``, ``<bpt>`` …), naming the
            file, the line and the unit: the kit writes plain text, so codes a tool added
            cannot be written back as CR text.
    """
    if len(el):
        tags = ", ".join(sorted({etree.QName(c).localname for c in el}))
        raise KitFileError(
            f"{name}:{el.sourceline}: unit {uid}: inline markup <{tags}> in "
            f"<{etree.QName(el).localname}> (the kit is plain text; remove the codes)"
        )
    return el.text or ""
