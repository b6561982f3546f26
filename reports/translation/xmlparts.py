"""Small pieces the XML kit formats share."""

from __future__ import annotations

from lxml import etree

from mtgcr.reports.translation.kitfile import KitFileError

__all__ = ["plain_text"]


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
